"""Klac! positions for the tutorial, made with the game's own state: two rows,
the learner's hand and the top of the deck chosen."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games import registry
from games.klac.cards import make_deck, sort_key
from games.klac.state import KlacState, LastPlay

YOU, COMPUTER = 0, 1


def position(
    yours: Sequence[Sequence[str]],
    theirs: Sequence[Sequence[str]],
    *,
    hand: Sequence[str],
    their_hand: Sequence[str] = (),
    draws: Sequence[str] = (),
    last: tuple[int, int] = (COMPUTER, 0),
) -> KlacState:
    """A match to 50 with these rows (stacks bottom → top), the learner to
    move; ``draws`` are the next cards of the deck in order; ``last`` names
    the stack (row, index) the computer's last card went to."""
    state: KlacState = registry.get("klac").new_game(2, {"target": 50}, 0)
    rows = [[list(s) for s in yours], [list(s) for s in theirs]]
    used = Counter([c for row in rows for s in row for c in s] + [*hand, *their_hand, *draws])
    rest = Counter(make_deck()) - used
    if sum(used.values()) + sum(rest.values()) != len(make_deck()):
        raise ValueError("more copies of a card than the deck has")
    pile = sorted(rest.elements(), key=sort_key)
    computer = list(their_hand) or pile[:3]
    for card in computer if not their_hand else ():
        pile.remove(card)
    state.rows = rows
    state.hands = [sorted(hand, key=sort_key), sorted(computer, key=sort_key)]
    # The top of the deck is its last card.
    state.deck = [*pile, *reversed(draws)]
    state.first = YOU
    state.turn = YOU
    row, stack = last
    state.last = LastPlay(COMPUTER, row, stack, rows[row][stack][-1], "extend", False)
    state.events = []
    return state
