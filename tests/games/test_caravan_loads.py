"""Caravan ``loads`` on odd input: real states load back equal, impossible ones
are refused with an ``InvalidState`` that says what is wrong and names no card,
and a state it accepts never makes a public method fail with anything but a
``GameError`` (the checks are in ``loads_checks``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games import registry
from games.caravan.decks import standard_deck, tag
from games.caravan.rules import VALUE
from games.caravan.state import CaravanState
from tests.games import loads_checks as checks
from tests.games.loads_checks import Edit

GAME = registry.get("caravan")
CARDS = standard_deck()
#: Seat 0's own deck: a whole set B and the numeral cards of spades and hearts from sets A and C.
OWN_DECK = [tag(card, "B") for card in CARDS] + [
    tag(card, card_set) for card_set in "AC" for card in CARDS if card in VALUE and card[-1] in "SH"
]
TABLES: list[dict[str, Any]] = [
    {},
    {"best_of": 3},
    {"best_of": 5, "decks": "own", "custom_decks": [OWN_DECK, None]},
]
#: Odd values a mutated leaf may get besides every game's (ints and strings).
ODD = checks.Odd(
    CARDS, ints=(5,), strings=("B2", "b1", "extend", "play", "KS/B", "KS/Z", "opening")
)
#: The edits of a state's plain data that the tables below are written with.
_set, _event = checks.set_at, checks.in_event


def _states() -> list[CaravanState]:
    return [
        s for seed, options in enumerate(TABLES) for s in checks.playout(GAME, 2, options, seed)
    ]


def _find(
    test: Callable[[CaravanState], bool], options: dict[str, Any] | None = None
) -> CaravanState:
    """The first state of a seeded playout (or of a few) for which ``test`` holds."""
    found: CaravanState = checks.first_state(GAME, test, 2, options or {})
    return found


@pytest.fixture(scope="module")
def mid_game() -> CaravanState:
    """The main phase right after a play that drew a card, with cards on both sides."""
    return _find(
        lambda s: (
            s.phase == "main"
            and s.last is not None
            and s.last.kind == "play"
            and any(e.kind == "draw" for e in s.events)
            and all(any(row) for row in s.caravans)
        )
    )


@pytest.fixture(scope="module")
def opening() -> CaravanState:
    """The opening round with three caravans started."""
    return _find(
        lambda s: s.phase == "opening" and sum(map(bool, s.caravans[0] + s.caravans[1])) == 3
    )


@pytest.fixture(scope="module")
def second_game() -> CaravanState:
    """The first state of game 2 of a best-of-3 match."""
    return _find(
        lambda s: s.game_no == 2 and any(e.kind == "game_end" for e in s.events), {"best_of": 3}
    )


@pytest.mark.parametrize("options", TABLES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_state_of_a_playout_loads_back_equal(options: dict[str, Any], seed: int) -> None:
    checks.check_loads_back(GAME, checks.playout(GAME, 2, options, seed))


# -- edits of a state's plain data ------------------------------------------------


def _take(data: dict[str, Any], test: Callable[[str], bool]) -> str:
    """Remove the first card passing ``test`` from seat 0's deck, and return it."""
    deck = data["decks"][0]
    card: str = next(c for c in deck if test(c))
    deck.remove(card)
    return card


def _started(data: dict[str, Any]) -> list[Any]:
    """Seat 0's first caravan with cards."""
    return next(caravan for caravan in data["caravans"][0] if caravan)


def _face_as_numeral(data: dict[str, Any]) -> None:
    _started(data)[0][0] = _take(data, lambda c: c not in VALUE)


def _jack_on_a_card(data: dict[str, Any]) -> None:
    _started(data)[0][1].append(_take(data, lambda c: c[0] == "J"))


def _four_faces(data: dict[str, Any]) -> None:
    _started(data)[0][1].extend(_take(data, lambda c: c[0] in "QK") for _ in range(4))


def _twice_in_own_deck(data: dict[str, Any]) -> None:
    data["decks"][0].append(data["decks"][0][0])


def _three_in_sight(data: dict[str, Any]) -> None:
    # A numeral card in both draw piles gets a third copy on seat 0's table.
    card = next(c for c in data["decks"][0] if c in VALUE and c in data["decks"][1])
    data["caravans"][0][0].append([card, []])


