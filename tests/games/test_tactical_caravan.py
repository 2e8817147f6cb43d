"""Caravan's tactical greedy player (``bench.tactical.caravan``): it plays legal
moves from its own view only, takes a won game, and answers the opponent's
threats that one reply card would carry out."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bench.tactical import caravan as tactical
from games import registry
from games.caravan.state import CaravanState
from games.core.protocol import Action
from tests.games.caravan_positions import make_state
from tests.games.puzzles.caravan import PUZZLES
from tests.games.test_conformance_caravan import redeal

GAME = registry.get("caravan")


def choose(state: CaravanState, seat: int = 0, seed: int = 0) -> Action:
    return tactical.tactical("caravan", state, seat, random.Random(seed))


def test_a_legal_move_from_its_view_alone_through_a_whole_game() -> None:
    rnd = random.Random(7)
    state = GAME.new_game(2, {}, 7)
    moves = 0
    while not GAME.is_over(state) and moves < 80:
        seat = state.turn
        assert seat is not None
        action = choose(state, seat, moves)
        assert action in GAME.legal_actions(state, seat)
        if moves % 5 == 0:
            other = replace(redeal(state, seat, rnd), rng=rnd.getrandbits(32))
            assert choose(other, seat, moves) == action
        state = GAME.apply(state, seat, action)
        moves += 1


def test_it_sells_the_caravan_that_wins_the_game() -> None:
    # Pairs 0 and 1 held; 6S (against the direction, in suit) sells pair 2.
    state = make_state(
        ("10H 9H 4H", "10C 8C 4C", "10S 5S", "9D 6D", "7S 3S", "10D 8D"),
        ("2S 4S 6S JC", "5C 6C 7C 8C 9C"),
    )
    assert choose(state) == ("play", "6S", 2)


def test_it_never_sells_the_third_pair_for_the_opponent() -> None:
    # The opponent holds pairs 0 and 1; 9H would sell our caravan 2 (12 + 9)
    # and end the game lost, a Jack keeps it going.
    state = make_state(
        ("5S 9S", "8H 3H", "4C 8C", "10D 9D 3D", "10C 8C 4C", "7S 8S"),
        ("JH 9H 2S 6D", "5C 6C 7C 8C 9C"),
    )
    for seed in range(3):
        action = choose(state, seed=seed)
        assert action != ("play", "9H", 2)
        assert action[:3] == ("attach", "JH", 1)


def test_it_busts_the_opponents_sold_caravan_before_it_sells_the_last_pair() -> None:
    # The opponent holds pairs 1 and 2 and sells pair 0 next (9D 7D takes 5 or 6).
    state = make_state(
        ("10S 8S", "6H 9H", "4C 8C", "9D 7D", "9H 7H 5H", "10C 8C 6C"),
        ("KS 3H 2D AC", "5C 6S 7C 8C 9C"),
    )
    king = next(p for p in PUZZLES if p.name == "king-overshoots")
    for seed in range(3):
        assert choose(state, seed=seed) in king.right


def test_the_opening_puts_a_numeral_on_an_empty_caravan() -> None:
    state = GAME.new_game(2, {}, 3)
    seat = state.turn
    assert seat is not None
    kind, card, pair = choose(state, seat)
    assert kind == "play" and not state.caravans[seat][pair]
    assert card[0] not in "JQKX"


def test_reply_weights_are_the_chances_of_the_first_card_of_a_hand() -> None:
    weights = tactical._weights(10, 3)
    assert sum(weights) == pytest.approx(1.0)
    assert weights[0] == pytest.approx(3 / 10)
    assert weights == sorted(weights, reverse=True)
    assert tactical._weights(5, 0) == []
