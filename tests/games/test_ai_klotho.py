"""The Klotho computer player: its fast model agrees with the engine, its
expectations with counting every card, and it plays the clear moves of a few
hand-made positions at every level."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from games import ai
from games.ai.klotho import PLAYER, model
from games.ai.klotho.evaluate import Evaluator, Weights
from games.ai.klotho.model import CARD_NUMBER, KIND_NAMES, POINTS, TRIPLET
from games.core.cards import RANKS_36, SUITS
from games.klotho.game import KlothoGame
from games.klotho.state import MAIN, KlothoState, Triplet, Vote

GAME = KlothoGame()
DECK = [rank + suit for suit in SUITS for rank in RANKS_36]


def _triplet_word(state: KlothoState) -> str:
    """The model's triplet rule: a half only when it wins the game."""
    seat = state.pending[0].seat
    wins = state.halves[seat] >= 1 and (not state.contenders or seat in state.contenders)
    return "half" if wins else "point"


@pytest.mark.parametrize("seats", [2, 3, 5, 7])
def test_the_model_plays_like_the_engine(seats: int) -> None:
    rnd = random.Random(seats)
    for game_no in range(4):
        state = GAME.new_game(seats, {}, seed=100 * seats + game_no)
        for _ in range(400):
            if GAME.is_over(state):
                break
            seat = state.turn
            assert seat is not None
            pos = model.from_state(state)
            names = pos.shape.names
            cells = [a for a in GAME.legal_actions(state, seat) if a[0] in KIND_NAMES]
            assert [(KIND_NAMES[k], names[c]) for k, c in model.actions(pos, seat)] == cells
            action = rnd.choice(cells)
            kind, cell = KIND_NAMES.index(action[0]), pos.shape.index[action[1]]
            state = GAME.apply(state, seat, action)
            shown = state.events[0].public.get("card")
            model.play(pos, (kind, cell), CARD_NUMBER[shown] if shown else -1)
            events = list(state.events)
            while state.pending:
                state = GAME.apply(state, state.pending[0].seat, ("triplet", _triplet_word(state)))
                events += state.events
            ended = any(e.kind == "tour_end" for e in events)
            assert pos.over == ended
            assert pos.scores == state.scores
            if not ended:
                assert pos.turn == state.turn
                assert pos.placing == (state.phase != MAIN)
                assert pos.chips == [-1 if c is None else c for c in state.chips]
                assert pos.cards == model.from_state(state).cards
                assert pos.stock == len(state.stock)


def _value(a: int, m: int, b: int) -> int:
    key = (a * 36 + m) * 36 + b
    return POINTS[key] + TRIPLET[key]


def test_expected_points_are_the_average_over_every_card() -> None:
    rnd = random.Random(1)
    for _ in range(30):
        pool = rnd.sample(range(36), rnd.randint(4, 28))
        seen = [c for c in range(36) if c not in pool]
        ev = Evaluator(pool, Weights())
        a, m = rnd.sample(seen, 2)
        pairs = list(itertools.permutations(pool, 2))
        assert ev.one(a, m) == pytest.approx(sum(_value(a, m, x) for x in pool) / len(pool))
        assert ev.middle(a, m) == pytest.approx(sum(_value(a, x, m) for x in pool) / len(pool))
        assert ev.two(m) == pytest.approx(sum(_value(x, m, y) for x, y in pairs) / len(pairs))
        assert ev.end(a) == pytest.approx(sum(_value(a, x, y) for x, y in pairs) / len(pairs))
        triples = list(itertools.permutations(pool, 3))
        assert ev.blank() == pytest.approx(sum(_value(*t) for t in triples) / len(triples))


def test_the_expected_change_of_a_turn_is_the_average_over_the_cards_it_may_show() -> None:
    rnd = random.Random(2)
    checked = 0
    for game_no in range(6):
        state = GAME.new_game(2, {}, seed=game_no)
        for _ in range(60):
            if GAME.is_over(state) or state.pending:
                break
            seat = state.turn
            assert seat is not None
            pos = model.from_state(state)
            ev = Evaluator(pos.pool, Weights())
            before = ev.values(pos)
            for kind, cell in model.actions(pos, seat):
                if kind not in (model.PLACE, model.TURN):
                    continue
                average = [0.0] * pos.seats
                for card in pos.pool:
                    child = pos.copy()
                    model.settle(child, model.reveal(child, seat, cell, card), seat)
                    for s, v in enumerate(ev.values(child)):
                        average[s] += (v - before[s]) / len(pos.pool)
                assert ev.delta(pos, seat, (kind, cell)) == pytest.approx(average)
                checked += 1
            action = rnd.choice([a for a in GAME.legal_actions(state, seat) if a[0] != "propose"])
            state = GAME.apply(state, seat, action)
    assert checked > 100


