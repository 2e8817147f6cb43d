"""The background loop fires due timers by itself and stops when told."""

from __future__ import annotations

import asyncio

from redis.exceptions import ConnectionError as RedisConnectionError

from bot.core.service import Change, TableService
from bot.core.store import Store
from bot.core.tables import Table
from bot.core.timers import run_timers
from tests.conftest import FakeClock
from tests.core.helpers import started_table


async def test_loop_fires_a_due_deadline_and_stops(service: TableService, clock: FakeClock) -> None:
    table, _ = await started_table(service, turn_seconds=30, on_timeout="auto")
    clock.advance(31)
    stop = asyncio.Event()
    loop = asyncio.create_task(run_timers(service, stop, idle=0.01))
    for _ in range(200):
        if (await service.get(table.id))[0].state_version > table.state_version:
            break
        await asyncio.sleep(0.01)
    stop.set()
    await asyncio.wait_for(loop, 2)
    assert (await service.get(table.id))[0].state_version == table.state_version + 1


class FailingOnce(Store):
    """A store whose next table load fails as a connection dropped twice does."""

    failures = 0

    async def load(self, table_id: str) -> tuple[Table, str | None] | None:
        if self.failures:
            self.failures -= 1
            raise RedisConnectionError("connection dropped")
        return await super().load(table_id)


async def test_a_timer_that_met_a_redis_failure_fires_after_its_lease(
    store: Store, clock: FakeClock
) -> None:
    flaky = FailingOnce(store.redis, prefix=store.prefix)
    service = TableService(flaky, clock=clock)
    reminded = []

    async def listen(change: Change) -> None:
        if change.kind == "remind":
            reminded.append(change.table.id)

    service.subscribe(listen)
    table, _ = await started_table(service, turn_seconds=300)
    clock.advance(226)
    flaky.failures = 1
    assert await service.run_due() == 0
    assert await service.run_due() == 0, "leased: not handed out again at once"
    clock.advance(31)
    assert await service.run_due() == 1
    assert reminded == [table.id]
