"""The Krendzu tutorial: values and roles, the exchange, placing by a side,
progressions (figures read as they like) and suit lines, points for the
attackers whoever completes a line; then, defending, the first card, the
two-card block and the own goal. The learner attacks in the first tour and
defends in the second, against a scripted computer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.tutorials.engine import Box, Mark, Option, Step, Tutorial, play
from bot.core.tutorials.krendzu_positions import COMPUTER, YOU, deal
from render.krendzu import layout
from render.krendzu.hand import hand_card_box

NEXT = Option("learn-btn-next")
#: The learner's first hand and the computer's; 7♣ goes in the exchange, and
#: with this seed the redeal brings 8♥ (found by trying seeds).
ATTACK = ["6H", "7H", "9H", "10S", "8S", "6C", "QD", "KC", "AS", "7C"]
GUARD = ["JS", "QS", "KS", "6D", "7D", "8D", "9D", "10D", "JD", "KD", "AD", "9C"]
EXCHANGE_RNG = 7
#: The second tour's hands: the learner defends with twelve cards.
DEFENCE = ["10S", "9D", "KH", "QH", "9C", "JS", "8S", "7D", "6D", "AS", "QS", "JH"]
CLUBS = ["6C", "7C", "8C", "KC", "QC", "JC", "AC", "6H", "7H", "8H"]


def _locate(view: Mapping[str, Any], mark: Mark) -> Sequence[Box]:
    if mark.kind == "cell":
        cells = [tuple(int(n) for n in xy.split(",")) for xy in mark.target.split()]
        return [layout.cell_box(view, x, y) for x, y in cells]
    if mark.kind == "card":
        hand = list(view["hand"])
        return [hand_card_box(hand.index(card), len(hand)) for card in mark.target.split()]
    raise ValueError(f"no such krendzu mark: {mark.kind}")


def _place(card: str, x: int, y: int) -> tuple[Any, ...]:
    return ("place", card, x, y)


def _first_tour() -> Any:
    """The first tour's exchange: the computer (defending, so first) keeps its cards."""
    state = deal(ATTACK, GUARD, exchange=3, rng=EXCHANGE_RNG)
    return play("krendzu", state, COMPUTER, [("announce", 0)])


def _second_tour() -> Any:
    """The second tour: the computer attacks with clubs and has three in a row."""
    state = deal(DEFENCE, CLUBS, tour=2)
    for seat, action in (
        (YOU, _place("10S", 0, 0)),
        (COMPUTER, _place("6C", 0, 1)),
        (YOU, _place("9D", -1, 0)),
        (COMPUTER, _place("7C", 1, 1)),
        (YOU, ("pass",)),
        (COMPUTER, _place("8C", 2, 1)),
    ):
        state = play("krendzu", state, seat, [action])
    return state


STEPS = (
    Step(
        "intro",
        (NEXT,),
        marks=(Mark("card", "QD KC AS", hand=True),),
        build=_first_tour,
        teaches=("values", "roles"),
    ),
    Step(
        "exchange",
        (
            Option(
                "learn-krendzu-btn-swap-club",
                actions=(("announce", 1), ("toggle", "7C"), ("exchange",)),
            ),
            Option(
                "learn-krendzu-btn-swap-hearts",
                actions=(
                    ("announce", 3),
                    ("toggle", "6H"),
                    ("toggle", "7H"),
                    ("toggle", "9H"),
                    ("exchange",),
                ),
                why="learn-krendzu-why-keep-hearts",
            ),
        ),
        marks=(Mark("card", "7C", hand=True), Mark("card", "6H 7H 9H", hand=True)),
        teaches=("exchange",),
    ),
    Step(
        "first",
        (
            Option("learn-krendzu-btn-below", actions=(_place("6H", 0, 1),)),
            Option(
                "learn-krendzu-btn-corner",
                actions=(_place("6H", 1, 1),),
                why="learn-krendzu-why-corner",
            ),
        ),
        marks=(Mark("cell", "0,0"), Mark("card", "8H", hand=True)),
        replies=((COMPUTER, _place("10D", 0, 0)),),
        teaches=("field", "attacker-move"),
    ),
    Step(
        "line",
        (
            Option("learn-krendzu-btn-beside", actions=(_place("7H", 1, 1),)),
            Option(
                "learn-krendzu-btn-above",
                actions=(_place("7H", 0, -1),),
                why="learn-krendzu-why-apart",
            ),
        ),
        marks=(Mark("cell", "0,1"), Mark("cell", "1,0")),
        replies=((COMPUTER, _place("8D", 1, 0)),),
        teaches=("combinations",),
    ),
    Step(
        "progression",
        (
            Option("learn-krendzu-btn-six", actions=(_place("6C", 2, 0),)),
            Option(
                "learn-krendzu-btn-ace", actions=(_place("AS", 2, 0),), why="learn-krendzu-why-ace"
            ),
        ),
        marks=(Mark("cell", "-1,0 0,0 1,0"), Mark("card", "6C AS", hand=True)),
        replies=((COMPUTER, _place("JD", -1, 0)),),
        teaches=("progression", "figures", "points", "own-goal"),
    ),
    Step(
        "grow",
        (
            Option("learn-krendzu-btn-eight", actions=(_place("8H", 2, 1),)),
            Option(
                "learn-krendzu-btn-far",
                actions=(_place("9H", 3, 1),),
                why="learn-krendzu-why-touch",
            ),
        ),
        marks=(Mark("cell", "0,1 1,1"), Mark("cell", "-1,1")),
        replies=((COMPUTER, _place("KS", -1, 1)),),
        teaches=("touch",),
    ),
    Step(
        "suit",
        (
            Option("learn-krendzu-btn-nine", actions=(_place("9H", 3, 1),)),
            Option(
                "learn-krendzu-btn-nine-below",
                actions=(_place("9H", 2, 2),),
                why="learn-krendzu-why-not-in-line",
            ),
        ),
        marks=(Mark("cell", "0,1 1,1 2,1"),),
        replies=((COMPUTER, ("pass",)),),
        teaches=("suit", "defender-pass"),
    ),
    Step(
        "defend",
        (
            Option(
                "learn-krendzu-btn-block-both", actions=(("first", "KH", -1, 1), _place("QH", 3, 1))
            ),
            Option(
                "learn-krendzu-btn-block-one",
                actions=(_place("KH", -1, 1),),
                why="learn-krendzu-why-one-end",
            ),
            Option(
                "learn-krendzu-btn-own-goal",
                actions=(_place("9C", 3, 1),),
                why="learn-krendzu-why-own-goal",
            ),
            Option("learn-krendzu-btn-pass", actions=(("pass",),), why="learn-krendzu-why-pass"),
        ),
        marks=(Mark("cell", "0,1 1,1 2,1"), Mark("card", "KH QH", hand=True)),
        build=_second_tour,
        teaches=("tours", "defender-first", "two-cards"),
    ),
    Step(
        "end",
        (NEXT,),
        marks=(Mark("cell", "-1,1 3,1"),),
        replies=((COMPUTER, _place("KC", 1, 2)),),
        teaches=("skip", "tour-end", "match"),
    ),
    Step("done", ()),
)

TUTORIAL = Tutorial("krendzu", STEPS, _locate, seat=YOU)
