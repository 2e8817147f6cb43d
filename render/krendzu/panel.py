"""The players' panel and the status block of the table image.

One row per seat (turn or winner marker, chip, role, name, hand size,
points, exchange) and the status (tour, cards set aside, exchange limit,
last move or winners).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import common as c
from render.krendzu.icons import aside_icon, pending_icon, role_icon, tour_icon, window_icon
from render.krendzu.layout import ROW_H, STATUS_LINE_H, Layout, panel_row_box
from render.krendzu.palette import ROW_BG, WINNER_BAND, seat_colour
from render.krendzu.view import Context, cell_label, seat_name
from render.symbols import dealer_button, round_arrows

PASS_MARK = "—"
ROW_LINE1, ROW_LINE2 = 32, 82  # centre lines of a panel row's two lines
ROLE_X, ROLE_SIZE = 102, 42  # the role icon, right of the seat chip


def role_box(view: Mapping[str, Any], seat: int, names: Sequence[str] = ()) -> c.Box:
    """Pixel box of the role icon (sword or shield) in ``seat``'s panel row."""
    x0, y0, _x1, _y1 = panel_row_box(view, seat, names)
    top = y0 + ROW_LINE1 - ROLE_SIZE // 2
    return (x0 + ROLE_X, top, x0 + ROLE_X + ROLE_SIZE, top + ROLE_SIZE)


@dataclass(frozen=True)
class _Row:
    """Everything one player's panel row shows; hashable, so rows cache."""

    seat: int
    name: str
    width: int
    bg: c.RGB
    turn: bool
    winner: bool
    dealer: bool
    role: str | None
    hand: int
    points: int | None  # this tour's points; None during the exchange
    score: int
    exchange: str  # "" outside the exchange, else the number announced or "?"
    done: bool
    pending: bool


