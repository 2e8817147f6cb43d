"""The Klotho tutorial: placing the chip, turning a neighbour, lines of three
scored by the chip on their middle (suit, figures, sequence), not handing
the opponent a line, replacing a card, the triplet's half victory, and the
zugzwang vote. The learner (seat 0) plays a scripted computer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.tutorials.engine import Box, Mark, Option, Step, Tutorial
from bot.core.tutorials.klotho_positions import COMPUTER, YOU, position
from render.klotho import layout

#: The field of the first steps, row by row from A1 (top left).
FIELD = {
    "A1": "6C", "B1": "JS", "C1": "7D", "D1": "QC",
    "A2": "10H", "B2": "9H", "C2": "8H", "D2": "6D",
    "A3": "KS", "B3": "QD", "C3": "KD", "D3": "JD",
    "A4": "8C", "B4": "AD", "C4": "9S", "D4": "KH",
}  # fmt: skip
#: The field of the triplet: kings on A1 and B2, and one more under C3.
KINGS = {
    "A1": "KS", "B1": "7C", "C1": "10D", "D1": "6H",
    "A2": "8S", "B2": "KC", "C2": "9D", "D2": "QH",
    "A3": "6S", "B3": "10C", "C3": "KH", "D3": "7H",
    "A4": "JC", "B4": "8D", "C4": "AS", "D4": "9C",
}  # fmt: skip


def _locate(view: Mapping[str, Any], mark: Mark) -> Sequence[Box]:
    if mark.kind != "cell":
        raise ValueError(f"no such klotho mark: {mark.kind}")
    rows, cols = int(view["rows"]), int(view["cols"])
    boxes = []
    for cell in mark.target.split():
        row, col = int(cell[1:]) - 1, "ABCDE".index(cell[0])
        boxes.append(layout.cell_box(row, col, rows, cols))
    return boxes


STEPS = (
    Step(
        "place",
        (
            Option("learn-klotho-btn-place-middle", actions=(("place", "B2"),)),
            Option(
                "learn-klotho-btn-place-corner",
                actions=(("place", "A1"),),
                why="learn-klotho-why-corner",
            ),
        ),
        marks=(Mark("cell", "B2"),),
        build=lambda: position(FIELD),
        teaches=("field", "placement"),
    ),
    Step(
        "turn",
        (
            Option("learn-klotho-btn-turn-a2", actions=(("turn", "A2"),)),
            Option(
                "learn-klotho-btn-turn-d4",
                actions=(("turn", "D4"),),
                why="learn-klotho-why-neighbours",
            ),
        ),
        marks=(Mark("cell", "B2"), Mark("cell", "A2")),
        replies=((COMPUTER, ("place", "C3")),),
        teaches=("actions",),
    ),
    Step(
        "score",
        (
            Option("learn-klotho-btn-turn-c2", actions=(("turn", "C2"),)),
            Option(
                "learn-klotho-btn-turn-a3",
                actions=(("turn", "A3"),),
                why="learn-klotho-why-no-line",
            ),
        ),
        marks=(Mark("cell", "A2 B2"), Mark("cell", "C2")),
        replies=((COMPUTER, ("turn", "D2")),),
        teaches=("lines", "middle", "kinds"),
    ),
    Step(
        "careful",
        (
            Option("learn-klotho-btn-turn-b1", actions=(("turn", "B1"),)),
            Option(
                "learn-klotho-btn-turn-b3", actions=(("turn", "B3"),), why="learn-klotho-why-gift"
            ),
        ),
        marks=(Mark("cell", "C3 D3"), Mark("cell", "B3")),
        replies=((COMPUTER, ("turn", "D3")),),
        teaches=("anyone-turns",),
    ),
    Step(
        "replace",
        (
            Option("learn-klotho-btn-replace-b1", actions=(("replace", "B1"),)),
            Option(
                "learn-klotho-btn-replace-a2",
                actions=(("replace", "A2"),),
                why="learn-klotho-why-replace-line",
            ),
        ),
        marks=(Mark("cell", "B1"), Mark("cell", "B4 C3 D2")),
        replies=((COMPUTER, ("turn", "B4")),),
        teaches=("replace", "move"),
    ),
    Step(
        "triplet",
        (
            Option("learn-klotho-btn-turn-c3", actions=(("turn", "C3"),)),
            Option(
                "learn-klotho-btn-turn-a3-six",
                actions=(("turn", "A3"),),
                why="learn-klotho-why-kings",
            ),
        ),
        marks=(Mark("cell", "A1 B2"), Mark("cell", "C3")),
        build=lambda: position(KINGS, up=("A1", "C4"), chips=("B2", "D4"), last="C4"),
        teaches=("triplet",),
    ),
    Step(
        "half",
        (
            Option("learn-klotho-btn-half", actions=(("triplet", "half"),)),
            Option(
                "learn-klotho-btn-point",
                actions=(("triplet", "point"),),
                why="learn-klotho-why-point",
            ),
        ),
        marks=(Mark("cell", "A1 B2 C3"),),
        teaches=("half-victory",),
    ),
    Step(
        "vote",
        (
            Option("learn-klotho-btn-propose", actions=(("propose",),)),
            Option(
                "learn-klotho-btn-vote-yes",
                actions=(("vote", "yes"),),
                why="learn-klotho-why-no-vote",
            ),
        ),
        teaches=("zugzwang",),
    ),
    Step(
        "done",
        (),
        replies=((COMPUTER, ("vote", "yes")),),
        teaches=("tours", "winner"),
    ),
)

TUTORIAL = Tutorial("klotho", STEPS, _locate, seat=YOU)
