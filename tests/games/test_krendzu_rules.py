"""Unit tests of the pure Krendzu rules: values, combinations, the field, seats and deals."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest

from games import InvalidCard, InvalidOptions, registry
from games.core.cards import RANKS_36, SUITS, make_deck
from games.krendzu import field, rules
from games.krendzu.game import KrendzuGame
from games.krendzu.rules import is_combination

GAME = KrendzuGame()

# -- values and combinations ----------------------------------------------------


def test_values_cover_one_to_fifteen_once_each() -> None:
    values = [v for values in rules.RANK_VALUES.values() for v in values]
    assert sorted(values) == list(range(1, 16))
    assert rules.RANK_VALUES["J"] == (2, 12)
    assert rules.RANK_VALUES["Q"] == (3, 13)
    assert rules.RANK_VALUES["K"] == (4, 14)
    assert rules.RANK_VALUES["A"] == (1, 5, 11, 15)
    assert all(rules.RANK_VALUES[r] == (int(r),) for r in ("6", "7", "8", "9", "10"))


@pytest.mark.parametrize(
    "cards",
    [
        # The source's examples.
        ["AS", "6H", "7D", "8C"],  # 5, 6, 7, 8
        ["JS", "9H", "6D", "QC"],  # 12, 9, 6, 3
        ["AS", "AH", "9D", "QC"],  # 1, 5, 9, 13
        # Q-6 is useful one way only: Q 6 9 J is 3, 6, 9, 12.
        ["QS", "6H", "9D", "JC"],
        # Either reading direction.
        ["8C", "7D", "6H", "AS"],
        ["JC", "9D", "6H", "QS"],
        # Figures at both ends of the scale.
        ["AS", "KH", "QD", "JC"],  # 15, 14, 13, 12
        ["KS", "QH", "JD", "AC"],  # 14, 13, 12, 11 or 4, 3, 2, 1
        ["AS", "JH", "QD", "KC"],  # 1, 2, 3, 4
        ["6S", "8H", "10D", "JC"],  # 6, 8, 10, 12
        ["7S", "9H", "AD", "QC"],  # 7, 9, 11, 13
        ["JS", "AH", "8D", "AC"],  # 2, 5, 8, 11
        # One suit, whatever the values.
        ["6S", "9S", "QS", "AS"],
        ["10H", "6H", "KH", "7H"],
        # One suit and a progression: still a combination (it scores once).
        ["6D", "7D", "8D", "9D"],
    ],
)
def test_combinations(cards: list[str]) -> None:
    assert is_combination(cards)


@pytest.mark.parametrize(
    "cards",
    [
        # Four of a rank never count, whatever the readings.
        ["6S", "6H", "6D", "6C"],
        ["AS", "AH", "AD", "AC"],
        ["KS", "KH", "KD", "KC"],
        ["JS", "JH", "JD", "JC"],
        # Nothing extends Q 6 9 J to the left: that card would be worth 0.
        *[[rank + "C", "QS", "6H", "9D"] for rank in RANKS_36 if rank != "6"],
        # Nothing is worth 15 + 1 or 1 − 1 either.
        ["6S", "7H", "9D", "10C"],
        ["6S", "7H", "8D", "10C"],
        ["AS", "6H", "7D", "9C"],
        ["7S", "6H", "8D", "9C"],  # all there, wrong order
        ["JS", "QH", "AD", "KC"],  # 2, 3, ?, 4
        ["AS", "AH", "AD", "9C"],
    ],
)
def test_no_combinations(cards: list[str]) -> None:
    assert not is_combination(cards)


def test_a_six_before_q_six_nine_would_need_a_zero_and_none_exists() -> None:
    # The source: Q-6 "develops in one direction only".
    extended = [rank + "C" for rank in RANKS_36 if is_combination([rank + "C", "QS", "6H", "9D"])]
    assert extended == []
    after = [rank + "C" for rank in RANKS_36 if is_combination(["QS", "6H", "9D", rank + "C"])]
    assert after == ["JC"]


def _brute_force(ranks: tuple[str, ...]) -> bool:
    """Try every reading of the four cards."""
    for values in itertools.product(*(rules.RANK_VALUES[r] for r in ranks)):
        step = values[1] - values[0]
        if step and all(values[i + 1] - values[i] == step for i in range(3)):
            return True
    return False


def test_progressions_agree_with_trying_every_reading() -> None:
    found = 0
    for ranks in itertools.product(RANKS_36, repeat=4):
        # Four suits, so only the values can make a combination.
        cards = [rank + suit for rank, suit in zip(ranks, SUITS, strict=True)]
        expected = _brute_force(ranks)
        assert is_combination(cards) == expected, ranks
        found += expected
    # 60 progressions of numbers, but 1-2-3-4 and 11-12-13-14 are both A-J-Q-K, and so on.
    assert found == len(rules.PROGRESSIONS) == 56


def test_combination_kinds_name_suit_and_progression() -> None:
    assert rules.combination_kinds("6D", "7D", "8D", "9D") == ("suit", "progression")
    assert rules.combination_kinds("6D", "9D", "QD", "AD") == ("suit",)
    assert rules.combination_kinds("6S", "7H", "8D", "9C") == ("progression",)
    assert rules.combination_kinds("6S", "7H", "9D", "9C") == ()


@pytest.mark.parametrize(
    "bad",
    [
        ["6S", "7S", "8S"],
        ["6S", "7S", "8S", "9S", "10S"],
        [],
        "6S7S8S9S",
        None,
        42,
        ["6S", "7S", "8S", "2S"],
        ["6S", "7S", "8S", "X1"],
        ["6s", "7S", "8S", "9S"],
        ["6S", "7S", "8S", None],
        [1, 2, 3, 4],
        [["6S"], "7S", "8S", "9S"],
        {"a": 1, "b": 2, "c": 3, "d": 4},
    ],
)
def test_malformed_input_raises_invalid_card(bad: Any) -> None:
    with pytest.raises(InvalidCard) as info:
        is_combination(bad)
    assert isinstance(info.value, ValueError)


def test_repeated_cards_are_judged_by_their_properties() -> None:
    assert is_combination(["6S", "6S", "9S", "AS"])
    assert not is_combination(["6S", "6S", "6S", "6S"])
    assert is_combination(("6S", "7H", "8D", "9C"))


def test_hand_order_is_suit_then_rank() -> None:
    cards = ["AC", "6S", "QH", "10S", "7D", "JS", "6H"]
    assert sorted(cards, key=rules.sort_key) == ["6S", "10S", "JS", "6H", "QH", "7D", "AC"]


# -- the field ------------------------------------------------------------------


def test_column_names_run_like_a_spreadsheet() -> None:
    names = [field.column_name(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)]
    assert names == ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]


def test_cell_labels_in_the_box_of_the_views_example() -> None:
    # Two cards at (0, 0) and (1, 0): the box is 4 × 3 from (-1, -1).
    frontier = field.frontier_of({(0, 0), (1, 0)})
    box = field.box_of(frontier)
    assert box == field.Box(-1, -1, 4, 3)
    assert box.as_dict() == {"left": -1, "top": -1, "cols": 4, "rows": 3}
    assert field.cell_label(1, 0, box) == "C2"
    assert field.cell_label(0, 0, box.as_dict()) == "B2"
    assert field.cell_label(-1, -1, box) == "A1"
    assert field.cell_label(2, 1, box) == "D3"
    for x, y in [(3, 0), (-2, 0), (0, 2), (0, -2)]:
        with pytest.raises(ValueError):
            field.cell_label(x, y, box)


def test_empty_field_box_is_the_origin_alone() -> None:
    assert field.frontier_of(set()) == ((0, 0),)
    assert field.box_of(field.EMPTY_FRONTIER).as_dict() == {
        "left": 0,
        "top": 0,
        "cols": 1,
        "rows": 1,
    }
    assert field.cell_label(0, 0, field.box_of(field.EMPTY_FRONTIER)) == "A1"


def test_frontier_is_the_free_side_neighbours_top_to_bottom_left_to_right() -> None:
    assert field.frontier_of({(0, 0)}) == ((0, -1), (-1, 0), (1, 0), (0, 1))
    occupied = {(0, 0), (1, 0), (1, 1)}
    frontier = field.frontier_of(occupied)
    assert frontier == ((0, -1), (1, -1), (-1, 0), (2, 0), (0, 1), (2, 1), (1, 2))
    # Kept incrementally, it is the same as computed afresh.
    grown = field.frontier_of({(0, 0), (1, 0)})
    assert field.frontier_after(grown, occupied, (1, 1)) == frontier


def test_box_is_the_bounding_box_plus_one_for_any_shape() -> None:
    shapes = [{(0, 0)}, {(0, 0), (1, 1)}, {(x, 0) for x in range(30)}, {(0, 0), (0, 1), (3, 5)}]
    for cells in shapes:
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        expected = field.Box(min(xs) - 1, min(ys) - 1, max(xs) - min(xs) + 3, max(ys) - min(ys) + 3)
        assert field.box_of(field.frontier_of(cells)) == expected


def test_windows_through_a_cell() -> None:
    windows = field.windows_through((0, 0))
    assert len(windows) == len(set(windows)) == 16
    assert all((0, 0) in window for window in windows)
    assert ((-3, 0), (-2, 0), (-1, 0), (0, 0)) in windows
    assert ((0, 0), (0, 1), (0, 2), (0, 3)) in windows
    assert ((-1, -1), (0, 0), (1, 1), (2, 2)) in windows
    assert ((-2, 2), (-1, 1), (0, 0), (1, -1)) in windows


# -- seats, roles, deals --------------------------------------------------------


def test_two_players_alternate_attack_and_the_defender_starts() -> None:
    assert [rules.cycle_of(2, "two_attackers", t) for t in (1, 2, 3)] == [(1, 0), (0, 1), (1, 0)]
    assert rules.roles_of(2, "two_attackers", 1) == ("attack", "defend")
    assert rules.roles_of(2, "two_attackers", 2) == ("defend", "attack")
    assert [rules.dealer_of(2, t) for t in (1, 2, 3)] == [0, 1, 0]


def test_three_players_two_attackers_the_lone_defender_moves_after_each() -> None:
    assert [rules.cycle_of(3, "two_attackers", t) for t in (1, 2, 3)] == [
        (0, 1, 0, 2),
        (1, 2, 1, 0),
        (2, 0, 2, 1),
    ]
    assert rules.roles_of(3, "two_attackers", 2) == ("attack", "defend", "attack")
    assert rules.attackers_of(3, "two_attackers", 2) == (0, 2)
    assert [rules.dealer_of(3, t) for t in (1, 2, 3, 4)] == [0, 1, 2, 0]


def test_three_players_two_defenders_the_lone_attacker_moves_after_each() -> None:
    assert [rules.cycle_of(3, "two_defenders", t) for t in (1, 2, 3)] == [
        (1, 0, 2, 0),
        (2, 1, 0, 1),
        (0, 2, 1, 2),
    ]
    assert rules.roles_of(3, "two_defenders", 1) == ("attack", "defend", "defend")
    assert rules.attackers_of(3, "two_defenders", 3) == (2,)


def test_four_players_teams_sit_opposite_and_the_dealers_team_attacks() -> None:
    assert [rules.cycle_of(4, "two_attackers", t) for t in (1, 2, 3)] == [
        (1, 2, 3, 0),
        (2, 3, 0, 1),
        (3, 0, 1, 2),
    ]
    assert rules.roles_of(4, "two_attackers", 1) == ("attack", "defend", "attack", "defend")
    assert rules.roles_of(4, "two_attackers", 2) == ("defend", "attack", "defend", "attack")


@pytest.mark.parametrize(
    ("seats", "variant", "tour", "hand", "handicap", "sizes"),
    [
        (2, "two_attackers", 1, 10, 2, [10, 12]),
        (2, "two_attackers", 2, 10, 2, [12, 10]),
        (2, "two_attackers", 1, 14, 1, [14, 15]),
        (3, "two_attackers", 1, 7, 1, [15, 7, 7]),
        (3, "two_attackers", 2, 8, 2, [8, 18, 8]),
        (3, "two_defenders", 1, 12, 2, [12, 7, 7]),
        # The odd card goes to the first defender of the cycle.
        (3, "two_defenders", 1, 12, 1, [12, 7, 6]),
        (3, "two_defenders", 2, 13, 1, [7, 13, 7]),
        (4, "two_attackers", 1, 7, 2, [7, 8, 7, 8]),
        (4, "two_attackers", 1, 7, 1, [7, 8, 7, 7]),
        (4, "two_attackers", 2, 8, 1, [8, 8, 9, 8]),
    ],
)
def test_hand_sizes(
    seats: int, variant: str, tour: int, hand: int, handicap: int, sizes: list[int]
) -> None:
    assert rules.hand_sizes(seats, variant, tour, hand, handicap) == sizes


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_a_match_has_an_even_number_of_tours_with_fair_roles(seats: int, rounds: int) -> None:
    # «Весь матч состоит из четного числа туров»: with three players too (6 by default).
    state = GAME.new_game(seats, {"rounds": rounds}, seed=1)
    assert state.tours % 2 == 0
    assert state.tours == {2: 2, 3: 6, 4: 2}[seats] * rounds
    for variant in rules.VARIANTS:
        # Every seat attacks equally often, and (with three) is the lone one equally often.
        roles = [rules.roles_of(seats, variant, tour) for tour in range(1, state.tours + 1)]
        attacks = Counter(seat for r in roles for seat in range(seats) if r[seat] == "attack")
        assert len(attacks) == seats and len(set(attacks.values())) == 1
        lone = Counter(rules.dealer_of(seats, tour) for tour in range(1, state.tours + 1))
        assert seats != 3 or (len(lone) == 3 and len(set(lone.values())) == 1)


@pytest.mark.parametrize(
    ("seats", "options", "sizes", "tours"),
    [
        (2, {}, [10, 12], 2),
        (2, {"hand": 9, "handicap": 1, "rounds": 3}, [9, 10], 6),
        (2, {"hand": 14}, [14, 16], 2),
        (3, {}, [15, 7, 7], 6),
        (3, {"hand": 8, "handicap": 2}, [18, 8, 8], 6),
        (3, {"variant": "two_defenders"}, [12, 7, 7], 6),
        (3, {"variant": "two_defenders", "hand": 13, "handicap": 1}, [13, 7, 7], 6),
        (3, {"variant": "two_defenders", "rounds": 2}, [12, 7, 7], 12),
        (4, {}, [7, 8, 7, 8], 2),
        (4, {"hand": 8, "handicap": 1, "rounds": 2}, [8, 9, 8, 8], 4),
    ],
)
def test_deals_for_every_variant(
    seats: int, options: dict[str, Any], sizes: list[int], tours: int
) -> None:
    state = GAME.new_game(seats, options, seed=11)
    assert [len(hand) for hand in state.hands] == sizes
    assert state.tours == tours
    dealt = [card for hand in state.hands for card in hand]
    assert Counter(dealt + state.aside) == Counter(make_deck(RANKS_36))
    assert len(state.aside) == 36 - sum(sizes)
    assert all(hand == sorted(hand, key=rules.sort_key) for hand in state.hands)
    view = GAME.view(state, None)
    assert view["hand_sizes"] == sizes and view["aside"] == 36 - sum(sizes)
    assert view["variant"] == (options.get("variant", "two_attackers") if seats == 3 else None)


def test_the_variant_changes_nothing_with_two_or_four_players() -> None:
    for seats in (2, 4):
        a = GAME.new_game(seats, {"variant": "two_defenders"}, seed=3)
        b = GAME.new_game(seats, None, seed=3)
        assert a.hands == b.hands
        assert GAME.view(a, None)["roles"] == GAME.view(b, None)["roles"]


@pytest.mark.parametrize(
    ("seats", "options", "low", "high"),
    [
        (2, {"hand": 7}, 9, 14),
        (2, {"hand": 8}, 9, 14),
        (3, {"hand": 9}, 7, 8),
        (3, {"hand": 12}, 7, 8),
        (3, {"variant": "two_defenders", "hand": 8}, 12, 13),
        (3, {"variant": "two_defenders", "hand": 14}, 12, 13),
        (4, {"hand": 9}, 7, 8),
        (4, {"hand": 14}, 7, 8),
    ],
)
def test_hand_sizes_outside_the_sources_advice_are_refused(
    seats: int, options: dict[str, Any], low: int, high: int
) -> None:
    with pytest.raises(InvalidOptions) as info:
        GAME.new_game(seats, options, seed=1)
    assert info.value.code == "krendzu-invalid-hand"
    assert info.value.params == {"min": low, "max": high, "seats": seats, "hand": options["hand"]}


@pytest.mark.parametrize(
    "options",
    [
        {"rounds": 4},
        {"rounds": "1"},
        {"variant": "three_attackers"},
        {"hand": 15},
        {"hand": 6},
        {"handicap": 3},
        {"handicap": True},
        {"exchange": 6},
        {"exchange": -1},
        {"speed": 1},
    ],
)
def test_invalid_options(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions):
        GAME.new_game(2, options, seed=1)


@pytest.mark.parametrize("seats", [1, 5, 0])
def test_seat_counts(seats: int) -> None:
    with pytest.raises(InvalidOptions) as info:
        GAME.new_game(seats, None, seed=1)
    assert info.value.code == "invalid-seats"


def test_registry_and_class_attributes() -> None:
    game = registry.get("krendzu")
    assert isinstance(game, KrendzuGame)
    names = registry.names()
    assert names.index("klotho") + 1 == names.index("krendzu") == names.index("caravan") - 1
    assert (game.min_seats, game.max_seats) == (2, 4)
    assert not game.public_moves
    specs = {spec.key: spec for spec in game.option_specs}
    assert specs["rounds"].default == 1 and specs["rounds"].choices == (1, 2, 3)
    assert specs["variant"].default == "two_attackers"
    assert specs["hand"].default == 0 and specs["handicap"].default == 0
    assert specs["exchange"].default == 3 and specs["exchange"].choices == (0, 1, 2, 3, 4, 5)
    assert game.options(None) == {
        "rounds": 1,
        "variant": "two_attackers",
        "hand": 0,
        "handicap": 0,
        "exchange": 3,
    }
