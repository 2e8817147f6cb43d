"""The Krendzu computer player: its fast field model agrees with the engine, and it
plays the clear moves (scores, blocks, exchanges) at every level."""

from __future__ import annotations

import random

import pytest

from games import ai
from games.ai.krendzu.model import (
    ALL_CARDS,
    BIT,
    CARD_ID,
    CODES,
    Board,
    cell_key,
    cell_xy,
    is_combination,
    points_at,
)
from games.ai.krendzu.search import sample_deal
from games.ai.krendzu.tactics import Replay, around, threats_on
from games.krendzu.field import frontier_of
from games.krendzu.game import KrendzuGame
from games.krendzu.rules import combination_kinds
from games.krendzu.state import ANNOUNCE, PLAY, Placed
from tests.games.krendzu_positions import make_state

GAME = KrendzuGame()


def test_combinations_agree_with_the_rules() -> None:
    rnd = random.Random(1)
    for _ in range(20_000):
        cards = rnd.sample(CODES, 4) if rnd.random() < 0.5 else [rnd.choice(CODES)] * 4
        if rnd.random() < 0.3:
            suit = cards[0][-1]
            cards = [c[:-1] + suit for c in cards]
        ids = [CARD_ID[c] for c in cards]
        assert is_combination(*ids) == bool(combination_kinds(*cards)), cards


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_field_model_agrees_with_the_engine_in_random_playouts(seats: int) -> None:
    rnd = random.Random(seats)
    for seed in range(3):
        state = GAME.new_game(seats, {"exchange": 0}, seed)
        board = Board({})
        while not GAME.is_over(state):
            seat = state.turn
            assert seat is not None
            legal = GAME.legal_actions(state, seat)
            assert {cell_key(x, y) for x, y in state.frontier} == board.frontier
            assert all(cell_xy(cell_key(x, y)) == (x, y) for x, y in state.frontier)
            action = rnd.choice(legal)
            tour = state.tour
            if action[0] in ("place", "first"):
                key, card = cell_key(action[2], action[3]), CARD_ID[action[1]]
                expected = points_at(board.grid, key, card)
                state = GAME.apply(state, seat, action)
                scored, added = board.place(key, card)
                assert scored == expected
                if state.tour == tour:
                    assert sum(e.kind == "score" for e in state.events) == scored
                    assert all(cell in board.frontier for cell in added)
                else:
                    board = Board({})
            else:
                state = GAME.apply(state, seat, action)


def test_a_ring_relaid_with_another_first_card_is_the_ring_built_with_it() -> None:
    # Two-card blocks build the ring of a second cell once per first cell and
    # lay another first card into it: that must be the ring built on its grid.
    rnd = random.Random(5)
    checked = 0
    for seed in range(3):
        state = GAME.new_game(2, {"exchange": 0}, seed)
        board = Board({})
        while not GAME.is_over(state) and checked < 400:
            seat = state.turn
            assert seat is not None
            legal = GAME.legal_actions(state, seat)
            if board.grid:
                first = rnd.choice(sorted(board.frontier))
                one, two = rnd.sample(range(36), 2)
                _, added = board.place(first, one, score=False)
                rings = {second: around(board.grid, second) for second in board.frontier}
                board.undo(first, added)
                board.place(first, two, score=False)
                for second, ring in rings.items():
                    assert ring.relaid(first, two) == around(board.grid, second)
                    checked += bool(ring.fresh)
                board.undo(first, added)
            action = rnd.choice(legal)
            tour = state.tour
            state = GAME.apply(state, seat, action)
            if action[0] in ("place", "first"):
                board.place(cell_key(action[2], action[3]), CARD_ID[action[1]], score=False)
            if state.tour != tour:
                board = Board({})
    assert checked >= 100


