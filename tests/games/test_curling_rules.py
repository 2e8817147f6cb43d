"""Logical Curling's pure rules: the field, trajectories, collisions, the free guard
rule, the house count and the combinations (the contract helpers of DESIGN.md)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.errors import GameError, IllegalAction, InvalidCard
from games.curling import rules
from games.curling.combos import table_combos
from games.curling.field import INDEX, ZONE_OF, zone_counts
from games.curling.rules import card_combination, dice_combination, keep_last_zero, simulate_throw


def throw(
    stones: dict[str, str],
    start: str,
    trajectory: str,
    numbers: list[int],
    colour: str = "blue",
    throw_no: int = 9,
) -> tuple[dict[str, str], list[str], bool]:
    return simulate_throw(stones, start, trajectory, numbers, colour, throw_no)


# -- the source's worked examples ------------------------------------------------


def test_example_1_shortened_from_c0() -> None:
    """Shortened A=5, B=4 from c0: the blue guard at c5 goes into the house (c6),
    the thrown stone stops at e6 and knocks the red from f7 out of the house to h9."""
    after, out, foul = throw({"c5": "blue", "f7": "red"}, "c0", "shortened", [5, 4])
    assert after == {"c6": "blue", "e6": "blue", "h9": "red"}
    assert (out, foul) == ([], False)


def test_example_2_semaphore_from_e0() -> None:
    """Semaphore A=5, B=3 from e0 (a right start: up, then up-left)."""
    stones = {"d5": "blue", "e5": "blue", "e8": "red", "a8": "red"}
    after, out, foul = throw(stones, "e0", "semaphore", [5, 3])
    assert after == {"e4": "blue", "e7": "blue", "b7": "blue", "e12": "red"}
    assert (out, foul) == (["red"], False)


def test_example_3_keep_the_last_zero() -> None:
    assert keep_last_zero([(1, 1), (3, 1), (0, 3)]) == (2, 0)
    # one red of the middle zone replaced by a blue one
    assert keep_last_zero([(1, 1), (2, 2), (0, 3)]) == (0, 3)


def test_keep_the_last_zero_more_cases() -> None:
    assert keep_last_zero([(0, 0), (0, 0), (0, 0)]) == (0, 0)
    assert keep_last_zero([(2, 0), (1, 0), (3, 1)]) == (5, 0)
    assert keep_last_zero([(0, 1), (2, 0), (0, 0)]) == (0, 1)  # red's middle lead can't count
    assert keep_last_zero([(0, 0), (0, 2), (0, 4)]) == (0, 6)
    assert keep_last_zero([[1, 0], [0, 0], [0, 5]]) == (1, 0)  # type: ignore[list-item]
    for bad in ([(1, 0)], [(1, 0), (0, 0), (-1, 0)], "abc", [(1, 0), (0, 0), (0, "x")]):
        with pytest.raises(GameError):
            keep_last_zero(bad)  # type: ignore[arg-type]


def test_house_zones_of_the_field() -> None:
    """Centre 4 cells, middle 12, outer 20; columns a and h and row 12 are not house."""
    zones = [[n for n, i in INDEX.items() if ZONE_OF[i] == z] for z in range(3)]
    assert sorted(zones[0]) == ["d8", "d9", "e8", "e9"]
    assert (len(zones[1]), len(zones[2])) == (12, 20)
    assert {"c7", "f10", "c10", "f7", "d7", "e10"} <= set(zones[1])
    assert {"b6", "g11", "b11", "g6"} <= set(zones[2])
    for outside in ("a8", "h8", "e12", "d5", "c0"):
        assert ZONE_OF[INDEX[outside]] == -1
    # the house-count example laid out on the field
    board = {"d8": 0, "e9": 1, "c7": 0, "d7": 0, "f10": 0, "c10": 1, "b6": 1, "g11": 1, "b9": 1}
    counts = zone_counts({INDEX[c]: s for c, s in board.items()})
    assert counts == [(1, 1), (3, 1), (0, 3)]
    assert keep_last_zero(counts) == (2, 0)


# -- trajectories: bends and constraints ---------------------------------------------


@pytest.mark.parametrize(
    ("start", "trajectory", "numbers", "end"),
    [
        # reverse/shortened: up to guard row A, then up-right (left) / up-left (right)
        ("c0", "reverse", [2, 3], "f5"),
        ("f0", "reverse", [2, 3], "c5"),
        ("d0", "shortened", [5, 1], "e6"),
        ("e0", "shortened", [5, 1], "d6"),
        # triple: up-left A, up to house row V, up-right B (mirrored on the right)
        ("d0", "triple", [3, 1, 1], "b7"),
        ("e0", "triple", [3, 1, 1], "g7"),
        ("c0", "triple", [2, 3, 2], "c10"),
        ("f0", "triple", [2, 3, 2], "f10"),
        # quadruple: then sideways C (right from the left, left from the right)
        ("d0", "quadruple", [2, 1, 1, 1], "d7"),
        ("e0", "quadruple", [2, 1, 1, 1], "e7"),
        ("c0", "quadruple", [1, 5, 1, 1], "d11"),
        # semaphore: up to house row A, then the diagonal
        ("c0", "semaphore", [3, 2], "e10"),
        ("f0", "semaphore", [3, 2], "d10"),
    ],
)
def test_bends_left_clockwise_right_counter_clockwise(
    start: str, trajectory: str, numbers: list[int], end: str
) -> None:
    after, out, foul = throw({}, start, trajectory, numbers, "red")
    assert after == {end: "red"} and out == [] and not foul


def test_constraint_edges() -> None:
    ok = [
        ("reverse", [3, 3]),
        ("reverse", [1, 5]),
        ("shortened", [4, 3]),
        ("triple", [3, 5, 3]),
        ("triple", [2, 1, 1]),
        ("quadruple", [3, 5, 3, 3]),
        ("quadruple", [3, 1, 2, 1]),
        ("semaphore", [4, 4]),
        ("semaphore", [5, 1]),
    ]
    for trajectory, numbers in ok:
        throw({}, "d0", trajectory, numbers)
    refused = [
        ("reverse", [4, 3]),  # that is a shortened trajectory
        ("shortened", [3, 3]),  # that is a reverse one
        ("shortened", [2, 4]),
        ("triple", [2, 5, 3]),
        ("quadruple", [3, 1, 2, 3]),
        ("quadruple", [2, 1, 3, 1]),
        ("semaphore", [3, 4]),
    ]
    for trajectory, numbers in refused:
        with pytest.raises(IllegalAction) as info:
            throw({}, "d0", trajectory, numbers)
        assert info.value.code == "curling-constraint"
        assert info.value.params["trajectory"] == trajectory


def test_triple_with_a_above_3_always_leaves_and_3_only_from_outer_starts() -> None:
    for start in ("c0", "d0", "e0", "f0"):
        for a in (4, 5):
            after, out, _ = throw({}, start, "triple", [a, 1, 1], "red")
            assert (after, out) == ({}, ["red"]), (start, a)
    for start in ("c0", "f0"):
        assert throw({}, start, "triple", [3, 1, 1], "red")[:2] == ({}, ["red"])
    assert throw({}, "d0", "triple", [3, 1, 1], "red")[0] == {"b7": "red"}
    assert throw({}, "e0", "triple", [3, 1, 1], "red")[0] == {"g7": "red"}


def test_bad_inputs_raise_value_errors_with_codes() -> None:
    cases: list[tuple[Any, ...]] = [
        ({}, "b0", "reverse", [1, 2], "red", 1, "curling-bad-start"),
        ({}, "c0", "spiral", [1, 2], "red", 1, "curling-unknown-trajectory"),
        ({}, "c0", "reverse", [1, 6], "red", 1, "curling-bad-number"),
        ({}, "c0", "reverse", [0, 2], "red", 1, "curling-bad-number"),
        ({}, "c0", "reverse", [1, 2, 3], "red", 1, "curling-segment-count"),
        ({}, "c0", "triple", [1, 2], "red", 1, "curling-segment-count"),
        ({}, "c0", "reverse", [1, 2], "green", 1, "curling-bad-colour"),
        ({}, "c0", "reverse", [1, 2], "red", 17, "curling-bad-throw-number"),
        ({"z9": "red"}, "c0", "reverse", [1, 2], "red", 1, "curling-bad-cell"),
        ({"c13": "red"}, "c0", "reverse", [1, 2], "red", 1, "curling-bad-cell"),
        ({"c0": "red"}, "c0", "reverse", [1, 2], "red", 1, "curling-start-row"),
        ({"c5": "pink"}, "c0", "reverse", [1, 2], "red", 1, "curling-bad-colour"),
    ]
    for *args, code in cases:
        with pytest.raises(ValueError) as info:
            simulate_throw(*args)
        assert isinstance(info.value, GameError) and info.value.code == code, (args, code)


# -- collisions -----------------------------------------------------------------------


def test_a_chain_of_three_stones() -> None:
    """Semaphore A=1 (to row 6) from d0: the thrown stone stops at d2 and passes 4;
    d3 moves to d4 and passes 3 to d5, which moves to d7 and passes 1 to d8."""
    stones = {"d3": "red", "d5": "blue", "d8": "red"}
    after, out, foul = throw(stones, "d0", "semaphore", [1, 1], "blue")
    assert after == {"e3": "blue", "d4": "red", "d7": "blue", "d9": "red"}
    assert (out, foul) == ([], False)


def test_a_struck_stone_passes_what_is_left_and_stops() -> None:
    # c2 gets 2 from the thrown stone at c1: it moves to c3, strikes c4 with 1 (c5)
    after, _, _ = throw({"c2": "red", "c4": "red"}, "c0", "reverse", [3, 3])
    assert after == {"c3": "red", "c5": "red", "f4": "blue"}


def test_stones_leave_through_the_top() -> None:
    # the thrown stone itself: c1…c10, d11, e12, then off the top
    assert throw({}, "c0", "semaphore", [5, 5], "red")[:2] == ({}, ["red"])
    # a struck stone: d11 gets 5 from c10, moves to e12 and goes off the top
    after, out, _ = throw({"d11": "blue"}, "c0", "semaphore", [5, 5], "red")
    assert (after, out) == ({"c10": "red"}, ["blue"])


def test_stones_leave_through_the_sides() -> None:
    # reverse 5, 5 from d0: d5, e6, f7, then g8 is struck with 2: h9 and off the side
    after, out, _ = throw({"g8": "red"}, "d0", "reverse", [5, 5], "blue")
    assert (after, out) == ({"f7": "blue"}, ["red"])
    # sideways: quadruple 3, 1, 3, 3 from d0 ends with e9, f9 and strikes g9 with 1,
    # which passes it to h9: that one leaves through the right side
    stones = {"g9": "blue", "h9": "red"}
    after, out, _ = throw(stones, "d0", "quadruple", [3, 1, 3, 3], "blue")
    assert (after, out) == ({"f9": "blue", "g9": "blue"}, ["red"])
    # the thrown stone itself off the left side: triple from c0 with A = 3
    assert throw({}, "c0", "triple", [3, 1, 1], "red")[1] == ["red"]


def test_a_blocked_thrown_stone_left_on_the_start_row_is_out() -> None:
    """[decided] The thrown stone is struck nowhere and never leaves row 0: not in play."""
    after, out, foul = throw({"c1": "red", "d1": "red"}, "c0", "reverse", [1, 1], "blue")
    assert after == {"c2": "red", "e2": "red"}
    assert (out, foul) == (["blue"], False)


# -- the free guard rule ------------------------------------------------------------


def test_foul_on_throw_3_is_undone_completely() -> None:
    """Reverse A=3 from c0 pushes the blue at c2 to c4, then knocks the red guard
    at e3 off the right side: a foul, so every stone returns and the thrown is out."""
    stones = {"c2": "blue", "e3": "red", "e9": "red"}
    after, out, foul = throw(stones, "c0", "reverse", [3, 5], "blue", throw_no=3)
    assert foul and after == stones and out == ["blue"]
    # the same throw on throw 6 stands
    after, out, foul = throw(stones, "c0", "reverse", [3, 5], "blue", throw_no=6)
    assert not foul
    assert after == {"c4": "blue", "d2": "blue", "e9": "red"}
    assert out == ["red"]


@pytest.mark.parametrize("throw_no", [2, 3, 4, 5])
def test_foul_on_throws_2_to_5_also_through_a_chain(throw_no: int) -> None:
    # the thrown blue hits its own guard at d2, which knocks the red guard at f4 out
    stones = {"d2": "blue", "f4": "red"}
    after, out, foul = throw(stones, "c0", "reverse", [1, 5], "blue", throw_no)
    assert foul and after == stones and out == ["blue"]


@pytest.mark.parametrize("throw_no", [1, 6, 7, 16])
def test_no_foul_outside_throws_2_to_5(throw_no: int) -> None:
    stones = {"d2": "blue", "f4": "red"}
    after, out, foul = throw(stones, "c0", "reverse", [1, 5], "blue", throw_no)
    assert not foul and out == ["red"] and after == {"c1": "blue", "e3": "blue"}


def test_what_the_free_guard_rule_allows() -> None:
    # knocking out an own guard (here through the opponent's stone)
    after, out, foul = throw({"d2": "red", "f4": "blue"}, "c0", "reverse", [1, 5], "blue", 3)
    assert (after, out, foul) == ({"c1": "blue", "e3": "red"}, ["blue"], False)
    # pushing an opponent's guard into the house
    after, out, foul = throw({"c5": "red"}, "c0", "shortened", [5, 1], "blue", 2)
    assert (after, out, foul) == ({"c6": "red", "d5": "blue"}, [], False)
    # knocking an opponent's stone out of the house (g8, outer zone)
    after, out, foul = throw({"g8": "red"}, "d0", "reverse", [5, 5], "blue", 2)
    assert (after, out, foul) == ({"f7": "blue"}, ["red"], False)


# -- combinations: dice ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ([3, 3, 1, 5, 2], ("pair", [5, 3], 1)),
        ([1, 4, 1, 2, 3], ("pair", [4, 1], 1)),  # the source: X X y z v → 1 and 5
        ([5, 1, 1, 2, 3], ("pair", [5, 1], 1)),
        ([4, 4, 2, 2, 1], ("two_pairs", [4, 2], 2)),
        ([1, 4, 4, 1, 5], ("two_pairs", [4, 1], 2)),
        ([3, 3, 3, 1, 5], ("three", [5, 3, 1], 3)),
        ([1, 2, 1, 4, 1], ("three", [4, 2, 1], 3)),
        ([2, 2, 5, 5, 5], ("three_two", [5, 5, 5, 2, 2], 4)),
        ([5, 3, 1, 4, 2], ("straight", [5, 4, 3, 2, 1], 4)),
        ([1, 1, 1, 1, 4], ("four", [4, 1, 1, 1, 1], 5)),
        ([4, 4, 4, 4, 4], ("poker", None, 5)),
    ],
)
def test_every_dice_combination_and_its_number_set(
    dice: list[int], expected: tuple[str, list[int] | None, int]
) -> None:
    name, numbers, power = dice_combination(dice)
    assert (name, None if numbers is None else sorted(numbers, reverse=True), power) == expected


def test_bad_dice_are_refused() -> None:
    for dice in ([1, 2, 3, 4], [1, 2, 3, 4, 6], [0, 1, 2, 3, 4], "12345", [1, 2, 3, 4, True]):
        with pytest.raises(IllegalAction):
            dice_combination(dice)  # type: ignore[arg-type]


# -- combinations: cards ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "deck", "expected"),
    [
        (["9S", "9H", "QD", "7C", "KH"], 36, ("pair", [4, 1], 1)),
        (["9S", "9H", "QD", "7C", "KH"], 52, ("pair", [4, 1], 1)),
        (["2S", "2H", "KS", "KD", "QC"], 52, ("two_pairs", [4, 3, 2], 2)),  # the source
        (["9D", "9S", "2S", "2H", "AH"], 52, ("two_pairs", [5, 2, 1], 2)),  # the source
        (["8S", "8H", "8D", "AC", "JH"], 36, ("three", [5, 2, 1], 3)),
        (["6S", "7H", "8D", "9C", "10H"], 36, ("straight", [1, 1, 1, 1, 1], 4)),
        (["4S", "5H", "6D", "7C", "8H"], 52, ("straight", [5, 4, 1, 1, 1], 4)),  # the source
        (["10S", "JH", "QD", "KC", "AH"], 52, ("straight", [5, 4, 3, 2, 1], 4)),
        (["KS", "KH", "KD", "QC", "QH"], 36, ("three_two", [4, 4, 4, 3, 3], 4)),
        (["KS", "KH", "KD", "QC", "QH"], 52, ("three_two", [4, 4, 4, 3, 3], 5)),
        (["6H", "9H", "JH", "KH", "AH"], 36, ("flush", [5, 4, 2, 1, 1], 5)),
        (["2H", "9H", "JH", "KH", "AH"], 52, ("flush", [5, 4, 2, 2, 1], 4)),
        (["7S", "7H", "7D", "7C", "AH"], 36, ("four", None, 5)),
        (["7S", "7H", "7D", "7C", "AH"], 52, ("four", None, 5)),
        (["6S", "8H", "10D", "QC", "AH"], 36, ("null", [], 1)),
        # A-2-3-4-5 is not a straight; no wrap-around
        (["AS", "2H", "3D", "4C", "5H"], 52, ("null", [], 1)),
        (["QS", "KH", "AD", "2C", "3H"], 52, ("null", [], 1)),
        # a straight flush counts as a flush
        (["6S", "7S", "8S", "9S", "10S"], 36, ("flush", [1, 1, 1, 1, 1], 5)),
        (["9D", "10D", "JD", "QD", "KD"], 52, ("flush", [4, 3, 2, 1, 1], 4)),
    ],
)
def test_card_combinations_for_both_deck_sizes(
    cards: list[str], deck: int, expected: tuple[str, list[int] | None, int]
) -> None:
    name, numbers, power = card_combination(cards, deck)
    assert (name, None if numbers is None else sorted(numbers, reverse=True), power) == expected


def test_jokers_stand_for_the_best_card() -> None:
    assert card_combination(["KH", "KS", "X1", "2C", "5D"], 54) == ("three", [5, 4, 2], 3)
    # two jokers and a pair make four of a kind
    assert card_combination(["KH", "KS", "X1", "X2", "5D"], 54)[0] == "four"
    # four hearts and a joker: a flush (52: power 4) or a three? a flush is stronger
    assert card_combination(["2H", "9H", "JH", "KH", "X1"], 54)[0] == "flush"
    # an open-ended run with a joker: a straight
    assert card_combination(["9S", "10H", "JD", "X2", "KC"], 54)[0] == "straight"
    # a joker may duplicate a card: K K K + Q + joker → three + two or four
    assert card_combination(["KS", "KH", "KD", "QC", "X1"], 54)[0] == "four"


def test_bad_cards_are_refused() -> None:
    with pytest.raises(InvalidCard):
        card_combination(["9S", "9H", "QD", "7C", "1H"], 52)
    with pytest.raises(InvalidCard):
        card_combination(["9S", "9H", "QD", "7C", "2H"], 36)  # no twos in 36 cards
    with pytest.raises(InvalidCard):
        card_combination(["9S", "9H", "QD", "7C", "X1"], 36)
    with pytest.raises(ValueError):
        card_combination(["9S", "9H", "QD", "7C"], 52)
    with pytest.raises(ValueError):
        card_combination(["9S", "9H", "QD", "7C", "8C"], 40)
    with pytest.raises(ValueError):
        card_combination(["9S", "9H", "QD", "7C", 8], 52)  # type: ignore[list-item]


def test_table_combinations_with_substitutions() -> None:
    main = ("QS", "7H", "7D", "AC", "9S")
    # no substitution card: only the five main cards (a pair: nothing to throw away)
    assert [c.key for c in table_combos(main, (), 36)] == ["pair:5,1"]
    # one substitution: it replaces any one main card
    keys = [c.key for c in table_combos(main, ("7S",), 36)]
    assert keys[0] == "three:5,3,1" and "null" not in keys
    assert "pair:5,1" in keys and "two_pairs:3,1,1" not in keys
    # 52 cards: six main cards, one always unused
    main6 = ("2S", "KH", "2D", "KS", "QC", "9S")
    keys = [c.key for c in table_combos(main6, (), 52)]
    assert keys[0] == "two_pairs:4,3,2" and "null" not in keys
    assert "two_pairs:4,2,1" in keys


def test_a_null_is_offered_only_when_the_cards_can_make_one() -> None:
    # «умышленно размещает свои подменные карты так, чтобы получилась пустая
    # комбинация»: a planned throw-away needs an arrangement that makes nothing.
    main = ("QS", "7H", "7D", "AC", "9S")
    # 6C in place of a seven: Q 6 7 A 9 of mixed suits is no combination.
    assert [c.key for c in table_combos(main, ("6C",), 36)][-1] == "null"
    # A natural null: the five main cards make nothing, and nothing else is offered.
    assert [c.key for c in table_combos(("6S", "8H", "10D", "QC", "AS"), (), 36)] == ["null"]
    # Two pairs and no substitution card can never be arranged into nothing.
    assert "null" not in [c.key for c in table_combos(("QS", "QH", "7D", "7C", "9S"), (), 36)]
    # A joker may be read as a card that makes nothing, like any card.
    assert "null" in [c.key for c in table_combos(("2S", "5H", "9D", "QC", "X1"), (), 54)]


def test_module_exposes_the_contract_names() -> None:
    for name in ("keep_last_zero", "dice_combination", "card_combination", "simulate_throw"):
        assert callable(getattr(rules, name))


def test_a_stone_that_never_leaves_the_start_row_is_out_and_not_on_the_field() -> None:
    # The audit's throw: every segment but the last is blocked at its first cell,
    # and C slides the stone sideways along row 0 to e0. «Stones never rest on row 0.»
    stones, out, foul = simulate_throw(
        {"c1": "blue", "d1": "blue", "e1": "blue"}, "d0", "quadruple", [2, 1, 1, 1], "red", 10
    )
    assert stones == {"a3": "blue", "d7": "blue", "f2": "blue"}
    assert out == ["red"] and not foul
    assert not any(cell.endswith("0") and len(cell) == 2 for cell in stones)
