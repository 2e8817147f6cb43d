"""The loop that fires due timers (reminders, deadlines, bot moves, vote expiry).

Every worker may run it: timers live in Redis and each is leased to one
worker at a time, so running several loops is safe and a restart loses none.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.core.errors import Unavailable
from bot.core.service import TableService

log = logging.getLogger("bot.timers")


async def run_timers(service: TableService, stop: asyncio.Event, interval: float = 0.5) -> None:
    """Fire due timers every ``interval`` seconds until ``stop`` is set."""
    while not stop.is_set():
        try:
            await service.run_due()
        except Unavailable:
            log.warning("event=timers-redis-unavailable")
        except Exception:
            log.exception("event=timers-failed")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), interval)
