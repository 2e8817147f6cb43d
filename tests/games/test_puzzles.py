"""The puzzle suite: every position's right moves proved by enumeration, and
the levels solving their share (strong ≥ 95%, normal ≥ 85%, easy fewer)."""

from __future__ import annotations

import functools

import pytest

from tests.games.puzzles import PUZZLES
from tests.games.puzzles.common import Puzzle, check

ALL = [puzzle for puzzles in PUZZLES.values() for puzzle in puzzles]
#: The share of a game's puzzles each level must solve.
SHARE = {"strong": 0.95, "normal": 0.85}


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: f"{p.game_id}-{p.name}")
def test_the_right_moves_are_proved(puzzle: Puzzle) -> None:
    check(puzzle)


@pytest.mark.parametrize("game_id", sorted(PUZZLES))
def test_every_game_has_eight_puzzles_or_more(game_id: str) -> None:
    names = [p.name for p in PUZZLES[game_id]]
    assert len(names) >= 8
    assert len(set(names)) == len(names)


@functools.cache
def solved(game_id: str, level: str) -> frozenset[str]:
    """The names of ``game_id``'s puzzles ``level`` solves."""
    return frozenset(p.name for p in PUZZLES[game_id] if p.solved_by(level))


@pytest.mark.parametrize("level", ["strong", "normal"])
@pytest.mark.parametrize("game_id", sorted(PUZZLES))
def test_the_level_solves_its_share(game_id: str, level: str) -> None:
    puzzles = PUZZLES[game_id]
    missed = sorted(p.name for p in puzzles if p.name not in solved(game_id, level))
    assert len(puzzles) - len(missed) >= SHARE[level] * len(puzzles), missed


@pytest.mark.parametrize("game_id", sorted(PUZZLES))
def test_easy_solves_fewer_than_normal(game_id: str) -> None:
    assert len(solved(game_id, "easy")) < len(solved(game_id, "normal"))
