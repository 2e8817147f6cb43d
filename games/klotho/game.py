"""The Klotho / Prospector rules engine (see ``docs/rules/klotho.md``).

Actions (cells are named ``A1`` … ``E5``):

- ``("place", cell)`` in the placement phase;
- ``("move", cell)``, ``("turn", cell)``, ``("replace", cell)`` in the main phase;
- ``("triplet", "point" | "half")`` by the seat whose chip is on a triplet's middle card;
- ``("propose",)`` and ``("vote", "yes" | "no")`` for the zugzwang vote;
- ``("claim",)`` by a seat with points to claim, while a claim window is open
  (the option ``scoring="claim"``), and ``("lapse",)``, which closes that window
  for the seat whose turning opened it when its time is up (``Game.window``).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from games.core.cards import RANKS_36, make_deck
from games.core.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn
from games.core.events import Event
from games.core.protocol import (
    Action,
    Choice,
    Game,
    OptionSpec,
    OptionValue,
    Window,
    normalize_action,
)
from games.core.rng import shuffled
from games.klotho.rules import (
    ORDINARY,
    TRIPLET,
    can_replace,
    completed_lines,
    dealer_of,
    geometry,
    in_combination,
    match_leaders,
    turn_order,
)
from games.klotho.state import (
    EXTRA_TOURS,
    MAIN,
    OVER,
    PLACEMENT,
    SCORING_AUTO,
    SCORING_CLAIM,
    SHARED_VICTORY,
    Claim,
    KlothoState,
    LastAction,
    Triplet,
    Vote,
)
from games.klotho.validate import check_state

PLACE = "place"
MOVE = "move"
TURN = "turn"
REPLACE = "replace"
#: Actions on a cell, in the order a cell's actions are listed.
CELL_KINDS = (PLACE, MOVE, TURN, REPLACE)
POINT = "point"
HALF = "half"
PROPOSE = "propose"
VOTE = "vote"
YES = "yes"
NO = "no"
CLAIM = "claim"
LAPSE = "lapse"
#: How long the seats with a combination have to claim it (``scoring="claim"``):
#: long enough for a table message edited under a group's rate limit to arrive.
CLAIM_SECONDS = 12


@dataclass(frozen=True)
class _Plan:
    """A validated action: its kind, the cell index (cell actions) or the word chosen."""

    kind: str
    cell: int = -1
    word: str = ""


class KlothoGame(Game[KlothoState]):
    """Klotho for 2–8 players; the option ``rounds`` sets tours = rounds × seats."""

    name: ClassVar[str] = "klotho"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    state_type = KlothoState
    public_moves: ClassVar[bool] = True
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("rounds", 1, (1, 2, 3)),
        OptionSpec("full_tie", EXTRA_TOURS, (EXTRA_TOURS, SHARED_VICTORY)),
        OptionSpec("scoring", SCORING_AUTO, (SCORING_AUTO, SCORING_CLAIM)),
    )

    # -- setup ------------------------------------------------------------

    def _new(self, seats: int, options: dict[str, OptionValue], seed: int) -> KlothoState:
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

    def _validate(self, state: KlothoState) -> None:
        """Refuse an impossible state (see ``games.klotho.validate``)."""
        check_state(state)

    # -- queries ----------------------------------------------------------

    def to_move(self, state: KlothoState) -> list[int]:
        """The seats with a claim while a claim window is open; else a pending
        triplet's chooser alone; else the seat whose turn it is plus, while a
        vote is open, every seat that has not voted."""
        if state.phase == OVER or state.turn is None:
            return []
        if state.claims:
            return sorted({claim.seat for claim in state.claims})
        if state.pending:
            return [state.pending[0].seat]
        movers = {state.turn}
        if state.vote is not None:
            movers.update(s for s in range(state.seats) if s not in state.vote.yes)
        return sorted(movers)

    def legal_actions(self, state: KlothoState, seat: int) -> list[Action]:
        """Menu order: the mover's cell actions (row-major), then propose or the votes.

        A seat that is not to move may still propose (see :meth:`shared_actions`).
        """
        if not self.is_seat(state, seat) or state.phase == OVER:
            return []
        if state.claims:
            return [(CLAIM,)] if any(c.seat == seat for c in state.claims) else []
        if state.pending:
            return [(TRIPLET, POINT), (TRIPLET, HALF)] if seat == state.pending[0].seat else []
        actions = _cell_actions(state, seat) if seat == state.turn else []
        if _may_propose(state, seat):
            actions.append((PROPOSE,))
        if state.vote is not None and seat not in state.vote.yes:
            actions.extend([(VOTE, YES), (VOTE, NO)])
        return actions

    def shared_actions(self, state: KlothoState) -> list[Action]:
        """Actions any eligible seat may press on the shared table message."""
        if state.phase == OVER:
            return []
        if state.claims:
            return [(CLAIM,)]
        if state.vote is not None:
            return [(VOTE, YES), (VOTE, NO)]
        if any(_may_propose(state, seat) for seat in range(state.seats)):
            return [(PROPOSE,)]
        return []

    def window(self, state: KlothoState) -> Window | None:
        """The claim window, while seats may still claim points: it closes for
        the seat whose turning opened it."""
        if not state.claims or state.turn is None:
            return None
        return Window(CLAIM_SECONDS, state.turn, (LAPSE,))

    def is_over(self, state: KlothoState) -> bool:
        """True once the game has a winner."""
        return state.phase == OVER

    def result(self, state: KlothoState) -> dict[str, Any]:
        """Points, the winner (``[]`` while playing), half victories and tours played."""
        return {
            "scores": list(state.scores),
            "winners": list(state.winners),
            "halves": list(state.halves),
            "tours": state.tour if state.phase == OVER else state.tour - 1,
        }

    def seats(self, state: KlothoState) -> int:
        """Number of seats."""
        return state.seats

    def view(self, state: KlothoState, seat: int | None) -> dict[str, Any]:
        """The table (the same for everybody); see ``docs/views.md``."""
        self.check_seat(state, seat, public=True)
        geo = geometry(state.seats)
        occupants = _occupants(state)
        vote = state.vote
        out: dict[str, Any] = {
            "game": self.name,
            "seats": state.seats,
            "rows": geo.rows,
            "cols": geo.cols,
            "cells": [
                {
                    "cell": name,
                    "card": state.cards[i] if state.up[i] else None,
                    "chip": occupants[i],
                }
                for i, name in enumerate(geo.names)
            ],
            "tour": state.tour,
            "tours": state.tours,
            "dealer": state.dealer,
            "order": turn_order(state.dealer, state.seats),
            "phase": state.phase,
            "turn": state.turn,
            "stock": len(state.stock),
            "discard": len(state.discard),
            "scores": list(state.scores),
            "halves": list(state.halves),
            "last": None if state.last is None else vars(state.last).copy(),
            "triplet": state.pending[0].seat if state.pending and not state.claims else None,
            # Who may claim is for the players to notice, so only the window shows.
            "claim_window": bool(state.claims),
            "full_tie": state.full_tie,
            "scoring": state.scoring,
            "contenders": list(state.contenders),
            "vote": None
            if vote is None
            else {
                "proposer": vote.proposer,
                "yes": list(vote.yes),
                "voters": list(range(state.seats)),
            },
            "cooldown": list(state.cooldown),
            "over": state.phase == OVER,
            "winners": list(state.winners),
            "events": [event.seen_by(seat) for event in state.events],
        }
        if seat is not None:
            out["you"] = seat
        return out

    def menu_grid(self, state: KlothoState) -> tuple[int, int] | None:
        """The field's ``(rows, cols)`` while the first menu level names cells."""
        if state.phase == OVER or state.pending or state.claims:
            return None
        geo = geometry(state.seats)
        return geo.rows, geo.cols

    def choice_path(self, state: KlothoState, seat: int, action: Action) -> list[Choice]:
        """A cell (then the kind, when a cell offers both move and replace),
        or one button for a triplet choice, a proposal or a vote.

        A shared action (a proposal, a vote) gets its button whichever seat
        asks, as it sits on the shared table message; any other action must
        be legal for ``seat``.
        """
        self.check_seat(state, seat)
        act = normalize_action(action)
        if act in self.shared_actions(state):
            if act[0] in (PROPOSE, CLAIM):
                return [Choice(key=act[0], msg=f"klotho-choice-{act[0]}")]
            return [Choice(key=f"vote-{act[1]}", msg=f"klotho-choice-vote-{act[1]}")]
        plan = self._check(state, seat, act)
        if plan.kind == TRIPLET:
            return [Choice(key=plan.word, msg=f"klotho-choice-triplet-{plan.word}")]
        cell = geometry(state.seats).names[plan.cell]
        args = {"cell": cell}
        here = [a for a in _cell_actions(state, seat) if a[1] == cell]
        if len(here) == 1:
            return [Choice(key=cell, msg=f"klotho-choice-{plan.kind}", args=args)]
        return [
            Choice(key=cell, msg="klotho-choice-cell", args=args),
            Choice(key=plan.kind, msg=f"klotho-choice-{plan.kind}", args=args),
        ]

    # -- playing ----------------------------------------------------------

    def apply(self, state: KlothoState, seat: int, action: Sequence[Any]) -> KlothoState:
        """As :meth:`Game.apply`, but a seat that is not to move may take a shared
        action it is eligible for (propose a vote out of turn)."""
        act = normalize_action(action)
        self.check_seat(state, seat)
        if seat not in self.to_move(state) and act in self.shared_actions(state):
            return self._apply(copy.deepcopy(state), seat, act)
        return super().apply(state, seat, act)

    def _apply(self, state: KlothoState, seat: int, action: Action) -> KlothoState:
        plan = self._check(state, seat, action)
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
        state.events = events
        return state

    def _check(self, state: KlothoState, seat: int, action: Action) -> _Plan:
        """Validate ``action`` for ``seat``; raise an ``IllegalAction`` if it is not legal."""
        if state.phase == OVER:
            raise GameOver("the game is over")
        kind = action[0]
        if kind in (CLAIM, LAPSE):
            return _check_window(state, seat, action)
        if state.claims:
            raise IllegalAction("the points are being claimed", code="klotho-claims-open")
        if kind in CELL_KINDS:
            return _check_cell(state, seat, action)
        if kind == TRIPLET:
            word = _word(action, (POINT, HALF))
            if not state.pending or state.pending[0].seat != seat:
                raise IllegalAction("you have no triplet to choose for", code="klotho-no-triplet")
            return _Plan(TRIPLET, word=word)
        if kind == PROPOSE:
            if len(action) != 1:
                raise MalformedAction("propose takes no arguments", code="klotho-bad-arity")
            _check_may_propose(state, seat)
            return _Plan(PROPOSE)
        if kind == VOTE:
            word = _word(action, (YES, NO))
            if state.vote is None:
                raise IllegalAction("no vote is open", code="klotho-no-vote")
            if seat in state.vote.yes:
                raise IllegalAction("you have already voted", code="klotho-already-voted")
            return _Plan(VOTE, word=word)
        raise MalformedAction(
            "an action is place, move, turn, replace, triplet, propose, vote, claim or lapse",
            code="klotho-unknown-action",
            kind=str(kind),
        )


