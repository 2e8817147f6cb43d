"""Logical Curling images: the field with its stones, the players, and a throw's preview.

Input is only a view dict as documented in ``docs/views.md`` ("## Logical
Curling"), never a game state. The images carry no words: names, numbers,
cell coordinates and symbols only, so the caption beside them does the
talking in the reader's language.

Layout (fixed size, :data:`WIDTH` × :data:`HEIGHT`): the field on the left,
drawn upright (row 12 at the top, the start row 0 at the bottom) with its
column letters above and below and its row names on the left ("H7 12" …
"G1 1", and the start row's "0" with a launch triangle); the players' panel
on the right.

The field: pale ice; the free guard zone (G1–G5) in a sand tint; the house
(b–g × H1–H6) as nested rounded squares like a curling target: outer ring
pale blue, middle white, centre gold; the start row in grey with its four
start cells, the left pair marked with a clockwise curl (↻) and the right
pair with a counter-clockwise one (↺), as the throws from them bend. A
thin grid lets a player count cells.

Stones: red (Okabe–Ito vermillion) is a solid disc with one continuous light
ring, blue (Okabe–Ito blue) a disc with a dashed light ring, so they differ
by pattern as well as hue; each carries its throw number ``n``.

The last throw: its path as a thick magenta line from the start cell through
the centres of the cells it entered (a dot at every bend), the thrown stone
with a magenta halo, every struck stone's move as a thin arrow from a dashed
ghost of its old place, a cross in the stone's colour on the field's border
where a stone left it (on its start cell for a thrown stone that never left
the start row), and, when the free guard rule undid the throw, a red warning
triangle where the thrown stone would have stopped and a big one at the
bottom of the panel (:func:`render_table`).

A preview (:func:`render_preview`) is the same picture for a throw not yet
made: the stones where they would end, the thrown stone's path segment by
segment with each segment's number in a tag, a burst where it would strike
a stone (between its cell and the struck stone's), every struck stone's path
from its ghost, the house count after the throw, and the warning signs when
it would be a foul. A dashed indigo frame
round the whole image and an eye in the panel tell it from the real table.

The panel: the end ("3/8", an extra end as a "+1" pill); per player the turn
marker (or a winner's star), their stone, name, match total (Σ), the hammer
by the seat that has it, the stones still to throw as a row of small stones
and the stones out of play; the current house count big; the ends' scores as
a small scoreboard; the five dice (those marked for the free re-throw raised
and framed) or, in the card variant, the deck and discard counts, the main
cards and each seat's substitution cards (once the match is over: a star
with the winner's stone and name instead); the throw limit L (with L1 and
L2) and the last throw's stone, power P and numbers. The combinations on
offer are the caption's business.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import common as c

# ------------------------------------------------------------------ geometry

COLS = 8
ROWS = 13
CELL = 68  # one square cell: diagonal throws stay at 45°
PAD = 8
ROW_LABEL_W = 84  # the row names left of the field
EDGE = 28  # free room between the field and its labels: where crosses of stones that left go
LETTER_H = 38
FIELD_X = PAD + ROW_LABEL_W + EDGE
FIELD_Y = PAD + LETTER_H + EDGE
FIELD_W = COLS * CELL
FIELD_H = ROWS * CELL
BOTTOM_GAP = 6  # between the start row and the bottom letters (nothing leaves downwards)
PANEL_X = FIELD_X + FIELD_W + EDGE
PANEL_W = 384
WIDTH = PANEL_X + PANEL_W
HEIGHT = FIELD_Y + FIELD_H + BOTTOM_GAP + LETTER_H + PAD

STONE_D = 54  # a stone's diameter on the field
RING = 0.76  # a stone's light ring runs at this share of its radius
HALO = 5  # the thrown stone's halo, beyond the stone
SMALL_STONE = 22  # the panel's row of stones still to throw
CROSS = 26  # a stone that left the field: the cross on the border
CROSS_OUT = 11  # ... its centre this far outside the border
PATH_W = 7
TAG = 30  # a previewed segment's number tag
MOVE_W = 3

LETTERS = "abcdefgh"
START_CELLS = ("c0", "d0", "e0", "f0")  # left pair, right pair
MAX_SCORE_COLUMNS = 12
MAX_MARKS = 64  # more path cells, moves or hits than this is a corrupt view

ICE: c.RGB = (222, 236, 246)
GUARD_ZONE: c.RGB = (234, 230, 204)
START_ROW: c.RGB = (196, 202, 214)
START_CELL: c.RGB = (150, 160, 180)
HOUSE_OUTER: c.RGB = (150, 196, 232)
HOUSE_MIDDLE: c.RGB = c.PAPER
HOUSE_CENTRE: c.RGB = (250, 214, 120)
GRID: c.RGB = (172, 186, 204)
LINE: c.RGB = (70, 84, 110)  # the house's rings, the hog line, the start line
LABEL: c.RGB = (60, 64, 76)
PATH: c.RGB = c.HIGHLIGHT  # the thrown stone's path and halo
MOVE: c.RGB = c.INK  # a struck stone's move
BURST: c.RGB = c.ORANGE  # a collision
FOUL: c.RGB = (196, 0, 24)  # the warning triangle
PREVIEW: c.RGB = (96, 64, 196)  # the preview's dashed frame and eye
WOOD: c.RGB = (176, 116, 60)  # the hammer's handle
WINNER_BAND: c.RGB = (253, 228, 150)
ROW_BG = (c.PANEL, c.PAPER)

STONE_COLOURS: Mapping[str, c.RGB] = {"red": c.VERMILLION, "blue": c.BLUE}
ZONE_COLOURS: Mapping[str, c.RGB] = {
    "start": START_ROW,
    "guard": GUARD_ZONE,
    "field": ICE,
    "outer": HOUSE_OUTER,
    "middle": HOUSE_MIDDLE,
    "centre": HOUSE_CENTRE,
}
# Exact in the PNG palette: tests compare pixels with them.
KEEP: tuple[c.RGB, ...] = (
    *c.KEY_COLOURS,
    *c.CARD_COLOURS,
    ICE,
    GUARD_ZONE,
    START_ROW,
    START_CELL,
    HOUSE_OUTER,
    HOUSE_CENTRE,
    GRID,
    LINE,
    LABEL,
    FOUL,
    PREVIEW,
    WOOD,
    WINNER_BAND,
)

Cell = tuple[int, int]  # (column 0..7, row 0..12)


def parse_cell(name: object) -> Cell | None:
    """``(column, row)`` of a cell name such as ``"c6"`` (a–h, 0–12); None if not one."""
    cell = _raw_cell(name)
    return cell if cell is not None and on_field(cell) else None


def _raw_cell(name: object) -> Cell | None:
    # Like parse_cell, but keeps cells just off the field ("i9", "d13"): where a stone left.
    if not isinstance(name, str) or not 2 <= len(name) <= 4:
        return None
    letter, digits = name[0].lower(), name[1:]
    if not ("a" <= letter <= "z" and digits.isascii() and digits.isdigit()):
        return None
    return ord(letter) - ord("a"), int(digits)


def on_field(cell: Cell) -> bool:
    """Whether ``cell`` lies on the 8 × 13 field."""
    return 0 <= cell[0] < COLS and 0 <= cell[1] < ROWS


def cell_name(cell: Cell) -> str:
    """The name players use for a cell: ``(2, 6)`` is ``"c6"``."""
    return f"{LETTERS[cell[0]]}{cell[1]}"


def _cell(cell: Cell | str) -> Cell:
    if isinstance(cell, str):
        parsed = _raw_cell(cell)
        if parsed is None:
            raise ValueError(f"not a cell: {cell!r}")
        return parsed
    return cell


def cell_box(cell: Cell | str) -> c.Box:
    """Pixel box of a cell (by name, ``"d8"``, or ``(column, row)``) on the image."""
    col, row = _cell(cell)
    x = FIELD_X + col * CELL
    y = FIELD_Y + (ROWS - 1 - row) * CELL
    return (x, y, x + CELL, y + CELL)


def cell_centre(cell: Cell | str) -> tuple[int, int]:
    """Pixel centre of a cell (also of one just off the field)."""
    x0, y0, _x1, _y1 = cell_box(cell)
    return x0 + CELL // 2, y0 + CELL // 2


def field_box() -> c.Box:
    """The field's pixels, rows 0–12 and columns a–h."""
    return (FIELD_X, FIELD_Y, FIELD_X + FIELD_W, FIELD_Y + FIELD_H)


