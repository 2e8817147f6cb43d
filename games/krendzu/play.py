"""Carrying out Krendzu's actions: the deal, the exchange, placements and their
scoring, and the turns and tours they lead to. Each step mutates the state it
is given (``apply``'s private copy) and appends its events."""

from __future__ import annotations

from collections.abc import Mapping

from games.core.cards import RANKS_36, make_deck
from games.core.errors import InvalidOptions
from games.core.events import Event
from games.core.protocol import OptionValue
from games.core.rng import shuffled
from games.krendzu.actions import EXCHANGE, FIRST, PASS, PLACE, TOGGLE, TWO_CARDS, Move, role
from games.krendzu.field import (
    EMPTY_FRONTIER,
    Cell,
    box_of,
    cell_label,
    frontier_after,
    windows_through,
)
from games.krendzu.rules import (
    BASE_TOURS,
    DEFEND,
    attackers_of,
    combination_kinds,
    cycle_of,
    deal_rules,
    dealer_of,
    hand_sizes,
    roles_of,
    sort_key,
)
from games.krendzu.state import (
    ANNOUNCE,
    DISCARD,
    OVER,
    PLAY,
    KrendzuState,
    LastMove,
    Placed,
    ScoredWindow,
    TourSummary,
)


def new_match(seats: int, options: Mapping[str, OptionValue], seed: int) -> KrendzuState:
    """The first state: the options checked against the table size, the first tour dealt."""
    variant = str(options["variant"])
    best_hand, best_handicap, low, high = deal_rules(seats, variant)
    hand = int(options["hand"]) or best_hand
    if not low <= hand <= high:
        raise InvalidOptions(
            f"with {seats} players each attacker gets {low}-{high} cards, not {hand}",
            code="krendzu-invalid-hand",
            min=low,
            max=high,
            seats=seats,
            hand=hand,
        )
    state = KrendzuState(
        seats=seats,
        variant=variant,
        tours=int(options["rounds"]) * BASE_TOURS[seats],
        hand=hand,
        handicap=int(options["handicap"]) or best_handicap,
        exchange=int(options["exchange"]),
        rng=seed,
        tour=1,
        phase=ANNOUNCE,
        turn=None,
        pos=0,
        hands=[],
        aside=[],
        announced=[],
        done=[],
        marked=[],
        discards=[],
        cells=[],
        frontier=EMPTY_FRONTIER,
        moved=[],
        pending=False,
        scored=[],
        tour_points=[],
        scores=[0] * seats,
    )
    state.events = _start_tour(state)
    return state


def apply_move(state: KrendzuState, seat: int, move: Move) -> list[Event]:
    """Carry out ``move`` (checked) by ``seat``; return its events."""
    events: list[Event] = []
    kind = move.kind
    if kind == ANNOUNCE:
        state.announced[seat] = move.count
        state.done[seat] = move.count == 0
        events.append(Event(ANNOUNCE, seat, public={"count": move.count}))
        _after_exchange_step(state, events)
    elif kind == TOGGLE:
        marked = state.marked[seat]
        on = move.card not in marked
        if on:
            marked.append(move.card)
            marked.sort(key=sort_key)
        else:
            marked.remove(move.card)
        events.append(Event(TOGGLE, seat, private={"card": move.card, "mark": on}))
    elif kind == EXCHANGE:
        gave = state.marked[seat]
        state.hands[seat] = [card for card in state.hands[seat] if card not in gave]
        state.discards[seat] = gave
        state.marked[seat] = []
        state.done[seat] = True
        events.append(
            Event(EXCHANGE, seat, public={"count": len(gave)}, private={"gave": list(gave)})
        )
        _after_exchange_step(state, events)
    else:
        for window in state.scored:
            window.new = False
        if kind == PASS:
            state.moved[seat] = True
            state.last = LastMove(seat, PASS, [])
            events.append(Event(PASS, seat))
            _advance(state, events)
        else:
            _place(state, seat, move, events)
    return events


def _exchange_order(state: KrendzuState) -> list[int]:
    """Seats in the order they first appear in the turn cycle (defenders first)."""
    return list(dict.fromkeys(cycle_of(state.seats, state.variant, state.tour)))


def _after_exchange_step(state: KrendzuState, events: list[Event]) -> None:
    """Give the turn to the next seat to announce or discard, or start play."""
    order = _exchange_order(state)
    waiting = [seat for seat in order if state.announced[seat] is None]
    if waiting:
        state.turn = waiting[0]
        return
    discarding = [seat for seat in order if not state.done[seat]]
    if discarding:
        state.phase = DISCARD
        state.turn = discarding[0]
        return
    if any(state.discards):
        pool, state.rng = shuffled(
            state.aside + [c for cards in state.discards for c in cards], state.rng
        )
        for seat in order:
            count = len(state.discards[seat])
            if not count:
                continue
            got, pool = pool[:count], pool[count:]
            state.hands[seat] = sorted(state.hands[seat] + got, key=sort_key)
            events.append(Event("draw", seat, public={"count": count}, private={"cards": got}))
        state.aside = pool
        state.discards = [[] for _ in range(state.seats)]
    _start_play(state)


