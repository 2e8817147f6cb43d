"""What a puzzle is, how it is checked, and helpers for the proofs."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games import ai, registry
from games.core.protocol import Action

#: A level solves a puzzle when it takes a right move with every one of these seeds.
SEEDS = (0, 1, 2)
#: Values closer than this are equal in a proof.
TOLERANCE = 1e-9


@dataclass(frozen=True)
class Puzzle:
    """A position, the seat to move, and its right moves.

    ``right`` is what the puzzle's author says; ``prove`` finds the right
    moves by enumeration from the position alone, and the test checks that
    both agree (and that a wrong move exists), so neither can hide an error.
    """

    game_id: str
    name: str
    #: What the position teaches, in a few words.
    theme: str
    build: Callable[[], Any]
    seat: int
    right: frozenset[Action]
    prove: Callable[[Any, int], frozenset[Action]]

    def solved_by(self, level: str) -> bool:
        """Whether ``level`` takes a right move with every seed of :data:`SEEDS`."""
        state = self.build()
        return all(
            tuple(ai.choose(self.game_id, state, self.seat, level, seed)) in self.right
            for seed in SEEDS
        )


def best(values: Mapping[Action, float]) -> frozenset[Action]:
    """The actions of the highest value (within :data:`TOLERANCE`)."""
    top = max(values.values())
    return frozenset(a for a, v in values.items() if v >= top - TOLERANCE)


def worst_case(outcomes: Iterable[float]) -> float:
    """The lowest of ``outcomes``: what a move is sure of whatever is hidden."""
    return min(outcomes)


def check(puzzle: Puzzle) -> None:
    """Assert the puzzle is sound: its right moves are proved, legal, and not all
    of the legal moves (a puzzle where anything goes teaches nothing)."""
    game = registry.get(puzzle.game_id)
    state = puzzle.build()
    legal = {tuple(a) for a in game.legal_actions(state, puzzle.seat)}
    assert puzzle.right, f"{puzzle.name}: no right move"
    assert puzzle.right <= legal, f"{puzzle.name}: a right move is illegal"
    assert puzzle.right < legal, f"{puzzle.name}: every move is right"
    proved = puzzle.prove(state, puzzle.seat)
    assert proved == puzzle.right, f"{puzzle.name}: proved {sorted(proved)}"
