"""The opponent's every reply, weighed by the chance that it holds the card.

The opponent's hand is a random draw from its *plausible pool* (``unseen``):
for each of the seat's moves, every reply the opponent could make with any
card of the pool is rated, each card keeps its most hurtful reply, and the
value of the move is what the opponent's best card in a random hand of its
size leaves, averaged exactly over those hands (:func:`first_weights`). The
table left is rated with what the seat's own hand does to it next turn
(:data:`Reach`), so a reply that leaves the seat a sale, a King that busts
or a Jack that breaks a caravan counts.
"""

from __future__ import annotations

import math
from functools import cache

from games.ai.caravan.evaluate import FACE_WORTH
from games.ai.caravan.model import (
    ATTACH,
    DISBAND,
    DISCARD,
    PLAY,
    TAKES,
    Caravan,
    Position,
    actions,
    apply,
    holder,
    start,
    tail_of,
    value,
)
from games.caravan.rules import SOLD_MAX, SOLD_MIN, VALUE
from games.caravan.state import OPENING, CaravanState
from games.core.protocol import Action

#: A game won (or lost), on the scale of the rating (a chance × 100).
WON = 100.0
#: A game the seat's hand wins on its next turn, whatever the opponent left.
WINS_NEXT = 99.0
#: How much of the best improvement a card in hand makes next turn counts now.
THREAT = 0.6
#: A card in hand, in points of the rating (log-odds worth × 25: near even
#: chances one unit of log-odds is a quarter of the chance).
HAND_SCALE = 25.0
NUMERAL_WORTH = 0.02
#: Extra edge of the higher of two sold caravans.
OUTBID = 1.5
#: What the card drawn after a play or a discard is worth on average.
DRAWN = 0.8

#: What the seat's hand can do to one pair next turn: the best chance of
#: holding it one card brings about, whether a card makes the seat hold it,
#: and whether a card settles it either way.
Reach = tuple[float, bool, bool]
#: :data:`Reach` by the hand and the pair's two caravans, shared by one decision.
Reaches = dict[tuple[tuple[str, ...], Caravan, Caravan], Reach]


def pool_position(known: CaravanState, seat: int, pool: list[str]) -> Position:
    """The model's position of what ``seat`` sees, every card of ``pool`` once in
    the opponent's hand (none when its hand is empty)."""
    other = 1 - seat
    hands: list[tuple[str, ...]] = [(), ()]
    hands[seat] = tuple(known.hands[seat])
    hands[other] = tuple(dict.fromkeys(pool)) if known.hands[other] else ()
    # One card to draw stands for the seat's unknown draw, so an empty hand is
    # not taken for a lost game; the rating reads the hand the seat knows.
    decks: list[list[str]] = [[], []]
    decks[seat] = list(known.decks[seat][:1])
    cars: list[Caravan] = [
        tuple((card, tuple(faces)) for card, faces in caravan)
        for row in known.caravans
        for caravan in row
    ]
    assert known.turn is not None
    return start(cars, hands, list(decks), known.turn, known.phase == OPENING)


def hand_after(pos: Position, seat: int, action: Action) -> tuple[str, ...]:
    """The cards ``seat`` knows it holds after ``action`` (the draw is unknown)."""
    hand = pos.hands[seat]
    if action[0] == DISBAND:
        return hand
    i = hand.index(action[1])
    return hand[:i] + hand[i + 1 :]


def first_weights(size: int, hand: int) -> list[float]:
    """``weights[i]``: the chance that the ``i``-th of ``size`` cards in a fixed
    order is the first of them in a random hand of ``hand`` cards."""
    hand = min(hand, size)
    if hand == 0:
        return []
    total = math.comb(size, hand)
    return [math.comb(size - 1 - i, hand - 1) / total for i in range(size)]


def expected_reply(
    pos: Position,
    seat: int,
    action: Action,
    pool: list[str],
    weights: list[float],
    reaches: Reaches,
) -> float:
    """The rating after ``action`` and the opponent's most hurtful reply, averaged
    over the hands it may hold: random hands from ``pool``, whose first cards
    (in the order of the replies' ratings) come with :func:`first_weights`."""
    after = apply(pos, action)
    if after.winner is not None:
        return WON if after.winner == seat else -WON
    hand = hand_after(pos, seat, action)
    # A discard, possible with any card, leaves the table be.
    floor = rating(after, seat, hand, reaches) if pool else math.inf
    by_card: dict[str, float] = {}
    alike: dict[Action, float] = {}
    for reply in actions(after):
        if reply[0] == DISCARD:  # rated already: the floor
            continue
        key = _alike(reply, seat)
        rated = alike.get(key)
        if rated is None:
            rated = alike[key] = rating(apply(after, reply), seat, hand, reaches)
        if reply[0] == DISBAND:
            floor = min(floor, rated)
        elif rated < by_card.get(reply[1], math.inf):
            by_card[reply[1]] = rated
    if not weights:
        # The opponent holds no card (or none is unseen): its only replies
        # are the ones any hand has.
        return floor
    values = sorted(min(by_card.get(card, floor), floor) for card in pool)
    return sum(w * v for w, v in zip(weights, values, strict=True))


