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
from games.klotho.game import KlothoGame
from games.klotho.state import PLACEMENT, KlothoState

from .evaluate import Evaluator, Weights
from .model import KIND_NAMES, actions, from_state, shape
from .policy import agreed, digging_moves, fresh, triplet_choice, wants_end
from .search import Budget, Search, ranked_actions
from .utility import Outlook

GAME = KlothoGame()

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
        legal = GAME.legal_actions(known, seat)
        if ("triplet", "point") in legal:
            return ("triplet", triplet_choice(known, seat))
        if ("claim",) in legal:
            return ("claim",)
        pos = from_state(known)
        ev = Evaluator(pos.pool, WEIGHTS)
        among = known.contenders or range(known.seats)
        outlook = Outlook(known.seats, among, max(0, known.tours - known.tour))
        end = known.phase == PLACEMENT or wants_end(known, seat, ev, outlook, pos)
        if ("vote", "yes") in legal:
            return ("vote", "yes" if end else "no")
        ending = ("propose",) in legal and agreed(known, ev, outlook, pos)
        if seat != known.turn or (ending and fresh(known)):
            # Out of turn a seat may only propose.
            return ("propose",)
        moves = actions(pos, seat) if end and not ending else digging_moves(ev, pos, seat)
        search = Search(ev, outlook, BUDGETS[level], rng.random())
        kind, cell = ranked_actions(search, pos, seat, moves)[0]
        return (KIND_NAMES[kind], shape(known.seats).names[cell])


PLAYER = KlothoPlayer()
