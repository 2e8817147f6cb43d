"""The replay viewer: a room's finished game, frame by frame, in the browser.

Its frames are the core replay's (:mod:`bot.core.replays`), the very pictures
the ``/replay`` animation is made of, so a table that chose to show the hands
shows them here too. A frame is drawn when a page first asks for it, in a
thread, and kept for the next; its URL names the game and the frame, so the
browser keeps it too. Only a finished game has a record in the core's history
(looked up in the room's own chat), so a game still being played has no
viewer, and each viewer is reached through a secret link of the room: the
room's page, or one player's page.
"""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from functools import partial

from bot.core.history import Finished
from bot.core.i18n import I18n
from bot.core.replays import Shot, names, picture, shots, told
from bot.core.service import TableService
from bot.core.tables import Status
from bot.playground import pages
from bot.playground.rooms import Room
from render.replay import MOVE_MS

#: Table ids as the core makes them (``secrets.token_urlsafe(6)``).
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{8}")
#: Bytes of drawn frames kept in all (a long game's are some 10 MB).
FRAME_BYTES = 32 * 2**20
#: Games whose frames are planned (their positions replayed) kept at once.
PLANS = 4


def link(base: str, room: Room, status: str) -> str | None:
    """The viewer of the room's table under a page's ``base`` URL, once that game is over."""
    if status != Status.FINISHED or room.table_id is None:
        return None
    return f"{base}replay/{room.table_id}/"


class Replays:
    """Finished games of the playground's rooms, planned and drawn frame by frame."""

    def __init__(self, service: TableService, i18n: I18n, budget: int = FRAME_BYTES) -> None:
        self.service = service
        self.i18n = i18n
        self.budget = budget
        self.size = 0
        self._plans: OrderedDict[tuple[str, str], list[Shot]] = OrderedDict()
        self._frames: OrderedDict[tuple[str, str, int], bytes] = OrderedDict()

    async def entry(self, room: Room, table_id: str) -> Finished | None:
        """The room's finished game ``table_id``; ``None`` while it is played, or never was."""
        if not TABLE_ID.fullmatch(table_id):
            return None
        return await self.service.finished_game(room.chat, table_id)

    async def plan(self, entry: Finished) -> list[Shot]:
        """The game's frames before they are drawn (its moves replayed once, in a thread)."""
        key = (entry.chat, entry.id)
        planned = self._plans.get(key)
        if planned is None:
            planned = await asyncio.to_thread(shots, entry)
            self._plans[key] = planned
            while len(self._plans) > PLANS:
                self._plans.popitem(last=False)
        self._plans.move_to_end(key)
        return planned

    async def page(self, room: Room, table_id: str, back: str, lang: str) -> str | None:
        """The viewer of the room's finished game ``table_id`` in ``lang``, opened
        from the page ``back``; ``None`` when there is no such finished game."""
        entry = await self.entry(room, table_id)
        if entry is None:
            return None
        captions = await self.captions(entry, lang)
        return pages.replay(self.i18n, lang, entry.game, back, captions, MOVE_MS)

    async def png(self, room: Room, table_id: str, number: int) -> bytes | None:
        """Frame ``number`` (from 1) of the room's finished game ``table_id``;
        ``None`` when there is no such game, or no such frame."""
        entry = await self.entry(room, table_id)
        if entry is None:
            return None
        planned = await self.plan(entry)
        if not 1 <= number <= len(planned):
            return None
        key = (entry.chat, entry.id, number)
        png = self._frames.get(key)
        if png is None:
            png = await asyncio.to_thread(picture, entry, planned[number - 1])
            self._frames[key] = png
            self.size += len(png)
            # The newest frame stays whatever its size: a page is about to show it.
            while self.size > self.budget and len(self._frames) > 1:
                self.size -= len(self._frames.popitem(last=False)[1])
        self._frames.move_to_end(key)
        return png

    async def captions(self, entry: Finished, lang: str) -> list[list[str]]:
        """Each frame's caption lines: who moved (or the deal), then what the table saw."""
        t = partial(self.i18n.t, lang)
        shown = names(entry)
        out = []
        for shot in await self.plan(entry):
            if shot.mover is None:
                lines = [t("pg-replay-deal")]
            else:
                lines = [t("pg-replay-mover", player=shown[shot.mover])]
            out.append(lines + told(entry, shot, t))
        return out
