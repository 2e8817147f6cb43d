"""The computer player of Klac!

- ``easy``: one ply, the play that most raises its row's worth over the
  best other row's (:mod:`.policy`), and a random play 40% of the time.
- ``normal``: determinized Monte Carlo (:mod:`.search`) over the fast model
  of a round (:mod:`.model`): the six plays the one-ply policy rates best,
  judged by playouts of sampled deals worth 1,500 simulated plays in all,
  the simulated players being that policy; a round's result is judged by
  the chance it gives of winning the match.
- ``strong``: the same with the twelve best plays, 15,000 simulated plays,
  and *wary* simulated players, who see a sixth stack coming.
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.base import deal_back, public_events
from games.ai.klac.model import Round, from_state, play_of
from games.ai.klac.policy import POLICY, Policy
from games.ai.klac.search import Deals, best_of, match_chances
from games.core.protocol import Action
from games.klac.cards import sort_key
from games.klac.game import KlacGame
from games.klac.state import KlacState

GAME = KlacGame()
#: Per level: simulated plays per decision, how many of the plays the
#: policy rates best are searched, and the simulated players.
SEARCHES = {"normal": (1500, 6, POLICY), "strong": (15000, 12, Policy(wary=True))}
#: How often ``easy`` plays at random.
EASY_BLUNDERS = 0.4


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
        """A legal action for ``seat``, found as ``level`` says (see the module)."""
        legal = GAME.legal_actions(known, seat)
        masks, hand, pool = from_state(known, seat)
        plays = [play_of(known, action) for action in legal]
        if level == "easy":
            if rng.random() < EASY_BLUNDERS:
                return rng.choice(legal)
            hands = [hand if s == seat else [] for s in range(known.seats)]
            return legal[plays.index(POLICY.best_play(Round(masks, hands, [], seat)))]
        deals = Deals(masks, hand, pool, [len(h) for h in known.hands], seat)
        budget, width, policy = SEARCHES[level]
        utility = match_chances(seat, known.totals, known.target)
        ranked = best_of(plays, deals, utility, budget, rng, policy, width)
        return legal[ranked[0]]


PLAYER = KlacPlayer()
