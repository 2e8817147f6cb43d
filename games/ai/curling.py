"""The computer player of Logical Curling."""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.base import card_order
from games.core.protocol import Action
from games.curling.game import CurlingGame
from games.curling.state import Cards, CurlingState

GAME = CurlingGame()


class CurlingPlayer:
    """Logical Curling at every level."""

    def canonical(self, state: CurlingState, seat: int) -> CurlingState:
        """The deck and the discard pile (shown as counts only) dealt back from
        their cards in a fixed order, and the dice to come reset."""
        cards = state.cards
        if cards is not None:
            pool = sorted([*cards.deck, *cards.discard], key=card_order)
            size = len(cards.deck)
            cards = Cards(
                list(cards.main), [list(held) for held in cards.subs], pool[:size], pool[size:]
            )
        return replace(state, cards=cards, rng=0)

    def choose(self, known: CurlingState, seat: int, level: str, rng: random.Random) -> Action:
        """The stand-in's move (a first version of every level)."""
        return GAME.stand_in(known, seat, GAME.legal_actions(known, seat), rng)


PLAYER = CurlingPlayer()
