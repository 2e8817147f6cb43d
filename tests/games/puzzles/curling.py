"""Curling puzzles: the end's last throws, the free re-throw, and the
substitution cards, each proved by exact enumeration (``curling_proofs``).

Every position is in the first end of eight (the end's score is what
counts), blue (seat 1) holding the hammer. On throw 16 the proof traces
every legal throw and scores the end; on throw 15 it also plays every roll
of the hammer's dice, its best re-throw and its best last throw; a re-throw
is proved over every set of dice re-thrown and every face they may show; the
cards over every set of the first player's cards the hammer may take.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from games.core.protocol import Action
from games.curling.state import AIM, CARDS, REROLL, CurlingState
from tests.games.curling_positions import make_state
from tests.games.puzzles import curling_proofs as proofs
from tests.games.puzzles.common import Puzzle, best

RED, BLUE = 0, 1


def _last_throw(stones: str, dice: list[int], power: int) -> Callable[[], CurlingState]:
    return lambda: make_state(stones, throw_no=16, dice=dice, prev_power=power)


def _reroll(stones: str, dice: list[int], power: int) -> Callable[[], CurlingState]:
    return lambda: make_state(stones, throw_no=16, dice=dice, prev_power=power, phase=REROLL)


def _throw_15(stones: str, dice: list[int], power: int) -> Callable[[], CurlingState]:
    return lambda: make_state(stones, throw_no=15, dice=dice, prev_power=power)


def _taking(stones: str, main: str, first: str, power: int) -> Callable[[], CurlingState]:
    return lambda: make_state(
        stones, variant=CARDS, throw_no=16, main=main, subs=(first, ""), prev_power=power
    )


def prove_last_throw(state: CurlingState, seat: int) -> frozenset[Action]:
    """The throws that make the best end's score (every legal throw traced)."""
    return best(proofs.last_throw_margins(state, seat))


def prove_reroll(state: CurlingState, seat: int) -> frozenset[Action]:
    """The first steps of the re-throws with the best expected end's score:
    every set of dice re-thrown × every face each may show × every legal throw."""
    assert state.dice is not None
    aim = replace(state, phase=AIM)  # the combinations' throws: only the limit L2 matters
    return proofs.reroll_right(
        proofs.rethrow_values(state.dice, proofs.combo_margins(aim, seat)), state.dice
    )


def prove_against_the_hammer(state: CurlingState, seat: int) -> frozenset[Action]:
    """The throws with the best expected end's score once the hammer has made
    its best of every roll (``proofs.reply_margins``)."""
    return best(proofs.reply_margins(state, seat))


def prove_taking(state: CurlingState, seat: int) -> frozenset[Action]:
    """The first steps toward the cards that make the best last throw."""
    return proofs.taking_right(proofs.taking_values(state, seat))


def _throw(combo: str, trajectory: str, start: str, *numbers: int) -> Action:
    return ("throw", combo, trajectory, start, *numbers)


STRAIGHT = "straight:5,4,3,2,1"

PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(
        "curling",
        "takeout-for-three",
        "the hammer knocks the centre stone out and counts three",
        _last_throw("c8:r d2:b b10:b g8:b", [1, 2, 3, 4, 5], 5),
        BLUE,
        frozenset({_throw(STRAIGHT, "shortened", "f0", 5, 4)}),
        prove_last_throw,
    ),
    Puzzle(
        "curling",
        "double-takeout",
        "one throw clears two stones from the centre: from three down to one up",
        _last_throw("e9:r d7:r d9:r c4:b g9:b", [2, 2, 2, 2, 5], 5),
        BLUE,
        frozenset({_throw("four:5,2,2,2,2", "semaphore", "e0", 5, 2)}),
        prove_last_throw,
    ),
    Puzzle(
        "curling",
        "raise-and-remove",
        "the thrown stone raises its own guard into the house and knocks the other out",
        _last_throw("b11:r b5:b d11:b c6:b", [1, 2, 3, 4, 5], 4),
        BLUE,
        frozenset({_throw(STRAIGHT, "triple", "d0", 2, 5, 1)}),
        prove_last_throw,
    ),
    Puzzle(
        "curling",
        "weak-hand-hit",
        "under a low limit the short reverse still knocks the stone out",
        _last_throw("g7:r g4:r b7:b", [1, 3, 5, 5, 5], 1),
        BLUE,
        frozenset({_throw("three:5,3,1", "reverse", "c0", 3, 5)}),
        prove_last_throw,
    ),
    Puzzle(
        "curling",
        "keep-the-straight",
        "a straight already scores: the biggest group is no reason to re-throw",
        _reroll("c10:r d2:b d6:b", [1, 4, 3, 2, 5], 1),
        BLUE,
        frozenset({("keep",)}),
        prove_reroll,
    ),
    Puzzle(
        "curling",
        "rethrow-the-odd-two",
        "keep the pair and the five, re-throw the one and the three",
        _reroll("c8:r g8:b e2:b", [4, 1, 4, 3, 5], 5),
        BLUE,
        frozenset({("toggle", 1), ("toggle", 3)}),
        prove_reroll,
    ),
    Puzzle(
        "curling",
        "two-pairs-for-a-full-house",
        "two pairs: re-throw only the odd die",
        _reroll("b11:r b5:r b8:b", [5, 2, 3, 3, 5], 5),
        BLUE,
        frozenset({("toggle", 1)}),
        prove_reroll,
    ),
    Puzzle(
        "curling",
        "guard-before-the-hammer",
        "throw 15: a guard in front of the house spoils the hammer's best answers",
        _throw_15("g8:r f11:r b9:r g4:b", [1, 2, 4, 4, 4], 1),
        RED,
        frozenset({_throw("three:4,2,1", "reverse", "e0", 1, 2)}),
        prove_against_the_hammer,
    ),
    Puzzle(
        "curling",
        "steal-with-a-pair",
        "throw 15: raise the guard and leave the hammer the least to take back",
        _throw_15("b9:r d8:r b10:r c1:r d7:b d6:b f7:b", [1, 2, 3, 3, 5], 2),
        RED,
        frozenset({_throw("pair:5,3", "reverse", "c0", 3, 5)}),
        prove_against_the_hammer,
    ),
    Puzzle(
        "curling",
        "take-the-third-queen",
        "the hammer takes the first player's queen: three of a kind, power 3",
        _taking("g3:r b8:r g11:r e10:b b9:b", "7D AC QD KC QC", "QH 6H 9D 9S 6D", 1),
        BLUE,
        frozenset({("draw", "QH")}),
        prove_taking,
    ),
    Puzzle(
        "curling",
        "two-cards-make-a-flush",
        "neither spade alone helps: both together make the flush",
        _taking("d10:r f1:r f8:r e9:b", "9S KH 8S AS 7H", "JS AC JH 8D KS", 5),
        BLUE,
        frozenset({("draw", "JS"), ("draw", "KS")}),
        prove_taking,
    ),
)