# -- validation ---------------------------------------------------------------


def _word(action: Action, words: tuple[str, str]) -> str:
    """The one argument of a triplet choice or a vote, which must be one of ``words``."""
    if len(action) != 2 or action[1] not in words:
        raise MalformedAction(
            f"{action[0]} takes one argument, {words[0]!r} or {words[1]!r}",
            code="klotho-bad-choice",
            kind=str(action[0]),
        )
    word: str = action[1]
    return word


def _check_cell(state: KlothoState, seat: int, action: Action) -> _Plan:
    kind = action[0]
    if len(action) != 2 or not isinstance(action[1], str):
        raise MalformedAction(f"{kind} takes one cell", code="klotho-bad-arity", kind=kind)
    geo = geometry(state.seats)
    cell = geo.index.get(action[1])
    if cell is None:
        raise IllegalAction(
            f"there is no cell {action[1]!r} on this field",
            code="klotho-no-such-cell",
            cell=action[1],
        )
    if state.pending:
        raise IllegalAction("choose for the triplet first", code="klotho-triplet-pending")
    if seat != state.turn:
        raise NotYourTurn("it is not your turn", seat=seat)
    name = geo.names[cell]
    occupants = _occupants(state)
    if kind == PLACE:
        if state.phase != PLACEMENT:
            raise IllegalAction("chips are already placed", code="klotho-not-placement")
        if occupants[cell] is not None:
            raise IllegalAction(f"{name} already has a chip", code="klotho-occupied", cell=name)
        return _Plan(PLACE, cell)
    if state.phase != MAIN:
        raise IllegalAction("place your chip first", code="klotho-placement", kind=kind)
    chip = state.chips[seat]
    if chip is None or cell not in geo.neighbours[chip]:
        raise IllegalAction(
            f"{name} is not next to your chip", code="klotho-not-adjacent", cell=name
        )
    if kind == TURN:
        if state.up[cell]:
            raise IllegalAction(f"{name} is already face up", code="klotho-face-up", cell=name)
        return _Plan(TURN, cell)
    if not state.up[cell]:
        raise IllegalAction(f"{name} is face down", code="klotho-face-down", cell=name)
    if occupants[cell] is not None:
        raise IllegalAction(f"{name} has a chip on it", code="klotho-occupied", cell=name)
    if kind == MOVE:
        return _Plan(MOVE, cell)
    if not state.stock:
        raise IllegalAction("the stock is empty", code="klotho-stock-empty")
    if all(state.up[i] for i in geo.neighbours[cell]):
        raise IllegalAction(
            f"{name} has no face-down neighbour", code="klotho-no-face-down-neighbour", cell=name
        )
    if in_combination(geo, state.cards, state.up, cell):
        raise IllegalAction(
            f"{name} is part of a combination", code="klotho-in-combination", cell=name
        )
    return _Plan(REPLACE, cell)


