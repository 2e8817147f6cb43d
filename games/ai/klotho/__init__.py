"""The computer player of Klotho / Prospector.

``easy`` judges each action by the evaluator alone (one ply); ``normal``
deals every unseen card for its own action and judges the next seat's best
answer (two plies); ``strong`` searches three actions deep, dealing a fixed
sample of cards below the root. Votes and triplet choices follow the rules
of thumb in :mod:`.policy`. Every face-down card is equally likely to be any
unseen one, so the search deals from the pool of unseen cards itself and
never trusts where the canonical state put them.
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.base import card_order
from games.core.protocol import Action
from games.klotho.state import KlothoState

from .evaluate import Weights
from .model import KIND_NAMES, shape
from .policy import CellChoice, rule_of_thumb
from .search import Budget, Search, ranked_actions

#: Each level's search budget.
BUDGETS = {
    "easy": Budget(depth=1),
    "normal": Budget(depth=2),
    "strong": Budget(depth=3, deep_cards=10, replies=4),
}
WEIGHTS = Weights()


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
        """``seat``'s action at ``level``: a triplet choice, a claim, a vote or
        proposal by the rules of thumb, else the search's cell action."""
        decided = rule_of_thumb(known, seat, WEIGHTS)
        if not isinstance(decided, CellChoice):
            return decided
        search = Search(decided.ev, decided.outlook, BUDGETS[level], rng.random())
        kind, cell = ranked_actions(search, decided.pos, seat, decided.moves)[0]
        return (KIND_NAMES[kind], shape(known.seats).names[cell])


PLAYER = KlothoPlayer()
