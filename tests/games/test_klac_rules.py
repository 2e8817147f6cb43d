"""Unit tests of every Klac! rule: cards, helpers, setup, legality, views."""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest

from games import (
    GameError,
    GameOver,
    IllegalAction,
    InvalidCard,
    InvalidOptions,
    MalformedAction,
    NotYourTurn,
    registry,
)
from games.core.protocol import Choice
from games.klac import cards, rules
from games.klac.game import KlacGame
from games.klac.state import KlacState, LastPlay, RoundSummary
from tests.games.test_klac_scenarios import make_state

GAME = KlacGame()

# -- cards --------------------------------------------------------------------


def test_deck_has_90_cards_30_per_colour_6_per_value() -> None:
    deck = cards.make_deck()
    assert len(deck) == 90
    assert Counter(cards.parse_card(c)[0] for c in deck) == {"B": 30, "O": 30, "G": 30}
    assert set(Counter(deck).values()) == {6}
    assert sorted(cards.parse_card(c)[1] for c in set(deck)) == list(range(1, 16))


def test_colour_table_from_the_rules() -> None:
    assert cards.VALUES_BY_COLOUR == {
        "B": (1, 4, 8, 12, 15),
        "O": (2, 5, 9, 10, 14),
        "G": (3, 6, 7, 11, 13),
    }
    # Each colour sums to 40, so no colour is worth more than another.
    assert {sum(v) for v in cards.VALUES_BY_COLOUR.values()} == {40}


@pytest.mark.parametrize(
    ("code", "parsed"), [("B1", ("B", 1)), ("O14", ("O", 14)), ("G7", ("G", 7)), ("B15", ("B", 15))]
)
def test_parse_card(code: str, parsed: tuple[str, int]) -> None:
    assert cards.parse_card(code) == parsed


@pytest.mark.parametrize(
    "bad",
    ["B2", "b1", "B01", "G0", "B16", "", "B", "1", "B 1", "X1", "10H", "B１", "B" + "1" * 5000],
)
def test_parse_card_refuses_non_cards(bad: str) -> None:
    with pytest.raises(InvalidCard):
        cards.parse_card(bad)


@pytest.mark.parametrize("bad", [None, 1, ["B1"], ("B", 1), b"B1", True])
def test_parse_card_refuses_other_types(bad: Any) -> None:
    with pytest.raises(InvalidCard):
        cards.parse_card(bad)


def test_invalid_card_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a Klac card"):
        cards.parse_card("Z9")


def test_sort_key_orders_blue_orange_green_then_value() -> None:
    hand = ["G3", "O14", "B12", "O2", "B1"]
    assert sorted(hand, key=cards.sort_key) == ["B1", "B12", "O2", "O14", "G3"]


# -- pure rule helpers --------------------------------------------------------


def test_row_score_from_the_contract() -> None:
    assert rules.row_score(["B1", "O14", "G7"]) == 22


@pytest.mark.parametrize(
    ("tops", "score"),
    [
        (["B1", "O14"], 0),
        (["B1", "B4", "B8"], 0),
        ([], 0),
        (["G7", "G3", "O2", "O9"], 0),
        (["B15", "O14", "G13", "B12", "O10", "G11"], 75),
        (["O2", "G3", "B4", "B8"], 17),
    ],
)
def test_row_score_needs_all_three_colours(tops: list[str], score: int) -> None:
    assert rules.row_score(tops) == score


@pytest.mark.parametrize("bad", [["B1", "O2", "G4"], ["B1", "O14", "g7"], ["B1", "", "G7"]])
def test_row_score_refuses_malformed_cards(bad: list[str]) -> None:
    with pytest.raises(InvalidCard):
        rules.row_score(bad)


def test_top_cards() -> None:
    assert rules.top_cards([["B1", "B4"], ["O14"], ["G7", "G3"]]) == ["B4", "O14", "G3"]


@pytest.mark.parametrize(
    ("card", "top", "ok"),
    [("O2", "O14", True), ("B1", "B1", True), ("G7", "O14", False), ("B4", "G3", False)],
)
def test_can_cover_needs_the_same_colour(card: str, top: str, ok: bool) -> None:
    assert rules.can_cover(card, top) is ok


