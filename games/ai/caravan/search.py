"""The levels' searches over determinized deals of what the seat cannot see."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from games.ai.caravan.evaluate import Memo, evaluate
from games.ai.caravan.model import Caravan, Position, actions, apply, holder, value
from games.caravan.decks import standard_deck
from games.caravan.rules import sort_key
from games.caravan.state import OPENING, CaravanState
from games.core.protocol import Action

#: The bonus of a move for each pair it takes at once (see ``searcher``): the
#: least that keeps a sure sale from being put off behind a move the search
#: rates as well (0.6 is too little in ``test_it_sells_a_caravan_when_it_can``).
TAKING = 0.8

Level = Callable[[CaravanState, int, list[Action], random.Random], Action]


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


def reply_value(pos: Position, seat: int, width: int, memo: Memo) -> float:
    """``pos`` for ``seat`` after the opponent's best reply and ``seat``'s best
    answer to it; only the opponent's ``width`` best replies by the evaluation
    get an answer (the evaluation already scores the rest)."""
    if pos.winner is not None:
        return evaluate(pos, seat, memo)
    children = [apply(pos, move) for move in actions(pos)]
    scored = sorted((evaluate(child, seat, memo), i) for i, child in enumerate(children))
    best = float("inf")
    for score, i in scored[:width]:
        child = children[i]
        if child.winner is not None:
            best = min(best, score)
            continue
        answer = max(evaluate(apply(child, move), seat, memo) for move in actions(child))
        best = min(best, answer)
    return best


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


def easy(known: CaravanState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """One ply on one deal, with noise enough to let a careful beginner win."""
    pos = deal(known, seat, unseen(known, seat), rng)
    memo: Memo = {}
    scores = [evaluate(apply(pos, move), seat, memo) + rng.gauss(0, 0.5) for move in legal]
    return legal[max(range(len(legal)), key=scores.__getitem__)]


def searcher(deals: int, keep: int, width: int) -> Level:
    """A level that averages, over ``deals`` deals, the :func:`reply_value` of
    each of its ``keep`` most promising moves (by their one-ply average) and of
    every move that takes a pair at once, which gets :data:`TAKING` a pair."""

    def level(known: CaravanState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        pool = unseen(known, seat)
        positions = [deal(known, seat, pool, rng) for _ in range(deals)]
        memo: Memo = {}
        held = _held(positions[0], seat)
        # A pair taken now is worth more than the search's horizon shows:
        # taken later, it may be forestalled. Such moves are always searched.
        taking = [_held(apply(positions[0], move), seat) - held for move in legal]
        searched = _candidates(positions, legal, seat, keep, memo)
        searched += [i for i, gain in enumerate(taking) if gain > 0 and i not in searched]
        best, best_total = legal[0], -float("inf")
        for i in searched:
            total = TAKING * deals * taking[i]
            for pos in positions:
                total += reply_value(apply(pos, legal[i]), seat, width, memo)
            if total > best_total:
                best, best_total = legal[i], total
        return best

    return level


LEVELS: dict[str, Level] = {
    "easy": easy,
    "normal": searcher(deals=5, keep=5, width=2),
    "strong": searcher(deals=16, keep=8, width=4),
}
