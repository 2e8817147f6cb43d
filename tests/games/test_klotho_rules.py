"""Unit tests of every Klotho rule: combinations, the field, setup, legality, menus, views."""

from __future__ import annotations

import copy
import json
import random
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
from games.core.cards import RANKS_36, make_deck
from games.core.menu import build_menu
from games.core.protocol import Choice
from games.klotho import rules
from games.klotho.game import KlothoGame
from games.klotho.state import KlothoState, LastAction, Triplet, Vote
from tests.games.test_klotho_scenarios import BOARD, make_state, play, refusal

GAME = KlothoGame()

# -- combinations -------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        # The contract's examples.
        (["JS", "AS", "KS"], (2, False)),  # figures + suit
        (["QH", "KH", "AH"], (3, False)),  # figures + suit + sequence
        # Sequences both ways, and never round the corner.
        (["9C", "10D", "JH"], (1, False)),
        (["AD", "KC", "QH"], (2, False)),  # sequence + figures
        (["6S", "7H", "8D"], (1, False)),
        (["8D", "7H", "6S"], (1, False)),
        (["KD", "AC", "6H"], (0, False)),
        (["AD", "6C", "7H"], (0, False)),
        (["6D", "8C", "7H"], (0, False)),  # all there, wrong order
        (["JD", "QC", "AH"], (1, False)),  # figures; a gap is no sequence
        (["9S", "10S", "JS"], (2, False)),  # suit + sequence; 10 is no figure
        (["10S", "JS", "QS"], (2, False)),
        (["JS", "QS", "KS"], (3, False)),
        (["6C", "9C", "AC"], (1, False)),  # suit only
        (["JC", "9D", "QH"], (0, False)),
        # Triplets: a choice; a triplet of figures also scores the figures point.
        (["KS", "KH", "KD"], (1, True)),
        (["AS", "AH", "AC"], (1, True)),
        (["9S", "9H", "9D"], (0, True)),
        (["6C", "6D", "6H"], (0, True)),
    ],
)
def test_line_points(cards: list[str], expected: tuple[int, bool]) -> None:
    assert rules.line_points(cards) == expected


def test_line_kinds_names_every_kind_in_order() -> None:
    assert rules.line_kinds(["QH", "KH", "AH"]) == ["suit", "figures", "sequence"]
    assert rules.line_kinds(["KS", "KH", "KD"]) == ["figures", "triplet"]
    assert rules.line_kinds(["6S", "9H", "8D"]) == []
    assert rules.line_kinds(("6S", "7S", "8S")) == ["suit", "sequence"]


@pytest.mark.parametrize(
    "bad",
    [["6S", "7S", "8X"], ["6S", "7S", "5S"], ["6s", "7S", "8S"], ["6S", "7S", None], ["", "", ""]],
)
def test_line_points_refuses_malformed_cards(bad: list[Any]) -> None:
    with pytest.raises(InvalidCard):
        rules.line_points(bad)


@pytest.mark.parametrize("bad", [[], ["6S", "7S"], ["6S", "7S", "8S", "9S"], "6S7S8S", None])
def test_line_points_needs_exactly_three_cards(bad: Any) -> None:
    with pytest.raises(ValueError, match="exactly three"):
        rules.line_points(bad)


def test_parse_card_knows_the_36_card_deck_only() -> None:
    assert rules.parse_card("6S") == (0, "S")
    assert rules.parse_card("10H") == (4, "H")
    assert rules.parse_card("AC") == (8, "C")
    for bad in ("2S", "5D", "X1", "1S", "AS ", 6):
        with pytest.raises(InvalidCard):
            rules.parse_card(bad)


