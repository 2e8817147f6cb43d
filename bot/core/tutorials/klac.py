"""The Klac! tutorial: colours and values, scoring a row (all three colours),
extending and covering (in front of any player), merging, and the sixth
stack that ends the round. The learner (seat 0) plays a scripted computer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.tutorials.engine import Box, Mark, Option, Step, Tutorial
from bot.core.tutorials.klac_positions import COMPUTER, YOU, position
from render.klac import layout


def _locate(view: Mapping[str, Any], mark: Mark) -> Sequence[Box]:
    seat, _, stacks = mark.target.partition(":")
    row = view["rows"][int(seat)]
    if mark.kind == "row":
        return [layout.row_box(int(seat))]
    if mark.kind == "stack":
        return [layout.stack_box(int(seat), int(i), len(row)) for i in stacks.split()]
    raise ValueError(f"no such klac mark: {mark.kind}")


def _score() -> Any:
    return position(
        [["B12"], ["O9"], ["G6"]], [["O14"], ["G13"]], hand=["G7", "B4", "O5"], last=(COMPUTER, 1)
    )


def _extend() -> Any:
    return position(
        [["B12"], ["O9"]],
        [["O14"], ["G13"], ["B1"]],
        hand=["G7", "B4", "O5"],
        their_hand=["G3", "O5", "B8"],
        draws=["G11"],
        last=(COMPUTER, 2),
    )


def _sixth() -> Any:
    return position(
        [["B12"], ["O9"], ["G7"]],
        [["O2"], ["G3"], ["B1"], ["O5"], ["G6"]],
        hand=["B4", "O10", "G13"],
        last=(COMPUTER, 4),
    )


STEPS = (
    Step(
        "score",
        (
            Option("learn-klac-btn-points", args=(("points", 27),)),
            Option("learn-klac-btn-points", args=(("points", 12),), why="learn-klac-why-tops"),
            Option("learn-klac-btn-points", args=(("points", 0),), why="learn-klac-why-colours"),
        ),
        marks=(Mark("stack", f"{YOU}:0 1 2"),),
        build=_score,
        teaches=("cards", "score"),
    ),
    Step(
        "extend",
        (
            Option("learn-klac-btn-extend-mine", actions=(("extend", "G7", YOU),)),
            Option(
                "learn-klac-btn-cover-orange",
                actions=(("cover", "G7", YOU, 1),),
                why="learn-klac-why-colour",
            ),
            Option(
                "learn-klac-btn-extend-theirs",
                actions=(("extend", "G7", COMPUTER),),
                why="learn-klac-why-theirs",
            ),
        ),
        marks=(Mark("row", f"{YOU}"),),
        build=_extend,
        teaches=("turn", "extend"),
    ),
    Step(
        "cover",
        (
            Option("learn-klac-btn-cover-fourteen", actions=(("cover", "O5", COMPUTER, 0),)),
            Option(
                "learn-klac-btn-cover-thirteen",
                actions=(("cover", "O5", COMPUTER, 1),),
                why="learn-klac-why-colour-thirteen",
            ),
            Option(
                "learn-klac-btn-extend-five",
                actions=(("extend", "O5", YOU),),
                why="learn-klac-why-lower-theirs",
            ),
        ),
        marks=(Mark("stack", f"{YOU}:2"), Mark("stack", f"{COMPUTER}:0")),
        replies=((COMPUTER, ("cover", "G3", YOU, 2)),),
        teaches=("cover", "any-row", "draw"),
    ),
    Step(
        "merge",
        (
            Option("learn-klac-btn-stacks", args=(("count", 3),)),
            Option("learn-klac-btn-stacks", args=(("count", 4),), why="learn-klac-why-merge"),
        ),
        marks=(Mark("row", f"{COMPUTER}"),),
        replies=((COMPUTER, ("extend", "O5", COMPUTER)),),
        teaches=("merge",),
    ),
    Step(
        "sixth",
        (
            Option("learn-klac-btn-sixth", actions=(("extend", "B4", COMPUTER),)),
            Option(
                "learn-klac-btn-fourth",
                actions=(("extend", "O10", YOU),),
                why="learn-klac-why-sixth",
            ),
            Option(
                "learn-klac-btn-sixth-high",
                actions=(("extend", "G13", COMPUTER),),
                why="learn-klac-why-sixth-high",
            ),
        ),
        marks=(Mark("row", f"{COMPUTER}"),),
        build=_sixth,
        teaches=("sixth", "round-end"),
    ),
    Step("done", (), marks=(Mark("row", f"{YOU}"),), teaches=("match",)),
)

TUTORIAL = Tutorial("klac", STEPS, _locate, seat=YOU)
