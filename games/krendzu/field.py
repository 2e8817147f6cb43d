"""The Krendzu field: coordinates, the frontier of legal cells, the box and cell labels.

Coordinates are absolute integers ``x`` (to the right) and ``y`` (downwards);
the first card of a tour lies at ``(0, 0)``. The **frontier** is the set of
free cells that touch a field card by a side, kept as a tuple sorted
top-to-bottom, left-to-right (by ``(y, x)``); on an empty field it is the
origin alone. Players name cells by the **box** (the field's bounding box
plus a one-cell margin): columns ``A``…``Z``, ``AA``… from its left edge,
rows from 1 at its top.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

Cell = tuple[int, int]
Frontier = tuple[Cell, ...]

ORIGIN: Cell = (0, 0)
#: The frontier of an empty field.
EMPTY_FRONTIER: Frontier = (ORIGIN,)
#: The four orthogonal neighbours.
SIDES: tuple[Cell, ...] = ((0, -1), (-1, 0), (1, 0), (0, 1))
CORNERS: tuple[Cell, ...] = ((-1, -1), (1, -1), (-1, 1), (1, 1))
#: Line directions: horizontal, vertical, both diagonals (each read left to
#: right, the vertical top to bottom).
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
WINDOW = 4


@dataclass(frozen=True)
class Box:
    """The field's bounding box plus a one-cell margin on every side."""

    left: int
    top: int
    cols: int
    rows: int

    def as_dict(self) -> dict[str, int]:
        """The box as views show it."""
        return {"left": self.left, "top": self.top, "cols": self.cols, "rows": self.rows}

    def contains(self, x: int, y: int) -> bool:
        """True when ``(x, y)`` lies in the box."""
        return 0 <= x - self.left < self.cols and 0 <= y - self.top < self.rows


def row_order(cell: Cell) -> tuple[int, int]:
    """Sort key of cells: top to bottom, then left to right."""
    return cell[1], cell[0]


def box_of(frontier: Iterable[Cell]) -> Box:
    """The box of a field, from its frontier.

    The frontier reaches exactly one cell beyond the field on every side (the
    cell beside an outermost card is always free), so its bounding box is the
    field's box; an empty field's frontier, the origin, gives a 1×1 box there.
    """
    xs = [x for x, _ in frontier]
    ys = [y for _, y in frontier]
    left, top = min(xs), min(ys)
    return Box(left, top, max(xs) - left + 1, max(ys) - top + 1)


def column_name(index: int) -> str:
    """``0`` → ``A``, ``25`` → ``Z``, ``26`` → ``AA``: spreadsheet column letters."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def cell_label(x: int, y: int, box: Box | Mapping[str, int]) -> str:
    """The name of cell ``(x, y)`` in ``box`` (a :class:`Box` or a view's ``box``):
    column letters from the box's left edge, row number from 1 at its top.

    Raises ``ValueError`` for a cell outside the box.
    """
    if isinstance(box, Box):
        left, top, cols, rows = box.left, box.top, box.cols, box.rows
    else:
        left, top, cols, rows = box["left"], box["top"], box["cols"], box["rows"]
    col, row = x - left, y - top
    if not (0 <= col < cols and 0 <= row < rows):
        raise ValueError(f"cell ({x}, {y}) lies outside the box")
    return f"{column_name(col)}{row + 1}"


def frontier_of(occupied: Collection[Cell]) -> Frontier:
    """The frontier of a field whose cards lie on ``occupied``."""
    if not occupied:
        return EMPTY_FRONTIER
    free = {
        (x + dx, y + dy)
        for x, y in occupied
        for dx, dy in SIDES
        if (x + dx, y + dy) not in occupied
    }
    return tuple(sorted(free, key=row_order))


def frontier_after(frontier: Frontier, occupied: Collection[Cell], cell: Cell) -> Frontier:
    """The frontier once a card lies on ``cell`` (a frontier cell); ``occupied``
    already includes ``cell``."""
    x, y = cell
    cells = set(frontier)
    cells.discard(cell)
    cells.update((x + dx, y + dy) for dx, dy in SIDES if (x + dx, y + dy) not in occupied)
    return tuple(sorted(cells, key=row_order))


def touches_corner(cell: Cell, occupied: Collection[Cell]) -> bool:
    """True when a card lies diagonally next to ``cell``."""
    x, y = cell
    return any((x + dx, y + dy) in occupied for dx, dy in CORNERS)


def windows_through(cell: Cell) -> list[tuple[Cell, Cell, Cell, Cell]]:
    """The 16 windows of four consecutive cells through ``cell``: per direction,
    the window starting 3, 2, 1 and 0 cells before it, each in line order."""
    x, y = cell
    out = []
    for dx, dy in DIRECTIONS:
        for back in range(WINDOW - 1, -1, -1):
            sx, sy = x - back * dx, y - back * dy
            out.append(
                (
                    (sx, sy),
                    (sx + dx, sy + dy),
                    (sx + 2 * dx, sy + 2 * dy),
                    (sx + 3 * dx, sy + 3 * dy),
                )
            )
    return out
