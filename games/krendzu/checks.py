"""Validation of Krendzu's actions: each refusal with its error code."""

from __future__ import annotations

from collections.abc import Collection

from games.core.errors import IllegalAction, MalformedAction, require_turn_and_phase
from games.core.protocol import Action
from games.krendzu.actions import (
    ARITY,
    EXCHANGE,
    FIRST,
    PASS,
    PHASE_OF,
    PLACE,
    TOGGLE,
    Move,
    announce_limit,
    attackers_out,
    role,
)
from games.krendzu.field import Cell, touches_corner
from games.krendzu.rules import ATTACK, CARDS
from games.krendzu.state import ANNOUNCE, KrendzuState


def check_action(
    state: KrendzuState, seat: int, action: Action, free: Collection[Cell] | None = None
) -> Move:
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
        limit = announce_limit(state, seat)
        count = action[1]
        if not 0 <= count <= limit:
            raise IllegalAction(
                f"you may exchange 0 to {limit} cards",
                code="krendzu-bad-count",
                count=count,
                max=limit,
            )
        return Move(ANNOUNCE, count=count)
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
        return Move(TOGGLE, card)
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
        return Move(EXCHANGE, count=count)
    if kind != PLACE:
        _check_mode(state, seat, kind)
    if kind == PASS:
        return Move(PASS)
    x, y = action[2], action[3]
    if (x, y) not in (state.frontier if free is None else free):
        raise _cell_refusal(state, x, y)
    return Move(kind, card, x, y)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_mode(state: KrendzuState, seat: int, kind: str) -> None:
    """Refuse ``first`` or ``pass`` when the seat may not make that kind of move."""
    if role(state, seat) == ATTACK:
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
    if kind == PASS and attackers_out(state):
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
