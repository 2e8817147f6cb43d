"""The panel of a curling image, right of the field: the end, each player's
row (turn marker, stone, name, hammer, stones to throw and out), the match
score (the biggest number), the ends' scoreboard with the current end's house
count, the dice or cards (or the winner once the match is over), the throw's
power limit ⚡ and the last throw's power and numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import common as c
from render.curling.controls import draw_controls
from render.curling.layout import (
    BIG_FOUL,
    BOARD_H,
    BOARD_Y,
    DIE,
    HAMMER,
    INSET,
    LIMIT_Y,
    LINE1,
    MAX_SCORE_COLUMNS,
    PANEL_W,
    PANEL_X,
    PATH,
    PLAYERS_Y,
    PREVIEW,
    ROW_BG,
    ROW_H,
    SMALL_STONE,
    WIDTH,
    WINNER_BAND,
    deck_box,
    die_box,
    end_box,
    foul_box,
    hammer_box,
    last_box,
    limit_box,
    main_card_box,
    match_box,
    match_number_box,
    name_box,
    out_box,
    player_box,
    preview_mark_box,
    scoreboard_box,
    scoreboard_cell,
    sub_card_box,
    sub_row_box,
    to_throw_box,
    winner_box,
)
from render.curling.parse import Context, Throw
from render.curling.sprites import (
    cross,
    die_face,
    discard_icon,
    eye,
    hammer_icon,
    paste_centred,
    stone_sprite,
    target,
    warning_sign,
)


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names) and isinstance(names[seat], str) and names[seat].strip():
        return names[seat]
    return str(seat + 1)


@dataclass(frozen=True)
class _Row:
    """Everything one player's row shows; hashable, so rows cache."""

    seat: int
    colour: str
    name: str
    bg: c.RGB
    turn: bool
    winner: bool
    hammer: bool
    to_throw: int
    out: int


