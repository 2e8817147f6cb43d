"""The tutorial engine: a tutorial is a list of steps played on real game states.

Each step shows a position built with the game's own rules engine, a short
text, rings around what to look at, and a few buttons: the press the step
teaches (it plays its real actions, then the scripted computer's answer, and
the next step shows the result) and tempting wrong presses, each answered
with why not. A step either builds its own position or carries on from the
previous one, so most of a tutorial is one real game played out.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import registry
from games.core.protocol import Action

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Mark:
    """Something to look at: ``kind`` and ``target`` in the game's own terms (a
    cell ``"d8"``, a die ``"2"``, a card ``"QH"``…), placed by the tutorial's
    :attr:`Tutorial.locate`; ``hand``: on the player's hand picture."""

    kind: str
    target: str = ""
    hand: bool = False


@dataclass(frozen=True)
class Option:
    """A button of a step.

    ``label`` is a catalog id (with ``args``); ``actions`` the real game
    actions it stands for, played by the learner's seat in order; ``why`` the
    catalog id of why it is not the press the step asks for (``None``: it is).
    """

    label: str
    actions: tuple[Action, ...] = ()
    why: str | None = None
    args: tuple[tuple[str, str | int], ...] = ()

    @property
    def right(self) -> bool:
        """Whether this press moves the tutorial on."""
        return self.why is None


@dataclass(frozen=True)
class Step:
    """One step: its text is the catalog id ``learn-GAME-NAME``.

    ``build`` makes the position; without it the position is the previous
    step's after its right option's actions and then ``replies`` (the
    scripted computer's moves, ``(seat, action)``). ``teaches`` names the
    rules of ``docs/rules/GAME.md`` the step teaches.
    """

    name: str
    options: tuple[Option, ...]
    marks: tuple[Mark, ...] = ()
    build: Callable[[], Any] | None = None
    replies: tuple[tuple[int, Action], ...] = ()
    teaches: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial: its steps (the last one offers a real game) and how
    to place its marks on the pictures: ``locate(view, mark)``."""

    game: str
    steps: tuple[Step, ...]
    locate: Callable[[Mapping[str, Any], Mark], Sequence[Box]]
    #: The learner's seat.
    seat: int = 0

    def states(self) -> list[Any]:
        """Every step's position, built or played on from the previous step."""
        game = registry.get(self.game)
        out: list[Any] = []
        for i, step in enumerate(self.steps):
            if step.build is not None:
                state = step.build()
            else:
                if i == 0:
                    raise ValueError(f"{self.game}: the first step must build its position")
                state = copy.deepcopy(out[-1])
                right = next(o for o in self.steps[i - 1].options if o.right)
                for action in right.actions:
                    state = game.apply(state, self.seat, action)
                for seat, action in step.replies:
                    state = game.apply(state, seat, action)
            out.append(state)
        return out

    def teaches(self) -> dict[str, int]:
        """Each rule taught, with the number (from 1) of the first step teaching it."""
        out: dict[str, int] = {}
        for n, step in enumerate(self.steps, 1):
            for rule in step.teaches:
                out.setdefault(rule, n)
        return out


def play(game_id: str, state: Any, seat: int, actions: Sequence[Action]) -> Any:
    """``state`` after ``seat`` played ``actions`` (the original is left alone)."""
    game = registry.get(game_id)
    for action in actions:
        state = game.apply(state, seat, action)
    return state