# -- the field ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "shape", "last"),
    [
        (2, (4, 4), "D4"),
        (4, (4, 4), "D4"),
        (5, (4, 5), "E4"),
        (6, (4, 5), "E4"),
        (7, (5, 5), "E5"),
        (8, (5, 5), "E5"),
    ],
)
def test_field_sizes_and_cell_names(seats: int, shape: tuple[int, int], last: str) -> None:
    assert rules.field_shape(seats) == shape
    geo = rules.geometry(seats)
    assert (geo.rows, geo.cols) == shape
    assert len(geo.names) == shape[0] * shape[1]
    assert geo.names[0] == "A1" and geo.names[-1] == last
    assert geo.names[1] == "B1" and geo.names[shape[1]] == "A2"  # row-major
    assert all(geo.index[name] == i for i, name in enumerate(geo.names))


def test_neighbours_are_the_eight_around() -> None:
    geo = rules.geometry(2)
    names = geo.names
    assert [names[i] for i in geo.neighbours[geo.index["A1"]]] == ["B1", "A2", "B2"]
    assert [names[i] for i in geo.neighbours[geo.index["B2"]]] == [
        "A1", "B1", "C1", "A2", "C2", "A3", "B3", "C3",
    ]  # fmt: skip
    assert len(geo.neighbours[geo.index["D2"]]) == 5


def test_lines_through_a_cell() -> None:
    geo = rules.geometry(2)

    def lines(cell: str) -> list[list[str]]:
        return [[geo.names[i] for i in line] for line in geo.lines[geo.index[cell]]]

    assert lines("A1") == [["A1", "B1", "C1"], ["A1", "A2", "A3"], ["A1", "B2", "C3"]]
    # B2 is the middle or the start of two lines in each direction, except the
    # anti-diagonal, which runs off the field past A3.
    assert lines("B2") == [
        ["A2", "B2", "C2"],
        ["B2", "C2", "D2"],
        ["B1", "B2", "B3"],
        ["B2", "B3", "B4"],
        ["A1", "B2", "C3"],
        ["B2", "C3", "D4"],
        ["C1", "B2", "A3"],
    ]
    # The centre of a 5×5 field is in three lines per direction.
    assert len(rules.geometry(8).lines[rules.geometry(8).index["C3"]]) == 4 * 3


@pytest.mark.parametrize(
    ("scores", "halves", "among", "leaders"),
    [
        ([3, 5, 1], [0, 0, 0], [0, 1, 2], [1]),
        ([5, 5, 1], [0, 1, 0], [0, 1, 2], [1]),
        ([5, 5, 1], [0, 0, 1], [0, 1, 2], [0, 1]),  # the trailer's half does not break the tie
        ([5, 5, 1], [1, 1, 0], [0, 1, 2], [0, 1]),
        ([5, 5, 5], [0, 0, 0], [0, 1, 2], [0, 1, 2]),
        ([0, 0], [0, 0], [0, 1], [0, 1]),
        ([6, 2], [0, 1], [0, 1], [0]),
        # In extra tours only the tied seats count: seat 2's 6 wins nothing.
        ([5, 5, 6], [0, 0, 0], [0, 1], [0, 1]),
        ([6, 5, 7], [0, 0, 0], [0, 1], [0]),
        ([5, 5, 7], [0, 1, 1], [0, 1], [1]),
    ],
)
def test_match_leaders(
    scores: list[int], halves: list[int], among: list[int], leaders: list[int]
) -> None:
    assert rules.match_leaders(scores, halves, among) == leaders


def test_dealers_rotate_and_order_starts_after_the_dealer() -> None:
    assert [rules.dealer_of(t, 3) for t in range(1, 8)] == [0, 1, 2, 0, 1, 2, 0]
    assert rules.turn_order(0, 3) == [1, 2, 0]
    assert rules.turn_order(2, 4) == [3, 0, 1, 2]


