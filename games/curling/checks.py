"""Validation of Logical Curling's actions: each refusal with its error code."""

from __future__ import annotations

from dataclasses import dataclass

from games.core.errors import IllegalAction, MalformedAction, require_turn_and_phase
from games.core.protocol import Action
from games.curling.actions import (
    ARITY,
    DECK_SOURCE,
    DICE_COUNT,
    KEEP,
    OPPONENT_SOURCE,
    PHASE_OF,
    RETHROW,
    SIX,
    THROW,
    TOGGLE,
    draw_source,
    l2_limit,
    offered_combos,
    rethrown,
    throw_limit,
)
from games.curling.combos import NULL, Combo
from games.curling.rules import start_cell
from games.curling.state import DRAW, CurlingState
from games.curling.trajectories import (
    REVERSE,
    Trajectory,
    check_numbers,
    find_trajectory,
    uses_set,
)


@dataclass(frozen=True)
class Throw:
    """A validated throw; ``traj`` is ``None`` for a null throw."""

    combo: Combo
    traj: Trajectory | None
    start: int
    numbers: tuple[int, ...]


def is_int(value: object) -> bool:
    """True for an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_action(state: CurlingState, seat: int, action: Action) -> str:
    """Validate ``action`` (a throw only in its shape and phase); return its kind."""
    kind = action[0]
    if not isinstance(kind, str) or kind not in PHASE_OF:
        raise MalformedAction(
            "an action is roll, toggle, rethrow, keep, draw, stop or throw",
            code="curling-unknown-action",
            kind=str(kind),
        )
    if kind == THROW:
        if len(action) < 2:
            raise MalformedAction(
                "a throw names a combination", code="curling-bad-arity", kind=kind
            )
    elif len(action) not in ARITY[kind]:
        raise MalformedAction(
            f"{kind} takes {' or '.join(str(n - 1) for n in ARITY[kind])} arguments",
            code="curling-bad-arity",
            kind=kind,
        )
    require_turn_and_phase(
        state.turn, seat, kind, state.phase, PHASE_OF[kind], code="curling-wrong-phase"
    )
    if kind == TOGGLE:
        assert state.dice is not None
        die = action[1]
        if not is_int(die) or not 0 <= die < DICE_COUNT:
            raise IllegalAction("dice are numbered 0 to 4", code="curling-bad-die", die=str(die))
        if state.dice[die] == SIX:
            raise IllegalAction(
                "a six is always re-thrown: it can't be marked",
                code="curling-toggle-six",
                die=die + 1,
                value=SIX,
            )
    elif kind == RETHROW:
        if not rethrown(state):
            raise IllegalAction(
                "mark the dice to re-throw first (or keep these)",
                code="curling-nothing-to-rethrow",
            )
    elif kind == KEEP:
        _check_keep(state)
    elif kind == DRAW:
        _check_draw(state, seat, action)
    return kind


def _check_draw(state: CurlingState, seat: int, action: Action) -> None:
    """The deck while it may be drawn from; after that only a card the first
    player holds, named."""
    source = draw_source(state, seat)
    if source is None:
        raise IllegalAction("no card can be taken now", code="curling-cannot-draw")
    named = len(action) == 2
    if source == DECK_SOURCE and named:
        raise IllegalAction(
            "take from the deck until the table holds five substitution cards",
            code="curling-draw-deck-first",
        )
    if source == OPPONENT_SOURCE and not named:
        raise IllegalAction(
            "the table holds five substitution cards: take one of the first player's",
            code="curling-deck-closed",
        )
    assert state.cards is not None  # a source means the card variant
    if named and action[1] not in state.cards.subs[1 - seat]:
        raise IllegalAction(
            "the first player holds no such substitution card",
            code="curling-draw-not-offered",
            card=str(action[1]),
        )


def _check_keep(state: CurlingState) -> None:
    marked = sum(state.marked)
    if marked:
        raise IllegalAction(
            "dice are marked: re-throw them or unmark them",
            code="curling-keep-marked",
            count=marked,
        )
    if SIX in (state.dice or []):
        raise IllegalAction("a six must be re-thrown", code="curling-keep-six")


def check_throw(state: CurlingState, seat: int, action: Action) -> Throw:
    """Validate a throw for ``seat`` in the aim phase."""
    combos = offered_combos(state, seat)
    key = action[1]
    found = [c for c in combos if c.key == key]
    if not found:
        raise IllegalAction(
            f"you can't throw with {key!r} now",
            code="curling-unknown-combo",
            combo=str(key),
            offered=", ".join(c.key for c in combos),
        )
    combo = found[0]
    if combo.name == NULL:
        if len(action) != 2:
            raise MalformedAction(
                "a stone thrown away takes no trajectory", code="curling-bad-arity", kind=THROW
            )
        return Throw(combo, None, -1, ())
    if len(action) < 4:
        raise MalformedAction(
            "a throw names a combination, a trajectory, a start cell and its numbers",
            code="curling-bad-arity",
            kind=THROW,
        )
    traj = find_trajectory(action[2])
    l2 = l2_limit(state, seat)
    limit = throw_limit(combo.power, l2)
    if traj.power > limit and traj.name != REVERSE:
        raise IllegalAction(
            f"a {traj.name} trajectory (power {traj.power}) is over your limit {limit}",
            code="curling-over-limit",
            trajectory=traj.name,
            power=traj.power,
            l=limit,
            l1=combo.power,
            l2=l2,
        )
    start = start_cell(action[3])
    numbers = check_numbers(traj, list(action[4:]))
    if not uses_set(numbers, combo.numbers):
        assert combo.numbers is not None
        raise IllegalAction(
            "each segment takes a different number of your set "
            f"({' '.join(map(str, combo.numbers))})",
            code="curling-number-not-in-set",
            numbers=" ".join(map(str, numbers)),
            available=" ".join(map(str, combo.numbers)),
        )
    return Throw(combo, traj, start, numbers)
