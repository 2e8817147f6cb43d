"""The dice: the odds of every combination after the free re-throw, and which
dice to re-throw.

A six is always re-thrown until it is not a six, so every die that ends up
counting shows 1–5 with equal odds. A player first rolls five dice, then keeps
any of those not showing a six and re-throws the rest once. The value of what
a player keeps is the mean value of the combinations it can end with; the
odds of the first roll then weigh the best keep of each roll.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from math import factorial

from games.ai.curling.search import Combo, Pick
from games.curling.combos import dice_combo

FACES = range(1, 6)
SIX = 6
#: A multiset of dice, sorted.
Dice = tuple[int, ...]


def _multisets(faces: range, count: int) -> list[tuple[Dice, float]]:
    """Every multiset ``count`` fair dice with ``faces`` can show, with its odds."""
    out = []
    for dice in combinations_with_replacement(faces, count):
        ways = factorial(count)
        for n in Counter(dice).values():
            ways //= factorial(n)
        out.append((dice, ways / len(faces) ** count))
    return out


@functools.lru_cache(maxsize=512)
def combo_of(dice: Dice) -> Combo:
    """The combination of five dice (sorted), as the search sees it."""
    combo = dice_combo(dice)
    return combo.numbers, combo.power


def _outcomes(kept: Dice) -> tuple[tuple[Combo, float], ...]:
    """The combinations keeping ``kept`` and re-throwing the rest can end with, and their odds."""
    odds: dict[Combo, float] = {}
    for faces, p in _multisets(FACES, 5 - len(kept)):
        combo = combo_of(tuple(sorted(kept + faces)))
        odds[combo] = odds.get(combo, 0.0) + p
    return tuple(odds.items())


#: Per multiset of dice kept (every size, 0–5), the combinations it ends with.
KEPT: dict[Dice, tuple[tuple[Combo, float], ...]] = {
    kept: _outcomes(kept)
    for size in range(6)
    for kept in combinations_with_replacement(FACES, size)
}


def _keeps(roll: Dice) -> tuple[Dice, ...]:
    """The distinct multisets a player may keep from a first roll (never a six)."""
    free = [d for d in roll if d != SIX]
    return tuple(
        sorted({kept for size in range(len(free) + 1) for kept in combinations(free, size)})
    )


#: Every first roll (faces 1–6) with its odds and what may be kept from it.
#: Five sixes are void and thrown again with no choice, which is keeping nothing.
FIRST_ROLLS: tuple[tuple[float, tuple[Dice, ...]], ...] = tuple(
    (p, _keeps(roll)) for roll, p in _multisets(range(1, SIX + 1), 5)
)


def kept_values(value: Callable[[Combo], float]) -> dict[Dice, float]:
    """The expected ``value`` of the combination after keeping each multiset."""
    return {kept: sum(p * value(combo) for combo, p in ends) for kept, ends in KEPT.items()}


def expected(value: Callable[[Combo], float], best: Callable[..., float]) -> float:
    """The expected ``value`` of a fresh turn of dice when the thrower keeps what
    ``best`` (``max`` for the seat choosing, ``min`` for its opponent) prefers."""
    means = kept_values(value)
    return sum(p * best(means[kept] for kept in keeps) for p, keeps in FIRST_ROLLS)


def rethrow_plan(dice: list[int], value: Callable[[Combo], float]) -> tuple[int, ...]:
    """The dice (indices) whose re-throw gives the best expected ``value`` of the
    combination; sixes are always re-thrown. Keeping everything is one option,
    and on a tie the fewest dice are re-thrown (the same odds, less to undo)."""
    means: dict[Dice, float] = {}
    sixes = tuple(i for i, d in enumerate(dice) if d == SIX)
    free = [i for i, d in enumerate(dice) if d != SIX]
    best: tuple[float, tuple[int, ...]] | None = None
    for size in range(len(free), -1, -1):
        for keep in combinations(free, size):
            kept = tuple(sorted(dice[i] for i in keep))
            mean = means.get(kept)
            if mean is None:
                mean = means[kept] = sum(p * value(combo) for combo, p in KEPT[kept])
            if best is None or mean > best[0] + 1e-9:
                best = (mean, tuple(sorted((*sixes, *(i for i in free if i not in keep)))))
    assert best is not None
    return best[1]


class FreshTurn:
    """A turn of dice to come: a first roll, then the best re-throw."""

    def expect(self, value: Callable[[Combo], float], best: Callable[..., float]) -> float:
        """The expected ``value`` when the thrower keeps what ``best`` prefers."""
        return expected(value, best)

    def thrown(self, value: Callable[[Combo], float], best: Pick) -> dict[Combo, float]:
        """The odds of each combination the thrower ends with when it keeps what
        ``best`` prefers from every first roll."""
        means = kept_values(value)
        odds: dict[Combo, float] = {}
        for p, keeps in FIRST_ROLLS:
            for combo, q in KEPT[best(keeps, key=means.__getitem__)]:
                odds[combo] = odds.get(combo, 0.0) + p * q
        return odds


FRESH_TURN = FreshTurn()
