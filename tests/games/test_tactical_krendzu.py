"""Krendzu's tactical greedy player (the benchmark's yardstick) plays the
clear moves and decides from its own view only."""

from __future__ import annotations

import random

import pytest

from bench.tactical.krendzu import tactical
from games.krendzu.game import KrendzuGame
from tests.games.krendzu_positions import make_state
from tests.games.test_conformance_krendzu import redeal

GAME = KrendzuGame()


@pytest.mark.parametrize("seed", range(3))
def test_it_completes_a_window_when_it_can(seed: int) -> None:
    # Seat 0 attacks in tour 1; 9H completes 6H 7H 8H at (4, 0).
    state = make_state(2, "KS 6H 7H 8H", ("9H QS", "6C 7C JD"), turn=0)
    action = tactical("krendzu", state, 0, random.Random(seed))
    assert GAME.apply(state, 0, action).tour_points[0] == 1


@pytest.mark.parametrize("seed", range(3))
def test_as_defender_it_blocks_a_window_whose_card_is_unseen(seed: int) -> None:
    # Hearts and 9s are unseen by the defender: it fills (4, 0) with a card
    # that completes nothing.
    state = make_state(2, "KS 6H 7H 8H", ("9H 10H AS", "KC QS"), turn=1)
    action = tactical("krendzu", state, 1, random.Random(seed))
    assert action[0] in ("place", "first")
    assert action[2:] == (4, 0)
    assert action[1] in ("KC", "QS")


def test_it_blocks_both_ends_of_an_open_three_with_two_cards() -> None:
    state = make_state(2, "7S 8S 9S", ("6H", "KD QC"), turn=1)
    action = tactical("krendzu", state, 1, random.Random(0))
    assert action[0] == "first" and action[2:] in ((-1, 0), (3, 0))


def test_it_never_peeks() -> None:
    rnd = random.Random(5)
    for seed in range(2):
        state = GAME.new_game(2, {}, seed)
        for _ in range(40):
            if GAME.is_over(state):
                break
            seat = state.turn
            assert seat is not None
            choice = tactical("krendzu", state, seat, random.Random(seed))
            for _ in range(3):
                other = redeal(state, seat, rnd)
                assert tactical("krendzu", other, seat, random.Random(seed)) == choice
            state = GAME.apply(state, seat, choice)
