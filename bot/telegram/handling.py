"""The updates a worker is handling, so that a stopping worker finishes them.

A polling worker told to stop (SIGTERM) lets the update in hand finish, its
press answered and its effect saved, and starts no other: those are left
unconfirmed, for the next worker to get from Telegram. Then it confirms what
it handled (the offset travels with the next ``getUpdates``, which would
otherwise never come), so nothing is delivered twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware, Bot
from aiogram.types import TelegramObject, Update

log = logging.getLogger("bot.telegram")


class Handling(BaseMiddleware):
    """An outer middleware on updates: counts those being handled, remembers
    the last one finished, and once stopping lets no new one start."""

    def __init__(self) -> None:
        self.count = 0
        self.idle = asyncio.Event()
        self.idle.set()
        self.stopping = False
        #: The highest update_id whose handler has finished.
        self.done: int | None = None

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        if self.stopping:
            # Left to Telegram, which delivers it again to the next worker.
            return None
        self.count += 1
        self.idle.clear()
        try:
            result = await handler(event, data)
            if isinstance(event, Update):
                self.done = max(self.done or event.update_id, event.update_id)
            return result
        finally:
            self.count -= 1
            if not self.count:
                self.idle.set()

    async def finish(self, within: float) -> None:
        """Start no new update and wait (up to ``within`` seconds) for those in hand."""
        self.stopping = True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.idle.wait(), within)

    async def confirm(self, bot: Bot) -> None:
        """Tell Telegram the updates handled are done (a ``getUpdates`` that
        returns at once and leaves the rest waiting)."""
        if self.done is None:
            return
        try:
            await bot.get_updates(offset=self.done + 1, limit=1, timeout=0)
        except Exception as exc:
            log.warning("event=confirm-failed error=%s", exc)
