"""The field of Logical Curling **[reconstructed]** (see ``docs/rules/curling.md``).

Columns ``a``–``h``, rows 0–12 from the bottom. Row 0 is the start row (start
cells ``c0 d0`` on the left, ``e0 f0`` on the right); rows 1–5 are the free
guard zone (G1–G5); rows 6–12 the upper field (H1–H7). The house is columns
``b``–``g`` × rows 6–11: the centre ``d``–``e`` × rows 8–9, the middle
``c``–``f`` × rows 7–10 minus the centre, the outer zone the rest.

Internally a cell is an index ``row * WIDTH + column``; names are for the
outside world only.
"""

from __future__ import annotations

from games.core.errors import IllegalAction

COLUMNS = "abcdefgh"
WIDTH = len(COLUMNS)
#: Rows 0 (start) … 12 (H7).
ROWS = 13
CELLS = WIDTH * ROWS
#: The guard zone G1–G5.
GUARD_ROWS = range(1, 6)
#: Row of H1; house row ``n`` (1–7) is row ``HOUSE_BASE + n``.
HOUSE_BASE = 5

CENTRE = 0
MIDDLE = 1
OUTER = 2
ZONE_NAMES = ("centre", "middle", "outer")

NAMES: tuple[str, ...] = tuple(f"{COLUMNS[i % WIDTH]}{i // WIDTH}" for i in range(CELLS))
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}

LEFT_STARTS = ("c0", "d0")
RIGHT_STARTS = ("e0", "f0")
STARTS = LEFT_STARTS + RIGHT_STARTS
#: The two outer start cells (a triple with A = 3 from them leaves the field).
OUTER_STARTS = ("c0", "f0")


def _zone(index: int) -> int:
    col, row = index % WIDTH, index // WIDTH
    if not (1 <= col <= 6 and 6 <= row <= 11):
        return -1
    if 3 <= col <= 4 and 8 <= row <= 9:
        return CENTRE
    if 2 <= col <= 5 and 7 <= row <= 10:
        return MIDDLE
    return OUTER


#: Per cell index: the house zone (``CENTRE``, ``MIDDLE``, ``OUTER``) or -1.
ZONE_OF: tuple[int, ...] = tuple(_zone(i) for i in range(CELLS))


def row_of(index: int) -> int:
    return index // WIDTH


def column_of(index: int) -> int:
    return index % WIDTH


def is_guard(index: int) -> bool:
    """True for a cell of the free guard zone (rows 1–5)."""
    return WIDTH <= index < 6 * WIDTH


def is_left_start(index: int) -> bool:
    return NAMES[index] in LEFT_STARTS


def cell_index(name: object) -> int:
    """The index of a cell name such as ``"c6"``; raises ``IllegalAction`` otherwise."""
    index = INDEX.get(name) if isinstance(name, str) else None
    if index is None:
        raise IllegalAction(
            f"there is no cell {name!r} (cells are a0 to h12)",
            code="curling-bad-cell",
            cell=str(name),
        )
    return index


def step_table(dx: int, dy: int) -> tuple[int, ...]:
    """Per cell index, the next cell in direction ``(dx, dy)``; -1 off the field."""
    out = []
    for i in range(CELLS):
        col, row = i % WIDTH + dx, i // WIDTH + dy
        out.append(row * WIDTH + col if 0 <= col < WIDTH and 0 <= row < ROWS else -1)
    return tuple(out)


def zone_counts(cells: dict[int, int]) -> list[tuple[int, int]]:
    """``[(red, blue)]`` in the centre, middle and outer zones for a board
    ``cell → seat`` (0 red, 1 blue)."""
    counts = [[0, 0], [0, 0], [0, 0]]
    for cell, seat in cells.items():
        zone = ZONE_OF[cell]
        if zone >= 0:
            counts[zone][seat] += 1
    return [(r, b) for r, b in counts]


def keep_last_zero(zones: list[tuple[int, int]]) -> tuple[int, int]:
    """The house count "keep the last zero" of ``[(red, blue)]`` per zone, centre first."""
    score = [0, 0]
    for red, blue in zones:
        if red == blue:
            continue
        lead, diff = (0, red - blue) if red > blue else (1, blue - red)
        if score[lead] == 0 and score[1 - lead] != 0:
            break  # that would remove the last zero
        score[lead] += diff
    return score[0], score[1]
