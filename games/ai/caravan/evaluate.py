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
from functools import cache

from games.ai.caravan.model import TAKES, Position, Tail
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
FACE = {card: FACE_WORTH[card[0]] for card in ("X1", "X2")} | {
    rank + suit: FACE_WORTH[rank] for rank in "JQK" for suit in "SHDC"
}
#: What every card is worth in hand when no own caravan takes it.
UNUSED = dict.fromkeys(VALUE, 0.0) | FACE
#: The values, then the tails, of one seat's three caravans.
Key = tuple[int, int, int, Tail, Tail, Tail]
#: What cards are worth to the owner of three caravans (see ``_worths``), by
#: their key, shared by one decision's searches.
Memo = dict[Key, tuple[dict[str, float], list[frozenset[str]]]]


@cache
def _accepts(worth: int, tail: Tail) -> tuple[dict[str, float], frozenset[str]]:
    """What each numeral card an own caravan worth ``worth`` with ``tail``
    takes without busting is worth, and the cards among them that sell it."""
    if worth >= SOLD_MIN:
        return {}, frozenset()
    taken = [card for card in TAKES[tail] if worth + VALUE[card] <= SOLD_MAX]
    sells = frozenset(card for card in taken if worth + VALUE[card] >= SOLD_MIN)
    return dict.fromkeys(taken, BUILDS), sells


def _worths(key: Key) -> tuple[dict[str, float], list[frozenset[str]]]:
    """For the owner of caravans worth ``key[:3]`` with tails ``key[3:]``: what
    each card is worth in hand on its own (every card has an entry, to be
    summed without a default), and the cards that would sell each caravan
    (those that sell one)."""
    builds0, sells0 = _accepts(key[0], key[3])
    builds1, sells1 = _accepts(key[1], key[4])
    builds2, sells2 = _accepts(key[2], key[5])
    worths = {**UNUSED, **builds0, **builds1, **builds2}
    return worths, [sells for sells in (sells0, sells1, sells2) if sells]


def hand_value(pos: Position, seat: int, memo: Memo) -> float:
    """What the cards in ``seat``'s hand are worth for the game ahead: each
    card on its own, and once per own caravan some card in hand would sell
    (two cards that sell the same caravan are one sale)."""
    return hand_worth(key_of(pos.vals, pos.tails, seat), pos.hands[seat], memo)


def key_of(vals: list[int], tails: list[Tail], seat: int) -> Key:
    """The key of ``seat``'s three caravans, given every caravan's value and tail."""
    base = 3 * seat
    return (
        vals[base],
        vals[base + 1],
        vals[base + 2],
        tails[base],
        tails[base + 1],
        tails[base + 2],
    )


def hand_worth(key: Key, hand: tuple[str, ...], memo: Memo) -> float:
    """:func:`hand_value` of ``hand`` to the owner of caravans worth ``key[:3]``
    with tails ``key[3:]``."""
    found = memo.get(key)
    if found is None:
        found = memo[key] = _worths(key)
    worths, sellers = found
    total = PER_CARD * len(hand) + sum(map(worths.__getitem__, hand))
    for cards in sellers:
        if not cards.isdisjoint(hand):
            total += SELLS - BUILDS
    return total


def pairs_odds(vals: list[int], seat: int) -> float:
    """The weighted log-odds that ``seat`` ends up holding two pairs, from the
    caravans' values."""
    mine, theirs = 3 * seat, 3 - 3 * seat
    p0 = PAIR[BUCKET[vals[mine]]][BUCKET[vals[theirs]]]
    p1 = PAIR[BUCKET[vals[mine + 1]]][BUCKET[vals[theirs + 1]]]
    p2 = PAIR[BUCKET[vals[mine + 2]]][BUCKET[vals[theirs + 2]]]
    # Strictly between 0 and 1, as every chance in PAIR is.
    two = p0 * p1 + p0 * p2 + p1 * p2 - 2 * p0 * p1 * p2
    return PAIRS_WEIGHT * math.log(two / (1 - two))


def evaluate(pos: Position, seat: int, memo: Memo, their_hand: float | None = None) -> float:
    """A score of ``pos`` for ``seat``, higher is better: the log-odds of its
    chance to win, or ±100 once the game is decided. ``their_hand`` is the other
    seat's :func:`hand_value` when the caller knows it (one ply searched from
    a position shares it between all the moves that leave their caravans be)."""
    if pos.winner is not None:
        return 100.0 if pos.winner == seat else -100.0
    if their_hand is None:
        their_hand = hand_value(pos, 1 - seat, memo)
    return pairs_odds(pos.vals, seat) + hand_value(pos, seat, memo) - their_hand
