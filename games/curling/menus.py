"""Logical Curling's menus: the choice path of each action, and why targets are missing.

Paths: ``roll``; ``t<i>``, ``rethrow``, ``keep``; ``draw``, ``stop``;
``[k<combo>] p<trajectory> n<v>… s<start> ok``; ``[knull] ok``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from games.core.errors import IllegalAction
from games.core.protocol import Action, Choice, normalize_action
from games.curling.actions import (
    KEEP,
    OPPONENT_SOURCE,
    RETHROW,
    SIX,
    STOP,
    TOGGLE,
    draw_source,
    l2_limit,
    offered_combos,
    rethrown,
    throw_limit,
    throw_set,
)
from games.curling.checks import check_action
from games.curling.combo_cards import combo_cards
from games.curling.combos import NULL, Combo
from games.curling.state import AIM, DRAW, REROLL, ROLL, CurlingState
from games.curling.trajectories import (
    ORDER,
    POWER,
    REVERSE,
    TRAJECTORIES,
    number_choices,
    uses_set,
)

_SIMPLE = {
    ROLL: Choice(key=ROLL, msg="curling-choice-roll"),
    DRAW: Choice(key=DRAW, msg="curling-choice-draw"),
    KEEP: Choice(key=KEEP, msg="curling-choice-keep"),
    STOP: Choice(key=STOP, msg="curling-choice-stop"),
}
_CONFIRM_NULL = Choice(key="ok", msg="curling-choice-confirm-null")


def choice_paths(state: CurlingState, seat: int, actions: Sequence[Action]) -> list[list[Choice]]:
    """The paths of ``actions``; the throws' steps are shared and cached, the
    combinations derived once. Raises like ``apply`` for an illegal action."""
    if state.phase != AIM:
        return [_simple_path(state, seat, action) for action in actions]
    combos = offered_combos(state, seat) if state.turn == seat else ()
    legal = throw_set(combos, l2_limit(state, seat)) if combos else frozenset()
    by_key = {c.key: c for c in combos}
    many = len(combos) > 1
    # A combination's button names the cards its numbers come from.
    cards = state.cards
    named = (
        combo_cards(tuple(cards.main), tuple(cards.subs[seat]), state.deck_size)
        if many and cards is not None
        else {}
    )
    out = []
    for action in actions:
        act = action if type(action) is tuple else normalize_action(action)
        if act not in legal:
            check_action(state, seat, act)
            raise IllegalAction("that throw is not possible now", code="curling-not-legal")
        combo = by_key[act[1]]
        shown = tuple(named.get(combo.key, ())) if many else None
        out.append(_throw_path(combo, act, shown))
    return out


def _simple_path(state: CurlingState, seat: int, action: Action) -> list[Choice]:
    act = action if type(action) is tuple else normalize_action(action)
    check_action(state, seat, act)
    kind = act[0]
    if kind == TOGGLE:
        assert state.dice is not None
        die = act[1]
        return [
            Choice(
                key=f"t{die}",
                msg="curling-choice-toggle",
                args={"die": die + 1, "value": state.dice[die], "marked": state.marked[die]},
            )
        ]
    if kind == RETHROW:
        return [
            Choice(key=RETHROW, msg="curling-choice-rethrow", args={"count": len(rethrown(state))})
        ]
    if kind == DRAW and len(act) == 2:
        card = act[1]
        return [Choice(key=f"d{card}", msg="curling-choice-take", args={"card": card})]
    return [_SIMPLE[kind]]


def explain(state: CurlingState, seat: int, keys: Sequence[str]) -> list[Choice]:
    """Why a die can't be marked or the dice can't be kept; why stronger
    trajectories are missing (the limit); why a number is missing when it
    would break the trajectory's constraint."""
    if state.turn is None or seat != state.turn:
        return []
    keys = list(keys)
    if state.phase == REROLL:
        return [] if keys else _explain_reroll(state)
    if state.phase == DRAW:
        return [] if keys else _explain_draw(state, seat)
    if state.phase != AIM:
        return []
    combos = offered_combos(state, seat)
    if len(combos) > 1:
        if not keys:
            return []
        wanted = keys.pop(0)
        found = [c for c in combos if f"k{c.key}" == wanted]
        if not found:
            return []
        combo = found[0]
    else:
        combo = combos[0]
    if combo.name == NULL:
        return []
    if not keys:
        return _explain_limit(combo, l2_limit(state, seat))
    return _explain_numbers(combo, keys)


def _explain_draw(state: CurlingState, seat: int) -> list[Choice]:
    """Why the deck is closed: the table holds five substitution cards (then the
    second player takes the first player's), or nothing can be taken."""
    source = draw_source(state, seat)
    if source == OPPONENT_SOURCE:
        return [Choice(key=DRAW, msg="error-curling-deck-closed")]
    if source is None:
        return [Choice(key=DRAW, msg="error-curling-cannot-draw")]
    return []


