"""Klotho's menus: the field's grid, and the choice path of each action.

Paths: a cell (then the kind, when a cell offers both move and replace); one
button for a triplet choice (``point``, ``half``), a proposal (``propose``), a
vote (``vote-yes``, ``vote-no``) or a claim (``claim``).
"""

from __future__ import annotations

from games.core.protocol import Action, Choice
from games.klotho.actions import CLAIM, PROPOSE, cell_actions, shared_actions
from games.klotho.checks import check_action
from games.klotho.rules import TRIPLET, geometry
from games.klotho.state import OVER, KlothoState


def menu_grid(state: KlothoState) -> tuple[int, int] | None:
    """The field's ``(rows, cols)`` while the first menu level names cells."""
    if state.phase == OVER or state.pending or state.claims:
        return None
    geo = geometry(state.seats)
    return geo.rows, geo.cols


def choice_path(state: KlothoState, seat: int, act: Action) -> list[Choice]:
    """The steps to ``act`` (normalized): a shared action's button whichever
    seat asks; any other action must be legal for ``seat``."""
    if act in shared_actions(state):
        if act[0] in (PROPOSE, CLAIM):
            return [Choice(key=act[0], msg=f"klotho-choice-{act[0]}")]
        return [Choice(key=f"vote-{act[1]}", msg=f"klotho-choice-vote-{act[1]}")]
    plan = check_action(state, seat, act)
    if plan.kind == TRIPLET:
        return [Choice(key=plan.word, msg=f"klotho-choice-triplet-{plan.word}")]
    cell = geometry(state.seats).names[plan.cell]
    args = {"cell": cell}
    here = [a for a in cell_actions(state, seat) if a[1] == cell]
    if len(here) == 1:
        return [Choice(key=cell, msg=f"klotho-choice-{plan.kind}", args=args)]
    return [
        Choice(key=cell, msg="klotho-choice-cell", args=args),
        Choice(key=plan.kind, msg=f"klotho-choice-{plan.kind}", args=args),
    ]
