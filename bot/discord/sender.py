"""Ordered outgoing calls: one at a time per message, the newest pending one wins.

discord.py already waits out 429s (per route and globally); what it cannot
know is that three queued edits of one table message make the first two
pointless, or that an edit must not overtake the send that created the
message. Calls under one key run in order, and a call queued while another
under the same key waits replaces it.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections.abc import Awaitable, Callable

from redis.exceptions import RedisError

from bot.core.errors import Unavailable

log = logging.getLogger("bot.discord")

#: A queued call (what it returns is not used).
Call = Callable[[], Awaitable[object]]


class Sender:
    """Runs queued calls; see the module docstring."""

    def __init__(self) -> None:
        self._pending: dict[str, Call] = {}
        self._running: dict[str, asyncio.Task[None]] = {}
        #: When each key's calls began to wait (monotonic seconds), for ``/metrics``.
        self._since: dict[str, float] = {}
        self._unique = itertools.count()

    def put(self, key: str | None, call: Call) -> None:
        """Queue ``call`` under ``key`` (``None``: never merged with another call)."""
        key = key if key is not None else f"once:{next(self._unique)}"
        self._pending[key] = call
        self._since.setdefault(key, time.monotonic())
        if key not in self._running:
            self._running[key] = asyncio.create_task(self._run(key))

    async def _run(self, key: str) -> None:
        try:
            while (call := self._pending.pop(key, None)) is not None:
                try:
                    await call()
                except (Unavailable, RedisError) as exc:
                    # Redis is out: what the call was drawing stays pending, for later.
                    log.warning("event=send-failed key=%s error=%s", key, type(exc).__name__)
                except Exception:
                    # One failed message must not stop the others.
                    log.exception("event=send-failed key=%s", key)
        finally:
            del self._running[key]
            self._since.pop(key, None)

    async def after(self, key: str) -> None:
        """Wait until the calls queued under ``key`` have run (e.g. a ping waits for
        the table it points at, so it appears below it)."""
        running = self._running.get(key)
        if running is not None:
            await asyncio.gather(running, return_exceptions=True)

    @property
    def pending(self) -> int:
        """Calls queued or running."""
        return len(self._running)

    def reading(self) -> tuple[int, float]:
        """Calls queued or running, and how long the oldest has waited (seconds)."""
        oldest = min(self._since.values(), default=None)
        return self.pending, 0.0 if oldest is None else time.monotonic() - oldest

    async def drain(self) -> None:
        """Wait until nothing is queued (tests, shutdown)."""
        while self._running:
            await asyncio.gather(*self._running.values(), return_exceptions=True)
