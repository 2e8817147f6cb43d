"""The wooden table between the strips and the caravans lying on it.

Each caravan is drawn as one cached tile from :func:`render.caravan.layout.geometry`:
numerals overlapping, faces fanned out to the right, faces under the next
row cut down to their index strip.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import common as c
from render.caravan.cards import card_face, empty_slot
from render.caravan.layout import (
    AREA_H,
    BAND_H,
    CARD_H,
    CARD_PAD,
    CARD_W,
    CARD_X,
    COL_W,
    GUTTER,
    HEIGHT,
    STRIP_H,
    WIDTH,
    area_box,
    band_box,
    geometry,
    pair_label_centre,
    tab_height,
)
from render.caravan.palette import FELT, FELT_LINE


@c.sprite_cache
def felt() -> Image.Image:
    """The whole table between the strips: wood, band, gutter; an RGB tile."""
    im = Image.new("RGB", (WIDTH, HEIGHT - 2 * STRIP_H), FELT)
    d = ImageDraw.Draw(im)
    band = band_box()
    top = band[1] - STRIP_H
    d.rectangle((0, top, WIDTH, top + BAND_H - 1), fill=c.PANEL)
    d.rectangle((0, top, WIDTH, top + 1), fill=c.FAINT)
    d.rectangle((0, top + BAND_H - 2, WIDTH, top + BAND_H - 1), fill=c.FAINT)
    for pair in range(1, 3):
        x = GUTTER + pair * COL_W
        d.line((x, top + 10, x, top + BAND_H - 10), fill=c.FAINT, width=2)
    d.line((GUTTER, 0, GUTTER, im.height), fill=FELT_LINE, width=2)
    fnt = c.font(34, bold=True)
    for pair in range(3):
        cx, cy = pair_label_centre(pair)
        cy -= STRIP_H
        d.ellipse((cx - 21, cy - 21, cx + 21, cy + 21), fill=c.PAPER, outline=c.MUTED, width=2)
        c.draw_centred(d, (cx, cy + 1), str(pair + 1), fnt, c.INK)
    return im


def _tab(sprite: Image.Image, height: int, flip: bool) -> Image.Image:
    """The index strip of a face card under the next row, with a clean edge."""
    h = max(1, min(height, sprite.height))
    tab = sprite.crop((0, sprite.height - h, sprite.width, sprite.height) if flip
                      else (0, 0, sprite.width, h))  # fmt: skip
    edge = 0 if flip else h - 1
    ImageDraw.Draw(tab).line((1, edge, sprite.width - 2, edge), fill=c.INK, width=1)
    return tab


@c.sprite_cache
def caravan_tile(
    cards: tuple[tuple[str, tuple[str, ...]], ...],
    seat: int,
    marked: tuple[int, int] | None,
    slot: c.RGB,
) -> Image.Image:
    """One caravan on its felt as an opaque RGB tile (COL_W × AREA_H), cached.

    ``marked`` is the (numeral, face) drawn with the highlight frame;
    ``slot`` the outline colour of an empty caravan.
    """
    tile = Image.new("RGB", (COL_W, AREA_H), FELT)
    area = area_box(seat, 0)
    geo = geometry(seat, 0, cards)
    ox, oy = area[0], area[1]
    if not cards:
        x = CARD_X
        y = AREA_H - CARD_PAD - CARD_H if seat == 1 else CARD_PAD
        c.paste(tile, empty_slot(CARD_W, CARD_H, slot), (x, y))
        return tile
    for k, (code, faces) in enumerate(cards):
        box = geo.numerals[k]
        sprite = card_face(code, CARD_W, geo.card_h, geo.index, flip=geo.flip,
                           highlight=marked == (k, -1))  # fmt: skip
        c.paste(tile, sprite, (box[0] - ox, box[1] - oy))
        last_row = k == len(cards) - 1
        for j, face in enumerate(faces):
            fb = geo.faces[k][j]
            sprite = card_face(face, CARD_W, geo.card_h, geo.index, flip=geo.flip,
                               highlight=marked == (k, j))  # fmt: skip
            if not last_row:
                # Tucked under the next row: only its index strip shows, as a
                # tab, so a long caravan reads row by row.
                sprite = _tab(sprite, tab_height(geo.step, geo.index, geo.card_h), geo.flip)
            dy = geo.card_h - sprite.height if geo.flip else 0
            c.paste(tile, sprite, (fb[0] - ox, fb[1] - oy + dy))
    return tile
