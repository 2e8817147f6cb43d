"""Replays: a finished game drawn again, move by move, from its seed and log.

Every frame is the public table picture the chat saw after that move (for
Curling, each throw's path first), drawn from ``view(state, None)``. Only a
table that chose so in its lobby (``replay_hands``, kept with the finished
game) also gets every seat's hand under each frame, drawn from that seat's
own view of that moment. A replay is drawn only from a finished game's record
(:mod:`bot.core.history`), which exists once the game is over: no hand is
shown while it is being played, nor ever when the table did not choose so.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from bot.core.history import Finished
from bot.core.narration import narrate
from bot.core.presenters.base import Translate
from bot.core.service.base import public_events
from bot.core.summaries import final_view
from games import IllegalAction, registry
from games.core.protocol import Game
from render import registry as renderers
from render.common import COMPUTER_MARK
from render.registry import Renderer
from render.replay import COLOURS, WIDTH, Frame, animation, with_hands

#: Events that end a round (or an end): their frame is held, its count told.
ROUND_ENDS = frozenset({"round_end", "tour_end", "end_over", "game_end"})
#: The colour emoji font the words under the frames are drawn with: the one
#: the playground serves (``bot/playground/emoji_font.py`` keeps it holding
#: every emoji of the catalogs).
EMOJI_FONT = Path(str(resources.files("bot") / "webpage" / "static" / "emoji.ttf"))
#: How a replay is made smaller, tried in turn until it fits a platform's
#: upload limit: (width, colours, every n-th move shown). The deal and the end
#: are always shown, and a frame still says which move of how many it is.
FITS = (
    (WIDTH, COLOURS, 1),
    (WIDTH * 3 // 4, COLOURS, 1),
    (WIDTH // 2, COLOURS // 2, 1),
    (WIDTH // 2, COLOURS // 2, 2),
    (WIDTH * 2 // 5, COLOURS // 4, 3),
    (WIDTH // 3, COLOURS // 4, 6),
)


@dataclass(frozen=True)
class Replay:
    """A replay ready to send: an animated GIF and how many moves it shows."""

    gif: bytes
    frames: int
    moves: int


@dataclass(frozen=True)
class Shot:
    """A frame before it is drawn: the position it shows (``preview``: a
    throw's path drawn over it), the seat whose move led to it (none: the
    deal), the public events of the actions since the frame before and, for
    a frame drawn before its move (a preview), the position after it."""

    state: Any
    preview: dict[str, Any] | None = None
    mover: int | None = None
    events: tuple[dict[str, Any], ...] = ()
    after: Any | None = None
    #: the public view drawn instead of the state's: the position a round
    #: ended on, before the next deal (:mod:`bot.core.summaries`)
    summary: dict[str, Any] | None = None


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


def names(entry: Finished) -> list[str]:
    """The players' names as the pictures show them (computers marked)."""
    return [p.name + (COMPUTER_MARK if p.bot else "") for p in entry.players]


def shots(entry: Finished) -> list[Shot]:
    """The deal and every move, as frames to draw. A step inside a move (a
    Curling roll of the dice) gets no frame of its own; a throw is shown by
    its path, which ends where every stone comes to rest."""
    game = registry.get(entry.game)
    previews = renderers.get(entry.game).preview is not None
    planned = [Shot(game.new_game(len(entry.players), entry.options, entry.seed))]
    events: list[dict[str, Any]] = []
    previewed = False
    start = planned[0].state  # the position the move being planned began from
    for seat, action, before, after in positions(entry):
        events += public_events(game, after)
        shown = _preview(game, before, seat, action) if previews else None
        previewed = shown is not None
        if shown is not None:
            planned.append(Shot(before, shown, seat, tuple(events), after))
        elif not game.continues(after, seat) or game.is_over(after):
            final = final_view(entry.game, game.view(start, None), events, game.view(after, None))
            planned.append(Shot(after, None, seat, tuple(events), summary=final))
        else:
            continue
        events = []
        start = after
    if previewed:
        # The last throw's path; then the final count and the match's result.
        planned.append(Shot(after, None, seat))
    return planned


def picture(entry: Finished, shot: Shot, drawn: dict[str, bytes] | None = None) -> bytes:
    """The frame of ``shot`` as a PNG: the public table and, when the table
    chose so, every seat's hand under it. ``drawn`` keeps the hands drawn for
    earlier frames by what they show, so an unchanged hand is drawn once."""
    game = registry.get(entry.game)
    renderer = renderers.get(entry.game)
    shown = names(entry)
    public = game.view(shot.state, None) if shot.summary is None else shot.summary
    if shot.preview is not None and renderer.preview is not None:
        table = renderer.preview(public, shot.preview, names=shown)
    else:
        table = renderer.table(public, names=shown)
    if not entry.replay_hands or renderer.private is None:
        return table
    cache = {} if drawn is None else drawn
    hands = [
        _hand(renderer, game.view(shot.state, seat), seat, shown, cache)
        for seat in range(len(entry.players))
    ]
    return with_hands(table, hands)


def _hand(
    renderer: Renderer, view: dict[str, Any], seat: int, shown: list[str], cache: dict[str, bytes]
) -> bytes:
    assert renderer.private is not None
    if renderer.private_key is None:
        return renderer.private(view, names=shown)
    key = f"{seat}:{renderer.private_key(view, names=shown)}"
    if key not in cache:
        cache[key] = renderer.private(view, names=shown)
    return cache[key]


def told(entry: Finished, shot: Shot, t: Translate) -> list[str]:
    """What the moves that led to ``shot`` did, told as the public saw them."""
    game = registry.get(entry.game)
    view = game.view(shot.state if shot.after is None else shot.after, None)
    return narrate(entry.game, shot.events, view, names(entry), t)


def frames(entry: Finished, t: Translate | None = None) -> list[Frame]:
    """Every frame of the replay, drawn (see :func:`shots`), with what its
    move did in words in the language of ``t`` (none: no words)."""
    planned = shots(entry)
    shown = names(entry)
    drawn: dict[str, bytes] = {}
    return [
        Frame(
            picture(entry, shot, drawn),
            number,
            len(planned),
            None if shot.mover is None else shown[shot.mover],
            () if t is None else tuple(told(entry, shot, t)),
            hold=any(event.get("kind") in ROUND_ENDS for event in shot.events),
        )
        for number, shot in enumerate(planned, start=1)
    ]


def _preview(game: Game[Any], state: Any, seat: int, action: list[Any]) -> dict[str, Any] | None:
    # Only some actions have a picture of their own (a Curling throw, not a roll).
    try:
        return game.preview(state, seat, action)
    except IllegalAction:
        return None


def draw(entry: Finished, limit: int | None = None, t: Translate | None = None) -> Replay | None:
    """The whole replay, made smaller (:data:`FITS`) until it is at most ``limit``
    bytes; ``None`` when even the smallest is larger. ``t``: the language of
    the words under each frame (none: no words). Seconds of work: call
    :func:`draw_off_loop` from async code."""
    drawn = frames(entry, t)
    emoji = None if t is None else EMOJI_FONT
    for width, colours, step in FITS:
        shown = drawn if step == 1 else [*drawn[:-1:step], drawn[-1]]
        gif = animation(shown, width=width, colours=colours, emoji=emoji)
        if limit is None or len(gif) <= limit:
            return Replay(gif, len(shown), len(entry.log))
    return None


async def draw_off_loop(
    entry: Finished, limit: int | None = None, t: Translate | None = None
) -> Replay | None:
    """:func:`draw` in a thread, so the worker's other tables go on meanwhile."""
    return await asyncio.to_thread(draw, entry, limit, t)