def _explain_reroll(state: CurlingState) -> list[Choice]:
    dice = state.dice or []
    out = [
        Choice(key=f"t{i}", msg="error-curling-toggle-six", args={"die": i + 1, "value": SIX})
        for i, value in enumerate(dice)
        if value == SIX
    ]
    marked = sum(state.marked)
    if marked:
        out.append(Choice(key=KEEP, msg="error-curling-keep-marked", args={"count": marked}))
    elif SIX in dice:
        out.append(Choice(key=KEEP, msg="error-curling-keep-six"))
    else:
        out.append(Choice(key=RETHROW, msg="error-curling-nothing-to-rethrow"))
    return out


def _explain_limit(combo: Combo, l2: int | None) -> list[Choice]:
    """The trajectories over the limit of ``combo`` and ``l2``."""
    limit = throw_limit(combo.power, l2)
    return [
        Choice(
            key=f"p{name}",
            msg="error-curling-over-limit",
            args={
                "trajectory": name,
                "power": POWER[name],
                "l": limit,
                "l1": combo.power,
                "l2": l2,
            },
        )
        for name in ORDER
        if name != REVERSE and POWER[name] > limit
    ]


def _explain_numbers(combo: Combo, keys: list[str]) -> list[Choice]:
    """The numbers of ``combo``'s set that the trajectory's constraint rules out
    after the keys ``p<trajectory> n<v>…``."""
    name = keys.pop(0)[1:]
    traj = TRAJECTORIES.get(name)
    if traj is None or not all(k[:1] == "n" and k[1:].isdigit() for k in keys):
        return []
    chosen = tuple(int(k[1:]) for k in keys)
    if len(chosen) >= len(traj.segments):
        return []
    options = number_choices(name, combo.numbers)
    if not any(option[: len(chosen)] == chosen for option in options):
        return []
    offered = {option[len(chosen)] for option in options if option[: len(chosen)] == chosen}
    segment = traj.segments[len(chosen)].letter
    return [
        Choice(
            key=f"n{value}",
            msg="error-curling-constraint",
            args={"trajectory": name, "segment": segment, "value": value, "rule": traj.rule},
        )
        for value in range(1, 6)
        if value not in offered and uses_set((*chosen, value), combo.numbers)
    ]


@functools.lru_cache(maxsize=1024)
def _combo_choice(combo: Combo, cards: tuple[str, ...]) -> Choice:
    if combo.name == NULL:
        return Choice(key=f"k{NULL}", msg="curling-choice-null")
    numbers = "" if combo.numbers is None else " ".join(map(str, combo.numbers))
    args: dict[str, object] = {"name": combo.name, "numbers": numbers, "power": combo.power}
    if cards:
        return Choice(
            key=f"k{combo.key}",
            msg="curling-choice-combo-cards",
            args=args | {"cards": list(cards)},
        )
    return Choice(key=f"k{combo.key}", msg="curling-choice-combo", args=args)


@functools.lru_cache(maxsize=16)
def _trajectory_choice(name: str) -> Choice:
    return Choice(
        key=f"p{name}",
        msg="curling-choice-trajectory",
        args={"trajectory": name, "power": POWER[name]},
    )


@functools.lru_cache(maxsize=64)
def _number_choice(segment: str, value: int) -> Choice:
    return Choice(
        key=f"n{value}", msg="curling-choice-number", args={"segment": segment, "value": value}
    )


@functools.lru_cache(maxsize=8)
def _start_choice(cell: str) -> Choice:
    return Choice(key=f"s{cell}", msg="curling-choice-start", args={"cell": cell})


@functools.lru_cache(maxsize=4096)
def _confirm(name: str, start: str, numbers: tuple[int, ...]) -> Choice:
    return Choice(
        key="ok",
        msg="curling-choice-confirm",
        args={"trajectory": name, "start": start, "numbers": " ".join(map(str, numbers))},
    )


def _throw_path(combo: Combo, action: Action, cards: tuple[str, ...] | None) -> list[Choice]:
    """A throw's steps; the combination's first (naming ``cards``) when the
    table offers several (``cards`` is not ``None``)."""
    steps = [_combo_choice(combo, cards)] if cards is not None else []
    if combo.name == NULL:
        steps.append(_CONFIRM_NULL)
        return steps
    name, start = action[2], action[3]
    numbers = tuple(action[4:])
    steps.append(_trajectory_choice(name))
    steps.extend(
        _number_choice(segment.letter, value)
        for segment, value in zip(TRAJECTORIES[name].segments, numbers, strict=True)
    )
    steps.append(_start_choice(start))
    steps.append(_confirm(name, start, numbers))
    return steps
