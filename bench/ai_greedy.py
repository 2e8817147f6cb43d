"""One-ply greedy players, one per game: the benchmark's yardstick for the levels.

Each applies every legal action to the position its seat can see (the game's
canonical state, so it never peeks) and takes the one with the best immediate
evaluation, ties broken at random; steps that are not scored (rolling dice,
taking cards) are made as the game's stand-in makes them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games import ai, registry
from games.core.protocol import Action
from games.curling.stand_in import score_throw
from games.klac.rules import row_score, top_cards

Evaluate = Callable[[Any, int], float]


def _klac(state: Any, seat: int) -> float:
    """Own row's score now minus the best other row's (only whole rows score)."""
    scores = [row_score(top_cards(row)) for row in state.rows]
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def _klotho(state: Any, seat: int) -> float:
    """Own points and half victories minus the best other seat's."""
    mine = state.scores[seat] + 3 * state.halves[seat]
    return mine - max(
        state.scores[s] + 3 * state.halves[s] for s in range(state.seats) if s != seat
    )


def _krendzu(state: Any, seat: int) -> float:
    """Points of the match so far (this tour's too), own minus the best opponent's."""
    totals = [a + b for a, b in zip(state.scores, state.tour_points, strict=True)]
    return totals[seat] - max(t for i, t in enumerate(totals) if i != seat)


def _caravan(state: Any, seat: int) -> float:
    """Pairs held, then how close each own caravan is to selling (21–26)."""
    from games.caravan.rules import caravan_value

    held = 0.0
    for pair in range(3):
        mine = caravan_value(state.caravans[seat][pair])
        theirs = caravan_value(state.caravans[1 - seat][pair])
        sold, their_sold = 21 <= mine <= 26, 21 <= theirs <= 26
        if sold and (not their_sold or mine > theirs):
            held += 10
        elif their_sold and (not sold or theirs > mine):
            held -= 10
        held -= abs(23.5 - mine) / 10 if mine <= 26 else 5
    return held + 100 * (state.winners == [seat])


EVALUATIONS: dict[str, Evaluate] = {
    "klac": _klac,
    "klotho": _klotho,
    "krendzu": _krendzu,
    "caravan": _caravan,
}


def greedy(game_id: str, state: Any, seat: int, rng: random.Random) -> Action:
    """The greedy player's action for ``seat``."""
    game = registry.get(game_id)
    known = ai.PLAYERS[game_id].canonical(state, seat)
    actions = game.legal_actions(known, seat)
    if game_id == "curling":
        throws = [a for a in actions if a[0] == "throw"]
        if not throws:
            return game.stand_in(known, seat, actions, rng)
        scored = [(score_throw(known, seat, a), a) for a in throws]
    else:
        evaluate = EVALUATIONS[game_id]
        scored = [(evaluate(game.apply(known, seat, a), seat), a) for a in actions]
    best = max(score for score, _ in scored)
    return rng.choice([a for score, a in scored if score == best])