def zone_of(cell: Cell | str) -> str:
    """The zone a cell belongs to: ``start`` (row 0), ``guard`` (rows 1–5), the
    house's ``centre``, ``middle`` or ``outer`` (b–g × rows 6–11), else ``field``."""
    col, row = _cell(cell)
    if row == 0:
        return "start"
    if 1 <= row <= 5:
        return "guard"
    if 6 <= row <= 11 and 1 <= col <= 6:
        if 3 <= col <= 4 and 8 <= row <= 9:
            return "centre"
        if 2 <= col <= 5 and 7 <= row <= 10:
            return "middle"
        return "outer"
    return "field"


def row_name(row: int) -> str:
    """What the rules call a row: ``G1``–``G5``, ``H1``–``H7``; the start row is ``""``."""
    if 1 <= row <= 5:
        return f"G{row}"
    if 6 <= row <= 12:
        return f"H{row - 5}"
    return ""


def row_label_box(row: int) -> c.Box:
    """Where a row's name and number are written, left of the field."""
    _x0, y0, _x1, y1 = cell_box((0, row))
    return (PAD, y0, PAD + ROW_LABEL_W, y1)


def column_label_box(col: int, *, top: bool = True) -> c.Box:
    """Where a column's letter is written, above the field or (``top=False``) below it."""
    x0, _y0, x1, _y1 = cell_box((col, 0))
    if top:
        return (x0, PAD, x1, PAD + LETTER_H)
    y = FIELD_Y + FIELD_H + BOTTOM_GAP
    return (x0, y, x1, y + LETTER_H)


def _step(a: Cell, b: Cell) -> Cell:
    return (b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])


def exit_point(cell: Cell | str, direction: Cell) -> tuple[int, int]:
    """Centre of the cross for a stone that left the field from ``cell`` going
    ``direction`` (a step such as ``(1, 1)``, up-right): just outside the border.
    An unknown direction, ``(0, 0)``, means the nearest border."""
    col, row = _cell(cell)
    dc, dr = direction
    if (dc, dr) == (0, 0):
        dc, dr = _nearest_border((col, row))
    # A step that stays on the field cannot leave it: go on to the border.
    for _ in range(max(COLS, ROWS)):
        if not on_field((col + dc, row + dr)):
            break
        col, row = col + dc, row + dr
    cx, cy = cell_centre((col, row))
    length = math.hypot(dc, dr)
    ux, uy = dc / length, -dr / length
    # Along the direction to the cell's border (a corner for a diagonal step), then out.
    ex, ey = cx + dc * CELL / 2, cy - dr * CELL / 2
    return round(ex + ux * CROSS_OUT), round(ey + uy * CROSS_OUT)


def _nearest_border(cell: Cell) -> Cell:
    col, row = cell
    options = [(ROWS - 1 - row, (0, 1)), (col, (-1, 0)), (COLS - 1 - col, (1, 0)), (row, (0, -1))]
    return min(options, key=lambda o: o[0])[1]


# Panel layout: fixed bands from the top.
INSET = 14
END_H = 80
ROW_H = 140
PLAYERS_Y = END_H
HOUSE_Y = PLAYERS_Y + 2 * ROW_H
HOUSE_H = 108
BOARD_Y = HOUSE_Y + HOUSE_H
BOARD_H = 124
VARIANT_Y = BOARD_Y + BOARD_H
LIMIT_H = 120
LIMIT_Y = HEIGHT - LIMIT_H
DIE = 60
DIE_GAP = 14
DIE_RAISE = 16
NAME_X = 104
LINE1 = 44  # a player's row: stone, name, match total
LINE2 = 106  # ... hammer, stones to throw, stones out
SCORE_W = 76  # the match total at the right end of a player's first line
HAMMER = 40
CARD_RATIO = 1.38


def player_box(seat: int) -> c.Box:
    """A player's row in the panel (seat 0 above seat 1)."""
    y = PLAYERS_Y + seat * ROW_H
    return (PANEL_X, y, WIDTH, y + ROW_H)


def marker_box(seat: int) -> c.Box:
    """The left end of a player's row: the turn arrow or the winner's star."""
    x0, y0, _x1, y1 = player_box(seat)
    return (x0, y0, x0 + 46, y1)


def name_box(seat: int) -> c.Box:
    """Where a player's name may be drawn (it is fitted to this width)."""
    x0, y0, x1, _y1 = player_box(seat)
    return (x0 + NAME_X, y0 + LINE1 - 32, x1 - INSET - SCORE_W, y0 + LINE1 + 32)


def score_box(seat: int) -> c.Box:
    """A player's match total, right of the name."""
    _x0, y0, x1, _y1 = player_box(seat)
    return (x1 - INSET - SCORE_W + 6, y0 + LINE1 - 32, x1 - INSET + 4, y0 + LINE1 + 32)


