"""Krendzu's actions: their kinds, shapes and phases, and which are legal now.

- ``("announce", n)``: how many cards the seat will exchange;
- ``("toggle", card)``: mark or unmark a hand card for the exchange;
- ``("exchange",)``: discard the marked cards;
- ``("place", card, x, y)``: one card on a frontier cell (an attacker's move, a
  defender's one-card move, or the second card of a two-card move);
- ``("first", card, x, y)``: a defender's first card of a two-card move;
- ``("pass",)``: a defender places nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.protocol import Action
from games.krendzu.rules import ATTACK, attackers_of, roles_of
from games.krendzu.state import ANNOUNCE, DISCARD, PLAY, KrendzuState

TOGGLE = "toggle"
EXCHANGE = "exchange"
PLACE = "place"
FIRST = "first"
PASS = "pass"
ARITY = {ANNOUNCE: 2, TOGGLE: 2, EXCHANGE: 1, PLACE: 4, FIRST: 4, PASS: 1}
#: The phase each action belongs to.
PHASE_OF = {
    ANNOUNCE: ANNOUNCE,
    TOGGLE: DISCARD,
    EXCHANGE: DISCARD,
    PLACE: PLAY,
    FIRST: PLAY,
    PASS: PLAY,
}
#: A defender's move modes, in menu order.
ONE = "one"
TWO = "two"
MODES = (ONE, TWO, PASS)
#: The last tour's kind of play shown in ``last``.
TWO_CARDS = "two"


@dataclass(frozen=True)
class Move:
    """A validated action; ``card``/``x``/``y``/``count`` where they apply."""

    kind: str
    card: str = ""
    x: int = 0
    y: int = 0
    count: int = 0


def legal_actions(state: KrendzuState, seat: int) -> list[Action]:
    """The actions of ``seat``, the seat to move, in menu order: announcements
    0…n; toggles in hand order, then exchange; placements card by card (hand
    order), cell by cell (frontier order), one-card moves before two-card
    moves, then pass."""
    hand = state.hands[seat]
    if state.phase == ANNOUNCE:
        return [(ANNOUNCE, n) for n in range(announce_limit(state, seat) + 1)]
    if state.phase == DISCARD:
        marked = state.marked[seat]
        count = state.announced[seat] or 0
        actions: list[Action] = [
            (TOGGLE, card) for card in hand if card in marked or len(marked) < count
        ]
        if len(marked) == count:
            actions.append((EXCHANGE,))
        return actions
    can = modes(state, seat)
    cells = state.frontier
    actions = []
    if ONE in can:
        actions.extend((PLACE, card, x, y) for card in hand for x, y in cells)
    if TWO in can:
        actions.extend((FIRST, card, x, y) for card in hand for x, y in cells)
    if PASS in can:
        actions.append((PASS,))
    return actions


def role(state: KrendzuState, seat: int) -> str:
    """The seat's role this tour: attack or defend."""
    return roles_of(state.seats, state.variant, state.tour)[seat]


def attackers_out(state: KrendzuState) -> bool:
    """True when no attacker has a card left."""
    hands = state.hands
    return not any(hands[seat] for seat in attackers_of(state.seats, state.variant, state.tour))


def modes(state: KrendzuState, seat: int) -> tuple[str, ...]:
    """The kinds of move the seat to play may make now, in menu order."""
    if state.pending or not state.moved[seat] or role(state, seat) == ATTACK:
        return (ONE,)
    two = len(state.hands[seat]) >= 2
    may_pass = not attackers_out(state)
    if two and may_pass:
        return MODES
    if two:
        return (ONE, TWO)
    return (ONE, PASS) if may_pass else (ONE,)


def announce_limit(state: KrendzuState, seat: int) -> int:
    """The most cards the seat may announce for the exchange."""
    return min(state.exchange, len(state.hands[seat]))
