"""Curling's tactical greedy (``bench.tactical.curling``): always a legal move,
never a peek at the deck or the dice to come, the best last throw, and dice
and cards chosen by its one-ply values."""

from __future__ import annotations

import random

import pytest

from bench.tactical.curling import rethrow_plan, tactical, value
from games.curling.field import INDEX
from games.curling.game import CurlingGame
from games.curling.state import CARDS, REROLL
from tests.games.curling_positions import make_state
from tests.games.loads_checks import playout
from tests.games.puzzles import curling_proofs as proofs
from tests.games.test_conformance_curling import redeal

GAME = CurlingGame()
TABLES = [{"ends": 2}, {"ends": 2, "variant": "cards", "deck": 54}]


@pytest.mark.parametrize("options", TABLES)
def test_a_legal_move_that_depends_only_on_the_view(options: dict[str, object]) -> None:
    rnd = random.Random(5)
    tried = 0
    for k, state in enumerate(playout(GAME, 2, options, seed=8)):
        if k % 4 or state.turn is None or len(GAME.legal_actions(state, state.turn)) < 2:
            continue
        seat = state.turn
        action = tactical("curling", state, seat, random.Random(1))
        assert action in GAME.legal_actions(state, seat)
        hidden = redeal(state, seat, rnd)
        assert tactical("curling", hidden, seat, random.Random(1)) == action
        tried += 1
    assert tried > 20


def test_the_last_throw_makes_the_best_score() -> None:
    # Blue, the hammer, is one down: only the shortened throw from f0 takes the
    # red centre stone out, and it counts three.
    state = make_state("c8:r d2:b b10:b g8:b", throw_no=16, dice=[1, 2, 3, 4, 5], prev_power=5)
    margins = proofs.last_throw_margins(state, 1)
    for seed in range(3):
        action = tactical("curling", state, 1, random.Random(seed))
        assert margins[action] == max(margins.values()) == 3


def test_the_value_of_the_end_s_last_throw_is_its_score() -> None:
    board = {INDEX["d8"]: 2, INDEX["c7"]: 3, INDEX["g11"]: 5}
    assert value(board, 0, 16, 5) == 1
    assert value(board, 1, 16, 5) == -1
    # Mid-end a point counts more than the stones' places and the limit.
    assert value(board, 0, 9, 5) > value(board, 1, 9, 1)


def test_the_re_throw_plan_follows_the_expected_best_throw() -> None:
    state = make_state("c10:r d2:b d6:b", throw_no=16, dice=[1, 4, 3, 2, 5], prev_power=1)
    state.phase = REROLL
    assert tactical("curling", state, 1, random.Random(0)) == ("keep",)

    def power(combo: tuple[object, int]) -> float:
        return combo[1]

    assert rethrow_plan([3, 3, 3, 3, 3], power) == ()
    assert rethrow_plan([2, 2, 2, 2, 6], power) == (4,)
    assert rethrow_plan([4, 4, 4, 1, 2], power) == (3, 4)
    # Two pairs: the odd die goes for a full house.
    two = make_state("b11:r b5:r b8:b", throw_no=16, dice=[5, 2, 3, 3, 5], prev_power=5)
    two.phase = REROLL
    assert tactical("curling", two, 1, random.Random(0)) == ("toggle", 1)


def test_it_takes_the_cards_that_make_the_combination() -> None:
    # Neither spade alone helps the hammer; both make a flush.
    state = make_state(
        "d10:r f1:r f8:r e9:b",
        variant=CARDS,
        throw_no=16,
        main="9S KH 8S AS 7H",
        subs=("JS AC JH 8D KS", ""),
        prev_power=5,
    )
    assert tactical("curling", state, 1, random.Random(0)) in {("draw", "JS"), ("draw", "KS")}
    taken = GAME.apply(state, 1, ("draw", "JS"))
    assert tactical("curling", taken, 1, random.Random(0)) == ("draw", "KS")
    both = GAME.apply(taken, 1, ("draw", "KS"))
    assert tactical("curling", both, 1, random.Random(0)) == ("stop",)
