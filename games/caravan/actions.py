"""Caravan's actions: their kinds and shapes, and which are legal now.

- ``("play", card, pair)``: a numeral card onto the actor's own caravan ``pair``;
- ``("attach", card, owner, pair, pos)``: a face card or joker onto the numeral
  card at index ``pos`` of seat ``owner``'s caravan ``pair``;
- ``("discard", card)``: a card from the hand to the discard pile;
- ``("disband", pair)``: every card of the actor's own caravan ``pair`` to the
  discard pile.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.caravan.rules import VALUE, face_targets, numeral_problem
from games.caravan.state import OPENING, CaravanState
from games.core.protocol import Action

PLAY = "play"
ATTACH = "attach"
DISCARD = "discard"
DISBAND = "disband"
ARITY = {PLAY: 3, ATTACH: 5, DISCARD: 2, DISBAND: 2}


@dataclass(frozen=True)
class Move:
    """A validated action; ``owner``/``pair``/``pos`` are -1 where they do not apply."""

    kind: str
    card: str = ""
    owner: int = -1
    pair: int = -1
    pos: int = -1


def legal_actions(state: CaravanState, seat: int) -> list[Action]:
    """The actions of ``seat``, the seat to move while the match is on, in menu
    order: hand order; per card its plays on own caravans 0..2, its attaches on
    own then the opponent's caravans, its discard; then disbands."""
    opening = state.phase == OPENING
    own = state.caravans[seat]
    actions: list[Action] = []
    for card in dict.fromkeys(state.hands[seat]):
        if card in VALUE:
            actions.extend(
                (PLAY, card, pair)
                for pair, caravan in enumerate(own)
                if (not caravan if opening else numeral_problem(caravan, card) is None)
            )
        if opening:
            continue
        if card not in VALUE:
            for owner in (seat, 1 - seat):
                for pair, caravan in enumerate(state.caravans[owner]):
                    actions.extend(
                        (ATTACH, card, owner, pair, pos) for pos in face_targets(caravan, card)
                    )
        actions.append((DISCARD, card))
    if not opening:
        actions.extend((DISBAND, pair) for pair, caravan in enumerate(own) if caravan)
    return actions
