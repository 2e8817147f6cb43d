"""Every throw's shape, traced once on an empty field, and its outcome on a board.

A shape is a trajectory, a start cell and numbers: 1,160 of them. On an empty
field each one follows a fixed path; on a board it does the same unless that
path enters an occupied cell, so only the shapes whose path crosses a stone
need tracing; the rest just leave the thrown stone where the empty-field
trace ends. The tracing here is ``games.curling.throw.trace`` cut down to the
board it leaves (a search traces hundreds of thousands of throws, and that
function's bookkeeping for the views costs three times as much); the tests
check the two agree.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from games.curling.field import CELLS, HOUSE_BASE, INDEX, STARTS, WIDTH, step_table
from games.curling.throw import FREE_GUARD_THROWS, trace
from games.curling.trajectories import (
    GUARD_ROW,
    HOUSE_ROW,
    ORDER,
    POWER,
    REVERSE,
    TRAJECTORIES,
    number_choices,
    uses_set,
)

#: A board: cell index → stone id (``2 * n + seat``, as in ``games.curling.throw``).
Board = dict[int, int]
#: A segment as the tracer plays it: the next cell per cell, the cells it runs
#: (0 for a vertical segment) and the row it runs to (vertical segments).
Move = tuple[tuple[int, ...], int, int]
#: The guard zone as cell indices (rows 1–5).
GUARD_CELLS = range(WIDTH, 6 * WIDTH)


@dataclass(frozen=True)
class Shape:
    """A throw without its combination: what the stone does."""

    name: str
    start: str
    numbers: tuple[int, ...]
    power: int
    origin: int
    moves: tuple[Move, ...]
    #: Where the stone stops on an empty field (-1: not on the field).
    final: int


def _moves(name: str, start: int, numbers: tuple[int, ...]) -> tuple[Move, ...]:
    mirror = -1 if start % WIDTH >= WIDTH // 2 else 1
    out = []
    for segment, number in zip(TRAJECTORIES[name].segments, numbers, strict=True):
        dx, dy = segment.direction
        step = step_table(dx * mirror, dy)
        if segment.kind == GUARD_ROW:
            out.append((step, 0, number))
        elif segment.kind == HOUSE_ROW:
            out.append((step, 0, HOUSE_BASE + number))
        else:
            out.append((step, number, 0))
    return tuple(out)


def _shapes() -> tuple[tuple[Shape, ...], tuple[frozenset[int], ...]]:
    shapes: list[Shape] = []
    crossing: list[set[int]] = [set() for _ in range(CELLS)]
    for name in ORDER:
        traj = TRAJECTORIES[name]
        for numbers in number_choices(name, None):
            for start in STARTS:
                origin = INDEX[start]
                empty = trace({}, origin, traj, numbers, 0, 1)
                for cell in empty.path:
                    crossing[cell].add(len(shapes))
                final = -1 if empty.final is None else empty.final
                moves = _moves(name, origin, numbers)
                shapes.append(Shape(name, start, numbers, POWER[name], origin, moves, final))
    return tuple(shapes), tuple(frozenset(c) for c in crossing)


#: Every shape, in menu order (trajectory weakest first, numbers, start), and per
#: cell the shapes whose empty-field path enters it.
SHAPES, CROSSING = _shapes()
#: Each shape's index by (trajectory, start, numbers).
SHAPE_INDEX = {(s.name, s.start, s.numbers): i for i, s in enumerate(SHAPES)}


@functools.lru_cache(maxsize=2048)
def allowed(numbers: tuple[int, ...] | None, limit: int) -> tuple[int, ...]:
    """The shapes a combination with number set ``numbers`` (``None``: any) may
    throw under the limit ``limit`` (the reverse always)."""
    return tuple(
        i
        for i, shape in enumerate(SHAPES)
        if (shape.power <= limit or shape.name == REVERSE) and uses_set(shape.numbers, numbers)
    )


def _classes() -> tuple[tuple[tuple[int, tuple[int, ...]], ...], tuple[tuple[int, ...], ...]]:
    found: dict[tuple[int, tuple[int, ...]], list[int]] = {}
    for i, shape in enumerate(SHAPES):
        found.setdefault((shape.power, tuple(sorted(shape.numbers))), []).append(i)
    return tuple(found), tuple(tuple(group) for group in found.values())


#: Shapes grouped by power and number multiset: a combination allows all of a
#: class or none, so a search takes the best of each class once.
CLASSES, CLASS_SHAPES = _classes()


@functools.lru_cache(maxsize=2048)
def allowed_classes(numbers: tuple[int, ...] | None, limit: int) -> tuple[int, ...]:
    """The classes of :data:`CLASSES` whose shapes :func:`allowed` allows."""
    return tuple(
        c
        for c, (power, values) in enumerate(CLASSES)
        if (power <= limit or power == 1) and uses_set(values, numbers)
    )


def crossed(board: Iterable[int]) -> set[int]:
    """The shapes whose path crosses a stone on ``board`` (they need tracing)."""
    out: set[int] = set()
    for cell in board:
        out |= CROSSING[cell]
    return out


def land(board: Board, index: int, stone: int, throw_no: int, crossing: set[int]) -> Board:
    """The board after shape ``index`` throws ``stone`` as throw ``throw_no``
    (``crossing``: :func:`crossed` of ``board``); ``board`` is not changed."""
    if index in crossing:
        return _trace(board, SHAPES[index], stone, throw_no)
    after = dict(board)
    final = SHAPES[index].final
    if final >= 0:
        after[final] = stone
    return after


def _trace(board: Board, shape: Shape, stone: int, throw_no: int) -> Board:
    """``games.curling.throw.trace``'s board: segments, collisions passing the
    rest of a segment's energy down a chain, stones leaving the field, a stone
    left on the start row taken off, and a foul undoing it all."""
    cells = dict(board)
    pos = shape.origin
    left: list[int] = []
    for step, run, row in shape.moves:
        energy = run or row - pos // WIDTH
        while energy > 0:
            nxt = step[pos]
            if nxt < 0:
                cells.pop(pos, None)
                pos = -1
                break
            if nxt in cells:
                _push(cells, nxt, step, energy, left)
                break
            cells.pop(pos, None)
            cells[nxt] = stone
            pos = nxt
            energy -= 1
        if pos < 0:
            break
    if 0 <= pos < WIDTH:
        cells.pop(pos, None)
    if left and throw_no in FREE_GUARD_THROWS:
        seat = stone & 1
        for cell in GUARD_CELLS:
            struck = board.get(cell)
            if struck is not None and struck & 1 != seat and struck in left:
                return dict(board)
    return cells


def _push(cells: Board, cell: int, step: tuple[int, ...], energy: int, left: list[int]) -> None:
    """The stone on ``cell`` struck with ``energy``: it moves on and passes what
    is left to the next stone in its way; those pushed off go to ``left``."""
    while True:
        struck = cells[cell]
        while energy > 0:
            ahead = step[cell]
            if ahead < 0:
                del cells[cell]
                left.append(struck)
                return
            if ahead in cells:
                break
            del cells[cell]
            cells[ahead] = struck
            cell = ahead
            energy -= 1
        else:
            return
        cell = ahead
