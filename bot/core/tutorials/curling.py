"""The Logical Curling tutorial: the house and its count, dice, trajectories,
collisions, the limit, the free guard, the hammer, then the card variant's
main and substitution cards. The learner plays red against a scripted blue."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.tutorials.curling_positions import AIM, BLUE, RED, card_position, position
from bot.core.tutorials.engine import Box, Mark, Option, Step, Tutorial
from render.curling import layout
from render.marks import union

#: Found by trying seeds: the roll shows 5 3 1 6 3, and re-throwing the 5
#: (with the six, always re-thrown) brings two more threes.
ROLL_RNG = 2558
FOUR = "four:3,3,3,3,1"
NEXT = Option("learn-btn-next")


def _throw(combo: str, trajectory: str, start: str, *numbers: int) -> tuple[Any, ...]:
    return ("throw", combo, trajectory, start, *numbers)


def _locate(view: Mapping[str, Any], mark: Mark) -> Sequence[Box]:
    kind, target = mark.kind, mark.target
    if kind == "cell":
        return [layout.cell_box(cell) for cell in target.split()]
    if kind == "area":
        return [union([layout.cell_box(cell) for cell in target.split()])]
    if kind == "die":
        return [layout.die_box(int(i)) for i in target.split()]
    if kind == "main":
        count = len(view["cards"]["main"])
        return [layout.main_card_box(int(i), count) for i in target.split()]
    if kind == "sub":
        seat, _, js = target.partition(":")
        return [layout.sub_card_box(int(seat), int(j)) for j in js.split()]
    if kind == "hammer":
        return [layout.hammer_box(int(target))]
    if kind == "score":
        return [layout.scoreboard_box()]
    if kind == "limit":
        return [layout.limit_box()]
    raise ValueError(f"no such curling mark: {kind}")


def _count() -> Any:
    return position({"d9": RED, "c7": BLUE, "b6": BLUE}, throw_no=5)


def _intro() -> Any:
    return position({"d9": RED, "c7": BLUE, "f10": BLUE, "e3": RED}, throw_no=5)


STEPS = (
    Step(
        "field",
        (NEXT,),
        marks=(Mark("cell", "c0 d0 e0 f0"), Mark("area", "a1 h5"), Mark("area", "b6 g11")),
        build=_intro,
        teaches=("field", "throws"),
    ),
    Step(
        "count",
        (
            Option("learn-curling-btn-score", args=(("red", 1), ("blue", 0))),
            Option(
                "learn-curling-btn-score",
                args=(("red", 1), ("blue", 1)),
                why="learn-curling-why-count-zero",
            ),
            Option(
                "learn-curling-btn-score",
                args=(("red", 0), ("blue", 2)),
                why="learn-curling-why-count-centre",
            ),
        ),
        marks=(Mark("cell", "d9 c7 b6"), Mark("score")),
        build=_count,
        teaches=("count",),
    ),
    Step(
        "roll",
        (
            Option("learn-curling-btn-roll", actions=(("roll",),)),
            Option("learn-curling-btn-throw", why="learn-curling-why-dice-first"),
        ),
        marks=(Mark("hammer", str(BLUE)),),
        build=lambda: position({}, throw_no=1, rng=ROLL_RNG),
        teaches=("hammer", "roll"),
    ),
    Step(
        "reroll",
        (
            Option("learn-curling-btn-rethrow-five", actions=(("toggle", 0), ("rethrow",))),
            Option(
                "learn-curling-btn-rethrow-three",
                actions=(("toggle", 1), ("rethrow",)),
                why="learn-curling-why-keep-threes",
            ),
            Option("learn-curling-btn-keep", actions=(("keep",),), why="learn-curling-why-six"),
        ),
        marks=(Mark("die", "0"), Mark("die", "3")),
        teaches=("reroll",),
    ),
    Step(
        "combination",
        (
            Option("learn-curling-btn-power", args=(("power", 5),)),
            Option(
                "learn-curling-btn-power", args=(("power", 4),), why="learn-curling-why-power-four"
            ),
            Option(
                "learn-curling-btn-power", args=(("power", 1),), why="learn-curling-why-power-one"
            ),
        ),
        marks=(Mark("die", "0 1 2 3 4"), Mark("limit")),
        teaches=("dice-combos",),
    ),
    Step(
        "aim",
        (
            Option(
                "learn-curling-btn-semaphore-31", actions=(_throw(FOUR, "semaphore", "d0", 3, 1),)
            ),
            Option(
                "learn-curling-btn-semaphore-33",
                actions=(_throw(FOUR, "semaphore", "d0", 3, 3),),
                why="learn-curling-why-too-far",
            ),
            Option(
                "learn-curling-btn-reverse-33",
                actions=(_throw(FOUR, "reverse", "d0", 3, 3),),
                why="learn-curling-why-reverse",
            ),
        ),
        marks=(Mark("cell", "d0"), Mark("area", "d8 e9")),
        teaches=("trajectories", "numbers"),
    ),
    Step(
        "collision",
        (
            Option("learn-curling-btn-hit", actions=(_throw(FOUR, "semaphore", "d0", 3, 1),)),
            Option(
                "learn-curling-btn-beside",
                actions=(_throw(FOUR, "semaphore", "c0", 3, 1),),
                why="learn-curling-why-beside",
            ),
        ),
        marks=(Mark("cell", "e9"),),
        build=lambda: position(
            {"e9": BLUE}, throw_no=3, phase=AIM, dice=[3, 3, 3, 3, 1], prev_power=2
        ),
        teaches=("collisions",),
    ),
    Step(
        "limit",
        (
            Option(
                "learn-curling-btn-shortened",
                actions=(_throw("four:5,5,5,5,2", "shortened", "d0", 5, 2),),
            ),
            Option(
                "learn-curling-btn-triple",
                actions=(_throw("four:5,5,5,5,2", "triple", "d0", 5, 5, 2),),
                why="learn-curling-why-limit",
            ),
        ),
        marks=(Mark("limit"), Mark("cell", "d9 b6")),
        build=lambda: position(
            {"d9": RED, "b6": BLUE}, throw_no=5, phase=AIM, dice=[5, 5, 5, 5, 2], prev_power=3
        ),
        teaches=("limit",),
    ),
    Step(
        "guard",
        (
            Option(
                "learn-curling-btn-around",
                actions=(_throw("three:4,2,1", "triple", "d0", 2, 4, 1),),
            ),
            Option(
                "learn-curling-btn-knock",
                actions=(_throw("three:4,2,1", "reverse", "d0", 1, 4),),
                why="learn-curling-why-foul",
            ),
        ),
        marks=(Mark("cell", "g4"),),
        build=lambda: position(
            {"g4": BLUE, "d9": BLUE},
            throw_no=4,
            hammer=RED,
            phase=AIM,
            dice=[2, 2, 2, 4, 1],
            prev_power=3,
        ),
        teaches=("free-guard",),
    ),
    Step(
        "hammer",
        (
            Option(
                "learn-curling-btn-semaphore-31", actions=(_throw(FOUR, "semaphore", "d0", 3, 1),)
            ),
            Option(
                "learn-curling-btn-semaphore-33",
                actions=(_throw(FOUR, "semaphore", "d0", 3, 3),),
                why="learn-curling-why-last-stone",
            ),
        ),
        marks=(Mark("hammer", str(RED)), Mark("score")),
        build=lambda: position(
            {"c7": BLUE, "g6": RED, "b10": BLUE},
            throw_no=16,
            hammer=RED,
            phase=AIM,
            dice=[3, 3, 3, 3, 1],
            prev_power=2,
        ),
        teaches=("hammer-last",),
    ),
    Step(
        "end",
        (NEXT,),
        marks=(Mark("score"), Mark("hammer", str(BLUE))),
        teaches=("match",),
    ),
    Step(
        "cards",
        (
            Option("learn-curling-btn-draw", actions=(("draw",),)),
            Option("learn-curling-btn-stop", actions=(("stop",),), why="learn-curling-why-pair"),
        ),
        marks=(Mark("main", "0 1 2 3 4"),),
        build=lambda: card_position(
            {}, main=["7H", "7S", "QD", "9C", "AD"], subs=([], []), deck=["7D"]
        ),
        teaches=("cards-main", "cards-numbers"),
    ),
    Step(
        "substitute",
        (
            Option(
                "learn-curling-btn-three-sevens",
                actions=(("stop",), _throw("three:3,1,1", "triple", "d0", 1, 3, 1)),
            ),
            Option(
                "learn-curling-btn-pair",
                actions=(("stop",), _throw("pair:5,1", "reverse", "d0", 1, 5)),
                why="learn-curling-why-pair-weaker",
            ),
        ),
        marks=(Mark("sub", f"{RED}:0"), Mark("main", "0 1")),
        teaches=("cards-subs", "cards-combos"),
    ),
    Step(
        "second",
        (
            Option(
                "learn-curling-btn-take-two",
                actions=(
                    ("draw", "QS"),
                    ("draw", "AH"),
                    ("stop",),
                    _throw("straight:5,4,3,2,1", "shortened", "c0", 5, 2),
                ),
            ),
            Option("learn-curling-btn-deck", actions=(("draw",),), why="learn-curling-why-closed"),
            Option(
                "learn-curling-btn-null",
                actions=(("stop",), ("throw", "null")),
                why="learn-curling-why-null",
            ),
        ),
        marks=(Mark("sub", f"{BLUE}:0 1"), Mark("main", "0 1 2 3 4")),
        build=lambda: card_position(
            {},
            main=["10D", "JC", "KH", "6H", "8S"],
            subs=([], ["QS", "AH", "9C", "7D", "6S"]),
            deck=["8D"],
            throw_no=2,
            hammer=RED,
        ),
        teaches=("cards-second", "cards-null"),
    ),
    Step("done", (), marks=(Mark("cell", "e7"),)),
)

TUTORIAL = Tutorial("curling", STEPS, _locate, seat=RED)
