"""Which Klac! states ``loads`` accepts (see ``docs/rules/klac.md``, "Loading a state").

``serial`` proves a state's types; this proves the rest the engine relies on:
all 90 cards lie in the deck, hands and rows, each stack shows one colour,
every seat number and stack index is in range, and the turn, round, totals,
winners and events agree with each other.

``loads`` runs on every button press, so the checks look at each card once and
build a message only for a state they refuse. Messages quote numbers but never
a string of the state: a corrupted field might hold a hidden card.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from games.core.validate import (
    EventSpec,
    check_events,
    fail,
    is_ints,
    require,
    require_index,
    require_len,
)
from games.klac.cards import CARD_CODES, COPIES, make_deck, parse_card
from games.klac.rules import HAND_SIZE, ROW_LIMIT, match_winners, row_score, top_cards
from games.klac.state import KlacState, LastPlay, RoundSummary, Row

#: All 90 cards, sorted: the deck, hands and rows hold exactly these.
FULL_DECK = tuple(sorted(make_deck()))
CARDS = frozenset(CARD_CODES)
_COLOUR = {code: parse_card(code)[0] for code in CARD_CODES}

#: What each kind of event holds.
_EVENTS: dict[str, EventSpec] = {
    "play": EventSpec(True, frozenset({"card", "target", "stack", "how", "merged"})),
    "draw": EventSpec(True, frozenset(), frozenset({"card"})),
    "round_end": EventSpec(False, frozenset({"round", "scores", "totals"})),
    "round_start": EventSpec(False, frozenset({"round", "first"})),
    "match_end": EventSpec(False, frozenset({"winners", "totals"})),
}


def check_state(state: KlacState) -> None:
    """Raise :class:`~games.core.errors.InvalidState` unless ``state`` could be
    one of Klac!'s; the message says which part is wrong and names no card."""
    # game.py imports this module for ``_validate``, so its names are looked up here.
    from games.klac.game import COVER, EXTEND, TARGETS, KlacGame

    seats = state.seats
    if not KlacGame.min_seats <= seats <= KlacGame.max_seats:
        raise fail(f"seats is {seats}, not {KlacGame.min_seats} to {KlacGame.max_seats}")
    if state.target not in TARGETS:
        raise fail(f"target is {state.target}, not one of {list(TARGETS)}")
    if state.round < 1:
        raise fail(f"round is {state.round}, not 1 or more")
    require_index(state.first, seats, "first")
    _check_cards(state)
    _check_turn(state)
    _check_scores(state)
    hows = (EXTEND, COVER)
    if state.last is None:
        require(not any(state.rows), "last is missing though cards lie in the rows")
    else:
        _check_last(state.last, state.rows, hows)
    check_events(
        state.events, seats, lambda _, key, value: _field_ok(key, value, seats, hows), _EVENTS
    )


def _check_cards(state: KlacState) -> None:
    """Hands, rows and totals per seat, all 90 cards in play, rows as play leaves them."""
    seats = state.seats
    if not len(state.hands) == len(state.rows) == len(state.totals) == seats:
        for items, what in ((state.hands, "hands"), (state.rows, "rows"), (state.totals, "totals")):
            require_len(items, seats, what)
    for seat, hand in enumerate(state.hands):
        # Everyone draws after each play while the deck lasts, but the play
        # that ends the match with a sixth stack draws nothing.
        short = state.deck and not state.over and len(hand) < HAND_SIZE
        if len(hand) > HAND_SIZE or short:
            raise fail(f"hand {seat} holds {len(hand)} cards with {len(state.deck)} in the deck")
    # Nothing leaves play within a round, so no card can be missing or doubled.
    everything = [*state.deck]
    for hand in state.hands:
        everything += hand
    for row in state.rows:
        for stack in row:
            everything += stack
    everything.sort()
    if tuple(everything) != FULL_DECK:
        raise fail(_missing_cards(state))
    for seat, row in enumerate(state.rows):
        problem = _row_problem(row)
        if problem is not None:
            raise fail(f"row {seat} {problem}")


def _missing_cards(state: KlacState) -> str:
    """Why the deck, hands and rows are not the 90 cards: a foreign card, or counts."""
    parts = [("the deck", state.deck)]
    parts += [(f"hand {seat}", hand) for seat, hand in enumerate(state.hands)]
    parts += [
        (f"row {seat}", [card for stack in row for card in stack])
        for seat, row in enumerate(state.rows)
    ]
    for what, cards in parts:
        if not CARDS.issuperset(cards):
            return f"{what} holds a card this game has not"
    return (
        f"the deck, hands and rows do not hold exactly the {len(FULL_DECK)} cards "
        f"({COPIES} copies of each of the {len(CARD_CODES)})"
    )


