"""A small, fast model of the Krendzu field for the computer player.

Cards are ints 0–35 (``suit * 9 + rank``, in the engine's deck order), sets of
cards are 36-bit masks, and a cell ``(x, y)`` is the int ``x * STRIDE + y``, so
that a neighbour or the next cell of a line is one addition away. The engine's
field never reaches 36 cells from the centre, so keys never collide.
"""

from __future__ import annotations

import functools

from games.core.cards import RANKS_36
from games.krendzu.rules import CARDS, PROGRESSIONS

#: Card codes by id, and ids by code.
CODES: tuple[str, ...] = tuple(CARDS)
CARD_ID: dict[str, int] = {code: i for i, code in enumerate(CODES)}
SUIT_OF: tuple[int, ...] = tuple(i // 9 for i in range(36))
RANK_OF: tuple[int, ...] = tuple(i % 9 for i in range(36))
BIT: tuple[int, ...] = tuple(1 << i for i in range(36))
SUIT_MASK: tuple[int, ...] = tuple(sum(BIT[s * 9 + r] for r in range(9)) for s in range(4))
RANK_MASK: tuple[int, ...] = tuple(sum(BIT[s * 9 + r] for s in range(4)) for r in range(9))
ALL_CARDS = (1 << 36) - 1

STRIDE = 128
#: Steps along a row, a column and both diagonals, in the engine's reading order.
STEPS: tuple[int, ...] = (STRIDE, 1, STRIDE + 1, STRIDE - 1)
SIDES: tuple[int, ...] = (-1, 1, -STRIDE, STRIDE)
ORIGIN = 0
#: A rank code digit for a free cell of a window.
FREE = 9

_RANK_INDEX = {rank: i for i, rank in enumerate(RANKS_36)}


def _progression_table() -> bytes:
    """1 where four ranks (``r0 * 729 + r1 * 81 + r2 * 9 + r3``) are a progression."""
    table = bytearray(9**4)
    for line in PROGRESSIONS:
        a, b, c, d = (_RANK_INDEX[r] for r in line)
        table[a * 729 + b * 81 + c * 9 + d] = 1
    return bytes(table)


#: See :func:`_progression_table`.
PROGRESSION = _progression_table()


def _needs() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per rank pattern (digits 0–8 a rank, 9 a free cell, base 10), the rank
    tuples that fill its free cells (in line order) into a progression."""
    out: list[set[tuple[int, ...]]] = [set() for _ in range(10**4)]
    for line in PROGRESSIONS:
        ranks = [_RANK_INDEX[r] for r in line]
        for free in range(16):
            code = sum((FREE if free >> i & 1 else ranks[i]) * 10 ** (3 - i) for i in range(4))
            out[code].add(tuple(ranks[i] for i in range(4) if free >> i & 1))
    return tuple(tuple(sorted(needs)) for needs in out)


#: See :func:`_needs`.
NEEDS = _needs()
#: For a pattern with one free cell: the ranks that complete it as a progression, as a mask.
NEED_MASK: tuple[int, ...] = tuple(
    functools.reduce(lambda m, need: m | RANK_MASK[need[0]], needs, 0)
    if len(needs) and len(needs[0]) == 1
    else 0
    for needs in NEEDS
)


def cell_key(x: int, y: int) -> int:
    """The model's key of cell ``(x, y)``."""
    return x * STRIDE + y


def cell_xy(key: int) -> tuple[int, int]:
    """The cell ``(x, y)`` of a model key."""
    y = (key + STRIDE // 2) % STRIDE - STRIDE // 2
    return (key - y) // STRIDE, y


def is_combination(a: int, b: int, c: int, d: int) -> bool:
    """True when four card ids in line order are a combination (the engine's rule)."""
    ra, rb, rc, rd = a % 9, b % 9, c % 9, d % 9
    if ra == rb == rc == rd:
        return False
    if a // 9 == b // 9 == c // 9 == d // 9:
        return True
    return bool(PROGRESSION[ra * 729 + rb * 81 + rc * 9 + rd])


@functools.cache
def windows_through(key: int) -> tuple[tuple[int, int, int, int], ...]:
    """The 16 windows (four keys in line order) through cell ``key``: along
    each line of :data:`STEPS`, those where it is the fourth, third, second
    and first cell."""
    out = []
    for step in STEPS:
        for back in range(3, -1, -1):
            start = key - back * step
            out.append((start, start + step, start + 2 * step, start + 3 * step))
    return tuple(out)


def points_at(grid: dict[int, int], key: int, card: int) -> int:
    """How many windows ``card`` on the free cell ``key`` would complete."""
    total = 0
    get = grid.get
    for w0, w1, w2, w3 in windows_through(key):
        a = card if w0 == key else get(w0, -1)
        b = card if w1 == key else get(w1, -1)
        c = card if w2 == key else get(w2, -1)
        d = card if w3 == key else get(w3, -1)
        if a >= 0 and b >= 0 and c >= 0 and d >= 0:
            total += is_combination(a, b, c, d)
    return total


class Board:
    """The field: cards by cell and the frontier, with undoable placements."""

    def __init__(self, grid: dict[int, int]) -> None:
        self.grid = grid
        self.frontier: set[int] = set()
        if not grid:
            self.frontier.add(ORIGIN)
        for key in grid:
            for side in SIDES:
                if key + side not in grid:
                    self.frontier.add(key + side)

    def place(self, key: int, card: int, score: bool = True) -> tuple[int, list[int]]:
        """Lay ``card`` on the frontier cell ``key``; the points it scores (0
        unless ``score``) and the cells it added to the frontier (for :meth:`undo`)."""
        points = points_at(self.grid, key, card) if score else 0
        self.grid[key] = card
        self.frontier.discard(key)
        added = []
        for side in SIDES:
            cell = key + side
            if cell not in self.grid and cell not in self.frontier:
                self.frontier.add(cell)
                added.append(cell)
        return points, added

    def undo(self, key: int, added: list[int]) -> None:
        """Take back the card on ``key`` that :meth:`place` laid."""
        del self.grid[key]
        for cell in added:
            self.frontier.discard(cell)
        self.frontier.add(key)