def test_the_model_undoes_a_placement() -> None:
    board = Board({cell_key(0, 0): CARD_ID["6H"]})
    frontier = set(board.frontier)
    key = cell_key(1, 0)
    _, added = board.place(key, CARD_ID["7H"])
    assert key in board.grid and key not in board.frontier
    board.undo(key, added)
    assert board.frontier == frontier and key not in board.grid


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_attacker_completes_a_line(level: str) -> None:
    # Seat 0 attacks in tour 1; 6H 7H 8H need a heart or a 9 on the free end.
    state = make_state(2, "KS 6H 7H 8H", ("9H QS", "6C 7C JD"), turn=0)
    action = ai.choose("krendzu", state, 0, level, seed=1)
    assert action[0] == "place"
    after = GAME.apply(state, 0, action)
    assert after.tour_points[0] == 1


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_defender_blocks_an_open_line(level: str) -> None:
    # 6H 7H 8H is completed by any heart or any 9 at (4, 0): the defender fills
    # that cell with a card that completes nothing.
    state = make_state(2, "KS 6H 7H 8H", ("9H 10H AS", "KC QS"), turn=1)
    action = ai.choose("krendzu", state, 1, level, seed=2)
    assert action[0] in ("place", "first")
    assert action[2:] == (4, 0)
    assert action[1] in ("KC", "QS")


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_defender_opens_no_threat_when_nothing_is_threatened(level: str) -> None:
    # It passes, or spends one card where it leaves no window of three cards.
    state = make_state(2, "6S JD", ("9H 10H AS QC", "KC QS 7D 8C"), turn=1)
    action = ai.choose("krendzu", state, 1, level, seed=3)
    assert action[0] in ("pass", "place")
    after = GAME.apply(state, 1, action)
    grid = {cell_key(p.x, p.y): CARD_ID[p.card] for p in after.cells}
    assert not threats_on(grid, ALL_CARDS)


def test_the_defender_never_scores_for_the_attacker_when_it_must_place() -> None:
    # The attacker is out: the defender must place, and 6H 7H 8H take its hearts.
    state = make_state(2, "KS 6H 7H 8H", ("", "9H 10S"), turn=1)
    action = ai.choose("krendzu", state, 1, "normal", seed=4)
    after = GAME.apply(state, 1, action)
    assert sum(after.tour_points) == 0


def test_the_exchange_follows_the_hand() -> None:
    state = GAME.new_game(2, {}, seed=7)
    assert state.phase == ANNOUNCE
    defender = state.turn
    assert defender is not None
    assert ai.choose("krendzu", state, defender, "normal") == ("announce", 0)
    state = GAME.apply(state, defender, ("announce", 0))
    attacker = state.turn
    assert attacker is not None and attacker != defender
    for level in ai.LEVELS:
        action = ai.choose("krendzu", state, attacker, level)
        assert action[0] == "announce"
    # The attacker's announcement is then carried out to the end of the discard.
    state = GAME.apply(state, attacker, ai.choose("krendzu", state, attacker, "normal"))
    for _ in range(10):
        if state.phase == PLAY:
            break
        seat = state.turn
        assert seat is not None
        state = GAME.apply(state, seat, ai.choose("krendzu", state, seat, "normal"))
    assert state.phase == PLAY


def test_an_attacker_that_left_a_threat_open_shows_it_lacks_its_cards() -> None:
    # Seat 0 attacks; 6H 7H 8H were open at (4, 0) when it laid QC elsewhere
    # and scored nothing, so it holds no heart and no 9.
    state = make_state(2, "KS 6H 7H 8H", ("AS 10C", "6C 7C JD"), turn=1, placer=1)
    state.cells.append(Placed(0, 1, "QC", 0))
    state.frontier = frontier_of({(p.x, p.y) for p in state.cells})
    lacks = Replay(state).lacks[0]
    assert all(lacks & BIT[CARD_ID[card]] for card in ("9S", "9D", "AH", "10H"))
    assert not lacks & BIT[CARD_ID["AS"]]
    for seed in range(3):
        world = sample_deal(state, 1, random.Random(seed), Replay(state).lacks)
        assert not any(lacks & BIT[CARD_ID[card]] for card in world.hands[0])
