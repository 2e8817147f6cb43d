"""Why the computer plays a Logical Curling move, in the terms of its
evaluation (``evaluate``): of the board a throw leaves, the feature that moved
most for the thrower (the house count, stones near the button, guards, the
next thrower's cut limit), and the hammer kept by a blank end; for the dice
and cards, the rule its search follows."""

from __future__ import annotations

from games.ai.curling import shape_of
from games.ai.curling.evaluate import GUARD_COLUMNS, house
from games.ai.curling.search import AWAY, Turn, outcomes
from games.ai.curling.shapes import SHAPES, Board
from games.core.protocol import Action, Choice
from games.curling.actions import KEEP, RETHROW, STOP, THROW, TOGGLE, board
from games.curling.field import WIDTH, ZONE_OF
from games.curling.state import DRAW, CurlingState


def reason(known: CurlingState, seat: int, action: Action) -> Choice | None:
    """Why ``seat`` plays ``action`` in ``known`` (a canonical state)."""
    kind = action[0]
    if kind == THROW:
        return _throw(known, seat, action)
    if kind == TOGGLE:
        return Choice("toggle", "curling-why-toggle")
    if kind == RETHROW:
        return Choice("rethrow", "curling-why-rethrow")
    if kind == KEEP:
        return Choice("keep", "curling-why-keep")
    if kind == DRAW:
        return Choice("draw", "curling-why-draw")
    if kind == STOP:
        return Choice("stop", "curling-why-stop")
    return None


def _throw(known: CurlingState, seat: int, action: Action) -> Choice:
    shape = shape_of(action)
    turn = Turn(board(known), seat, known.throw_no, (known.thrown[0], known.thrown[1]))
    _, boards = outcomes(turn, {shape})
    after = next(iter(boards.values()))
    before = turn.board
    other = 1 - seat
    counts, counted = house(before), house(after)
    if counted[other] < counts[other]:
        args = {"before": counts[other], "value": counted[other]}
        return Choice("takeout", "curling-why-takeout", args)
    if counted[seat] > counts[seat]:
        return Choice("count", "curling-why-count", {"value": counted[seat]})
    if shape == AWAY:
        hammer = known.hammer == seat and not any(counted)
        return Choice("away", "curling-why-hammer" if hammer else "curling-why-away")
    if _near(after, seat) > _near(before, seat):
        return Choice("house", "curling-why-house")
    if _guards(after, seat) > _guards(before, seat):
        return Choice("guard", "curling-why-guard")
    return Choice("power", "curling-why-power", {"power": SHAPES[shape].power})


def _near(stones: Board, seat: int) -> int:
    """``seat``'s stones in the house, nearer the button counting more (as the
    evaluation's zone weights do)."""
    return sum(
        3 - ZONE_OF[cell] for cell, s in stones.items() if s & 1 == seat and ZONE_OF[cell] >= 0
    )


def _guards(stones: Board, seat: int) -> int:
    """``seat``'s guards: stones in front of the house, in its columns."""
    return sum(
        1
        for cell, s in stones.items()
        if s & 1 == seat and WIDTH <= cell < 6 * WIDTH and cell % WIDTH in GUARD_COLUMNS
    )