def _check_window(state: KlothoState, seat: int, action: Action) -> _Plan:
    """A claim by a seat with something to claim, or the window closed by its seat."""
    kind = action[0]
    if len(action) != 1:
        raise MalformedAction(f"{kind} takes no arguments", code="klotho-bad-arity", kind=kind)
    if kind == CLAIM:
        if not any(claim.seat == seat for claim in state.claims):
            raise IllegalAction("you have nothing to claim", code="klotho-nothing-to-claim")
        return _Plan(CLAIM)
    if not state.claims:
        raise IllegalAction("no claims are open", code="klotho-no-claims")
    if seat != state.turn:
        raise NotYourTurn("it is not your turn", seat=seat)
    return _Plan(LAPSE)


def _check_may_propose(state: KlothoState, seat: int) -> None:
    if state.pending:
        raise IllegalAction("choose for the triplet first", code="klotho-triplet-pending")
    if state.phase != MAIN:
        raise IllegalAction("no vote before all chips are placed", code="klotho-vote-placement")
    if state.vote is not None:
        raise IllegalAction("a vote is already open", code="klotho-vote-open")
    if state.cooldown[seat]:
        raise IllegalAction(
            f"you may propose again after {state.cooldown[seat]} more moves",
            code="klotho-cooldown",
            moves=state.cooldown[seat],
        )


