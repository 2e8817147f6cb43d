"""Exact enumerations behind Curling's puzzles, on the engine alone.

Every throw is traced by ``games.curling.throw.trace`` (the engine's one
tracing function) and the end scored "keep the last zero"; the dice are
enumerated face by face and the substitution cards subset by subset, so no
part of a proof leans on the computer player it checks.

A six is always re-thrown until it is not a six, so a die that is thrown
(first or again) ends on each of 1–5 with odds 1/5: the enumerations run
over those five faces.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from itertools import combinations, product

from games.core.protocol import Action
from games.curling.actions import board, l2_limit, throws
from games.curling.combos import Combo, dice_combo, table_combos
from games.curling.field import INDEX, keep_last_zero, zone_counts
from games.curling.game import CurlingGame
from games.curling.state import AIM, CurlingState
from games.curling.throw import trace
from games.curling.trajectories import TRAJECTORIES

GAME = CurlingGame()
FACES = range(1, 6)
SIX = 6
#: A throw without its combination: (trajectory, start, numbers); ``None``: thrown away.
Shape = tuple[str, str, tuple[int, ...]] | None


def shape_of(action: Action) -> Shape:
    """What a throw action does to the stones."""
    if len(action) == 2:
        return None
    return str(action[2]), str(action[3]), tuple(int(n) for n in action[4:])


def margin(stones: dict[int, int], seat: int) -> int:
    """The house count from ``seat``'s side: its points minus the opponent's."""
    score = keep_last_zero(zone_counts({cell: stone & 1 for cell, stone in stones.items()}))
    return score[seat] - score[1 - seat]


def landed(state: CurlingState, seat: int, shape: Shape) -> dict[int, int]:
    """The stones after ``seat`` throws ``shape`` as the state's next throw."""
    stones = board(state)
    if shape is None:
        return stones
    name, start, numbers = shape
    stone = 2 * (state.thrown[seat] + 1) + seat
    return trace(stones, INDEX[start], TRAJECTORIES[name], numbers, stone, state.throw_no).board


def last_throw_margins(state: CurlingState, seat: int) -> dict[Action, int]:
    """Every legal throw of the end's last throw and the end's score it makes
    (``seat``'s points minus the opponent's)."""
    assert state.throw_no == 16 and state.phase == AIM
    memo: dict[Shape, int] = {}
    out = {}
    for action in GAME.legal_actions(state, seat):
        shape = shape_of(action)
        if shape not in memo:
            memo[shape] = margin(landed(state, seat, shape), seat)
        out[tuple(action)] = memo[shape]
    return out


def combo_margins(state: CurlingState, seat: int) -> Callable[[Combo], int]:
    """The best end's score the end's last throw reaches with each combination
    (the limit L2 as the state gives it)."""
    l2 = l2_limit(state, seat)
    memo: dict[Shape, int] = {}

    @functools.cache
    def best(combo: Combo) -> int:
        out = -99
        for action in throws((combo,), l2):
            shape = shape_of(action)
            if shape not in memo:
                memo[shape] = margin(landed(state, seat, shape), seat)
            out = max(out, memo[shape])
        return out

    return best


def _dice_odds(count: int) -> dict[tuple[int, ...], float]:
    """Every multiset ``count`` re-thrown dice end on (faces 1–5), with its odds."""
    odds: Counter[tuple[int, ...]] = Counter()
    for faces in product(FACES, repeat=count):
        odds[tuple(sorted(faces))] += 1
    return {faces: n / 5**count for faces, n in odds.items()}


@functools.cache
def kept_odds(kept: tuple[int, ...]) -> tuple[tuple[Combo, float], ...]:
    """The combinations five dice end with when ``kept`` stay and the rest are
    thrown again, with their odds."""
    odds: dict[Combo, float] = {}
    for faces, p in _dice_odds(5 - len(kept)).items():
        combo = dice_combo(tuple(sorted(kept + faces)))
        odds[combo] = odds.get(combo, 0.0) + p
    return tuple(odds.items())


def rethrow_values(dice: list[int], value: Callable[[Combo], float]) -> dict[frozenset[int], float]:
    """Per set of dice re-thrown (indices, the sixes always among them), the
    expected ``value`` of the combination after it."""
    free = [i for i, d in enumerate(dice) if d != SIX]
    sixes = frozenset(i for i, d in enumerate(dice) if d == SIX)
    out = {}
    for size in range(len(free) + 1):
        for extra in combinations(free, size):
            thrown = sixes | frozenset(extra)
            kept = tuple(sorted(d for i, d in enumerate(dice) if i not in thrown))
            out[thrown] = sum(p * value(combo) for combo, p in kept_odds(kept))
    return out


