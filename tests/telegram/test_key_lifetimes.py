"""Every key a game leaves in Redis ends with its table, or is kept on purpose
(documented in ``bot.core.store``)."""

from __future__ import annotations

import re

from bot.core.tables import Status
from tests.telegram.conftest import BORIS, GROUP, VIKA, Harness, quick_game
from tests.telegram.test_failures import move

#: Keys without a TTL by design, as the store's docstring explains (ratings and
#: leaderboards: ``bot.core.ratings``).
KEPT = re.compile(
    r"^(stats|lang|flag|deck:saved):|^\{s:\d+\}:due$|^pending:tg$|^migrated:"
    r"|^\{r:[a-z]+\}:(ratings|names|chat:.+)$"
)


async def lifetimes(h: Harness) -> dict[str, int]:
    prefix = h.store.prefix
    keys = [k async for k in h.store.redis.scan_iter(match=f"{prefix}*", count=500)]
    return {k.removeprefix(prefix): await h.store.redis.ttl(k) for k in keys}


def forever(keys: dict[str, int]) -> list[str]:
    """The keys of :func:`lifetimes` that would stay for ever though not kept on purpose."""
    return sorted(k for k, ttl in keys.items() if ttl == -1 and not KEPT.search(k))


async def test_every_key_ends_with_its_table_or_is_kept_on_purpose(h: Harness) -> None:
    table_id = await quick_game(h)
    for _ in range(3):
        await move(h, table_id)
    await h.say(BORIS, GROUP, "/stop")
    table_msg = [m for m in h.fake.messages(GROUP) if m.photo is not None][-1]
    await h.press(VIKA, GROUP, table_msg.message_id, table_msg.button_data("👍 Да"))
    table, _ = await h.service.get(table_id)
    assert table.status == Status.ABORTED
    keys = await lifetimes(h)
    table_key = h.store.table_key(table_id).removeprefix(h.store.prefix)
    table_ttl = keys[table_key]
    assert 0 < table_ttl <= h.store.finished_ttl
    assert forever(keys) == [], "keys that would stay for ever"
    outliving = sorted(
        k for k, ttl in keys.items() if k.startswith(table_key) and ttl > table_ttl + 1
    )
    assert outliving == [], "per-table keys that outlive the table"
    assert f"chat:tg:{GROUP}" not in keys, "the chat is free again"
