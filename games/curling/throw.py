"""Tracing a throw cell by cell: segments, collisions, chains, leaving the field,
and the free guard rule. The one tracing function behind ``simulate_throw``,
``apply``, ``preview`` and the stand-in.

A board maps cell indices to stone ids. A stone id is any integer whose lowest
bit is the seat owning it (0 red, 1 blue); the game uses ``2 * n + seat`` with
``n`` the stone's throw order in the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from games.curling.field import WIDTH, is_guard, step_table
from games.curling.trajectories import Trajectory

#: The first and last throw of an end (counting both players') on which knocking
#: an opponent's guard off the field is a foul.
FREE_GUARD_THROWS = range(2, 6)

_STEPS: dict[tuple[int, int], tuple[int, ...]] = {
    (dx, dy): step_table(dx, dy) for dx in (-1, 0, 1) for dy in (0, 1) if (dx, dy) != (0, 0)
}


@dataclass
class Trace:
    """What a throw did."""

    #: The board after the throw (after a foul: the board before it).
    board: dict[int, int]
    #: Cells the thrown stone entered, in order.
    path: list[int] = field(default_factory=list)
    #: Per segment played: (cells the thrown stone entered, cells of the stones
    #: it struck directly).
    segments: list[tuple[list[int], list[int]]] = field(default_factory=list)
    #: Struck stones in the order first struck: id → (cell before, cells entered).
    moves: dict[int, tuple[int, list[int]]] = field(default_factory=dict)
    #: Ids of the stones out of play after the throw, in the order they went (the
    #: thrown stone too, when it left, stayed on the start row, or a foul removed it).
    out: list[int] = field(default_factory=list)
    #: Ids of the struck stones that left the field during the throw (also when
    #: a foul then undid it).
    left: list[int] = field(default_factory=list)
    #: Where the thrown stone ended (``None``: not on the field).
    final: int | None = None
    #: The free guard rule undid the throw.
    foul: bool = False
    #: The opponent's guards the throw knocked off the field (their cells
    #: before the throw); they caused the foul when ``foul`` is true.
    guards_out: list[int] = field(default_factory=list)


def trace(
    board: Mapping[int, int],
    start: int,
    traj: Trajectory,
    numbers: tuple[int, ...],
    thrown: int,
    throw_no: int,
) -> Trace:
    """Throw stone ``thrown`` from ``start`` along ``traj`` with ``numbers`` onto
    ``board`` (not changed); ``throw_no`` is the throw's number in the end (1–16)."""
    cells = dict(board)
    result = Trace(cells)
    mirror = -1 if start % WIDTH >= WIDTH // 2 else 1
    pos: int | None = start
    for segment, number in zip(traj.segments, numbers, strict=True):
        assert pos is not None
        dx, dy = segment.direction
        step = _STEPS[(dx * mirror, dy)]
        energy = segment.energy(number, pos // WIDTH)
        entered: list[int] = []
        hits: list[int] = []
        result.segments.append((entered, hits))
        while energy > 0:
            nxt = step[pos]
            if nxt < 0:
                cells.pop(pos, None)
                pos = None
                break
            if nxt in cells:
                hits.append(nxt)
                _push(cells, nxt, step, energy, result)
                break
            cells.pop(pos, None)
            cells[nxt] = thrown
            pos = nxt
            entered.append(nxt)
            result.path.append(nxt)
            energy -= 1
        if pos is None:
            break
    if pos is not None and pos < WIDTH:
        # Stopped on the start row: not in play [decided], so not on the field
        # either (it may have slid sideways along the row to another start cell).
        cells.pop(pos, None)
        pos = None
    if pos is None:
        result.out.append(thrown)
    result.final = pos
    seat = thrown & 1
    result.left = [stone for stone in result.out if stone != thrown]
    result.guards_out = [
        result.moves[stone][0]
        for stone in result.left
        if (stone & 1) != seat and is_guard(result.moves[stone][0])
    ]
    if result.guards_out and throw_no in FREE_GUARD_THROWS:
        result.foul = True
        result.board = dict(board)
        result.final = None
        result.out = [thrown]
    return result


def _push(cells: dict[int, int], cell: int, step: tuple[int, ...], energy: int, out: Trace) -> None:
    """The stone on ``cell`` is struck with ``energy``: it moves along ``step``
    cell by cell and passes what is left to any stone in its way (chains)."""
    while True:
        stone = cells[cell]
        moved = out.moves.get(stone)
        if moved is None:
            moved = out.moves[stone] = (cell, [])
        path = moved[1]
        while energy > 0:
            nxt = step[cell]
            if nxt < 0:
                del cells[cell]
                out.out.append(stone)
                return
            if nxt in cells:
                break
            del cells[cell]
            cells[nxt] = stone
            cell = nxt
            path.append(nxt)
            energy -= 1
        else:
            return
        cell = nxt  # the next stone takes the rest of the energy