def test_merge_lays_the_played_stack_onto_the_other() -> None:
    row = [["O14", "O5"], ["G7"], ["O5"]]
    assert rules.merge_after_play(row, 0) == ([["G7"], ["O5", "O14", "O5"]], 1, True)


def test_merge_onto_an_earlier_stack_keeps_its_place() -> None:
    row = [["B4"], ["G7"], ["B1", "G7"]]
    assert rules.merge_after_play(row, 2) == ([["B4"], ["G7", "B1", "G7"]], 1, True)


def test_no_merge_without_equal_numbers() -> None:
    row = [["B4"], ["G7"], ["O14"]]
    new_row, index, merged = rules.merge_after_play(row, 1)
    assert (new_row, index, merged) == (row, 1, False)
    assert new_row[0] is not row[0]


def test_merge_happens_once_even_in_a_forged_row() -> None:
    # Tops are distinct after every play, so two matches cannot arise in play;
    # faced with a forged row the played stack merges with the first only.
    row = [["B1"], ["B1"], ["O2", "B1"]]
    assert rules.merge_after_play(row, 2) == ([["B1", "O2", "B1"], ["B1"]], 0, True)


def test_merge_does_not_alter_its_input() -> None:
    row = [["O14", "O5"], ["O5"]]
    rules.merge_after_play(row, 0)
    assert row == [["O14", "O5"], ["O5"]]


@pytest.mark.parametrize(
    ("sizes", "after", "expected"),
    [
        ([3, 3, 3], 0, 1),
        ([3, 3, 3], 2, 0),
        ([1, 0, 1], 0, 2),
        ([0, 0, 2], 2, 2),
        ([2, 0, 0], 1, 0),
        ([0, 0, 0], 1, None),
    ],
)
def test_next_seat_skips_empty_hands(sizes: list[int], after: int, expected: int | None) -> None:
    assert rules.next_seat(sizes, after) == expected


def test_round_is_over_on_six_stacks() -> None:
    six = [[c] for c in ["B1", "O2", "G3", "B4", "O5", "G6"]]
    assert rules.round_is_over([six, []], 40, [3, 3])
    assert not rules.round_is_over([six[:5], []], 40, [3, 3])


def test_round_is_over_when_all_cards_are_played() -> None:
    assert rules.round_is_over([[], []], 0, [0, 0])
    assert not rules.round_is_over([[], []], 0, [0, 1])
    assert not rules.round_is_over([[], []], 1, [0, 0])


@pytest.mark.parametrize(
    ("totals", "target", "winners"),
    [
        ([149, 0, 10], 150, []),
        ([150, 0, 10], 150, [0]),
        ([150, 170, 10], 150, [1]),
        ([160, 160, 10], 150, []),
        ([160, 160, 170], 150, [2]),
        ([40, 40], 50, []),
    ],
)
def test_match_winners(totals: list[int], target: int, winners: list[int]) -> None:
    assert rules.match_winners(totals, target) == winners


# -- setup and options --------------------------------------------------------


def test_registry_and_class_attributes() -> None:
    game = registry.get("klac")
    assert isinstance(game, KlacGame)
    assert (game.name, game.min_seats, game.max_seats) == ("klac", 2, 6)
    assert game.state_type is KlacState
    assert game.public_moves is False


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_new_game_deals_three_each(seats: int) -> None:
    state = GAME.new_game(seats=seats, options=None, seed=7)
    assert [len(h) for h in state.hands] == [3] * seats
    assert len(state.deck) == 90 - 3 * seats
    assert Counter(state.deck + [c for h in state.hands for c in h]) == Counter(cards.make_deck())
    assert state.rows == [[] for _ in range(seats)]
    assert state.totals == [0] * seats
    assert (state.round, state.target, state.over, state.winners) == (1, 150, False, [])
    assert state.turn == state.first and 0 <= state.first < seats
    assert GAME.to_move(state) == [state.first]
    assert all(h == sorted(h, key=cards.sort_key) for h in state.hands)
    assert [(e.kind, e.seat, e.public) for e in state.events] == [
        ("round_start", None, {"round": 1, "first": state.first})
    ]


