"""Klac!'s puzzles: late positions (the deck is out, a card or two in each
hand), each proved by playing every line to the end of the round with the
real engine (see :mod:`tests.games.puzzles.klac_proofs`).

Rows are written as stacks, bottom to top; only their tops matter, and every
card not written is buried under a stack of its colour. Seat 0 moves. With
two players and the deck out nothing is hidden (the other hand is the only
card left unseen); at three, the rivals' hands are, and the proof tries
every deal of them.
"""

from __future__ import annotations

from games.core.protocol import Action
from games.klac.state import KlacState, Row
from tests.games.puzzles.common import Puzzle
from tests.games.puzzles.klac_proofs import position, prover

#: Every puzzle is proved by its worst case: the opponent answers as it likes best.
PROVE = prover(sure=True)


def _puzzle(
    name: str,
    theme: str,
    rows: list[Row],
    hands: list[list[str]],
    right: set[Action],
    totals: list[int] | None = None,
) -> Puzzle:
    def build() -> KlacState:
        return position(rows, hands, totals=totals)

    return Puzzle("klac", name, theme, build, 0, frozenset(right), PROVE)


PUZZLES: tuple[Puzzle, ...] = (
    _puzzle(
        "sixth-stack-wins-the-match",
        "end the match with a sixth stack on the opponent's row",
        # 152 against 149 at most: the round ends and the match is won; a
        # card kept lets the opponent cut the fifteen or the fourteen.
        [[["B15"], ["O14"], ["G13"]], [["B4"], ["O5"], ["G3"], ["O9"], ["G7"]]],
        [["G6", "B8"], ["B1", "O2"]],
        {("extend", "G6", 1), ("extend", "B8", 1)},
        totals=[110, 110],
    ),
    _puzzle(
        "merge-drops-their-row-to-four",
        "cover with a number their row shows: the stacks merge, the row drops to four",
        # B1 on their B4 merges into their B1: the four is gone for good,
        # where any other play leaves their row at 37 or more before their G13.
        [[["B1"], ["B15"], ["G11"]], [["B1"], ["G7"], ["G11"], ["B4"], ["O14"]]],
        [["B12", "B1"], ["G13"]],
        {("cover", "B1", 1, 3)},
    ),
    _puzzle(
        "end-it-on-your-own-row",
        "behind, end the round now: waiting lets the opponent raise its row",
        [[["O14"], ["O5"], ["O2"], ["B12"], ["G6"]], [["B12"], ["O9"], ["G7"], ["O14"], ["G11"]]],
        [["B4", "O5"], ["O10", "B8"]],
        {("extend", "B4", 0)},
    ),
    _puzzle(
        "end-while-nobody-scores",
        "the opponent would win the match: end the round while neither row scores",
        # Their row lacks blue and they hold the B15; an orange sixth stack on
        # the own row (which lacks green) ends the round at 0 to 0.
        [[["B4"], ["B15"], ["B1"], ["O10"], ["B12"]], [["G6"], ["G7"], ["O10"]]],
        [["B12", "O9"], ["B15"]],
        {("extend", "O9", 0)},
        totals=[116, 124],
    ),
    _puzzle(
        "merge-cuts-the-thirteen",
        "a cover that merges takes the opponent's big top away, stack and all",
        # G6 on their G13 merges into their G6: thirteen points and a stack gone.
        [[["B15"], ["G13"], ["G3"], ["G11"]], [["B1"], ["G6"], ["O2"], ["G13"], ["B12"]]],
        [["O5", "G6"], ["O5"]],
        {("cover", "G6", 1, 3)},
    ),
    _puzzle(
        "merge-cuts-the-eleven",
        "cut the opponent's top with a merge rather than raise your own row",
        [[["B15"], ["B12"], ["G6"], ["O5"]], [["G11"], ["G13"], ["B1"], ["O10"], ["G7"]]],
        [["G7", "B15"], ["O5", "G13"]],
        {("cover", "G7", 1, 0)},
    ),
    _puzzle(
        "fourteen-gone-by-merging",
        "O2 on their O14 merges into their O2: the fourteen is gone",
        [[["B1"], ["O5"], ["G3"]], [["B12"], ["O14"], ["G13"], ["O2"], ["G7"]]],
        [["O2", "G6"], ["B4"]],
        {("cover", "O2", 1, 1)},
    ),
    _puzzle(
        "complete-your-colours",
        "a green for a row of blue and orange: it scores at last",
        [[["B15"], ["O14"], ["B12"]], [["B1"], ["O2"], ["G3"], ["B4"], ["O5"]]],
        [["G13", "O10"], ["G6", "O9"]],
        {("extend", "G13", 0)},
    ),
    _puzzle(
        "raise-when-it-is-safe",
        "ahead, raise your own row: the opponent's cards cannot cut it enough",
        [[["B15"], ["O14"], ["G13"]], [["B1"], ["O2"], ["G3"], ["B4"], ["O5"]]],
        [["G6", "B12"], ["B8", "G7"]],
        {("extend", "B12", 0)},
    ),
    _puzzle(
        "three-players-end-the-match",
        "three players, their cards unseen: end the match with a sixth stack on a rival's row",
        # Whichever of B1 and O2 each rival holds, 154 wins now; waiting lets
        # them cut the fifteen or the fourteen first.
        [
            [["B15"], ["O14"], ["G13"]],
            [["B1"], ["O2"], ["G3"], ["B4"], ["O5"]],
            [["B8"], ["O9"], ["G7"]],
        ],
        [["G6", "B12"], ["B1"], ["O2"]],
        {("extend", "G6", 1), ("extend", "B12", 1)},
        totals=[112, 110, 100],
    ),
)
