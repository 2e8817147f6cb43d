"""The background loop fires due timers by itself and stops when told."""

from __future__ import annotations

import asyncio

from bot.core.service import TableService
from bot.core.timers import run_timers
from tests.conftest import FakeClock
from tests.core.helpers import started_table


async def test_loop_fires_a_due_deadline_and_stops(service: TableService, clock: FakeClock) -> None:
    table, _ = await started_table(service, turn_seconds=30, on_timeout="auto")
    clock.advance(31)
    stop = asyncio.Event()
    loop = asyncio.create_task(run_timers(service, stop, interval=0.01))
    for _ in range(200):
        if (await service.get(table.id))[0].state_version > table.state_version:
            break
        await asyncio.sleep(0.01)
    stop.set()
    await asyncio.wait_for(loop, 2)
    assert (await service.get(table.id))[0].state_version == table.state_version + 1
