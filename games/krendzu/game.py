"""The Krendzu rules engine (see ``docs/rules/krendzu.md`` and ``docs/views.md``).

Actions:

- ``("announce", n)``: how many cards the seat will exchange;
- ``("toggle", card)``: mark or unmark a hand card for the exchange;
- ``("exchange",)``: discard the marked cards;
- ``("place", card, x, y)``: one card on a frontier cell (an attacker's move, a
  defender's one-card move, or the second card of a two-card move);
- ``("first", card, x, y)``: a defender's first card of a two-card move;
- ``("pass",)``: a defender places nothing.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from games.core.cards import RANKS_36, make_deck
from games.core.errors import (
    IllegalAction,
    InvalidOptions,
    MalformedAction,
    require_turn_and_phase,
)
from games.core.events import Event
from games.core.protocol import Action, Choice, Game, OptionSpec, OptionValue, normalize_action
from games.core.rng import shuffled
from games.krendzu import stand_in
from games.krendzu.field import (
    EMPTY_FRONTIER,
    Box,
    Cell,
    Frontier,
    box_of,
    cell_label,
    frontier_after,
    touches_corner,
    windows_through,
)
from games.krendzu.rules import (
    ATTACK,
    BASE_TOURS,
    CARDS,
    DEFEND,
    TWO_ATTACKERS,
    VARIANTS,
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
from games.krendzu.validate import check_state

TOGGLE = "toggle"
EXCHANGE = "exchange"
PLACE = "place"
FIRST = "first"
PASS = "pass"
ARITY = {ANNOUNCE: 2, TOGGLE: 2, EXCHANGE: 1, PLACE: 4, FIRST: 4, PASS: 1}
#: The phase each action belongs to.
PHASE_OF = {
    ANNOUNCE: ANNOUNCE,
    TOGGLE: DISCARD,
    EXCHANGE: DISCARD,
    PLACE: PLAY,
    FIRST: PLAY,
    PASS: PLAY,
}
#: A defender's move modes, in menu order.
ONE = "one"
TWO = "two"
MODES = (ONE, TWO, PASS)
#: Above this many free cells, a placement's cell step is split into row, then cell.
ROW_SPLIT = 40
#: The last tour's kind of play shown in ``last``.
TWO_CARDS = "two"


@dataclass(frozen=True)
class _Move:
    """A validated action; ``card``/``x``/``y``/``count`` where they apply."""

    kind: str
    card: str = ""
    x: int = 0
    y: int = 0
    count: int = 0


class KrendzuGame(Game[KrendzuState]):
    """Krendzu for 2–4 players: attackers build lines of four, defenders block them."""

    name: ClassVar[str] = "krendzu"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    state_type = KrendzuState
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("rounds", 1, (1, 2, 3)),
        OptionSpec("variant", TWO_ATTACKERS, VARIANTS),
        OptionSpec("hand", 0, (0, 7, 8, 9, 10, 11, 12, 13, 14)),
        OptionSpec("handicap", 0, (0, 1, 2)),
        OptionSpec("exchange", 3, (0, 1, 2, 3, 4, 5)),
    )

    # -- setup ------------------------------------------------------------

    def _new(self, seats: int, options: dict[str, OptionValue], seed: int) -> KrendzuState:
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

    def _validate(self, state: KrendzuState) -> None:
        """Refuse an impossible state (see ``games.krendzu.validate``)."""
        check_state(state)

    # -- queries ----------------------------------------------------------

    def to_move(self, state: KrendzuState) -> list[int]:
        """The one seat to act, or ``[]`` once the match is over."""
        return [] if state.turn is None else [state.turn]

    def legal_actions(self, state: KrendzuState, seat: int) -> list[Action]:
        """Menu order: announcements 0…n; toggles in hand order, then exchange;
        placements card by card (hand order), cell by cell (frontier order),
        one-card moves before two-card moves, then pass."""
        if not self.is_seat(state, seat) or state.turn is None or seat != state.turn:
            return []
        hand = state.hands[seat]
        if state.phase == ANNOUNCE:
            return [(ANNOUNCE, n) for n in range(_announce_limit(state, seat) + 1)]
        if state.phase == DISCARD:
            marked = state.marked[seat]
            count = state.announced[seat] or 0
            actions: list[Action] = [
                (TOGGLE, card) for card in hand if card in marked or len(marked) < count
            ]
            if len(marked) == count:
                actions.append((EXCHANGE,))
            return actions
        modes = _modes(state, seat)
        cells = state.frontier
        actions = []
        if ONE in modes:
            actions.extend((PLACE, card, x, y) for card in hand for x, y in cells)
        if TWO in modes:
            actions.extend((FIRST, card, x, y) for card in hand for x, y in cells)
        if PASS in modes:
            actions.append((PASS,))
        return actions

    def is_over(self, state: KrendzuState) -> bool:
        """True once the last tour has ended."""
        return state.phase == OVER

    def result(self, state: KrendzuState) -> dict[str, Any]:
        """Match totals per seat, and the seats with the highest total once over."""
        return {"scores": list(state.scores), "winners": list(state.winners)}

    def seats(self, state: KrendzuState) -> int:
        """Number of seats."""
        return state.seats

    def view(self, state: KrendzuState, seat: int | None) -> dict[str, Any]:
        """The table as ``seat`` sees it (``None``: the public); see ``docs/views.md``."""
        self.check_seat(state, seat, public=True)
        box = box_of(state.frontier)
        last, summary = state.last, state.last_tour
        # Every list is built anew, so a caller can never alter the state through a view.
        out: dict[str, Any] = {
            "game": self.name,
            "seats": state.seats,
            "variant": state.variant if state.seats == 3 else None,
            "tour": state.tour,
            "tours": state.tours,
            "dealer": dealer_of(state.seats, state.tour),
            "roles": list(roles_of(state.seats, state.variant, state.tour)),
            "order": list(cycle_of(state.seats, state.variant, state.tour)),
            "phase": state.phase,
            "turn": state.turn,
            "pending": state.pending,
            "exchange": {
                "max": state.exchange,
                "announced": list(state.announced),
                "done": list(state.done),
            },
            "hand_sizes": [len(hand) for hand in state.hands],
            "aside": len(state.aside),
            "cells": [{"x": p.x, "y": p.y, "card": p.card, "seat": p.seat} for p in state.cells],
            "box": box.as_dict(),
            "last": None
            if last is None
            else {
                "seat": last.seat,
                "kind": last.kind,
                "cells": [[x, y] for x, y in last.cells],
                "labels": [cell_label(x, y, box) for x, y in last.cells],
            },
            "scored": [
                {
                    "cells": [[x, y] for x, y in window.cells],
                    "new": window.new,
                    "seat": window.seat,
                    "own_goal": window.own_goal,
                }
                for window in state.scored
            ],
            "tour_points": list(state.tour_points),
            "scores": list(state.scores),
            "last_tour": None
            if summary is None
            else {
                "tour": summary.tour,
                "points": list(summary.points),
                "roles": list(summary.roles),
            },
            "over": state.phase == OVER,
            "winners": list(state.winners),
            "events": [_deep_copy(event.seen_by(seat)) for event in state.events],
        }
        if seat is not None:
            out["you"] = seat
            out["hand"] = list(state.hands[seat])
            out["marked"] = list(state.marked[seat])
        return out

    def choice_path(self, state: KrendzuState, seat: int, action: Action) -> list[Choice]:
        """``n<N>``; ``t<card>``; ``x``; ``[mode] c<card> [r<y>] @<x>,<y> ok``; ``pass ok``
        (see ``docs/rules/krendzu.md``)."""
        self.check_seat(state, seat)
        return self.choice_paths(state, seat, [action])[0]

    def choice_paths(
        self, state: KrendzuState, seat: int, actions: Sequence[Action]
    ) -> list[list[Choice]]:
        """The paths of ``actions``; the cell names and steps, shared by every
        placement (some 2700: 18 cards × 74 cells × one or two cards), are
        derived once."""
        self.check_seat(state, seat)
        menu = _menu_of(state.frontier) if state.phase == PLAY else None
        many_modes = len(_modes(state, seat)) > 1 if menu is not None else False
        return [self._path(state, seat, action, menu, many_modes) for action in actions]

    def _path(
        self,
        state: KrendzuState,
        seat: int,
        action: Action,
        menu: _Menu | None,
        many_modes: bool,
    ) -> list[Choice]:
        act = action if type(action) is tuple else normalize_action(action)
        move = self._check(state, seat, act, None if menu is None else menu.labels)
        kind = move.kind
        if kind in (PLACE, FIRST) and menu is not None:
            label = menu.labels[(move.x, move.y)]
            return _placement_path(menu, kind, move.card, move.x, move.y, label, many_modes)
        if kind == PASS:
            return [_PASS, _CONFIRM_PASS]
        if kind == ANNOUNCE:
            return [
                Choice(
                    key=f"n{move.count}", msg="krendzu-choice-announce", args={"count": move.count}
                )
            ]
        if kind == TOGGLE:
            marked = move.card in state.marked[seat]
            return [
                Choice(
                    key=f"t{move.card}",
                    msg="krendzu-choice-toggle",
                    args={"card": move.card, "marked": marked},
                )
            ]
        return [Choice(key="x", msg="krendzu-choice-exchange", args={"count": move.count})]

    def explain(self, state: KrendzuState, seat: int, keys: Sequence[str]) -> list[Choice]:
        """Why a defender may not pass or place two cards now (at the first menu
        level), and why unmarked cards are not offered once enough are marked."""
        if not self.is_seat(state, seat) or state.turn is None or seat != state.turn or tuple(keys):
            return []
        if state.phase == DISCARD:
            count = state.announced[seat] or 0
            marked = state.marked[seat]
            if len(marked) < count:
                return []
            return [
                Choice(
                    key=f"t{card}",
                    msg="error-krendzu-toggle-limit",
                    args={"card": card, "count": count},
                )
                for card in state.hands[seat]
                if card not in marked
            ]
        if state.phase != PLAY or state.pending or _role(state, seat) != DEFEND:
            return []
        if not state.moved[seat]:
            return [
                Choice(key=TWO, msg="error-krendzu-first-turn"),
                Choice(key=PASS, msg="error-krendzu-first-turn"),
            ]
        out = []
        if len(state.hands[seat]) < 2:
            out.append(Choice(key=TWO, msg="error-krendzu-one-card-left"))
        if _attackers_out(state):
            out.append(Choice(key=PASS, msg="error-krendzu-must-place"))
        return out

    def continues(self, state: KrendzuState, seat: int) -> bool:
        """True for a discarding seat once it has toggled a card, and for a
        defender between the two cards of a two-card move."""
        if not self.is_seat(state, seat) or state.turn is None or seat != state.turn:
            return False
        if state.phase == DISCARD:
            return any(e.kind == TOGGLE and e.seat == seat for e in state.events)
        return state.phase == PLAY and state.pending

    def stand_in(
        self, state: KrendzuState, seat: int, actions: Sequence[Action], rnd: random.Random
    ) -> Action:
        """Announce 0, finish a discard, score when attacking, block when defending
        (see ``games.krendzu.stand_in``)."""
        self.check_seat(state, seat)
        return stand_in.choose(state, seat, actions, rnd)

    # -- applying ---------------------------------------------------------

    def _apply(self, state: KrendzuState, seat: int, action: Action) -> KrendzuState:
        move = self._check(state, seat, action)
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
        state.events = events
        return state

    def _check(
        self,
        state: KrendzuState,
        seat: int,
        action: Action,
        free: Collection[Cell] | None = None,
    ) -> _Move:
        """Validate ``action`` for ``seat``; raise an ``IllegalAction`` if it is not legal.

        ``free`` is the frontier in a form quicker to look up, when the caller has one.
        """
        kind = action[0]
        if not isinstance(kind, str) or kind not in ARITY:
            raise MalformedAction(
                "an action is announce, toggle, exchange, place, first or pass",
                code="krendzu-unknown-action",
                kind=str(kind),
            )
        if len(action) != ARITY[kind]:
            raise MalformedAction(
                f"{kind} takes {ARITY[kind] - 1} arguments", code="krendzu-bad-arity", kind=kind
            )
        card = ""
        if kind == ANNOUNCE:
            if not _is_int(action[1]):
                raise MalformedAction("announce needs a number", kind=kind)
        elif kind in (TOGGLE, PLACE, FIRST):
            card = action[1]
            if not isinstance(card, str):
                raise MalformedAction(f"{kind} needs a card", kind=kind)
            if card not in CARDS:
                raise MalformedAction("that is not a card", code="krendzu-invalid-card")
            if kind != TOGGLE and not (_is_int(action[2]) and _is_int(action[3])):
                raise MalformedAction(f"{kind} needs a card and two coordinates", kind=kind)
        require_turn_and_phase(
            state.turn, seat, kind, state.phase, PHASE_OF[kind], code="krendzu-wrong-phase"
        )
        if kind == ANNOUNCE:
            limit = _announce_limit(state, seat)
            count = action[1]
            if not 0 <= count <= limit:
                raise IllegalAction(
                    f"you may exchange 0 to {limit} cards",
                    code="krendzu-bad-count",
                    count=count,
                    max=limit,
                )
            return _Move(ANNOUNCE, count=count)
        if kind in (TOGGLE, PLACE, FIRST) and card not in state.hands[seat]:
            # The refusal names only the card the player sent, never what others hold.
            raise IllegalAction(
                "that card is not in your hand", code="krendzu-card-not-in-hand", card=card
            )
        if kind == TOGGLE:
            marked = state.marked[seat]
            count = state.announced[seat] or 0
            if card not in marked and len(marked) >= count:
                raise IllegalAction(
                    f"you announced {count} cards and have marked them all",
                    code="krendzu-toggle-limit",
                    card=card,
                    count=count,
                )
            return _Move(TOGGLE, card)
        if kind == EXCHANGE:
            count = state.announced[seat] or 0
            marked_count = len(state.marked[seat])
            if marked_count != count:
                raise IllegalAction(
                    f"mark exactly {count} cards to exchange ({marked_count} marked)",
                    code="krendzu-exchange-count",
                    marked=marked_count,
                    count=count,
                )
            return _Move(EXCHANGE, count=count)
        if kind != PLACE:
            _check_mode(state, seat, kind)
        if kind == PASS:
            return _Move(PASS)
        x, y = action[2], action[3]
        if (x, y) not in (state.frontier if free is None else free):
            raise _cell_refusal(state, x, y)
        return _Move(kind, card, x, y)


# -- validation ---------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _role(state: KrendzuState, seat: int) -> str:
    return roles_of(state.seats, state.variant, state.tour)[seat]


def _attackers_out(state: KrendzuState) -> bool:
    """True when no attacker has a card left."""
    hands = state.hands
    return not any(hands[seat] for seat in attackers_of(state.seats, state.variant, state.tour))


def _modes(state: KrendzuState, seat: int) -> tuple[str, ...]:
    """The kinds of move the seat to play may make now, in menu order."""
    if state.pending or not state.moved[seat] or _role(state, seat) == ATTACK:
        return (ONE,)
    two = len(state.hands[seat]) >= 2
    may_pass = not _attackers_out(state)
    if two and may_pass:
        return MODES
    if two:
        return (ONE, TWO)
    return (ONE, PASS) if may_pass else (ONE,)


def _check_mode(state: KrendzuState, seat: int, kind: str) -> None:
    """Refuse ``first`` or ``pass`` when the seat may not make that kind of move."""
    if _role(state, seat) == ATTACK:
        raise IllegalAction(
            "an attacker places exactly one card", code="krendzu-attacker-one-card", kind=kind
        )
    if state.pending:
        raise IllegalAction("place your second card", code="krendzu-second-card", kind=kind)
    if not state.moved[seat]:
        raise IllegalAction(
            "on your first turn of a tour you place exactly one card",
            code="krendzu-first-turn",
            kind=kind,
        )
    if kind == PASS and _attackers_out(state):
        raise IllegalAction(
            "the attackers have no cards left: you must place one or two",
            code="krendzu-must-place",
        )
    if kind == FIRST and len(state.hands[seat]) < 2:
        raise IllegalAction(
            "you have only one card left: place it alone", code="krendzu-one-card-left"
        )


def _cell_refusal(state: KrendzuState, x: int, y: int) -> IllegalAction:
    """Why ``(x, y)`` is not a free cell touching the field by a side."""
    occupied = {(p.x, p.y): p.card for p in state.cells}
    if (x, y) in occupied:
        return IllegalAction(
            "a card already lies there", code="krendzu-occupied", x=x, y=y, card=occupied[(x, y)]
        )
    if not occupied:
        return IllegalAction(
            "the first card of a tour goes to the centre", code="krendzu-origin-first", x=x, y=y
        )
    if touches_corner((x, y), occupied):
        return IllegalAction(
            "a card must touch the field by a side: a corner is not enough",
            code="krendzu-corner-only",
            x=x,
            y=y,
        )
    return IllegalAction(
        "a card must touch a card of the field by a side", code="krendzu-not-adjacent", x=x, y=y
    )


def _announce_limit(state: KrendzuState, seat: int) -> int:
    return min(state.exchange, len(state.hands[seat]))


# -- applying -----------------------------------------------------------------


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


def _place(state: KrendzuState, seat: int, move: _Move, events: list[Event]) -> None:
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
    own_goal = _role(state, seat) == DEFEND
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


# -- views and menus ----------------------------------------------------------


def _deep_copy(data: dict[str, Any]) -> dict[str, Any]:
    """Event data with nested lists copied too (``cells`` are lists of pairs)."""
    return {
        key: [list(v) if isinstance(v, list) else v for v in value]
        if isinstance(value, list)
        else value
        for key, value in data.items()
    }


_ONE = Choice(key=ONE, msg="krendzu-choice-one")
_TWO = Choice(key=TWO, msg="krendzu-choice-two")
_PASS = Choice(key=PASS, msg="krendzu-choice-pass")
_CONFIRM_PASS = Choice(key="ok", msg="krendzu-choice-confirm-pass")
_CARD_CHOICES = {
    card: Choice(key=f"c{card}", msg="krendzu-choice-card", args={"card": card}) for card in CARDS
}


def _placement_path(
    menu: _Menu, kind: str, card: str, x: int, y: int, label: str, many_modes: bool
) -> list[Choice]:
    """``[mode] c<card> [r<y>] @<x>,<y> ok`` for a legal placement."""
    steps = []
    if kind == FIRST:
        steps.append(_TWO)
    elif many_modes:
        steps.append(_ONE)
    steps.append(_CARD_CHOICES[card])
    if menu.split:
        steps.append(menu.row_choices[y])
    steps.append(menu.cell_choices[(x, y)])
    steps.append(_confirm(card, label))
    return steps


@functools.lru_cache(maxsize=8192)
def _confirm(card: str, label: str) -> Choice:
    return Choice(key="ok", msg="krendzu-choice-confirm", args={"card": card, "cell": label})


@dataclass(frozen=True)
class _Menu:
    """What menus derive from one frontier: labels, the cell and row steps."""

    box: Box
    labels: dict[Cell, str]
    cell_choices: dict[Cell, Choice]
    #: True when the cell step is split into a row step and a cell step.
    split: bool
    row_choices: dict[int, Choice]


def _menu_of(frontier: Frontier) -> _Menu:
    box = box_of(frontier)
    labels: dict[Cell, str] = {}
    cell_choices: dict[Cell, Choice] = {}
    rows: dict[int, int] = {}
    for x, y in frontier:
        label = labels[(x, y)] = cell_label(x, y, box)
        row = y - box.top + 1
        cell_choices[(x, y)] = Choice(
            key=f"@{x},{y}", msg="krendzu-choice-cell", args={"cell": label, "row": row}
        )
        rows[y] = rows.get(y, 0) + 1
    row_choices = {
        y: Choice(
            key=f"r{y}", msg="krendzu-choice-row", args={"row": y - box.top + 1, "count": count}
        )
        for y, count in rows.items()
    }
    return _Menu(box, labels, cell_choices, len(frontier) > ROW_SPLIT, row_choices)
