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


async def test_a_restarted_worker_takes_back_its_killed_predecessors_leases(store: Store) -> None:
    def worker(name: str | None) -> PendingScreens:
        return PendingScreens(Store(store.redis, prefix=store.prefix, worker=name), "tg")

    killed, restarted, other, unnamed = worker("w1"), worker("w1"), worker("w2"), worker(None)
    token = await killed.lease("T1", "tg:table")
    assert token is not None
    # Nobody else may draw the screen meanwhile, nor the same process twice.
    assert await other.lease("T1", "tg:table") is None
    assert await unnamed.lease("T1", "tg:table") is None
    assert await killed.lease("T1", "tg:table") is None
    # The worker started again under its name takes it back at once …
    taken = await restarted.lease("T1", "tg:table")
    assert taken is not None and taken != token
    # … and the old token frees nothing.
    await killed.release("T1", "tg:table", token)
    assert await other.lease("T1", "tg:table") is None
    # In a pipeline too.
    async with store.redis.pipeline(transaction=False) as pipe:
        again = worker("w1").lease_in(pipe, "T1", "tg:table")
        (ok,) = await pipe.execute()
    assert ok and again.startswith("w1:")
    # Without a name, leases wait out their time as before.
    first = await unnamed.lease("T2", "tg:table")
    assert first is not None and await worker(None).lease("T2", "tg:table") is None