def test_in_combination_and_can_replace() -> None:
    state = make_state(BOARD, {0: "B2"})
    geo = rules.geometry(2)
    a1, b1, d1, a2 = (geo.index[c] for c in ("A1", "B1", "D1", "A2"))
    # A1, A2, A3 are 6S JH 6H: a suit? no, 6S is a spade. A column of nothing.
    assert not rules.in_combination(geo, state.cards, state.up, a2)
    assert rules.can_replace(geo, state.cards, state.up, a2)
    state.up[geo.index["C1"]] = True  # 6S 7S 8S 9S across row 1
    assert rules.in_combination(geo, state.cards, state.up, a1)  # an end of a line
    assert rules.in_combination(geo, state.cards, state.up, b1)
    assert rules.in_combination(geo, state.cards, state.up, d1)
    assert not rules.can_replace(geo, state.cards, state.up, b1)


# -- setup and options --------------------------------------------------------


def test_registry_and_class_attributes() -> None:
    game = registry.get("klotho")
    assert isinstance(game, KlothoGame)
    assert registry.names() == ["klac", "klotho", "krendzu", "caravan", "curling"]
    assert (game.name, game.min_seats, game.max_seats) == ("klotho", 2, 8)
    assert game.state_type is KlothoState
    assert game.public_moves is True


@pytest.mark.parametrize(
    ("seats", "cells", "stock"), [(2, 16, 20), (4, 16, 20), (5, 20, 16), (6, 20, 16), (8, 25, 11)]
)
def test_new_game_lays_the_field_face_down(seats: int, cells: int, stock: int) -> None:
    state = GAME.new_game(seats, None, seed=7)
    assert len(state.cards) == cells and len(state.stock) == stock
    assert Counter(state.cards + state.stock) == Counter(make_deck(RANKS_36))
    assert state.up == [False] * cells and state.discard == []
    assert state.chips == [None] * seats
    assert (state.tour, state.tours, state.dealer, state.turn) == (1, seats, 0, 1)
    assert state.phase == "placement"
    assert state.scores == state.halves == state.cooldown == [0] * seats
    assert GAME.to_move(state) == [1]
    assert [(e.kind, e.public) for e in state.events] == [
        (
            "tour_start",
            {
                "tour": 1,
                "dealer": 0,
                "order": [*range(1, seats), 0],
                "extra": False,
                "contenders": [],
            },
        )
    ]


@pytest.mark.parametrize(("rounds", "tours"), [(1, 3), (2, 6), (3, 9)])
def test_rounds_option_sets_the_number_of_tours(rounds: int, tours: int) -> None:
    assert GAME.new_game(3, {"rounds": rounds}, 1).tours == tours


@pytest.mark.parametrize("options", [{"rounds": 4}, {"rounds": "1"}, {"rounds": True}, {"x": 1}])
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions):
        GAME.new_game(3, options, 1)


@pytest.mark.parametrize("seats", [0, 1, 9, True, "3"])
def test_bad_seat_counts_are_refused(seats: Any) -> None:
    with pytest.raises(InvalidOptions):
        GAME.new_game(seats, None, 1)


def test_new_game_is_deterministic_and_seeds_differ() -> None:
    a = GAME.new_game(3, None, seed=7)
    assert GAME.dumps(a) == GAME.dumps(GAME.new_game(3, None, seed=7))
    assert GAME.dumps(a) != GAME.dumps(GAME.new_game(3, None, seed=8))


# -- legal actions ------------------------------------------------------------


def test_placement_offers_every_cell_without_a_chip() -> None:
    state = GAME.new_game(2, None, seed=1)
    names = rules.geometry(2).names
    assert GAME.legal_actions(state, 1) == [("place", n) for n in names]
    assert GAME.legal_actions(state, 0) == []  # no proposals during placement
    placed = play(state, "place", "C3")
    assert GAME.legal_actions(placed, 0) == [("place", n) for n in names if n != "C3"]
    assert refusal(placed, 0, ["place", "C3"]).code == "klotho-occupied"


