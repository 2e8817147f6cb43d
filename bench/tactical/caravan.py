"""Caravan's tactical greedy player: one ply, the opponent's every reply, and threats.

It applies each legal action to what its seat can see (the canonical state,
so it never peeks) and rates the table left by the opponent's best reply,
averaged over the hands the opponent may hold: each reply card is drawn from
the *plausible pool* (whole standard sets less the numeral cards on the
opponent's caravans and the face cards on the table that must be theirs),
so a caravan the opponent can sell next turn, a King that busts a sold
caravan of ours or a Jack that breaks it count as often as the opponent is
likely to hold the card. The table is then rated with the threats the seat
holds for its next turn: a caravan of its own that a card in hand sells or
outbids, an opponent's caravan a King pushes over 26 or a Jack breaks, and
a game its hand wins at once.

The rating of a table is the chance of holding two pairs of three, each
pair's chance read from the two caravans' values.
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any

from games import ai, registry
from games.ai.caravan.model import (
    DISBAND,
    DISCARD,
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
from games.ai.caravan.search import unseen
from games.caravan.rules import SOLD_MAX, SOLD_MIN, VALUE
from games.caravan.state import OPENING, CaravanState
from games.core.protocol import Action

#: A game won (or lost), on the scale of the rating (a chance × 100).
WON = 100.0
#: A game the seat's hand wins on its next turn, whatever is left to the opponent.
WINS_NEXT = 99.0
#: How much of the best improvement a card in hand makes next turn counts now
#: (the opponent moves first and may forestall it).
THREAT = 0.6
#: Extra edge of the higher of two sold caravans.
OUTBID = 1.5
#: What a card in hand is worth for later turns (a Jack or a joker defends).
WORTH = {"J": 3.0, "X": 3.0, "K": 1.5, "Q": 0.7}
NUMERAL_WORTH = 0.5
#: What the card drawn after a play or a discard is worth on average.
DRAWN = 0.8
#: Values closer than this are equal.
EPSILON = 1e-9

#: The threats a hand holds on one pair, for its next turn: the best chance of
#: holding the pair one card brings about, whether a card makes the seat hold
#: it, and whether a card settles it either way.
Reach = tuple[float, bool, bool]
#: :data:`Reach` by the hand and the pair's two caravans, shared by one decision.
Reaches = dict[tuple[tuple[str, ...], Caravan, Caravan], Reach]


def tactical(game_id: str, state: Any, seat: int, rng: random.Random) -> Action:
    """The tactical greedy player's action for ``seat``."""
    game = registry.get(game_id)
    known: CaravanState = ai.PLAYERS[game_id].canonical(state, seat)
    legal = game.legal_actions(known, seat)
    if len(legal) == 1:
        return legal[0]
    pos, pool = _position(known, seat)
    reaches: Reaches = {}
    if pos.opening:
        scores = [rating(apply(pos, a), seat, _hand_after(pos, seat, a), reaches) for a in legal]
    else:
        weights = _weights(len(pool), len(known.hands[1 - seat]))
        scores = [_reply_average(pos, seat, a, pool, weights, reaches) for a in legal]
        drawing = bool(known.decks[seat])
        scores = [
            s + (DRAWN if drawing and a[0] != DISBAND else 0.0)
            for s, a in zip(scores, legal, strict=True)
        ]
    top = max(scores)
    return rng.choice([a for s, a in zip(scores, legal, strict=True) if s >= top - EPSILON])


def _position(known: CaravanState, seat: int) -> tuple[Position, list[str]]:
    """The model's position of what ``seat`` sees, with every card the opponent may
    hold in the opponent's hand (once each), and the plausible pool of their cards."""
    other = 1 - seat
    pool = unseen(known, seat) if known.hands[other] else []
    hands: list[tuple[str, ...]] = [(), ()]
    hands[seat] = tuple(known.hands[seat])
    hands[other] = tuple(dict.fromkeys(pool))
    # One card to draw stands for the seat's unknown draw, so an empty hand is
    # not taken for a lost game; the rating reads the hand it knows instead.
    decks: list[list[str]] = [[], []]
    decks[seat] = list(known.decks[seat][:1])
    cars: list[Caravan] = [
        tuple((card, tuple(faces)) for card, faces in caravan)
        for row in known.caravans
        for caravan in row
    ]
    assert known.turn is not None
    return start(cars, hands, list(decks), known.turn, known.phase == OPENING), pool


def _hand_after(pos: Position, seat: int, action: Action) -> tuple[str, ...]:
    """The cards ``seat`` knows it holds after ``action`` (the draw is unknown)."""
    hand = pos.hands[seat]
    if action[0] == DISBAND:
        return hand
    i = hand.index(action[1])
    return hand[:i] + hand[i + 1 :]


def _weights(size: int, hand: int) -> list[float]:
    """``weights[i]``: the chance that the ``i``-th of ``size`` cards in a fixed
    order is the first one of them in a random hand of ``hand`` cards."""
    hand = min(hand, size)
    if hand == 0:
        return []
    total = math.comb(size, hand)
    return [math.comb(size - 1 - i, hand - 1) / total for i in range(size)]


def _reply_average(
    pos: Position,
    seat: int,
    action: Action,
    pool: list[str],
    weights: list[float],
    reaches: Reaches,
) -> float:
    """The rating after ``action`` and the opponent's best reply, averaged over
    the hands the opponent may hold (each card of ``pool`` is as likely)."""
    after = apply(pos, action)
    hand = _hand_after(pos, seat, action)
    if after.winner is not None:
        return WON if after.winner == seat else -WON
    # Replies that need no particular card: a discard leaves the table be.
    floor = rating(after, seat, hand, reaches) if pool else math.inf
    by_card: dict[str, float] = {}
    for reply in actions(after):
        value = rating(apply(after, reply), seat, hand, reaches)
        if reply[0] == DISBAND:
            floor = min(floor, value)
        elif reply[0] != DISCARD and value < by_card.get(reply[1], math.inf):
            by_card[reply[1]] = value
    if not pool:
        return floor
    values = sorted(min(by_card.get(card, floor), floor) for card in pool)
    return sum(w * v for w, v in zip(weights, values, strict=True))


@cache
def strength(value: int) -> float:
    """How promising a caravan worth ``value`` is in its pair's contest."""
    if value == 0:
        return 0.0
    if value < SOLD_MIN:
        return 0.4 + 1.6 * value / (SOLD_MIN - 1)
    if value <= SOLD_MAX:
        return 3.0 + 0.1 * (value - SOLD_MIN)
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


def rating(pos: Position, seat: int, hand: tuple[str, ...], reaches: Reaches) -> float:
    """How good ``pos`` is for ``seat`` holding ``hand``, about to move: its chance
    to win (× 100), raised by part of what its best card does next turn."""
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
    worth = sum(WORTH.get(card[0], NUMERAL_WORTH) for card in hand)
    return WON * (now + THREAT * (best - now)) + worth


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
