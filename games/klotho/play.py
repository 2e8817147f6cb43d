"""Carrying out Klotho's actions: chips placed and moved, cards turned and
replaced, scoring and claims, triplet choices, the zugzwang vote, and the turns
and tours they lead to. Each step mutates the state it is given (``apply``'s
private copy) and appends its events."""

from __future__ import annotations

from collections.abc import Mapping

from games.core.cards import RANKS_36, make_deck
from games.core.events import Event
from games.core.protocol import OptionValue
from games.core.rng import shuffled
from games.klotho.actions import (
    CELL_KINDS,
    CLAIM,
    CLAIM_SECONDS,
    LAPSE,
    MOVE,
    PLACE,
    POINT,
    PROPOSE,
    REPLACE,
    VOTE,
    YES,
    Plan,
    can_act,
    occupants,
)
from games.klotho.rules import (
    ORDINARY,
    TRIPLET,
    completed_lines,
    dealer_of,
    geometry,
    match_leaders,
    turn_order,
)
from games.klotho.state import (
    MAIN,
    OVER,
    PLACEMENT,
    SCORING_CLAIM,
    SHARED_VICTORY,
    Claim,
    KlothoState,
    LastAction,
    Triplet,
    Vote,
)


def new_match(seats: int, options: Mapping[str, OptionValue], seed: int) -> KlothoState:
    """The first state: the first tour dealt, its placement begun."""
    state = KlothoState(
        seats=seats,
        tours=int(options["rounds"]) * seats,
        rng=seed,
        tour=1,
        dealer=0,
        phase=PLACEMENT,
        turn=None,
        cards=[],
        up=[],
        chips=[None] * seats,
        stock=[],
        discard=[],
        scores=[0] * seats,
        halves=[0] * seats,
        cooldown=[0] * seats,
        full_tie=str(options["full_tie"]),
        scoring=str(options["scoring"]),
    )
    state.events = [_start_tour(state)]
    return state


def apply_plan(state: KlothoState, seat: int, plan: Plan) -> list[Event]:
    """Carry out ``plan`` (a checked action) by ``seat``; return its events."""
    events: list[Event] = []
    if plan.kind in CELL_KINDS:
        _cell_action(state, seat, plan, events)
    elif plan.kind == TRIPLET:
        _choose(state, plan.word, events)
    elif plan.kind == PROPOSE:
        state.vote = Vote(seat, [])
        events.append(Event(PROPOSE, seat))
        _say_yes(state, seat, events)
    elif plan.kind == CLAIM:
        _claim(state, seat, events)
    elif plan.kind == LAPSE:
        _lapse(state, events)
    else:
        _vote(state, seat, plan.word, events)
    return events


def _cell_action(state: KlothoState, seat: int, plan: Plan, events: list[Event]) -> None:
    """Place, move, turn or replace, then score, cancel an open vote and pass the turn."""
    cell = plan.cell
    names = geometry(state.seats).names
    name = names[cell]
    if plan.kind == MOVE:
        before = state.chips[seat]
        state.chips[seat] = cell
        origin = None if before is None else names[before]
        events.append(
            Event(MOVE, seat, public={"cell": name, "from": origin, "card": state.cards[cell]})
        )
    elif plan.kind == REPLACE:
        # Both cards go face down unseen, so the event names neither.
        state.discard.append(state.cards[cell])
        state.cards[cell] = state.stock.pop()
        state.up[cell] = False
        events.append(Event(REPLACE, seat, public={"cell": name}))
    else:
        if plan.kind == PLACE:
            state.chips[seat] = cell
        state.up[cell] = True
        events.append(Event(plan.kind, seat, public={"cell": name, "card": state.cards[cell]}))
        _score_turning(state, seat, cell, events)
    state.last = LastAction(name, seat, plan.kind)
    state.cooldown = [max(0, c - 1) for c in state.cooldown]
    if state.vote is not None:
        events.append(Event("vote_cancelled", state.vote.proposer))
        state.vote = None
    if not state.pending and not state.claims:
        _advance(state, events)


