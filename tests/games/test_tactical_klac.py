"""Klac!'s tactical greedy: it plays legally without peeking, and it sees the
next player's answer (a sixth stack that ends the round, a cut) coming."""

from __future__ import annotations

import random
from collections import Counter

from bench.tactical.klac import GAME, chances, tactical
from games import ai
from tests.games.puzzles.klac_proofs import position


def test_it_plays_whole_matches_legally() -> None:
    for seats, seed in ((2, 1), (3, 2)):
        state = GAME.new_game(seats, {"target": 50}, seed)
        rng = random.Random(seed)
        while not state.over:
            seat = GAME.to_move(state)[0]
            action = tactical("klac", state, seat, rng)
            assert action in GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, action)


def test_it_decides_from_its_view_alone() -> None:
    state = GAME.new_game(2, {}, 7)
    for _ in range(6):
        seat = GAME.to_move(state)[0]
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    seat = GAME.to_move(state)[0]
    # Swap the other hand with the deck's top: the view is the same.
    other = 1 - seat
    dealt = GAME.loads(GAME.dumps(state))
    dealt.hands[other], dealt.deck[-3:] = dealt.deck[-3:], dealt.hands[other]
    assert Counter(dealt.hands[other]) != Counter(state.hands[other])
    assert tactical("klac", state, seat, random.Random(0)) == tactical(
        "klac", dealt, seat, random.Random(0)
    )
    assert ai.PLAYERS["klac"].canonical(state, seat) == ai.PLAYERS["klac"].canonical(dealt, seat)


def test_it_ends_the_match_with_a_sixth_stack_on_the_opponent_s_row() -> None:
    state = position(
        [[["B15"], ["O14"], ["G13"]], [["B4"], ["O5"], ["G3"], ["O9"], ["G7"]]],
        [["G6", "B8"], ["B1", "O2"]],
        totals=[110, 110],
    )
    for seed in range(3):
        assert tactical("klac", state, 0, random.Random(seed)) in {
            ("extend", "G6", 1),
            ("extend", "B8", 1),
        }


def test_it_does_not_leave_a_sixth_stack_to_the_opponent() -> None:
    # A fifth stack on its own row (still without green) would let the
    # opponent end the round at once with it scoring nothing; the one-ply
    # view likes that stack best, the tactical greedy covers instead.
    state = position(
        [[["B15"], ["O14"], ["B12"], ["O10"]], [["B1"], ["O2"], ["G3"]]],
        [["B8", "O9", "O5"], ["B4", "O5", "G6"]],
        deck=["G7", "B1", "G11"],
    )
    action = tactical("klac", state, 0, random.Random(0))
    assert action[:3] != ("extend", "B8", 0) and action[:3] != ("extend", "O9", 0)


def test_only_an_ended_round_can_end_the_match() -> None:
    assert chances(0, [140, 100], 150, [20, 0], final=True) == 1.0
    assert chances(1, [140, 100], 150, [20, 0], final=True) == 0.0
    assert 0.5 < chances(0, [140, 100], 150, [20.0, 0.0], final=False) < 1.0
