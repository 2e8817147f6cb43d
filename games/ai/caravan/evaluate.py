"""How good a Caravan position is for a seat: an estimate of its chance to win.

Each pair is scored by the chance that the seat ends up holding it, read from
the two caravans' values (``PAIR``); the game is won by holding two pairs of
three, so the three chances combine into the chance of holding at least two
(taken as independent). The cards in hand shift that chance: face cards are
the means to attack and defend, and a numeral card is worth what it can
still do for an own caravan.
"""

from __future__ import annotations

import math
from functools import lru_cache

from games.ai.caravan.model import Caravan, Position, takes
from games.caravan.rules import SOLD_MAX, SOLD_MIN, VALUE

#: Values above the sold range, lumped together: a bust caravan is as good as
#: the cards it takes to mend it, not its exact value.
BUCKETS = 30
#: How promising a caravan of each value bucket is in a pair contest.
STRENGTH: tuple[float, ...] = (
    0.0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.45, 0.5, 0.6, 0.65, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2,
    1.3, 1.4, 1.5, 1.55, 1.6, 3.2, 3.3, 3.4, 3.5, 3.6, 3.7, 0.6, 0.4, 0.3,
)  # fmt: skip
#: Extra weight of the higher of two sold caravans.
OUTBID = 1.0
#: Weight of the log-odds of holding two pairs of three.
PAIRS_WEIGHT = 1.0
#: What a card in hand is worth, by kind.
FACE_WORTH = {"J": 0.4, "Q": 0.05, "K": 0.1, "X": 0.4}
SELLS = 0.3
BUILDS = 0.1
PER_CARD = 0.05


def bucket(value: int) -> int:
    """The bucket of a caravan worth ``value`` (see :data:`STRENGTH`)."""
    if value <= SOLD_MAX:
        return value
    if value <= 30:
        return 27
    return 28 if value <= 35 else 29


def _chance(mine: int, theirs: int) -> float:
    both_sold = SOLD_MIN <= mine <= SOLD_MAX and SOLD_MIN <= theirs <= SOLD_MAX
    edge = STRENGTH[mine] - STRENGTH[theirs]
    if both_sold:
        edge += OUTBID * ((mine > theirs) - (mine < theirs))
    return 1 / (1 + math.exp(-edge))


#: ``PAIR[a][b]``: the chance of holding a pair with a caravan in bucket ``a``
#: against one in bucket ``b``.
PAIR = [[_chance(a, b) for b in range(BUCKETS)] for a in range(BUCKETS)]
BUCKET = [bucket(value) for value in range(400)]
NUMERALS = sorted(VALUE)
FACE = {card: FACE_WORTH[card[0]] for card in ("X1", "X2")} | {
    rank + suit: FACE_WORTH[rank] for rank in "JQK" for suit in "SHDC"
}
#: What cards are worth to the owner of three caravans (see ``_worths``),
#: shared by one decision's searches.
Memo = dict[tuple[Caravan, Caravan, Caravan], tuple[dict[str, float], list[frozenset[str]]]]


@lru_cache(maxsize=1 << 16)
def _accepts(caravan: Caravan, value: int) -> dict[str, float]:
    """What each numeral card is worth to an own caravan worth ``value``."""
    out: dict[str, float] = {}
    if value >= SOLD_MIN:
        return out
    for card in NUMERALS:
        if takes(caravan, card):
            after = value + VALUE[card]
            if after < SOLD_MIN:
                out[card] = BUILDS
            elif after <= SOLD_MAX:
                out[card] = SELLS
    return out


def _worths(
    cars: tuple[Caravan, Caravan, Caravan], vals: list[int]
) -> tuple[dict[str, float], list[frozenset[str]]]:
    """For the owner of ``cars`` (worth ``vals``): what each card in hand is worth
    on its own, and the cards that would sell each caravan."""
    worths = dict(FACE)
    sellers = []
    for car, worth in zip(cars, vals, strict=True):
        accepts = _accepts(car, worth)
        for card in accepts:
            worths[card] = BUILDS
        sellers.append(frozenset(card for card, gain in accepts.items() if gain == SELLS))
    return worths, sellers


def hand_value(pos: Position, seat: int, memo: Memo) -> float:
    """What the cards in ``seat``'s hand are worth for the game ahead: each
    card on its own, and once per own caravan some card in hand would sell
    (two cards that sell the same caravan are one sale)."""
    base = 3 * seat
    cars = pos.cars
    key = (cars[base], cars[base + 1], cars[base + 2])
    found = memo.get(key)
    if found is None:
        found = memo[key] = _worths(key, pos.vals[base : base + 3])
    worths, sellers = found
    hand = pos.hands[seat]
    total = PER_CARD * len(hand) + sum([worths.get(card, 0.0) for card in hand])
    for cards in sellers:
        if not cards.isdisjoint(hand):
            total += SELLS - BUILDS
    return total


def evaluate(pos: Position, seat: int, memo: Memo) -> float:
    """A score of ``pos`` for ``seat``, higher is better: the log-odds of its
    chance to win, or ±100 once the game is decided."""
    if pos.winner is not None:
        return 100.0 if pos.winner == seat else -100.0
    vals = pos.vals
    mine, theirs = 3 * seat, 3 - 3 * seat
    p0 = PAIR[BUCKET[vals[mine]]][BUCKET[vals[theirs]]]
    p1 = PAIR[BUCKET[vals[mine + 1]]][BUCKET[vals[theirs + 1]]]
    p2 = PAIR[BUCKET[vals[mine + 2]]][BUCKET[vals[theirs + 2]]]
    two = p0 * p1 + p0 * p2 + p1 * p2 - 2 * p0 * p1 * p2
    two = min(max(two, 1e-6), 1 - 1e-6)
    return (
        PAIRS_WEIGHT * math.log(two / (1 - two))
        + hand_value(pos, seat, memo)
        - hand_value(pos, 1 - seat, memo)
    )