def hammer_box(seat: int) -> c.Box:
    """Where the hammer lies when ``seat`` throws last in this end."""
    x0, y0, _x1, _y1 = player_box(seat)
    cy = y0 + LINE2
    return (x0 + 50, cy - HAMMER // 2, x0 + 50 + HAMMER, cy + HAMMER // 2)


def to_throw_box(seat: int, i: int) -> c.Box:
    """The ``i``-th small stone of the row of stones ``seat`` still has to throw."""
    x0, y0, _x1, _y1 = player_box(seat)
    x, cy = x0 + NAME_X + i * (SMALL_STONE + 3), y0 + LINE2
    return (x, cy - SMALL_STONE // 2, x + SMALL_STONE, cy + SMALL_STONE // 2)


def out_box(seat: int) -> c.Box:
    """The stones ``seat`` has lost this end: a crossed stone and a count."""
    _x0, y0, x1, _y1 = player_box(seat)
    cy = y0 + LINE2
    return (x1 - INSET - 66, cy - 18, x1 - INSET + 4, cy + 18)


def end_box() -> c.Box:
    """The current end, top of the panel."""
    return (PANEL_X, 0, WIDTH, END_H)


def preview_mark_box() -> c.Box:
    """Where a preview shows its eye, at the right of the end band."""
    return (WIDTH - INSET - 64, 12, WIDTH - INSET, END_H - 12)


def house_box() -> c.Box:
    """The current house count, big."""
    return (PANEL_X, HOUSE_Y, WIDTH, HOUSE_Y + HOUSE_H)


HOUSE_DIGIT_W = 70


def house_number_box(side: int) -> c.Box:
    """One number of the house count: ``side`` 0 is red's, 1 blue's."""
    mid = PANEL_X + 50 + (PANEL_W - 50) // 2
    cy = HOUSE_Y + HOUSE_H // 2
    x = mid - 22 - HOUSE_DIGIT_W if side == 0 else mid + 22
    return (x, cy - 36, x + HOUSE_DIGIT_W, cy + 36)


def scoreboard_box() -> c.Box:
    return (PANEL_X + INSET, BOARD_Y + 6, WIDTH - INSET, BOARD_Y + BOARD_H - 8)


def _board_columns(count: int) -> tuple[int, int, int]:
    """(x of the first end column, column width, x of the Σ column) in the scoreboard."""
    x0, _y0, x1, _y1 = scoreboard_box()
    first, sigma_w = x0 + 40, 58
    width = (x1 - sigma_w - first) // max(count, 1)
    return first, width, x1 - sigma_w


def scoreboard_cell(row: int, column: int, count: int) -> c.Box:
    """A scoreboard cell: ``row`` 0 is the end numbers, 1 red, 2 blue; ``column``
    0-based among ``count`` end columns, or ``count`` for the Σ column."""
    _x0, y0, x1, y1 = scoreboard_box()
    first, width, sigma = _board_columns(count)
    h = (y1 - y0) // 3
    top = y0 + row * h
    if column >= count:
        return (sigma, top, x1, top + h)
    x = first + column * width
    return (x, top, x + width, top + h)


def die_box(i: int, *, raised: bool = False) -> c.Box:
    """The ``i``-th die (0–4); a die marked for the re-throw is drawn ``raised``."""
    x = PANEL_X + (PANEL_W - 5 * DIE - 4 * DIE_GAP) // 2 + i * (DIE + DIE_GAP)
    y = VARIANT_Y + 12 + DIE_RAISE - (DIE_RAISE if raised else 0)
    return (x, y, x + DIE, y + DIE)


CARDS_HEAD_H = 50


def deck_box() -> c.Box:
    """The deck and discard counts, first line of the card block."""
    return (PANEL_X + INSET, VARIANT_Y + 4, WIDTH - INSET, VARIANT_Y + CARDS_HEAD_H)


def main_card_box(i: int, count: int) -> c.Box:
    """The ``i``-th of ``count`` main cards (5 or 6)."""
    count = min(max(count, 1), 6)
    gap = 8
    w = min(60, (PANEL_W - 2 * INSET - (count - 1) * gap) // count)
    h = round(w * CARD_RATIO)
    x = PANEL_X + (PANEL_W - count * w - (count - 1) * gap) // 2 + i * (w + gap)
    y = VARIANT_Y + CARDS_HEAD_H + 6
    return (x, y, x + w, y + h)


SUB_W = 46
SUB_H = 62
SUB_Y = VARIANT_Y + CARDS_HEAD_H + 6 + round(60 * CARD_RATIO) + 12


def sub_row_box(seat: int) -> c.Box:
    """The row of ``seat``'s substitution cards (its stone first)."""
    y = SUB_Y + seat * (SUB_H + 8)
    return (PANEL_X + INSET, y, WIDTH - INSET, y + SUB_H)


def sub_card_box(seat: int, j: int) -> c.Box:
    """The ``j``-th substitution card ``seat`` holds."""
    x0, y0, _x1, y1 = sub_row_box(seat)
    x = x0 + 46 + j * (SUB_W + 6)
    return (x, y0, x + SUB_W, y1)


BIG_FOUL = 104


def foul_box() -> c.Box:
    """The big warning sign of a foul, at the right end of the bottom band."""
    x1 = WIDTH - INSET
    y = LIMIT_Y + (LIMIT_H - BIG_FOUL) // 2
    return (x1 - BIG_FOUL, y, x1, y + BIG_FOUL)


def limit_box(*, foul: bool = False) -> c.Box:
    """The throw limit L, with L1 and L2 (left of the foul sign when there is one)."""
    right = foul_box()[0] - 10 if foul else WIDTH - INSET
    return (PANEL_X + INSET, LIMIT_Y + 6, right, LIMIT_Y + 58)


def last_box(*, foul: bool = False) -> c.Box:
    """The last (or previewed) throw: who threw, its power and numbers."""
    right = foul_box()[0] - 10 if foul else WIDTH - INSET
    return (PANEL_X + INSET, LIMIT_Y + 62, right, HEIGHT - 6)


def winner_box() -> c.Box:
    """Once the match is over: a star and the winner's stone and name."""
    return (PANEL_X + INSET, VARIANT_Y + 20, WIDTH - INSET, VARIANT_Y + 120)


# ------------------------------------------------------------------- parsing


def _int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _list(value: object) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def _map(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names) and isinstance(names[seat], str) and names[seat].strip():
        return names[seat]
    return str(seat + 1)


def _pair(value: object) -> tuple[int, int]:
    items = [_int(v) for v in _list(value)[:2]]
    padded = [*items, 0, 0]
    return padded[0], padded[1]


@dataclass(frozen=True)
class Stone:
    cell: Cell
    colour: str
    n: int | None


@dataclass(frozen=True)
class _Move:
    colour: str
    n: int | None
    start: Cell | None  # where it stood
    end: Cell | None  # where it ends; None: it left the field
    path: tuple[Cell, ...]  # the cells it entered, when the view says
    exit: Cell  # the step it left the field by, when it did


@dataclass(frozen=True)
class _Segment:
    cells: tuple[Cell, ...]
    hits: tuple[Cell, ...]


@dataclass(frozen=True)
class _Throw:
    seat: int | None
    colour: str
    start: Cell | None
    path: tuple[Cell, ...]  # on-field cells the thrown stone entered
    left: Cell | None  # the step by which the thrown stone left the field, if it did
    stuck: bool  # it never left the start row (blocked at once): out of play there
    numbers: tuple[int, ...]
    power: int | None
    moves: tuple[_Move, ...]
    foul: bool
    segments: tuple[_Segment, ...]


def _stones(raw: object) -> tuple[Stone, ...]:
    out: dict[Cell, Stone] = {}
    for item in _list(raw)[:MAX_MARKS]:
        item = _map(item)
        cell = parse_cell(item.get("cell"))
        colour = item.get("colour")
        if cell is None or cell in out:
            continue
        n = _int(item.get("n"), -1)
        out[cell] = Stone(
            cell, colour if isinstance(colour, str) else "", n if 0 <= n < 100 else None
        )
    return tuple(out.values())


def _cells(raw: object) -> list[Cell]:
    return [cell for cell in (_raw_cell(v) for v in _list(raw)[:MAX_MARKS]) if cell is not None]


# Each trajectory's segment directions from a left start cell (rules/curling.md,
# "Trajectories"); a right start mirrors them.
TRAJECTORIES: Mapping[str, tuple[Cell, ...]] = {
    "reverse": ((0, 1), (1, 1)),
    "shortened": ((0, 1), (1, 1)),
    "triple": ((-1, 1), (0, 1), (1, 1)),
    "quadruple": ((-1, 1), (0, 1), (1, 1), (1, 0)),
    "semaphore": ((0, 1), (1, 1)),
}


def trajectory_steps(trajectory: object, start: Cell | None) -> tuple[Cell, ...]:
    """The step of each segment of ``trajectory`` thrown from ``start``
    (mirrored for the right start cells e0, f0); empty if unknown."""
    steps = TRAJECTORIES.get(trajectory, ()) if isinstance(trajectory, str) else ()
    if start is not None and start[0] >= COLS // 2:
        return tuple((-dc, dr) for dc, dr in steps)
    return steps


def _moves(raw: object) -> tuple[_Move, ...]:
    out = []
    for item in _list(raw)[:MAX_MARKS]:
        item = _map(item)
        colour = item.get("colour")
        n = _int(item.get("n"), -1)
        start = parse_cell(item.get("from"))
        out.append(
            _Move(
                colour=colour if isinstance(colour, str) else "",
                n=n if 0 <= n < 100 else None,
                start=start,
                end=parse_cell(item.get("to")),
                path=tuple(p for p in _cells(item.get("path")) if on_field(p)),
                exit=(0, 0),
            )
        )
    return tuple(out)


def _adjacent(a: Cell, b: Cell) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def _trail(move: _Move) -> list[Cell]:
    """Every cell a struck stone stood on, from its old place to its new one."""
    trail = ([move.start] if move.start else []) + list(move.path)
    if move.end is not None and (not trail or trail[-1] != move.end):
        trail.append(move.end)
    return trail


def _pushed_steps(
    moves: Sequence[_Move], start: Cell | None, path: Sequence[Cell], segments: Sequence[_Segment]
) -> list[Cell]:
    """The step each struck stone last moved by ((0, 0) when nothing tells).

    A stone's own cells give it. A stone knocked straight on (or off the
    field) without entering a cell goes the way its striker went: the
    thrown stone at the end of a segment, or a stone of the same chain.
    """
    known: dict[int, Cell] = {}
    busy: set[int] = set()

    def pushed(i: int) -> Cell:
        if i in known:
            return known[i]
        trail = _trail(moves[i])
        if len(trail) >= 2:
            known[i] = _step(trail[-2], trail[-1])
            return known[i]
        known[i] = (0, 0)
        if not trail or i in busy:
            return known[i]
        busy.add(i)
        cell = trail[-1]
        here = start
        for seg in segments:  # struck by the thrown stone where a segment ended
            end = seg.cells[-1] if seg.cells else here
            if end is not None and cell in seg.hits and _adjacent(end, cell):
                known[i] = _step(end, cell)
                return known[i]
            here = end
        for j, other in enumerate(moves):  # struck by a stone of a chain
            ends = _trail(other)
            if j != i and ends:
                dc, dr = pushed(j)
                if (dc, dr) != (0, 0) and (ends[-1][0] + dc, ends[-1][1] + dr) == cell:
                    known[i] = (dc, dr)
                    return known[i]
        for q in reversed(([start] if start else []) + list(path)):  # a last throw: no segments
            if _adjacent(q, cell):
                known[i] = _step(q, cell)
                break
        return known[i]

    return [pushed(i) for i in range(len(moves))]


def _thrown_exit(trail: Sequence[Cell], steps: Sequence[Cell], played: int) -> Cell:
    """The step by which the thrown stone left the field from the end of ``trail``:
    the segment it was playing (``played`` segments, when the view tells) or its
    last step, or a later segment's, whichever leads off the field from there."""
    here = trail[-1]
    candidates: list[Cell] = []
    if 0 < played <= len(steps):
        candidates.append(steps[played - 1])
    if len(trail) >= 2:
        last = _step(trail[-2], trail[-1])
        candidates.append(last)
        if last in steps:
            candidates.extend(steps[steps.index(last) + 1 :])
    for dc, dr in candidates:
        if not on_field((here[0] + dc, here[1] + dr)):
            return dc, dr
    return candidates[0] if candidates else (0, 1)


def _throw(raw: object, view: Mapping[str, Any], stones: Sequence[Stone]) -> _Throw | None:
    if not isinstance(raw, Mapping):
        return None
    colours = _colours(view)
    seat = _int(raw.get("seat"), -1)
    colour = colours[seat] if 0 <= seat < 2 else ""
    start = parse_cell(raw.get("start"))
    segments = []
    for seg in _list(raw.get("segments"))[:8]:
        seg = _map(seg)
        segments.append(
            _Segment(
                cells=tuple(p for p in _cells(seg.get("cells")) if on_field(p)),
                hits=tuple(p for p in _cells(seg.get("hits")) if on_field(p)),
            )
        )
    path = tuple(p for p in _cells(raw.get("path")) if on_field(p))
    if not path and segments:
        path = tuple(p for s in segments for p in s.cells)
    foul = raw.get("foul") is True
    moves = _moves(raw.get("moves"))
    steps = _pushed_steps(moves, start, path, segments)
    moves = tuple(
        replace(m, exit=step) if m.end is None else m for m, step in zip(moves, steps, strict=True)
    )
    # The thrown stone left the field when it is not where its path ends
    # (after a foul it is taken off anyway: nothing to mark).
    left: Cell | None = None
    here = path[-1] if path else None
    if (
        not foul
        and colour
        and here
        and not any(s.cell == here and s.colour == colour for s in stones)
    ):
        trail = ([start] if start else []) + list(path)
        left = _thrown_exit(trail, trajectory_steps(raw.get("trajectory"), start), len(segments))
    numbers = tuple(v for v in (_int(x, -1) for x in _list(raw.get("numbers"))[:8]) if v >= 0)
    power = _int(raw.get("power"), -1)
    return _Throw(
        seat=seat if 0 <= seat < 2 else None,
        colour=colour,
        start=start,
        path=path,
        left=left,
        stuck=not foul and start is not None and not path and bool(colour),
        numbers=numbers,
        power=power if 0 <= power < 100 else None,
        moves=moves,
        foul=foul,
        segments=tuple(segments),
    )


def _colours(view: Mapping[str, Any]) -> tuple[str, str]:
    raw = _list(view.get("colours"))
    if len(raw) >= 2 and all(isinstance(v, str) for v in raw[:2]):
        return raw[0], raw[1]
    return "red", "blue"


@dataclass(frozen=True)
class _Context:
    colours: tuple[str, str]
    ends: int
    end: int
    hammer: int | None
    turn: int | None
    over: bool
    winners: frozenset[int]
    stones: tuple[Stone, ...]
    to_throw: tuple[int, int]
    out: tuple[int, int]
    house: tuple[int, int]
    end_scores: tuple[tuple[int, int], ...]
    match: tuple[int, int]
    variant: str
    dice: tuple[int, ...] | None
    marked: tuple[bool, ...]
    main: tuple[str, ...]
    subs: tuple[tuple[str, ...], tuple[str, ...]]
    deck: int | None
    discard: int | None
    limit: tuple[int | None, int | None, int | None] | None


def _seat(value: object) -> int | None:
    seat = _int(value, -1)
    return seat if 0 <= seat < 2 else None


def _by_colour(raw: object, colours: tuple[str, str]) -> tuple[int, int]:
    m = _map(raw)
    return max(0, _int(m.get(colours[0]))), max(0, _int(m.get(colours[1])))


def _context(view: Mapping[str, Any]) -> _Context:
    colours = _colours(view)
    over = view.get("over") is True
    dice_raw = view.get("dice")
    dice = None
    if isinstance(dice_raw, list | tuple):
        dice = tuple(min(max(_int(v), 0), 6) for v in dice_raw[:5])
    marked = tuple(v is True for v in _list(view.get("marked"))[:5])
    cards = _map(view.get("cards"))
    subs_raw = _list(cards.get("subs"))
    subs = tuple(
        tuple(str(v) for v in _list(subs_raw[i] if i < len(subs_raw) else None)[:5])
        for i in range(2)
    )
    limit_raw = view.get("limit")
    limit = None
    if isinstance(limit_raw, Mapping):

        def value(key: str) -> int | None:
            v = _int(limit_raw.get(key), -1)
            return v if 0 <= v < 100 else None

        limit = (value("l1"), value("l2"), value("l"))
    variant = view.get("variant")
    deck, discard = _int(cards.get("deck"), -1), _int(cards.get("discard"), -1)
    return _Context(
        colours=colours,
        ends=min(max(_int(view.get("ends"), 8), 1), 99),
        end=min(max(_int(view.get("end"), 1), 1), 999),
        hammer=_seat(view.get("hammer")),
        turn=None if over else _seat(view.get("turn")),
        over=over,
        winners=frozenset(s for s in map(_seat, _list(view.get("winners"))) if s is not None)
        if over
        else frozenset(),
        stones=_stones(view.get("stones")),
        to_throw=_by_colour(view.get("to_throw"), colours),
        out=_by_colour(view.get("out"), colours),
        house=_pair(_map(view.get("house")).get("score")),
        end_scores=tuple(_pair(v) for v in _list(view.get("end_scores"))[:99]),
        match=_pair(view.get("match")),
        variant="cards" if variant == "cards" or (cards and variant != "dice") else "dice",
        dice=dice,
        marked=marked,
        main=tuple(str(v) for v in _list(cards.get("main"))[:6]),
        subs=(subs[0], subs[1]),
        deck=deck if deck >= 0 else None,
        discard=discard if discard >= 0 else None,
        limit=limit,
    )


# ------------------------------------------------------------------- sprites


def _supersampled(size: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    big = size * c.SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    return im, ImageDraw.Draw(im), big


def _down(im: Image.Image, size: int) -> Image.Image:
    # A box filter, not Lanczos: flat areas keep their exact colour (no ringing),
    # so a stone's fill stays one palette colour and pixel checks can count it.
    return im.resize((size, size), Image.Resampling.BOX)


def stone_colour(colour: str) -> c.RGB:
    """The fill of a stone of ``colour`` ("red", "blue"; grey for anything else)."""
    return STONE_COLOURS.get(colour, c.MUTED)


@lru_cache(maxsize=128)
def stone_sprite(colour: str, n: int | None, diameter: int, *, halo: bool = False) -> Image.Image:
    """A stone, RGBA, cached: red has one continuous light ring, blue a dashed one,
    so they differ by more than hue; ``n`` (if given) is printed on it.
    ``halo`` rings it in the path colour (the thrown stone); the sprite then
    grows by :data:`HALO` on every side."""
    extra = HALO if halo else 0
    size = diameter + 2 * extra
    im, d, big = _supersampled(size)
    s = c.SUPERSAMPLE
    if halo:
        d.ellipse((0, 0, big - 1, big - 1), fill=PATH)
    o = extra * s
    disc = (o, o, big - 1 - o, big - 1 - o)
    d.ellipse(
        disc, fill=stone_colour(colour), outline=c.INK, width=max(s, round(diameter / 24 * s))
    )
    width = max(s, round(diameter * (0.09 if colour == "blue" else 0.05) * s))
    # Pillow draws an outline inside its box: grow the box by half the width
    # so the ring's middle runs at RING × the stone's radius.
    ring_r = (big - 2 * o) / 2 * RING + width / 2
    ring = (big / 2 - ring_r, big / 2 - ring_r, big / 2 + ring_r, big / 2 + ring_r)
    if colour == "blue":
        for k in range(8):
            start = k * 45 + 8
            d.arc(ring, start, start + 26, fill=c.PAPER, width=width)
    elif colour == "red":
        d.ellipse(ring, outline=c.PAPER, width=width)
    im = _down(im, size)
    if n is not None:
        label = str(n)
        fnt = c.fit_font(label, diameter * 0.56, round(diameter * 0.62), bold=True, min_size=8)
        ImageDraw.Draw(im).text(
            (size / 2, size / 2 + 1),
            label,
            font=fnt,
            fill=c.PAPER,
            anchor="mm",
            stroke_width=max(1, diameter // 22),
            stroke_fill=c.INK,
        )
    return im


@lru_cache(maxsize=8)
def _ghost(colour: str, diameter: int) -> Image.Image:
    """Where a struck stone stood: a dashed circle in its colour."""
    im, d, big = _supersampled(diameter)
    width = round(3 * c.SUPERSAMPLE)
    for k in range(12):
        d.arc(
            (width, width, big - width, big - width),
            k * 30,
            k * 30 + 18,
            fill=stone_colour(colour),
            width=width,
        )
    return _down(im, diameter)


@lru_cache(maxsize=8)
def _cross(colour: str, size: int) -> Image.Image:
    """A stone that left the field: a thick cross in its colour, outlined in ink."""
    im, d, big = _supersampled(size)
    m = big * 0.14
    for width, fill in ((big * 0.30, c.INK), (big * 0.18, stone_colour(colour))):
        d.line((m, m, big - m, big - m), fill=fill, width=round(width))
        d.line((m, big - m, big - m, m), fill=fill, width=round(width))
    return _down(im, size)


@lru_cache(maxsize=8)
def warning_sign(size: int) -> Image.Image:
    """A red warning triangle with a white "!" (drawn, not a font glyph): a foul."""
    im, d, big = _supersampled(size)
    top, bottom = big * 0.06, big * 0.92
    d.polygon(
        [(big / 2, top), (big * 0.98, bottom), (big * 0.02, bottom)],
        fill=FOUL,
        outline=c.INK,
        width=max(1, round(big * 0.025)),
    )
    w = big * 0.055
    d.rounded_rectangle(
        (big / 2 - w, big * 0.34, big / 2 + w, big * 0.66), radius=round(w), fill=c.PAPER
    )
    d.ellipse(
        (big / 2 - w * 1.1, big * 0.72, big / 2 + w * 1.1, big * 0.72 + 2.2 * w), fill=c.PAPER
    )
    return _down(im, size)


@lru_cache(maxsize=4)
def hammer_icon(size: int) -> Image.Image:
    """The hammer (the last throw of the end): a wooden handle and an ink head."""
    im, d, big = _supersampled(size)
    d.line((big * 0.16, big * 0.86, big * 0.62, big * 0.36), fill=WOOD, width=round(big * 0.14))
    dx, dy = 0.46 / math.hypot(0.46, -0.5), -0.5 / math.hypot(0.46, -0.5)  # along the handle
    px, py = -dy, dx  # across it
    cx, cy = big * 0.64, big * 0.34
    half_l, half_w = big * 0.34, big * 0.13
    points = [
        (cx + sx * px * half_l + sy * dx * half_w, cy + sx * py * half_l + sy * dy * half_w)
        for sx, sy in ((1, 1), (1, -1), (-1, -1), (-1, 1))
    ]
    d.polygon(points, fill=c.INK)
    return _down(im, size)


@lru_cache(maxsize=4)
def _target(size: int) -> Image.Image:
    """The house as an icon: three rings, outer blue, middle white, centre gold."""
    im, d, big = _supersampled(size)
    width = max(1, round(big * 0.03))
    for frac, fill in ((1.0, HOUSE_OUTER), (0.64, HOUSE_MIDDLE), (0.30, HOUSE_CENTRE)):
        r = (big - 2) / 2 * frac
        d.ellipse(
            (big / 2 - r, big / 2 - r, big / 2 + r, big / 2 + r),
            fill=fill,
            outline=LINE,
            width=width,
        )
    return _down(im, size)


@lru_cache(maxsize=4)
def _eye(size: int) -> Image.Image:
    """The preview's eye: "what would happen"."""
    im, d, big = _supersampled(size)
    h = big * 0.34
    upper = [
        (big * (0.5 - 0.47 * math.cos(t)), big / 2 - h * math.sin(t))
        for t in (i * math.pi / 24 for i in range(25))
    ]
    lower = [(x, big - y) for x, y in reversed(upper)]
    d.polygon(upper + lower, fill=c.PAPER, outline=PREVIEW, width=round(big * 0.07))
    r = big * 0.17
    d.ellipse((big / 2 - r, big / 2 - r, big / 2 + r, big / 2 + r), fill=PREVIEW)
    return _down(im, size)


@lru_cache(maxsize=32)
def die_face(value: int, size: int, *, marked: bool = False) -> Image.Image:
    """A die showing ``value`` pips (0: not thrown yet, a blank grey face); RGBA,
    cached. A die ``marked`` for the re-throw gets a thick turn-coloured frame."""
    im, d, big = _supersampled(size)
    s = c.SUPERSAMPLE
    frame = round(4 * s) if marked else round(2 * s)
    d.rounded_rectangle(
        (0, 0, big - 1, big - 1),
        radius=round(big * 0.18),
        fill=c.PAPER if value else c.BACKGROUND,
        outline=c.TURN_MARK if marked else c.MUTED,
        width=frame,
    )
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.27, 0.27), (0.73, 0.73)],
        3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
        6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
    }.get(value, [])
    r = big * 0.085
    for fx, fy in spots:
        d.ellipse((big * fx - r, big * fy - r, big * fx + r, big * fy + r), fill=c.INK)
    return _down(im, size)


@lru_cache(maxsize=8)
def _number_tag(label: str, size: int) -> Image.Image:
    """A segment's number on the previewed path: ink on white in a path-coloured square."""
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (0, 0, size - 1, size - 1),
        radius=size // 5,
        fill=c.PAPER,
        outline=PATH,
        width=max(2, size // 9),
    )
    fnt = c.fit_font(label, size * 0.7, round(size * 0.7), bold=True, min_size=8)
    d.text((size / 2, size / 2 + 1), label, font=fnt, fill=c.INK, anchor="mm")
    return im


@lru_cache(maxsize=4)
def _discard_icon(width: int, height: int) -> Image.Image:
    """A pile of face-up blank cards: the discard pile."""
    im = Image.new("RGBA", (width + 8, height + 6), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    for k, (dx, dy) in enumerate(((8, 0), (4, 3), (0, 6))):
        fill = c.FAINT if k < 2 else c.PAPER
        d.rounded_rectangle(
            (dx, dy, dx + width - 1, dy + height - 1), radius=4, fill=fill, outline=c.MUTED, width=2
        )
    return im


# ----------------------------------------------------------------- the field


def _zone_rect(cols: tuple[int, int], rows: tuple[int, int]) -> c.Box:
    x0, _y0, _x1, y1 = cell_box((cols[0], rows[0]))
    _x0, y0, x1, _y1 = cell_box((cols[1], rows[1]))
    return (x0, y0, x1, y1)


@lru_cache(maxsize=1)
def _base() -> Image.Image:
    """The empty table (field, zones, grid, labels, panel ground) as an RGB image; cached."""
    im = Image.new("RGB", (WIDTH, HEIGHT), c.BACKGROUND)
    d = ImageDraw.Draw(im)
    d.rectangle((PANEL_X, 0, WIDTH, HEIGHT), fill=c.PANEL)
    d.line((PANEL_X, 0, PANEL_X, HEIGHT), fill=c.FAINT, width=2)
    fx0, fy0, fx1, fy1 = field_box()
    d.rectangle((fx0, fy0, fx1 - 1, fy1 - 1), fill=ICE)
    g = _zone_rect((0, 7), (1, 5))
    d.rectangle((g[0], g[1], g[2] - 1, g[3] - 1), fill=GUARD_ZONE)
    s = _zone_rect((0, 7), (0, 0))
    d.rectangle((s[0], s[1], s[2] - 1, s[3] - 1), fill=START_ROW)
    # The house: nested rounded squares, like the rings of a curling target.
    for cols, rows, fill, radius in (
        ((1, 6), (6, 11), HOUSE_OUTER, 30),
        ((2, 5), (7, 10), HOUSE_MIDDLE, 22),
        ((3, 4), (8, 9), HOUSE_CENTRE, 16),
    ):
        x0, y0, x1, y1 = _zone_rect(cols, rows)
        d.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=radius, fill=fill)
    for col in range(1, COLS):
        x = FIELD_X + col * CELL
        d.line((x, fy0, x, fy1 - 1), fill=GRID, width=1)
    for row in range(1, ROWS):
        y = FIELD_Y + row * CELL
        d.line((fx0, y, fx1 - 1, y), fill=GRID, width=1)
    for cols, rows, radius in (((1, 6), (6, 11), 30), ((2, 5), (7, 10), 22), ((3, 4), (8, 9), 16)):
        x0, y0, x1, y1 = _zone_rect(cols, rows)
        d.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=radius, outline=LINE, width=2)
    # The hog line (guard zone | upper field) and the start line.
    for row in (5, 0):
        y = cell_box((0, row))[1]
        d.line((fx0, y, fx1 - 1, y), fill=LINE, width=3)
    d.rectangle((fx0, fy0, fx1 - 1, fy1 - 1), outline=LINE, width=2)
    # Start cells: darker pads, the left pair curling clockwise, the right pair counter-clockwise.
    curl = c.font(30, bold=True)
    for name in START_CELLS:
        x0, y0, x1, y1 = cell_box(name)
        d.rounded_rectangle(
            (x0 + 5, y0 + 5, x1 - 6, y1 - 6), radius=10, fill=START_CELL, outline=LINE, width=2
        )
        symbol = "↻" if name in START_CELLS[:2] else "↺"
        c.draw_centred(d, ((x0 + x1) / 2, (y0 + y1) / 2), symbol, curl, c.PAPER)
    # Labels: letters above and below, row names (and numbers) on the left.
    letter = c.font(32, bold=True)
    for col in range(COLS):
        for top in (True, False):
            x0, y0, x1, y1 = column_label_box(col, top=top)
            c.draw_centred(d, ((x0 + x1) / 2, (y0 + y1) / 2), LETTERS[col], letter, LABEL)
    name_font, number_font = c.font(30, bold=True), c.font(20)
    for row in range(ROWS):
        x0, y0, x1, y1 = row_label_box(row)
        cy = (y0 + y1) / 2
        c.draw_text(d, (x1, cy), row_name(row), name_font, LABEL, anchor="rm")
        c.draw_text(d, (x0 + 2, cy), str(row), number_font, c.MUTED, anchor="lm")
        if row == 0:  # the start row: a launch triangle instead of a name
            d.polygon([(x1 - 34, cy + 12), (x1 - 2, cy + 12), (x1 - 18, cy - 14)], fill=LABEL)
    return im


def _polyline(
    draw: ImageDraw.ImageDraw, points: Sequence[tuple[int, int]], fill: c.RGB, width: int
) -> None:
    if len(points) >= 2:
        draw.line(list(points), fill=fill, width=width, joint="curve")
    r = width / 2
    for x, y in (points[0], points[-1]) if points else ():
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def _arrow_head(
    draw: ImageDraw.ImageDraw,
    tail: tuple[float, float],
    tip: tuple[float, float],
    size: float,
    fill: c.RGB,
) -> None:
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    draw.polygon(
        [
            tip,
            (bx - uy * size * 0.55, by + ux * size * 0.55),
            (bx + uy * size * 0.55, by - ux * size * 0.55),
        ],
        fill=fill,
    )


def burst_centre(striker: Cell | None, hit: Cell) -> tuple[int, int]:
    """Where a collision is drawn: between the striking stone's cell and the
    struck stone's (``hit``), or on ``hit`` when the striker is not beside it."""
    hx, hy = cell_centre(hit)
    if striker is None or not _adjacent(striker, hit):
        return hx, hy
    sx, sy = cell_centre(striker)
    return (sx + hx) // 2, (sy + hy) // 2


def _burst(draw: ImageDraw.ImageDraw, centre: tuple[int, int]) -> None:
    cx, cy = centre
    outer, inner = CELL * 0.40, CELL * 0.22
    points = [
        (
            cx + (outer if i % 2 == 0 else inner) * math.cos(math.pi * i / 8 + math.pi / 16),
            cy + (outer if i % 2 == 0 else inner) * math.sin(math.pi * i / 8 + math.pi / 16),
        )
        for i in range(16)
    ]
    draw.polygon(points, fill=BURST, outline=c.INK, width=2)


def _paste_centred(canvas: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    c.paste(
        canvas, sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2))
    )