def _alike(reply: Action, seat: int) -> Action:
    """A key shared by the opponent's replies that leave ``seat`` the same
    :func:`rating`, which reads a caravan of the opponent's by its cards'
    values and the faces on them, and one of the seat's by its tail too:
    numeral cards of one value played on one caravan, faces of one rank laid
    on one card (but for a Queen on the seat's own caravan, whose suit
    becomes the caravan's)."""
    kind, card = reply[0], reply[1]
    if kind == PLAY:
        return (kind, VALUE[card], reply[2])
    if kind == ATTACH and not (card[0] == "Q" and reply[2] == seat):
        return (kind, card[0], *reply[2:])
    return reply


def rating(pos: Position, seat: int, hand: tuple[str, ...], reaches: Reaches) -> float:
    """How good ``pos`` is for ``seat`` holding ``hand``, about to move: its chance
    to hold two pairs (× 100), raised by part of what its best card does next
    turn, plus what its cards are worth for later."""
    if pos.winner is not None:
        return WON if pos.winner == seat else -WON
    vals, cars = pos.vals, pos.cars
    mine, theirs = 3 * seat, 3 - 3 * seat
    chances = [chance(vals[mine + k], vals[theirs + k]) for k in range(3)]
    now = two_of_three(*chances)
    best = now
    if not pos.opening:
        held = [holder(vals[mine + k], vals[theirs + k]) for k in range(3)]
        for k in range(3):
            key = (hand, cars[mine + k], cars[theirs + k])
            reach = reaches.get(key)
            if reach is None:
                reach = reaches[key] = _reach(hand, cars[mine + k], cars[theirs + k])
            top, takes, decides = reach
            others = held[:k] + held[k + 1 :]
            if -1 not in others:
                ours = others.count(0)
                if (takes and ours) or (decides and ours == 2):
                    return WINS_NEXT
            changed = chances[:]
            changed[k] = top
            best = max(best, two_of_three(*changed))
    return WON * (now + THREAT * (best - now)) + HAND_SCALE * sum(map(_worth, hand))


@cache
def strength(worth: int) -> float:
    """How promising a caravan worth ``worth`` is in its pair's contest."""
    if worth == 0:
        return 0.0
    if worth < SOLD_MIN:
        return 0.4 + 1.6 * worth / (SOLD_MIN - 1)
    if worth <= SOLD_MAX:
        return 3.0 + 0.1 * (worth - SOLD_MIN)
    return 0.3  # bust: it takes a Jack or a disband to mend


@cache
def chance(mine: int, theirs: int) -> float:
    """The chance of ending up holding a pair of caravans worth ``mine`` and ``theirs``."""
    edge = strength(mine) - strength(theirs)
    if SOLD_MIN <= mine <= SOLD_MAX and SOLD_MIN <= theirs <= SOLD_MAX:
        edge += OUTBID * ((mine > theirs) - (mine < theirs))
    return 1 / (1 + math.exp(-edge))


def two_of_three(p0: float, p1: float, p2: float) -> float:
    """The chance of holding at least two of three pairs held with these chances."""
    return p0 * p1 + p0 * p2 + p1 * p2 - 2 * p0 * p1 * p2


@cache
def _worth(card: str) -> float:
    return FACE_WORTH.get(card[0], NUMERAL_WORTH)


def _reach(hand: tuple[str, ...], own: Caravan, opposite: Caravan) -> Reach:
    """What the cards of ``hand`` can do to one pair (own caravan, the opponent's)
    next turn: a numeral card on the own caravan, a King on a card of either
    (doubled), a Jack on one (removed); Queens and jokers are left out."""
    tail = tail_of(own)
    mine, theirs = value(own), value(opposite)
    out: set[tuple[int, int]] = set()
    for card in set(hand):
        if card in VALUE:
            if card in TAKES[tail]:
                out.add((mine + VALUE[card], theirs))
        elif card[0] == "K":
            out.update((mine + v, theirs) for v, faces in _slots(own) if faces < 3)
            out.update((mine, theirs + v) for v, faces in _slots(opposite) if faces < 3)
        elif card[0] == "J":
            out.update((mine - v, theirs) for v, _ in _slots(own))
            out.update((mine, theirs - v) for v, _ in _slots(opposite))
    holders = {holder(m, t) for m, t in out}
    top = max((chance(m, t) for m, t in out), default=0.0)
    return max(top, chance(mine, theirs)), 0 in holders, bool(holders - {-1})


def _slots(caravan: Caravan) -> list[tuple[int, int]]:
    """Each numeral card's worth in ``caravan`` and how many face cards lie on it."""
    out = []
    for card, faces in caravan:
        worth = VALUE[card]
        for face in faces:
            if face[0] == "K":
                worth <<= 1
        out.append((worth, len(faces)))
    return out
