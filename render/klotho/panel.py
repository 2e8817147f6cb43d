"""The panel on the right of the Klotho table: one row per player."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import common as c
from render.klotho.layout import FIELD_W, HEADER_H, PANEL_W, WIDTH, cell_name, panel_row_height
from render.klotho.palette import ROW_BG, WINNER_BAND, seat_colour
from render.klotho.sprites import cell_tag, pending_mark, scoring_legend, triplet_pill
from render.klotho.view import Context, seat_name
from render.symbols import dealer_button


@dataclass(frozen=True)
class _Row:
    """Everything one player's panel row shows; hashable, so rows cache."""

    seat: int
    name: str
    height: int
    bg: c.RGB
    turn: bool
    winner: bool
    dealer: bool
    score: int
    halves: int
    cell: str | None  # where this seat's chip stands
    vote: str  # "" | "proposer" | "yes" | "pending"
    triplet: bool


@c.sprite_cache
def _row_sprite(r: _Row) -> Image.Image:
    """A player's panel row as an opaque RGB tile; most rows survive a move unchanged."""
    h = r.height
    im = Image.new("RGB", (PANEL_W, h), r.bg)
    draw = ImageDraw.Draw(im)
    draw.line((0, h - 1, PANEL_W, h - 1), fill=c.FAINT, width=2)
    c.draw_row_marker(draw, h, turn=r.turn, winner=r.winner, size=22)

    line1, line2 = round(h * 0.31), round(h * 0.72)
    chip = c.chip(str(r.seat + 1), 46, seat_colour(r.seat))
    c.paste(im, chip, (52, line1 - chip.height // 2))
    name_x = 108
    right = PANEL_W - 12
    if r.dealer:
        button = dealer_button(40)
        c.paste(im, button, (right - button.width, line1 - button.height // 2))
        right -= button.width + 10
    c.draw_name(draw, (name_x, line1), r.name, right - name_x, 32, min_size=24)

    c.draw_text(draw, (56, line2 + 2), "Σ", c.font(30), c.MUTED)
    score = str(r.score)
    score_font = c.font(40, bold=True)
    c.draw_text(draw, (84, line2), score, score_font, c.INK)
    x = 84 + round(score_font.getlength(score)) + 14
    token = c.half_token(30)
    shown = min(r.halves, 3)
    for i in range(shown):
        c.paste(im, token, (x + i * (token.width + 6), line2 - token.height // 2))
    x += shown * (token.width + 6)
    if r.halves > shown:
        c.draw_text(draw, (x, line2), f"×{r.halves}", c.font(26, bold=True), c.INK)

    # Right end of the second line: the vote or triplet mark, then the chip's cell.
    right = PANEL_W - 12
    mark: Image.Image | None = None
    if r.triplet:
        mark = triplet_pill(36)
    elif r.vote == "proposer":
        mark = c.ballot_box(42)
    elif r.vote == "yes":
        mark = c.tick(36)
    elif r.vote == "pending":
        mark = pending_mark(32)
    if mark is not None:
        c.paste(im, mark, (right - mark.width, line2 - mark.height // 2))
        right -= mark.width + 12
    if r.cell is not None:
        tag = cell_tag(r.cell, 34)
        if right - tag.width > x + 4:
            c.paste(im, tag, (right - tag.width, line2 - tag.height // 2))
    return im


def draw_panel(canvas: Image.Image, ctx: Context, names: Sequence[str], height: int) -> None:
    """Draw the players' rows, and the scoring legend when there is room below them."""
    chips = {cell.chip: pos for pos, cell in ctx.grid.items() if cell.chip is not None}
    row_h = panel_row_height(ctx.seats, ctx.rows, ctx.cols)
    canvas.paste(c.PANEL, (FIELD_W, HEADER_H, WIDTH, height))
    for seat in range(ctx.seats):
        turn, winner = ctx.turn == seat, seat in ctx.winners
        vote = ""
        if seat == ctx.proposer:
            vote = "proposer"
        elif seat in ctx.yes:
            vote = "yes"
        elif seat in ctx.voters:
            vote = "pending"
        pos = chips.get(seat)
        row = _Row(
            seat=seat,
            name=seat_name(names, seat),
            height=row_h,
            bg=c.TURN_BAND if turn else WINNER_BAND if winner else ROW_BG[seat % 2],
            turn=turn,
            winner=winner,
            dealer=ctx.dealer == seat,
            score=ctx.scores[seat],
            halves=ctx.halves[seat],
            cell=cell_name(*pos) if pos is not None else None,
            vote=vote,
            triplet=ctx.triplet == seat,
        )
        canvas.paste(_row_sprite(row), (FIELD_W, HEADER_H + seat * row_h))
    legend = scoring_legend()
    free_top = HEADER_H + ctx.seats * row_h
    if height - free_top >= legend.height + 40:
        c.paste(canvas, legend, (FIELD_W, height - legend.height - 20))
