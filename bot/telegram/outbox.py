"""Outgoing Telegram calls, queued per chat and paced to the platform's limits.

Telegram asks bots to keep to about one message a second in a chat, twenty a
minute in a group and thirty a second overall, and answers 429 with
``retry_after`` when they do not. Every call goes through here: a queue per
chat, a pacer shared by all chats, a pause of ``retry_after`` on 429, and
coalescing, so ten quick edits of one message become one edit to its latest
content. Handlers only enqueue, so a button press is answered at once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiogram.exceptions import TelegramRetryAfter

log = logging.getLogger("bot.telegram.outbox")

#: A queued call; it returns False when it turned out to have nothing to send,
#: so that it does not use up the chat's turn.
Call = Callable[[], Awaitable[bool | None]]
MAX_RETRIES = 5


@dataclass(frozen=True)
class Limits:
    """How fast the bot may talk."""

    chat_interval: float = 1.0
    group_per_minute: int = 20
    global_per_second: int = 30


@dataclass
class _Job:
    key: str | None
    call: Call
    running: bool = False


@dataclass
class _Chat:
    jobs: deque[_Job] = field(default_factory=deque)
    worker: asyncio.Task[None] | None = None


class Pacer:
    """Decides when the next call to a chat may go out."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self._next: dict[int, float] = {}
        self._group: dict[int, deque[float]] = {}
        self._global: deque[float] = deque()

    def delay(self, chat_id: int) -> float:
        """Seconds to wait before calling ``chat_id`` (0: now)."""
        now = self.clock()
        wait = self._next.get(chat_id, 0.0) - now
        if chat_id < 0:
            window = self._group.setdefault(chat_id, deque())
            while window and window[0] <= now - 60:
                window.popleft()
            if len(window) >= self.limits.group_per_minute:
                wait = max(wait, window[0] + 60 - now)
        while self._global and self._global[0] <= now - 1:
            self._global.popleft()
        if len(self._global) >= self.limits.global_per_second:
            wait = max(wait, self._global[0] + 1 - now)
        return max(0.0, wait)

    def record(self, chat_id: int) -> None:
        """Count a call that is going out now."""
        now = self.clock()
        self._next[chat_id] = now + self.limits.chat_interval
        if chat_id < 0:
            self._group.setdefault(chat_id, deque()).append(now)
        self._global.append(now)

    def pause(self, chat_id: int, seconds: float) -> None:
        """Telegram said to wait: nothing goes to that chat before then."""
        self._next[chat_id] = max(self._next.get(chat_id, 0.0), self.clock() + seconds)


class Outbox:
    """Per-chat queues of calls, paced by one :class:`Pacer`."""

    def __init__(self, limits: Limits | None = None) -> None:
        self.pacer = Pacer(limits or Limits())
        self._chats: dict[int, _Chat] = {}
        self._idle = asyncio.Event()
        self._idle.set()

    def put(self, chat_id: int, call: Call, *, key: str | None = None) -> None:
        """Queue ``call`` for ``chat_id``; a queued call with the same ``key`` is replaced."""
        chat = self._chats.setdefault(chat_id, _Chat())
        if key is not None:
            for job in chat.jobs:
                if job.key == key and not job.running:
                    job.call = call
                    return
        chat.jobs.append(_Job(key, call))
        self._idle.clear()
        if chat.worker is None or chat.worker.done():
            chat.worker = asyncio.create_task(self._drain(chat_id, chat))

    async def drain(self) -> None:
        """Wait until every queued call has been made (tests, shutdown)."""
        await self._idle.wait()

    @property
    def pending(self) -> int:
        """Calls still queued."""
        return sum(len(chat.jobs) for chat in self._chats.values())

    async def _drain(self, chat_id: int, chat: _Chat) -> None:
        while chat.jobs:
            job = chat.jobs[0]
            for attempt in range(MAX_RETRIES):
                delay = self.pacer.delay(chat_id)
                if delay:
                    await asyncio.sleep(delay)
                # Read after waiting: a newer edit may have replaced it meanwhile.
                job.running = True
                try:
                    if await job.call() is not False:
                        self.pacer.record(chat_id)
                    break
                except TelegramRetryAfter as exc:
                    log.warning(
                        "event=flood-wait chat=%s retry_after=%s attempt=%s",
                        chat_id,
                        exc.retry_after,
                        attempt + 1,
                    )
                    self.pacer.record(chat_id)
                    self.pacer.pause(chat_id, exc.retry_after)
                    job.running = False
                except Exception:
                    # A call handles the errors it expects; anything else must
                    # not stop the queue of this chat.
                    self.pacer.record(chat_id)
                    log.exception("event=send-failed chat=%s", chat_id)
                    break
            chat.jobs.popleft()
        if not self.pending:
            self._idle.set()
