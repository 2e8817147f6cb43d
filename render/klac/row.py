"""A player's row on the Klac! table: the panel on its left and the stacks."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import common as c
from render.klac.cards import card_face, colour_marks, colours_present, depth_pill, empty_slot
from render.klac.layout import (
    DEPTH_SHOWN,
    DEPTH_STEP,
    PANEL_W,
    PANEL_X,
    ROW_H,
    TABLE_WIDTH,
    slot_geometry,
    stack_box,
)
from render.klac.view import TableContext, seat_name
from render.symbols import round_arrows

ROW_BG = (c.PANEL, c.PAPER)
WINNER_BAND: c.RGB = (253, 228, 150)


def signed(value: int) -> str:
    """A score with its sign: ``+5``, ``0``, ``−3``."""
    return f"+{value}" if value > 0 else ("0" if value == 0 else f"−{-value}")


@dataclass(frozen=True)
class _Panel:
    """Everything the left panel of a row shows; hashable, so panels cache."""

    seat: int
    name: str
    bg: c.RGB
    turn: bool
    winner: bool
    total: int
    last_round: str | None  # the last round's points, e.g. "+22", after a 🔄
    present: frozenset[str]
    score: int
    hand: int


@c.sprite_cache
def _panel_sprite(p: _Panel) -> Image.Image:
    """A row's left panel as an opaque RGB tile; panels rarely change per move."""
    im = Image.new("RGB", (PANEL_W, ROW_H), p.bg)
    draw = ImageDraw.Draw(im)
    draw.line((0, ROW_H - 1, PANEL_W, ROW_H - 1), fill=c.FAINT, width=2)
    c.draw_row_marker(draw, ROW_H, turn=p.turn, winner=p.winner, size=24)

    # Seat badge + name, total (+ last round), colour marks + row score, hand size.
    c.paste(im, c.seat_badge(p.seat + 1, 40), (PANEL_X, 14))
    name_x = PANEL_X + 50
    c.draw_name(draw, (name_x, 34), p.name, PANEL_W - name_x - 8, 34, min_size=26)

    total_font = c.font(40, bold=True)
    line2 = 92
    c.draw_text(draw, (PANEL_X + 2, line2), "Σ", c.font(34), c.MUTED)
    total = str(p.total)
    c.draw_text(draw, (PANEL_X + 32, line2), total, total_font, c.INK)
    if p.last_round is not None:
        tx = PANEL_X + 32 + int(total_font.getlength(total)) + 16
        icon = round_arrows(24, c.MUTED)
        c.paste(im, icon, (tx, line2 + 4 - icon.height // 2))
        c.draw_text(draw, (tx + icon.width + 4, line2 + 4), p.last_round, c.font(26), c.MUTED)

    line3 = 150
    marks = colour_marks(p.present, 30, 8)
    c.paste(im, marks, (PANEL_X + 2, line3 - 15))
    complete = len(p.present) == 3
    c.draw_text(
        draw, (PANEL_X + 2 + marks.width + 14, line3), signed(p.score), c.font(34, bold=True),
        c.INK if complete else c.MUTED,
    )  # fmt: skip

    fan = c.fan_of_backs(min(p.hand, 4), 24, 34, 13)
    fx = PANEL_W - 14 - max(fan.width, 24)
    if p.hand:
        c.paste(im, fan, (fx, line3 - 17))
    else:
        draw.rounded_rectangle((fx, line3 - 17, fx + 23, line3 + 16), radius=4,
                               outline=c.FAINT, width=2)  # fmt: skip
    if p.hand > 4:
        c.draw_text(draw, (fx - 6, line3), str(p.hand), c.font(22, bold=True), c.INK, anchor="rm")
    return im


def draw_row(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    seat: int,
    y: int,
    ctx: TableContext,
) -> None:
    """Draw ``seat``'s row at ``y``: the panel, then the stacks (the last play framed)."""
    row = ctx.rows[seat]
    is_turn = ctx.turn == seat
    is_winner = seat in ctx.winners
    bg = c.TURN_BAND if is_turn else WINNER_BAND if is_winner else ROW_BG[seat % 2]
    draw.rectangle((PANEL_W, y, TABLE_WIDTH, y + ROW_H - 1), fill=bg)
    draw.line((PANEL_W, y + ROW_H - 1, TABLE_WIDTH, y + ROW_H - 1), fill=c.FAINT, width=2)
    last_round = None
    if ctx.last_round is not None:
        last_round = signed(ctx.last_round[seat])
    panel = _Panel(
        seat=seat,
        name=seat_name(ctx.names, seat),
        bg=bg,
        turn=is_turn,
        winner=is_winner,
        total=ctx.totals[seat],
        last_round=last_round,
        present=colours_present(row),
        score=ctx.row_scores[seat],
        hand=ctx.hand_sizes[seat],
    )
    canvas.paste(_panel_sprite(panel), (0, y))

    # Stacks.
    _slot_w, card_w, card_h, _x0 = slot_geometry(len(row))
    if not row:
        empty = stack_box(seat, 0, 1)
        c.paste(canvas, empty_slot(card_w, card_h), (empty[0], empty[1]))
        return
    last = ctx.last
    for i, stack in enumerate(row):
        x, card_y, _x1, _y1 = stack_box(seat, i, len(row))
        sprite = _stack_sprite(tuple(stack[-DEPTH_SHOWN - 1 :]), len(stack), card_w, card_h)
        if last is not None and last[0] == seat and last[1] == i:
            # Frame first: the depth pill then sits on top of its bottom edge.
            off = DEPTH_STEP * min(len(stack) - 1, DEPTH_SHOWN)
            c.highlight_frame(draw, (x, card_y - off, x + card_w + off, card_y + card_h))
            c.paste(canvas, sprite, (x, card_y - DEPTH_STEP * DEPTH_SHOWN))
            who = c.seat_badge(last[2] + 1, 32, c.HIGHLIGHT)
            c.paste(canvas, who, (x - 16, card_y - off - 18))
        else:
            c.paste(canvas, sprite, (x, card_y - DEPTH_STEP * DEPTH_SHOWN))


@c.sprite_cache
def _stack_sprite(visible: tuple[str, ...], depth: int, card_w: int, card_h: int) -> Image.Image:
    """A whole stack (under-card edges, top card, "×N" pill) as one sprite.

    Stacks rarely change between moves, so caching them turns a row into a
    handful of pastes. ``visible`` is the top card plus up to DEPTH_SHOWN
    cards under it, bottom → top.
    """
    room = DEPTH_STEP * DEPTH_SHOWN
    pill_h = 28
    im = Image.new("RGBA", (card_w + room, room + card_h + pill_h // 2 + 2), (0, 0, 0, 0))
    under = visible[:-1]
    # Deepest first, each one step up-right, so their edges peek out in their colours.
    for k, code in enumerate(under):
        off = DEPTH_STEP * (len(under) - k)
        face = card_face(code, card_w, card_h)
        im.alpha_composite(face, (off, room - off))
    im.alpha_composite(card_face(visible[-1], card_w, card_h), (0, room))
    if depth > 1:
        pill = depth_pill(depth, pill_h)
        im.alpha_composite(pill, ((card_w - pill.width) // 2, room + card_h - pill_h // 2))
    return im
