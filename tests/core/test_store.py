"""The Redis store against a real server."""

from __future__ import annotations

import asyncio
import secrets

from redis.asyncio import Redis

from bot.core.redis_client import CONNECTIONS, connect
from bot.core.store import SHARDS, Store, shard_of
from bot.core.tables import Player, Status, Table
from tests.conftest import ON_CLUSTER


def make_table(table_id: str = "tbl00001") -> Table:
    return Table(
        id=table_id,
        chat="tg:-100",
        game="klac",
        creator="tg:1",
        created_at=0.0,
        players=[Player("tg:1", "Аня")],
        version=1,
    )


async def test_create_then_compare_and_set(store: Store) -> None:
    table = make_table()
    assert await store.save(table, None, expected=None)
    assert not await store.save(table, None, expected=None), "creating twice must fail"
    table.version = 2
    assert await store.save(table, '{"x":1}', expected=1, log_entry="0 [1]")
    stale = make_table()
    stale.version = 2
    stale.players.append(Player("tg:2", "Bob"))
    assert not await store.save(stale, None, expected=1), "an old version must lose"
    loaded = await store.load(table.id)
    assert loaded is not None
    assert loaded[0].version == 2 and loaded[1] == '{"x":1}'
    assert [p.name for p in loaded[0].players] == ["Аня"]
    assert await store.action_log(table.id) == ["0 [1]"]


async def test_keys_share_one_hash_tag(store: Store, redis: Redis) -> None:
    table = make_table("HashTag1")
    await store.save(table, "{}", expected=None, log_entry="0 []")
    await store.set_ref(table.id, "tg:table", "42")
    await store.set_timers(table.id, table.version, {"turn": 100.0})
    keys = sorted([k async for k in redis.scan_iter(match=f"{store.prefix}*HashTag1*")])
    assert len(keys) == 3
    keys.append(store.due_key(shard_of(table.id)))
    assert await redis.zscore(keys[-1], "HashTag1|turn") == 100.0
    # Redis Cluster hashes only the part inside the first braces: the table's
    # keys and its shard's timers sit in one slot, for one script to write.
    assert {k[k.index("{") : k.index("}") + 1] for k in keys} == {f"{{s:{shard_of(table.id)}}}"}


async def test_ttl_depends_on_status(store: Store) -> None:
    table = make_table()
    await store.save(table, None, expected=None)
    assert store.finished_ttl < await store.ttl(table.id) <= store.active_ttl
    table.version, table.status = 2, Status.FINISHED
    await store.save(table, None, expected=1)
    assert 0 < await store.ttl(table.id) <= store.finished_ttl


async def test_message_references_end_with_their_table(store: Store, redis: Redis) -> None:
    table = make_table()
    await store.save(table, None, expected=None)
    await store.set_ref(table.id, "tg:table", "42")
    refs = f"{store.table_key(table.id)}:refs"
    assert store.finished_ttl < await redis.ttl(refs) <= store.active_ttl
    table.version, table.status = 2, Status.FINISHED
    await store.save(table, None, expected=1)
    assert 0 < await redis.ttl(refs) <= store.finished_ttl
    # A screen sent after the game ended (the final table) keeps to the table's day.
    await store.set_ref(table.id, "tg:hand:0", "43")
    assert 0 < await redis.ttl(refs) <= store.finished_ttl
    assert await store.get_ref(table.id, "tg:hand:0") == "43"


async def test_chat_index_is_exclusive_and_released_only_by_owner(store: Store) -> None:
    assert await store.claim_chat("tg:-5", "aaaa1111")
    assert not await store.claim_chat("tg:-5", "bbbb2222")
    await store.release_chat("tg:-5", "bbbb2222")
    assert await store.chat_table("tg:-5") == "aaaa1111"
    await store.release_chat("tg:-5", "aaaa1111")
    assert await store.chat_table("tg:-5") is None


async def test_player_index(store: Store) -> None:
    await store.add_player_table("tg:7", "t1t1t1t1")
    await store.add_player_table("tg:7", "t2t2t2t2")
    await store.remove_player_table("tg:7", "t1t1t1t1")
    assert await store.player_tables("tg:7") == ["t2t2t2t2"]


