"""Where everything of a Logical Curling image lies, and its colours.

The image's size, the field's cells and zones (a cell's name, its pixel box,
where a stone that left the field gets its cross), every box of the panel
(players, match score, scoreboard, dice, cards, limit, winner) and the
palette. Pure geometry: nothing here draws.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from render import common as c

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

# A true red: the rules, the captions (🔴) and the buttons call it red, and the
# Okabe–Ito vermillion read as orange; it stays apart from blue by its ring pattern too.
STONE_RED: c.RGB = (214, 39, 40)
STONE_COLOURS: Mapping[str, c.RGB] = {"red": STONE_RED, "blue": c.BLUE}
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
    STONE_RED,
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
    cell = raw_cell(name)
    return cell if cell is not None and on_field(cell) else None


def raw_cell(name: object) -> Cell | None:
    """Like :func:`parse_cell`, but keeps cells just off the field (``"i9"``,
    ``"d13"``): where a stone left it."""
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
        parsed = raw_cell(cell)
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


def zone_row(row: int) -> tuple[str, int] | None:
    """How the rules number a row: ``("guard", 1–5)`` for rows 1–5 (the free guard
    zone) and ``("house", 1–7)`` above them (a trajectory's upward number counts
    those rows); None for the start row."""
    if 1 <= row <= 5:
        return "guard", row
    if 6 <= row <= 12:
        return "house", row - 5
    return None


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


def step(a: Cell, b: Cell) -> Cell:
    """The step from ``a`` towards ``b``: each coordinate -1, 0 or 1."""
    return (b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])


def adjacent(a: Cell, b: Cell) -> bool:
    """Whether ``a`` and ``b`` are neighbours, diagonals included."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


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
MATCH_Y = PLAYERS_Y + 2 * ROW_H
MATCH_H = 108
BOARD_Y = MATCH_Y + MATCH_H
BOARD_H = 124
VARIANT_Y = BOARD_Y + BOARD_H
LIMIT_H = 120
LIMIT_Y = HEIGHT - LIMIT_H
DIE = 60
DIE_GAP = 14
DIE_RAISE = 16
NAME_X = 104
LINE1 = 44  # a player's row: stone, name
LINE2 = 106  # ... hammer, stones to throw, stones out
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
    return (x0 + NAME_X, y0 + LINE1 - 32, x1 - INSET, y0 + LINE1 + 32)


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


def match_box() -> c.Box:
    """The match score, the biggest number of the picture."""
    return (PANEL_X, MATCH_Y, WIDTH, MATCH_Y + MATCH_H)


MATCH_DIGIT_W = 70


def match_number_box(side: int) -> c.Box:
    """One number of the match score: ``side`` 0 is red's, 1 blue's."""
    mid = PANEL_X + 50 + (PANEL_W - 50) // 2
    cy = MATCH_Y + MATCH_H // 2
    x = mid - 22 - MATCH_DIGIT_W if side == 0 else mid + 22
    return (x, cy - 36, x + MATCH_DIGIT_W, cy + 36)


def scoreboard_box() -> c.Box:
    """The ends' scores: end numbers, red's and blue's points (the current end's
    column holds its house count as it stands), and the Σ column."""
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


def dice_band_box() -> c.Box:
    """The panel's band of the dice, from the scoreboard down to the limit:
    before the roll it holds only the blank dice, and a tap anywhere on it rolls
    them (large enough for a finger on a phone's fitted picture)."""
    return (PANEL_X, VARIANT_Y, WIDTH, LIMIT_Y)


# Under the dice: what a tap does with them once thrown (re-throw the marked
# ones or keep them all), and, when aiming, the five trajectories to pick from.
DICE_ACTION_W = 150
DICE_ACTION_H = 58
CHOICES_Y = VARIANT_Y + 12 + DIE_RAISE + DIE + 18
TRAJECTORY_W = 64
TRAJECTORY_H = 168
TRAJECTORY_GAP = 9


def dice_action_box() -> c.Box:
    """The re-throw (or keep) sign under the dice, centred."""
    x = PANEL_X + (PANEL_W - DICE_ACTION_W) // 2
    return (x, CHOICES_Y, x + DICE_ACTION_W, CHOICES_Y + DICE_ACTION_H)


def trajectory_box(i: int) -> c.Box:
    """The ``i``-th (0–4, weakest first) trajectory's tile under the dice."""
    span = 5 * TRAJECTORY_W + 4 * TRAJECTORY_GAP
    x = PANEL_X + (PANEL_W - span) // 2 + i * (TRAJECTORY_W + TRAJECTORY_GAP)
    return (x, CHOICES_Y, x + TRAJECTORY_W, CHOICES_Y + TRAJECTORY_H)


CARDS_HEAD_H = 50


def deck_box() -> c.Box:
    """The deck and discard counts, first line of the card block."""
    return (PANEL_X + INSET, VARIANT_Y + 4, WIDTH - INSET, VARIANT_Y + CARDS_HEAD_H)


DECK_W = 84  # the deck's back and its count


def deck_icon_box() -> c.Box:
    """The deck (its back and count): where a tap takes a card from it."""
    x0, y0, _x1, y1 = deck_box()
    return (x0, y0, x0 + DECK_W, y1)


def stop_box() -> c.Box:
    """The sign to take no more cards, at the right end of the deck's line."""
    _x0, y0, x1, y1 = deck_box()
    return (x1 - (y1 - y0) - 16, y0, x1, y1)


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
    """The throw's power limit ⚡ and what sets it: the combination and the
    opponent's previous throw (left of the foul sign when there is one)."""
    right = foul_box()[0] - 10 if foul else WIDTH - INSET
    return (PANEL_X + INSET, LIMIT_Y + 6, right, LIMIT_Y + 58)


def last_box(*, foul: bool = False) -> c.Box:
    """The last (or previewed) throw: who threw, its power ⚡ and numbers."""
    right = foul_box()[0] - 10 if foul else WIDTH - INSET
    return (PANEL_X + INSET, LIMIT_Y + 62, right, HEIGHT - 6)


def winner_box() -> c.Box:
    """Once the match is over: a star and the winner's stone and name."""
    return (PANEL_X + INSET, VARIANT_Y + 20, WIDTH - INSET, VARIANT_Y + 120)
