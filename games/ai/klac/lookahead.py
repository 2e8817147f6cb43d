"""A quick, steady judgement of a Klac! play: the next player's answer weighed in.

A play is judged by what follows it: the next player's answer, for every
card value it may hold (its hand is a random draw from the cards the seat
cannot see, so the chance that a value is the best card it holds is
exact), that answer being the one it likes best by the same measure. The
position reached is worth the seat's chance of winning the match, rows
counted by their potential while the round goes on and by their exact
score once it is over (see :class:`Table`). This is the tactical greedy's
judgement (``bench/tactical/klac.py``); the search adds playouts to it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from math import comb

from games.ai.klac.model import MISSING, SCORE, SIZE, TOTAL, plays
from games.ai.klac.policy import Play
from games.klac.rules import ROW_LIMIT, next_seat

#: The share of a row's tops' sum it is worth while the round goes on, by
#: the number of colours it lacks.
SHARES = (1.0, 0.6, 0.3, 0.0)


class Table:
    """The fixed facts of one decision: totals, target, the unseen cards and hand sizes.

    ``worth`` is cached: the same rows come up again and again in a search.
    """

    def __init__(
        self,
        seat: int,
        totals: Sequence[int],
        target: int,
        pool: Sequence[int],
        sizes: Sequence[int],
        deck: int,
    ) -> None:
        self.seat = seat
        self.totals = list(totals)
        self.target = target
        self.pool = Counter(pool)
        self.sizes = list(sizes)
        self.deck = deck
        self._cache: dict[tuple[int, ...], list[float]] = {}

    def worth(self, masks: Sequence[int], ended: bool) -> list[float]:
        """Every seat's chance of winning the match with the rows as ``masks``."""
        key = (*masks, ended)
        found = self._cache.get(key)
        if found is not None:
            return found
        rows = [SCORE[m] if ended else TOTAL[m] * SHARES[MISSING[m]] for m in masks]
        new = [t + r for t, r in zip(self.totals, rows, strict=True)]
        best = max(new)
        n = len(new)
        leaders = [i for i in range(n) if new[i] == best]
        if ended and best >= self.target and len(leaders) == 1:
            found = [1.0 if i == leaders[0] else 0.0 for i in range(n)]
        else:
            spread = 20 + 0.5 * max(0, self.target - best)
            found = []
            for i in range(n):
                lead = new[i] - max(new[j] for j in range(n) if j != i)
                found.append(1 / (1 + math.exp(-lead / spread)))
        self._cache[key] = found
        return found


def rate(table: Table, masks: Sequence[int]) -> float:
    """The seat's worth of ``masks`` just after its play, the next answer weighed in."""
    seat = table.seat
    if any(SIZE[m] >= ROW_LIMIT for m in masks):
        return table.worth(masks, True)[seat]
    # The play took a card from the hand, and one is drawn while the deck lasts.
    hands = list(table.sizes)
    deck = table.deck
    if deck == 0:
        hands[seat] -= 1
    deck = max(0, deck - 1)
    if deck == 0 and not any(hands):
        return table.worth(masks, True)[seat]
    mover = next_seat(hands, seat)
    if mover is None or mover == seat:
        return table.worth(masks, False)[seat]
    # The answer is the round's last card when nobody else has one left.
    last = deck == 0 and sum(hands) == 1
    n = len(masks)
    answers = []
    for card in table.pool:
        best_own, best_mine = -1.0, 0.0
        for t in range(n):
            for _, new in plays(card, masks[t]):
                after = list(masks)
                after[t] = new
                worths = table.worth(after, last or SIZE[new] >= ROW_LIMIT)
                if worths[mover] > best_own:
                    best_own, best_mine = worths[mover], worths[seat]
        answers.append((best_own, best_mine, card))
    answers.sort(reverse=True)
    # P(the best value held is answers[i]) = P(none of the first i) - P(none of the first i + 1).
    held = hands[mover]
    left = sum(table.pool.values())
    everything = comb(left, held)
    expected, before = 0.0, 1.0
    for _, mine, card in answers:
        left -= table.pool[card]
        none = comb(left, held) / everything
        expected += (before - none) * mine
        before = none
    return expected


def rate_plays(table: Table, masks: Sequence[int], plays: Sequence[Play]) -> list[float]:
    """:func:`rate` of each play (card, target seat, covered value, new mask) on ``masks``."""
    out = []
    for _, target, _, new in plays:
        after = list(masks)
        after[target] = new
        out.append(rate(table, after))
    return out
