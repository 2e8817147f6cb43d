"""Klotho's actions: their kinds, and which are legal now (cells are named ``A1`` … ``E5``).

- ``("place", cell)`` in the placement phase;
- ``("move", cell)``, ``("turn", cell)``, ``("replace", cell)`` in the main phase;
- ``("triplet", "point" | "half")`` by the seat whose chip is on a triplet's middle card;
- ``("propose",)`` and ``("vote", "yes" | "no")`` for the zugzwang vote;
- ``("claim",)`` by a seat with points to claim, while a claim window is open
  (the option ``scoring="claim"``), and ``("lapse",)``, which closes that window
  for the seat whose turning opened it when its time is up (``Game.window``).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.protocol import Action
from games.klotho.rules import TRIPLET, can_replace, geometry
from games.klotho.state import MAIN, OVER, PLACEMENT, KlothoState

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
class Plan:
    """A validated action: its kind, the cell index (cell actions) or the word chosen."""

    kind: str
    cell: int = -1
    word: str = ""


def legal_actions(state: KlothoState, seat: int) -> list[Action]:
    """The actions of ``seat`` while the game is on, in menu order: the mover's
    cell actions (row-major), then propose or the votes."""
    if state.claims:
        return [(CLAIM,)] if any(c.seat == seat for c in state.claims) else []
    if state.pending:
        return [(TRIPLET, POINT), (TRIPLET, HALF)] if seat == state.pending[0].seat else []
    actions = cell_actions(state, seat) if seat == state.turn else []
    if may_propose(state, seat):
        actions.append((PROPOSE,))
    if state.vote is not None and seat not in state.vote.yes:
        actions.extend([(VOTE, YES), (VOTE, NO)])
    return actions


def shared_actions(state: KlothoState) -> list[Action]:
    """Actions any eligible seat may press on the shared table message."""
    if state.phase == OVER:
        return []
    if state.claims:
        return [(CLAIM,)]
    if state.vote is not None:
        return [(VOTE, YES), (VOTE, NO)]
    if any(may_propose(state, seat) for seat in range(state.seats)):
        return [(PROPOSE,)]
    return []


def may_propose(state: KlothoState, seat: int) -> bool:
    """True when ``seat`` may propose the zugzwang vote now."""
    return (
        state.phase == MAIN
        and not state.pending
        and not state.claims
        and state.vote is None
        and state.cooldown[seat] == 0
    )


def occupants(state: KlothoState) -> list[int | None]:
    """The seat whose chip is on each cell, or ``None``."""
    out: list[int | None] = [None] * len(state.cards)
    for seat, cell in enumerate(state.chips):
        if cell is not None:
            out[cell] = seat
    return out


def can_act(state: KlothoState, chips_on: list[int | None], seat: int) -> bool:
    """True when ``seat`` has a main-phase action: a face-down or a free neighbour
    (``chips_on``: the :func:`occupants` of the cells).

    (A replaceable cell is a free face-up one, where a move is legal too.)
    """
    chip = state.chips[seat]
    return chip is not None and any(
        not state.up[cell] or chips_on[cell] is None
        for cell in geometry(state.seats).neighbours[chip]
    )


def cell_actions(state: KlothoState, seat: int) -> list[Action]:
    """The place, move, turn and replace actions of ``seat`` if it were its turn."""
    geo = geometry(state.seats)
    chips_on = occupants(state)
    if state.phase == PLACEMENT:
        return [(PLACE, name) for i, name in enumerate(geo.names) if chips_on[i] is None]
    chip = state.chips[seat]
    actions: list[Action] = []
    for cell in () if chip is None else geo.neighbours[chip]:
        name = geo.names[cell]
        if not state.up[cell]:
            actions.append((TURN, name))
        elif chips_on[cell] is None:
            actions.append((MOVE, name))
            if state.stock and can_replace(geo, state.cards, state.up, cell):
                actions.append((REPLACE, name))
    return actions
