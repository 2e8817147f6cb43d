"""The loop that fires due timers (reminders, deadlines, bot moves, vote expiry).

Every worker may run it: timers live in Redis and each is leased to one
worker at a time, so running several loops is safe and a restart loses none.
It sleeps until the next timer is due, but never longer than ``idle``
seconds, since another worker may set an earlier timer meanwhile; a full
batch is followed by the next one at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.core.errors import Unavailable
from bot.core.service import TableService
from bot.core.service.deadlines import Fired

log = logging.getLogger("bot.timers")

#: Seconds the loop waits after Redis or a pass failed.
RETRY_SECONDS = 1.0


async def run_timers(service: TableService, stop: asyncio.Event, idle: float = 0.5) -> None:
    """Fire due timers until ``stop`` is set."""
    while not stop.is_set():
        pause = idle
        try:
            pause = _pause(await service.fire_due(), service.clock(), idle)
        except Unavailable:
            log.warning("event=timers-redis-unavailable")
            pause = RETRY_SECONDS
        except Exception:
            log.exception("event=timers-failed")
            pause = RETRY_SECONDS
        if pause <= 0:
            # Let the frontends' queued work run between full batches.
            await asyncio.sleep(0)
            continue
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), pause)


def _pause(fired: Fired, now: float, idle: float) -> float:
    if fired.next_at is None:
        return idle
    return min(idle, max(0.0, fired.next_at - now))