def _all_pairs_held(data: dict[str, Any]) -> None:
    # Seat 0 sells all three caravans with 10, 9, 3 of a suit; the cards leave hands and decks.
    built = [[f"{rank}{suit}" for rank in ("10", "9", "3")] for suit in "SHD"]
    used = {card for caravan in built for card in caravan}
    for cards in (*data["hands"], *data["decks"]):
        cards[:] = [c for c in cards if c not in used]
    data["caravans"] = [[[[card, []] for card in caravan] for caravan in built], [[], [], []]]


def _stuck(data: dict[str, Any]) -> None:
    turn = data["turn"]
    data["hands"][turn] = []
    data["caravans"][turn] = [[], [], []]


def _two_cards_in_opening(data: dict[str, Any]) -> None:
    _started(data).append([_take(data, lambda c: c in VALUE), []])


# Each: (what is wrong, the edit of a main-phase state, words the message must hold).
MID_GAME: list[tuple[str, Edit, str]] = [
    ("unknown card", _set(["hands", 1, 0], "1S"), "hand or deck 1 holds a card"),
    ("unknown card on table", lambda d: _started(d)[0].__setitem__(0, "ZZ"), "caravans hold"),
    ("face as numeral", _face_as_numeral, "has no numeral card at 0"),
    ("jack stays", _jack_on_a_card, "cannot stay on a numeral card"),
    ("four faces", _four_faces, "more than 3 face cards"),
    ("twice from a standard deck", _twice_in_own_deck, "more often than its own deck"),
    ("three in sight", _three_in_sight, "in sight more often than both decks"),
    ("hands short", lambda d: d["hands"].pop(), "hands has 1 entries, not 2"),
    ("decks long", lambda d: d["decks"].append([]), "decks has 3 entries, not 2"),
    ("own decks short", lambda d: d["own_decks"].pop(), "own_decks has 1 entries"),
    ("wins short", lambda d: d["wins"].pop(), "wins has 1 entries"),
    ("rows short", lambda d: d["caravans"].pop(), "caravans: 1 rows, not 2"),
    ("caravans short", lambda d: d["caravans"][1].pop(), "row 1 has 2 caravans, not 3"),
    ("hand too big", lambda d: d["hands"][0].extend(d["decks"][0][:4]), "not at most 8"),
    ("best_of", _set(["best_of"], 2), "best_of is 2, not one of [1, 3, 5]"),
    ("phase", _set(["phase"], "KS"), "phase is not one of"),
    ("turn", _set(["turn"], 5), "turn is 5, not 0 to 1"),
    ("turn missing", _set(["turn"], None), "turn is None"),
    ("first", _set(["first"], 3), "first is 3, not 0 to 1"),
    ("game_no", _set(["game_no"], 4), "game_no is 4, not 1"),
    ("wins decided", _set(["wins"], [0, 1]), "game_no is 1, not 2"),
    ("winners", _set(["winners"], [0]), "winners are named though the match goes on"),
    ("discard negative", _set(["discard"], -1), "discard is -1"),
    ("discard too big", _set(["discard"], 200), "discard is 200, not 0 to"),
    ("all pairs held", _all_pairs_held, "every pair is held though the game goes on"),
    ("no move", _stuck, "the seat to move has no card and no caravan"),
    ("last kind", _set(["last", "kind"], "QS"), "last kind is not a move"),
    ("last owner", _set(["last", "owner"], 2), "last owner is 2, not 0 to 1"),
    ("last pair", _set(["last", "pair"], 3), "last pair is 3, not 0 to 2"),
    ("last pos", _set(["last", "pos"], 40), "last pos is 40"),
    ("last card", _set(["last", "card"], "1S"), "last card is not a card"),
    ("last discard", _set(["last", "kind"], "discard"), "last names a caravan for a discard"),
    ("last removed", _set(["last", "removed"], -2), "last removed is -2"),
    ("event kind", _event("play", _set(["kind"], "AS")), "event's kind is not one of"),
    ("event seat", _event("play", _set(["seat"], 2)), "the play event's seat is 2"),
    ("event no seat", _event("draw", _set(["seat"], None)), "the draw event names no seat"),
    ("event pair", _event("play", _set(["public", "pair"], 3)), "an impossible pair"),
    ("event card", _event("draw", _set(["private", "card"], "1S")), "an impossible card"),
    ("event fields", _event("play", lambda e: e["public"].pop("pos")), "play event's fields"),
]


