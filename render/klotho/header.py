"""The Klotho table's header: tour, stock, a vote or a triplet's choice, the last action."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import common as c
from render.klotho.layout import HEADER_H, WIDTH, cell_name
from render.klotho.palette import seat_colour
from render.klotho.sprites import field_icon, triplet_pill
from render.klotho.view import Context, as_int, seat_name

# Last action kind -> symbol drawn in the header after the actor's badge. A
# replacement shows the ♻ its button wears; the font has no glyph for the
# other buttons' emoji, and the caption says in words what was done.
KIND_SYMBOLS: Mapping[str, str] = {"place": "⬇", "move": "➜", "turn": "↻", "replace": "♻"}


def draw_header(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    ctx: Context,
    names: Sequence[str],
) -> None:
    """Draw the header: tour, stock, a vote or triplet choice or the winners, the last action."""
    draw.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=c.BACKGROUND)
    draw.line((0, HEADER_H - 1, WIDTH, HEADER_H - 1), fill=c.FAINT, width=2)
    cy = HEADER_H // 2

    # Tour: a small field icon (each tour is a new field) and "2/3"; extra tours "3/3 +1".
    x = 22
    icon = field_icon(44)
    c.paste(canvas, icon, (x, cy - icon.height // 2))
    x += icon.width + 12
    tours = max(1, as_int(view.get("tours"), 1))
    tour = max(1, as_int(view.get("tour"), 1))
    big = c.font(42, bold=True)
    label = f"{min(tour, tours)}/{tours}"
    c.draw_text(draw, (x, cy), label, big, c.INK)
    x += round(big.getlength(label)) + 12
    if tour > tours:
        extra = f"+{tour - tours}"
        fnt = c.font(30, bold=True)
        w = round(fnt.getlength(extra)) + 20
        draw.rounded_rectangle((x, cy - 20, x + w, cy + 20), radius=20, fill=c.TURN_MARK)
        c.draw_centred(draw, (x + w / 2, cy), extra, fnt, c.PAPER)
        x += w + 12

    # Stock: a card back and the count.
    x += 28
    back = c.playing_card_back(42, 58)
    c.paste(canvas, back, (x, cy - 29))
    x += back.width + 10
    stock = str(max(0, as_int(view.get("stock"))))
    c.draw_text(draw, (x, cy), stock, big, c.INK)
    x += round(big.getlength(stock)) + 48

    if ctx.winners:
        c.draw_star(draw, (x + 22, cy), 24)
        winners = [seat_name(names, w) for w in sorted(ctx.winners)]
        c.draw_names(draw, (x + 56, cy), winners, WIDTH - x - 56 - 20, 34)
        return
    if ctx.triplet is not None:
        chip = c.chip(str(ctx.triplet + 1), 44, seat_colour(ctx.triplet))
        c.paste(canvas, chip, (x, cy - chip.height // 2))
        pill = triplet_pill(48)
        c.paste(canvas, pill, (x + chip.width + 10, cy - pill.height // 2))
    elif ctx.proposer is not None:
        ballot = c.ballot_box(60)
        c.paste(canvas, ballot, (x, cy - 32))
        x += ballot.width + 10
        chip = c.chip(str(ctx.proposer + 1), 44, seat_colour(ctx.proposer))
        c.paste(canvas, chip, (x, cy - chip.height // 2))
        x += chip.width + 16
        c.paste(canvas, c.tick(40), (x, cy - 20))
        x += 46
        tally = f"{len(ctx.yes | {ctx.proposer})}/{len(ctx.voters)}"
        c.draw_text(draw, (x, cy), tally, big, c.INK)

    if ctx.last is None:
        return
    # Last action, right-aligned: who (badge in the frame's colour), what, where.
    row, col, seat, kind = ctx.last
    where = cell_name(row, col)
    symbol = KIND_SYMBOLS.get(kind, "")
    sym_font = c.font(40, bold=True)
    where_font = c.font(42, bold=True)
    width = (
        (50 if seat is not None else 0)
        + (round(sym_font.getlength(symbol)) + 12 if symbol else 0)
        + round(where_font.getlength(where))
    )
    rx = WIDTH - 24 - width
    if seat is not None:
        c.paste(canvas, c.seat_badge(seat + 1, 40, c.HIGHLIGHT), (rx, cy - 20))
        rx += 50
    if symbol:
        c.draw_text(draw, (rx, cy), symbol, sym_font, c.INK)
        rx += round(sym_font.getlength(symbol)) + 12
    c.draw_text(draw, (rx, cy), where, where_font, c.HIGHLIGHT)
