"""The bot's Caravan moves for an absent player: sensible, legal, and blind to draws."""

from __future__ import annotations

import random

from games import registry
from games.caravan.state import CaravanState
from games.core.menu import own_actions
from games.core.protocol import Action
from tests.games.caravan_positions import make_state

GAME = registry.get("caravan")


def stand_in(state: CaravanState, seat: int = 0, seed: int = 1) -> Action:
    actions = own_actions(GAME, state, seat)
    return GAME.stand_in(state, seat, actions, random.Random(seed))


def test_it_sells_a_caravan_rather_than_discarding_or_disbanding() -> None:
    state = make_state(("10S 9S", "5H", "", "4C", "7D", "2C"), ("3S KD JC AH 8H", "5D"))
    # 10 + 9 + 3 = 22 sells pair 1; no other move holds a pair (a King busts it).
    assert stand_in(state) == ("play", "3S", 0)


def test_it_never_disbands_a_sold_caravan_when_anything_else_is_legal() -> None:
    state = make_state(("10S 9S 4S", "", "", "4C", "", ""), ("QD QC QH QS JD", "5D"))
    for seed in range(20):
        assert stand_in(state, seed=seed)[0] != "disband"


def test_it_breaks_an_opponents_winning_pair_with_a_jack() -> None:
    # Seat 1 holds pairs 1 and 2 with 23 and 24; seat 0 can only remove a card.
    state = make_state(
        ("5S", "6H", "", "10C 9C 4C", "10D 8D 6D", "2C"), ("JS 2D 2S 3D 3S", "5D 7D")
    )
    kind, card, owner, *_ = stand_in(state)
    assert (kind, card, owner) == ("attach", "JS", 1)


def test_it_wins_the_game_when_it_can() -> None:
    state = make_state(
        ("10S 9S", "10H 9H 4H", "10C 9C 3C", "2D", "3D", "4D"), ("2S JD QD KD X1", "5D")
    )
    after = GAME.apply(state, 0, list(stand_in(state)))
    assert after.wins == [1, 0]


def test_every_choice_is_legal_over_whole_games() -> None:
    game = GAME
    rnd = random.Random(7)
    for seed in range(8):
        state = game.new_game(2, None, seed)
        while not game.is_over(state):
            seat = game.to_move(state)[0]
            actions = own_actions(game, state, seat)
            action = game.stand_in(state, seat, actions, rnd)
            assert action in actions
            state = game.apply(state, seat, action)
        assert game.result(state)["winners"]