def test_main_phase_actions_of_a_built_position() -> None:
    # Seat 0 on B2 (face up QC): A1 6S, B1 7S, A2 JH, A3 6H are face up.
    # A1 cannot be replaced: all its neighbours are face up.
    state = make_state(BOARD, {0: "B2", 1: "A2"})
    state.up[rules.geometry(2).index["B2"]] = True
    assert GAME.legal_actions(state, 0) == [
        ("move", "A1"),
        ("move", "B1"),
        ("replace", "B1"),
        ("turn", "C1"),
        ("turn", "C2"),
        ("move", "A3"),
        ("replace", "A3"),
        ("turn", "B3"),
        ("turn", "C3"),
        ("propose",),
    ]
    assert GAME.legal_actions(state, 1) == [("propose",)]
    assert GAME.legal_actions(state, 2) == []
    assert GAME.legal_actions(state, -1) == []


def test_every_legal_action_is_accepted() -> None:
    state = make_state(BOARD, {0: "B2", 1: "A2"})
    state.up[rules.geometry(2).index["B2"]] = True
    for action in GAME.legal_actions(state, 0):
        GAME.apply(state, 0, list(action))
    GAME.apply(state, 1, ["propose"])


def test_moves_go_to_any_adjacent_face_up_cell_without_a_chip() -> None:
    state = make_state(BOARD, {0: "B2", 1: "A2"})
    state.up[rules.geometry(2).index["B2"]] = True
    assert play(state, "move", "A1").chips[0] == rules.geometry(2).index["A1"]  # diagonal
    assert play(state, "move", "B1").chips[0] == rules.geometry(2).index["B1"]  # straight
    assert refusal(state, 0, ["move", "A2"]).code == "klotho-occupied"
    assert refusal(state, 0, ["move", "C2"]).code == "klotho-face-down"
    assert refusal(state, 0, ["move", "D1"]).code == "klotho-not-adjacent"
    assert refusal(state, 0, ["move", "B2"]).code == "klotho-not-adjacent"
    assert refusal(state, 0, ["move", "D4"]).code == "klotho-not-adjacent"


def test_turns_go_to_adjacent_face_down_cells() -> None:
    state = make_state(BOARD, {0: "B2", 1: "A2"})
    state.up[rules.geometry(2).index["B2"]] = True
    assert play(state, "turn", "C3").up[rules.geometry(2).index["C3"]]  # diagonal
    assert refusal(state, 0, ["turn", "B1"]).code == "klotho-face-up"
    assert refusal(state, 0, ["turn", "D3"]).code == "klotho-not-adjacent"
    assert refusal(state, 0, ["turn", "D4"]).code == "klotho-not-adjacent"


def test_replace_needs_a_free_face_up_card_out_of_combinations_next_to_a_face_down_one() -> None:
    # Row 1: 6S 7S 8S 9S all face up, a spade run. Seat 0 on B2.
    board = """
    6S 7S 8S 9S
    JH QC ~KD ~AC
    6H 10C ~JC ~QD
    ~9H ~7C ~8C ~10D
    """
    state = make_state(board, {0: "B2", 1: "A2"})
    for cell in ("B1", "C1"):  # the middle and an end of 6S 7S 8S, 7S 8S 9S
        assert refusal(state, 0, ["replace", cell]).code == "klotho-in-combination"
    code = refusal(state, 0, ["replace", "A1"]).code  # B1, A2, B2 all face up
    assert code == "klotho-no-face-down-neighbour"
    assert refusal(state, 0, ["replace", "A2"]).code == "klotho-occupied"
    assert refusal(state, 0, ["replace", "C2"]).code == "klotho-face-down"
    assert refusal(state, 0, ["replace", "D1"]).code == "klotho-not-adjacent"
    assert ("replace", "A3") in GAME.legal_actions(state, 0)
    # B3 (10C) has face-down neighbours; with an empty stock nothing can be replaced.
    empty = make_state(board, {0: "B2", 1: "A2"}, stock=[])
    assert refusal(empty, 0, ["replace", "A3"]).code == "klotho-stock-empty"
    assert not [a for a in GAME.legal_actions(empty, 0) if a[0] == "replace"]