@c.sprite_cache
def _row_sprite(r: _Row) -> Image.Image:
    h = ROW_H
    im = Image.new("RGB", (r.width, h), r.bg)
    draw = ImageDraw.Draw(im)
    draw.line((0, h - 1, r.width, h - 1), fill=c.FAINT, width=2)
    c.draw_row_marker(draw, h, turn=r.turn, winner=r.winner, size=20)
    line1, line2 = ROW_LINE1, ROW_LINE2
    chip = c.chip(str(r.seat + 1), 44, seat_colour(r.seat))
    c.paste(im, chip, (50, line1 - chip.height // 2))
    x = ROLE_X + ROLE_SIZE + 8
    if r.role is not None:
        icon = role_icon(r.role, ROLE_SIZE)
        c.paste(im, icon, (ROLE_X, line1 - icon.height // 2))
    right = r.width - 12
    if r.dealer:
        button = dealer_button(36)
        c.paste(im, button, (right - button.width, line1 - button.height // 2))
        right -= button.width + 8
    if r.pending:
        icon = pending_icon(38)
        c.paste(im, icon, (right - icon.width, line1 - icon.height // 2))
        right -= icon.width + 8
    c.draw_name(draw, (x, line1), r.name, right - x, 32, min_size=22)

    big = c.font(34, bold=True)
    x = 52
    fan = c.fan_of_backs(3, 20, 30, 7)
    c.paste(im, fan, (x, line2 - fan.height // 2))
    x += fan.width + 6
    c.draw_text(draw, (x, line2), str(r.hand), big, c.INK)
    x += round(big.getlength(str(r.hand))) + 20
    if r.points is not None:
        icon = window_icon(28)
        c.paste(im, icon, (x, line2 - icon.height // 2))
        x += icon.width + 6
        c.draw_text(draw, (x, line2), str(r.points), big, c.INK)
        x += round(big.getlength(str(r.points))) + 20
    c.draw_text(draw, (x, line2 + 2), "Σ", c.font(30), c.MUTED)
    x += 24
    c.draw_text(draw, (x, line2), str(r.score), big, c.INK)

    right = r.width - 12
    if r.exchange:
        if r.done:
            tick = c.tick(34)
            c.paste(im, tick, (right - tick.width, line2 - tick.height // 2))
        right -= 40
        ink = c.MUTED if r.exchange == "?" else c.INK
        c.draw_text(draw, (right, line2), r.exchange, big, ink, anchor="rm")
        right -= round(big.getlength(r.exchange)) + 6
        swap = round_arrows(28, c.MUTED)
        c.paste(im, swap, (right - swap.width, line2 - swap.height // 2))
    return im


def draw_panel(canvas: Image.Image, lay: Layout, ctx: Context, names: Sequence[str]) -> None:
    """Draw one row per seat into the panel's boxes of ``lay``."""
    exchange = ctx.phase in ("announce", "discard")
    for seat in range(ctx.seats):
        turn, winner = ctx.turn == seat, seat in ctx.winners
        x0, y0, x1, _y1 = lay.panel_rows[seat]
        announced = ctx.announced[seat]
        row = _Row(
            seat=seat,
            name=seat_name(names, seat),
            width=x1 - x0,
            bg=c.TURN_BAND if turn else WINNER_BAND if winner else ROW_BG[seat % 2],
            turn=turn,
            winner=winner,
            dealer=ctx.dealer == seat,
            role=ctx.roles[seat],
            hand=ctx.hand_sizes[seat],
            points=None if exchange else ctx.tour_points[seat],
            score=ctx.scores[seat],
            exchange=("?" if announced is None else str(announced)) if exchange else "",
            done=exchange and ctx.done[seat],
            pending=ctx.pending is not None and turn,
        )
        canvas.paste(_row_sprite(row), (x0, y0))


def _status_left(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, x: int, cy: int, ctx: Context
) -> None:
    """Tour, cards set aside and, during the exchange, the exchange option."""
    big = c.font(38, bold=True)
    icon = tour_icon(40)
    c.paste(canvas, icon, (x, cy - icon.height // 2))
    x += icon.width + 10
    label = f"{min(ctx.tour, ctx.tours)}/{ctx.tours}"
    c.draw_text(draw, (x, cy), label, big, c.INK)
    # Gaps narrow enough that the exchange limit fits the panel's width too.
    x += round(big.getlength(label)) + 18
    pile = aside_icon(48)
    c.paste(canvas, pile, (x, cy - pile.height // 2))
    x += pile.width + 8
    c.draw_text(draw, (x, cy), str(ctx.aside), big, c.INK)
    x += round(big.getlength(str(ctx.aside))) + 18
    if ctx.phase in ("announce", "discard"):
        # The exchange's mark, as on its buttons and in the caption (🔄).
        swap = round_arrows(36, c.TURN_MARK)
        c.paste(canvas, swap, (x, cy - swap.height // 2))
        x += swap.width + 4
        c.draw_text(draw, (x, cy), f"≤{ctx.exchange_max}", big, c.INK)


def _status_right(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    span: tuple[int, int],
    cy: int,
    ctx: Context,
    names: Sequence[str],
) -> None:
    """The last move (mover's chip and cells, or "—" for a pass), or the winners."""
    left, right = span
    if ctx.over:
        if ctx.winners:
            c.draw_star(draw, (left + 24, cy), 22)
            winners = [seat_name(names, w) for w in sorted(ctx.winners)]
            c.draw_names(draw, (left + 56, cy), winners, right - left - 56, 32, min_size=22)
        return
    if ctx.last_seat is None or not (ctx.last_cells or ctx.last_kind == "pass"):
        return
    box = ctx.box
    text = (PASS_MARK if ctx.last_kind == "pass"
            else " ".join(cell_label(x, y, box) for x, y in ctx.last_cells))  # fmt: skip
    chip = c.chip(str(ctx.last_seat + 1), 42, seat_colour(ctx.last_seat))
    fnt = c.fit_font(text, right - left - chip.width - 14, 40, bold=True, min_size=20)
    width = chip.width + 12 + round(fnt.getlength(text))
    x = max(left, right - width)
    c.paste(canvas, chip, (x, cy - chip.height // 2))
    x += chip.width + 12
    # A pending first card is framed in the turn colour on the field: so is its label.
    ink = c.INK if ctx.last_kind == "pass" else c.TURN_MARK if ctx.pending else c.HIGHLIGHT
    c.draw_text(draw, (x, cy), text, fnt, ink)


def draw_status(canvas: Image.Image, lay: Layout, ctx: Context, names: Sequence[str]) -> None:
    """Draw the status block: one line each for the tour and the last move beside the
    field, both on one strip above it."""
    x0, y0, x1, y1 = lay.status
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=c.BACKGROUND)
    draw.line((x0, y1 - 1, x1, y1 - 1), fill=c.FAINT, width=2)
    if lay.mode == "side":
        _status_left(canvas, draw, x0 + 18, y0 + STATUS_LINE_H // 2, ctx)
        _status_right(canvas, draw, (x0 + 18, x1 - 18), y0 + STATUS_LINE_H * 3 // 2, ctx, names)
    else:
        cy = (y0 + y1) // 2
        _status_left(canvas, draw, x0 + 20, cy, ctx)
        _status_right(canvas, draw, (x0 + 520, x1 - 20), cy, ctx, names)