def _score_turning(state: KlothoState, actor: int, cell: int, events: list[Event]) -> None:
    """Award every combination through the card just turned to its middle chip,
    or, when points must be claimed, open a window to claim them."""
    geo = geometry(state.seats)
    chips_on = occupants(state)
    claims = []
    for line, kinds in completed_lines(geo, state.cards, state.up, cell):
        owner = chips_on[line[1]]
        if owner is not None:
            ordinary = [kind for kind in kinds if kind in ORDINARY]
            cells = [geo.names[i] for i in line]
            claims.append(Claim(owner, len(ordinary), ordinary, cells, TRIPLET in kinds))
    if state.scoring == SCORING_CLAIM:
        state.claims = claims
        if claims:
            events.append(Event("claims_open", public={"seconds": CLAIM_SECONDS}))
        return
    _award(state, claims, actor, events)


def _award(state: KlothoState, claims: list[Claim], actor: int, events: list[Event]) -> None:
    """Score the lines' ordinary points; their triplets wait for their owners'
    choices, in turn order from ``actor``, the seat that turned the card."""
    for claim in claims:
        if claim.points:
            state.scores[claim.seat] += claim.points
            events.append(
                Event(
                    "score",
                    claim.seat,
                    public={
                        "points": claim.points,
                        "kinds": list(claim.kinds),
                        "cells": list(claim.cells),
                    },
                )
            )
    triplets = [Triplet(claim.seat, list(claim.cells)) for claim in claims if claim.triplet]
    # Two triplets at once need four of a rank in a row with the turned card
    # inside, whose chip only a placement puts there; the actor chooses first.
    triplets.sort(key=lambda t: (t.seat - actor) % state.seats)
    for triplet in triplets:
        events.append(Event(TRIPLET, triplet.seat, public={"cells": list(triplet.cells)}))
    state.pending.extend(triplets)


def _claim(state: KlothoState, seat: int, events: list[Event]) -> None:
    """``seat`` claims every line it may: its points count now, its triplets
    are chosen for once the window closes."""
    assert state.turn is not None  # a window is open only while playing
    events.append(Event(CLAIM, seat))
    _award(state, [c for c in state.claims if c.seat == seat], state.turn, events)
    state.claims = [c for c in state.claims if c.seat != seat]
    if not state.claims:
        _close_window(state, events)


def _lapse(state: KlothoState, events: list[Event]) -> None:
    """The window's time is up: every claim not made is lost."""
    for claim in state.claims:
        events.append(
            Event(
                "missed",
                claim.seat,
                public={
                    "points": claim.points,
                    "kinds": list(claim.kinds),
                    "cells": list(claim.cells),
                    "triplet": claim.triplet,
                },
            )
        )
    state.claims = []
    _close_window(state, events)


def _close_window(state: KlothoState, events: list[Event]) -> None:
    """Play goes on: the triplet choices claimed, then the next turn."""
    turn = state.turn
    assert turn is not None  # a window is open only while playing
    state.pending.sort(key=lambda t: (t.seat - turn) % state.seats)
    if not state.pending:
        _advance(state, events)


def _choose(state: KlothoState, word: str, events: list[Event]) -> None:
    """The first pending triplet's owner takes a point or a half victory."""
    triplet = state.pending.pop(0)
    seat = triplet.seat
    events.append(
        Event("triplet_choice", seat, public={"choice": word, "cells": list(triplet.cells)})
    )
    if word == POINT:
        state.scores[seat] += 1
    else:
        state.halves[seat] += 1
        events.append(Event("half_victory", seat, public={"halves": state.halves[seat]}))
        # In extra tours only the tied seats compete: another's half wins nothing.
        if state.halves[seat] >= 2 and (not state.contenders or seat in state.contenders):
            _finish(state, [seat], "half_victory", events)
            return
    if not state.pending:
        _advance(state, events)


