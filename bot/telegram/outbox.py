"""Outgoing Telegram calls: queued per chat, retried, and paced by all workers together.

Every call the bot makes to a chat passes the shared :class:`RateBudget`
(about one message a second in a chat, twenty a minute in a group, thirty a
second overall, for every worker together): :class:`PacingMiddleware` waits
for the budget before each send or edit and, on a 429, pauses the chat for
every worker. The :class:`Outbox` keeps one queue per chat, so a press is
answered at once and its messages follow in order; ten quick edits of one
message become one edit to its latest content; replies to commands wait
behind the table's screens (a member's spam of commands cannot hold the game
up), and a reply that is already waiting is not queued twice; a failure the network or
Telegram may get over (5xx, timeouts, dropped connections, a 429) is tried
again with growing pauses.

A queued call may wait for the budget itself (the ``gate`` it is given) and
draw its message only then, so that what it sends is as new as it can be; or
its chat's budget was spent for it beforehand, together with other chats'
(:meth:`Pacer.paid`). Work that queues calls later (a change whose pictures
are still being drawn) runs as a task of the outbox (:meth:`Outbox.spawn`),
so that draining and closing the outbox wait for it or stop it too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Coroutine
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from aiogram import Bot
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import TelegramNetworkError, TelegramRetryAfter, TelegramServerError
from aiogram.methods import Response, TelegramMethod
from aiogram.methods.base import TelegramType
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.core.errors import Unavailable
from bot.core.pacing import RateBudget
from bot.core.screen_sync import Job

log = logging.getLogger("bot.telegram.outbox")

#: Attempts of one call before it is left to the pending-screen sweep.
MAX_ATTEMPTS = 5
#: The first pause after a failure the network may get over; it doubles.
BACKOFF = 0.5
#: Failures worth trying again.
TRANSIENT = (
    TelegramServerError,
    TelegramNetworkError,
    TimeoutError,
    RedisConnectionError,
    RedisTimeoutError,
    Unavailable,
)
#: Methods that count against a chat's limits.
PACED = ("Send", "Edit", "Copy", "Forward")
#: Methods that post a new message (what a group's slow mode holds back).
NEW_MESSAGE = ("Send", "Copy", "Forward")

#: Seconds a budget spent by a gate vouches for the call: the other workers
#: count the chat's spacing from the moment it was spent, so a call that goes
#: out later (its screen took long to draw) moves the chat's next turn on.
PAID_FOR = 0.05

# The chat whose budget the current task already spent on its next request,
# and when (monotonic; None: right before the request, by construction).
_PREPAID: ContextVar[tuple[int, float | None] | None] = ContextVar("prepaid", default=None)


class SendsPaused(Exception):
    """New messages to a group wait (its slow mode): the call is put off, not made."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"new messages wait {seconds:.1f} s")
        self.seconds = seconds


def posts_to_group(method: TelegramMethod[Any] | None) -> bool:
    """Whether ``method`` posts a new message in a group (not an edit, not a private chat)."""
    chat_id = getattr(method, "chat_id", None)
    return (
        isinstance(chat_id, int) and chat_id < 0 and type(method).__name__.startswith(NEW_MESSAGE)
    )


class Pacer:
    """Waits for the shared budget of a chat."""

    def __init__(self, budget: RateBudget) -> None:
        self.budget = budget

    async def wait(self, chat_id: int) -> None:
        """Return once a call to ``chat_id`` may go out (it is counted).

        Without Redis the call goes at once: all the bot has to say then is
        "try again", and Telegram's own 429 still holds it back.
        """
        while True:
            try:
                wait = await self.budget.reserve(str(chat_id), group=chat_id < 0)
            except RedisError as exc:
                log.warning("event=rate-budget-unavailable chat=%s error=%r", chat_id, exc)
                return
            if not wait:
                return
            await asyncio.sleep(wait)

    async def prepay(self, chat_id: int) -> None:
        """:meth:`wait`, and let the next request of this task to the chat pass
        if it goes out within :data:`PAID_FOR`."""
        await self.wait(chat_id)
        _PREPAID.set((chat_id, time.monotonic()))

    async def sends_wait(self, chat_id: int) -> float:
        """Seconds until a new message may go to ``chat_id`` (its slow mode); 0
        without Redis, when Telegram's own 429 still holds it back."""
        try:
            return await self.budget.sends_wait(str(chat_id))
        except RedisError as exc:
            log.warning("event=rate-budget-unavailable chat=%s error=%r", chat_id, exc)
            return 0.0

    def paid(self, chat_id: int) -> None:
        """The call to ``chat_id`` this task makes next was counted already
        (:meth:`RateBudget.reserve_many`) and goes out at once: let it pass."""
        _PREPAID.set((chat_id, None))


