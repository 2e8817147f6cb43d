"""Determinized Monte Carlo: every play judged by playouts of sampled deals.

Each playout deals the cards the seat cannot see afresh (the other hands,
then the deck in a random order), makes the play and finishes the round with
a :class:`~games.ai.klac.policy.Policy`. The same deals serve every play, so
plays are compared on equal luck. Successive halving spends the budget where
it matters: all plays get a few deals, the better half more, and so on.

The budget counts simulated plays, not playouts: a playout from the start of
a round costs far more than one near its end, and a fixed count of plays
keeps the time of a decision steady.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from games.ai.klac.model import Round
from games.ai.klac.policy import Play, Policy

#: Turns a round's scores into how good they are for the seat.
Utility = Callable[[Sequence[int]], float]


def match_chances(seat: int, totals: Sequence[int], target: int) -> Utility:
    """The seat's chance of winning the match once the round is scored.

    A round that ends the match is a win or a loss; otherwise the lead in
    totals is worth more the closer the leader is to the target.
    """

    def utility(scores: Sequence[int]) -> float:
        new = [t + s for t, s in zip(totals, scores, strict=True)]
        best = max(new)
        leaders = [i for i, t in enumerate(new) if t == best]
        if best >= target and len(leaders) == 1:
            return 1.0 if leaders[0] == seat else 0.0
        lead = new[seat] - max(t for i, t in enumerate(new) if i != seat)
        spread = 20 + 0.5 * max(0, target - best)
        return 1 / (1 + math.exp(-lead / spread))

    return utility


class Deals:
    """The sampled deals of the unseen cards, made on demand and shared by all plays."""

    def __init__(
        self, masks: list[int], hand: list[int], pool: list[int], sizes: Sequence[int], seat: int
    ):
        self.masks = masks
        self.hand = hand
        self.pool = pool
        self.sizes = sizes
        self.seat = seat
        self.made: list[list[int]] = []

    def round(self, index: int, rng: random.Random) -> Round:
        """Deal number ``index`` as a round with ``seat`` to move."""
        while len(self.made) <= index:
            pool = list(self.pool)
            rng.shuffle(pool)
            self.made.append(pool)
        pool = self.made[index]
        hands, start = [], 0
        for s, size in enumerate(self.sizes):
            if s == self.seat:
                hands.append(list(self.hand))
            else:
                hands.append(pool[start : start + size])
                start += size
        return Round(list(self.masks), hands, pool[start:], self.seat)


def best_of(
    plays: Sequence[Play],
    ratings: Sequence[float],
    deals: Deals,
    utility: Utility,
    budget: int,
    rng: random.Random,
    policy: Policy,
    width: int,
    prior: float,
) -> list[int]:
    """Indexes in ``plays``, best mean utility first: the winner and the runner-up
    of the last round of halving (or the one play searched).

    ``budget`` is the number of simulated plays to spend in all. Only the
    ``width`` plays of the best ``ratings`` (a quick judgement of each play)
    are searched: the others are rarely worth a share of the playouts. A
    rating also counts as ``prior`` playouts of that play: a few dozen
    playouts are noisy, the rating steady.
    """
    alive = sorted(range(len(plays)), key=lambda i: -ratings[i])[:width]
    totals = [0.0] * len(plays)
    done = 0
    stages = max(1, math.ceil(math.log2(len(alive))))
    ranked = alive
    while len(alive) > 1:
        spent, stage_budget = 0, budget // stages
        # Whole rounds of deals, so that every play alive has seen the same ones.
        while spent < stage_budget or done == 0:
            for i in alive:
                card, target, _, new = plays[i]
                rnd = deals.round(done, rng)
                rnd.play(card, target, new)
                spent += 1 + policy.play_out(rnd)
                totals[i] += utility(rnd.scores())
            done += 1
        ranked = sorted(alive, key=lambda i: -(totals[i] + prior * ratings[i]))
        alive = ranked[: (len(ranked) + 1) // 2]
    return ranked[:2]
