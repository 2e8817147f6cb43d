"""Redis round trips of a press and of a timer: the load (with the press count) and one save."""

from __future__ import annotations

from typing import Any

from bench.common import RoundTrips
from bot.core.pacing import PressLimit, PressLimiter
from bot.core.service import PlayerInfo, TableService
from bot.core.store import Store
from bot.core.tables import Table
from bot.core.tokens import MoveToken
from games import registry
from tests.conftest import ON_CLUSTER, FakeClock
from tests.core.helpers import menu_path, player_to_move, started_table


def first_move(table: Table, state: Any) -> tuple[PlayerInfo, str]:
    seat, player = player_to_move(table, state)
    action = registry.get(table.game).legal_actions(state, seat)[0]
    path = menu_path(table, state, seat, action)
    return player, MoveToken(table.id, table.state_version, seat, path).encode()


async def connect_every_node(store: Store) -> None:
    """On a cluster, a connection to every node: which nodes a press touches
    depends on the slots of its keys (the table's, the presser's press count),
    and a first connection's handshake would be counted as round trips."""
    if ON_CLUSTER:
        for node in store.redis.get_nodes():  # type: ignore[union-attr]
            await store.redis.execute_command("PING", target_nodes=node)


async def test_a_move_press_costs_two_round_trips(store: Store, clock: FakeClock) -> None:
    limiter = PressLimiter(store.redis, PressLimit(), prefix=store.prefix, clock=clock)
    service = TableService(store, clock=clock, presses=limiter)
    table, state = await started_table(service, turn_seconds=60)
    # The first press opens the connections (on a cluster, one per node).
    outcome = await service.press(*first_move(table, state))
    await connect_every_node(store)
    with RoundTrips().installed() as trips:
        moved = await service.press(*first_move(outcome.table, outcome.state))
    assert moved.table.state_version == table.state_version + 2
    # A cluster client sends each node its share of a pipeline.
    assert trips.count <= (4 if ON_CLUSTER else 2)
    assert await store.due_at(table.id, "turn") == clock() + 45, "the reminder moved along"


async def test_a_reminder_costs_four_round_trips(
    store: Store, service: TableService, clock: FakeClock
) -> None:
    await started_table(service, chat="tg:-1", turn_seconds=60)
    clock.advance(10)
    await started_table(service, chat="tg:-2", turn_seconds=60)
    clock.advance(36)
    assert await service.run_due() == 1, "the first reminder opens the connections"
    await connect_every_node(store)
    clock.advance(10)
    with RoundTrips().installed() as trips:
        assert await service.run_due() == 1
    # The claim, the load, the save, and dropping the fired timer.
    assert trips.count <= (8 if ON_CLUSTER else 4)
