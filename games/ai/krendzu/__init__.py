"""The computer player of Krendzu.

- ``easy``: the stand-in's one-ply play (score when attacking, a random safe
  card when defending).
- ``normal``: every move judged at one ply by the points and open threats it
  leaves (``tactics``, over the fast field model of ``model``), then the best
  few played out a few turns, every seat taking its one-ply move, on sampled
  deals of the unseen cards (``search``).
- ``strong``: the same search over more candidates and more deals.

At every level an attacker gives away the cards of its singleton suits in
the exchange (``exchange``); a defender keeps its hand.
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.base import deal_back, public_events
from games.ai.krendzu.exchange import choose_exchange
from games.ai.krendzu.search import choose_search
from games.core.protocol import Action
from games.krendzu.game import KrendzuGame
from games.krendzu.rules import sort_key
from games.krendzu.state import PLAY, KrendzuState

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
        """The exchange by hand shape; in play, the stand-in's one-ply move at
        ``easy``, a search over sampled deals at ``normal`` and ``strong``."""
        legal = GAME.legal_actions(known, seat)
        if known.phase != PLAY:
            return choose_exchange(known, seat, legal)
        if level == "easy":
            return GAME.stand_in(known, seat, legal, rng)
        return choose_search(known, seat, level, rng)


PLAYER = KrendzuPlayer()