def _thrown_cell(throw: _Throw, stones: Sequence[Stone]) -> Cell | None:
    """Where the thrown stone ends (None: it left the field or the throw was undone)."""
    if throw.foul or throw.left is not None or not throw.path:
        return None
    here = throw.path[-1]
    return here if any(s.cell == here for s in stones) else None


def _segment_polylines(throw: _Throw) -> list[tuple[list[tuple[int, int]], _Segment]]:
    """Each previewed segment as pixel points, from where the stone was when it began."""
    out = []
    here = throw.start
    for seg in throw.segments:
        points = [cell_centre(p) for p in ([here] if here else []) + list(seg.cells)]
        out.append((points, seg))
        if seg.cells:
            here = seg.cells[-1]
    return out


def segment_label_centre(
    points: Sequence[tuple[int, int]], hits: Sequence[Cell]
) -> tuple[int, int] | None:
    """Where a segment's number tag goes: half way along it, or, for a segment
    that struck at once, beside the collision (left of the way it went)."""
    if len(points) >= 2:
        lengths = [math.dist(a, b) for a, b in itertools.pairwise(points)]
        half = sum(lengths) / 2
        for (a, b), length in zip(itertools.pairwise(points), lengths, strict=True):
            if half <= length and length > 0:
                t = half / length
                return round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)
            half -= length
        return points[-1]
    if points and hits:
        (px, py), (hx, hy) = points[0], cell_centre(hits[0])
        length = math.hypot(hx - px, hy - py) or 1
        side = TAG * 0.95  # clear of the burst drawn at the collision
        return (
            round((px + hx) / 2 + (hy - py) / length * side),
            round((py + hy) / 2 - (hx - px) / length * side),
        )
    return None


