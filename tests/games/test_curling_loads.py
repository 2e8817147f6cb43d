"""Logical Curling ``loads`` on odd input: real states load back equal, impossible
ones are refused with an ``InvalidState`` that says what is wrong and names no
card, and a state it accepts never makes a public method fail with anything but
a ``GameError`` (the checks are in ``loads_checks``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.core.cards import RANKS_52, make_deck
from games.curling import validate
from games.curling.field import NAMES
from games.curling.game import CurlingGame
from games.curling.state import CurlingState
from tests.games import loads_checks as checks
from tests.games.loads_checks import Edit

GAME = CurlingGame()
#: Every card code of every deck size: no refusal may name one.
CARD_CODES = make_deck(RANKS_52, jokers=2)
TABLES: list[dict[str, Any]] = [
    {"variant": "dice", "ends": 2},
    {"variant": "cards", "deck": 36, "ends": 2},
    {"variant": "cards", "deck": 52, "ends": 2},
    {"variant": "cards", "deck": 54, "ends": 2},
]
#: Odd values a mutated leaf may get besides every game's: ints near the game's
#: bounds, cells off the field, words of the game, and real cells in wrong places.
ODD = checks.Odd(
    CARD_CODES,
    ints=(5, 6, 8, 9, 16, 17),
    strings=("a0", "d0", "i4", "h13", "null", "aim", "red"),
    codes=NAMES,
)
#: The edits of a state's plain data that the tables below are written with.
_set, _event = checks.set_at, checks.in_event


def _find(test: Callable[[CurlingState], bool], options: dict[str, Any]) -> CurlingState:
    """The first state of a seeded playout (or of a few) for which ``test`` holds."""
    found: CurlingState = checks.first_state(GAME, test, 2, options)
    return found


def _dice_aim(state: CurlingState) -> bool:
    """Dice ready to throw, mid-end, with stones of both colours and a throw that struck one."""
    seats = {stone.seat for stone in state.stones}
    last = state.last
    return (
        state.phase == "aim"
        and seats == {0, 1}
        and last is not None
        and bool(last.moves)
        and any(e.kind in ("keep", "rethrow") for e in state.events)
    )


def _cards_second(state: CurlingState) -> bool:
    """The second player of a round taking cards while the first holds some."""
    cards = state.cards
    return (
        state.phase == "draw"
        and state.turn == state.hammer
        and cards is not None
        and bool(cards.subs[1 - state.hammer])
        and any(e.kind == "draw" for e in state.events)
    )


def _first_to_draw(state: CurlingState) -> bool:
    """The first player of a round, about to take cards."""
    return state.phase == "draw" and state.turn == 1 - state.hammer and len(state.stones) >= 2


@pytest.fixture(scope="module")
def bases() -> dict[str, CurlingState]:
    dice = {"variant": "dice", "ends": 2}
    cards = {"variant": "cards", "deck": 36, "ends": 2}
    return {
        "dice": _find(_dice_aim, dice),
        "reroll": _find(lambda s: s.phase == "reroll", dice),
        "cards": _find(_cards_second, cards),
        "first": _find(_first_to_draw, cards),
        "over": checks.playout(GAME, 2, cards, seed=1)[-1],
    }


@pytest.mark.parametrize("options", TABLES, ids=["dice", "cards36", "cards52", "cards54"])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_state_of_a_playout_loads_back_equal(options: dict[str, Any], seed: int) -> None:
    checks.check_loads_back(GAME, checks.playout(GAME, 2, options, seed))


def test_the_checks_know_the_lobby_choices() -> None:
    specs = {spec.key: spec.choices for spec in GAME.option_specs}
    assert specs["deck"] == tuple(validate.DECKS)
    assert specs["variant"] == tuple(validate.PHASES)


# -- edits of a state's plain data ------------------------------------------------


def _stone_of(seat: int) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda data: next(s for s in data["stones"] if s["seat"] == seat)


def _two_on_one_cell(data: dict[str, Any]) -> None:
    data["stones"][1]["cell"] = data["stones"][0]["cell"]


def _same_number(data: dict[str, Any]) -> None:
    stones = [s for s in data["stones"] if s["seat"] == data["stones"][0]["seat"]]
    if len(stones) < 2:
        pytest.skip("one stone of that colour")
    stones[1]["n"] = stones[0]["n"]


def _number_past_thrown(data: dict[str, Any]) -> None:
    stone = data["stones"][0]
    stone["n"] = data["thrown"][stone["seat"]] + 1


def _out_past_thrown(data: dict[str, Any]) -> None:
    data["out"][0] = data["thrown"][0] + 1


def _duplicate_card(data: dict[str, Any]) -> None:
    # A real card twice (and one gone): codes stay valid, counts do not.
    data["cards"]["main"][0] = data["cards"]["deck"][0]


def _card_gone(data: dict[str, Any]) -> None:
    data["cards"]["deck"].pop()


def _too_many_subs(data: dict[str, Any]) -> None:
    cards = data["cards"]
    first = 1 - data["hammer"]
    cards["subs"][first] += [cards["deck"].pop() for _ in range(6 - len(cards["subs"][first]))]


def _second_holds_first(data: dict[str, Any]) -> None:
    cards = data["cards"]
    cards["subs"][data["hammer"]].append(cards["deck"].pop())


def _null_last(**fields: Any) -> Edit:
    null: dict[str, Any] = {"seat": 0, "combo": "null", "trajectory": None, "start": None}
    null |= {"numbers": [], "power": 1, "path": [], "moves": [], "foul": False}
    return _set(["last"], {**null, **fields})


def _swap(key: str) -> Edit:
    return lambda data: data[key].reverse()


def _table_of_cards(data: dict[str, Any]) -> None:
    data["cards"] = {"main": [], "subs": [[], []], "deck": [], "discard": []}


# Each: (what is wrong, the base state, the edit, words the message must hold).
IMPOSSIBLE: list[tuple[str, str, Edit, str]] = [
    # options and phase
    ("variant", "dice", _set(["variant"], "chess"), "variant is neither"),
    ("deck size", "dice", _set(["deck_size"], 40), "deck size is 40"),
    ("ends", "dice", _set(["ends"], 3), "3 ends"),
    ("end", "dice", _set(["end"], 0), "end is 0"),
    (
        "phase of the other variant",
        "dice",
        _set(["phase"], "draw"),
        "phase is none of the dice variant's",
    ),
    ("unknown phase", "cards", _set(["phase"], "QS"), "phase is none of the cards variant's"),
    ("hammer", "dice", _set(["hammer"], 2), "hammer is 2"),
    # turn, throws and counts
    ("turn out of range", "dice", _set(["turn"], 5), "turn is 5, not"),
    ("turn of the other seat", "cards", lambda d: d.update(turn=1 - d["turn"]), "turn is"),
    ("nobody to act", "dice", _set(["turn"], None), "turn is None"),
    ("throw_no too high", "dice", _set(["throw_no"], 17), "throw_no is 17, not 1 to 16"),
    ("throw_no zero", "dice", _set(["throw_no"], 0), "throw_no is 0"),
    ("throw_no once over", "over", _set(["throw_no"], 12), "throw_no is 12, not 17"),
    ("thrown past throw_no", "dice", _set(["thrown"], [8, 8]), "thrown do not match throw_no"),
    ("thrown short", "dice", lambda d: d["thrown"].pop(), "stones thrown has 1 entries"),
    ("out short", "dice", lambda d: d["out"].pop(), "stones out has 1 entries"),
    ("out past thrown", "dice", _out_past_thrown, "more stones out than thrown"),
    ("previous power", "dice", _set(["prev_power"], 6), "previous power is 6"),
    ("previous power missing", "dice", _set(["prev_power"], None), "previous power is None"),
    # stones
    ("unknown cell", "dice", _set(["stones", 0, "cell"], "QS"), "no cell of rows 1 to 12"),
    ("start row", "dice", _set(["stones", 0, "cell"], "d0"), "no cell of rows 1 to 12"),
    ("two on one cell", "dice", _two_on_one_cell, "two stones stand on one cell"),
    ("stone seat", "dice", _set(["stones", 0, "seat"], 2), "stone's seat is 2"),
    ("stone number zero", "dice", _set(["stones", 0, "n"], 0), "is number 0"),
    ("stone not yet thrown", "dice", _number_past_thrown, "(thrown)"),
    ("stone number twice", "dice", _same_number, "once each"),
    ("stones unsorted", "dice", _swap("stones"), "listed by colour then throw order"),
    ("stone gone", "dice", lambda d: d["stones"].pop(), "not thrown - out"),
    # dice
    ("die of seven", "dice", _set(["dice", 0], 7), "die is not 1 to 5"),
    ("six kept", "dice", _set(["dice", 0], 6), "die is not 1 to 5"),
    ("die of zero", "reroll", _set(["dice", 0], 0), "die is not 1 to 6"),
    ("dice short", "dice", lambda d: d["dice"].pop(), "dice has 4 entries"),
    ("dice missing", "dice", _set(["dice"], None), "dice are missing"),
    ("dice before the roll", "dice", _set(["phase"], "roll"), "dice are shown"),
    ("six marked", "reroll", lambda d: d.update(dice=[6] * 5, marked=[True] * 5), "six is marked"),
    ("marks once final", "dice", _set(["marked", 0], True), "marked once the dice are final"),
    ("marks short", "dice", lambda d: d["marked"].pop(), "marks has 4 entries"),
    ("dice with cards", "cards", _set(["dice"], [1, 2, 3, 4, 5]), "dice are shown"),
    ("not under way", "dice", _set(["started"], False), "not under way"),
    # cards
    ("unknown card", "cards", _set(["cards", "main", 0], "1S"), "holds a card this game has not"),
    ("card of a bigger deck", "cards", _set(["cards", "deck", 0], "2S"), "card this game has not"),
    ("joker without jokers", "cards", _set(["cards", "discard"], ["X1"]), "card this game has not"),
    ("card twice", "cards", _duplicate_card, "holds a card twice"),
    ("card gone", "cards", _card_gone, "35 cards, not all 36"),
    ("main row short", "cards", lambda d: d["cards"]["main"].pop(), "main cards has 4 entries"),
    ("subs short", "cards", lambda d: d["cards"]["subs"].pop(), "substitution cards has 1"),
    ("too many subs", "cards", _too_many_subs, "substitution cards are held, not at most 5"),
    ("second before first", "first", _second_holds_first, "second player holds cards"),
    ("card table missing", "cards", _set(["cards"], None), "card table is missing"),
    ("card table with dice", "dice", _table_of_cards, "dice variant has a card table"),
    # the last throw
    ("last seat", "dice", _set(["last", "seat"], 2), "last throw's seat is 2"),
    ("last trajectory", "dice", _set(["last", "trajectory"], "loop"), "trajectory is unknown"),
    ("last combination", "dice", _set(["last", "combo"], "royal"), "combination is unknown"),
    ("last start", "dice", _set(["last", "start"], "AC"), "starts on no start cell"),
    ("last numbers", "dice", _set(["last", "numbers"], [9, 9]), "numbers do not fit"),
    ("last power", "dice", _set(["last", "power"], 9), "power is 9"),
    ("last path", "dice", _set(["last", "path", 0], "KD"), "path leaves the field"),
    ("struck seat", "dice", _set(["last", "moves", 0, "seat"], 4), "struck stone is of no seat"),
    ("struck to", "dice", _set(["last", "moves", 0, "dst"], "a0"), "struck stone moved"),
    ("null with a start", "cards", _null_last(start="c0"), "thrown away but has"),
    ("null with dice", "dice", _null_last(), "thrown away in the dice variant"),
    # events
    ("event kind", "dice", _set(["events", 0, "kind"], "QH"), "kind is not one of"),
    ("event seat", "cards", _event("draw", _set(["seat"], 7)), "draw event's seat is 7"),
    (
        "table event seat",
        "over",
        _event("end_over", _set(["seat"], 0)),
        "end_over event names a seat",
    ),
    (
        "event card",
        "cards",
        _event("draw", _set(["public", "card"], "2H")),
        "draw event has an impossible card",
    ),
    (
        "event data",
        "cards",
        _event("draw", lambda e: e["public"].pop("source")),
        "draw event's fields are not",
    ),
    (
        "event hammer",
        "over",
        _event("end_over", _set(["public", "hammer"], 5)),
        "impossible hammer",
    ),
    (
        "event zones",
        "over",
        _event("end_over", _set(["public", "zones"], [[1, 0], [0, 0]])),
        "impossible zones",
    ),
    (
        "event private",
        "cards",
        _event("draw", _set(["private"], {"card": "7S"})),
        "draw event's fields are not",
    ),
    # match and winners
    ("match short", "dice", lambda d: d["match"].pop(), "match score has 1 entries"),
    ("end score", "over", _set(["end_scores", 0], [2, 1]), "end's score is not one side 0"),
    ("extra end untied", "dice", lambda d: d.update(end=3, match=[3, 1]), "extra end"),
    ("winners too soon", "dice", _set(["winners"], [0]), "winners before the match is over"),
    ("no winners", "over", _set(["winners"], []), "winners are not the seat ahead"),
    ("over on a tie", "over", _set(["match"], [2, 2]), "over on a tie"),
    ("over too soon", "over", _set(["end"], 1), "over before its last end"),
]


@checks.by_name(IMPOSSIBLE, "base", "edit", "expected")
def test_an_impossible_state_is_refused_by_name(
    bases: dict[str, CurlingState], base: str, edit: Edit, expected: str
) -> None:
    assert expected in checks.refusal(GAME, bases[base], edit, CARD_CODES)


# -- fuzzing ------------------------------------------------------------------------


def test_odd_states_are_refused_or_handled() -> None:
    states = [
        s for seed, options in enumerate(TABLES) for s in checks.playout(GAME, 2, options, seed)
    ]
    sample = random.Random(5).sample(states, 60)
    refused, accepted = checks.fuzz(GAME, sample, ODD, per_state=25, seed=5)
    # Both branches must have been taken for the test to mean something.
    assert refused > 500 and accepted > 200, (refused, accepted)
