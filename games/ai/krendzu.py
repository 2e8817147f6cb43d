"""The computer player of Krendzu."""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.base import deal_back, public_events
from games.core.protocol import Action
from games.krendzu.game import KrendzuGame
from games.krendzu.rules import sort_key
from games.krendzu.state import KrendzuState

GAME = KrendzuGame()


class KrendzuPlayer:
    """Krendzu at every level."""

    def canonical(self, state: KrendzuState, seat: int) -> KrendzuState:
        """The other hands (partners' too), their marks and waiting discards, and the
        cards set aside, dealt back from their cards in a fixed order."""
        others = [s for s in range(state.seats) if s != seat]
        pool = sorted(
            [*state.aside, *(c for s in others for c in [*state.hands[s], *state.discards[s]])],
            key=sort_key,
        )
        sizes = [n for s in others for n in (len(state.hands[s]), len(state.discards[s]))]
        parts = deal_back(pool, sizes)
        hands = [list(hand) for hand in state.hands]
        discards = [list(cards) for cards in state.discards]
        marked = [list(cards) for cards in state.marked]
        for i, s in enumerate(others):
            hands[s], discards[s] = parts[2 * i], parts[2 * i + 1]
            marked[s] = hands[s][: len(state.marked[s])]
        aside = pool[sum(sizes) :]
        return replace(
            state,
            hands=hands,
            discards=discards,
            marked=marked,
            aside=aside,
            rng=0,
            events=public_events(state.events, seat),
        )

    def choose(self, known: KrendzuState, seat: int, level: str, rng: random.Random) -> Action:
        """The stand-in's move (a first version of every level)."""
        return GAME.stand_in(known, seat, GAME.legal_actions(known, seat), rng)


PLAYER = KrendzuPlayer()
