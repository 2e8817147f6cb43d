"""``loads`` of Krendzu: every state of real matches loads back; impossible
states are refused with an ``InvalidState`` naming the part at fault but no
card; randomly damaged states are refused or work (see ``games.krendzu.validate``;
the checks are in ``loads_checks``)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from games import registry
from games.core.cards import RANKS_36, make_deck
from games.core.protocol import Game
from games.krendzu.state import KrendzuState
from tests.games import loads_checks as checks
from tests.games.loads_checks import Data

GAME: Game[KrendzuState] = registry.get("krendzu")
DEFENDERS = {"variant": "two_defenders"}
#: Tables played: seats and options (three players in both variants).
PLAN = [(2, {}), (3, {}), (3, DEFENDERS), (4, {})]
#: The 36 cards: no refusal may name one.
CARDS = make_deck(RANKS_36)
#: Odd values a mutated leaf may get besides every game's (ints and strings).
ODD = checks.Odd(CARDS, ints=(7,), strings=("6S", "AH", "play", "two", "defend"))
#: The edits of a state's plain data that the cases below are written with.
_set = checks.set_at


# -- real states load back ----------------------------------------------------


@pytest.mark.parametrize(("seats", "options"), PLAN)
def test_every_state_of_random_matches_loads_back(seats: int, options: dict[str, str]) -> None:
    for seed in range(3):
        checks.check_loads_back(GAME, checks.playout(GAME, seats, options, seed))


# -- one refusal per kind of impossibility -------------------------------------


def find(pred: Callable[[KrendzuState], bool]) -> KrendzuState:
    """The first state of a 2-seat match for which ``pred`` holds."""
    found: KrendzuState = checks.first_state(GAME, pred, 2, {})
    return found


def _play(state: KrendzuState) -> bool:
    return state.phase == "play" and not state.pending and len(state.cells) >= 3


def _announce(state: KrendzuState) -> bool:
    return state.phase == "announce" and state.announced == [None, None]


def _discard(state: KrendzuState) -> bool:
    return state.phase == "discard" and state.turn is not None and bool(state.marked[state.turn])


def _scored(state: KrendzuState) -> bool:
    return _play(state) and bool(state.scored)


def _second_tour(state: KrendzuState) -> bool:
    return _play(state) and state.tour == 2


def _duplicate(data: Data) -> None:
    data["aside"][0] = data["hands"][0][0]


def _reverse_hand(data: Data) -> None:
    data["hands"][0].reverse()


def _mark_foreign(data: Data) -> None:
    other = 1 - data["turn"]
    data["marked"][data["turn"]] = [data["hands"][other][0]]


def _mark_other(data: Data) -> None:
    other = 1 - data["turn"]
    data["marked"][other] = [data["hands"][other][0]]


def _stack(data: Data) -> None:
    data["cells"][-1]["x"], data["cells"][-1]["y"] = data["cells"][0]["x"], data["cells"][0]["y"]


def _frontier_short(data: Data) -> None:
    data["frontier"].pop()


def _discard_in_play(data: Data) -> None:
    data["discards"][0] = [data["hands"][0].pop()]


def _bend_window(data: Data) -> None:
    window = data["scored"][0]["cells"]
    window[3] = window[2]


def _skip_pos(data: Data) -> None:
    data["pos"] = 1 - data["pos"]


def _done_discarding(data: Data) -> None:
    data["done"][data["turn"]] = True


def _announce_none(data: Data) -> None:
    data["announced"][data["turn"]] = 0


def _pending(data: Data) -> None:
    data["pending"] = True


CASES: list[tuple[str, Callable[[KrendzuState], bool], Callable[[Data], None], str]] = [
    # The 36 cards.
    ("unknown hand card", _play, _set("hands.0.0", "1S"), "seat 0's hand holds a card"),
    ("unknown field card", _play, _set("cells.0.card", "X9"), "the field holds a card"),
    ("unknown aside card", _play, _set("aside.0", "17H"), "aside holds a card"),
    ("a card twice", _play, _duplicate, "each of the 36 cards once"),
    ("a card missing", _play, lambda data: data["aside"].pop(), "each of the 36 cards once"),
    ("hands one short", _play, lambda data: data["hands"].pop(), "hands has 1 entries, not 2"),
    ("hand order", _play, _reverse_hand, "seat 0's hand is not in hand order"),
    ("mark a card of another", _discard, _mark_foreign, "marked cards are not cards of its hand"),
    ("mark out of turn", _discard, _mark_other, "a seat that is not discarding has marked"),
    # The table.
    ("seats", _play, _set("seats", 5), "seats is 5, not 2 to 4"),
    ("variant", _play, _set("variant", "three_ways"), "variant is none of"),
    ("tours", _play, _set("tours", 0), "tours is 0, not 1 to 6"),
    ("tour", _play, _set("tour", 3), "tour is 3, not 1 to 2"),
    ("hand", _play, _set("hand", 20), "hand is 20, not 9 to 14"),
    ("handicap", _play, _set("handicap", 0), "handicap is 0, not 1 or 2"),
    ("exchange", _play, _set("exchange", 9), "exchange is 9, not 0 to 5"),
    ("exchange not allowed", _announce, _set("exchange", 0), "though none is allowed"),
    ("phase", _play, _set("phase", "setup"), "phase is none of"),
    ("turn out of range", _play, _set("turn", 2), "turn is 2, not 0 to 1"),
    ("no turn while playing", _play, _set("turn", None), "turn is None"),
    ("pos", _play, _set("pos", 4), "pos is 4, not 0 to 1"),
    ("turn not at pos", _play, _skip_pos, "turn is not the seat at pos"),
    # The field.
    ("card far away", _play, _set("cells.-1.y", 99), "more than 35 cells from the centre"),
    ("two cards on a cell", _play, _stack, "two field cards lie on one cell"),
    ("frontier", _play, _frontier_short, "the frontier is not the field's"),
    ("last seat", _play, _set("last.seat", 3), "the last move's seat is 3"),
    ("last kind", _play, _set("last.kind", "jump"), "the last move's kind is none of"),
    ("last cells", _play, _set("last.cells", [[0, 0], [0, 1]]), "the last move holds 2 cells"),
    ("last off the field", _play, _set("last.cells", [[0, 99]]), "the last move's cells"),
    ("pending", _play, _pending, "pending does not match the last move"),
    ("window bent", _scored, _bend_window, "scored window 0 is not four field cards"),
    ("window seat", _scored, _set("scored.0.seat", 7), "scored window 0's seat is 7"),
    # The exchange.
    ("announced count", _discard, _set("announced.0", 9), "seat 0's announced count is 9"),
    ("discard twice", _discard, _done_discarding, "the seat to discard has discarded already"),
    ("marked too many", _discard, _announce_none, "marked more cards than it announced"),
    ("discard in play", _play, _discard_in_play, "seat 0 has 1 cards discarded, not 0 to 0"),
    # Points, summaries, winners.
    ("tour points", _scored, _set("tour_points.0", -1), "tour_points holds a negative"),
    ("summary tour", _second_tour, _set("last_tour.tour", 5), "summary is of tour 5"),
    ("summary roles", _second_tour, _set("last_tour.roles.0", "lead"), "roles are not attack"),
    ("winners while playing", _play, _set("winners", [0]), "winners are set while playing"),
    ("over without winners", GAME.is_over, _set("winners", []), "over without winners"),
    # Events the views pass on.
    ("event seat", _play, _set("events.0.seat", 2), "event's seat is 2"),
    ("event card", _play, _set("events.0.public.card", "1S"), "impossible card"),
    ("event scorers", _play, _set("events.0.public.scorers", [5]), "impossible scorers"),
    ("event tour", _play, _set("events.0.public.tour", "two"), "impossible tour"),
    ("event cells", _play, _set("events.0.public.cells", [[1]]), "impossible cells"),
]


@checks.by_name(CASES, "pred", "change", "message")
def test_an_impossible_state_is_refused_by_name(
    pred: Callable[[KrendzuState], bool], change: Callable[[Data], None], message: str
) -> None:
    assert message in checks.refusal(GAME, find(pred), change, CARDS)


def test_a_refusal_for_a_repeated_card_names_no_card() -> None:
    """The card twice is a real one, and the message still does not name it."""
    state = find(_play)
    card = checks.data_of(GAME, state)["hands"][0][0]
    assert card not in checks.refusal(GAME, state, _duplicate, CARDS).split()


# -- damaged states are refused or work -----------------------------------------


@pytest.mark.parametrize(("seats", "options"), PLAN)
def test_damaged_states_are_refused_or_work(seats: int, options: dict[str, str]) -> None:
    states = random.Random(seats).choices(checks.playout(GAME, seats, options, seed=0), k=400)
    refused, accepted = checks.fuzz(GAME, states, ODD, per_state=1, seed=seats)
    assert accepted > 30 and refused > 30, (refused, accepted)