def _start_play(state: KrendzuState) -> None:
    state.phase = PLAY
    state.pos = 0
    state.turn = cycle_of(state.seats, state.variant, state.tour)[0]


def _place(state: KrendzuState, seat: int, move: Move, events: list[Event]) -> None:
    """Lay a card, score the windows it completes, and pass the turn on."""
    cell = (move.x, move.y)
    state.hands[seat].remove(move.card)
    state.cells.append(Placed(move.x, move.y, move.card, seat))
    grid = {(p.x, p.y): p.card for p in state.cells}
    state.frontier = frontier_after(state.frontier, grid, cell)
    state.moved[seat] = True
    second = state.pending
    if move.kind == FIRST:
        state.pending = True
        state.last = LastMove(seat, TWO_CARDS, [cell])
        kind = FIRST
    elif second:
        state.pending = False
        assert state.last is not None
        state.last.cells.append(cell)
        kind = "second"
    else:
        state.last = LastMove(seat, PLACE, [cell])
        kind = PLACE
    label = cell_label(move.x, move.y, box_of(state.frontier))
    events.append(
        Event(kind, seat, public={"card": move.card, "x": move.x, "y": move.y, "cell": label})
    )
    _score(state, seat, cell, grid, events)
    if move.kind != FIRST:
        _advance(state, events)


def _score(
    state: KrendzuState, seat: int, cell: Cell, grid: Mapping[Cell, str], events: list[Event]
) -> None:
    """Award every window through ``cell`` that the new card made a combination."""
    attackers = attackers_of(state.seats, state.variant, state.tour)
    own_goal = role(state, seat) == DEFEND
    for window in windows_through(cell):
        a, b, c, d = window
        if a not in grid or b not in grid or c not in grid or d not in grid:
            continue
        cards = [grid[a], grid[b], grid[c], grid[d]]
        kinds = combination_kinds(*cards)
        if not kinds:
            continue
        state.scored.append(ScoredWindow(list(window), seat, own_goal, True))
        for attacker in attackers:
            state.tour_points[attacker] += 1
            state.scores[attacker] += 1
        events.append(
            Event(
                "score",
                seat,
                public={
                    "cells": [[x, y] for x, y in window],
                    "cards": cards,
                    "kinds": list(kinds),
                    "own_goal": own_goal,
                    "scorers": list(attackers),
                },
            )
        )


def _advance(state: KrendzuState, events: list[Event]) -> None:
    """Pass the turn to the next seat in the cycle that holds cards, or end the tour."""
    cycle = cycle_of(state.seats, state.variant, state.tour)
    skipped: list[int] = []
    for step in range(1, len(cycle) + 1):
        pos = (state.pos + step) % len(cycle)
        seat = cycle[pos]
        if state.hands[seat]:
            events.extend(Event("skip", s) for s in skipped)
            state.pos, state.turn = pos, seat
            return
        skipped.append(seat)
    _end_tour(state, events)


def _end_tour(state: KrendzuState, events: list[Event]) -> None:
    """Record the tour, then deal the next one or end the match."""
    roles = list(roles_of(state.seats, state.variant, state.tour))
    state.last_tour = TourSummary(state.tour, list(state.tour_points), roles)
    events.append(
        Event(
            "tour_end",
            public={
                "tour": state.tour,
                "points": list(state.tour_points),
                "scores": list(state.scores),
                "roles": roles,
            },
        )
    )
    if state.tour < state.tours:
        state.tour += 1
        events.extend(_start_tour(state))
        return
    best = max(state.scores)
    state.winners = [seat for seat, score in enumerate(state.scores) if score == best]
    state.phase = OVER
    state.turn = None
    state.pending = False
    events.append(
        Event("game_end", public={"winners": list(state.winners), "scores": list(state.scores)})
    )


def _start_tour(state: KrendzuState) -> list[Event]:
    """Shuffle the deck, deal the tour's hands, clear the field, start the exchange."""
    n = state.seats
    deck, state.rng = shuffled(make_deck(RANKS_36), state.rng)
    sizes = hand_sizes(n, state.variant, state.tour, state.hand, state.handicap)
    state.hands = []
    for size in sizes:
        state.hands.append(sorted(deck[:size], key=sort_key))
        deck = deck[size:]
    state.aside = deck
    state.announced = [None] * n
    state.done = [False] * n
    state.marked = [[] for _ in range(n)]
    state.discards = [[] for _ in range(n)]
    state.cells = []
    state.frontier = EMPTY_FRONTIER
    state.moved = [False] * n
    state.pending = False
    state.scored = []
    state.tour_points = [0] * n
    state.last = None
    cycle = cycle_of(n, state.variant, state.tour)
    roles = roles_of(n, state.variant, state.tour)
    if state.exchange:
        state.phase = ANNOUNCE
        state.turn = cycle[0]
    else:
        _start_play(state)
    return [
        Event(
            "tour_start",
            public={
                "tour": state.tour,
                "dealer": dealer_of(n, state.tour),
                "roles": list(roles),
                "order": list(cycle),
                "attackers": list(attackers_of(n, state.variant, state.tour)),
                "defenders": [s for s in range(n) if roles[s] == DEFEND],
                "hand_sizes": sizes,
            },
        )
    ]
