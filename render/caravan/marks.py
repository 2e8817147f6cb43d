"""The last move, drawn over the finished Caravan table.

A frame and the mover's badge go on the card, empty slot, plate or discard
pile it touched, with a "−N" pill for the numeral cards it took away.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import common as c
from render.caravan.layout import (
    AREA_H,
    CARD_H,
    CARD_PAD,
    CARD_W,
    CARD_X,
    WIDTH,
    area_box,
    discard_box,
    geometry,
    plate_box,
)
from render.caravan.view import Context

BADGE = 30  # the last-move badge


def _draw_badge(canvas: Image.Image, seat: int, centre: tuple[int, int], removed: int) -> None:
    """Who made the last move (a badge in the highlight colour), and what it removed."""
    badge = c.seat_badge(seat + 1, BADGE, c.HIGHLIGHT)
    cx, cy = centre
    c.paste(canvas, badge, (cx - BADGE // 2, cy - BADGE // 2))
    if removed > 0:
        pill = _removed_pill(removed)
        px = min(cx - pill.width // 2, WIDTH - 4 - pill.width)
        c.paste(canvas, pill, (px, cy + BADGE // 2 + 2))


@c.sprite_cache
def _removed_pill(count: int) -> Image.Image:
    """ "−N": numeral cards a Jack or joker took off the table."""
    label = f"−{count}"
    fnt = c.font(22, bold=True)
    w, h = round(fnt.getlength(label)) + 18, 28
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=h // 2, fill=c.HIGHLIGHT, outline=c.PAPER,
                        width=2)  # fmt: skip
    c.draw_centred(d, (w / 2, h / 2), label, fnt, c.PAPER)
    return im


def draw_mark(canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: Context) -> None:
    """Draw the last move's frame and the mover's badge, if the view names one."""
    mark = ctx.mark
    if mark is None:
        return
    if mark.kind == "discard":
        box = discard_box()
        inner = (box[0] + 10, box[1] + 8, box[2] - 10, box[1] + 96)
        c.highlight_frame(draw, inner, width=4, radius=10)
        _draw_badge(canvas, mark.seat, (inner[2] - 4, inner[1] + 6), 0)
        return
    if mark.kind == "plate":
        # A Jack took its card away: frame the caravan's plate, and put the
        # badge on the felt where that caravan meets the band.
        box = plate_box(mark.owner, mark.pair)
        c.highlight_frame(draw, box, width=5, radius=14)
        area = area_box(mark.owner, mark.pair)
        y = area[3] - BADGE if mark.owner == 1 else area[1] + BADGE // 2 + 2
        if mark.owner == 1 and mark.removed:
            y -= 30  # room for the pill under the badge
        _draw_badge(canvas, mark.seat, (area[2] - BADGE, y), mark.removed)
        return
    caravan = ctx.caravans[mark.owner][mark.pair]
    geo = geometry(mark.owner, mark.pair, caravan.cards)
    if mark.kind == "slot":
        x, y = area_box(mark.owner, mark.pair)[:2]
        y = y + AREA_H - CARD_PAD - CARD_H if mark.owner == 1 else y + CARD_PAD
        box = (x + CARD_X, y, x + CARD_X + CARD_W, y + CARD_H)
        c.highlight_frame(draw, box, width=5, radius=10)
        _draw_badge(canvas, mark.seat, (box[2], (box[1] + box[3]) // 2), mark.removed)
        return
    if not 0 <= mark.pos < len(geo.numerals):
        return
    vis = geo.visible[mark.pos] if mark.face < 0 else geo.faces_visible[mark.pos][mark.face]
    full = geo.numerals[mark.pos] if mark.face < 0 else geo.faces[mark.pos][mark.face]
    _draw_badge(canvas, mark.seat, (full[2], (vis[1] + vis[3]) // 2), mark.removed)