def test_replace_needs_a_face_down_neighbour() -> None:
    board = """
    6S 7H 9S ~9D
    JH QC 8D ~AC
    6H 10C KD ~QD
    ~9H ~7C ~8C ~10D
    """
    # Seat 0 on C2; B1 (7H) has only face-up neighbours: A1 C1 A2 B2 C2.
    state = make_state(board, {0: "C2", 1: "A2"})
    code = refusal(state, 0, ["replace", "B1"]).code
    assert code == "klotho-no-face-down-neighbour"
    assert ("move", "B1") in GAME.legal_actions(state, 0)
    assert ("replace", "C1") in GAME.legal_actions(state, 0)  # D1, D2 are face down


def test_a_triplet_is_a_combination_for_replacing() -> None:
    board = """
    9S 9H 9D ~6C
    JH QC ~8D ~AC
    6H 10C ~KD ~QD
    ~7H ~7C ~8C ~10D
    """
    state = make_state(board, {0: "B2", 1: "A3"})
    assert refusal(state, 0, ["replace", "C1"]).code == "klotho-in-combination"


# -- refusals -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (None, "malformed-action"),
        ([], "malformed-action"),
        ("turn", "malformed-action"),
        (["turn", True], "malformed-action"),
        (["turn", 1.5], "malformed-action"),
        (["dig", "C1"], "klotho-unknown-action"),
        ([1], "klotho-unknown-action"),
        (["turn"], "klotho-bad-arity"),
        (["turn", "C1", "C2"], "klotho-bad-arity"),
        (["turn", 3], "klotho-bad-arity"),
        (["turn", None], "klotho-bad-arity"),
        (["propose", 0], "klotho-bad-arity"),
        (["triplet"], "klotho-bad-choice"),
        (["triplet", "points"], "klotho-bad-choice"),
        (["vote", "maybe"], "klotho-bad-choice"),
        (["vote", "yes", "no"], "klotho-bad-choice"),
    ],
)
def test_malformed_actions(action: Any, code: str) -> None:
    state = make_state(BOARD, {0: "B2", 1: "A2"})
    exc = refusal(state, 0, action)
    assert isinstance(exc, MalformedAction)
    assert exc.code == code


@pytest.mark.parametrize("cell", ["E1", "A5", "a1", "", "A0", "Z9", "B22"])
def test_no_such_cell(cell: str) -> None:
    state = make_state(BOARD, {0: "B2", 1: "A2"})
    assert refusal(state, 0, ["turn", cell]).code == "klotho-no-such-cell"


def test_cells_exist_by_field_size() -> None:
    five = GAME.new_game(5, None, seed=1)
    assert ("place", "E4") in GAME.legal_actions(five, 1)
    assert refusal(five, 1, ["place", "E5"]).code == "klotho-no-such-cell"
    eight = GAME.new_game(8, None, seed=1)
    assert play(eight, "place", "E5").up[24]
    assert refusal(GAME.new_game(4, None, seed=1), 1, ["place", "E1"]).code == (
        "klotho-no-such-cell"
    )


def test_phase_refusals() -> None:
    placing = GAME.new_game(2, None, seed=1)
    assert refusal(placing, 1, ["turn", "A1"]).code == "klotho-placement"
    main = make_state(BOARD, {0: "B2", 1: "A2"})
    assert refusal(main, 0, ["place", "C2"]).code == "klotho-not-placement"
    assert refusal(main, 0, ["triplet", "point"]).code == "klotho-no-triplet"


def test_not_your_turn_and_game_over() -> None:
    state = make_state(BOARD, {0: "B2", 1: "A2"})
    assert isinstance(refusal(state, 1, ["turn", "B3"]), NotYourTurn)
    for seat in (-1, 2, None, "0", True):
        assert isinstance(refusal(state, seat, ["propose"]), NotYourTurn)
    over = make_state(BOARD, {0: "B2", 1: "A2"}, phase="over", turn=None, winners=[0])
    assert GAME.to_move(over) == [] and GAME.legal_actions(over, 0) == []
    assert GAME.shared_actions(over) == []
    for seat in (0, 1):
        assert isinstance(refusal(over, seat, ["propose"]), GameOver)