def _row_problem(row: Row) -> str | None:
    """What is wrong with a row (``None``: nothing): at most six stacks, none
    empty, each of one colour (a cover keeps the colour, a merge joins stacks
    showing one number), their tops all different (such stacks merge at once)."""
    if len(row) > ROW_LIMIT:
        return f"has {len(row)} stacks, not at most {ROW_LIMIT}"
    if not all(row):
        return "has an empty stack"
    if not CARDS.issuperset(chain.from_iterable(row)):
        return "holds a card this game has not"
    for index, stack in enumerate(row):
        if len(stack) > 1 and len(set(map(_COLOUR.__getitem__, stack))) > 1:
            return f"mixes colours in stack {index}"
    if len({stack[-1] for stack in row}) < len(row):
        return "shows one number on two stacks"
    return None


def _check_turn(state: KlacState) -> None:
    """A seat with cards moves while the round goes on; nobody once the match is over."""
    if state.over:
        require(state.turn is None, "turn is set though the match is over")
        return
    require_index(state.turn, state.seats, "turn")
    assert state.turn is not None  # _index refused None
    require(bool(state.hands[state.turn]), "the seat to move holds no cards")
    if any(len(row) >= ROW_LIMIT for row in state.rows):
        raise fail(f"a row has {ROW_LIMIT} stacks though the round goes on")


def _check_scores(state: KlacState) -> None:
    """Totals (one per seat), the last round's summary and the winners agree."""
    require(all(total >= 0 for total in state.totals), "totals holds a negative total")
    finished = state.round if state.over else state.round - 1
    summary = state.last_round
    if summary is None:
        if finished:
            raise fail(f"last_round is missing after {finished} finished rounds")
        require(not any(state.totals), "totals are not 0 before any round finished")
    else:
        _check_summary(summary, finished, state.totals)
    winners = match_winners(state.totals, state.target)
    require(not state.over or bool(winners), "the match is over but the totals name no winner")
    require(state.winners == winners, "winners do not agree with the totals and target")


def _check_summary(summary: RoundSummary, finished: int, totals: list[int]) -> None:
    """The last round's table as it ended, its scores and the totals after it."""
    if summary.round != finished:
        raise fail(f"last_round is round {summary.round}, not {finished} (the last finished)")
    if len(summary.rows) != len(totals):
        require_len(summary.rows, len(totals), "last_round rows")
    # Views only copy this table and show its scores, so the scores are checked
    # against it, and the stacks only as far as scoring them needs.
    for seat, row in enumerate(summary.rows):
        if len(row) > ROW_LIMIT or not all(row) or not CARDS.issuperset(chain.from_iterable(row)):
            raise fail(f"last_round row {seat} is no row of at most {ROW_LIMIT} stacks of cards")
    require(
        summary.scores == [row_score(top_cards(row)) for row in summary.rows],
        "last_round scores do not agree with its rows",
    )
    require(summary.totals == totals, "last_round totals are not the totals")


def _check_last(last: LastPlay, rows: list[Row], hows: tuple[str, ...]) -> None:
    """The last play names seats, a way of playing and the stack it shows on."""
    require_index(last.seat, len(rows), "last seat")
    require_index(last.target, len(rows), "last target")
    if last.how not in hows:
        raise fail(f"last how is not one of {list(hows)}")
    row = rows[last.target]
    require_index(last.stack, len(row), "last stack")
    require(row[last.stack][-1] == last.card, "last card is not on top of its stack")


def _field_ok(key: str, value: Any, seats: int, hows: tuple[str, ...]) -> bool:
    """An event field by its name: a card, a seat, an index, a count, a list of those."""
    if key == "card":
        return isinstance(value, str) and value in CARDS
    if key == "how":
        return isinstance(value, str) and value in hows
    if key == "merged":
        return isinstance(value, bool)
    if key == "winners":
        return is_ints(value) and all(0 <= seat < seats for seat in value)
    if key in ("scores", "totals"):
        return is_ints(value) and len(value) == seats
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    if key in ("target", "first"):
        return 0 <= value < seats
    # A stack's index in a row of at most six stacks, or a round number.
    return 0 <= value < ROW_LIMIT if key == "stack" else value >= 1
