"""Validation of Klotho's actions: each refusal with its error code."""

from __future__ import annotations

from games.core.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn
from games.core.protocol import Action
from games.klotho.actions import (
    CELL_KINDS,
    CLAIM,
    HALF,
    LAPSE,
    MOVE,
    NO,
    PLACE,
    POINT,
    PROPOSE,
    REPLACE,
    TURN,
    VOTE,
    YES,
    Plan,
    occupants,
)
from games.klotho.rules import TRIPLET, geometry, in_combination
from games.klotho.state import MAIN, OVER, PLACEMENT, KlothoState


def check_action(state: KlothoState, seat: int, action: Action) -> Plan:
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
        return Plan(TRIPLET, word=word)
    if kind == PROPOSE:
        if len(action) != 1:
            raise MalformedAction("propose takes no arguments", code="klotho-bad-arity")
        _check_may_propose(state, seat)
        return Plan(PROPOSE)
    if kind == VOTE:
        word = _word(action, (YES, NO))
        if state.vote is None:
            raise IllegalAction("no vote is open", code="klotho-no-vote")
        if seat in state.vote.yes:
            raise IllegalAction("you have already voted", code="klotho-already-voted")
        return Plan(VOTE, word=word)
    raise MalformedAction(
        "an action is place, move, turn, replace, triplet, propose, vote, claim or lapse",
        code="klotho-unknown-action",
        kind=str(kind),
    )


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


def _check_cell(state: KlothoState, seat: int, action: Action) -> Plan:
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
    chips_on = occupants(state)
    if kind == PLACE:
        if state.phase != PLACEMENT:
            raise IllegalAction("chips are already placed", code="klotho-not-placement")
        if chips_on[cell] is not None:
            raise IllegalAction(f"{name} already has a chip", code="klotho-occupied", cell=name)
        return Plan(PLACE, cell)
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
        return Plan(TURN, cell)
    if not state.up[cell]:
        raise IllegalAction(f"{name} is face down", code="klotho-face-down", cell=name)
    if chips_on[cell] is not None:
        raise IllegalAction(f"{name} has a chip on it", code="klotho-occupied", cell=name)
    if kind == MOVE:
        return Plan(MOVE, cell)
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
    return Plan(REPLACE, cell)


def _check_window(state: KlothoState, seat: int, action: Action) -> Plan:
    """A claim by a seat with something to claim, or the window closed by its seat."""
    kind = action[0]
    if len(action) != 1:
        raise MalformedAction(f"{kind} takes no arguments", code="klotho-bad-arity", kind=kind)
    if kind == CLAIM:
        if not any(claim.seat == seat for claim in state.claims):
            raise IllegalAction("you have nothing to claim", code="klotho-nothing-to-claim")
        return Plan(CLAIM)
    if not state.claims:
        raise IllegalAction("no claims are open", code="klotho-no-claims")
    if seat != state.turn:
        raise NotYourTurn("it is not your turn", seat=seat)
    return Plan(LAPSE)


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
