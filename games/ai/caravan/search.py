"""The levels' searches over determinized deals of what the seat cannot see.

``easy`` looks one ply ahead on one deal. ``normal`` and ``strong`` play each
promising move out a few turns on many deals (:func:`roller`), which sees
what a static score, or a search of one reply and one answer, misses: a King
or a Jack that busts a sold caravan, an outbid, a game ended by a third pair
sold at the wrong moment. (The search of one reply and one answer that the
levels used before gained nothing from a bigger budget: its ``strong`` beat
its ``normal`` about half the time; playouts beat it 83% of the time.)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable

from games.ai.caravan.evaluate import Memo, evaluate
from games.ai.caravan.model import Caravan, Position, actions, apply, holder, value
from games.caravan.decks import standard_deck
from games.caravan.rules import sort_key
from games.caravan.state import OPENING, CaravanState
from games.core.protocol import Action

#: A level's moves, best first (all of them, or those it searched).
Level = Callable[[CaravanState, int, list[Action], random.Random], list[Action]]


def unseen(known: CaravanState, seat: int) -> list[str]:
    """The cards the opponent may still hold in hand and deck, in a fixed order.

    Their deck is taken for whole standard sets (as many as it takes to hold
    their hand and draw pile), less what they must have played: the numeral
    cards on their caravans (only a caravan's owner plays numerals there) and
    the face cards on the table that cannot be the seat's own, because the
    seat still holds its copies of them.
    """
    other = 1 - seat
    need = len(known.hands[other]) + len(known.decks[other])
    own = known.own_decks[seat]
    mine_out = Counter(standard_deck() if own is None else own)
    mine_out.subtract(known.hands[seat])
    mine_out.subtract(known.decks[seat])
    laid: Counter[str] = Counter()
    faces: Counter[str] = Counter()
    for owner, row in enumerate(known.caravans):
        for caravan in row:
            for card, on in caravan:
                if owner == other:
                    laid[card] += 1
                faces.update(on)
    laid.update(faces - mine_out)
    return sets_less(laid, need)


def sets_less(laid: Counter[str], need: int) -> list[str]:
    """At least ``need`` cards in a fixed order: as many standard sets as it
    takes, less the cards ``laid``."""
    sets = 1
    while True:
        left = Counter(standard_deck() * sets) - laid
        if left.total() >= need:
            return sorted(left.elements(), key=sort_key)
        sets += 1


def deal(known: CaravanState, seat: int, pool: list[str], rng: random.Random) -> Position:
    """A position consistent with what ``seat`` sees: the opponent's hand and
    deck drawn from ``pool``, the seat's own deck shuffled."""
    other = 1 - seat
    cards = list(pool)
    rng.shuffle(cards)
    size = len(known.hands[other])
    need = size + len(known.decks[other])
    mine = list(known.decks[seat])
    rng.shuffle(mine)
    hands: list[tuple[str, ...]] = [(), ()]
    decks: list[list[str]] = [[], []]
    hands[seat] = tuple(known.hands[seat])
    hands[other] = tuple(cards[:size])
    decks[seat] = mine
    decks[other] = cards[size:need]
    cars: list[Caravan] = [
        tuple((card, tuple(faces)) for card, faces in caravan)
        for row in known.caravans
        for caravan in row
    ]
    assert known.turn is not None
    return Position(
        cars,
        [value(car) for car in cars],
        hands,
        list(decks),
        [len(deck) for deck in decks],
        known.turn,
        known.phase == OPENING,
    )


def _held(pos: Position, seat: int) -> int:
    """How many pairs ``seat`` holds in ``pos``."""
    vals = pos.vals
    return sum(holder(vals[pair], vals[3 + pair]) == seat for pair in range(3))


def _candidates(
    positions: list[Position], legal: list[Action], seat: int, keep: int, memo: Memo
) -> list[int]:
    """The ``keep`` moves of ``legal`` with the best one-ply total over ``positions``."""
    totals = [sum(evaluate(apply(pos, move), seat, memo) for pos in positions) for move in legal]
    return sorted(range(len(legal)), key=lambda i: -totals[i])[:keep]


def easy(known: CaravanState, seat: int, legal: list[Action], rng: random.Random) -> list[Action]:
    """One ply on one deal, with noise enough to let a careful beginner win."""
    pos = deal(known, seat, unseen(known, seat), rng)
    memo: Memo = {}
    scores = [evaluate(apply(pos, move), seat, memo) + rng.gauss(0, 0.5) for move in legal]
    return [legal[i] for i in sorted(range(len(legal)), key=lambda i: -scores[i])]


def _best_child(pos: Position, memo: Memo) -> tuple[Position | None, int]:
    """The position after the move the seat to move rates best by one ply of
    :func:`evaluate` (``None`` when it has no move), and how many moves it rated."""
    seat = pos.turn
    best, best_score = None, -float("inf")
    moves = actions(pos)
    for move in moves:
        child = apply(pos, move)
        score = evaluate(child, seat, memo)
        if score > best_score:
            best, best_score = child, score
    return best, len(moves)


def rollout(pos: Position, seat: int, horizon: int, memo: Memo) -> tuple[float, int]:
    """``seat``'s chance to win ``pos``, after both seats play up to ``horizon``
    moves each rated best by one ply (1 or 0 once the game is decided, else
    the evaluation read as a chance), and the number of moves rated on the way."""
    work = 0
    for _ in range(horizon):
        if pos.winner is not None:
            break
        child, rated = _best_child(pos, memo)
        work += rated
        if child is None:
            break
        pos = child
    if pos.winner is not None:
        return (1.0 if pos.winner == seat else 0.0), work
    return 1 / (1 + math.exp(-evaluate(pos, seat, memo))), work


def roller(deals: int, keep: int, horizon: int, budget: int) -> Level:
    """A level that plays each of its ``keep`` most promising moves (by their
    one-ply average), and every move that takes a pair at once, out by
    :func:`rollout` on one deal after another (the same deals for every move),
    until ``deals`` deals or ``budget`` rated moves are spent, and takes the
    move with the best total chance. The budget counts work, not time, so the
    choice does not depend on the machine."""

    def level(
        known: CaravanState, seat: int, legal: list[Action], rng: random.Random
    ) -> list[Action]:
        pool = unseen(known, seat)
        positions = [deal(known, seat, pool, rng) for _ in range(deals)]
        memo: Memo = {}
        held = _held(positions[0], seat)
        taking = [_held(apply(positions[0], move), seat) - held for move in legal]
        searched = _candidates(positions[:CANDIDATE_DEALS], legal, seat, keep, memo)
        searched += [i for i, gain in enumerate(taking) if gain > 0 and i not in searched]
        totals = [0.0] * len(searched)
        work = 0
        for pos in positions:
            for j, i in enumerate(searched):
                chance, rated = rollout(apply(pos, legal[i]), seat, horizon, memo)
                # The playouts sell a caravan next turn as readily as now,
                # but a pair put off may be forestalled: taking it now wins
                # near ties (see :data:`TAKEN_NOW`).
                totals[j] += chance + TAKEN_NOW * taking[i]
                work += rated
            if work >= budget:
                break
        order = sorted(range(len(searched)), key=lambda j: -totals[j])
        return [legal[searched[j]] for j in order]

    return level


#: How many deals pick the moves :func:`roller` plays out.
CANDIDATE_DEALS = 8
#: What :func:`roller` adds to a move's chance per pair it takes at once: enough
#: to sell now rather than next turn in ``test_it_sells_a_caravan_when_it_can``
#: (0.007 apart there), too little to outweigh a real difference.
TAKEN_NOW = 0.02

LEVELS: dict[str, Level] = {
    "easy": easy,
    "normal": roller(deals=8, keep=5, horizon=8, budget=7_000),
    "strong": roller(deals=32, keep=8, horizon=10, budget=70_000),
}
