"""Curling's tactical greedy: the best throw one ply ahead, and the dice and
cards chosen by the same values.

Every throw a seat may make is landed on the board it sees and the board
valued as it stands: the end's house count from its side (exact on the
end's last throw), the stones in the house weighted by zone, the guards in
front of the house, and how much the throw's power cuts the opponent's next
limit. The dice it re-throws and the substitution cards it takes are those
that give the best expected value of the best throw afterwards (every
re-throw × every outcome of the dice; every card the deck may give), so the
yardstick plays its one ply as well as one ply can be played.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from games import ai
from games.ai.curling.dice import KEPT
from games.ai.curling.shapes import (
    CLASS_SHAPES,
    SHAPE_INDEX,
    SHAPES,
    Board,
    allowed_classes,
    crossed,
    land,
)
from games.core.protocol import Action
from games.curling.actions import MAX_SUBS, l2_limit
from games.curling.actions import board as board_of
from games.curling.combos import NULL, table_combos
from games.curling.field import WIDTH, ZONE_OF, keep_last_zero
from games.curling.game import CurlingGame
from games.curling.state import AIM, DRAW, REROLL, CurlingState

GAME = CurlingGame()
#: The last throw of an end: then the house count is the end's score.
LAST = 16
#: A stone's worth by zone (centre, middle, outer), beside the house count.
ZONE_WEIGHT = (0.6, 0.4, 0.2)
#: Worth of a point of the house count as it stands (the end's score to be).
POINT = 2.0
#: Worth of a guard (rows 1–5, columns b–g) of one's own, the opponent's counting against.
GUARD = 0.1
#: Worth of each step the throw's power cuts the opponent's next limit below 5.
CUT = 0.15
#: A combination as valued here: its number set (``None``: any; ``()``: null) and power.
Combo = tuple[tuple[int, ...] | None, int]
SIX = 6


def value(after: Board, seat: int, throw_no: int, power: int) -> float:
    """How good ``after`` (left by throw ``throw_no`` of ``power``) is for ``seat``."""
    counts = [[0, 0], [0, 0], [0, 0]]
    spread = 0.0
    guards = 0
    for cell, stone in after.items():
        owner = stone & 1
        sign = 1 if owner == seat else -1
        zone = ZONE_OF[cell]
        if zone >= 0:
            counts[zone][owner] += 1
            spread += sign * ZONE_WEIGHT[zone]
        elif WIDTH <= cell < 6 * WIDTH and 1 <= cell % WIDTH <= 6:
            guards += sign
    score = keep_last_zero([(r, b) for r, b in counts])
    lead = score[seat] - score[1 - seat]
    if throw_no >= LAST:
        return float(lead)
    # The opponent's next limit: 5 when it is behind, else cut by this throw's power.
    limit = 5 if lead > 0 else max(1, power - 1) if lead < 0 else min(5, power + 1)
    return POINT * lead + spread + GUARD * guards + CUT * (5 - limit)


def shape_values(known: CurlingState, seat: int) -> tuple[list[float], float]:
    """The value of every shape's throw now, and of throwing the stone away."""
    before = board_of(known)
    crossing = crossed(before)
    stone = 2 * (known.thrown[seat] + 1) + seat
    values = [
        value(land(before, i, stone, known.throw_no, crossing), seat, known.throw_no, shape.power)
        for i, shape in enumerate(SHAPES)
    ]
    return values, value(before, seat, known.throw_no, 1)


def combo_valuer(known: CurlingState, seat: int) -> Callable[[Combo], float]:
    """The value of the best throw each combination allows now (under the limit L2)."""
    values, away = shape_values(known, seat)
    l2 = l2_limit(known, seat) or 5
    best_of_class = [max(values[i] for i in group) for group in CLASS_SHAPES]
    memo: dict[Combo, float] = {}

    def of(combo: Combo) -> float:
        got = memo.get(combo)
        if got is None:
            numbers, l1 = combo
            if numbers == ():
                got = away
            else:
                got = max(best_of_class[c] for c in allowed_classes(numbers, min(l1, l2)))
            memo[combo] = got
        return got

    return of


def rethrow_plan(dice: Sequence[int], of: Callable[[Combo], float]) -> tuple[int, ...]:
    """The dice (indices) to re-throw: sixes always, and the others whose
    re-throw gives the best expected value of the best throw afterwards
    (on a tie, the fewest)."""
    free = [i for i, d in enumerate(dice) if d != SIX]
    best: tuple[float, tuple[int, ...]] | None = None
    for size in range(len(free), -1, -1):
        for keep in combinations(free, size):
            kept = tuple(sorted(dice[i] for i in keep))
            mean = sum(p * of(combo) for combo, p in KEPT[kept])
            if best is None or mean > best[0] + 1e-9:
                best = (mean, tuple(i for i in range(len(dice)) if i not in keep))
    assert best is not None
    return best[1]


def _reroll(known: CurlingState, seat: int, legal: Sequence[Action]) -> Action:
    assert known.dice is not None
    plan = rethrow_plan(known.dice, combo_valuer(known, seat))
    for i, die in enumerate(known.dice):
        if die != SIX and known.marked[i] != (i in plan):
            return ("toggle", i)
    return ("rethrow",) if ("rethrow",) in legal else ("keep",)


def _draw(known: CurlingState, seat: int, legal: Sequence[Action]) -> Action:
    """Take a card when it raises the best throw's value, else stop: from the
    deck by its mean over every card it may be; from the first player, the
    first card of the best set of its cards (every set tried)."""
    cards = known.cards
    assert cards is not None
    of = combo_valuer(known, seat)
    main, held, deck = tuple(cards.main), tuple(cards.subs[seat]), known.deck_size

    def best(subs: tuple[str, ...]) -> float:
        return max(
            of((() if c.name == NULL else c.numbers, c.power))
            for c in table_combos(main, subs, deck)
        )

    top = best(held)
    named = [str(a[1]) for a in legal if a[0] == "draw" and len(a) == 2]
    if named:
        chosen: tuple[str, ...] = ()
        for size in range(1, min(MAX_SUBS - len(held), len(named)) + 1):
            for taken in combinations(named, size):
                got = best((*held, *taken))
                if got > top + 1e-9:
                    chosen, top = taken, got
        return ("draw", chosen[0]) if chosen else ("stop",)
    if ("draw",) in legal:
        unseen = [*cards.deck, *cards.discard]
        if sum(best((*held, card)) for card in unseen) / len(unseen) > top + 1e-9:
            return ("draw",)
    return ("stop",)


def _throw(known: CurlingState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    values, away = shape_values(known, seat)
    scored = [
        (away if len(a) == 2 else values[SHAPE_INDEX[(a[2], a[3], tuple(a[4:]))]], a) for a in legal
    ]
    top = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v >= top - 1e-9])


def tactical(game_id: str, state: Any, seat: int, rng: random.Random) -> Action:
    """The tactical greedy player's action for ``seat``."""
    known: CurlingState = ai.PLAYERS[game_id].canonical(state, seat)
    legal = GAME.legal_actions(known, seat)
    if len(legal) == 1 or known.phase not in (AIM, REROLL, DRAW):
        return legal[0]
    if known.phase == REROLL:
        return _reroll(known, seat, legal)
    if known.phase == DRAW:
        return _draw(known, seat, legal)
    return _throw(known, seat, legal, rng)