class PacingMiddleware(BaseRequestMiddleware):
    """Every send or edit to a chat waits for the shared budget; a 429 pauses the
    chat, or for a new message in a group (its slow mode) only new messages:
    while they wait, such a call raises :class:`SendsPaused` at once."""

    def __init__(self, pacer: Pacer) -> None:
        self.pacer = pacer

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        chat_id = getattr(method, "chat_id", None)
        if not isinstance(chat_id, int) or not type(method).__name__.startswith(PACED):
            return await make_request(bot, method)
        new_message = posts_to_group(method)
        if new_message:
            wait = await self.pacer.sends_wait(chat_id)
            if wait:
                raise SendsPaused(wait)
        prepaid = _PREPAID.get()
        if prepaid is not None and prepaid[0] == chat_id:
            _PREPAID.set(None)
            if prepaid[1] is not None and time.monotonic() - prepaid[1] > PAID_FOR:
                with contextlib.suppress(RedisError):
                    await self.pacer.budget.extend(str(chat_id), group=chat_id < 0)
        else:
            await self.pacer.wait(chat_id)
        try:
            return await make_request(bot, method)
        except TelegramRetryAfter as exc:
            with contextlib.suppress(RedisError):
                if new_message:
                    await self.pacer.budget.pause_sends(str(chat_id), exc.retry_after)
                else:
                    await self.pacer.budget.pause(str(chat_id), exc.retry_after)
            raise


@dataclass(eq=False)
class _Job:
    key: str | None
    call: Job
    running: bool = False
    #: A reply to a command: screens are queued ahead of it.
    reply: bool = False
    #: When it was first queued (its replacements keep the time).
    queued_at: float = field(default_factory=time.monotonic)


@dataclass
class _Chat:
    jobs: deque[_Job] = field(default_factory=deque)
    worker: asyncio.Task[None] | None = None


