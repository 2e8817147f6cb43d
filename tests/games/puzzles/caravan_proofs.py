"""Proofs of the Caravan puzzles: every legal action × every hand the opponent
may hold × both seats' every move after, to the end of the game.

The puzzles are set when both draw piles are spent, so a game has few moves
left (each one spends a card from a hand or a caravan) and is searched to its
end with the engine itself: a won game is worth 1, a lost one 0. The hands
the opponent may hold are every set of its hand's size drawn from its
*plausible pool*: a standard set less the numeral cards on its caravans
(only a caravan's owner plays numerals there) and less the face cards on the
table that cannot be the seat's own (the seat still holds its copy).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from games import registry
from games.caravan.decks import standard_deck
from games.caravan.rules import sort_key
from games.caravan.state import OVER, CaravanState
from games.core.protocol import Action
from tests.games.puzzles.common import best, worst_case

GAME = registry.get("caravan")

#: A position's key in a search's memo: whose turn, both hands, the six caravans.
Key = tuple[object, ...]


def pool(state: CaravanState, seat: int) -> list[str]:
    """Every card the opponent of ``seat`` may hold, as ``seat`` sees the table."""
    other = 1 - seat
    mine_out = Counter(standard_deck())
    mine_out.subtract(state.hands[seat])
    mine_out.subtract(state.decks[seat])
    laid: Counter[str] = Counter()
    faces: Counter[str] = Counter()
    for owner, row in enumerate(state.caravans):
        for caravan in row:
            for card, on in caravan:
                if owner == other:
                    laid[card] += 1
                faces.update(on)
    laid.update(faces - +mine_out)
    return sorted((Counter(standard_deck()) - laid).elements(), key=sort_key)


def deals(state: CaravanState, seat: int) -> list[CaravanState]:
    """``state`` with the opponent's hand replaced by each card it may reply with.

    A proof looks at most at one reply of the opponent, so the worst case over
    every hand it may hold is the worst case over every single card it may
    hold: a hand is as dangerous as its most dangerous card.
    """
    other = 1 - seat
    out = []
    for card in dict.fromkeys(pool(state, seat)):
        hands = [list(h) for h in state.hands]
        hands[other] = [card]
        out.append(replace(state, hands=hands))
    return out


def _key(state: CaravanState) -> Key:
    return (
        state.turn,
        tuple(tuple(hand) for hand in state.hands),
        tuple(
            tuple((card, tuple(faces)) for card, faces in caravan)
            for row in state.caravans
            for caravan in row
        ),
    )


def value(state: CaravanState, seat: int, depth: int, memo: dict[Key, float]) -> float:
    """What ``seat`` is sure of in ``state`` within ``depth`` more moves, both
    seats seeing every card: 1 for a game won, 0 for one lost, 0.5 when the
    game goes on."""
    if state.phase == OVER:
        return 1.0 if state.winners == [seat] else 0.0
    if depth == 0:
        return UNDECIDED
    key = (depth, *_key(state))
    found = memo.get(key)
    if found is not None:
        return found
    mover = state.turn
    assert mover is not None
    mine = mover == seat
    # The mover's best possible result ends the search of its moves.
    result, sure_thing = (0.0, 1.0) if mine else (1.0, 0.0)
    for action in GAME.legal_actions(state, mover):
        child = value(GAME.apply(state, mover, action), seat, depth - 1, memo)
        result = max(result, child) if mine else min(result, child)
        if result == sure_thing:
            break
    memo[key] = result
    return result


def outcomes(state: CaravanState, seat: int, depth: int) -> dict[Action, list[float]]:
    """For each legal action of ``seat``: what it is sure of within ``depth`` moves
    (its own included) against every card the opponent may reply with."""
    assert depth <= 3, "the opponent replies once at most"
    out: dict[Action, list[float]] = {}
    replies = deals(state, seat)
    memo: dict[Key, float] = {}
    for action in GAME.legal_actions(state, seat):
        out[tuple(action)] = [
            value(GAME.apply(deal, seat, action), seat, depth - 1, memo) for deal in replies
        ]
    return out


def sure(depth: int) -> Prove:
    """The proof of the actions with the best worst case over the opponent's
    reply cards, searched ``depth`` moves deep."""

    def prove(state: CaravanState, seat: int) -> frozenset[Action]:
        return best({a: worst_case(r) for a, r in outcomes(state, seat, depth).items()})

    return prove


def likely(depth: int) -> Prove:
    """The proof of the actions with the best average over the opponent's reply
    cards (each card of the pool as likely), searched ``depth`` moves deep."""

    def prove(state: CaravanState, seat: int) -> frozenset[Action]:
        results = outcomes(state, seat, depth)
        return best({a: sum(r) / len(r) for a, r in results.items()})

    return prove


#: What a game still going on at the end of a proof's search is worth.
UNDECIDED = 0.5
#: How a puzzle's right moves are proved.
Prove = Callable[[CaravanState, int], frozenset[Action]]
