"""Tutorials for players: their screens, their presses, and each player's
progress in Redis (``Plearn:KEY``, a hash: game → the step reached; kept 180
days from the last press, and deleted by ``/forget``).

A tutorial is played in the private chat (a DM, the playground's learning
page): a message with the step's picture, text and buttons, edited in place.
The right press moves on (the picture shows the move and the computer's
answer); any other press is answered with why not, and nothing moves.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, cast

from bot.core.errors import BadRequest, ServiceError, guarded
from bot.core.i18n import I18n
from bot.core.screen_base import Button, Screen
from bot.core.service import TableService
from bot.core.tokens import LEARN_MENU, LearnToken, NewGameToken
from bot.core.tutorials.engine import Tutorial
from games import registry
from render import registry as renderers
from render.marks import marked_picture

#: How long a player's progress is kept after their last press.
PROGRESS_TTL = 180 * 86400


@dataclass(frozen=True)
class Answer:
    """What a tutorial press shows: the screen, and a short line for the
    presser alone (why not, or that the button was an old one), if any.
    ``refused``: a wrong press, so the step and its picture stay."""

    screen: Screen
    alert: str | None = None
    refused: bool = False


def shuffled(game: str, step: int, count: int) -> list[int]:
    """The order a step shows its options in: mixed, so the right press is not
    always first, and the same every time the step is shown."""
    return sorted(
        range(count),
        key=lambda i: hashlib.sha1(f"{game}:{step}:{i}".encode(), usedforsecurity=False).digest(),
    )


class Tutorials:
    """Every game's tutorial, as screens, with the players' progress."""

    def __init__(self, service: TableService, i18n: I18n, catalog: Mapping[str, Tutorial]) -> None:
        self.service = service
        self.i18n = i18n
        self.catalog = catalog
        self._states: dict[str, list[Any]] = {}
        self._images: dict[tuple[str, int, str], bytes] = {}

    def games(self) -> tuple[str, ...]:
        """The games with a tutorial, in the order of the game menu."""
        return tuple(game for game in registry.names() if game in self.catalog)

    # -- progress ---------------------------------------------------------------

    def _key(self, player: str) -> str:
        return f"{self.service.store.prefix}learn:{player}"

    @guarded
    async def progress(self, player: str) -> dict[str, int]:
        """The step each tutorial was left at (only those begun)."""
        raw = cast(dict[str, str], await self.service.store.redis.hgetall(self._key(player)))
        return {game: int(step) for game, step in raw.items() if game in self.catalog}

    @guarded
    async def _save(self, player: str, game: str, step: int) -> None:
        async with self.service.store.redis.pipeline(transaction=False) as pipe:
            pipe.hset(self._key(player), game, str(step))
            pipe.expire(self._key(player), PROGRESS_TTL)
            await pipe.execute()

    # -- screens ------------------------------------------------------------------

    async def menu(self, player: str, lang: str) -> Screen:
        """The list of tutorials, with where the player stands in each."""
        t = partial(self.i18n.t, lang)
        done = await self.progress(player)
        rows = []
        for game in self.games():
            steps = len(self.catalog[game].steps)
            label = t(f"game-{game}")
            if game in done:
                label = t("learn-menu-progress", game=label, step=done[game] + 1, steps=steps)
            rows.append((Button(f"📖 {label}", LearnToken(game).encode()),))
        return Screen(t("learn-menu"), buttons=tuple(rows))

    async def open(self, player: str, game: str, lang: str) -> Screen:
        """The tutorial of ``game`` where the player left it (the first step if new)."""
        tutorial = self._tutorial(game)
        step = (await self.progress(player)).get(game, 0)
        step = min(step, len(tutorial.steps) - 1)
        await self._save(player, game, step)
        return await self.step(game, step, lang)

    async def step(self, game: str, step: int, lang: str, note: str | None = None) -> Screen:
        """Step ``step`` of ``game``'s tutorial (``note``: why the last press was not it)."""
        tutorial = self._tutorial(game)
        t = partial(self.i18n.t, lang)
        current = tutorial.steps[step]
        last = step == len(tutorial.steps) - 1
        lines = [
            t("learn-title", game=t(f"game-{game}"), step=step + 1, steps=len(tutorial.steps)),
            "",
            t(f"learn-{game}-{current.name}"),
        ]
        if note:
            lines += ["", f"✋ {note}"]
        options = current.options
        rows: list[tuple[Button, ...]] = [
            (
                Button(
                    t(options[i].label, **dict(options[i].args)),
                    LearnToken(game, step, str(i)).encode(),
                    choice=True,
                ),
            )
            for i in shuffled(game, step, len(options))
        ]
        if last:
            rows += [
                (Button(t("learn-btn-play"), NewGameToken(game).encode()),),
                (Button(t("learn-btn-again"), LearnToken(game, step, "r").encode()),),
                (Button(t("learn-btn-menu"), LearnToken(LEARN_MENU).encode()),),
            ]
        controls = (
            [Button(t("learn-btn-back"), LearnToken(game, step, "b").encode())] if step else []
        )
        controls.append(Button(t("learn-btn-leave"), LearnToken(game, step, "x").encode()))
        rows.append(tuple(controls))
        image = await self.image(game, step, lang)
        return Screen("\n".join(lines), image, f"learn:{game}:{step}:{lang}", buttons=tuple(rows))

    # -- presses ------------------------------------------------------------------

    async def press(self, player: str, token: LearnToken, lang: str) -> Answer:
        """Carry out a tutorial button of ``player``."""
        presses = self.service.presses
        if presses is not None and not await presses.allow(player):
            raise ServiceError("slow-down")
        if token.game == LEARN_MENU:
            return Answer(await self.menu(player, lang))
        tutorial = self._tutorial(token.game)
        if token.op == "g":
            return Answer(await self.open(player, token.game, lang))
        if token.op == "r":
            await self._save(player, token.game, 0)
            return Answer(await self.step(token.game, 0, lang))
        current = (await self.progress(player)).get(token.game, 0)
        if token.step != current or token.step >= len(tutorial.steps):
            # An older message of this tutorial, or one left behind by a
            # step back: nothing moves, the message shows where the player is.
            shown = min(current, len(tutorial.steps) - 1)
            return Answer(
                await self.step(token.game, shown, lang), self.i18n.t(lang, "learn-stale")
            )
        if token.op == "x":
            return Answer(self._left(token.game, current, len(tutorial.steps), lang))
        if token.op == "b":
            back = max(0, current - 1)
            await self._save(player, token.game, back)
            return Answer(await self.step(token.game, back, lang))
        options = tutorial.steps[current].options
        index = int(token.op)
        if index >= len(options):
            raise BadRequest()
        option = options[index]
        if option.why is not None:
            why = self.i18n.t(lang, option.why)
            return Answer(await self.step(token.game, current, lang, why), why, refused=True)
        await self._save(player, token.game, current + 1)
        return Answer(await self.step(token.game, current + 1, lang))

    def _left(self, game: str, step: int, steps: int, lang: str) -> Screen:
        t = partial(self.i18n.t, lang)
        text = t("learn-left", game=t(f"game-{game}"), step=step + 1, steps=steps)
        buttons = (
            (Button(t("learn-btn-resume"), LearnToken(game).encode()),),
            (Button(t("learn-btn-menu"), LearnToken(LEARN_MENU).encode()),),
        )
        return Screen(text, buttons=buttons)

    def _tutorial(self, game: str) -> Tutorial:
        tutorial = self.catalog.get(game)
        if tutorial is None:
            raise ServiceError("learn-no-tutorial")
        return tutorial

    # -- pictures -----------------------------------------------------------------

    def states(self, game: str) -> list[Any]:
        """Every step's position of ``game``'s tutorial (built once)."""
        if game not in self._states:
            self._states[game] = self._tutorial(game).states()
        return self._states[game]

    async def image(self, game: str, step: int, lang: str) -> bytes:
        """The picture of step ``step`` of ``game``'s tutorial in ``lang`` (drawn once)."""
        key = (game, step, lang)
        if key not in self._images:
            self._images[key] = await asyncio.to_thread(self.picture, game, step, lang)
        return self._images[key]

    def picture(self, game: str, step: int, lang: str) -> bytes:
        """The step's picture: the real table (and the learner's hand below it,
        in games with one) with what the step talks about ringed."""
        tutorial = self._tutorial(game)
        state = self.states(game)[step]
        rules = registry.get(game)
        renderer = renderers.get(game)
        count = rules.seats(state)
        names = [
            self.i18n.t(lang, "learn-you" if seat == tutorial.seat else "learn-computer")
            for seat in range(count)
        ]
        public = rules.view(state, None)
        own = rules.view(state, tutorial.seat)
        marks = tutorial.steps[step].marks
        table = renderer.table(public, names=names)
        hand = renderer.private(own, names=names) if renderer.private is not None else None
        table_boxes = [box for m in marks if not m.hand for box in tutorial.locate(public, m)]
        hand_boxes = [box for m in marks if m.hand for box in tutorial.locate(own, m)]
        return marked_picture(table, hand, table_boxes, hand_boxes)
