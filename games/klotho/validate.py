"""What ``KlothoGame.loads`` checks: that a state could have come from the engine.

The engine indexes the field lists by cell and the per-seat lists by seat
without looking, trusts that some seat can always move, and passes triplets,
claims, the last action and events on to views and captions, which index
seats and join cell names. Each check below keeps one of those from failing
with anything but a ``GameError``, or refuses a state no game reaches (a card
twice, a seat to move with no move). What test positions skip and the
engine copes with is not checked: the dealer of the tour, chips only on
face-up cards, no vote while a triplet is pending.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.cards import RANKS_36, make_deck
from games.core.validate import (
    check_events,
    fail,
    is_count,
    is_index,
    require,
    require_cards,
    require_index,
    require_len,
)
from games.klotho.rules import ORDINARY, Geometry, geometry, turn_order
from games.klotho.state import (
    EXTRA_TOURS,
    MAIN,
    OVER,
    PLACEMENT,
    SCORING_AUTO,
    SCORING_CLAIM,
    SHARED_VICTORY,
    KlothoState,
)

#: The table sizes Klotho is for (``KlothoGame.min_seats``–``max_seats``).
MIN_SEATS, MAX_SEATS = 2, 8
#: The option ``rounds``: tours are 1, 2 or 3 times the seats.
ROUNDS = (1, 2, 3)
DECK = frozenset(make_deck(RANKS_36))
PHASES = (PLACEMENT, MAIN, OVER)
FULL_TIES = (EXTRA_TOURS, SHARED_VICTORY)
SCORINGS = (SCORING_AUTO, SCORING_CLAIM)
#: Kinds of ``last`` (the cell actions of ``games.klotho.actions``).
LAST_KINDS = ("place", "move", "turn", "replace")


def check_state(state: KlothoState) -> None:
    """Raise :class:`~games.InvalidState` unless ``state`` could be one of Klotho's.

    The order matters: the seats and the phase come first, as the field's
    size and every later index depend on them.
    """
    _check_table(state)
    geo = geometry(state.seats)
    _check_field(state, geo)
    _check_seats(state)
    _check_choices(state, geo)
    _check_progress(state, geo)
    check_events(
        state.events, state.seats, lambda _, key, value: _datum_ok(key, value, state.seats, geo)
    )


def _check_table(state: KlothoState) -> None:
    """Seats, tours, dealer, options, phase and turn."""
    seats = state.seats
    if not (MIN_SEATS <= seats <= MAX_SEATS):
        raise fail(f"seats is {seats}, not {MIN_SEATS} to {MAX_SEATS}")
    if state.tours not in [rounds * seats for rounds in ROUNDS]:
        raise fail(f"tours is {state.tours}, not 1, 2 or 3 times the {seats} seats")
    if state.tour < 1:
        raise fail(f"tour is {state.tour}, not 1 or more")
    # Each deal sets the dealer by the tour; play only needs a seat, and test
    # positions deal from another one.
    require_index(state.dealer, seats, "dealer")
    if state.full_tie not in FULL_TIES:
        raise fail(f"full_tie is none of {', '.join(FULL_TIES)}")
    if state.scoring not in SCORINGS:
        raise fail(f"scoring is none of {', '.join(SCORINGS)}")
    if state.phase not in PHASES:
        raise fail(f"phase is none of {', '.join(PHASES)}")
    if state.phase == OVER:
        require(state.turn is None, "turn is set after the end")
    else:
        require_index(state.turn, seats, "turn")


def _check_field(state: KlothoState, geo: Geometry) -> None:
    """The 36 cards (field, stock, discard) once each, face-up flags, chips."""
    size = len(geo.names)
    require_len(state.cards, size, "cards (the field)")
    require_len(state.up, size, "up")
    every = state.cards + state.stock + state.discard
    if len(every) != len(DECK) or len(DECK.intersection(every)) != len(DECK):
        # Only a refused state pays for finding the part at fault.
        require_cards(state.cards, DECK, "cards (the field)")
        require_cards(state.stock, DECK, "stock")
        require_cards(state.discard, DECK, "discard")
        raise fail("the field, stock and discard do not hold each of the 36 cards once")
    require_len(state.chips, state.seats, "chips")
    placed = [chip for chip in state.chips if chip is not None]
    if placed and not (min(placed) >= 0 and max(placed) < size):
        for seat, chip in enumerate(state.chips):
            require_index(chip, size, f"seat {seat}'s chip", optional=True)
    require(len(set(placed)) == len(placed), "two chips share a cell")


def _check_seats(state: KlothoState) -> None:
    """Per-seat counters, the winners and the contenders of extra tours."""
    seats = state.seats
    for name, values in (("scores", state.scores), ("halves", state.halves)):
        require_len(values, seats, name)
        if min(values) < 0:
            raise fail(f"{name} holds a negative number")
    require_len(state.cooldown, seats, "cooldown")
    if min(state.cooldown) < 0 or max(state.cooldown) > seats:
        raise fail(f"cooldown holds a number outside 0 to {seats}")
    _require_seats(state.winners, seats, "winners")
    require(
        bool(state.winners) == (state.phase == OVER),
        "winners are set while playing" if state.winners else "the game is over without winners",
    )
    contenders = state.contenders
    _require_seats(contenders, seats, "contenders")
    if contenders:
        # Contenders are the seats tied after the agreed tours, only in extra tours.
        require(len(contenders) >= 2, "contenders are fewer than two tied seats")
        require(state.full_tie == EXTRA_TOURS, "contenders are set with a shared victory")
        require(state.tour > state.tours, "contenders are set before the extra tours")


def _check_choices(state: KlothoState, geo: Geometry) -> None:
    """The open vote, pending triplets, open claims and the last action."""
    seats = state.seats
    playing = state.phase != OVER
    vote = state.vote
    if vote is not None:
        require(state.phase == MAIN, "a vote is open outside the main phase")
        require(not state.claims, "a vote is open during a claim window")
        require_index(vote.proposer, seats, "the vote's proposer")
        _require_seats(vote.yes, seats, "the vote's yes")
        require(vote.proposer in vote.yes, "the vote's proposer has not said yes")
        require(len(vote.yes) < seats, "every seat said yes but the vote is open")
    require(playing or not state.pending, "a triplet choice is pending after the end")
    for i, triplet in enumerate(state.pending):
        require_index(triplet.seat, seats, f"pending triplet {i}'s seat")
        if not _is_line(triplet.cells, geo):
            raise fail(f"pending triplet {i}'s cells are not a line")
    if state.claims:
        require(state.scoring == SCORING_CLAIM, "claims are open without scoring by claim")
        require(playing, "claims are open after the end")
    for i, claim in enumerate(state.claims):
        require_index(claim.seat, seats, f"claim {i}'s seat")
        if not _is_line(claim.cells, geo):
            raise fail(f"claim {i}'s cells are not a line")
        if not (_is_kinds(claim.kinds) and claim.points == len(claim.kinds)):
            raise fail(f"claim {i}'s points and kinds do not match")
        if not (claim.points > 0 or claim.triplet):
            raise fail(f"claim {i} is worth nothing")
    last = state.last
    if last is not None:
        require(last.cell in geo.index, "the last action's cell is not on the field")
        require_index(last.seat, seats, "the last action's seat")
        if last.kind not in LAST_KINDS:
            raise fail(f"the last action's kind is none of {', '.join(LAST_KINDS)}")


def _check_progress(state: KlothoState, geo: Geometry) -> None:
    """Who has placed a chip, and that the seat to move can move."""
    if state.phase == OVER:
        return
    turn = state.turn
    assert turn is not None  # _check_table: a turn while playing
    choosing = bool(state.pending or state.claims)
    # Once every card is face up the tour ends, unless choices are still due.
    require(choosing or not all(state.up), "every card is face up but the tour goes on")
    seated = {seat for seat, chip in enumerate(state.chips) if chip is not None}
    if state.phase == PLACEMENT:
        order = turn_order(state.dealer, state.seats)
        done = order.index(turn) + (1 if choosing else 0)
        require(seated == set(order[:done]), "the chips placed do not follow the turn order")
        # Placing turns the card under the chip; nothing else turns one yet.
        chips = {chip for chip in state.chips if chip is not None}
        require(
            chips == {cell for cell, up in enumerate(state.up) if up},
            "the face-up cards are not those under the chips in placement",
        )
        return
    require(len(seated) == state.seats, "a chip is missing in the main phase")
    if not choosing:
        chip = state.chips[turn]
        assert chip is not None  # every chip is placed
        occupied = set(state.chips)
        if not any(not state.up[cell] or cell not in occupied for cell in geo.neighbours[chip]):
            raise fail(f"seat {turn} is to move but has no move")


def _datum_ok(key: str, value: object, seats: int, geo: Geometry) -> bool:
    """False when ``value`` cannot be the event datum ``key`` (see the events
    in ``docs/rules/klotho.md``); keys no view or caption reads pass."""
    if key in ("cell", "from"):
        return _is_cell(value, geo) or (key == "from" and value is None)
    if key == "cells":
        return isinstance(value, list) and all(_is_cell(cell, geo) for cell in value)
    if key == "card":
        return isinstance(value, str) and value in DECK
    if key == "kinds":
        return _is_kinds(value)
    if key in ("points", "cooldown", "seconds"):
        return is_count(value)
    if key == "tour":
        return is_count(value, 1)
    if key in ("scores", "halves"):
        # ``halves`` is one seat's count in ``half_victory``, every seat's elsewhere.
        counts = isinstance(value, list) and len(value) == seats and all(map(is_count, value))
        return counts or (key == "halves" and is_count(value))
    if key == "dealer":
        return is_index(value, seats)
    if key in ("order", "contenders", "winners"):
        return isinstance(value, list) and all(is_index(seat, seats) for seat in value)
    if key in ("extra", "triplet"):
        return isinstance(value, bool)
    if key in ("choice", "vote", "reason"):
        return isinstance(value, str)
    return True


def _require_seats(values: Sequence[int], seats: int, what: str) -> None:
    """``values`` are distinct seats in increasing order."""
    if not (all(0 <= seat < seats for seat in values) and list(values) == sorted(set(values))):
        raise fail(f"{what} are not distinct seats 0 to {seats - 1} in order")


def _is_line(cells: Sequence[str], geo: Geometry) -> bool:
    """True for three cell names of the field in the order of one of its lines."""
    if len(cells) != 3 or not all(cell in geo.index for cell in cells):
        return False
    a, m, b = (geo.index[cell] for cell in cells)
    return (a, m, b) in geo.lines[m]


def _is_kinds(value: object) -> bool:
    """True for distinct ordinary combination kinds in their listed order."""
    return (
        isinstance(value, list)
        and all(isinstance(kind, str) and kind in ORDINARY for kind in value)
        and value == sorted(set(value), key=ORDINARY.index)
    )


def _is_cell(value: object, geo: Geometry) -> bool:
    return isinstance(value, str) and value in geo.index
