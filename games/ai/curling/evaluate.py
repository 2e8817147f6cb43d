"""How good a board is for a seat: the end's expected score, and the match's odds.

Mid-end, the end's score is guessed from the house as it stands: a linear
model per throw, fitted by least squares to the final scores of 350 matches
of the normal level against itself (11,000 positions). Its features, from the
hammer's side: the house count, the stones of each side in the centre, the
middle and the outer zone, the guards in front of the house, and how far the
next thrower's limit L2 is cut. The match's odds come from that guess and
its spread: in the last end, the chance that the match lead plus the end's
score is above zero; before it, the same with the ends still to come adding
their spread and the next end's hammer its edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.ai.curling.shapes import Board
from games.curling.field import WIDTH, ZONE_OF, keep_last_zero

#: The last throw of an end.
LAST = 16
#: Per throw just made (1–15), the hammer's expected end score as weights of:
#: 1, the house count, its stones in the centre, the opponent's, the same in the
#: middle and the outer zone, its guards, the opponent's, and the cut of the
#: next thrower's limit (5 - L2, signed: + when the hammer throws next); then
#: the spread (standard deviation) left around it.
WEIGHTS: tuple[tuple[float, ...], ...] = (
    (0.42, 0.01, 0.00, -0.01, 0.00, 0.06, 0.00, -0.06, 0.00, 0.01, 0.03, 1.37),
    (0.53, -0.14, 0.35, -0.42, 0.14, -0.29, 0.03, -0.12, -0.34, 0.06, -0.02, 1.37),
    (0.71, -0.21, 0.71, -0.54, 0.30, -0.49, 0.07, -0.20, -0.28, -0.11, -0.05, 1.36),
    (0.76, -0.18, 0.30, -0.35, 0.08, -0.32, -0.04, -0.09, -0.10, -0.12, 0.04, 1.36),
    (0.48, -0.19, 0.47, -0.37, 0.30, -0.24, 0.04, -0.18, -0.05, -0.11, 0.06, 1.36),
    (0.80, -0.24, 0.35, -0.40, 0.24, -0.24, -0.03, -0.11, -0.03, -0.07, 0.12, 1.35),
    (0.62, -0.03, 0.55, -0.39, 0.31, -0.23, 0.03, -0.10, 0.02, -0.12, -0.05, 1.36),
    (0.48, -0.19, 0.62, -0.50, 0.38, -0.26, 0.05, -0.18, 0.06, -0.12, 0.04, 1.35),
    (0.46, -0.04, 0.73, -0.55, 0.40, -0.24, 0.17, -0.09, 0.11, -0.17, -0.08, 1.34),
    (0.03, 0.08, 0.89, -0.82, 0.36, -0.31, 0.13, -0.12, 0.07, -0.21, -0.18, 1.32),
    (0.92, 0.22, 1.00, -0.89, 0.42, -0.35, 0.17, -0.12, 0.08, -0.16, -0.24, 1.29),
    (-0.38, 0.31, 0.97, -0.88, 0.45, -0.27, 0.14, -0.11, 0.07, -0.15, -0.23, 1.24),
    (0.73, 0.14, 1.23, -1.14, 0.59, -0.39, 0.19, -0.20, 0.07, -0.16, -0.14, 1.20),
    (-0.12, 0.46, 0.72, -0.61, 0.31, -0.22, 0.13, -0.10, 0.05, -0.14, -0.09, 1.08),
    (1.07, 0.64, 0.70, -0.66, 0.22, -0.10, 0.05, -0.07, -0.04, -0.11, -0.18, 0.97),
)
#: A whole end's score, as the hammer sees it: its mean and spread (the same
#: matches), for the ends still to come.
END_EDGE = 0.45
END_SPREAD = 1.37
#: Columns in front of the house (b–g), where a guard can stand in the way.
GUARD_COLUMNS = range(1, 7)


def house(board: Board) -> tuple[int, int]:
    """The house count "keep the last zero", (red, blue)."""
    counts = [[0, 0], [0, 0], [0, 0]]
    for cell, stone in board.items():
        zone = ZONE_OF[cell]
        if zone >= 0:
            counts[zone][stone & 1] += 1
    return keep_last_zero([(r, b) for r, b in counts])


def end_guess(board: Board, hammer: int, throw_no: int, power: int) -> tuple[float, float]:
    """The hammer's expected end score after throw ``throw_no`` (of ``power``)
    left ``board``, and the spread around it (0 once the end is over)."""
    zones = [0, 0, 0, 0, 0, 0]
    guards = [0, 0]
    for cell, stone in board.items():
        zone = ZONE_OF[cell]
        seat = stone & 1
        if zone >= 0:
            zones[2 * zone + (seat != hammer)] += 1
        elif WIDTH <= cell < 6 * WIDTH and cell % WIDTH in GUARD_COLUMNS:
            guards[seat != hammer] += 1
    score = keep_last_zero([(zones[0], zones[1]), (zones[2], zones[3]), (zones[4], zones[5])])
    diff = score[0] - score[1]
    if throw_no >= LAST:
        return float(diff), 0.0
    # The next thrower's limit: the hammer throws the even throws.
    hammer_next = throw_no % 2 == 1
    lead = diff if hammer_next else -diff
    limit = max(1, power - 1) if lead > 0 else 5 if lead < 0 else min(5, power + 1)
    cut = 5 - limit if hammer_next else limit - 5
    w = WEIGHTS[throw_no - 1]
    mean = (
        w[0]
        + w[1] * diff
        + w[2] * zones[0]
        + w[3] * zones[1]
        + w[4] * zones[2]
        + w[5] * zones[3]
        + w[6] * zones[4]
        + w[7] * zones[5]
        + w[8] * guards[0]
        + w[9] * guards[1]
        + w[10] * cut
    )
    return mean, w[11]


@dataclass(frozen=True)
class Judge:
    """Values boards for ``seat`` in the current end: the expected end score
    (``odds`` false), or the chance of winning the match."""

    seat: int
    hammer: int
    #: ``seat``'s match lead before this end.
    lead: int
    #: Ends still to play after this one (0: this is the last, or an extra end).
    ends_after: int
    odds: bool

    def __call__(self, board: Board, throw_no: int, power: int) -> float:
        """The value of ``board`` after throw ``throw_no`` of ``power``."""
        mean, spread = end_guess(board, self.hammer, throw_no, power)
        if self.seat != self.hammer:
            mean = -mean
        if not self.odds:
            return mean
        edge = 0.0
        if self.ends_after:
            # The loser of the end takes the next end's hammer (a blank keeps it).
            mine = _below(-mean - 0.5, spread)
            theirs = _below(mean - 0.5, spread)
            if self.seat == self.hammer:
                mine = 1 - theirs
            else:
                theirs = 1 - mine
            edge = END_EDGE * (mine - theirs)
        total = math.sqrt(spread * spread + self.ends_after * END_SPREAD * END_SPREAD)
        margin = self.lead + mean + edge
        if total == 0:
            return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        return _below(margin, total)


def _below(x: float, spread: float) -> float:
    """The chance that a normal variable of mean 0 and ``spread`` is below ``x``."""
    if spread == 0:
        return 1.0 if x > 0 else 0.0
    return 0.5 * (1 + math.erf(x / (spread * math.sqrt(2))))
