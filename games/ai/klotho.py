"""The computer player of Klotho / Prospector."""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.base import card_order
from games.core.protocol import Action
from games.klotho.game import KlothoGame
from games.klotho.state import KlothoState

GAME = KlothoGame()


class KlothoPlayer:
    """Klotho at every level."""

    def canonical(self, state: KlothoState, seat: int) -> KlothoState:
        """The face-down cards, the stock and the discard pile (nobody sees any of
        them) dealt back from their cards in a fixed order."""
        down = [cell for cell, up in enumerate(state.up) if not up]
        pool = sorted(
            [*(state.cards[cell] for cell in down), *state.stock, *state.discard], key=card_order
        )
        cards = list(state.cards)
        for cell, card in zip(down, pool, strict=False):
            cards[cell] = card
        rest = pool[len(down) :]
        stock, discard = rest[: len(state.stock)], rest[len(state.stock) :]
        return replace(state, cards=cards, stock=stock, discard=discard, rng=0)

    def choose(self, known: KlothoState, seat: int, level: str, rng: random.Random) -> Action:
        """The stand-in's move (a first version of every level)."""
        return GAME.stand_in(known, seat, GAME.legal_actions(known, seat), rng)


PLAYER = KlothoPlayer()
