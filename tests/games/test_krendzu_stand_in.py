"""The bot's Krendzu moves for an absent player: legal, scoring when attacking,
careful when defending, and finishing what it began."""

from __future__ import annotations

import random

import pytest

from games import registry
from games.core.menu import own_actions
from games.core.protocol import Action
from games.krendzu.state import KrendzuState
from tests.games.krendzu_positions import make_state

GAME = registry.get("krendzu")


def stand_in(state: KrendzuState, seed: int = 1) -> Action:
    seat = GAME.to_move(state)[0]
    return GAME.stand_in(state, seat, own_actions(GAME, state, seat), random.Random(seed))


def test_it_exchanges_nothing() -> None:
    state = GAME.new_game(2, None, seed=3)
    assert stand_in(state) == ("announce", 0)


def test_it_finishes_a_discard_with_the_first_cards_of_its_hand() -> None:
    state = GAME.new_game(2, None, seed=3)
    state = GAME.apply(state, 1, ["announce", 2])
    state = GAME.apply(state, 0, ["announce", 0])
    hand = state.hands[1]
    # The player marked one card, then the clock ran out: the bot goes on.
    state = GAME.apply(state, 1, ["toggle", hand[4]])
    assert GAME.continues(state, 1)
    assert stand_in(state) == ("toggle", hand[0])
    state = GAME.apply(state, 1, ["toggle", hand[0]])
    assert stand_in(state) == ("exchange",)
    state = GAME.apply(state, 1, ["exchange"])
    assert state.phase == "play"


def test_an_attacker_takes_the_richest_placement() -> None:
    # 10♦ into the hole scores twice; 9♣ after 6 7 8 … there is no such row here.
    state = make_state(2, "6D 8D . QD JD\n.  .  .  .  9S", ("10D 7C", "KH AH"), turn=0)
    for seed in range(5):
        assert stand_in(state, seed) == ("place", "10D", 2, 0)
    one = make_state(2, "6S 7H 8D", ("9C 10C AS", "KH AH"), turn=0)
    assert stand_in(one) in (("place", "9C", 3, 0), ("place", "AS", -1, 0))


def test_an_attacker_with_nothing_to_score_plays_at_random() -> None:
    state = make_state(2, "QS", ("6H 7D 8C", "KH AH"), turn=0)
    picks = {stand_in(state, seed) for seed in range(30)}
    assert len(picks) > 3 and all(p[0] == "place" for p in picks)


def test_a_defender_never_passes_and_avoids_own_goals() -> None:
    # 9♣ at the row's end would be an own goal (6 7 8 9); every other placement is harmless.
    state = make_state(2, "6S 7H 8D", ("AS KS", "9C 10H"), turn=1)
    assert ("pass",) in GAME.legal_actions(state, 1)
    picks = set()
    for seed in range(40):
        action = stand_in(state, seed)
        picks.add(action)
        assert action[0] == "place" and action != ("place", "9C", 3, 0)
        assert GAME.apply(state, 1, list(action)).tour_points == [0, 0]
    assert len(picks) > 5


def test_a_defender_scores_as_little_as_it_can() -> None:
    # Offered only own goals, it takes the smallest.
    state = make_state(2, "6D 8D . QD JD", ("AS KS", "10D 10H"), turn=1)
    rnd = random.Random(1)
    two, none = ("place", "10D", 2, 0), ("place", "10D", 5, 0)
    assert GAME.stand_in(state, 1, [two, none], rnd) == none
    assert GAME.stand_in(state, 1, [two], rnd) == two


def test_it_finishes_a_two_card_move_with_a_harmless_second_card() -> None:
    state = make_state(2, "6S 7H 8D", ("AS KS", "JC 9C 10H"), turn=1)
    state = GAME.apply(state, 1, ["first", "JC", 0, 1])
    assert GAME.continues(state, 1)
    for seed in range(20):
        action = stand_in(state, seed)
        assert action[0] == "place"
        after = GAME.apply(state, 1, list(action))
        assert after.tour_points == [0, 0] and not after.pending


@pytest.mark.parametrize(
    ("seats", "options"),
    [(2, {}), (3, {}), (3, {"variant": "two_defenders"}), (4, {"exchange": 2})],
)
def test_whole_matches_played_by_the_bot_are_legal_and_end(
    seats: int, options: dict[str, object]
) -> None:
    rnd = random.Random(seats)
    state = GAME.new_game(seats, options, seed=seats)
    moves = 0
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        actions = own_actions(GAME, state, seat)
        action = GAME.stand_in(state, seat, actions, rnd)
        assert action in actions and action != ("pass",)
        state = GAME.apply(state, seat, list(action))
        moves += 1
        assert moves < 500
    # Attackers that take every combination they see do score.
    assert sum(GAME.result(state)["scores"]) > 0