def _draw_throw(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, throw: _Throw, stones: Sequence[Stone]
) -> None:
    """Everything a throw draws under the stones: path, bends, bursts, ghosts, moves."""
    if throw.start is not None:
        x0, y0, x1, y1 = cell_box(throw.start)
        draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 4, y1 - 4), radius=12, outline=PATH, width=4)
    trail = ([throw.start] if throw.start else []) + list(throw.path)
    points = [cell_centre(p) for p in trail]
    if throw.left is not None and trail:
        points.append(exit_point(trail[-1], throw.left))
    _polyline(draw, points, PATH, PATH_W)
    # A dot at every bend, so the segments read apart.
    for a, b, d in zip(trail, trail[1:], trail[2:], strict=False):
        if _step(a, b) != _step(b, d):
            x, y = cell_centre(b)
            draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill=PATH, outline=c.PAPER, width=2)
    here = throw.start
    for seg in throw.segments:
        here = seg.cells[-1] if seg.cells else here
        for hit in seg.hits:
            _burst(draw, burst_centre(here, hit))
    occupied = {s.cell for s in stones}
    for move in throw.moves:
        if move.start is not None and move.start not in occupied:
            _paste_centred(canvas, _ghost(move.colour, STONE_D), cell_centre(move.start))
    for move in throw.moves:
        trail_m = _trail(move)
        pts: list[tuple[float, float]] = [cell_centre(p) for p in trail_m]
        if move.end is None and trail_m:
            pts.append(exit_point(trail_m[-1], move.exit))
        if len(pts) < 2:
            continue
        tip, tail = pts[-1], pts[-2]
        if move.end is not None:  # stop at the stone's rim, so the head shows
            dx, dy = tip[0] - tail[0], tip[1] - tail[1]
            length = math.hypot(dx, dy) or 1
            back = min(STONE_D / 2 + 2, length * 0.6)
            tip = (tip[0] - dx / length * back, tip[1] - dy / length * back)
            pts[-1] = tip
        draw.line([(round(x), round(y)) for x, y in pts], fill=MOVE, width=MOVE_W, joint="curve")
        _arrow_head(draw, tail, tip, 14, MOVE)


