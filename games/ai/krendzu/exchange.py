"""The exchange: an attacker gives away the cards of its shortest suits."""

from __future__ import annotations

from collections import Counter

from games.core.protocol import Action
from games.krendzu.rules import ATTACK, SUIT, roles_of, sort_key
from games.krendzu.state import ANNOUNCE, KrendzuState

#: An attacker gives away the cards of suits it holds at most this many of.
SHORT_SUIT = 1


def worst_cards(hand: list[str]) -> list[str]:
    """The hand from least to most useful to an attacker: shortest suits first."""
    counts = Counter(SUIT[card] for card in hand)
    return sorted(hand, key=lambda card: (counts[SUIT[card]], sort_key(card)))


def choose_exchange(state: KrendzuState, seat: int, legal: list[Action]) -> Action:
    """The announcement, or the next step of the discard."""
    hand = state.hands[seat]
    if state.phase == ANNOUNCE:
        if roles_of(state.seats, state.variant, state.tour)[seat] != ATTACK:
            return (ANNOUNCE, 0)
        counts = Counter(SUIT[card] for card in hand)
        short = sum(1 for card in hand if counts[SUIT[card]] <= SHORT_SUIT)
        return (ANNOUNCE, min(short, len(legal) - 1))
    count = state.announced[seat] or 0
    marked = state.marked[seat]
    order = worst_cards(hand)
    if marked != sorted(order[: len(marked)], key=sort_key):
        # Someone else began this discard: keep their marks and finish it in
        # hand order, as the stand-in does.
        order = hand
    for card in order:
        if len(marked) >= count:
            break
        if card not in marked:
            return ("toggle", card)
    return ("exchange",)
