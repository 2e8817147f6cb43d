"""The Caravan computer player: its game model agrees with the engine, and it
finds the clear move in hand-made positions."""

from __future__ import annotations

import random

import pytest

from games import ai, registry
from games.ai.caravan import evaluate, model, reply, search
from games.caravan.state import OPENING, CaravanState
from games.core.protocol import Action
from tests.games.caravan_positions import make_state

GAME = registry.get("caravan")


def position_of(state: CaravanState) -> model.Position:
    """The model's position of the engine's ``state``, hidden cards included."""
    cars: list[model.Caravan] = [
        tuple((card, tuple(faces)) for card, faces in caravan)
        for row in state.caravans
        for caravan in row
    ]
    assert state.turn is not None
    return model.start(
        cars,
        [tuple(hand) for hand in state.hands],
        [list(deck) for deck in state.decks],
        state.turn,
        state.phase == OPENING,
    )


def table_of(state: CaravanState) -> list[model.Caravan]:
    return position_of(state).cars


def lively(rng: random.Random, legal: list[Action]) -> Action:
    """A random move of ``legal``: face cards and disbands more often than at
    random, to try every rule."""
    weighted = [a for a in legal if a[0] != "discard"] or legal
    return rng.choice(weighted if rng.random() < 0.8 else legal)


