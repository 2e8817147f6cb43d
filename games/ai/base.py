"""What every game's computer player provides, and the helpers they share.

A player works on a *canonical* state: the real one with everything its seat
cannot see replaced by a stand-in that depends on the view alone (the unseen
cards sorted and dealt back into the unseen places, the random generator
reset, other seats' private event data dropped). Whatever it then samples or
searches, it cannot peek.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

from games.core.cards import parse_card
from games.core.events import Event
from games.core.protocol import Action

#: The levels, weakest first. Timeouts and hand-overs play at ``normal``.
LEVELS = ("easy", "normal", "strong")

S = TypeVar("S")


class Player(Protocol[S]):
    """A game's computer player."""

    def canonical(self, state: S, seat: int) -> S:
        """``state`` with everything ``seat`` cannot see replaced by a stand-in
        that depends only on ``view(state, seat)`` (``state`` is not changed)."""

    def choose(self, known: S, seat: int, level: str, rng: random.Random) -> Action:
        """One of ``seat``'s legal actions in ``known`` (a canonical state) at ``level``;
        ``rng`` is the only source of randomness, and the work done is fixed."""


def card_order(card: str) -> tuple[str, str, str]:
    """A total, fixed order of playing-card codes (any would do; this one reads well)."""
    rank, suit = parse_card(card)
    return suit, rank.rjust(2), card


def deal_back(pool: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """``pool`` cut into consecutive parts of ``sizes`` (the rest is left over)."""
    out, start = [], 0
    for size in sizes:
        out.append(list(pool[start : start + size]))
        start += size
    return out


def public_events(events: Sequence[Event], seat: int) -> list[Event]:
    """``events`` as ``seat`` sees them: other seats' private data dropped."""
    return [
        e if e.seat == seat or not e.private else Event(e.kind, e.seat, dict(e.public), {})
        for e in events
    ]