def test_refusals_never_name_face_down_cards() -> None:
    state = make_state(BOARD, {0: "B2", 1: "A2"})
    hidden = {c for c, up in zip(state.cards, state.up, strict=True) if not up} | set(state.stock)
    tries = [["turn", "D4"], ["move", "C2"], ["replace", "C2"], ["turn", "B1"], ["place", "C2"]]
    for action in tries:
        message = str(refusal(state, 0, action))
        assert not hidden & set(message.replace(",", " ").split()), message


# -- menus --------------------------------------------------------------------


def test_choice_paths() -> None:
    state = make_state(BOARD, {0: "B2", 1: "A2"})
    state.up[rules.geometry(2).index["B2"]] = True
    assert GAME.choice_path(state, 0, ("turn", "C1")) == [
        Choice("C1", "klotho-choice-turn", {"cell": "C1"})
    ]
    assert GAME.choice_path(state, 0, ("move", "A1")) == [
        Choice("A1", "klotho-choice-move", {"cell": "A1"})
    ]
    # B1 offers a move and a replace: the cell first, then the kind.
    assert GAME.choice_path(state, 0, ("move", "B1")) == [
        Choice("B1", "klotho-choice-cell", {"cell": "B1"}),
        Choice("move", "klotho-choice-move", {"cell": "B1"}),
    ]
    assert GAME.choice_path(state, 0, ["replace", "B1"])[1] == Choice(
        "replace", "klotho-choice-replace", {"cell": "B1"}
    )
    assert GAME.choice_path(state, 1, ("propose",)) == [Choice("propose", "klotho-choice-propose")]
    # With the stock empty, B1 offers a move only: one step.
    empty = copy.deepcopy(state)
    empty.stock = []
    assert GAME.choice_path(empty, 0, ("move", "B1")) == [
        Choice("B1", "klotho-choice-move", {"cell": "B1"})
    ]
    placing = GAME.new_game(2, None, seed=1)
    assert GAME.choice_path(placing, 1, ("place", "D4")) == [
        Choice("D4", "klotho-choice-place", {"cell": "D4"})
    ]


def test_choice_paths_of_triplets_and_votes() -> None:
    state = make_state(BOARD, {0: "B2", 1: "A2"}, pending=[Triplet(1, ["A1", "A2", "A3"])])
    assert GAME.choice_path(state, 1, ("triplet", "half")) == [
        Choice("half", "klotho-choice-triplet-half")
    ]
    voting = make_state(BOARD, {0: "B2", 1: "A2"}, vote=Vote(0, [0]))
    assert GAME.choice_path(voting, 1, ("vote", "no")) == [
        Choice("vote-no", "klotho-choice-vote-no")
    ]
    # Shared buttons are labelled whichever seat asks, even one that voted.
    assert GAME.choice_path(voting, 0, ("vote", "yes")) == [
        Choice("vote-yes", "klotho-choice-vote-yes")
    ]
    cooling = make_state(BOARD, {0: "B2", 1: "A2"}, cooldown=[2, 0])
    assert GAME.choice_path(cooling, 0, ("propose",)) == [
        Choice("propose", "klotho-choice-propose")
    ]
    with pytest.raises(IllegalAction):
        GAME.choice_path(voting, 1, ("propose",))


def test_choice_path_refuses_like_apply() -> None:
    state = make_state(BOARD, {0: "B2", 1: "A2"})
    with pytest.raises(IllegalAction) as info:
        GAME.choice_path(state, 0, ("turn", "D4"))
    assert info.value.code == "klotho-not-adjacent"
    with pytest.raises(MalformedAction):
        GAME.choice_path(state, 0, ["turn", True])


