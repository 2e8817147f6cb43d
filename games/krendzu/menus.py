"""Krendzu's menus: the choice path of each action, and why options are missing.

Paths: ``n<N>``; ``t<card>``; ``x``; ``[mode] c<card> [r<y>] @<x>,<y> ok``;
``pass ok`` (see ``docs/rules/krendzu.md``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from games.core.protocol import Action, Choice, normalize_action
from games.krendzu.actions import FIRST, ONE, PASS, PLACE, TOGGLE, TWO, attackers_out, modes, role
from games.krendzu.checks import check_action
from games.krendzu.field import Box, Cell, Frontier, box_of, cell_label
from games.krendzu.rules import CARDS, DEFEND
from games.krendzu.state import ANNOUNCE, DISCARD, PLAY, KrendzuState

#: Above this many free cells, a placement's cell step is split into row, then cell.
ROW_SPLIT = 40

_ONE = Choice(key=ONE, msg="krendzu-choice-one")
_TWO = Choice(key=TWO, msg="krendzu-choice-two")
_PASS = Choice(key=PASS, msg="krendzu-choice-pass")
_CONFIRM_PASS = Choice(key="ok", msg="krendzu-choice-confirm-pass")
_CARD_CHOICES = {
    card: Choice(key=f"c{card}", msg="krendzu-choice-card", args={"card": card}) for card in CARDS
}


def choice_paths(state: KrendzuState, seat: int, actions: Sequence[Action]) -> list[list[Choice]]:
    """The paths of ``actions``; the cell names and steps, shared by every
    placement (some 2700: 18 cards × 74 cells × one or two cards), are
    derived once."""
    menu = _menu_of(state.frontier) if state.phase == PLAY else None
    many_modes = len(modes(state, seat)) > 1 if menu is not None else False
    return [_path(state, seat, action, menu, many_modes) for action in actions]


def explain(state: KrendzuState, seat: int, keys: Sequence[str]) -> list[Choice]:
    """Why a defender may not pass or place two cards now (at the first menu
    level), and why unmarked cards are not offered once enough are marked."""
    if state.turn is None or seat != state.turn or tuple(keys):
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
    if state.phase != PLAY or state.pending or role(state, seat) != DEFEND:
        return []
    if not state.moved[seat]:
        return [
            Choice(key=TWO, msg="error-krendzu-first-turn"),
            Choice(key=PASS, msg="error-krendzu-first-turn"),
        ]
    out = []
    if len(state.hands[seat]) < 2:
        out.append(Choice(key=TWO, msg="error-krendzu-one-card-left"))
    if attackers_out(state):
        out.append(Choice(key=PASS, msg="error-krendzu-must-place"))
    return out


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


def _path(
    state: KrendzuState, seat: int, action: Action, menu: _Menu | None, many_modes: bool
) -> list[Choice]:
    act = action if type(action) is tuple else normalize_action(action)
    move = check_action(state, seat, act, None if menu is None else menu.labels)
    kind = move.kind
    if kind in (PLACE, FIRST) and menu is not None:
        label = menu.labels[(move.x, move.y)]
        return _placement_path(menu, kind, move.card, move.x, move.y, label, many_modes)
    if kind == PASS:
        return [_PASS, _CONFIRM_PASS]
    if kind == ANNOUNCE:
        return [
            Choice(key=f"n{move.count}", msg="krendzu-choice-announce", args={"count": move.count})
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
