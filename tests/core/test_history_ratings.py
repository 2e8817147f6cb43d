"""Finished games are kept for their chat, and rated once, people against people."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from bot.core.history import KEEP_PER_CHAT, KEEP_SECONDS
from bot.core.ratings import ranks
from bot.core.service import TableService
from bot.core.store import Store
from bot.core.tables import Status, Table
from games import registry
from tests.conftest import FakeClock
from tests.core.helpers import ALICE, BOB, CAROL, player_to_move, started_table

KLAC = registry.get("klac")


async def play_to_the_last_move(service: TableService, table: Table, state: Any, seed: int) -> Any:
    """Random legal moves until one more would end the game; the table and state then."""
    rng = random.Random(seed)
    while True:
        seat, player = player_to_move(table, state)
        action = rng.choice(KLAC.legal_actions(state, seat))
        if KLAC.is_over(KLAC.apply(state, seat, action)):
            return table, state, player, action
        table, state = await service.play(table.id, player.key, table.state_version, action)


async def finished(service: TableService, chat: str = "tg:-100", seed: int = 5) -> Table:
    table, state = await started_table(service, seats=3, chat=chat, target=50)
    table, state, player, action = await play_to_the_last_move(service, table, state, seed)
    table, _ = await service.play(table.id, player.key, table.state_version, action)
    assert table.status == Status.FINISHED
    return table


async def test_a_finished_game_is_kept_with_everything_to_replay_it(
    service: TableService, store: Store, clock: FakeClock
) -> None:
    table = await finished(service)
    (kept,) = await service.history.recent("tg:-100")
    assert (kept.id, kept.game, kept.result) == (table.id, "klac", table.result)
    assert [p.name for p in kept.players] == [ALICE.name, BOB.name, CAROL.name]
    assert kept.finished_at == clock()
    state = KLAC.new_game(3, kept.options, kept.seed)
    for entry in kept.log:
        seat, action = entry.split(" ", 1)
        state = KLAC.apply(state, int(seat), json.loads(action))
    assert KLAC.is_over(state) and KLAC.result(state) == table.result
    key = f"{store.prefix}{{h:tg:-100}}:game:{table.id}"
    assert KEEP_SECONDS - 5 <= await store.redis.ttl(key) <= KEEP_SECONDS
    assert await service.history.get("tg:-100", table.id) == kept
    assert await service.history.recent("tg:-200") == []


async def test_a_chat_keeps_its_last_games_newest_first(service: TableService) -> None:
    history = service.history
    table = await finished(service)
    for n in range(KEEP_PER_CHAT + 2):
        table.id = f"t{n:07d}"
        assert await history.record(table, service.clock() + n)
    assert not await history.record(table, service.clock() + 99), "a game is kept once"
    recent = await history.recent("tg:-100", 3)
    assert [entry.id for entry in recent] == [f"t{n:07d}" for n in (51, 50, 49)]
    assert len(await history.recent("tg:-100", 100)) == KEEP_PER_CHAT
    await history.forget_chat("tg:-100")
    assert await history.recent("tg:-100") == []


def test_places_put_the_winners_first_then_the_scores() -> None:
    assert ranks({"winners": [2], "scores": [40, 10, 55]}, 3) == [2.0, 3.0, 1.0]
    assert ranks({"winners": [0, 1], "scores": [3, 3]}, 2) == [1.0, 1.0]
    assert ranks({"winners": [1], "scores": [1, 2, 1]}, 3) == [2.0, 1.0, 2.0]


async def test_a_game_between_people_is_rated_once_and_shown_on_the_chat_board(
    store: Store, clock: FakeClock
) -> None:
    # Two workers race on the game's last move: one applies it and rates it.
    workers = [TableService(store, clock=clock) for _ in range(2)]
    table, state = await started_table(workers[0], seats=3, target=50)
    table, state, player, action = await play_to_the_last_move(workers[0], table, state, 7)
    results = await asyncio.gather(
        *(w.play(table.id, player.key, table.state_version, action) for w in workers),
        return_exceptions=True,
    )
    (done,) = [r for r in results if not isinstance(r, BaseException)]
    final = done[0]
    assert final.result is not None
    winner = final.players[final.result["winners"][0]].key
    ratings = workers[1].ratings
    for p in final.players:
        rating = await ratings.of("klac", p.key)
        assert rating is not None and rating.games == 1
        assert rating.sigma < 25 / 3, "one game makes the rating surer"
    top = await ratings.board("klac", "tg:-100")
    assert top[0].player == winner and top[0].rating.mu > 25
    assert [s.name for s in top] and {s.player for s in top} == {p.key for p in final.players}
    assert not await ratings.rate(final), "a table is rated once"
    await ratings.forget_player(["klac"], winner)
    assert await ratings.of("klac", winner) is None
    assert winner not in [s.player for s in await ratings.board("klac", "tg:-100")]


@pytest.mark.parametrize("with_computer", [True, False])
async def test_games_with_a_computer_and_stopped_games_are_not_rated(
    service: TableService, with_computer: bool
) -> None:
    if with_computer:
        table = await service.create("tg:-100", ALICE, "klac", {"target": 50})
        table = await service.add_computer(table.id, ALICE.key, "easy")
        table = await service.start(table.id, ALICE.key)
        table.status, table.result = Status.FINISHED, {"winners": [0], "scores": [50, 0]}
    else:
        table, _ = await started_table(service, seats=2)
        table.status = Status.ABORTED
    assert not await service.ratings.rate(table)
    assert await service.ratings.of("klac", ALICE.key) is None
