"""The computer player of Klac!"""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.base import deal_back, public_events
from games.core.protocol import Action
from games.klac.cards import sort_key
from games.klac.game import KlacGame
from games.klac.state import KlacState

GAME = KlacGame()


class KlacPlayer:
    """Klac! at every level."""

    def canonical(self, state: KlacState, seat: int) -> KlacState:
        """The other hands and the deck dealt back from their cards in a fixed order."""
        others = [s for s in range(state.seats) if s != seat]
        pool = sorted(
            [*state.deck, *(card for s in others for card in state.hands[s])], key=sort_key
        )
        parts = deal_back(pool, [len(state.hands[s]) for s in others])
        hands = [list(hand) for hand in state.hands]
        for s, part in zip(others, parts, strict=True):
            hands[s] = part
        rest = pool[sum(len(part) for part in parts) :]
        return replace(
            state, hands=hands, deck=rest, rng=0, events=public_events(state.events, seat)
        )

    def choose(self, known: KlacState, seat: int, level: str, rng: random.Random) -> Action:
        """The stand-in's move (a first version of every level)."""
        return GAME.stand_in(known, seat, GAME.legal_actions(known, seat), rng)


PLAYER = KlacPlayer()
