"""The computer player of Klac!

- ``easy``: one ply, the play that most raises its row's worth over the
  best other row's (:mod:`.policy`).
- ``normal``: every play is first rated by :mod:`.lookahead` (the next
  player's answer weighed in, for every card it may hold, and the match
  score); the six best are then judged by determinized Monte Carlo
  (:mod:`.search`) over the fast model of a round (:mod:`.model`):
  playouts of sampled deals worth 3,000 simulated plays in all, the
  simulated players being the one-ply policy, a round's result judged by
  the chance it gives of winning the match; a play's rating counts as 20
  playouts of it.
- ``strong``: the same with the twelve best plays, 15,000 simulated plays,
  and *wary* simulated players, who see a sixth stack coming.

At a table of three or more a rating counts as 1,000 playouts: the
playouts then mostly break ties. Their one-ply players, each cutting the
best other row, do not play like people who weigh the next answer, and
trusting them cost normal a third of its wins (one normal among two
tactical greedy players: 24% of 240 games, against 33–38% with the ratings
trusted; at two seats the playouts still pay, 56.5% of 200 against 53.5%).
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.base import deal_back, public_events
from games.ai.klac.lookahead import Table, rate_plays
from games.ai.klac.model import Round, from_state, play_of
from games.ai.klac.policy import POLICY, Policy
from games.ai.klac.search import Deals, best_of, match_chances
from games.core.protocol import Action
from games.klac.cards import sort_key
from games.klac.game import KlacGame
from games.klac.state import KlacState

GAME = KlacGame()
#: Per level: simulated plays per decision, how many of the best rated plays
#: are searched, the simulated players, and how many playouts a rating counts as.
SEARCHES = {
    "normal": (3000, 6, POLICY, 20.0),
    "strong": (15000, 12, Policy(wary=True), 20.0),
}
#: How many playouts a rating counts as at a table of three or more.
PRIOR_MANY = 1000.0


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
            hands = [hand if s == seat else [] for s in range(known.seats)]
            return legal[plays.index(POLICY.best_play(Round(masks, hands, [], seat)))]
        sizes = [len(h) for h in known.hands]
        table = Table(seat, known.totals, known.target, pool, sizes, len(known.deck))
        ratings = rate_plays(table, masks, plays)
        deals = Deals(masks, hand, pool, sizes, seat)
        budget, width, policy, prior = SEARCHES[level]
        if known.seats > 2:
            prior = PRIOR_MANY
        utility = match_chances(seat, known.totals, known.target)
        ranked = best_of(plays, ratings, deals, utility, budget, rng, policy, width, prior)
        return legal[ranked[0]]


PLAYER = KlacPlayer()