class Outbox:
    """Per-chat queues of calls (see the module docstring)."""

    def __init__(self, pacer: Pacer) -> None:
        self.pacer = pacer
        self._chats: dict[int, _Chat] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        #: Calls put off while a group's new messages wait (slow mode), and
        #: when each was first queued.
        self._deferred: dict[asyncio.TimerHandle, float] = {}
        self._idle = asyncio.Event()
        self._idle.set()

    def spawn(self, work: Coroutine[object, object, None]) -> None:
        """Run ``work`` (which queues calls as it goes) as a task of the outbox."""
        task = asyncio.create_task(self._task(work))
        self._tasks.add(task)
        self._idle.clear()
        task.add_done_callback(self._task_done)

    async def _task(self, work: Coroutine[object, object, None]) -> None:
        # Whatever it did not show is still marked pending: the sweep shows it.
        try:
            await work
        except (RedisError, Unavailable) as exc:
            log.warning("event=outbox-task-failed error=%s", type(exc).__name__)
        except Exception:
            log.exception("event=outbox-task-failed")

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not self.pending:
            self._idle.set()

    def put(
        self,
        chat_id: int,
        call: Job,
        *,
        key: str | None = None,
        reply: bool = False,
        queued_at: float | None = None,
    ) -> None:
        """Queue ``call`` for ``chat_id``; a queued call with the same ``key`` is
        replaced. A ``reply`` (to a command) goes last; anything else goes ahead
        of the replies still waiting. ``queued_at``: when a call put off is
        first queued (for :meth:`reading`)."""
        chat = self._chats.setdefault(chat_id, _Chat())
        if key is not None:
            for job in chat.jobs:
                if job.key == key and not job.running:
                    job.call = call
                    return
        job = _Job(key, call, reply=reply, queued_at=queued_at or time.monotonic())
        waiting = [i for i, queued in enumerate(chat.jobs) if queued.reply and not queued.running]
        if reply or not waiting:
            chat.jobs.append(job)
        else:
            chat.jobs.insert(waiting[0], job)
        self._idle.clear()
        if chat.worker is None or chat.worker.done():
            chat.worker = asyncio.create_task(self._drain(chat_id, chat))

    def busy(self, chat_id: int) -> bool:
        """Whether calls to ``chat_id`` are queued (a call queued now goes after them)."""
        chat = self._chats.get(chat_id)
        return chat is not None and bool(chat.jobs)

    async def drain(self) -> None:
        """Wait until every queued call has been made (tests, shutdown)."""
        await self._idle.wait()

    async def close(self) -> None:
        """Stop at once; calls still queued are dropped (their screens stay pending)."""
        workers = [chat.worker for chat in self._chats.values() if chat.worker is not None]
        workers += self._tasks
        for handle in self._deferred:
            handle.cancel()
        self._deferred.clear()
        for worker in workers:
            worker.cancel()
        for worker in workers:
            with contextlib.suppress(asyncio.CancelledError):
                await worker
        self._chats.clear()
        self._tasks.clear()
        self._idle.set()

    @property
    def pending(self) -> int:
        """Jobs still queued, and tasks still queueing them."""
        queued = sum(len(chat.jobs) for chat in self._chats.values())
        return queued + len(self._tasks) + len(self._deferred)

    def reading(self) -> tuple[int, float]:
        """Calls queued (:attr:`pending`) and the age in seconds of the oldest
        queued call, for ``/metrics``."""
        queued = [job.queued_at for chat in self._chats.values() for job in chat.jobs]
        oldest = min([*queued, *self._deferred.values()], default=None)
        return self.pending, 0.0 if oldest is None else time.monotonic() - oldest

    async def _drain(self, chat_id: int, chat: _Chat) -> None:
        while chat.jobs:
            job = chat.jobs[0]
            await self._run(chat_id, job)
            # By identity: a screen may have been queued ahead of it meanwhile.
            chat.jobs.remove(job)
        if not self.pending:
            self._idle.set()

    def _defer(self, chat_id: int, job: _Job, seconds: float) -> None:
        """Queue ``job`` again in ``seconds`` (unless a newer call of its key is queued by then)."""

        def again() -> None:
            self._deferred.pop(handle, None)
            chat = self._chats.setdefault(chat_id, _Chat())
            if job.key is not None and any(queued.key == job.key for queued in chat.jobs):
                if not self.pending:
                    self._idle.set()
                return
            self.put(chat_id, job.call, key=job.key, reply=job.reply, queued_at=job.queued_at)

        handle = asyncio.get_running_loop().call_later(seconds, again)
        self._deferred[handle] = job.queued_at
        self._idle.clear()

    async def _run(self, chat_id: int, job: _Job) -> None:
        async def gate() -> None:
            await self.pacer.prepay(chat_id)

        for attempt in range(1, MAX_ATTEMPTS + 1):
            # Read on every attempt: a newer edit may have replaced the call meanwhile.
            job.running = True
            try:
                await job.call(gate)
                return
            except SendsPaused as exc:
                self._defer(chat_id, job, exc.seconds)
                return
            except TelegramRetryAfter as exc:
                if posts_to_group(exc.method):
                    # Slow mode: the chat's other calls (edits) need not wait for it.
                    log.info("event=slow-mode chat=%s retry_after=%s", chat_id, exc.retry_after)
                    self._defer(chat_id, job, exc.retry_after)
                    return
                pause: float = exc.retry_after
                log.warning(
                    "event=flood-wait chat=%s retry_after=%s attempt=%s", chat_id, pause, attempt
                )
            except TRANSIENT as exc:
                pause = BACKOFF * 2 ** (attempt - 1)
                log.warning(
                    "event=send-retry chat=%s attempt=%s error=%s",
                    chat_id,
                    attempt,
                    type(exc).__name__,
                )
            except Exception:
                # A call handles the errors it expects; anything else must
                # not stop the queue of this chat.
                log.exception("event=send-failed chat=%s", chat_id)
                return
            finally:
                _PREPAID.set(None)
            job.running = False
            await asyncio.sleep(pause)
        log.warning("event=send-gave-up chat=%s attempts=%s", chat_id, MAX_ATTEMPTS)