def reroll_right(values: dict[frozenset[int], float], dice: list[int]) -> frozenset[Action]:
    """The first actions toward a best re-throw from unmarked dice: a toggle of a
    die some best plan re-throws, or ``keep``/``rethrow`` when the best plan is
    to throw only what must be thrown (the sixes)."""
    top = max(values.values())
    plans = [plan for plan, v in values.items() if v >= top - 1e-9]
    out: set[Action] = set()
    for plan in plans:
        extra = [i for i in plan if dice[i] != SIX]
        if not extra:
            out.add(("rethrow",) if plan else ("keep",))
        out.update(("toggle", i) for i in extra)
    return frozenset(out)


@functools.cache
def _first_rolls() -> tuple[tuple[tuple[int, ...], float], ...]:
    odds: Counter[tuple[int, ...]] = Counter()
    for faces in product(range(1, 7), repeat=5):
        odds[tuple(sorted(faces))] += 1
    return tuple((faces, n / 6**5) for faces, n in odds.items())


def fresh_turn(value: Callable[[Combo], float]) -> float:
    """The expected ``value`` of a whole turn of dice for a thrower who re-throws
    for the most: every first roll (five sixes are void and thrown again with
    no choice), every choice of dice kept, every outcome of the re-throw."""
    means: dict[tuple[int, ...], float] = {}

    def mean(kept: tuple[int, ...]) -> float:
        got = means.get(kept)
        if got is None:
            got = means[kept] = sum(p * value(combo) for combo, p in kept_odds(kept))
        return got

    total = 0.0
    for roll, p in _first_rolls():
        free = [d for d in roll if d != SIX]
        if not free:  # five sixes: void, thrown again with no choice
            total += p * mean(())
            continue
        keeps = {kept for size in range(len(free) + 1) for kept in combinations(free, size)}
        total += p * max(mean(kept) for kept in keeps)
    return total


def reply_margins(state: CurlingState, seat: int) -> dict[Action, float]:
    """Throw 15 in the dice variant: per legal throw of ``seat``, its expected
    end's score once the hammer has rolled, re-thrown and thrown for the most."""
    assert state.throw_no == 15 and state.phase == AIM
    by_shape: dict[Shape, float] = {}
    out = {}
    for action in GAME.legal_actions(state, seat):
        shape = shape_of(action)
        if shape not in by_shape:
            after = GAME.apply(state, seat, action)
            hammer = 1 - seat
            by_shape[shape] = -fresh_turn(combo_margins(after, hammer))
        out[tuple(action)] = by_shape[shape]
    return out


def card_combos(main: Iterable[str], subs: Iterable[str], deck: int) -> tuple[Combo, ...]:
    """The combinations ``subs`` make with the main cards ``main``."""
    return table_combos(tuple(main), tuple(subs), deck)


def taking_values(state: CurlingState, seat: int) -> dict[frozenset[str], float]:
    """The end's last throw in the card variant, the second player taking the
    first player's substitution cards: per set of cards taken, the best end's
    score it can then reach (every card of a set must be used)."""
    cards = state.cards
    assert cards is not None and state.throw_no == 16
    offered = cards.subs[1 - seat]
    held = cards.subs[seat]
    room = 5 - len(held)
    aim = replace(state, phase=AIM)
    best_of = combo_margins(aim, seat)
    out: dict[frozenset[str], float] = {}
    for size in range(min(room, len(offered)) + 1):
        for taken in combinations(offered, size):
            combos = card_combos(cards.main, (*held, *taken), state.deck_size)
            out[frozenset(taken)] = max(best_of(c) for c in combos)
    return out


def taking_right(values: dict[frozenset[str], float]) -> frozenset[Action]:
    """The first actions toward a best set of cards: taking a card some best set
    holds, or ``stop`` when taking nothing is best."""
    top = max(values.values())
    out: set[Action] = set()
    for taken, v in values.items():
        if v >= top - 1e-9:
            out.update(("draw", card) for card in taken)
            if not taken:
                out.add(("stop",))
    return frozenset(out)
