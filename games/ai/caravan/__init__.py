"""The computer player of Caravan.

Every level decides on determinized deals of what the seat cannot see (the
opponent's hand and draw pile, the order of both draw piles), played out on a
light model of the game (``model``) and scored by ``evaluate``: ``easy`` looks
one move ahead on one deal; ``normal`` and ``strong`` rate their moves by
the opponent's most hurtful reply, weighed by the chance that it holds the
card (``reply``), then play the best of them out a few turns on many deals,
``strong`` with more moves rated and played out, ten times the work, further,
narrowing the moves down as the deals come in (``search``).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from games.ai.base import public_events
from games.ai.caravan import search
from games.caravan.game import CaravanGame
from games.caravan.rules import sort_key
from games.caravan.state import CaravanState
from games.core.protocol import Action

GAME = CaravanGame()


class CaravanPlayer:
    """Caravan at every level."""

    def canonical(self, state: CaravanState, seat: int) -> CaravanState:
        """The opponent's hand and draw pile stood in for by the first cards, in a
        fixed order, of what they could hold as far as the seat can tell: whole
        standard sets (the opponent's own deck is theirs to know) less the
        numeral cards on the opponent's caravans. The seat's own draw pile is
        sorted (nobody knows a deck's order)."""
        other = 1 - seat
        need = len(state.hands[other]) + len(state.decks[other])
        pool = plausible(state, other, need)
        size = len(state.hands[other])
        hands = [list(hand) for hand in state.hands]
        decks = [list(deck) for deck in state.decks]
        hands[other] = sorted(pool[:size], key=sort_key)
        decks[other] = pool[size:need]
        decks[seat] = sorted(decks[seat], key=sort_key)
        own = list(state.own_decks)
        own[other] = None
        last = state.last
        if last is not None and last.kind == "discard" and last.seat == other:
            last = replace(last, card=None)  # discarded face down
        return replace(
            state,
            hands=hands,
            decks=decks,
            own_decks=own,
            last=last,
            rng=0,
            events=public_events(state.events, seat),
        )

    def choose(self, known: CaravanState, seat: int, level: str, rng: random.Random) -> Action:
        """The move of ``level`` (see ``search`` for each level's budget)."""
        legal = GAME.legal_actions(known, seat)
        return search.LEVELS[level](known, seat, legal, rng)[0]


def plausible(state: CaravanState, seat: int, need: int) -> list[str]:
    """At least ``need`` cards ``seat`` could still hold in hand and deck, as another
    seat sees it, in a fixed order: as many standard sets as it takes, less
    the numeral cards ``seat`` has laid on its own caravans (only the owner
    plays numerals there)."""
    laid = Counter(numeral for caravan in state.caravans[seat] for numeral, _ in caravan)
    return search.sets_less(laid, need)


PLAYER = CaravanPlayer()