def test_new_game_is_deterministic_and_seeds_differ() -> None:
    a = GAME.new_game(3, None, seed=7)
    assert GAME.dumps(a) == GAME.dumps(GAME.new_game(3, None, seed=7))
    assert GAME.dumps(a) != GAME.dumps(GAME.new_game(3, None, seed=8))


def test_the_first_seat_is_random() -> None:
    firsts = {GAME.new_game(4, None, seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_a_game_without_seed_gets_a_secure_one() -> None:
    assert GAME.dumps(GAME.new_game(2)) != GAME.dumps(GAME.new_game(2))


@pytest.mark.parametrize("target", [50, 100, 150, 200, 250, 300])
def test_target_option(target: int) -> None:
    assert GAME.new_game(2, {"target": target}, 1).target == target


@pytest.mark.parametrize(
    "options", [{"target": 120}, {"target": "150"}, {"target": True}, {"goal": 150}]
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions):
        GAME.new_game(2, options, 1)


@pytest.mark.parametrize("seats", [0, 1, 7, True, "3"])
def test_bad_seat_counts_are_refused(seats: Any) -> None:
    with pytest.raises(InvalidOptions) as info:
        GAME.new_game(seats, None, 1)
    assert info.value.code == "invalid-seats"


# -- legal actions ------------------------------------------------------------


def test_legal_actions_order_and_dedupe() -> None:
    state = make_state(
        hands=[["B1", "B1", "O2"], ["G3"], ["G6"]],
        rows=[[["B4"]], [["O14"], ["B8"]], []],
        turn=0,
    )
    assert GAME.legal_actions(state, 0) == [
        ("extend", "B1", 0),
        ("cover", "B1", 0, 0),
        ("extend", "B1", 1),
        ("cover", "B1", 1, 1),
        ("extend", "B1", 2),
        ("extend", "O2", 0),
        ("extend", "O2", 1),
        ("cover", "O2", 1, 0),
        ("extend", "O2", 2),
    ]


def test_targets_start_with_the_actors_own_row() -> None:
    state = make_state(hands=[["G3"], ["G3"], ["B1"]], turn=1)
    assert [a[2] for a in GAME.legal_actions(state, 1)] == [1, 2, 0]


def test_only_the_seat_to_move_has_actions() -> None:
    state = make_state(hands=[["G3"], ["G3"]], turn=1)
    assert GAME.legal_actions(state, 0) == []
    assert GAME.legal_actions(state, 5) == []
    assert GAME.legal_actions(state, 1) == [("extend", "G3", 1), ("extend", "G3", 0)]


def test_every_legal_action_is_accepted() -> None:
    state = make_state(
        hands=[["B1", "O2", "G3"], ["G6"]], rows=[[["B4"], ["G7"]], [["O14"], ["G11"]]], deck=[]
    )
    for action in GAME.legal_actions(state, 0):
        GAME.apply(state, 0, list(action))


# -- refusals -----------------------------------------------------------------


def refusal(state: KlacState, seat: int, action: Any) -> IllegalAction:
    before = GAME.dumps(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    assert GAME.dumps(state) == before
    return info.value


def test_card_not_in_hand() -> None:
    state = make_state(hands=[["B1", "O2", "G3"], ["B12", "O14", "G13"]])
    exc = refusal(state, 0, ["extend", "B12", 0])
    assert exc.code == "klac-card-not-in-hand"
    assert type(exc) is IllegalAction
    # Nothing about what seat 1 holds.
    assert not {"B12", "O14", "G13"} & set(str(exc).split())


def test_colour_mismatch() -> None:
    state = make_state(hands=[["B1", "O2", "G3"], ["G6"]], rows=[[["O14"]], []])
    exc = refusal(state, 0, ["cover", "B1", 0, 0])
    assert exc.code == "klac-colour-mismatch"
    assert str(exc) == "a blue card can only cover a blue stack, and that stack shows O14"


@pytest.mark.parametrize("target", [-1, 2, 10**9])
def test_no_such_seat(target: int) -> None:
    state = make_state(hands=[["B1"], ["G6"]])
    assert refusal(state, 0, ["extend", "B1", target]).code == "klac-no-such-seat"


@pytest.mark.parametrize("stack", [-1, 1, 10**12])
def test_no_such_stack(stack: int) -> None:
    state = make_state(hands=[["B1"], ["G6"]], rows=[[["B4"]], []])
    assert refusal(state, 0, ["cover", "B1", 0, stack]).code == "klac-no-such-stack"


def test_no_stack_to_cover_in_an_empty_row() -> None:
    state = make_state(hands=[["B1"], ["G6"]])
    assert refusal(state, 0, ["cover", "B1", 1, 0]).code == "klac-no-such-stack"


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (None, "malformed-action"),
        ([], "malformed-action"),
        ("extend", "malformed-action"),
        (["extend", "B1", True], "malformed-action"),
        (["cover", "B1", 0, False], "malformed-action"),
        (["extend", "B1", 0.0], "malformed-action"),
        (["extend", ["B1"], 0], "malformed-action"),
        (["play", "B1", 0], "klac-unknown-action"),
        ([1, 2], "klac-unknown-action"),
        ([None], "klac-unknown-action"),
        (["x"], "klac-unknown-action"),
        (["extend"], "klac-bad-arity"),
        (["extend", "B1"], "klac-bad-arity"),
        (["extend", "B1", 0, 0], "klac-bad-arity"),
        (["cover", "B1", 0], "klac-bad-arity"),
        (["cover", "B1", 0, 0, 0], "klac-bad-arity"),
        (["extend", 1, 0], "malformed-action"),
        (["extend", "B1", "0"], "malformed-action"),
        (["extend", "B1", None], "malformed-action"),
        (["cover", "B1", 0, "0"], "malformed-action"),
        (["cover", "B1", 0, None], "malformed-action"),
        (["extend", "B2", 0], "klac-invalid-card"),
        (["extend", "b1", 0], "klac-invalid-card"),
        (["extend", "", 0], "klac-invalid-card"),
    ],
)
def test_malformed_actions(action: Any, code: str) -> None:
    state = make_state(hands=[["B1", "O2", "G3"], ["G6"]], rows=[[["B4"]], []])
    exc = refusal(state, 0, action)
    assert isinstance(exc, MalformedAction)
    assert exc.code == code


def test_not_your_turn_and_game_over() -> None:
    state = make_state(hands=[["B1"], ["G6"]], turn=0)
    assert isinstance(refusal(state, 1, ["extend", "G6", 1]), NotYourTurn)
    over = make_state(hands=[["B1"], ["G6"]], turn=None, over=True, winners=[0])
    assert isinstance(refusal(over, 0, ["extend", "B1", 0]), GameOver)


def test_choice_path_refuses_like_apply() -> None:
    state = make_state(hands=[["B1"], ["G6"]], rows=[[["O14"]], []])
    with pytest.raises(IllegalAction) as info:
        GAME.choice_path(state, 0, ("cover", "B1", 0, 0))
    assert info.value.code == "klac-colour-mismatch"
    with pytest.raises(MalformedAction):
        GAME.choice_path(state, 0, ["extend", "B1", True])


# -- choice paths -------------------------------------------------------------


def test_choice_path_of_extend_and_cover() -> None:
    state = make_state(hands=[["B1"], ["G6"]], rows=[[], [["O14"], ["B8", "B4"]]])
    assert GAME.choice_path(state, 0, ("extend", "B1", 1)) == [
        Choice("B1", "klac-choice-card", {"card": "B1"}),
        Choice("p1", "klac-choice-target", {"seat": 1}),
        Choice("new", "klac-choice-new"),
    ]
    assert GAME.choice_path(state, 0, ["cover", "B1", 1, 1])[2] == Choice(
        "s1", "klac-choice-stack", {"n": 2, "card": "B4"}
    )


# -- views --------------------------------------------------------------------


def test_public_view_shape() -> None:
    state = make_state(
        hands=[["B1", "O2", "G3"], ["B4"], []],
        rows=[[["B1", "B4"], ["O14"]], [], [["G7"]]],
        deck=["G6"] * 5,
        totals=[0, 22, 0],
        turn=1,
        last=LastPlay(0, 2, 0, "G7", "extend", False),
    )
    view = GAME.view(state, None)
    assert view == {
        "game": "klac",
        "seats": 3,
        "round": 1,
        "target": 150,
        "turn": 1,
        "deck": 5,
        "hand_sizes": [3, 1, 0],
        "rows": [[["B1", "B4"], ["O14"]], [], [["G7"]]],
        "totals": [0, 22, 0],
        "row_scores": [0, 0, 0],
        "last": {
            "seat": 0,
            "target": 2,
            "stack": 0,
            "card": "G7",
            "how": "extend",
            "merged": False,
        },
        "last_round": None,
        "over": False,
        "winners": [],
        "events": [],
    }
    assert list(view) == list(GAME.view(state, 0))[:-2]


def test_seat_view_adds_you_and_own_hand_only() -> None:
    state = make_state(hands=[["B1", "O2", "G3"], ["B4", "B8", "B12"]])
    view = GAME.view(state, 1)
    public = GAME.view(state, None)
    assert view == {**public, "you": 1, "hand": ["B4", "B8", "B12"]}
    assert "hand" not in public and "you" not in public
    assert "B4" not in json.dumps(GAME.view(state, 0))


def test_view_row_scores_and_last_round() -> None:
    summary = RoundSummary(1, [[["B1"], ["O2"], ["G3"]], [["B4"]]], [6, 0], [6, 0])
    state = make_state(
        hands=[["B1"], ["B4"]],
        rows=[[["B15"], ["O14"], ["G13"]], [["G3"]]],
        totals=[6, 0],
        round=2,
        last_round=summary,
    )
    view = GAME.view(state, None)
    assert view["row_scores"] == [42, 0]
    assert view["last_round"] == {
        "round": 1,
        "rows": [[["B1"], ["O2"], ["G3"]], [["B4"]]],
        "scores": [6, 0],
        "totals": [6, 0],
    }


def test_a_view_is_a_copy() -> None:
    state = make_state(
        hands=[["B1"], ["B4"]],
        rows=[[["B15"]], []],
        last_round=RoundSummary(1, [[["B1"]], []], [0, 0], [0, 0]),
    )
    before = GAME.dumps(state)
    view = GAME.view(state, 0)
    view["rows"][0][0].append("X")
    view["hand"].append("X")
    view["totals"][0] = 99
    view["last_round"]["rows"][0][0].append("X")
    assert GAME.dumps(state) == before


@pytest.mark.parametrize("seat", [-1, 2, True, "0", 1.0])
def test_view_of_no_such_seat(seat: Any) -> None:
    state = make_state(hands=[["B1"], ["B4"]])
    with pytest.raises(GameError) as info:
        GAME.view(state, seat)
    assert info.value.code == "no-such-seat"


def test_result_while_playing() -> None:
    state = make_state(hands=[["B1"], ["B4"]], totals=[30, 12], round=3)
    assert GAME.result(state) == {"scores": [30, 12], "winners": [], "rounds": 2}


# -- state --------------------------------------------------------------------


def test_deepcopy_is_complete_and_independent() -> None:
    state = GAME.new_game(3, None, seed=11)
    for _ in range(30):
        seat = GAME.to_move(state)[0]
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    state.last_round = RoundSummary(1, [[["B1"]], [], []], [1, 2, 3], [4, 5, 6])
    state.winners = [1]
    clone = copy.deepcopy(state)
    assert clone == state and GAME.dumps(clone) == GAME.dumps(state)
    before = GAME.dumps(state)
    clone.deck.pop()
    clone.hands[0].append("B1")
    clone.rows[0].append(["B1"])
    clone.rows[0][0].append("B1")
    clone.totals[0] += 1
    clone.winners.append(2)
    assert clone.last_round is not None and clone.last is not None
    clone.last_round.rows[0][0].append("G3")
    clone.last_round.scores[0] += 1
    clone.last.card = "G3"
    clone.events[0].public["card"] = "G3"
    assert GAME.dumps(state) == before


def test_state_round_trips_and_stays_small() -> None:
    state = GAME.new_game(6, None, seed=3)
    largest = 0
    while state.round == 1 or len(state.deck) > 40:
        seat = GAME.to_move(state)[0]
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        text = GAME.dumps(state)
        assert GAME.dumps(GAME.loads(text)) == text
        largest = max(largest, len(text.encode()))
    # A 6-player state mid-round, with the previous round's table kept for views.
    assert state.round >= 2 and state.last_round is not None
    assert largest < 8 * 1024, largest