def _draw_throw_marks(canvas: Image.Image, throw: _Throw, *, preview: bool) -> None:
    """Everything a throw draws over the stones: crosses, segment numbers, foul sign."""
    trail = ([throw.start] if throw.start else []) + list(throw.path)
    if throw.left is not None and trail:
        _paste_centred(canvas, _cross(throw.colour, CROSS), exit_point(trail[-1], throw.left))
    if throw.stuck and throw.start is not None:
        _paste_centred(canvas, _cross(throw.colour, CROSS + 8), cell_centre(throw.start))
    for move in throw.moves:
        if move.end is None:
            last = ([move.start] if move.start else []) + list(move.path)
            if last:
                _paste_centred(canvas, _cross(move.colour, CROSS), exit_point(last[-1], move.exit))
    if preview:
        for i, (points, seg) in enumerate(_segment_polylines(throw)):
            where = segment_label_centre(points, seg.hits)
            if where is not None and i < len(throw.numbers):
                _paste_centred(canvas, _number_tag(str(throw.numbers[i]), TAG), where)
    if throw.foul and trail:
        # Where the thrown stone would have stopped: the foul took it off, so the cell is free.
        _paste_centred(canvas, warning_sign(CELL - 16), cell_centre(trail[-1]))


def _draw_field(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    stones: Sequence[Stone],
    throw: _Throw | None,
    *,
    preview: bool,
) -> None:
    if throw is not None:
        _draw_throw(canvas, draw, throw, stones)
    thrown = _thrown_cell(throw, stones) if throw is not None else None
    for stone in stones:
        sprite = stone_sprite(stone.colour, stone.n, STONE_D, halo=stone.cell == thrown)
        _paste_centred(canvas, sprite, cell_centre(stone.cell))
    if throw is not None:
        _draw_throw_marks(canvas, throw, preview=preview)


