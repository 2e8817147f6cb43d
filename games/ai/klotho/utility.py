"""From values to chances of winning the match.

The margin a seat ends with is its margin now, plus what its chip promises,
give or take the luck of the cards still to come: about a quarter of a
point squared of variance per face-down card, three per tour still to be
dealt (measured in self-play). Taking that luck as normal gives each seat's
chance to finish ahead, a level finish counting half (extra tours). So a
seat ahead prefers a quiet position and the end of the tour, a seat behind
the gamble, which a margin alone would not tell.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .model import Position

#: Variance of the final margin per face-down card of this tour, in points².
SPREAD_PER_CARD = 0.25
#: The same for each whole tour still to be dealt.
SPREAD_PER_TOUR = 3.0
#: A little luck even with nothing left to play, so the chances stay smooth.
SPREAD_FLOOR = 0.05


class Outlook:
    """Chances of winning for the seats that compete (``among``), with
    ``future`` tours still to be dealt after this one."""

    def __init__(self, seats: int, among: Sequence[int], future: int) -> None:
        self.seats = seats
        self.among = list(among)
        self.base = SPREAD_FLOOR + SPREAD_PER_TOUR * future

    def chances(self, values: Sequence[float], down: int) -> list[float]:
        """Each seat's chance to win from ``values`` with ``down`` cards still
        face down in this tour (0 once it is over)."""
        scale = 1 / math.sqrt(2 * (self.base + SPREAD_PER_CARD * down))
        among = self.among
        if self.seats == 2 and len(among) == 2:
            # The common table, where one seat's chance is the other's loss.
            lead = values[0] - values[1]
            first = 0.25 * (2 + math.erf((lead - 0.5) * scale) + math.erf((lead + 0.5) * scale))
            return [first, 1 - first]
        out = [0.0] * self.seats
        for seat in among:
            lead = values[seat] - max(values[s] for s in among if s != seat)
            out[seat] = 0.25 * (2 + math.erf((lead - 0.5) * scale) + math.erf((lead + 0.5) * scale))
        return out

    def of(self, pos: Position, values: Sequence[float]) -> list[float]:
        """The chances in ``pos`` with the seats' ``values``."""
        if pos.winner >= 0:
            return [float(seat == pos.winner) for seat in range(self.seats)]
        return self.chances(values, 0 if pos.over else pos.down)