def _may_propose(state: KlothoState, seat: int) -> bool:
    return (
        state.phase == MAIN
        and not state.pending
        and not state.claims
        and state.vote is None
        and state.cooldown[seat] == 0
    )


# -- field helpers ------------------------------------------------------------


def _occupants(state: KlothoState) -> list[int | None]:
    """The seat whose chip is on each cell, or ``None``."""
    out: list[int | None] = [None] * len(state.cards)
    for seat, cell in enumerate(state.chips):
        if cell is not None:
            out[cell] = seat
    return out


def _can_act(state: KlothoState, occupants: list[int | None], seat: int) -> bool:
    """True when ``seat`` has a main-phase action: a face-down or a free neighbour.

    (A replaceable cell is a free face-up one, where a move is legal too.)
    """
    chip = state.chips[seat]
    return chip is not None and any(
        not state.up[cell] or occupants[cell] is None
        for cell in geometry(state.seats).neighbours[chip]
    )


def _cell_actions(state: KlothoState, seat: int) -> list[Action]:
    """The place, move, turn and replace actions of ``seat`` if it were its turn."""
    geo = geometry(state.seats)
    occupants = _occupants(state)
    if state.phase == PLACEMENT:
        return [(PLACE, name) for i, name in enumerate(geo.names) if occupants[i] is None]
    chip = state.chips[seat]
    actions: list[Action] = []
    for cell in () if chip is None else geo.neighbours[chip]:
        name = geo.names[cell]
        if not state.up[cell]:
            actions.append((TURN, name))
        elif occupants[cell] is None:
            actions.append((MOVE, name))
            if state.stock and can_replace(geo, state.cards, state.up, cell):
                actions.append((REPLACE, name))
    return actions


# -- applying -----------------------------------------------------------------


def _cell_action(state: KlothoState, seat: int, plan: _Plan, events: list[Event]) -> None:
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
    occupants = _occupants(state)
    claims = []
    for line, kinds in completed_lines(geo, state.cards, state.up, cell):
        owner = occupants[line[1]]
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
    assert state.vote is not None  # _check refuses a vote when none is open
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
    occupants = _occupants(state)
    waits = next(k for k in range(seats) if _can_act(state, occupants, (start + k) % seats))
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
