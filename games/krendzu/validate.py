"""What ``KrendzuGame.loads`` checks: that a state could have come from the engine.

The engine indexes the per-seat lists by seat and the tour's turn cycle by
``pos`` without looking, looks card codes up in its tables, labels the last
move's cells by the box its frontier spans (``field.cell_label`` raises a
plain ``ValueError`` outside it) and asserts that a second card follows a
first. Each check below keeps one of those from failing with anything but a
``GameError``, keeps play from losing a card or leaving nobody able to act,
or refuses what the game never holds (a card twice, an unknown phase).
History that hand-made positions skip and the engine does not need (the
field grown card by card from the centre, hand sizes that add up to the
deal, the order of the announcements, an earlier tour's summary) is not
checked: tests lay such positions and the bot's tests store them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

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
from games.krendzu.field import DIRECTIONS, WINDOW, Cell, frontier_of
from games.krendzu.rules import (
    ATTACK,
    BASE_TOURS,
    DEFEND,
    VARIANTS,
    cycle_of,
    deal_rules,
    roles_of,
    sort_key,
)
from games.krendzu.state import ANNOUNCE, DISCARD, OVER, PLAY, KrendzuState

#: The table sizes Krendzu is for (``KrendzuGame.min_seats``–``max_seats``).
MIN_SEATS, MAX_SEATS = 2, 4
#: The options ``rounds`` (tours are a multiple of a round), ``handicap`` (its
#: 0 means the recommended 1 or 2) and ``exchange``.
MAX_ROUNDS = 3
HANDICAPS = (1, 2)
MAX_EXCHANGE = 5
DECK = frozenset(make_deck(RANKS_36))
PHASES = (ANNOUNCE, DISCARD, PLAY, OVER)
#: Kinds of ``last`` and how many cells each holds (a two-card move holds
#: one while its second card is awaited).
LAST_CELLS: Mapping[str, tuple[int, ...]] = MappingProxyType(
    {"place": (1,), "two": (1, 2), "pass": (0,)}
)
#: How far from the centre a field of 36 cards grown from it reaches.
REACH = 35
#: The lists with one entry per seat.
PER_SEAT = (
    "hands",
    "announced",
    "done",
    "marked",
    "discards",
    "moved",
    "tour_points",
    "scores",
)


def check_state(state: KrendzuState) -> None:
    """Raise :class:`~games.InvalidState` unless ``state`` could be one of Krendzu's.

    The order matters: the seats, variant and tour come first, as the roles
    and the turn cycle every later check uses depend on them.
    """
    _check_table(state)
    _check_cards(state)
    _check_field(state)
    _check_exchange(state)
    _check_play(state)
    _check_results(state)
    check_events(
        state.events, state.seats, lambda _, key, value: _datum_ok(key, value, state.seats)
    )


def _check_table(state: KrendzuState) -> None:
    """Seats, variant, tours, deal options, phase, turn and the cycle position."""
    seats = state.seats
    if not (MIN_SEATS <= seats <= MAX_SEATS):
        raise fail(f"seats is {seats}, not {MIN_SEATS} to {MAX_SEATS}")
    if state.variant not in VARIANTS:
        raise fail(f"variant is none of {', '.join(VARIANTS)}")
    # Matches begun before a round with three players grew from 3 to 6 tours
    # keep their count, so any count up to the longest match is accepted.
    most = MAX_ROUNDS * BASE_TOURS[seats]
    if not (1 <= state.tours <= most):
        raise fail(f"tours is {state.tours}, not 1 to {most}")
    if not (1 <= state.tour <= state.tours):
        raise fail(f"tour is {state.tour}, not 1 to {state.tours}")
    _, _, low, high = deal_rules(seats, state.variant)
    if not (low <= state.hand <= high):
        raise fail(f"hand is {state.hand}, not {low} to {high}")
    if state.handicap not in HANDICAPS:
        raise fail(f"handicap is {state.handicap}, not 1 or 2")
    if not (0 <= state.exchange <= MAX_EXCHANGE):
        raise fail(f"exchange is {state.exchange}, not 0 to {MAX_EXCHANGE}")
    if state.phase not in PHASES:
        raise fail(f"phase is none of {', '.join(PHASES)}")
    require(
        state.exchange > 0 or state.phase not in (ANNOUNCE, DISCARD),
        "an exchange is under way though none is allowed",
    )
    if state.phase == OVER:
        require(state.turn is None, "turn is set after the end")
    else:
        require_index(state.turn, seats, "turn")
    require_index(state.pos, len(cycle_of(seats, state.variant, state.tour)), "pos")
    for name in PER_SEAT:
        require_len(getattr(state, name), seats, name)


def _check_cards(state: KrendzuState) -> None:
    """The 36 cards once each (hands, undealt, discarded, on the field), hand
    order, marks, and who placed each field card."""
    field = [placed.card for placed in state.cells]
    parts = (*state.hands, state.aside, *state.discards, field)
    every = [card for part in parts for card in part]
    if len(every) != len(DECK) or len(DECK.intersection(every)) != len(DECK):
        # Only a refused state pays for finding the part at fault.
        for seat, hand in enumerate(state.hands):
            require_cards(hand, DECK, f"seat {seat}'s hand")
        require_cards(state.aside, DECK, "aside")
        for seat, cards in enumerate(state.discards):
            require_cards(cards, DECK, f"seat {seat}'s discards")
        require_cards(field, DECK, "the field")
        raise fail("the hands, aside, discards and field do not hold each of the 36 cards once")
    for seat, hand in enumerate(state.hands):
        if not _in_hand_order(hand):
            raise fail(f"seat {seat}'s hand is not in hand order")
        marked = state.marked[seat]
        if marked and not (set(marked).issubset(hand) and _in_hand_order(marked)):
            raise fail(f"seat {seat}'s marked cards are not cards of its hand in hand order")
    if not all(0 <= placed.seat < state.seats for placed in state.cells):
        raise fail(f"a field card's seat is not 0 to {state.seats - 1}")


def _check_field(state: KrendzuState) -> None:
    """Field cards on distinct cells near the centre, the frontier of exactly
    those, and the last move and the scored windows on them."""
    cells = [(placed.x, placed.y) for placed in state.cells]
    occupied = set(cells)
    require(len(occupied) == len(cells), "two field cards lie on one cell")
    # Hand-made positions lay fields of any shape, so the field need not have
    # grown card by card from the centre; but a cell farther away than that
    # could reach can only come from damage, and would stretch the box.
    if cells and max(max(abs(x), abs(y)) for x, y in cells) > REACH:
        raise fail(f"a field card lies more than {REACH} cells from the centre")
    require(state.frontier == frontier_of(occupied), "the frontier is not the field's")
    last = state.last
    if last is not None:
        require_index(last.seat, state.seats, "the last move's seat")
        if last.kind not in LAST_CELLS:
            raise fail(f"the last move's kind is none of {', '.join(LAST_CELLS)}")
        if len(last.cells) not in LAST_CELLS[last.kind]:
            raise fail(f"the last move holds {len(last.cells)} cells")
        require(occupied.issuperset(last.cells), "the last move's cells hold no card")
    for i, window in enumerate(state.scored):
        if not 0 <= window.seat < state.seats:
            raise fail(f"scored window {i}'s seat is {window.seat}, not 0 to {state.seats - 1}")
        if not (_is_window(window.cells) and occupied.issuperset(window.cells)):
            raise fail(f"scored window {i} is not four field cards in a line")


def _check_exchange(state: KrendzuState) -> None:
    """Announced counts, marks and discards: what the exchange needs to give
    every card back, and nothing a hand-made position may skip (the order of
    the announcements, who is done in play)."""
    phase, turn, announced = state.phase, state.turn, state.announced
    for seat, count in enumerate(announced):
        if count is not None and not 0 <= count <= state.exchange:
            raise fail(f"seat {seat}'s announced count is {count}, not 0 to {state.exchange}")
    discarding = turn if phase == DISCARD else None
    require(
        all(not marked or seat == discarding for seat, marked in enumerate(state.marked)),
        "a seat that is not discarding has marked cards",
    )
    if discarding is not None:
        # Discarding twice would overwrite the first discards, and lose them.
        require(not state.done[discarding], "the seat to discard has discarded already")
        if len(state.marked[discarding]) > (announced[discarding] or 0):
            raise fail(f"seat {discarding} marked more cards than it announced")
    for seat, cards in enumerate(state.discards):
        # Cards wait discarded only once their seat is done, until all are.
        most = (announced[seat] or 0) if phase == DISCARD and state.done[seat] else 0
        if len(cards) > most:
            raise fail(f"seat {seat} has {len(cards)} cards discarded, not 0 to {most}")


def _check_play(state: KrendzuState) -> None:
    """The seat to play holds cards and sits at ``pos``; a second card is
    awaited only from the defender whose first card is the last move."""
    last = state.last
    half = last is not None and last.kind == "two" and len(last.cells) == 1
    require(state.pending == half, "pending does not match the last move")
    if state.phase != PLAY:
        require(not state.pending, "a second card is awaited outside play")
        return
    turn = state.turn
    assert turn is not None  # _check_table: a turn while playing
    cycle = cycle_of(state.seats, state.variant, state.tour)
    require(turn == cycle[state.pos], "turn is not the seat at pos in the turn cycle")
    if not state.hands[turn]:
        raise fail(f"seat {turn} is to play with no cards")
    if state.pending:
        assert last is not None  # pending matches a two-card move under way
        require(last.seat == turn, "a second card is awaited from another seat")
        defends = roles_of(state.seats, state.variant, state.tour)[turn] == DEFEND
        require(defends, "an attacker is placing a second card")


def _check_results(state: KrendzuState) -> None:
    """Points, the summary of an earlier tour and the winners."""
    seats = state.seats
    for name, points in (("tour_points", state.tour_points), ("scores", state.scores)):
        if min(points) < 0:
            raise fail(f"{name} holds a negative number")
    summary = state.last_tour
    if summary is not None:
        if not 1 <= summary.tour <= state.tour:
            raise fail(f"the last tour's summary is of tour {summary.tour}, not 1 to {state.tour}")
        require_len(summary.points, seats, "the last tour's points")
        require(min(summary.points) >= 0, "the last tour's points hold a negative number")
        require_len(summary.roles, seats, "the last tour's roles")
        require(
            all(role in (ATTACK, DEFEND) for role in summary.roles),
            "the last tour's roles are not attack or defend",
        )
    winners = state.winners
    if not (all(0 <= seat < seats for seat in winners) and winners == sorted(set(winners))):
        raise fail(f"winners are not distinct seats 0 to {seats - 1} in order")
    require(
        bool(winners) == (state.phase == OVER),
        "winners are set while playing" if winners else "the match is over without winners",
    )


def _datum_ok(key: str, value: object, seats: int) -> bool:
    """False when ``value`` cannot be the event datum ``key`` (see the events
    in ``docs/rules/krendzu.md``); keys no view or caption reads pass."""
    if key == "card":
        return isinstance(value, str) and value in DECK
    if key in ("cards", "gave"):
        return isinstance(value, list) and all(
            isinstance(card, str) and card in DECK for card in value
        )
    if key in ("x", "y"):
        return _is_int(value)
    if key == "cells":
        return isinstance(value, list) and all(
            isinstance(cell, list) and len(cell) == 2 and all(map(_is_int, cell)) for cell in value
        )
    if key == "count":
        return is_count(value)
    if key == "tour":
        return is_count(value, 1)
    if key in ("points", "scores", "hand_sizes"):
        return isinstance(value, list) and len(value) == seats and all(map(is_count, value))
    if key == "roles":
        return (
            isinstance(value, list)
            and len(value) == seats
            and all(role in (ATTACK, DEFEND) for role in value)
        )
    if key == "dealer":
        return is_index(value, seats)
    if key in ("order", "scorers", "attackers", "defenders", "winners"):
        return isinstance(value, list) and all(is_index(seat, seats) for seat in value)
    if key == "kinds":
        return isinstance(value, list) and all(isinstance(kind, str) for kind in value)
    if key in ("mark", "own_goal"):
        return isinstance(value, bool)
    if key == "cell":
        return isinstance(value, str)
    return True


def _in_hand_order(cards: Sequence[str]) -> bool:
    """True for distinct cards in hand order (suit, then rank)."""
    keys = [sort_key(card) for card in cards]
    return keys == sorted(set(keys))


def _is_window(cells: Sequence[Cell]) -> bool:
    """True for four consecutive cells along one of the line directions."""
    if len(cells) != WINDOW:
        return False
    (x, y), (nx, ny) = cells[0], cells[1]
    step = (nx - x, ny - y)
    return step in DIRECTIONS and all(
        cells[k] == (x + k * step[0], y + k * step[1]) for k in range(WINDOW)
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
