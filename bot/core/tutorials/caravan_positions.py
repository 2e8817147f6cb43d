"""Caravan positions for the tutorial, made with the game's own state: the
learner (seat 0) against the computer, the cards on the table, in the hands
and on top of the decks chosen."""

from __future__ import annotations

from collections.abc import Sequence

from games import registry
from games.caravan.decks import standard_deck
from games.caravan.rules import sort_key
from games.caravan.state import MAIN, OPENING, CaravanState

YOU, COMPUTER = 0, 1
#: A caravan as written here: its numeral cards bottom to top, each with the
#: face cards on it (``"10C+KH"``).
Written = Sequence[str]


def position(
    yours: Sequence[Written],
    theirs: Sequence[Written],
    *,
    hand: Sequence[str],
    draws: Sequence[str] = (),
    their_hand: Sequence[str] = (),
    best_of: int = 3,
) -> CaravanState:
    """A game of a match with these caravans (three a seat), the learner to
    move with ``hand``; ``draws`` are the learner's next draws, in order."""
    state: CaravanState = registry.get("caravan").new_game(2, {"best_of": best_of}, 0)
    table = [[_caravan(c) for c in yours], [_caravan(c) for c in theirs]]
    opening = all(len(c) <= 1 for row in table for c in row) and len(hand) > 5
    on_table = {card for row in table for c in row for slot in c for card in (slot[0], *slot[1])}
    hands = [sorted(hand, key=sort_key), []]
    rest = [c for c in standard_deck() if c not in on_table and c not in hands[0]]
    size = 8 - sum(1 for c in theirs if c) if opening else 5
    computer = list(their_hand) or [c for c in rest if c not in draws][:size]
    hands[1] = sorted(computer, key=sort_key)
    mine = [c for c in rest if c not in draws and c not in computer]
    # The top of a draw pile is its last card.
    state.decks = [[*mine, *reversed(draws)], [c for c in rest if c not in computer]]
    state.hands = hands
    state.caravans = table
    state.phase = OPENING if opening else MAIN
    state.first = YOU
    state.turn = YOU
    state.discard = 0
    state.events = []
    return state


def _caravan(written: Written) -> list[tuple[str, list[str]]]:
    out = []
    for slot in written:
        card, *faces = slot.split("+")
        out.append((card, faces))
    return out
