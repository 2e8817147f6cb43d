"""The move pipeline: seats, turns, versions, legality, concurrency, restarts."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from bot.core.errors import BadRequest, NotSeated, NotYourButton, StaleVersion, WrongPhase
from bot.core.redis_client import connect
from bot.core.service import TableService
from bot.core.store import Store
from bot.core.tables import Status
from bot.core.tokens import MoveToken
from games import IllegalAction, registry
from games.core.errors import MalformedAction, NotYourTurn
from tests.conftest import ON_CLUSTER, FakeClock
from tests.core.helpers import (
    ALICE,
    BOB,
    CAROL,
    menu_path,
    play_first_legal,
    player_to_move,
    started_table,
)

KLAC = registry.get("klac")


async def test_a_legal_move_is_applied_and_bumps_the_state_version(service: TableService) -> None:
    table, state = await started_table(service)
    seat, _ = player_to_move(table, state)
    table2, state2 = await play_first_legal(service, table, state)
    assert table2.state_version == table.state_version + 1
    assert len(state2.hands[seat]) == 3 and state2.deck == state.deck[:-1]
    assert table2.events and table2.events[0]["kind"] == "play"
    assert "card" not in [k for e in table2.events if e["kind"] == "draw" for k in e]


async def test_refusals_change_nothing(service: TableService, store: Store) -> None:
    table, state = await started_table(service)
    seat, player = player_to_move(table, state)
    other = next(p for p in (ALICE, BOB, CAROL) if p.key != player.key)
    before = await store.load(table.id)
    legal = KLAC.legal_actions(state, seat)
    with pytest.raises(NotSeated):
        await service.play(table.id, "tg:999", table.state_version, legal[0])
    with pytest.raises(NotYourTurn):
        await service.play(table.id, other.key, table.state_version, legal[0])
    with pytest.raises(StaleVersion):
        await service.play(table.id, player.key, table.state_version - 1, legal[0])
    not_held = next(c for c in ("B1", "O2", "G3", "B4") if c not in state.hands[seat])
    with pytest.raises(IllegalAction):
        await service.play(table.id, player.key, table.state_version, ("extend", not_held, 0))
    for forged in ([], ["extend"], ["extend", "B1", "0"], [True], "extend", None, [["x"]]):
        with pytest.raises(MalformedAction):
            await service.play(table.id, player.key, table.state_version, forged)  # type: ignore[arg-type]
    assert await store.load(table.id) == before
    assert await store.action_log(table.id) == []


async def test_twenty_concurrent_moves_on_one_version_apply_exactly_once(
    service: TableService, store: Store
) -> None:
    table, state = await started_table(service)
    seat, player = player_to_move(table, state)
    legal = KLAC.legal_actions(state, seat)
    attempts = [legal[i % len(legal)] for i in range(20)]
    results = await asyncio.gather(
        *(service.play(table.id, player.key, table.state_version, a) for a in attempts),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1
    assert all(isinstance(r, StaleVersion | NotYourTurn) for r in refused)
    after, _ = await service.get(table.id)
    assert after.state_version == table.state_version + 1
    assert len(await store.action_log(table.id)) == 1


async def test_concurrent_presses_by_two_players_on_one_version(service: TableService) -> None:
    table, state = await started_table(service, seats=2)
    seat, player = player_to_move(table, state)
    action = KLAC.legal_actions(state, seat)[0]
    path = menu_path(table, state, seat, action)
    token = MoveToken(table.id, table.state_version, seat, path).encode()
    other = BOB if player.key == ALICE.key else ALICE
    results = await asyncio.gather(
        service.press(player, token),
        service.press(player, token),
        service.press(other, token),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert isinstance(results[2], NotYourButton)


async def test_press_navigates_then_commits(service: TableService) -> None:
    table, state = await started_table(service, seats=2)
    seat, player = player_to_move(table, state)
    first = await service.press(
        player, MoveToken(table.id, table.state_version, seat, (0,)).encode()
    )
    assert first.path == (0,) and first.table.state_version == table.state_version
    action = KLAC.legal_actions(state, seat)[0]
    done = await service.press(
        player,
        MoveToken(
            table.id, table.state_version, seat, menu_path(table, state, seat, action)
        ).encode(),
    )
    assert done.path is None and done.table.state_version == table.state_version + 1
    with pytest.raises(StaleVersion):
        await service.press(player, MoveToken(table.id, table.state_version, seat, (0,)).encode())


async def test_forged_tokens_are_refused(service: TableService) -> None:
    table, state = await started_table(service, seats=2)
    seat, player = player_to_move(table, state)
    for token in ("garbage", f"m:{table.id}:1:{seat}:9.9.9", f"l:{table.id}:o99"):
        with pytest.raises((BadRequest, StaleVersion)):
            await service.press(player, token)
    with pytest.raises(BadRequest):
        await service.press(player, f"l:{table.id}:s", chat="tg:-other")
    # A move button of this table pressed in another chat (forwarded, or forged).
    action = KLAC.legal_actions(state, seat)[0]
    move = MoveToken(table.id, table.state_version, seat, menu_path(table, state, seat, action))
    with pytest.raises(BadRequest):
        await service.press(player, move.encode(), chat="tg:-other")
    assert (await service.get(table.id))[0].version == table.version


async def test_a_whole_game_to_the_end_updates_stats_and_frees_the_chat(
    service: TableService, store: Store
) -> None:
    table, state = await started_table(service, seats=3, target=50)
    rng = random.Random(5)
    moves = 0
    while table.status == Status.PLAYING:
        seat, player = player_to_move(table, state)
        action = rng.choice(KLAC.legal_actions(state, seat))
        table, state = await service.play(table.id, player.key, table.state_version, action)
        moves += 1
        assert moves < 5000
    assert table.status == Status.FINISHED
    assert table.result is not None and table.result["winners"]
    assert await service.table_in("tg:-100") is None
    assert await service.tables_of(ALICE.key) == []
    winners = {table.players[w].key for w in table.result["winners"]}
    for player in (ALICE, BOB, CAROL):
        stats = await service.stats(player.key)
        assert stats["klac"]["played"] == 1
        assert stats["klac"]["won"] == (1 if player.key in winners else 0)
    assert 0 < await store.ttl(table.id) <= store.finished_ttl
    with pytest.raises(WrongPhase):
        await service.play(table.id, ALICE.key, table.state_version, ("extend", "B1", 0))
    # The action log replays the whole game from the seed.
    replay = KLAC.new_game(3, table.options, table.seed)
    for entry in await store.action_log(table.id):
        seat_text, action_text = entry.split(" ", 1)
        replay = KLAC.apply(replay, int(seat_text), json.loads(action_text))
    assert KLAC.dumps(replay) == KLAC.dumps(state)


async def test_restart_mid_game_resumes_from_redis(
    service: TableService, redis_url: str, prefix: str, clock: FakeClock
) -> None:
    table, state = await started_table(service)
    table, state = await play_first_legal(service, table, state)
    fresh_redis = connect(redis_url, cluster=ON_CLUSTER)
    try:
        restarted = TableService(Store(fresh_redis, prefix=prefix), clock=clock)
        table2, state2 = await restarted.get(table.id)
        assert KLAC.dumps(state2) == KLAC.dumps(state)
        table3, _ = await play_first_legal(restarted, table2, state2)
        assert table3.state_version == table.state_version + 1
    finally:
        await fresh_redis.aclose()