@c.sprite_cache
def _row_sprite(r: _Row) -> Image.Image:
    im = Image.new("RGB", (PANEL_W, ROW_H), r.bg)
    d = ImageDraw.Draw(im)
    d.line((0, ROW_H - 1, PANEL_W, ROW_H - 1), fill=c.FAINT, width=2)
    c.draw_row_marker(d, ROW_H, turn=r.turn, winner=r.winner, size=22)
    x0, y0 = PANEL_X, PLAYERS_Y + r.seat * ROW_H

    def local(box: c.Box) -> c.Box:
        return (box[0] - x0, box[1] - y0, box[2] - x0, box[3] - y0)

    line1 = LINE1
    stone = stone_sprite(r.colour, None, 46)
    c.paste(im, stone, (70 - stone.width // 2, line1 - stone.height // 2))
    nx0, ny0, nx1, ny1 = local(name_box(r.seat))
    c.draw_name(d, (nx0, (ny0 + ny1) / 2), r.name, nx1 - nx0, 32, min_size=22)
    if r.hammer:
        hx0, hy0, _hx1, _hy1 = local(hammer_box(r.seat))
        c.paste(im, hammer_icon(HAMMER), (hx0, hy0))
    small = stone_sprite(r.colour, None, SMALL_STONE)
    for i in range(min(r.to_throw, 8)):
        bx0, by0, _bx1, _by1 = local(to_throw_box(r.seat, i))
        c.paste(im, small, (bx0, by0))
    if r.out:
        ox0, oy0, _ox1, oy1 = local(out_box(r.seat))
        cy = (oy0 + oy1) // 2
        c.paste(im, small, (ox0, cy - SMALL_STONE // 2))
        paste_centred(im, cross(r.colour, 20), (ox0 + SMALL_STONE / 2, cy))
        c.draw_text(d, (ox0 + SMALL_STONE + 4, cy), f"×{r.out}", c.font(26, bold=True), c.INK)
    return im


def _draw_end(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: Context, *, preview: bool
) -> None:
    x0, y0, x1, y1 = end_box()
    cy = (y0 + y1) // 2
    x = x0 + INSET + 6
    icon = target(48)
    c.paste(canvas, icon, (x, cy - icon.height // 2))
    x += icon.width + 14
    big = c.font(44, bold=True)
    label = f"{min(ctx.end, ctx.ends)}/{ctx.ends}"
    c.draw_text(draw, (x, cy), label, big, c.INK)
    x += round(big.getlength(label)) + 12
    if ctx.end > ctx.ends:
        extra = f"+{ctx.end - ctx.ends}"
        fnt = c.font(30, bold=True)
        w = round(fnt.getlength(extra)) + 22
        draw.rounded_rectangle((x, cy - 21, x + w, cy + 21), radius=21, fill=c.TURN_MARK)
        c.draw_centred(draw, (x + w / 2, cy), extra, fnt, c.PAPER)
    if preview:
        ex0, ey0, _ex1, _ey1 = preview_mark_box()
        c.paste(canvas, eye(64), (ex0, ey0 - 5))
    draw.line((x0, y1 - 1, x1, y1 - 1), fill=c.FAINT, width=2)


def _draw_match(canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: Context) -> None:
    """The match score, big (Σ, as every game marks totals), each side by its stone."""
    x0, y0, _x1, y1 = match_box()
    cy = (y0 + y1) // 2
    c.draw_text(draw, (x0 + INSET + 6, cy), "Σ", c.font(48), c.MUTED)
    big = c.font(64, bold=True)
    for side in (0, 1):
        bx0, by0, bx1, by1 = match_number_box(side)
        c.draw_centred(draw, ((bx0 + bx1) / 2, (by0 + by1) / 2), str(ctx.match[side]), big, c.INK)
        stone = stone_sprite(ctx.colours[side], None, 40)
        sx = bx0 - 8 - stone.width if side == 0 else bx1 + 8
        c.paste(canvas, stone, (sx, cy - stone.height // 2))
    mid = (match_number_box(0)[2] + match_number_box(1)[0]) / 2
    c.draw_centred(draw, (mid, cy - 4), ":", big, c.INK)
    draw.line((x0, y1 - 1, match_box()[2], y1 - 1), fill=c.FAINT, width=2)


def _draw_scoreboard(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    ctx: Context,
    house: tuple[int, int],
    *,
    preview: bool,
) -> None:
    """Finished ends' scores, the match totals, and in the current end's column
    its house count as it stands (after the throw, in a preview) in the turn's
    colour: not final yet."""
    count = min(max(ctx.ends, len(ctx.end_scores), ctx.end), MAX_SCORE_COLUMNS)
    first_end = max(1, max(ctx.ends, len(ctx.end_scores), ctx.end) - count + 1)
    head, cell_font = c.font(20), c.font(27, bold=True)
    current = ctx.end - first_end
    if not ctx.over and 0 <= current < count:
        x0, _y0, x1, _y1 = scoreboard_cell(0, current, count)
        _cx0, by0, _cx1, by1 = scoreboard_box()
        draw.rounded_rectangle((x0 + 1, by0, x1 - 1, by1), radius=6, fill=c.TURN_BAND)
    for side in (0, 1):
        bx0, by0, _bx1, by1 = scoreboard_cell(side + 1, 0, count)
        stone = stone_sprite(ctx.colours[side], None, 24)
        c.paste(canvas, stone, (bx0 - 34, (by0 + by1) // 2 - 12))
    for k in range(count):
        number = first_end + k
        hx0, hy0, hx1, hy1 = scoreboard_cell(0, k, count)
        colour = c.TURN_MARK if number > ctx.ends else c.MUTED
        c.draw_centred(draw, ((hx0 + hx1) / 2, (hy0 + hy1) / 2), str(number), head, colour)
        if number - 1 < len(ctx.end_scores):
            for side in (0, 1):
                bx0, by0, bx1, by1 = scoreboard_cell(side + 1, k, count)
                value = ctx.end_scores[number - 1][side]
                c.draw_centred(
                    draw,
                    ((bx0 + bx1) / 2, (by0 + by1) / 2),
                    str(value),
                    cell_font,
                    c.INK if value else c.MUTED,
                )
    if not ctx.over and 0 <= current < count:
        live = PREVIEW if preview else c.TURN_MARK
        for side in (0, 1):
            bx0, by0, bx1, by1 = scoreboard_cell(side + 1, current, count)
            centre = ((bx0 + bx1) / 2, (by0 + by1) / 2)
            c.draw_centred(draw, centre, str(house[side]), cell_font, live)
    sx0, sy0, sx1, sy1 = scoreboard_cell(0, count, count)
    c.draw_centred(draw, ((sx0 + sx1) / 2, (sy0 + sy1) / 2), "Σ", c.font(22, bold=True), c.MUTED)
    for side in (0, 1):
        bx0, by0, bx1, by1 = scoreboard_cell(side + 1, count, count)
        c.draw_centred(
            draw,
            ((bx0 + bx1) / 2, (by0 + by1) / 2),
            str(ctx.match[side]),
            c.font(28, bold=True),
            c.INK,
        )
    x0, y0, x1, y1 = scoreboard_box()
    top = scoreboard_cell(1, 0, count)[1]
    draw.line((x0, top, x1, top), fill=c.FAINT, width=2)
    draw.line((sx0 - 4, y0 + 4, sx0 - 4, y1 - 4), fill=c.FAINT, width=2)
    draw.line((PANEL_X, BOARD_Y + BOARD_H - 1, WIDTH, BOARD_Y + BOARD_H - 1), fill=c.FAINT, width=2)


def _draw_dice(canvas: Image.Image, ctx: Context) -> None:
    values = list(ctx.dice) if ctx.dice is not None else [0] * 5
    for i in range(5):
        value = values[i] if i < len(values) else 0
        marked = i < len(ctx.marked) and ctx.marked[i] and value > 0
        x0, y0, _x1, _y1 = die_box(i, raised=marked)
        c.paste(canvas, die_face(value, DIE, marked=marked), (x0, y0))


def _draw_cards(canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: Context) -> None:
    x0, y0, _x1, y1 = deck_box()
    cy = (y0 + y1) // 2
    fnt = c.font(30, bold=True)
    x = x0 + 4
    if ctx.deck is not None:
        back = c.playing_card_back(30, 42)
        c.paste(canvas, back, (x, cy - 21))
        c.draw_text(draw, (x + 40, cy), str(ctx.deck), fnt, c.INK)
        x += 40 + round(fnt.getlength(str(ctx.deck))) + 30
    if ctx.discard is not None:
        pile = discard_icon(28, 38)
        c.paste(canvas, pile, (x, cy - pile.height // 2))
        c.draw_text(draw, (x + pile.width + 10, cy), str(ctx.discard), fnt, c.INK)
    for i, code in enumerate(ctx.main):
        bx0, by0, bx1, by1 = main_card_box(i, len(ctx.main))
        c.paste(canvas, c.playing_card_face(code, bx1 - bx0, by1 - by0), (bx0, by0))
    for seat in (0, 1):
        rx0, ry0, _rx1, ry1 = sub_row_box(seat)
        stone = stone_sprite(ctx.colours[seat], None, 30)
        c.paste(canvas, stone, (rx0 + 2, (ry0 + ry1) // 2 - 15))
        for j, code in enumerate(ctx.subs[seat]):
            bx0, by0, bx1, by1 = sub_card_box(seat, j)
            c.paste(canvas, c.playing_card_face(code, bx1 - bx0, by1 - by0), (bx0, by0))


#: The mark of a throw's power, as the captions and buttons write it.
POWER = "⚡"
#: The strongest trajectory's power: a limit of this much limits nothing.
MAX_POWER = 5


def _draw_power_limit(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    ctx: Context,
    limit: tuple[int | None, int | None, int | None],
    box: c.Box,
) -> None:
    """What sets the limit, each as its mark and "≤ n" (the combination: a die or
    a card; the opponent's previous throw: their stone), then the limit "⚡≤ n"
    in a pill; before the combination is known, the previous throw's alone
    (when it limits anything)."""
    l1, l2, overall = limit
    if overall is None and (l2 is None or l2 >= MAX_POWER):
        return
    x0, y0, x1, y1 = box
    cy = (y0 + y1) // 2
    fnt = c.font(28, bold=True)
    parts: list[tuple[Image.Image, int]] = []
    if l1 is not None:
        source = die_face(5, 30) if ctx.variant == "dice" else c.playing_card_back(22, 30)
        parts.append((source, l1))
    if l2 is not None and ctx.turn is not None:
        parts.append((stone_sprite(ctx.colours[1 - ctx.turn], None, 30), l2))
    x = x0 + 4
    for icon, value in parts:
        c.paste(canvas, icon, (x, cy - icon.height // 2))
        x += icon.width + 4
        text = f"≤{value}"
        c.draw_text(draw, (x, cy), text, fnt, c.INK)
        x += round(fnt.getlength(text)) + 20
    shown = overall if overall is not None else l2
    if shown is None:
        return
    big = c.font(36, bold=True)
    text = f"{POWER}≤{shown}"
    w = round(big.getlength(text)) + 28
    draw.rounded_rectangle(
        (x1 - w, y0 + 2, x1, y1 - 2), radius=12, fill=c.TURN_BAND, outline=c.TURN_MARK, width=3
    )
    c.draw_centred(draw, (x1 - w / 2, cy), text, big, c.INK)


def _draw_limit(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: Context, throw: Throw | None
) -> None:
    draw.line((PANEL_X, LIMIT_Y, WIDTH, LIMIT_Y), fill=c.FAINT, width=2)
    foul = throw is not None and throw.foul
    if foul:
        x0, y0, _x1, _y1 = foul_box()
        c.paste(canvas, warning_sign(BIG_FOUL), (x0, y0))
    if ctx.limit is not None and not ctx.over:
        _draw_power_limit(canvas, draw, ctx, ctx.limit, limit_box(foul=foul))
    if throw is None:
        return
    x0, y0, x1, y1 = last_box(foul=foul)
    cy = (y0 + y1) // 2
    x = x0 + 4
    if throw.colour:
        stone = stone_sprite(throw.colour, None, 34)
        c.paste(canvas, stone, (x, cy - 17))
        x += 46
    fnt, bold = c.font(28), c.font(30, bold=True)
    if throw.power is not None:
        c.draw_text(draw, (x, cy), POWER, fnt, c.MUTED)
        x += round(fnt.getlength(POWER)) + 4
        c.draw_text(draw, (x, cy), str(throw.power), bold, c.INK)
        x += round(bold.getlength(str(throw.power))) + 20
    if throw.numbers:
        text = " ".join(str(n) for n in throw.numbers)
        c.draw_text(draw, (x, cy), c.ellipsize(text, bold, x1 - x), bold, PATH)


def _draw_winners(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: Context, names: Sequence[str]
) -> None:
    x0, y0, x1, y1 = winner_box()
    cy = (y0 + y1) // 2
    winners = sorted(ctx.winners)
    if not winners:
        return
    draw.rounded_rectangle((x0, y0, x1, y1), radius=18, fill=WINNER_BAND, outline=c.GOLD, width=3)
    c.draw_star(draw, (x0 + 44, cy), 30)
    x = x0 + 88
    for seat in winners:
        stone = stone_sprite(ctx.colours[seat], None, 44)
        c.paste(canvas, stone, (x, cy - 22))
        x += 52
    if len(winners) == 1:
        c.draw_name(draw, (x + 4, cy), _name(names, winners[0]), x1 - x - 18, 34, min_size=22)


def draw_panel(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    ctx: Context,
    names: Sequence[str],
    house: tuple[int, int],
    throw: Throw | None,
    *,
    preview: bool,
) -> None:
    """Draw the whole panel of ``canvas``: ``house`` is the current end's count
    shown (after the throw, for a ``preview``), ``throw`` the one whose numbers
    it lists."""
    _draw_end(canvas, draw, ctx, preview=preview)
    for seat in (0, 1):
        turn, winner = ctx.turn == seat, seat in ctx.winners
        row = _Row(
            seat=seat,
            colour=ctx.colours[seat],
            name=_name(names, seat),
            bg=c.TURN_BAND if turn else WINNER_BAND if winner else ROW_BG[seat % 2],
            turn=turn,
            winner=winner,
            hammer=ctx.hammer == seat and not ctx.over,
            to_throw=ctx.to_throw[seat],
            out=ctx.out[seat],
        )
        canvas.paste(_row_sprite(row), player_box(seat)[:2])
    _draw_match(canvas, draw, ctx)
    _draw_scoreboard(canvas, draw, ctx, house, preview=preview)
    if ctx.over:
        _draw_winners(canvas, draw, ctx, names)
    elif ctx.variant == "cards":
        _draw_cards(canvas, draw, ctx)
    else:
        _draw_dice(canvas, ctx)
    draw_controls(canvas, draw, ctx)
    _draw_limit(canvas, draw, ctx, throw)
