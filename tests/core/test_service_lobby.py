"""Lobby: create, join, leave, options, start; one active table per chat."""

from __future__ import annotations

import pytest

from bot.core.errors import ChatBusy, NotAllowed, NotSeated, ServiceError, WrongPhase
from bot.core.service import START_GRACE_SECONDS, Change, TableService
from bot.core.store import Store
from bot.core.tables import Status
from games import registry
from games.core.errors import InvalidOptions
from games.registry import UnknownGame
from tests.conftest import FakeClock
from tests.core.helpers import ALICE, BOB, CAROL, started_table


async def test_create_seats_the_creator_and_claims_the_chat(service: TableService) -> None:
    table = await service.create("tg:-100", ALICE, "klac")
    assert table.status == Status.LOBBY
    assert [p.key for p in table.players] == [ALICE.key]
    assert table.options == {"target": 150}
    assert (await service.table_in("tg:-100")).id == table.id  # type: ignore[union-attr]
    with pytest.raises(ChatBusy):
        await service.create("tg:-100", BOB, "klac")


async def test_topics_of_one_chat_hold_separate_tables(service: TableService) -> None:
    first = await service.create("tg:-100/7", ALICE, "klac")
    second = await service.create("tg:-100/8", BOB, "klac")
    assert first.id != second.id


async def test_a_player_may_sit_in_several_chats(service: TableService) -> None:
    a = await service.create("tg:-1", ALICE, "klac")
    b = await service.create("tg:-2", BOB, "klac")
    await service.join(b.id, ALICE)
    assert {t.id for t in await service.tables_of(ALICE.key)} == {a.id, b.id}


async def test_unknown_game_and_bad_options_are_refused(service: TableService) -> None:
    with pytest.raises(UnknownGame):
        await service.create("tg:-1", ALICE, "chess")
    with pytest.raises(InvalidOptions):
        await service.create("tg:-1", ALICE, "klac", {"target": 151})
    with pytest.raises(InvalidOptions):
        await service.create("tg:-1", ALICE, "klac", {"turn_seconds": 7})
    assert await service.table_in("tg:-1") is None


async def test_join_leave_and_limits(service: TableService) -> None:
    table = await service.create("tg:-100", ALICE, "klac")
    await service.join(table.id, BOB)
    with pytest.raises(ServiceError) as twice:
        await service.join(table.id, BOB)
    assert twice.value.code == "already-seated"
    for i in range(4):
        await service.join(table.id, type(BOB)(f"tg:{100 + i}", f"P{i}"))
    with pytest.raises(ServiceError) as full:
        await service.join(table.id, CAROL)
    assert full.value.code == "table-full"
    table = await service.leave(table.id, BOB.key)
    assert BOB.key not in [p.key for p in table.players]
    with pytest.raises(NotSeated):
        await service.leave(table.id, BOB.key)


async def test_creator_leaving_passes_the_host_role_and_empty_lobby_closes(
    service: TableService,
) -> None:
    table = await service.create("tg:-100", ALICE, "klac")
    await service.join(table.id, BOB)
    table = await service.leave(table.id, ALICE.key)
    assert table.creator == BOB.key
    table = await service.leave(table.id, BOB.key)
    assert table.status == Status.ABORTED
    assert await service.table_in("tg:-100") is None


async def test_options_are_changed_by_the_creator_only(service: TableService) -> None:
    table = await service.create("tg:-100", ALICE, "klac")
    await service.join(table.id, BOB)
    with pytest.raises(NotAllowed):
        await service.set_option(table.id, BOB.key, "target", 50)
    table = await service.set_option(table.id, ALICE.key, "target", 50)
    assert table.options["target"] == 50
    names = [spec.key for spec, _ in service.lobby_options(table)]
    assert names == [
        "target",
        "turn_seconds",
        "on_timeout",
        "hints",
        "pace",
        "round_break",
        "replay_hands",
    ]
    table = await service.cycle_option(table.id, ALICE.key, 0)
    assert table.options["target"] == 100
    table = await service.cycle_option(table.id, ALICE.key, 2)
    assert table.on_timeout == "bot"
    table = await service.set_option(table.id, ALICE.key, "turn_seconds", 0)
    assert table.turn_seconds == 0
    table = await service.cycle_option(table.id, ALICE.key, 3)
    assert table.hints == "off"
    table = await service.cycle_option(table.id, ALICE.key, 4)
    assert table.pace == "slow"
    table = await service.cycle_option(table.id, ALICE.key, 5)
    assert table.round_break == 15
    table = await service.cycle_option(table.id, ALICE.key, 6)
    assert table.replay_hands == "on"
    with pytest.raises(InvalidOptions):
        await service.set_option(table.id, ALICE.key, "pace", "instant")


async def test_hands_in_the_replay_are_offered_only_where_a_game_has_hands(
    service: TableService,
) -> None:
    offered = {}
    for game in registry.names():
        table = await service.create(f"tg:-{len(offered) + 200}", ALICE, game)
        offered[game] = "replay_hands" in [spec.key for spec, _ in service.lobby_options(table)]
    assert offered == {
        "caravan": True,
        "curling": False,
        "klac": True,
        "klotho": False,
        "krendzu": True,
    }


async def test_start_rules(service: TableService, clock: FakeClock) -> None:
    table = await service.create("tg:-100", ALICE, "klac")
    with pytest.raises(ServiceError) as alone:
        await service.start(table.id, ALICE.key)
    assert alone.value.code == "not-enough-players"
    await service.join(table.id, BOB)
    with pytest.raises(ServiceError) as early:
        await service.start(table.id, BOB.key)
    assert early.value.code == "start-too-soon"
    with pytest.raises(NotSeated):
        await service.start(table.id, CAROL.key)
    clock.advance(START_GRACE_SECONDS)
    table = await service.start(table.id, BOB.key)
    assert table.status == Status.PLAYING and table.state_version == 1
    with pytest.raises(WrongPhase):
        await service.join(table.id, CAROL)


async def test_cancel_by_creator_frees_the_chat(service: TableService) -> None:
    table = await service.create("tg:-100", ALICE, "klac")
    await service.join(table.id, BOB)
    with pytest.raises(NotAllowed):
        await service.cancel(table.id, BOB.key)
    await service.cancel(table.id, ALICE.key)
    assert await service.table_in("tg:-100") is None
    assert await service.tables_of(BOB.key) == []
    await service.create("tg:-100", BOB, "klac")


async def test_listeners_hear_every_saved_change(service: TableService) -> None:
    heard: list[Change] = []

    async def listener(change: Change) -> None:
        heard.append(change)

    service.subscribe(listener)
    table, state = await started_table(service, seats=2)
    assert [c.kind for c in heard] == ["lobby", "lobby", "start"]
    assert heard[-1].ping == [state.turn]
    assert heard[-1].table.version == table.version


async def test_a_failing_listener_does_not_undo_the_change(service: TableService) -> None:
    async def broken(change: Change) -> None:
        raise RuntimeError("frontend down")

    service.subscribe(broken)
    table = await service.create("tg:-100", ALICE, "klac")
    assert (await service.get(table.id))[0].status == Status.LOBBY


async def test_stale_chat_index_is_cleaned(service: TableService, store: Store) -> None:
    await store.claim_chat("tg:-9", "gone0000")
    assert await service.table_in("tg:-9") is None
    assert await store.chat_table("tg:-9") is None