def _vote(state: KlothoState, seat: int, word: str, events: list[Event]) -> None:
    """A yes may end the tour; a no fails the vote and bars its proposer for a while."""
    events.append(Event(VOTE, seat, public={"vote": word}))
    if word == YES:
        _say_yes(state, seat, events)
        return
    assert state.vote is not None  # check_action refuses a vote when none is open
    proposer = state.vote.proposer
    state.vote = None
    # One full round of moves before the same seat may ask again.
    state.cooldown[proposer] = state.seats
    events.append(Event("vote_failed", proposer, public={"cooldown": state.seats}))


def _say_yes(state: KlothoState, seat: int, events: list[Event]) -> None:
    """Record a yes; when every seat has said yes, the tour ends."""
    assert state.vote is not None  # only called with a vote open
    state.vote.yes = sorted({*state.vote.yes, seat})
    if len(state.vote.yes) == state.seats:
        state.vote = None
        _end_tour(state, "vote", events)


def _advance(state: KlothoState, events: list[Event]) -> None:
    """After a turn (and its triplet choices): end the tour or pass the turn on."""
    if all(state.up):
        _end_tour(state, "natural", events)
        return
    actor = state.turn
    assert actor is not None  # the game is not over
    seats = state.seats
    if state.phase == PLACEMENT:
        if actor != state.dealer:
            state.turn = (actor + 1) % seats
            return
        state.phase = MAIN
        start = (state.dealer + 1) % seats
    else:
        start = (actor + 1) % seats
    # A seat can do nothing only when chips stand on every neighbour of its
    # chip. The field has more cells than there are chips, so the chips of
    # stuck seats never enclose all of them: some seat always can act.
    chips_on = occupants(state)
    waits = next(k for k in range(seats) if can_act(state, chips_on, (start + k) % seats))
    events.extend(Event("skip", (start + k) % seats) for k in range(waits))
    state.turn = (start + waits) % seats


def _end_tour(state: KlothoState, reason: str, events: list[Event]) -> None:
    """End the tour, then end the game or deal the next (or an extra) tour."""
    events.append(
        Event(
            "tour_end",
            public={
                "tour": state.tour,
                "reason": reason,
                "scores": list(state.scores),
                "halves": list(state.halves),
            },
        )
    )
    if state.tour >= state.tours:
        leaders = match_leaders(state.scores, state.halves, state.contenders or range(state.seats))
        if len(leaders) == 1 or state.full_tie == SHARED_VICTORY:
            _finish(state, leaders, "tours", events)
            return
        state.contenders = leaders
    state.tour += 1
    events.append(_start_tour(state))


def _finish(state: KlothoState, winners: list[int], reason: str, events: list[Event]) -> None:
    state.phase = OVER
    state.turn = None
    state.vote = None
    state.pending = []
    state.claims = []
    state.winners = winners
    events.append(
        Event(
            "game_end",
            public={
                "winners": list(winners),
                "reason": reason,
                "scores": list(state.scores),
                "halves": list(state.halves),
            },
        )
    )


def _start_tour(state: KlothoState) -> Event:
    """Shuffle all 36 cards, lay the field face down, the rest is the stock; chips off."""
    seats = state.seats
    state.dealer = dealer_of(state.tour, seats)
    deck, state.rng = shuffled(make_deck(RANKS_36), state.rng)
    size = len(geometry(seats).names)
    state.cards = deck[:size]
    state.up = [False] * size
    state.stock = deck[size:]
    state.discard = []
    state.chips = [None] * seats
    # A new field is a new situation: nobody is barred from proposing.
    state.cooldown = [0] * seats
    state.last = None
    state.vote = None
    state.pending = []
    state.claims = []
    state.phase = PLACEMENT
    state.turn = (state.dealer + 1) % seats
    return Event(
        "tour_start",
        public={
            "tour": state.tour,
            "dealer": state.dealer,
            "order": turn_order(state.dealer, seats),
            "extra": state.tour > state.tours,
            "contenders": list(state.contenders),
        },
    )
