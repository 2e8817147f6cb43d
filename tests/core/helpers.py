"""Helpers for table-service tests: players, a started Klac table, playing moves."""

from __future__ import annotations

from typing import Any

from bot.core.service import Change, PlayerInfo, TableService
from bot.core.tables import Table
from games import registry

ALICE = PlayerInfo("tg:1", "Алиса")
BOB = PlayerInfo("tg:2", "Bob")
CAROL = PlayerInfo("tg:3", "Carol")
DAN = PlayerInfo("tg:4", "Дэн")
PLAYERS = [ALICE, BOB, CAROL, DAN]


async def started_table(
    service: TableService, seats: int = 3, chat: str = "tg:-100", **options: Any
) -> tuple[Table, Any]:
    """A Klac table in ``chat`` with ``seats`` players, started by its creator."""
    table = await service.create(chat, ALICE, "klac", options or None)
    for player in PLAYERS[1:seats]:
        await service.join(table.id, player)
    await service.start(table.id, ALICE.key)
    return await service.get(table.id)


def player_to_move(table: Table, state: Any) -> tuple[int, PlayerInfo]:
    """The seat to move and its player."""
    seat = registry.get(table.game).to_move(state)[0]
    return seat, next(p for p in PLAYERS if p.key == table.players[seat].key)


async def play_first_legal(service: TableService, table: Table, state: Any) -> tuple[Table, Any]:
    """The player to move plays their first legal action."""
    seat, player = player_to_move(table, state)
    action = registry.get(table.game).legal_actions(state, seat)[0]
    return await service.play(table.id, player.key, table.state_version, action)


def record(service: TableService) -> list[Change]:
    """Every change ``service`` publishes from now on, in order."""
    heard: list[Change] = []

    async def listener(change: Change) -> None:
        heard.append(change)

    service.subscribe(listener)
    return heard
