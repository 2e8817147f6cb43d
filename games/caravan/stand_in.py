"""How the bot plays Caravan for an absent player: the move that leaves the best table.

A random legal move would disband sold caravans and discard good cards; a
player who hands their seat to the bot expects it to keep playing to win. The
bot looks one move ahead at the public table only (never at the cards it
would draw): games won, pairs held, and how close each caravan is to selling.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from games.caravan.rules import SOLD_MAX, SOLD_MIN, pair_holder, value_of
from games.caravan.state import CaravanState
from games.core.protocol import Action

#: A game won or lost outweighs anything on the table.
GAME_WEIGHT = 1000.0
PAIR_WEIGHT = 10.0
#: An opponent's promising caravan hurts less than one's own helps: building
#: beats sabotage when both are possible.
OPPONENT_WEIGHT = 0.5

Apply = Callable[[CaravanState, int, Action], CaravanState]


def choose(
    state: CaravanState, seat: int, actions: Sequence[Action], apply: Apply, rnd: random.Random
) -> Action:
    """The best of ``actions`` for ``seat`` by :func:`score`; ties broken by ``rnd``."""
    scored = [(score(apply(state, seat, action), seat, state.wins), action) for action in actions]
    best = max(points for points, _ in scored)
    return rnd.choice([action for points, action in scored if points == best])


def score(state: CaravanState, seat: int, wins_before: Sequence[int]) -> float:
    """How good the table is for ``seat`` after a move (higher is better)."""
    other = 1 - seat
    gained = state.wins[seat] - wins_before[seat]
    lost = state.wins[other] - wins_before[other]
    if gained or lost:
        return GAME_WEIGHT * (gained - lost)
    total = 0.0
    for mine, theirs in zip(state.caravans[seat], state.caravans[other], strict=True):
        own, opposite = value_of(mine), value_of(theirs)
        holder = pair_holder(own, opposite)
        if holder is not None:
            total += PAIR_WEIGHT if holder == 0 else -PAIR_WEIGHT
        total += promise(own) - OPPONENT_WEIGHT * promise(opposite)
    return total


def promise(value: int) -> float:
    """How close a caravan worth ``value`` is to being sold (0 for an empty one)."""
    if SOLD_MIN <= value <= SOLD_MAX:
        return 5.0
    if value > SOLD_MAX:
        return -3.0
    return 4.0 * value / SOLD_MIN
