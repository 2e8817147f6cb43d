"""``loads`` of Klotho: every state of real games loads back; impossible states
are refused with an ``InvalidState`` naming the part at fault but no card;
randomly damaged states are refused or work (see ``games.klotho.validate``;
the checks are in ``loads_checks``)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from games import registry
from games.core.cards import RANKS_36, make_deck
from games.core.protocol import Game
from games.klotho.state import KlothoState
from tests.games import loads_checks as checks
from tests.games.loads_checks import Data

GAME: Game[KlothoState] = registry.get("klotho")
CLAIMS = {"scoring": "claim", "full_tie": "shared"}
#: Tables played: seats and options; two games of each.
PLAN = [(seats, options) for seats in (2, 3, 5, 8) for options in ({}, CLAIMS)]
#: The 36 cards: no refusal may name one.
CARDS = make_deck(RANKS_36)
#: Odd values a mutated leaf may get besides every game's (ints and strings).
ODD = checks.Odd(CARDS, ints=(7,), strings=("6S", "AH", "A1", "E5", "main", "over"))
#: The edits of a state's plain data that the cases below are written with.
_set = checks.set_at


def find(pred: Callable[[KlothoState], bool], options: dict[str, str] | None = None) -> KlothoState:
    """The first state of a 4-seat game for which ``pred`` holds."""
    found: KlothoState = checks.first_state(GAME, pred, 4, options or {})
    return found


# -- real states load back ----------------------------------------------------


@pytest.mark.parametrize(("seats", "options"), PLAN)
def test_every_state_of_random_games_loads_back(seats: int, options: dict[str, str]) -> None:
    for seed in range(2):
        checks.check_loads_back(GAME, checks.playout(GAME, seats, options, seed))


# -- one refusal per kind of impossibility -------------------------------------


def _main(state: KlothoState) -> bool:
    return state.phase == "main" and not state.pending and not state.claims


def _placing(state: KlothoState) -> bool:
    placed = [chip for chip in state.chips if chip is not None]
    return state.phase == "placement" and bool(placed) and not state.pending


def _chip_cell(data: Data) -> int:
    """The cell of the first chip on the field."""
    cell: int = next(chip for chip in data["chips"] if chip is not None)
    return cell


def _duplicate(data: Data) -> None:
    data["stock"][0] = data["cards"][0]


def _drop_card(data: Data) -> None:
    data["stock"].pop()


def _field_short(data: Data) -> None:
    data["cards"].pop()
    data["up"].pop()


def _share_cell(data: Data) -> None:
    data["chips"][1] = data["chips"][0]


def _chip_face_down(data: Data) -> None:
    data["up"][_chip_cell(data)] = False


def _all_face_up(data: Data) -> None:
    data["up"] = [True] * len(data["up"])


def _unplace(data: Data) -> None:
    placed = [seat for seat, chip in enumerate(data["chips"]) if chip is not None]
    data["up"][data["chips"][placed[0]]] = False
    data["chips"][placed[0]] = None


def _cornered(data: Data) -> None:
    """The seat to move on A1, hemmed in by the other three chips on face-up
    B1, A2 and B2 (a 4×4 field)."""
    turn = data["turn"]
    others = [seat for seat in range(4) if seat != turn]
    data["chips"][turn] = 0
    for seat, cell in zip(others, (1, 4, 5), strict=True):
        data["chips"][seat] = cell
    for cell in (0, 1, 4, 5):
        data["up"][cell] = True


def _no_proposer_yes(data: Data) -> None:
    data["vote"]["yes"].remove(data["vote"]["proposer"])


def _claim_kinds(data: Data) -> None:
    data["claims"][0]["points"] = len(data["claims"][0]["kinds"]) + 1


CASES: list[tuple[str, Callable[[KlothoState], bool], dict[str, str], Callable[[Data], None], str]]
CASES = [
    # The 36 cards.
    ("unknown card", _main, {}, _set("cards.0", "1S"), "cards (the field) holds a card"),
    ("unknown stock card", _main, {}, _set("stock.0", "X9"), "stock holds a card"),
    ("a card twice", _main, {}, _duplicate, "each of the 36 cards once"),
    ("a card missing", _main, {}, _drop_card, "each of the 36 cards once"),
    ("field one short", _main, {}, _field_short, "cards (the field) has 15 entries, not 16"),
    ("up one short", _main, {}, _set("up", [False] * 15), "up has 15 entries, not 16"),
    # The table.
    ("seats", _main, {}, _set("seats", 9), "seats is 9, not 2 to 8"),
    ("tours", _main, {}, _set("tours", 5), "tours is 5"),
    ("tour", _main, {}, _set("tour", 0), "tour is 0"),
    ("dealer", _main, {}, _set("dealer", 4), "dealer is 4, not 0 to 3"),
    ("phase", _main, {}, _set("phase", "setup"), "phase is none of"),
    ("full tie option", _main, {}, _set("full_tie", "replay"), "full_tie is none of"),
    ("scoring option", _main, {}, _set("scoring", "manual"), "scoring is none of"),
    ("turn out of range", _main, {}, _set("turn", 4), "turn is 4, not 0 to 3"),
    ("no turn while playing", _main, {}, _set("turn", None), "turn is None"),
    # Chips and per-seat lists.
    ("chips one short", _main, {}, _set("chips", [0, 1, 2]), "chips has 3 entries, not 4"),
    ("chip off the field", _main, {}, _set("chips.2", 16), "seat 2's chip is 16"),
    ("two chips on a cell", _main, {}, _share_cell, "two chips share a cell"),
    ("face-down chip in placement", _placing, {}, _chip_face_down, "under the chips"),
    ("scores one short", _main, {}, _set("scores", [0, 0, 0]), "scores has 3 entries"),
    ("negative halves", _main, {}, _set("halves.1", -1), "halves holds a negative"),
    ("cooldown", _main, {}, _set("cooldown.0", 99), "cooldown holds a number outside 0 to 4"),
    ("winners while playing", _main, {}, _set("winners", [1]), "winners are set while"),
    ("over without winners", GAME.is_over, {}, _set("winners", []), "over without winners"),
    ("winner out of range", GAME.is_over, {}, _set("winners", [7]), "winners are not"),
    ("contender out of range", _main, {}, _set("contenders", [0, 4]), "contenders are not"),
    ("early contenders", _main, {}, _set("contenders", [0, 1]), "before the extra tours"),
    # Progress of the tour.
    ("all face up", _main, {}, _all_face_up, "every card is face up"),
    ("chip missing", _main, {}, _set("chips.1", None), "a chip is missing"),
    ("placement out of order", _placing, {}, _unplace, "do not follow the turn order"),
    ("cornered", _main, {}, _cornered, "is to move but has no move"),
    # Votes, triplets, claims, the last action.
    ("vote proposer", lambda s: s.vote is not None, {}, _set("vote.proposer", 4), "proposer"),
    ("vote without proposer", lambda s: s.vote is not None, {}, _no_proposer_yes, "said yes"),
    ("vote in placement", _placing, {}, _set("vote", {"proposer": 0, "yes": [0]}), "main phase"),
    ("triplet seat", lambda s: bool(s.pending), {}, _set("pending.0.seat", 9), "triplet 0's"),
    ("triplet cells", lambda s: bool(s.pending), {}, _set("pending.0.cells.2", "Z9"), "line"),
    ("claim seat", lambda s: bool(s.claims), CLAIMS, _set("claims.0.seat", -1), "claim 0's"),
    ("claim kinds", lambda s: bool(s.claims), CLAIMS, _claim_kinds, "points and kinds"),
    ("claim lines", lambda s: bool(s.claims), CLAIMS, _set("claims.0.cells.0", "A9"), "line"),
    ("claims auto", lambda s: bool(s.claims), CLAIMS, _set("scoring", "auto"), "by claim"),
    ("last cell", _main, {}, _set("last.cell", "F1"), "the last action's cell"),
    ("last seat", _main, {}, _set("last.seat", 5), "the last action's seat"),
    ("last kind", _main, {}, _set("last.kind", "jump"), "the last action's kind"),
    # Events the views pass on.
    ("event seat", _main, {}, _set("events.0.seat", 4), "event's seat is 4"),
    ("event cell", _main, {}, _set("events.0.public.cell", "K3"), "impossible cell"),
    ("event card", _main, {}, _set("events.0.public.card", "1S"), "impossible card"),
    ("event cells", _main, {}, _set("events.0.public.cells", 3), "impossible cells"),
]


@checks.by_name(CASES, "pred", "options", "change", "message")
def test_an_impossible_state_is_refused_by_name(
    pred: Callable[[KlothoState], bool],
    options: dict[str, str],
    change: Callable[[Data], None],
    message: str,
) -> None:
    assert message in checks.refusal(GAME, find(pred, options), change, CARDS)


def test_a_refusal_for_a_repeated_card_names_no_card() -> None:
    """The card twice is a real one, and the message still does not name it."""
    state = find(_main)
    card = checks.data_of(GAME, state)["cards"][0]
    assert card not in checks.refusal(GAME, state, _duplicate, CARDS).split()


# -- damaged states are refused or work -----------------------------------------


@pytest.mark.parametrize(("seats", "options"), [(3, {}), (8, {}), (4, CLAIMS)])
def test_damaged_states_are_refused_or_work(seats: int, options: dict[str, str]) -> None:
    states = random.Random(seats).choices(checks.playout(GAME, seats, options, seed=0), k=500)
    refused, accepted = checks.fuzz(GAME, states, ODD, per_state=1, seed=seats)
    assert accepted > 50 and refused > 50, (refused, accepted)