async def with_timer(store: Store, table_id: str, when: float) -> Table:
    table = make_table(table_id)
    assert await store.save(table, None, expected=None, timers={"turn": when})
    return table


async def test_due_timers_are_leased_once(store: Store) -> None:
    await with_timer(store, "t1t1t1t1", 100.0)
    await with_timer(store, "t2t2t2t2", 300.0)
    first = await store.claim_due(150.0, lease=30.0)
    assert [(d.table_id, d.kind) for d in first.due] == [("t1t1t1t1", "turn")]
    # The loop is next needed when the lease runs out, for another worker to take over.
    assert first.next_at == first.due[0].lease
    assert (await store.claim_due(160.0)).due == [], "a leased timer is not handed out twice"
    again = await store.claim_due(190.0)
    assert [d.table_id for d in again.due] == ["t1t1t1t1"], "an expired lease is handed out again"
    await store.done_due(again.due)
    assert await store.due_at("t1t1t1t1", "turn") is None
    assert (await store.claim_due(1000.0)).next_at is not None


async def test_done_keeps_a_timer_rescheduled_meanwhile(store: Store) -> None:
    table = await with_timer(store, "t1t1t1t1", 100.0)
    (due,) = (await store.claim_due(150.0)).due
    assert await store.set_timers(table.id, table.version, {"turn": 500.0})
    await store.done_due([due])
    assert await store.due_at("t1t1t1t1", "turn") == 500.0


async def test_timers_move_only_with_the_write_that_wins(store: Store) -> None:
    table = await with_timer(store, "t1t1t1t1", 100.0)
    table.version = 2
    assert await store.save(table, None, expected=1, timers={"turn": 200.0, "vote": 50.0})
    table.version = 3
    assert not await store.save(table, None, expected=1, timers={"turn": None}), "a stale write"
    assert await store.due_at(table.id, "turn") == 200.0
    assert not await store.set_timers(table.id, 1, {"turn": None}), "worked out from version 1"
    assert await store.due_at(table.id, "vote") == 50.0
    assert await store.set_timers(table.id, 2, {"vote": None})
    assert await store.due_at(table.id, "vote") is None


async def test_timers_are_spread_over_shards_and_claimed_in_batches(store: Store) -> None:
    ids = [f"tbl{n:05d}" for n in range(300)]
    for table_id in ids:
        await with_timer(store, table_id, 100.0)
    assert len({shard_of(table_id) for table_id in ids}) == SHARDS
    first = await store.claim_due(150.0, limit=4)
    assert len(first.due) == 4 * SHARDS, "up to the limit from every shard at once"
    assert first.next_at == 100.0, "more are due: the loop goes on at once"
    rest = await store.claim_due(150.0, limit=1000)
    assert sorted(d.table_id for d in first.due + rest.due) == ids


async def test_stats_and_languages(store: Store) -> None:
    await store.add_result("klac", ["tg:1", "tg:2"], ["tg:2"])
    await store.add_result("klac", ["tg:1", "tg:2"], ["tg:1"])
    assert await store.stats("tg:2") == {"klac": {"played": 2, "won": 1}}
    assert await store.stats("tg:9") == {}
    assert await store.get_lang("tg:chat:-100") is None
    await store.set_lang("tg:chat:-100", "en")
    assert await store.get_lang("tg:chat:-100") == "en"


async def test_flags(store: Store) -> None:
    assert not await store.flagged("tg:dm", "7")
    await store.flag("tg:dm", "7")
    assert await store.flagged("tg:dm", "7")
    await store.flag("tg:dm", "7", on=False)
    assert not await store.flagged("tg:dm", "7")


async def test_a_burst_beyond_the_connection_pool_waits_instead_of_failing(
    redis_url: str,
) -> None:
    redis = connect(redis_url, cluster=ON_CLUSTER)
    try:
        store = Store(redis, prefix=f"burst-{secrets.token_hex(3)}:")
        loads = await asyncio.gather(*(store.load(f"t{n}") for n in range(CONNECTIONS * 3)))
        assert loads == [None] * (CONNECTIONS * 3)
    finally:
        await redis.aclose()