def test_menu_lays_cells_out_and_splits_a_double_cell() -> None:
    state = make_state(BOARD, {0: "B2", 1: "A2"})
    state.up[rules.geometry(2).index["B2"]] = True
    assert GAME.menu_grid(state) == (4, 4)
    root = build_menu(GAME, state, 0)
    # The proposal is a shared button of the table message, not in the menu.
    assert [o.key for o in root.options] == ["A1", "B1", "C1", "C2", "A3", "B3", "C3"]
    assert all("cell" in o.args for o in root.options)
    b1 = build_menu(GAME, state, 0, (1,))
    assert [o.key for o in b1.options] == ["move", "replace"]
    assert build_menu(GAME, state, 0, (1, 1)).action == ("replace", "B1")
    assert build_menu(GAME, state, 0, (0,)).action == ("move", "A1")
    assert build_menu(GAME, state, 0, (2,)).action == ("turn", "C1")
    # A seat that may only propose has an empty menu.
    assert build_menu(GAME, state, 1).options == ()


@pytest.mark.parametrize(("seats", "grid"), [(3, (4, 4)), (6, (4, 5)), (7, (5, 5))])
def test_menu_grid_follows_the_field(seats: int, grid: tuple[int, int]) -> None:
    assert GAME.menu_grid(GAME.new_game(seats, None, seed=1)) == grid


def test_no_menu_grid_for_a_triplet_choice_or_after_the_end() -> None:
    pending = make_state(BOARD, {0: "B2", 1: "A2"}, pending=[Triplet(1, ["A1", "A2", "A3"])])
    assert GAME.menu_grid(pending) is None
    assert [o.key for o in build_menu(GAME, pending, 1).options] == ["point", "half"]
    over = make_state(BOARD, {0: "B2", 1: "A2"}, phase="over", turn=None, winners=[0])
    assert GAME.menu_grid(over) is None


def test_choice_paths_are_prefix_free_in_random_states() -> None:
    rnd = random.Random(5)
    for seed in range(5):
        state = GAME.new_game(4, None, seed)
        for _ in range(120):
            if GAME.is_over(state):
                break
            for seat in range(4):
                paths = [
                    tuple(c.key for c in GAME.choice_path(state, seat, a))
                    for a in GAME.legal_actions(state, seat)
                ]
                for p in paths:
                    assert not any(q != p and q[: len(p)] == p for q in paths), (p, paths)
            seat = rnd.choice(GAME.to_move(state))
            state = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))


# -- shared actions -----------------------------------------------------------


def test_shared_actions() -> None:
    state = make_state(BOARD, {0: "B2", 1: "A2"})
    assert GAME.shared_actions(state) == [("propose",)]
    cooling = make_state(BOARD, {0: "B2", 1: "A2"}, cooldown=[2, 0])
    assert GAME.shared_actions(cooling) == [("propose",)]
    both = make_state(BOARD, {0: "B2", 1: "A2"}, cooldown=[2, 1])
    assert GAME.shared_actions(both) == []
    voting = make_state(BOARD, {0: "B2", 1: "A2"}, vote=Vote(1, [1]))
    assert GAME.shared_actions(voting) == [("vote", "yes"), ("vote", "no")]


# -- views --------------------------------------------------------------------


def test_public_view_shape() -> None:
    board = """
    6S ~7S ~8S ~9S
    ~JH QS ~KD ~AC
    ~6H ~10C ~JC ~QD
    ~9H ~7C ~8C ~10D
    """
    state = make_state(
        board,
        {0: "A1", 2: "B2"},
        seats=3,
        turn=1,
        scores=[0, 2, 1],
        halves=[0, 1, 0],
        cooldown=[0, 3, 0],
        last=LastAction("B2", 2, "turn"),
        vote=Vote(1, [1, 2]),
        dealer=0,
        tours=3,
        discard=["AS"],
        stock=["KS", "QH"],
    )
    view = GAME.view(state, None)
    assert view == {
        "game": "klotho",
        "seats": 3,
        "rows": 4,
        "cols": 4,
        "cells": [
            {"cell": name, "card": {"A1": "6S", "B2": "QS"}.get(name), "chip": chip}
            for name, chip in zip(
                rules.geometry(3).names, [0, None, None, None, None, 2] + [None] * 10, strict=True
            )
        ],
        "tour": 1,
        "tours": 3,
        "dealer": 0,
        "order": [1, 2, 0],
        "phase": "main",
        "turn": 1,
        "stock": 2,
        "discard": 1,
        "scores": [0, 2, 1],
        "halves": [0, 1, 0],
        "last": {"cell": "B2", "seat": 2, "kind": "turn"},
        "triplet": None,
        "claim_window": False,
        "full_tie": "extra",
        "scoring": "auto",
        "contenders": [],
        "vote": {"proposer": 1, "yes": [1, 2], "voters": [0, 1, 2]},
        "cooldown": [0, 3, 0],
        "over": False,
        "winners": [],
        "events": [],
    }
    assert json.loads(json.dumps(view)) == view
    assert GAME.view(state, 2) == {**view, "you": 2}


