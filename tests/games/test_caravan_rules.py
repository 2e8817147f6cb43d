"""Unit tests of the Caravan decks and pure rule helpers."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games import GameError, InvalidCard, InvalidOptions
from games.caravan import decks, rules
from tests.games.caravan_positions import caravan

# -- decks --------------------------------------------------------------------


def test_standard_deck_is_one_full_set_with_jokers() -> None:
    deck = decks.standard_deck()
    assert len(deck) == len(set(deck)) == 54
    assert {"X1", "X2", "AS", "10H", "KD", "2C"} <= set(deck)
    assert sum(rules.is_numeral(card) for card in deck) == 40
    assert decks.validate_deck(deck) == deck


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("KS", ("KS", "A")),
        ("KS/A", ("KS", "A")),
        ("KS/B", ("KS", "B")),
        ("10H/C", ("10H", "C")),
        ("X1/B", ("X1", "B")),
        ("AD", ("AD", "A")),
    ],
)
def test_parse_tagged(text: str, parsed: tuple[str, str]) -> None:
    assert decks.parse_tagged(text) == parsed


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("KS/D", "caravan-deck-bad-set"),
        ("KS/", "caravan-deck-bad-set"),
        ("KS/b", "caravan-deck-bad-set"),
        ("KS/B/C", "caravan-deck-bad-set"),
        ("ks/B", "caravan-deck-bad-card"),
        ("1S", "caravan-deck-bad-card"),
        ("X3", "caravan-deck-bad-card"),
        ("", "caravan-deck-bad-card"),
        ("/B", "caravan-deck-bad-card"),
    ],
)
def test_parse_tagged_refuses(text: str, code: str) -> None:
    with pytest.raises(InvalidCard) as info:
        decks.parse_tagged(text)
    assert info.value.code == code


def test_parse_tagged_refuses_other_types() -> None:
    with pytest.raises(InvalidCard):
        decks.parse_tagged(7)  # type: ignore[arg-type]


def test_tag_round_trips() -> None:
    assert decks.tag("KS", "A") == "KS"
    assert decks.tag("KS", "B") == "KS/B"
    for card in decks.standard_deck():
        for card_set in decks.SETS:
            assert decks.parse_tagged(decks.tag(card, card_set)) == (card, card_set)
    with pytest.raises(InvalidCard):
        decks.tag("KS", "Z")
    with pytest.raises(InvalidCard):
        decks.tag("ZZ", "A")


def all_sets() -> list[str]:
    return [decks.tag(card, s) for s in decks.SETS for card in decks.standard_deck()]


def codes(problems: list[GameError]) -> list[str]:
    return [p.code for p in problems]


def test_a_deck_of_all_three_sets_is_the_largest_legal_deck() -> None:
    every = all_sets()
    assert len(every) == decks.MAX_DECK == 162
    assert decks.deck_problems(every) == []
    assert Counter(decks.validate_deck(every)) == Counter(
        {card: 3 for card in decks.standard_deck()}
    )
    too_many = [*every, "KS"]
    assert "caravan-deck-too-big" in codes(decks.deck_problems(too_many))
    assert "caravan-deck-duplicate" in codes(decks.deck_problems(too_many))


def test_the_same_card_from_two_sets_is_fine_but_not_from_one() -> None:
    base = decks.standard_deck()[:29]
    assert decks.validate_deck([*base, "KS/B"]).count("KS") == 1 + base.count("KS")
    fine = [*base, "2S/B"]
    assert decks.deck_problems(fine) == []
    assert decks.validate_deck(fine).count("2S") == 2
    twice = [*base, "2S"]
    problems = decks.deck_problems(twice)
    assert codes(problems) == ["caravan-deck-duplicate"]
    assert problems[0].params == {"card": "2S", "set": "A"}
    # "2S/A" is the same card as an untagged 2S.
    assert codes(decks.deck_problems([*base, "2S/A"])) == ["caravan-deck-duplicate"]
    # Two copies from set B are as bad.
    bad_b = [*base, "3D/B", "3D/B"]
    assert codes(decks.deck_problems(bad_b)) == ["caravan-deck-duplicate"]


def test_a_deck_needs_thirty_cards() -> None:
    problems = decks.deck_problems(decks.standard_deck()[:29])
    assert codes(problems) == ["caravan-deck-too-small"]
    assert problems[0].params == {"count": 29, "min": 30}
    assert decks.deck_problems(decks.standard_deck()[:30]) == []


def test_a_deck_needs_three_numeral_cards() -> None:
    faces = [card for card in all_sets() if not rules.is_numeral(card.split("/")[0])]
    assert len(faces) == 42
    problems = decks.deck_problems([*faces, "AS", "2S"])
    assert codes(problems) == ["caravan-deck-few-numerals"]
    assert problems[0].params == {"count": 2, "min": 3}
    assert decks.deck_problems([*faces, "AS", "2S", "2S/B"]) == []


def test_bad_cards_and_sets_are_all_reported() -> None:
    deck = [*decks.standard_deck()[:30], "ZZ", "KS/Q", 5]
    problems = decks.deck_problems(deck)  # type: ignore[arg-type]
    assert codes(problems) == [
        "caravan-deck-bad-card",
        "caravan-deck-bad-set",
        "caravan-deck-bad-card",
    ]
    assert all(isinstance(p, InvalidOptions) for p in problems)
    assert problems[1].params == {"card": "KS", "set": "Q"}
    with pytest.raises(InvalidOptions) as info:
        decks.validate_deck(deck)  # type: ignore[arg-type]
    assert info.value.code == "caravan-deck-bad-card"


@pytest.mark.parametrize("bad", ["AS 2S 3S", None, 7, {"AS": 1}])
def test_a_deck_is_a_list(bad: Any) -> None:
    assert codes(decks.deck_problems(bad)) == ["caravan-deck-not-a-list"]


def test_every_problem_at_once() -> None:
    problems = decks.deck_problems(["KS", "KS", "QS/E"])
    assert sorted(codes(problems)) == sorted(
        [
            "caravan-deck-bad-set",
            "caravan-deck-duplicate",
            "caravan-deck-too-small",
            "caravan-deck-few-numerals",
        ]
    )
    assert all(isinstance(p, ValueError) for p in problems)


# -- value --------------------------------------------------------------------


def test_caravan_value_from_the_contract() -> None:
    assert rules.caravan_value([("4S", ["KH", "KD"])]) == 16


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("", 0),
        ("AS", 1),
        ("10H 9H 2C", 21),
        ("4S:KH", 8),
        ("4S:KH,KD,KC", 32),
        ("4S:QH,X1 7D", 11),
        ("AS:KC 10D:KH,KS", 42),
    ],
)
def test_value_sums_numerals_doubled_per_king(text: str, value: int) -> None:
    assert rules.caravan_value(caravan(text)) == value


def test_helpers_accept_lists_for_pairs() -> None:
    assert rules.caravan_value([["4S", ["KH", "KD"]], ["2C", ()]]) == 18
    assert rules.can_play_numeral([["4S", []], ["6S", []]], "9H")
    assert not rules.can_play_numeral([["4S", []], ["6S", []]], "2H")


@pytest.mark.parametrize(
    "bad",
    [
        [("KS", [])],  # a face card as the numeral
        [("4S", ["5H"])],  # a numeral card as a face card
        [("4S",)],
        [("4S", "KH")],
        [("ZZ", [])],
        [("4S", ["K"])],
        "4S",
        [None],
        7,
    ],
)
def test_helpers_refuse_malformed_caravans(bad: Any) -> None:
    with pytest.raises(InvalidCard):
        rules.caravan_value(bad)
    with pytest.raises(ValueError):
        rules.can_play_numeral(bad, "4S")


def test_can_play_numeral_refuses_a_malformed_card() -> None:
    with pytest.raises(InvalidCard):
        rules.can_play_numeral([], "11S")


@pytest.mark.parametrize(
    ("value", "status"),
    [(1, "light"), (20, "light"), (21, "sold"), (26, "sold"), (27, "bust"), (99, "bust")],
)
def test_status(value: int, status: str) -> None:
    assert rules.status_of(caravan("AS"), value) == status
    assert rules.status_of([], 0) == "empty"


# -- what may follow ----------------------------------------------------------


def test_an_empty_caravan_takes_any_numeral() -> None:
    for card in ("AS", "10H", "5D"):
        assert rules.can_play_numeral([], card)


def test_face_cards_are_never_played_as_numerals() -> None:
    for card in ("JS", "QH", "KD", "X1"):
        assert not rules.can_play_numeral([], card)
        assert not rules.can_play_numeral(caravan("4S"), card)


@pytest.mark.parametrize("card", ["4S", "4H", "4D", "4C"])
def test_the_same_value_never_follows_whatever_the_suit(card: str) -> None:
    assert not rules.can_play_numeral(caravan("4S"), card)
    assert not rules.can_play_numeral(caravan("2S 4S"), card)
    assert not rules.can_play_numeral(caravan("8S 4S"), card)
    problem = rules.numeral_problem(caravan("2S 4S"), card)
    assert problem is not None and problem.code == "caravan-same-value"
    assert problem.params == {"card": card, "last": "4S"}


def test_the_second_card_may_go_either_way_in_any_suit() -> None:
    for card in ("AH", "3D", "5C", "10S"):
        assert rules.can_play_numeral(caravan("4S"), card)


def test_from_the_third_card_the_direction_holds() -> None:
    up = caravan("2S 5H")
    assert rules.direction_of(up) == "up"
    assert rules.can_play_numeral(up, "6D")
    assert rules.can_play_numeral(up, "10C")
    assert not rules.can_play_numeral(up, "4D")
    assert not rules.can_play_numeral(up, "AC")
    down = caravan("9S 5H")
    assert rules.direction_of(down) == "down"
    assert rules.can_play_numeral(down, "4D")
    assert not rules.can_play_numeral(down, "6D")
    problem = rules.numeral_problem(down, "6D")
    assert problem is not None and problem.code == "caravan-wrong-direction"
    assert problem.params == {
        "card": "6D",
        "last": "5H",
        "direction": "down",
        "suit": "H",
    }


def test_a_card_of_the_suit_may_reverse_the_direction() -> None:
    up = caravan("2S 5H")
    # 3♥ goes against the direction but matches the suit ...
    assert rules.can_play_numeral(up, "3H")
    turned = caravan("2S 5H 3H")
    # ... and turns the caravan downwards.
    assert rules.direction_of(turned) == "down"
    assert rules.can_play_numeral(turned, "2D")
    assert not rules.can_play_numeral(turned, "4D")
    assert rules.can_play_numeral(turned, "9H")


def test_the_direction_is_read_from_the_last_two_cards_only() -> None:
    # Up, up, then down by suit: only 8♣ → 6♣ counts.
    long = caravan("AS 4S 8C 6C")
    assert rules.direction_of(long) == "down"
    assert rules.suit_of(long) == "C"


def test_a_queen_reverses_the_direction_and_sets_the_suit() -> None:
    queened = caravan("2S 5H:QD")
    assert rules.direction_of(queened) == "down"
    assert rules.suit_of(queened) == "D"
    assert rules.can_play_numeral(queened, "3C")  # continues the new direction
    assert not rules.can_play_numeral(queened, "7C")
    assert rules.can_play_numeral(queened, "9D")  # the Queen's suit
    assert not rules.can_play_numeral(queened, "9H")  # the card's own suit no longer counts


def test_stacked_queens_reverse_once_each() -> None:
    twice = caravan("2S 5H:QD,QC")
    assert rules.direction_of(twice) == "up"
    assert rules.suit_of(twice) == "C"
    assert rules.can_play_numeral(twice, "7S")
    assert not rules.can_play_numeral(twice, "3S")
    assert rules.can_play_numeral(twice, "3C")
    thrice = caravan("2S 5H:QD,QC,QS")
    assert rules.direction_of(thrice) == "down"
    assert rules.suit_of(thrice) == "S"


def test_other_face_cards_change_neither_direction_nor_suit() -> None:
    kinged = caravan("2S 5H:KD,X1")
    assert rules.direction_of(kinged) == "up"
    assert rules.suit_of(kinged) == "H"


def test_a_queen_under_the_last_card_counts_no_more() -> None:
    old = caravan("2S:QD 5H")
    assert rules.direction_of(old) == "up"
    assert rules.suit_of(old) == "H"


def test_one_card_with_a_queen_has_a_suit_but_no_direction() -> None:
    single = caravan("5H:QD")
    assert rules.direction_of(single) is None
    assert rules.suit_of(single) == "D"
    # As with any second card, every other value goes.
    for card in ("AS", "4C", "9H", "10D"):
        assert rules.can_play_numeral(single, card)
    assert not rules.can_play_numeral(single, "5D")


def test_two_equal_cards_brought_together_by_a_jack_set_no_direction() -> None:
    # 5♠ 8♥ 5♦ lost its 8♥ to a Jack.
    joined = caravan("5S 5D")
    assert rules.direction_of(joined) is None
    assert rules.suit_of(joined) == "D"
    assert rules.can_play_numeral(joined, "2C")
    assert rules.can_play_numeral(joined, "9H")
    assert not rules.can_play_numeral(joined, "5C")


def test_suit_and_direction_of_an_empty_caravan() -> None:
    assert rules.direction_of([]) is None
    assert rules.suit_of([]) is None
    assert rules.direction_of(caravan("7S")) is None
    assert rules.suit_of(caravan("7S")) == "S"


# -- face cards ---------------------------------------------------------------


def test_a_queen_goes_only_on_the_last_card() -> None:
    row = caravan("2S 5H 9H")
    assert rules.face_targets(row, "QC") == [2]
    problem = rules.face_problem(row, "QC", 0)
    assert problem is not None and problem.code == "caravan-queen-last-only"
    assert rules.face_targets(row, "KC") == [0, 1, 2]
    assert rules.face_targets(row, "X2") == [0, 1, 2]
    assert rules.face_targets(row, "JD") == [0, 1, 2]


def test_three_face_cards_at_most_but_a_jack_always_goes() -> None:
    row = caravan("2S:KC,KD,QH 5H:KS,KH,QC")
    assert rules.face_targets(row, "KH") == []
    assert rules.face_targets(row, "QS") == []
    assert rules.face_targets(row, "X1") == []
    assert rules.face_targets(row, "JC") == [0, 1]
    problem = rules.face_problem(row, "KH", 1)
    assert problem is not None and problem.code == "caravan-face-limit"
    assert problem.params == {"card": "5H", "max": 3}
    assert rules.face_targets(caravan("2S:KC,KD 5H:KS,KH,QC"), "KD") == [0]


def test_joker_on_an_ace_takes_every_other_card_of_its_suit() -> None:
    table = [
        [caravan("AS 6S"), caravan("7D 9S"), caravan("")],
        [caravan("AS:KH 3C"), caravan("2S 4H"), caravan("10S")],
    ]
    victims = rules.joker_victims(table, 0, 0, 0)
    assert victims == [(0, 0, 1), (0, 1, 1), (1, 0, 0), (1, 1, 0), (1, 2, 0)]


def test_joker_on_a_number_takes_every_other_card_of_its_value() -> None:
    table = [
        [caravan("4S 6S"), caravan("4D"), caravan("AH 4H")],
        [caravan("4C 3C"), caravan("AS"), caravan("4S")],
    ]
    assert rules.joker_victims(table, 1, 0, 0) == [(0, 0, 0), (0, 1, 0), (0, 2, 1), (1, 2, 0)]
    # A joker on a 2–10 leaves aces alone, even of its suit.
    assert rules.joker_victims(table, 0, 0, 1) == []


# -- pairs --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "holder"),
    [
        (21, 27, 0),  # sold beats bust
        (30, 26, 1),
        (23, 12, 0),  # sold beats light
        (0, 21, 1),  # sold beats empty
        (24, 22, 0),  # the higher of two sold
        (21, 26, 1),
        (24, 24, None),  # equal sold values leave it open
        (20, 27, None),  # nothing sold
        (0, 0, None),
        (30, 40, None),
    ],
)
def test_pair_holder(first: int, second: int, holder: int | None) -> None:
    assert rules.pair_holder(first, second) == holder


@pytest.mark.parametrize(
    ("holders", "winner"),
    [
        ([0, 0, 1], 0),
        ([1, 0, 1], 1),
        ([1, 1, 1], 1),
        ([0, None, 0], None),
        ([None, None, None], None),
    ],
)
def test_game_winner_needs_all_three_pairs(holders: list[int | None], winner: int | None) -> None:
    assert rules.game_winner(holders) == winner


def test_hand_sort_order() -> None:
    hand = ["X2", "KS", "QD", "JC", "10H", "AS", "X1", "2C", "2S", "QS", "AD"]
    assert sorted(hand, key=rules.sort_key) == [
        "AS",
        "AD",
        "2S",
        "2C",
        "10H",
        "JC",
        "QS",
        "QD",
        "KS",
        "X1",
        "X2",
    ]
