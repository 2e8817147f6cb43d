"""Klac!'s tactical greedy: one play, then the next player's best answer to it.

Every legal play is made on the rows the seat sees. Unless it ends the
round, the next player to move then answers with one card. That card is
unknown, so each card value it may hold (the unseen pool: the deck and the
other hands) is tried: for each, the answer it likes best among every play
of that card on every row (a sixth stack that ends the round, a cover, a
merge, a new stack), judged by the same measure from its seat. Its hand is
a random draw from the pool, so the chance that a value is the best card it
holds is exact (hypergeometric); the play is worth the expectation of the
position after the answer.

A position is worth the seat's chance of winning the match: rows are
counted by their potential (their tops' sum, less the more colours they
lack) while the round goes on, by their exact score once it is over, and
a round that ends the match is a win or a loss.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from games import ai
from games.ai.klac.model import MISSING, SCORE, SIZE, TOTAL, from_state, play_of, plays
from games.core.protocol import Action
from games.klac.game import KlacGame
from games.klac.rules import ROW_LIMIT, next_seat

GAME = KlacGame()
#: The share of a row's tops' sum it is worth while the round goes on, by
#: the number of colours it lacks.
SHARES = (1.0, 0.6, 0.3, 0.0)


def potential(mask: int) -> float:
    """What a row in play is worth (see the module)."""
    return TOTAL[mask] * SHARES[MISSING[mask]]


def chances(
    seat: int, totals: Sequence[int], target: int, rows: Sequence[float], final: bool
) -> float:
    """``seat``'s chance of winning the match with ``rows`` added to the totals.

    Only a ``final`` count (an ended round) can end the match: potentials of
    a round in play are no certainty.
    """
    new = [t + r for t, r in zip(totals, rows, strict=True)]
    best = max(new)
    leaders = [i for i, t in enumerate(new) if t == best]
    if final and best >= target and len(leaders) == 1:
        return 1.0 if leaders[0] == seat else 0.0
    lead = new[seat] - max(t for i, t in enumerate(new) if i != seat)
    spread = 20 + 0.5 * max(0, target - best)
    return 1 / (1 + math.exp(-lead / spread))


def worth(
    masks: Sequence[int], ended: bool, seats: Sequence[int], totals: Sequence[int], target: int
) -> list[float]:
    """The chances of ``seats`` to win the match with the rows as ``masks``
    (exact scores if the round has ``ended``, else potentials)."""
    rows = [float(SCORE[m]) if ended else potential(m) for m in masks]
    return [chances(s, totals, target, rows, ended) for s in seats]


def tactical(game_id: str, state: Any, seat: int, rng: random.Random) -> Action:
    """The play whose expected worth after the next player's answer is best."""
    known = ai.PLAYERS[game_id].canonical(state, seat)
    legal = GAME.legal_actions(known, seat)
    masks, _, unseen = from_state(known, seat)
    pool = Counter(unseen)
    sizes = [len(hand) for hand in known.hands]
    totals, target = known.totals, known.target
    deck = len(known.deck)
    values = []
    for action in legal:
        _, t, _, new = play_of(known, action)
        after = list(masks)
        after[t] = new
        values.append(_expected(after, seat, sizes, deck, pool, totals, target))
    best = max(values)
    return rng.choice([a for a, v in zip(legal, values, strict=True) if v >= best - 1e-12])


def _expected(
    masks: list[int],
    seat: int,
    sizes: Sequence[int],
    deck: int,
    pool: Counter[int],
    totals: Sequence[int],
    target: int,
) -> float:
    """``seat``'s worth of ``masks`` just after its play, the next answer weighed in."""
    n = len(masks)
    if any(SIZE[m] >= ROW_LIMIT for m in masks):
        return worth(masks, True, [seat], totals, target)[0]
    # The play takes a card from the hand, and one is drawn while the deck lasts.
    hands = list(sizes)
    if deck == 0:
        hands[seat] -= 1
    deck = max(0, deck - 1)
    if deck == 0 and not any(hands):
        return worth(masks, True, [seat], totals, target)[0]
    mover = next_seat(hands, seat)
    if mover is None or mover == seat:
        return worth(masks, False, [seat], totals, target)[0]
    # The answer is the round's last card when nobody else has one left.
    last = deck == 0 and sum(hands) == 1
    answers = []
    for card in pool:
        best_own, best_mine = -1.0, 0.0
        for t in range(n):
            for _, new in plays(card, masks[t]):
                after = list(masks)
                after[t] = new
                ended = last or SIZE[new] >= ROW_LIMIT
                own, mine = worth(after, ended, (mover, seat), totals, target)
                if own > best_own:
                    best_own, best_mine = own, mine
        answers.append((best_own, best_mine, card))
    answers.sort(reverse=True)
    # P(the best value held is answers[i]) = P(none of the first i) - P(none of the first i + 1).
    held = hands[mover]
    left = sum(pool.values())
    everything = math.comb(left, held)
    expected, before = 0.0, 1.0
    for _, mine, card in answers:
        left -= pool[card]
        none = math.comb(left, held) / everything
        expected += (before - none) * mine
        before = none
    return expected