def test_views_show_no_face_down_card() -> None:
    state = GAME.new_game(8, None, seed=3)
    rnd = random.Random(3)
    for _ in range(200):
        seat = rnd.choice(GAME.to_move(state))
        state = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
        hidden = [c for c, up in zip(state.cards, state.up, strict=True) if not up]
        hidden += state.stock + state.discard
        text = json.dumps([GAME.view(state, s) for s in (None, 0, 7)])
        tokens = set(text.replace('"', " ").replace(",", " ").split())
        if "tour_start" not in text:  # a new deal gathers cards the last turn showed
            assert not tokens & set(hidden)


def test_view_of_a_seat_that_does_not_exist() -> None:
    state = GAME.new_game(2, None, seed=1)
    for seat in (-1, 2, True):
        with pytest.raises(GameError) as info:
            GAME.view(state, seat)
        assert info.value.code == "no-such-seat"


def test_views_do_not_share_lists_with_the_state() -> None:
    state = play(GAME.new_game(2, None, seed=1), "place", "B2")
    view = GAME.view(state, None)
    view["scores"].append(9)
    view["events"][0]["cell"] = "X"
    assert GAME.view(state, None)["scores"] == [0, 0]
    assert GAME.view(state, None)["events"][0]["cell"] == "B2"


# -- state --------------------------------------------------------------------


def test_deepcopy_is_independent_and_equal() -> None:
    state = make_state(
        BOARD,
        {0: "B2", 1: "A2"},
        vote=Vote(0, [0]),
        pending=[Triplet(1, ["A1", "A2", "A3"])],
        last=LastAction("A2", 1, "move"),
    )
    state = play(state, "triplet", "point")
    twin = copy.deepcopy(state)
    assert twin == state and twin is not state
    twin.cards[0] = "AS"
    twin.up[0] = False
    twin.events[0].public["cells"].append("B1")
    assert state.cards[0] == "6S" and state.up[0]
    assert state.events[0].public["cells"] == ["A1", "A2", "A3"]


def test_dumps_loads_round_trip() -> None:
    state = make_state(
        BOARD, {0: "B2", 1: "A2"}, vote=Vote(0, [0]), pending=[Triplet(1, ["A1", "A2", "A3"])]
    )
    text = GAME.dumps(state)
    assert GAME.loads(text) == state
    assert GAME.dumps(GAME.loads(text)) == text


def test_state_stays_small_and_replays_from_its_seed() -> None:
    # 8 players: the largest field and the most per-seat data.
    rnd = random.Random(11)
    largest = 0
    for seed in range(8):
        state = GAME.new_game(8, None, seed)
        log = []
        while not GAME.is_over(state):
            seat = rnd.choice(GAME.to_move(state))
            action = rnd.choice(GAME.legal_actions(state, seat))
            log.append((seat, action))
            state = GAME.apply(state, seat, action)
            largest = max(largest, len(GAME.dumps(state).encode()))
        replay = GAME.new_game(8, None, seed)
        for seat, action in log:
            replay = GAME.apply(replay, seat, list(action))
        assert replay == state
    assert largest < 8 * 1024
