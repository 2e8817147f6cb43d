"""The five trajectory types, their segments, bends and constraints.

Written for a left start (bending clockwise); a right start mirrors every
horizontal direction (bending counter-clockwise). A segment is either a
straight run of ``n`` cells (diagonal or horizontal), or a vertical run to a
row: guard row ``n`` (rows 1–5) for reverse and shortened, house row ``n``
(H1–H5, rows 6–10) for the others.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from dataclasses import dataclass

from games.core.errors import IllegalAction
from games.curling.field import HOUSE_BASE

#: How a segment's number is read.
CELLS = "cells"
GUARD_ROW = "guard_row"
HOUSE_ROW = "house_row"

UP = (0, 1)
UP_LEFT = (-1, 1)
UP_RIGHT = (1, 1)
RIGHT = (1, 0)

REVERSE = "reverse"
SHORTENED = "shortened"
TRIPLE = "triple"
QUADRUPLE = "quadruple"
SEMAPHORE = "semaphore"

NUMBERS = range(1, 6)


@dataclass(frozen=True)
class Segment:
    #: The segment's letter as the rules name it: ``A``, ``V``, ``B`` or ``C``.
    letter: str
    #: Direction ``(dx, dy)`` for a left start.
    direction: tuple[int, int]
    #: ``CELLS``, ``GUARD_ROW`` or ``HOUSE_ROW``.
    kind: str

    def energy(self, number: int, row: int) -> int:
        """Cells this segment still has to travel from ``row`` with ``number``."""
        if self.kind == CELLS:
            return number
        target = number if self.kind == GUARD_ROW else HOUSE_BASE + number
        return max(0, target - row)


@dataclass(frozen=True)
class Trajectory:
    name: str
    power: int
    segments: tuple[Segment, ...]
    #: The constraint on the numbers, as the rules write it ("A ≤ B").
    rule: str
    #: The constraint as a predicate on the numbers in segment order.
    check: Callable[[tuple[int, ...]], bool]

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(s.letter for s in self.segments)


TRAJECTORIES: dict[str, Trajectory] = {
    t.name: t
    for t in (
        Trajectory(
            REVERSE,
            1,
            (Segment("A", UP, GUARD_ROW), Segment("B", UP_RIGHT, CELLS)),
            "A ≤ B",
            lambda n: n[0] <= n[1],
        ),
        Trajectory(
            SHORTENED,
            2,
            (Segment("A", UP, GUARD_ROW), Segment("B", UP_RIGHT, CELLS)),
            "A > B",
            lambda n: n[0] > n[1],
        ),
        Trajectory(
            TRIPLE,
            3,
            (
                Segment("A", UP_LEFT, CELLS),
                Segment("V", UP, HOUSE_ROW),
                Segment("B", UP_RIGHT, CELLS),
            ),
            "A ≥ B",
            lambda n: n[0] >= n[2],
        ),
        Trajectory(
            QUADRUPLE,
            4,
            (
                Segment("A", UP_LEFT, CELLS),
                Segment("V", UP, HOUSE_ROW),
                Segment("B", UP_RIGHT, CELLS),
                Segment("C", RIGHT, CELLS),
            ),
            "A ≥ B ≥ C",
            lambda n: n[0] >= n[2] >= n[3],
        ),
        Trajectory(
            SEMAPHORE,
            5,
            (Segment("A", UP, HOUSE_ROW), Segment("B", UP_RIGHT, CELLS)),
            "A ≥ B",
            lambda n: n[0] >= n[1],
        ),
    )
}
#: Weakest first (menu order).
ORDER: tuple[str, ...] = (REVERSE, SHORTENED, TRIPLE, QUADRUPLE, SEMAPHORE)
POWER: dict[str, int] = {name: t.power for name, t in TRAJECTORIES.items()}


def find_trajectory(name: object) -> Trajectory:
    """The trajectory called ``name``; raises ``IllegalAction`` for anything else."""
    found = TRAJECTORIES.get(name) if isinstance(name, str) else None
    if found is None:
        raise IllegalAction(
            f"there is no trajectory {name!r} (reverse, shortened, triple, quadruple, semaphore)",
            code="curling-unknown-trajectory",
            trajectory=str(name),
        )
    return found


def check_numbers(traj: Trajectory, numbers: object) -> tuple[int, ...]:
    """``numbers`` as a tuple if they fit ``traj``: one per segment, each 1–5, the
    constraint kept. Raises ``IllegalAction`` otherwise."""
    count = len(traj.segments)
    if not isinstance(numbers, list | tuple) or len(numbers) != count:
        raise IllegalAction(
            f"a {traj.name} trajectory takes {count} numbers",
            code="curling-segment-count",
            trajectory=traj.name,
            count=count,
        )
    for value in numbers:
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 5:
            raise IllegalAction(
                f"segment numbers are 1 to 5, not {value!r}",
                code="curling-bad-number",
                value=str(value),
            )
    out = tuple(numbers)
    if not traj.check(out):
        raise IllegalAction(
            f"a {traj.name} trajectory needs {traj.rule} "
            f"({', '.join(f'{s.letter}={v}' for s, v in zip(traj.segments, out, strict=True))})",
            code="curling-constraint",
            trajectory=traj.name,
            rule=traj.rule,
            numbers=" ".join(map(str, out)),
        )
    return out


@functools.lru_cache(maxsize=4096)
def number_choices(name: str, numbers: tuple[int, ...] | None) -> tuple[tuple[int, ...], ...]:
    """Every way (in segment order, ascending) to give trajectory ``name`` its
    numbers from the multiset ``numbers`` (each at most once; ``None``: any
    numbers 1–5), keeping its constraint."""
    traj = TRAJECTORIES[name]
    count = len(traj.segments)
    if numbers is None:
        candidates: set[tuple[int, ...]] = set(itertools.product(NUMBERS, repeat=count))
    else:
        candidates = set(itertools.permutations(numbers, count))
    return tuple(sorted(c for c in candidates if traj.check(c)))


def uses_set(numbers: tuple[int, ...], available: tuple[int, ...] | None) -> bool:
    """True when ``numbers`` can be taken from the multiset ``available``
    (each element at most once); ``None`` allows anything."""
    if available is None:
        return True
    pool = list(available)
    for value in numbers:
        if value not in pool:
            return False
        pool.remove(value)
    return True
