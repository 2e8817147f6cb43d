"""The Redis store against a real server."""

from __future__ import annotations

from redis.asyncio import Redis

from bot.core.store import Store
from bot.core.tables import Player, Status, Table


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
    keys = sorted([k async for k in redis.scan_iter(match=f"{store.prefix}*HashTag1*")])
    assert len(keys) == 3
    # Redis Cluster hashes only the part inside the first braces.
    assert {k[k.index("{") : k.index("}") + 1] for k in keys} == {"{t:HashTag1}"}


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


async def test_due_timers_are_leased_once(store: Store) -> None:
    await store.schedule("t1t1t1t1", "turn", 100.0)
    await store.schedule("t2t2t2t2", "turn", 300.0)
    first = await store.claim_due(150.0, lease=30.0)
    assert [(d.table_id, d.kind) for d in first] == [("t1t1t1t1", "turn")]
    assert await store.claim_due(160.0) == [], "a leased timer is not handed out twice"
    again = await store.claim_due(190.0)
    assert [d.table_id for d in again] == ["t1t1t1t1"], "an expired lease is handed out again"
    await store.done_due(again[0])
    assert await store.due_at("t1t1t1t1", "turn") is None


async def test_done_keeps_a_timer_rescheduled_meanwhile(store: Store) -> None:
    await store.schedule("t1t1t1t1", "turn", 100.0)
    (due,) = await store.claim_due(150.0)
    await store.schedule("t1t1t1t1", "turn", 500.0)
    await store.done_due(due)
    assert await store.due_at("t1t1t1t1", "turn") == 500.0


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
