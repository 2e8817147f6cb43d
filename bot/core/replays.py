"""Replays: a finished game drawn again, move by move, from its seed and log.

Every frame is the public table picture the chat saw after that move (for
Curling, each throw's path first), drawn from ``view(state, None)`` only, so
a replay shows no card that was hidden during the game.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bot.core.history import Finished
from games import IllegalAction, registry
from games.core.protocol import Game
from render import registry as renderers
from render.common import COMPUTER_MARK
from render.replay import Frame, animation


@dataclass(frozen=True)
class Replay:
    """A replay ready to send: an animated GIF and how many moves it shows."""

    gif: bytes
    frames: int
    moves: int


def positions(entry: Finished) -> Iterator[tuple[int, list[Any], Any, Any]]:
    """Every action of the game from the deal on: ``(seat, action, state
    before, state after)``."""
    game = registry.get(entry.game)
    state = game.new_game(len(entry.players), entry.options, entry.seed)
    for line in entry.log:
        seat, text = line.split(" ", 1)
        action = json.loads(text)
        after = game.apply(state, int(seat), action)
        yield int(seat), action, state, after
        state = after


def frames(entry: Finished) -> list[Frame]:
    """The public table after the deal and after every move. A step inside a
    move (a Curling roll of the dice) gets no frame of its own; a throw is
    shown by its path, which ends where every stone comes to rest."""
    game = registry.get(entry.game)
    renderer = renderers.get(entry.game)
    names = [p.name + (COMPUTER_MARK if p.bot else "") for p in entry.players]
    first = game.new_game(len(entry.players), entry.options, entry.seed)
    pictures: list[tuple[bytes, str | None]] = [
        (renderer.table(game.view(first, None), names=names), None)
    ]
    previewed = False
    for seat, action, before, after in positions(entry):
        mover = names[seat]
        shown = _preview(game, before, seat, action) if renderer.preview else None
        previewed = shown is not None and renderer.preview is not None
        if shown is not None and renderer.preview is not None:
            view = game.view(before, None)
            pictures.append((renderer.preview(view, shown, names=names), mover))
        elif not game.continues(after, seat) or game.is_over(after):
            pictures.append((renderer.table(game.view(after, None), names=names), mover))
    if previewed:
        # The last throw's path; then the final count and the match's result.
        pictures.append((renderer.table(game.view(after, None), names=names), mover))
    total = len(pictures)
    return [Frame(png, n, total, who) for n, (png, who) in enumerate(pictures, start=1)]


def _preview(game: Game[Any], state: Any, seat: int, action: list[Any]) -> dict[str, Any] | None:
    # Only some actions have a picture of their own (a Curling throw, not a roll).
    try:
        return game.preview(state, seat, action)
    except IllegalAction:
        return None


def draw(entry: Finished) -> Replay:
    """The whole replay (seconds of work: call :func:`draw_off_loop` from async code)."""
    drawn = frames(entry)
    return Replay(animation(drawn), len(drawn), len(entry.log))


async def draw_off_loop(entry: Finished) -> Replay:
    """:func:`draw` in a thread, so the worker's other tables go on meanwhile."""
    return await asyncio.to_thread(draw, entry)
