"""The public Caravan table image: strips, caravans, plates, piles and the last move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import common as c
from render.caravan.band import Plate, discard_pile, plate_sprite
from render.caravan.caravans import caravan_tile, felt
from render.caravan.layout import (
    GUTTER,
    HEIGHT,
    STRIP_H,
    WIDTH,
    area_box,
    deck_box,
    discard_box,
    geometry,
    plate_box,
    strip_box,
)
from render.caravan.marks import draw_mark
from render.caravan.palette import FELT_LINE, KEEP
from render.caravan.strips import Strip, deck_icon, strip_sprite
from render.caravan.view import context, seat_name
from render.targets import Share, Targets, share


def render_table(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The public Caravan table as PNG bytes (always WIDTH × HEIGHT).

    ``view`` is a Caravan view (``docs/views.md``). Only public fields are
    read: a stray ``"hand"`` or ``"you"`` never reaches the image, and the card
    of the last move is only used to find that card on the table, so a hidden
    discard never shows. ``names`` are display names in seat order. Odd or
    broken views draw what they can instead of raising.
    """
    ctx = context(view)
    canvas = Image.new("RGB", (WIDTH, HEIGHT), c.PANEL)
    draw = ImageDraw.Draw(canvas)
    canvas.paste(felt(), (0, STRIP_H))
    needed = ctx.best_of // 2 + 1
    for seat in (0, 1):
        strip = Strip(
            seat=seat,
            name=seat_name(names, seat),
            turn=ctx.turn == seat,
            winner=seat in ctx.winners,
            hand=ctx.hand_sizes[seat],
            wins=min(ctx.wins[seat], needed),
            needed=needed,
        )
        canvas.paste(strip_sprite(strip), strip_box(seat)[:2])
        deck = deck_box(seat)
        c.paste(canvas, deck_icon(ctx.deck_sizes[seat]), deck[:2])
        for pair in range(3):
            caravan = ctx.caravans[seat][pair]
            mark = ctx.mark
            marked = None
            if mark is not None and mark.kind == "card" and (mark.owner, mark.pair) == (seat, pair):
                marked = (mark.pos, mark.face)
            slot = c.TURN_MARK if ctx.opening and ctx.turn == seat else FELT_LINE
            if mark is not None and mark.kind == "slot" and (mark.owner, mark.pair) == (seat, pair):
                slot = c.HIGHLIGHT
            tile = caravan_tile(caravan.cards, seat, marked, slot)
            canvas.paste(tile, area_box(seat, pair)[:2])
            plate = Plate(
                value=caravan.value,
                direction=caravan.direction,
                suit=caravan.suit,
                status=caravan.status,
                holder=seat if ctx.pairs[pair] == seat else None,
            )
            canvas.paste(plate_sprite(plate), plate_box(seat, pair)[:2])
    box = discard_box()
    c.paste(canvas, discard_pile(), (box[0], box[1] + 6))
    c.draw_centred(draw, (GUTTER // 2, box[1] + 112), str(ctx.discard), c.font(30, bold=True),
                   c.INK)  # fmt: skip
    draw_mark(canvas, draw, ctx)
    return c.encode_png(c.to_palette(canvas, keep=KEEP))


def table_targets(view: Mapping[str, Any], *, names: Sequence[str]) -> Targets:
    """Where a card goes on :func:`render_table`'s picture, by the keys of the
    choices that pick them: each caravan's felt (``"c01"``: seat 0's second
    caravan), the discard pile, and each numeral's uncovered strip once its
    caravan was chosen (``"c01/p2"``: which card a face card goes on). A
    second tap on what was chosen confirms (``"c01/ok"``, ``"discard/ok"``,
    ``"c01/p2/ok"``). The plates of the seat to move disband their caravans
    that have cards (``"disband>c01"``: disbanding, then which one), and a
    second tap on the plate confirms."""
    del names  # the table is always laid out alike
    ctx = context(view)
    targets: list[tuple[str, Share]] = []
    for seat in (0, 1):
        for pair in range(3):
            key = f"c{seat}{pair}"
            felt_box = share(area_box(seat, pair), WIDTH, HEIGHT)
            targets += [(key, felt_box), (f"{key}/ok", felt_box)]
            if seat == ctx.turn and ctx.caravans[seat][pair].cards:
                plate = share(plate_box(seat, pair), WIDTH, HEIGHT)
                targets += [(f"disband>{key}", plate), (f"disband/{key}/ok", plate)]
            geo = geometry(seat, pair, ctx.caravans[seat][pair].cards)
            for pos, strip in enumerate(geo.visible):
                card = share(strip, WIDTH, HEIGHT)
                targets += [(f"{key}/p{pos}", card), (f"{key}/p{pos}/ok", card)]
    pile = share(discard_box(), WIDTH, HEIGHT)
    return [*targets, ("discard", pile), ("discard/ok", pile)]
