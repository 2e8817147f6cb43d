"""Tactical positions with a proven set of right moves, per game (``PUZZLES``).

Each game's module builds its positions from the rules and proves the right
moves inside the test by enumeration (every legal action, every hidden deal
consistent with the seat's view or every dice outcome), so an expectation
written by hand cannot be wrong unnoticed. ``python -m bench.ai --puzzles``
prints how many each level solves.
"""

from __future__ import annotations

from tests.games.puzzles import caravan, curling, klac, klotho, krendzu
from tests.games.puzzles.common import Puzzle

#: Every game's puzzles, by the registry's name.
PUZZLES: dict[str, tuple[Puzzle, ...]] = {
    "klac": klac.PUZZLES,
    "klotho": klotho.PUZZLES,
    "krendzu": krendzu.PUZZLES,
    "caravan": caravan.PUZZLES,
    "curling": curling.PUZZLES,
}
