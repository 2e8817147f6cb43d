"""Moving data written by an earlier version of the bot to today's key layout.

Before tables were sharded, a table's keys were ``P{t:ID}``, ``P{t:ID}:log``
and ``P{t:ID}:refs``, and every timer sat in one sorted set, ``Pdue``. On
start, a worker moves what it finds to ``P{s:S}:t:ID…`` and the shard timer
sets (``bot.core.store``), keeping each key's TTL, and then records that the
move is done so later starts skip the scan. Running it on several workers at
once is safe: a key is restored only where nothing is yet, and removed after.
"""

from __future__ import annotations

import logging
from typing import cast

from redis.exceptions import ResponseError

from bot.core.store import Store, shard_of

log = logging.getLogger("bot.core")

#: The marker that the move to shards is done (kept).
DONE_KEY = "migrated:shards"


async def move_tables_to_shards(store: Store) -> int:
    """Move tables and timers of the layout before shards; how many tables moved."""
    redis = store.redis
    if await redis.exists(store.prefix + DONE_KEY):
        return 0
    moved = 0
    async for key in redis.scan_iter(match=f"{store.prefix}{{t:*", count=1000):
        table_id, _, suffix = key[len(store.prefix) + 3 :].partition("}")
        if suffix.startswith(":lease:"):
            # A lease only lives seconds; the screen is drawn again anyway.
            await redis.delete(key)
            continue
        data = await redis.dump(key)
        ttl = await redis.pttl(key)
        if data is not None:
            try:
                await redis.restore(store.table_key(table_id) + suffix, max(ttl, 0), data)
            except ResponseError as exc:
                if "BUSYKEY" not in str(exc):
                    raise
            moved += suffix == ""
        await redis.delete(key)
    old_due = f"{store.prefix}due"
    timers = cast(list[tuple[str, float]], await redis.zrange(old_due, 0, -1, withscores=True))
    for member, when in timers:
        table_id = member.partition("|")[0]
        await redis.zadd(store.due_key(shard_of(table_id)), {member: when}, nx=True)
    await redis.delete(old_due)
    await redis.set(store.prefix + DONE_KEY, "1")
    if moved:
        log.info("event=tables-moved-to-shards tables=%d timers=%d", moved, len(timers))
    return moved
