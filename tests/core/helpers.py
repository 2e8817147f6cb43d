"""Helpers for table-service tests: players, a started Klac table, playing moves."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

from bot.core.service import BOT_DELAY_SECONDS, Change, PlayerInfo, TableService
from bot.core.service.base import bots_to_act
from bot.core.tables import Status, Table
from games import registry
from games.core.menu import build_menu
from games.core.protocol import Action
from tests.conftest import FakeClock

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


async def put_state(service: TableService, table_id: str, state: Any) -> tuple[Table, Any]:
    """Store ``state`` as the table's game state (a position set up by a test)."""
    table, _ = await service.get(table_id)
    expected = table.version
    table.version += 1
    text = registry.get(table.game).dumps(state)
    assert await service.store.save(table, text, expected=expected)
    return await service.get(table_id)


async def curling_table_at(service: TableService, position: Any) -> tuple[Table, Any]:
    """A started two-end Curling table of Alice and Bob at ``position``."""
    table = await service.create("tg:-100", ALICE, "curling", {"ends": 2})
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE.key)
    return await put_state(service, table.id, position)


async def computers_move(
    service: TableService,
    clock: FakeClock,
    table_id: str,
    settle: Callable[[], Awaitable[None]] | None = None,
) -> None:
    """Let the computer seats make their moves, one pause at a time, waiting
    out a group's break after a round (``settle``: wait for a frontend to
    show each). Alone with computers, a round's end waits for the person."""
    for _ in range(50):
        table, _ = await service.get(table_id)
        if table.status != Status.PLAYING:
            return
        clock.advance(max(BOT_DELAY_SECONDS, (table.break_until or 0.0) - clock()))
        if await service.run_due() == 0:
            return
        if settle is not None:
            await settle()


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


def menu_path(table: Table, state: Any, seat: int, action: Action) -> tuple[int, ...]:
    """The menu path that leads ``seat`` to ``action``."""
    game = registry.get(table.game)
    path: tuple[int, ...] = ()
    for step in game.choice_path(state, seat, action):
        menu = build_menu(game, state, seat, path)
        path = (*path, [c.key for c in menu.options].index(step.key))
    return path


async def play_to_a_count(
    service: TableService,
    table_id: str,
    seed: int,
    clock: FakeClock | None = None,
    *,
    computer_next: bool = False,
) -> Change:
    """Random moves by the people, the computers' by their timers (on
    ``clock``), until a move ends a round; that move's change. With
    ``computer_next``, only a round after which a computer opens the next."""
    rng = random.Random(seed)
    heard = record(service)
    for _ in range(3000):
        table, state = await service.get(table_id)
        assert table.status == Status.PLAYING, "the game ended before such a round"
        game = registry.get(table.game)
        counted = heard and heard[-1].summary is not None
        if counted and (not computer_next or bots_to_act(table, game, state)):
            return heard[-1]
        people = [s for s in game.to_move(state) if not table.players[s].bot]
        if people:
            seat = people[0]
            action = rng.choice(game.legal_actions(state, seat))
            await service.play(table.id, table.players[seat].key, table.state_version, action)
            continue
        assert clock is not None, "a computer is to move"
        before = table.state_version
        clock.advance(BOT_DELAY_SECONDS)
        await service.run_due()
        if (await service.get(table_id))[0].state_version == before:
            # A round's break holds the computers: the change before it ended one.
            return next(c for c in reversed(heard) if c.summary is not None)
    raise AssertionError("no round ended")
