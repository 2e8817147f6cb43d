"""The public Klac! table image."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import common as c
from render.klac.cards import card_face
from render.klac.layout import HEADER_H, ROW_H, SLOTS, TABLE_WIDTH, row_box, stack_box
from render.klac.row import draw_row
from render.klac.view import TableContext, as_int, context, last_play, seat_name
from render.symbols import round_arrows
from render.targets import Targets, share


def _draw_deck(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, x: int, cy: int, count: int, h: int
) -> int:
    """Card-back icon plus count; returns the x after it."""
    w = int(h * 0.74)
    back = c.card_back(w, h)
    c.paste(canvas, back, (x, cy - h // 2))
    fnt = c.font(int(h * 0.7), bold=True)
    c.draw_text(draw, (x + w + 10, cy), str(count), fnt, c.INK)
    return int(x + w + 10 + fnt.getlength(str(count)))


def _draw_round(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, x: int, cy: int, view: Mapping[str, Any]
) -> int:
    """Round number and match target, drawn as "🔄2 ⚑150" (the caption's marks for
    them: a letter would be an abbreviation of one language); returns the x after it."""
    icon = round_arrows(40)
    c.paste(canvas, icon, (x, cy - icon.height // 2))
    x += icon.width + 6
    big = c.font(42, bold=True)
    label = str(max(1, as_int(view.get("round"), 1)))
    c.draw_text(draw, (x, cy), label, big, c.INK)
    x += int(big.getlength(label)) + 22
    target = f"⚑{as_int(view.get('target'), 150)}"
    mid = c.font(34, bold=True)
    c.draw_text(draw, (x, cy), target, mid, c.MUTED)
    return x + int(mid.getlength(target))


def _draw_header(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    ctx: TableContext,
    width: int,
) -> None:
    draw.rectangle((0, 0, width, HEADER_H - 1), fill=c.BACKGROUND)
    draw.line((0, HEADER_H - 1, width, HEADER_H - 1), fill=c.FAINT, width=2)
    cy = HEADER_H // 2
    x = _draw_round(canvas, draw, 22, cy, view)
    x = _draw_deck(canvas, draw, x + 40, cy, as_int(view.get("deck")), 58)

    if ctx.winners:
        # Over: the winners' names after a star, in place of the last play.
        sx = x + 50
        c.draw_star(draw, (sx + 22, cy), 24)
        winners = [seat_name(ctx.names, w) for w in sorted(ctx.winners)]
        c.draw_names(draw, (sx + 56, cy), winners, width - sx - 56 - 20, 34)
        return
    last = last_play(view)
    if last is None or ctx.last is None:
        return
    # Last play: who ▸ card → whose row. Right-aligned so it never meets the deck.
    target, _stack, who = ctx.last
    card = last.get("card")
    mini = card_face(card if isinstance(card, str) else "", 46, 62)
    arrow = c.font(40, bold=True)
    parts_w = 40 + 10 + mini.width + 14 + int(arrow.getlength("→")) + 14 + 40
    rx = width - 24 - parts_w
    c.paste(canvas, c.seat_badge(who + 1, 40, c.HIGHLIGHT), (rx, cy - 20))
    rx += 50
    c.paste(canvas, mini, (rx, cy - mini.height // 2))
    rx += mini.width + 14
    c.draw_text(draw, (rx, cy), "→", arrow, c.INK)
    rx += int(arrow.getlength("→")) + 14
    c.paste(canvas, c.seat_badge(target + 1, 40), (rx, cy - 20))


def render_table(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The public Klac! table as PNG bytes.

    ``view`` is a Klac! view (``docs/views.md``); only public fields are read,
    so a stray ``"hand"`` never reaches the image. ``names`` are display names
    in seat order.
    """
    ctx = context(view, names)
    height = HEADER_H + ROW_H * len(ctx.rows)
    canvas = Image.new("RGB", (TABLE_WIDTH, height), c.PAPER)
    draw = ImageDraw.Draw(canvas)
    _draw_header(canvas, draw, view, ctx, TABLE_WIDTH)
    for seat in range(len(ctx.rows)):
        draw_row(canvas, draw, seat, HEADER_H + seat * ROW_H, ctx)
    return c.encode_png(canvas)


def table_targets(view: Mapping[str, Any], *, names: Sequence[str]) -> Targets:
    """Where a card goes on :func:`render_table`'s picture: each player's row
    (``"p1"``), then in it each stack's top card (``"p1/s0"``) and the place
    of a new stack (``"p1/new"``), by the keys of the choices that pick them."""
    rows = context(view, names).rows
    height = HEADER_H + ROW_H * len(rows)
    targets = []
    for seat, row in enumerate(rows):
        targets.append((f"p{seat}", share(row_box(seat), TABLE_WIDTH, height)))
        for index in range(len(row)):
            box = stack_box(seat, index, len(row))
            targets.append((f"p{seat}/s{index}", share(box, TABLE_WIDTH, height)))
        if len(row) < SLOTS:
            box = stack_box(seat, len(row), len(row))
            targets.append((f"p{seat}/new", share(box, TABLE_WIDTH, height)))
    return targets