# --------------------------------------------------------------------- panel


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
    score: int
    to_throw: int
    out: int


@lru_cache(maxsize=64)
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
    _sx0, sy0, sx1, sy1 = local(score_box(r.seat))
    sigma, value = c.font(24), c.font(38, bold=True)
    label = str(r.score)
    c.draw_text(d, (sx1, (sy0 + sy1) / 2), label, value, c.INK, anchor="rm")
    c.draw_text(
        d, (sx1 - value.getlength(label) - 6, (sy0 + sy1) / 2 + 2), "Σ", sigma, c.MUTED, anchor="rm"
    )
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
        _paste_centred(im, _cross(r.colour, 20), (ox0 + SMALL_STONE / 2, cy))
        c.draw_text(d, (ox0 + SMALL_STONE + 4, cy), f"×{r.out}", c.font(26, bold=True), c.INK)
    return im


def _draw_end(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: _Context, *, preview: bool
) -> None:
    x0, y0, x1, y1 = end_box()
    cy = (y0 + y1) // 2
    x = x0 + INSET + 6
    icon = _target(48)
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
        c.paste(canvas, _eye(64), (ex0, ey0 - 5))
    draw.line((x0, y1 - 1, x1, y1 - 1), fill=c.FAINT, width=2)


def _draw_house(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: _Context, house: tuple[int, int]
) -> None:
    x0, y0, x1, y1 = house_box()
    cy = (y0 + y1) // 2
    c.paste(canvas, _target(52), (x0 + INSET + 4, cy - 26))
    big = c.font(64, bold=True)
    for side in (0, 1):
        bx0, by0, bx1, by1 = house_number_box(side)
        c.draw_centred(draw, ((bx0 + bx1) / 2, (by0 + by1) / 2), str(house[side]), big, c.INK)
        stone = stone_sprite(ctx.colours[side], None, 40)
        sx = bx0 - 8 - stone.width if side == 0 else bx1 + 8
        c.paste(canvas, stone, (sx, cy - stone.height // 2))
    mid = (house_number_box(0)[2] + house_number_box(1)[0]) / 2
    c.draw_centred(draw, (mid, cy - 4), ":", big, c.INK)
    draw.line((x0, y1 - 1, x1, y1 - 1), fill=c.FAINT, width=2)


def _draw_scoreboard(canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: _Context) -> None:
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


def _draw_dice(canvas: Image.Image, ctx: _Context) -> None:
    values = list(ctx.dice) if ctx.dice is not None else [0] * 5
    for i in range(5):
        value = values[i] if i < len(values) else 0
        marked = i < len(ctx.marked) and ctx.marked[i] and value > 0
        x0, y0, _x1, _y1 = die_box(i, raised=marked)
        c.paste(canvas, die_face(value, DIE, marked=marked), (x0, y0))


def _draw_cards(canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: _Context) -> None:
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
        pile = _discard_icon(28, 38)
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


def _draw_limit(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: _Context, throw: _Throw | None
) -> None:
    draw.line((PANEL_X, LIMIT_Y, WIDTH, LIMIT_Y), fill=c.FAINT, width=2)
    foul = throw is not None and throw.foul
    if foul:
        x0, y0, _x1, _y1 = foul_box()
        c.paste(canvas, warning_sign(BIG_FOUL), (x0, y0))
    if ctx.limit is not None and not ctx.over:
        l1, l2, limit = ctx.limit
        x0, y0, x1, y1 = limit_box(foul=foul)
        cy = (y0 + y1) // 2
        small, small_bold = c.font(26), c.font(26, bold=True)
        x = x0 + 4
        for key, value in (("L1", l1), ("L2", l2)):
            c.draw_text(draw, (x, cy), key, small, c.MUTED)
            x += round(small.getlength(key)) + 8
            text = "–" if value is None else str(value)
            c.draw_text(draw, (x, cy), text, small_bold, c.INK)
            x += round(small_bold.getlength(text)) + 24
        if limit is not None:
            big = c.font(36, bold=True)
            text = f"L {limit}"
            w = round(big.getlength(text)) + 28
            draw.rounded_rectangle(
                (x1 - w, y0 + 2, x1, y1 - 2),
                radius=12,
                fill=c.TURN_BAND,
                outline=c.TURN_MARK,
                width=3,
            )
            c.draw_centred(draw, (x1 - w / 2, cy), text, big, c.INK)
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
        c.draw_text(draw, (x, cy), "P", fnt, c.MUTED)
        x += round(fnt.getlength("P")) + 6
        c.draw_text(draw, (x, cy), str(throw.power), bold, c.INK)
        x += round(bold.getlength(str(throw.power))) + 20
    if throw.numbers:
        text = " ".join(str(n) for n in throw.numbers)
        c.draw_text(draw, (x, cy), c.ellipsize(text, bold, x1 - x), bold, PATH)


def _draw_winners(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: _Context, names: Sequence[str]
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


def _draw_panel(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    ctx: _Context,
    names: Sequence[str],
    house: tuple[int, int],
    throw: _Throw | None,
    *,
    preview: bool,
) -> None:
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
            score=ctx.match[seat],
            to_throw=ctx.to_throw[seat],
            out=ctx.out[seat],
        )
        canvas.paste(_row_sprite(row), player_box(seat)[:2])
    _draw_house(canvas, draw, ctx, house)
    _draw_scoreboard(canvas, draw, ctx)
    if ctx.over:
        _draw_winners(canvas, draw, ctx, names)
    elif ctx.variant == "cards":
        _draw_cards(canvas, draw, ctx)
    else:
        _draw_dice(canvas, ctx)
    _draw_limit(canvas, draw, ctx, throw)


def _dashed_frame(draw: ImageDraw.ImageDraw) -> None:
    """The preview's frame: indigo dashes all round the image."""
    width, dash, gap = 8, 34, 18
    for x in range(0, WIDTH, dash + gap):
        draw.rectangle((x, 0, min(x + dash, WIDTH) - 1, width - 1), fill=PREVIEW)
        draw.rectangle((x, HEIGHT - width, min(x + dash, WIDTH) - 1, HEIGHT - 1), fill=PREVIEW)
    for y in range(0, HEIGHT, dash + gap):
        draw.rectangle((0, y, width - 1, min(y + dash, HEIGHT) - 1), fill=PREVIEW)
        draw.rectangle((WIDTH - width, y, WIDTH - 1, min(y + dash, HEIGHT) - 1), fill=PREVIEW)


# ------------------------------------------------------------------ entrances


def _render(
    view: Mapping[str, Any], names: Sequence[str], preview: Mapping[str, Any] | None
) -> bytes:
    view = _map(view)
    ctx = _context(view)
    canvas = _base().copy()
    draw = ImageDraw.Draw(canvas)
    if preview is None:
        stones = ctx.stones
        throw = _throw(view.get("last"), view, stones)
        house = ctx.house
    else:
        stones = _stones(preview.get("stones"))
        throw = _throw({**preview, "segments": preview.get("segments") or []}, view, stones)
        house = _pair(_map(preview.get("house")).get("score"))
    _draw_field(canvas, draw, stones, throw, preview=preview is not None)
    _draw_panel(canvas, draw, ctx, names, house, throw, preview=preview is not None)
    if preview is not None:
        _dashed_frame(draw)
    return c.encode_png(c.to_palette(canvas, keep=KEEP))


def render_table(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The Logical Curling table (field, stones, last throw, players) as PNG bytes.

    ``view`` is a curling view (``docs/views.md``); ``names`` are display
    names in seat order. Odd or broken views draw what they can instead of
    raising.
    """
    return _render(view, names, None)


def render_preview(
    view: Mapping[str, Any], preview: Mapping[str, Any], *, names: Sequence[str]
) -> bytes:
    """The table as it would be after a throw not yet made, as PNG bytes.

    ``preview`` is what the game's ``preview`` returns (``docs/views.md``):
    the throw's data as in ``last`` plus ``stones``, ``house`` and
    ``segments``. Same size as :func:`render_table`; a dashed frame and an
    eye mark it as a preview.
    """
    return _render(view, names, _map(preview))


__all__ = [
    "BURST",
    "CELL",
    "COLS",
    "FOUL",
    "HEIGHT",
    "KEEP",
    "PATH",
    "PREVIEW",
    "RING",
    "ROWS",
    "START_CELL",
    "STONE_COLOURS",
    "STONE_D",
    "TRAJECTORIES",
    "WIDTH",
    "WOOD",
    "ZONE_COLOURS",
    "Stone",
    "burst_centre",
    "cell_box",
    "cell_centre",
    "cell_name",
    "column_label_box",
    "deck_box",
    "die_box",
    "die_face",
    "end_box",
    "exit_point",
    "field_box",
    "foul_box",
    "hammer_box",
    "hammer_icon",
    "house_box",
    "house_number_box",
    "last_box",
    "limit_box",
    "main_card_box",
    "marker_box",
    "name_box",
    "on_field",
    "out_box",
    "parse_cell",
    "player_box",
    "preview_mark_box",
    "render_preview",
    "render_table",
    "row_label_box",
    "row_name",
    "score_box",
    "scoreboard_box",
    "scoreboard_cell",
    "segment_label_centre",
    "stone_colour",
    "stone_sprite",
    "sub_card_box",
    "sub_row_box",
    "to_throw_box",
    "trajectory_steps",
    "warning_sign",
    "winner_box",
    "zone_of",
]
