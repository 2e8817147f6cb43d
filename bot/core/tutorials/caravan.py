"""The Caravan tutorial: the opening, numeral cards (a new value, the
direction, the suit), selling at 21–26, Kings and busting, Jacks, Queens,
jokers, the pairs and how a game is won; discarding and disbanding on the
way. The learner (seat 0) plays against a scripted computer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.tutorials.caravan_positions import COMPUTER, YOU, position
from bot.core.tutorials.engine import Box, Mark, Option, Step, Tutorial
from render.caravan import layout
from render.caravan.hand import hand_card_box

#: The position of the main phase: the learner's three caravans, the
#: computer's, both hands and the learner's next draws.
MINE = (("10S", "6S"), ("5H", "3H"), ("9D",))
THEIRS = (("8C", "10C", "6C"), ("7D", "2D"), ("4S", "9S"))
HAND = ("5S", "8H", "6C", "KD", "JH")
DRAWS = ("QD", "X1", "7H", "5D", "9C", "4C", "2H")
THEIR_HAND = ("3D", "JS", "10H", "2C", "8D")


def _locate(view: Mapping[str, Any], mark: Mark) -> Sequence[Box]:
    if mark.kind == "caravan":
        seat, pair = (int(n) for n in mark.target.split(":"))
        return [layout.area_box(seat, pair)]
    if mark.kind == "card":
        seat, pair, pos = (int(n) for n in mark.target.split(":"))
        cards = view["caravans"][seat][pair]["cards"]
        shape = [(c["card"], c["faces"]) for c in cards]
        return [layout.geometry(seat, pair, shape).visible[pos]]
    if mark.kind == "hand":
        hand = list(view["hand"])
        return [hand_card_box(hand.index(card), len(hand)) for card in mark.target.split()]
    raise ValueError(f"no such caravan mark: {mark.kind}")


def _opening() -> Any:
    return position(
        ((), (), ()), ((), (), ()), hand=("10S", "6S", "5H", "9D", "KD", "JH", "QD", "3H")
    )


def _main() -> Any:
    return position(MINE, THEIRS, hand=HAND, draws=DRAWS, their_hand=THEIR_HAND)


STEPS = (
    Step(
        "opening",
        (
            Option("learn-caravan-btn-open", actions=(("play", "10S", 0),)),
            Option(
                "learn-caravan-btn-open-king",
                actions=(("play", "KD", 0),),
                why="learn-caravan-why-opening",
            ),
        ),
        marks=(
            Mark("caravan", f"{YOU}:0"),
            Mark("caravan", f"{YOU}:1"),
            Mark("caravan", f"{YOU}:2"),
        ),
        build=_opening,
        teaches=("table", "opening"),
    ),
    Step(
        "numerals",
        (
            Option("learn-caravan-btn-five-spades", actions=(("play", "5S", 0),)),
            Option(
                "learn-caravan-btn-eight-hearts-first",
                actions=(("play", "8H", 0),),
                why="learn-caravan-why-direction",
            ),
            Option(
                "learn-caravan-btn-six-clubs",
                actions=(("play", "6C", 0),),
                why="learn-caravan-why-same-value",
            ),
        ),
        marks=(Mark("card", f"{YOU}:0:1"), Mark("hand", "5S", hand=True)),
        build=_main,
        teaches=("numerals", "value", "direction", "same-value", "sold", "draw"),
    ),
    Step(
        "suit",
        (
            Option("learn-caravan-btn-eight-hearts", actions=(("play", "8H", 1),)),
            Option(
                "learn-caravan-btn-six-clubs-second",
                actions=(("play", "6C", 1),),
                why="learn-caravan-why-suit",
            ),
        ),
        marks=(Mark("caravan", f"{YOU}:1"),),
        replies=((COMPUTER, ("play", "3D", 1)),),
        teaches=("suit",),
    ),
    Step(
        "king",
        (
            Option("learn-caravan-btn-king-theirs", actions=(("attach", "KD", COMPUTER, 0, 1),)),
            Option(
                "learn-caravan-btn-king-mine",
                actions=(("attach", "KD", YOU, 2, 0),),
                why="learn-caravan-why-king-mine",
            ),
        ),
        marks=(Mark("card", f"{COMPUTER}:0:1"), Mark("caravan", f"{COMPUTER}:2")),
        replies=((COMPUTER, ("play", "10H", 2)),),
        teaches=("pairs", "king", "faces-anywhere", "bust"),
    ),
    Step(
        "jack",
        (
            Option("learn-caravan-btn-jack", actions=(("attach", "JH", COMPUTER, 2, 2),)),
            Option(
                "learn-caravan-btn-six-nine",
                actions=(("play", "6C", 2),),
                why="learn-caravan-why-jack",
            ),
        ),
        marks=(Mark("card", f"{COMPUTER}:2:2"), Mark("caravan", f"{YOU}:0")),
        replies=((COMPUTER, ("attach", "JS", YOU, 0, 2)),),
        teaches=("jack",),
    ),
    Step(
        "queen",
        (
            Option("learn-caravan-btn-queen", actions=(("attach", "QD", YOU, 0, 1),)),
            Option(
                "learn-caravan-btn-seven-now",
                actions=(("play", "7H", 0),),
                why="learn-caravan-why-queen",
            ),
        ),
        marks=(Mark("card", f"{YOU}:0:1"), Mark("hand", "QD 7H", hand=True)),
        replies=((COMPUTER, ("discard", "2C")),),
        teaches=("queen", "discard"),
    ),
    Step(
        "turned",
        (
            Option("learn-caravan-btn-seven", actions=(("play", "7H", 0),)),
            Option(
                "learn-caravan-btn-six-again",
                actions=(("play", "6C", 0),),
                why="learn-caravan-why-six-again",
            ),
        ),
        marks=(Mark("caravan", f"{YOU}:0"),),
        replies=((COMPUTER, ("discard", "8D")),),
        teaches=(),
    ),
    Step(
        "joker",
        (
            Option("learn-caravan-btn-joker-nine", actions=(("attach", "X1", YOU, 2, 0),)),
            Option(
                "learn-caravan-btn-joker-six",
                actions=(("attach", "X1", COMPUTER, 0, 2),),
                why="learn-caravan-why-joker-six",
            ),
        ),
        marks=(Mark("card", f"{YOU}:2:0"), Mark("card", f"{COMPUTER}:2:1")),
        replies=((COMPUTER, ("disband", 1)),),
        teaches=("joker", "disband"),
    ),
    Step(
        "sell",
        (
            Option("learn-caravan-btn-nine-hearts", actions=(("play", "9C", 1),)),
            Option(
                "learn-caravan-btn-nine-diamonds",
                actions=(("play", "9C", 2),),
                why="learn-caravan-why-nine",
            ),
        ),
        marks=(Mark("caravan", f"{YOU}:1"), Mark("caravan", f"{COMPUTER}:1")),
        replies=((COMPUTER, ("play", "AC", 1)),),
        teaches=(),
    ),
    Step(
        "done",
        (),
        marks=(Mark("caravan", f"{YOU}:0"), Mark("caravan", f"{YOU}:1")),
        teaches=("win", "match"),
    ),
)

TUTORIAL = Tutorial("caravan", STEPS, _locate, seat=YOU)
