"""Tables and timers written before sharding are moved on start, TTLs kept."""

from __future__ import annotations

from bot.core.migrate import move_tables_to_shards
from bot.core.redis_client import RedisClient
from bot.core.service import TableService
from bot.core.store import Store
from tests.core.helpers import play_first_legal, started_table


async def test_a_game_of_the_old_layout_goes_on_after_the_move(
    service: TableService, store: Store, redis: RedisClient
) -> None:
    table, state = await started_table(service, turn_seconds=60)
    table, state = await play_first_legal(service, table, state)
    log = await store.action_log(table.id)
    new = store.table_key(table.id)
    old = f"{store.prefix}{{t:{table.id}}}"
    # The layout before shards, as an earlier version of the bot left it.
    for suffix in ("", ":log"):
        await redis.restore(old + suffix, 0, await redis.dump(new + suffix))
        await redis.expire(old + suffix, 1000)
        await redis.delete(new + suffix)
    due = await store.due_at(table.id, "turn")
    assert due is not None
    await store.set_timers(table.id, table.version, {"turn": None})
    await redis.zadd(f"{store.prefix}due", {f"{table.id}|turn": due})
    await redis.set(f"{old}:lease:tg:table", "x", ex=5)

    assert await move_tables_to_shards(store) == 1
    assert await move_tables_to_shards(store) == 0, "done once, then skipped"
    assert 990 <= await store.ttl(table.id) <= 1000
    assert await store.due_at(table.id, "turn") == due
    assert not await redis.exists(old, f"{old}:log", f"{old}:lease:tg:table")
    assert not await redis.exists(f"{store.prefix}due")
    assert await store.action_log(table.id) == log
    moved, state = await service.get(table.id)
    assert moved.state_version == table.state_version
    after, _ = await play_first_legal(service, moved, state)
    assert after.state_version == table.state_version + 1
