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
from games.klotho.state import MAIN, KlothoState, LastAction, Triplet, Vote

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
    # Q♠ K♠ and an unseen card: any spade, figure or the A♠... scores, and the
    # other seat's chip (A3) could replace the Q♠ next turn.
    state = _position({"A2": "QS", "B2": "KS", "D4": "7D", "A3": "7C"}, ["B2", "A3"])
    assert ai.choose("klotho", state, 0, level, seed=1) == ("turn", "C2")


@pytest.mark.parametrize("level", ai.LEVELS)
def test_it_spoils_the_line_the_other_seat_is_about_to_complete(level: str) -> None:
    # Seat 1 on K♥ next to Q♥ would score with any heart or figure on B3;
    # seat 0 (which may not propose the end just now) takes the Q♥ away.
    field = {"D2": "7C", "C3": "KH", "D3": "QH"}
    state = _position(field, ["D2", "C3"], cooldown=(2, 0))
    assert ai.choose("klotho", state, 0, level, seed=1) == ("replace", "D3")


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_last_tour_ends_when_ahead_and_goes_on_when_behind(level: str) -> None:
    field = {"B2": "KS", "C3": "7D"}
    vote = Vote(proposer=1, yes=[1])
    ahead = _position(field, ["B2", "C3"], turn=1, scores=(3, 1), vote=vote)
    assert ai.choose("klotho", ahead, 0, level, seed=1) == ("vote", "yes")
    behind = _position(field, ["B2", "C3"], turn=1, scores=(1, 3), vote=vote)
    assert ai.choose("klotho", behind, 0, level, seed=1) == ("vote", "no")
    # Ahead, but the seat behind would refuse: no proposal, a move.
    mine = _position(field, ["B2", "C3"], turn=0, scores=(3, 1))
    assert ai.choose("klotho", mine, 0, level, seed=1) != ("propose",)


def _dead_field(last: LastAction | None) -> KlothoState:
    """A1 is the last face-down card and the stock is empty: whatever A1 shows,
    none of its lines (to C1, A3, C3) can be a combination."""
    up = {"B1": "6S", "C1": "9H", "A2": "6D", "A3": "9C", "B2": "6H", "C3": "9D"}
    up |= {"D1": "7S", "B3": "7H", "D3": "8C", "A4": "JD", "B4": "QC"}
    up |= {"C4": "8S", "D4": "10H", "D2": "10C", "C2": "JS"}
    state = _position(up, ["B2", "D4"], scores=(1, 4), last=last)
    state.discard, state.stock = state.stock, []
    return GAME.loads(GAME.dumps(state))


@pytest.mark.parametrize("level", ai.LEVELS)
def test_a_tour_where_nothing_can_change_is_ended_by_agreement(level: str) -> None:
    state = _dead_field(LastAction("D2", 1, "turn"))
    assert ai.choose("klotho", state, 0, level, seed=1) == ("propose",)
    asked = GAME.apply(state, 0, ("propose",))
    assert ai.choose("klotho", asked, 1, level, seed=1) == ("vote", "yes")
    # A position a chip move led to may be one where the seat was refused before.
    walked = _dead_field(LastAction("D4", 1, "move"))
    assert ai.choose("klotho", walked, 0, level, seed=1) != ("propose",)


def test_a_triplet_is_a_point_unless_a_half_wins_the_game() -> None:
    state = _position({"A1": "9S", "B2": "9H", "C3": "9D"}, ["B2", "D4"], turn=0)
    state.pending = [Triplet(0, ["A1", "B2", "C3"])]
    rng = random.Random(0)
    assert PLAYER.choose(state, 0, "normal", rng) == ("triplet", "point")
    state.halves = [1, 0]
    assert PLAYER.choose(state, 0, "normal", rng) == ("triplet", "half")


@pytest.mark.parametrize("level", ai.LEVELS)
def test_a_seat_behind_in_the_last_tour_digs_rather_than_walk_about(level: str) -> None:
    # Moving to the corner A1 promises nothing; only new cards can catch up.
    state = _position({"A1": "9H", "B2": "KS", "C3": "7D"}, ["B2", "C3"], scores=(0, 2))
    assert ai.choose("klotho", state, 0, level, seed=1)[0] in ("turn", "replace")


# -- whole games: proposals -------------------------------------------------------


def _position_key(state: KlothoState) -> tuple[object, ...]:
    """What the table shows of the field and the standing."""
    cards = tuple(c if up else None for c, up in zip(state.cards, state.up, strict=True))
    return cards, tuple(state.chips), tuple(state.scores), tuple(state.halves), len(state.stock)


def _play(seats: int, people: set[int], seed: int) -> list[tuple[int, int, bool]]:
    """A whole game, computers at normal and ``people`` pressing random buttons,
    the computers scheduled as the bot does (a seat with only a vote answers
    first). Every computer proposal as (tour, seat, passed); each seat
    proposes at most once per tour in one position."""
    rnd = random.Random(seed)
    state = GAME.new_game(seats, {}, seed)
    asked: set[tuple[int, int, tuple[object, ...]]] = set()
    proposals = []
    for step in range(5000):
        if GAME.is_over(state):
            return proposals
        ready = [s for s in GAME.to_move(state) if GAME.legal_actions(state, s)]
        own = [s for s in ready if s == state.turn and not state.pending]
        seat = next((s for s in ready if s not in own), ready[0])
        if seat in people:
            action = rnd.choice(GAME.legal_actions(state, seat))
        else:
            action = ai.choose("klotho", state, seat, "normal", seed=step)
        if action == ("propose",) and seat not in people:
            key = (state.tour, seat, _position_key(state))
            assert key not in asked, f"seat {seat} asked twice in one position"
            asked.add(key)
            tour = state.tour
            state = GAME.apply(state, seat, action)
            while state.vote is not None and state.tour == tour:
                voter = next(s for s in range(seats) if s not in state.vote.yes)
                vote = (
                    rnd.choice([("vote", "yes"), ("vote", "no")])
                    if voter in people
                    else ai.choose("klotho", state, voter, "normal", seed=step)
                )
                state = GAME.apply(state, voter, vote)
            proposals.append((tour, seat, state.tour != tour or GAME.is_over(state)))
            continue
        state = GAME.apply(state, seat, action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seats", [2, 3])
def test_computers_propose_only_what_the_table_accepts(seats: int) -> None:
    for seed in range(3):
        proposals = _play(seats, set(), seed)
        assert all(passed for _, _, passed in proposals)
        tours = [(tour, seat) for tour, seat, _ in proposals]
        assert len(tours) == len(set(tours))


@pytest.mark.parametrize("seats", [2, 3])
def test_beside_a_person_a_computer_asks_once_per_position(seats: int) -> None:
    for seed in range(3):
        _play(seats, {0}, seed)