@checks.by_name(MID_GAME, "edit", "expected")
def test_an_impossible_state_is_refused_by_name(
    mid_game: CaravanState, edit: Edit, expected: str
) -> None:
    assert expected in checks.refusal(GAME, mid_game, edit, CARDS)


OPENING: list[tuple[str, Edit, str]] = [
    ("two cards", _two_cards_in_opening, "more than a card each in the opening round"),
    ("hand size", lambda d: d["decks"][0].append(d["hands"][0].pop()), "hand 0 holds"),
    ("turn", lambda d: d.__setitem__("turn", 1 - d["turn"]), "do not agree with the turn"),
    ("no numerals", lambda d: d["hands"][0].clear(), "hand 0 holds 0 cards"),
]


@checks.by_name(OPENING, "edit", "expected")
def test_an_impossible_opening_is_refused(opening: CaravanState, edit: Edit, expected: str) -> None:
    assert expected in checks.refusal(GAME, opening, edit, CARDS)


BETWEEN_GAMES: list[tuple[str, Edit, str]] = [
    ("summary winner", _set(["last_game", "winner"], 5), "last_game winner is 5"),
    ("summary pairs", _set(["last_game", "pairs"], [0]), "last_game pairs has 1 entries"),
    ("summary holder", _set(["last_game", "pairs", 0], 4), "last_game pairs name no seat"),
    ("summary game", _set(["last_game", "game_no"], 9), "last_game is game 9, not 1 to 2"),
    ("summary table", _set(["last_game", "caravans"], []), "last_game caravans: 0 rows"),
    ("event winner", _event("game_end", _set(["public", "winner"], 7)), "impossible winner"),
    ("event wins", _event("game_end", _set(["public", "wins"], [1])), "impossible wins"),
    ("event first", _event("game_start", _set(["public", "first"], -1)), "impossible first"),
    ("event seat", _event("game_start", _set(["seat"], 0)), "the game_start event names a seat"),
]


@checks.by_name(BETWEEN_GAMES, "edit", "expected")
def test_an_impossible_summary_is_refused(
    second_game: CaravanState, edit: Edit, expected: str
) -> None:
    assert expected in checks.refusal(GAME, second_game, edit, CARDS)


def _play_on(data: dict[str, Any]) -> None:
    data.update(phase="main", turn=0, game_no=data["game_no"] + 1)


def test_a_state_after_the_match_is_checked_too() -> None:
    final = checks.playout(GAME, 2, {}, seed=3)[-1]
    for edit, expected in [
        (_set(["turn"], 0), "turn is set though the match is over"),
        (_set(["winners"], []), "winners do not agree with wins"),
        (_play_on, "wins name a match winner though the match goes on"),
        (lambda d: d["last_game"]["caravans"].reverse(), "last_game is not the final game"),
    ]:
        assert expected in checks.refusal(GAME, final, edit, CARDS)


OWN_DECKS: list[tuple[str, Edit, str]] = [
    ("unknown", _set(["own_decks", 0, 0], "1S"), "own deck 0 holds a card this game has not"),
    ("small", lambda d: d["own_decks"][0].__delitem__(slice(20, None)), "has 20 cards, not 30"),
    ("four copies", lambda d: d["own_decks"][0].extend(["AS"] * 2), "more than 3 times"),
    (
        "no numerals",
        _set(["own_decks", 0], [c for c in CARDS if c not in VALUE] * 3),
        "has 0 numeral cards, not at least 3",
    ),
    ("not from it", _set(["own_decks", 0], None), "more often than its own deck"),
]


@checks.by_name(OWN_DECKS, "edit", "expected")
def test_an_impossible_own_deck_is_refused(edit: Edit, expected: str) -> None:
    state = GAME.new_game(2, TABLES[2], seed=5)
    assert expected in checks.refusal(GAME, state, edit, CARDS)


def test_odd_states_are_refused_or_handled() -> None:
    sample = random.Random(7).sample(_states(), 70)
    refused, accepted = checks.fuzz(GAME, sample, ODD, per_state=40, seed=11)
    # Both branches must have been taken for the test to mean something.
    assert refused > 200 and accepted > 100, (refused, accepted)
