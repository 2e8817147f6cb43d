"""Klac! ``loads`` on odd input: real states load back equal, impossible ones are
refused with an ``InvalidState`` that says what is wrong and names no card, and
a state it accepts never makes a public method fail with anything but a
``GameError`` (the checks are in ``loads_checks``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import registry
from games.klac.cards import CARD_CODES
from tests.games import loads_checks as checks
from tests.games.loads_checks import Edit

GAME = registry.get("klac")
#: (seats, options) of the playouts: small and large tables, short and long matches.
TABLES: list[tuple[int, dict[str, Any]]] = [(2, {}), (3, {"target": 50}), (6, {"target": 100})]
#: Odd values a mutated leaf may get besides every game's (ints and strings).
ODD = checks.Odd(CARD_CODES, ints=(5,), strings=("B2", "b1", "extend", "play"))
#: The edits of a state's plain data that the tables below are written with.
_set, _event = checks.set_at, checks.in_event


def _states() -> list[Any]:
    return [
        s for seats, options in TABLES for s in checks.playout(GAME, seats, options, seed=seats)
    ]


@pytest.fixture(scope="module")
def mid_round() -> Any:
    """A state of round 2 or later with a play on the table and cards in the deck."""
    states = checks.playout(GAME, 3, {"target": 100}, seed=4)
    return next(s for s in states if s.round >= 2 and s.last is not None and len(s.deck) > 20)


@pytest.mark.parametrize(("seats", "options"), TABLES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_state_of_a_playout_loads_back_equal(
    seats: int, options: dict[str, Any], seed: int
) -> None:
    checks.check_loads_back(GAME, checks.playout(GAME, seats, options, seed))


def _swap_hand_card(data: dict[str, Any]) -> None:
    # Another real card: codes stay valid, but one card is doubled and one gone.
    hand = data["hands"][0]
    hand[0] = next(code for code in CARD_CODES if code != hand[0])


def _first_row(data: dict[str, Any]) -> list[list[str]]:
    return next(row for row in data["rows"] if row)


def _mix_colours(data: dict[str, Any]) -> None:
    # A card of another colour moves from the deck onto a stack: all 90 stay in play.
    stack = _first_row(data)[0]
    card = next(c for c in data["deck"] if c[0] != stack[-1][0])
    data["deck"].remove(card)
    stack.append(card)


def _repeat_top(data: dict[str, Any]) -> None:
    # A copy of a stack's top card moves from the deck into a new stack of that row.
    row = _first_row(data)
    data["deck"].remove(row[0][-1])
    row.append([row[0][-1]])


# Each: (what is wrong, the edit of a mid-round state, words the message must hold).
IMPOSSIBLE: list[tuple[str, Edit, str]] = [
    ("unknown card", lambda d: d["hands"][1].__setitem__(0, "B2"), "hand 1 holds a card"),
    ("unknown card in deck", lambda d: d["deck"].append("O3"), "the deck holds a card"),
    ("card doubled", _swap_hand_card, "do not hold exactly the 90 cards"),
    ("card gone", lambda d: d["deck"].pop(), "do not hold exactly the 90 cards"),
    ("hands short", lambda d: d["hands"].pop(), "hands has"),
    ("rows short", lambda d: d["rows"].pop(), "rows has"),
    ("totals short", lambda d: d["totals"].pop(), "totals has"),
    ("hand too big", lambda d: d["hands"][0].append(d["deck"].pop()), "hand 0 holds 4 cards"),
    ("seats", _set(["seats"], 7), "seats is 7, not 2 to 6"),
    ("target", _set(["target"], 120), "target is 120"),
    ("round", _set(["round"], 0), "round is 0"),
    ("first", _set(["first"], 9), "first is 9"),
    ("turn out of range", _set(["turn"], 99), "turn is 99"),
    ("turn missing", _set(["turn"], None), "turn is None"),
    ("turn when over", _set(["over"], True), "turn is set though the match is over"),
    ("empty stack", lambda d: _first_row(d).append([]), "row 0 has an empty stack"),
    ("mixed colours", _mix_colours, "mixes colours"),
    ("tops repeat", _repeat_top, "shows one number on two stacks"),
    ("last target", _set(["last", "target"], 5), "last target is 5"),
    ("last stack", _set(["last", "stack"], 7), "last stack is 7"),
    ("last how", _set(["last", "how"], "B1"), "last how is not one of"),
    ("last card", _set(["last", "card"], "B2"), "last card is not on top"),
    ("last missing", _set(["last"], None), "last is missing"),
    ("summary round", _set(["last_round", "round"], 5), "last_round is round 5"),
    ("summary scores", _set(["last_round", "scores", 0], 999), "last_round scores"),
    ("summary missing", _set(["last_round"], None), "last_round is missing"),
    ("negative total", _set(["totals", 0], -4), "negative total"),
    ("winners", _set(["winners"], [0]), "winners do not agree"),
    ("event kind", _event("play", _set(["kind"], "G7")), "event's kind is not one of"),
    ("event seat", _event("play", _set(["seat"], 4)), "the play event's seat is 4"),
    ("event field", _event("play", _set(["public", "target"], 30)), "impossible target"),
    ("event card", _event("draw", _set(["private", "card"], "B2")), "impossible card"),
    ("event fields", _event("play", lambda e: e["public"].pop("merged")), "event's fields"),
]


@checks.by_name(IMPOSSIBLE, "edit", "expected")
def test_an_impossible_state_is_refused_by_name(mid_round: Any, edit: Edit, expected: str) -> None:
    assert expected in checks.refusal(GAME, mid_round, edit, CARD_CODES)


def test_a_state_after_the_match_is_checked_too() -> None:
    final = checks.playout(GAME, 2, {"target": 50}, seed=3)[-1]
    checks.refusal(GAME, final, _set(["over"], False), CARD_CODES)
    message = checks.refusal(GAME, final, _set(["winners"], []), CARD_CODES)
    assert "winners do not agree" in message
    message = checks.refusal(GAME, final, _set(["turn"], 0), CARD_CODES)
    assert "turn is set though the match is over" in message


def test_odd_states_are_refused_or_handled() -> None:
    states = _states()
    sample = random.Random(7).sample(states, 80)
    refused, accepted = checks.fuzz(GAME, sample, ODD, per_state=50, seed=11)
    # Both branches must have been taken for the test to mean something.
    assert refused > 200 and accepted > 100, (refused, accepted)