# -- hand-made positions ---------------------------------------------------------


def _position(
    up: dict[str, str],
    chips: list[str],
    turn: int = 0,
    scores: tuple[int, int] = (0, 0),
    tour: int = 2,
    cooldown: tuple[int, int] = (0, 0),
    **fields: Any,
) -> KlothoState:
    """A two-seat main-phase position: the ``up`` cards face up, the rest of
    the deck face down or in the stock, in deck order."""
    names = model.shape(2).names
    rest = [card for card in DECK if card not in up.values()]
    cards = [up[name] if name in up else rest.pop() for name in names]
    state = KlothoState(
        seats=2,
        tours=2,
        rng=1,
        tour=tour,
        dealer=(tour - 1) % 2,
        phase=MAIN,
        turn=turn,
        cards=cards,
        up=[name in up for name in names],
        chips=[names.index(cell) for cell in chips],
        stock=rest,
        discard=[],
        scores=list(scores),
        halves=[0, 0],
        cooldown=list(cooldown),
        **fields,
    )
    return GAME.loads(GAME.dumps(state))


@pytest.mark.parametrize("level", ai.LEVELS)
def test_it_turns_the_card_that_completes_its_line(level: str) -> None:
    # Q♠ K♠ and an unseen card: any spade, figure or the A♠... scores.
    state = _position({"A2": "QS", "B2": "KS", "D4": "7D"}, ["B2", "D4"])
    # Careful: what the level judges best, without the slips normal makes on purpose.
    assert ai.choose("klotho", state, 0, level, seed=1, careful=True) == ("turn", "C2")


@pytest.mark.parametrize("level", ai.LEVELS)
def test_it_spoils_the_line_the_other_seat_is_about_to_complete(level: str) -> None:
    # Seat 1 on K♥ next to Q♥ would score with any heart or figure on B3;
    # seat 0 (which may not propose the end just now) takes the Q♥ away.
    field = {"D2": "7C", "C3": "KH", "D3": "QH"}
    state = _position(field, ["D2", "C3"], cooldown=(2, 0))
    assert ai.choose("klotho", state, 0, level, seed=1, careful=True) == ("replace", "D3")


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_last_tour_ends_when_ahead_and_goes_on_when_behind(level: str) -> None:
    field = {"B2": "KS", "C3": "7D"}
    vote = Vote(proposer=1, yes=[1])
    ahead = _position(field, ["B2", "C3"], turn=1, scores=(3, 1), vote=vote)
    assert ai.choose("klotho", ahead, 0, level, seed=1) == ("vote", "yes")
    behind = _position(field, ["B2", "C3"], turn=1, scores=(1, 3), vote=vote)
    assert ai.choose("klotho", behind, 0, level, seed=1) == ("vote", "no")
    mine = _position(field, ["B2", "C3"], turn=0, scores=(3, 1))
    assert ai.choose("klotho", mine, 0, level, seed=1) == ("propose",)


def test_a_triplet_is_a_point_unless_a_half_wins_the_game() -> None:
    state = _position({"A1": "9S", "B2": "9H", "C3": "9D"}, ["B2", "D4"], turn=0)
    state.pending = [Triplet(0, ["A1", "B2", "C3"])]
    rng = random.Random(0)
    assert PLAYER.choose(state, 0, "normal", rng, 0.0) == ("triplet", "point")
    state.halves = [1, 0]
    assert PLAYER.choose(state, 0, "normal", rng, 0.0) == ("triplet", "half")


@pytest.mark.parametrize("level", ai.LEVELS)
def test_a_seat_behind_in_the_last_tour_digs_rather_than_walk_about(level: str) -> None:
    # Moving to the corner A1 promises nothing; only new cards can catch up.
    state = _position({"A1": "9H", "B2": "KS", "C3": "7D"}, ["B2", "C3"], scores=(0, 2))
    assert ai.choose("klotho", state, 0, level, seed=1, careful=True)[0] in ("turn", "replace")