@pytest.mark.parametrize("seed", range(12))
def test_the_model_plays_the_engines_rules(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_game(2, {}, seed)
    pos = position_of(state)
    while True:
        seat = state.turn
        assert seat is not None and pos.turn == seat
        legal = GAME.legal_actions(state, seat)
        assert sorted(model.actions(pos)) == sorted(legal)
        action = lively(rng, legal)
        state = GAME.apply(state, seat, action)
        pos = model.apply(pos, action)
        if GAME.is_over(state):
            assert pos.winner == state.winners[0]
            return
        assert pos.winner is None
        assert pos.cars == table_of(state)
        assert pos.vals == [model.value(car) for car in pos.cars]
        assert pos.tails == [model.tail_of(car) for car in pos.cars]
        assert [sorted(hand) for hand in pos.hands] == [sorted(hand) for hand in state.hands]
        assert pos.left == [len(deck) for deck in state.decks]


@pytest.mark.parametrize("seed", range(6))
def test_a_playout_takes_the_move_rated_best(seed: int) -> None:
    # Playouts rate most moves without building the position after them.
    rng = random.Random(seed)
    pos = position_of(GAME.new_game(2, {}, seed))
    memo: evaluate.Memo = {}
    while pos.winner is None and (moves := model.actions(pos)):
        scores = [evaluate.evaluate(model.apply(pos, move), pos.turn, memo) for move in moves]
        best = model.apply(pos, moves[scores.index(max(scores))])
        child, rated = search._best_child(pos, memo)
        assert child is not None and rated == len(moves)
        for field in model.Position.__slots__:
            assert getattr(child, field) == getattr(best, field)
        pos = model.apply(pos, rng.choice(moves))


def choose(state: CaravanState, level: str, seed: int = 0) -> Action:
    return ai.choose("caravan", state, 0, level, seed)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_it_sells_a_caravan_or_keeps_the_card_that_sells_it(level: str) -> None:
    # 3S sells caravan 0 (19 + 3); starting the empty caravan first may be as
    # good, spending the 3S elsewhere or touching caravan 0 is not.
    state = make_state(("10S 9S", "5H", "", "4C", "7D", "2C"), ("3S KD JC AH 8H", "5D 6D"))
    for seed in range(3):
        action = choose(state, level, seed)
        assert action == ("play", "3S", 0) or (
            "3S" not in action and action[:4] != ("attach", action[1], 0, 0)
        )


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_it_takes_the_winning_move(level: str) -> None:
    # Seat 0 holds pairs 0 and 1; 10S sells pair 2 (12 + 10 = 22) and wins.
    state = make_state(
        ("10H 9H 4H", "10C 8C 5C", "4D 8D", "5S", "6S", "2S 3S"),
        ("2H 6C 10S JC KC", "5D 6D"),
    )
    for seed in range(3):
        assert choose(state, level, seed) == ("play", "10S", 2)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_it_breaks_the_opponents_winning_pair(level: str) -> None:
    # Seat 1 holds pairs 1 and 2 and would win by selling pair 0 (10 + 9 + 4).
    state = make_state(
        ("5S", "6H", "", "10C 9C", "10D 8D 6D", "10H 9H 3H"),
        ("JS 2D 2S 3D 3S", "5D 7D"),
    )
    kind, card, owner, *_ = choose(state, level)
    assert (kind, card, owner) == ("attach", "JS", 1)


@pytest.mark.parametrize("level", ai.LEVELS)
def test_it_never_disbands_a_sold_caravan_for_nothing(level: str) -> None:
    state = make_state(("10S 9S 4S", "", "", "4C", "", ""), ("QD QC QH QS JD", "5D"))
    for seed in range(4):
        assert choose(state, level, seed) != ("disband", 0)


def test_the_opponent_is_dealt_only_cards_it_may_hold() -> None:
    # KS lies on the table while seat 0 still holds its own: that one is
    # seat 1's. KH may be seat 0's own (it is out of its hand and deck).
    state = make_state(("10S 9S:KH", "5H", "", "4C:KS", "7D", "2C"), ("3S KS JC AH 8H", "5D 6D"))
    known = ai.PLAYERS["caravan"].canonical(state, 0)
    pool = search.unseen(known, 0)
    for card in ("4C", "7D", "2C", "KS"):
        assert card not in pool
    for card in ("5D", "KH", "KD", "X1"):
        assert card in pool
    assert len(pool) == 54 - 4


def test_the_reply_screen_rates_every_cards_best_use() -> None:
    # The one-ply rating puts the numeral plays first (the Jack still counts
    # in hand); the reply rating finds that only the Jack stops the sale.
    state = make_state(
        ("5S", "6H", "", "10C 9C", "10D 8D 6D", "10H 9H 3H"),
        ("JS 2D 2S 3D 3S", "5D 7D"),
    )
    known = ai.PLAYERS["caravan"].canonical(state, 0)
    legal = GAME.legal_actions(known, 0)
    _, scores = search.reply_scores(known, 0, legal, screen=2)
    best = max(scores, key=scores.__getitem__)
    assert legal[best][:3] == ("attach", "JS", 1)
    cards = {legal[i][1] for i in scores if legal[i][0] != "disband"}
    assert cards == {"JS", "2D", "2S", "3D", "3S"}


@pytest.mark.parametrize("seed", range(8))
def test_replies_rated_once_for_all_alike_rate_alike(seed: int) -> None:
    # The reply screen rates one reply of each key for all: every reply is
    # rated here, in positions of random games with face cards laid often.
    rng = random.Random(seed)
    state = GAME.new_game(2, {}, seed)
    shared = 0
    while not GAME.is_over(state):
        seat = state.turn
        assert seat is not None
        pos = position_of(state)
        if not pos.opening:
            hand = pos.hands[1 - seat]
            replies = [move for move in model.actions(pos) if move[0] != "discard"]
            by_key: dict[Action, set[float]] = {}
            for move in replies:
                rated = reply.rating(model.apply(pos, move), 1 - seat, hand, {})
                by_key.setdefault(reply._alike(move, 1 - seat), set()).add(rated)
            assert all(len(ratings) == 1 for ratings in by_key.values())
            shared += len(replies) - len(by_key)
        state = GAME.apply(state, seat, lively(rng, GAME.legal_actions(state, seat)))
    assert shared > 0


def test_reply_weights_are_the_chances_of_a_hands_first_card() -> None:
    weights = reply.first_weights(12, 4)
    assert sum(weights) == pytest.approx(1.0)
    assert weights[0] == pytest.approx(4 / 12)
    assert reply.first_weights(3, 0) == []


@pytest.mark.parametrize("level", ai.LEVELS)
def test_it_moves_when_the_opponent_holds_no_card(level: str) -> None:
    # The opponent's hand and deck are spent: it can only disband, whatever it holds.
    state = make_state(
        ("10S 9S", "5H", "", "4C", "7D", "2C"), ("3S KD JC AH 8H", ""), decks=("2C 3C", "")
    )
    action = ai.choose("caravan", state, 0, level, seed=1)
    assert action in GAME.legal_actions(state, 0)
