"""Pending screens: a mark left for later never hides a newer mark of the same screen."""

from __future__ import annotations

from bot.core.pending import PendingScreens
from bot.core.store import Store
from tests.conftest import FakeClock


async def test_putting_off_a_mark_leaves_a_newer_one_be(store: Store, clock: FakeClock) -> None:
    pending = PendingScreens(store, "tg", clock=clock)
    (old,) = await pending.mark([("T1", "tg:hand:2")])
    # A newer change needs the screen now and marks it again …
    clock.advance(1)
    await pending.mark([("T1", "tg:hand:2")])
    # … before the older change, done with it, leaves its picture for a minute.
    async with store.redis.pipeline(transaction=False) as pipe:
        pending.defer_in(pipe, old, clock() + 60)
        (deferred,) = await pipe.execute()
    assert deferred == 0
    # A worker that died with the newer call queued: its mark lapses as usual.
    clock.advance(10)
    assert [m.ref for m in await pending.claim()] == ["tg:hand:2"]


async def test_a_mark_nobody_renewed_is_put_off(store: Store, clock: FakeClock) -> None:
    pending = PendingScreens(store, "tg", clock=clock)
    (mark,) = await pending.mark([("T1", "tg:hand:2")])
    async with store.redis.pipeline(transaction=False) as pipe:
        pending.defer_in(pipe, mark, clock() + 60)
        (deferred,) = await pipe.execute()
    assert deferred == 1
    clock.advance(30)
    assert await pending.claim() == []
    clock.advance(31)
    assert [m.ref for m in await pending.claim()] == ["tg:hand:2"]
