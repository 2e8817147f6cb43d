"""How good a board is for a seat: the end's expected score, and the match's odds.

Mid-end, the end's score is guessed from the house as it stands, from the
hammer's side: the house count, plus a share of a point for each stone in the
house by its zone and for each guard in front of it (the opponent's counting
against), plus a little for each step the next thrower's limit L2 is cut.
(A least-squares fit of these features to the final scores of self-play
matches valued boards worse: one ply on it lost 37.5% against the tactical
greedy player, whose hand-set weights these are.) The match's odds come
from that guess and its spread: in the last end, the chance that the match
lead plus the end's score is above zero; before it, the same with the ends
still to come adding their spread and the next end's hammer its edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.ai.curling.shapes import Board
from games.curling.field import WIDTH, ZONE_OF, keep_last_zero

#: The last throw of an end.
LAST = 16
#: Per throw just made (1–15), the spread (standard deviation) of the end's
#: final score around the guess, measured over 350 matches of the computer
#: against itself.
SPREAD: tuple[float, ...] = (
    1.37,
    1.37,
    1.36,
    1.36,
    1.36,
    1.35,
    1.36,
    1.35,
    1.34,
    1.32,
    1.29,
    1.24,
    1.20,
    1.08,
    0.97,
)
#: A stone's worth in points by zone (centre, middle, outer), beside the house
#: count: the nearer the button, the harder to take out and the likelier to count.
ZONE_WEIGHT = (0.3, 0.2, 0.1)
#: A guard's worth in points: it stands in the way of throws at the house.
GUARD = 0.05
#: Worth in points of each step the next thrower's limit L2 is cut below 5.
CUT = 0.075
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
    # A cut limit hurts the one who throws next.
    cut = limit - 5 if hammer_next else 5 - limit
    mean = (
        diff
        + sum(w * (zones[2 * z] - zones[2 * z + 1]) for z, w in enumerate(ZONE_WEIGHT))
        + GUARD * (guards[0] - guards[1])
        + CUT * cut
    )
    return mean, SPREAD[throw_no - 1]


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
