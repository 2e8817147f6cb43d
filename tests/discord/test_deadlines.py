"""Turn deadlines, reminders, votes and the stand-in in a Discord channel: the same core
timers as Telegram, told with mentions and buttons on the table message."""

from __future__ import annotations

import random
from typing import Any

from bot.core.service import BOT_DELAY_SECONDS
from games import registry
from games.core.menu import movers
from tests.discord.conftest import ANYA, BORIS, CHANNEL, VIKA, Server, option
from tests.discord.test_games import Players, items, open_table


def button(buttons: list[dict[str, Any]], label: str) -> str:
    return next(b["custom_id"] for b in buttons if label in b["label"])


async def test_reminder_timeout_and_voting_an_absent_player_out(server: Server) -> None:
    users = [ANYA, BORIS, VIKA]
    record = await server.command(
        "play", option("game", "klac"), option("turn_time", 30), option("on_timeout", "none"),
        user=ANYA,
    )  # fmt: skip
    lobby = server.channel()[-1]
    assert "Время на ход: 30 с" in lobby.content and "только напоминание" in lobby.content
    assert server.told(record)
    join = next(c for c in lobby.custom_ids if c.endswith(":j"))
    for user in users[1:]:
        await server.press(lobby, join, user=user)
    start = next(c for c in lobby.custom_ids if c.endswith(":s"))
    await server.press(server.fake.message(CHANNEL, lobby.id), start, user=ANYA)
    table = await server.service.table_in(f"dc:{CHANNEL}")
    assert table is not None
    table_id = table.id
    _, state = await server.service.get(table_id)
    seat = movers(registry.get("klac"), state)[0]
    late = users[seat]

    server.clock.advance(23)
    await server.service.run_due()
    await server.settle()
    reminder = server.channel()[-1]
    assert f"<@{late}>" in reminder.content and "⏰" in reminder.content
    assert any(c.startswith("H:") for c in reminder.custom_ids)

    server.clock.advance(7)
    await server.service.run_due()
    await server.settle()
    texts = [m.content for m in server.channel()]
    assert any("вышло время" in t for t in texts), texts
    players = Players(server, table_id, users, random.Random(0))
    table_message = await players.table_message()
    remove = button(items(table_message, 2), "🗳 Отдать боту место")
    voters = [u for u in users if u != late]
    await server.press(table_message, remove, user=voters[0])
    table_message = await players.table_message()
    record = await server.press(table_message, button(items(table_message, 2), "👍"),
                                user=voters[1])  # fmt: skip
    assert server.told(record) == []
    assert any("дальше на этом месте играет бот" in m.content for m in server.channel())
    server.clock.advance(BOT_DELAY_SECONDS)
    await server.service.run_due()
    await server.settle()
    after, _ = await server.service.get(table_id)
    assert after.players[seat].bot and after.state_version == 2


async def test_a_timed_out_turn_is_played_by_the_stand_in(server: Server) -> None:
    users = [ANYA, BORIS]
    table_id = await open_table(server, "caravan", users, "turn_seconds=30 on_timeout=auto")
    before, state = await server.service.get(table_id)
    server.clock.advance(31)
    await server.service.run_due()
    await server.settle()
    after, _ = await server.service.get(table_id)
    assert after.state_version == before.state_version + 1
    name = before.players[movers(registry.get("caravan"), state)[0]].name
    told = [m.content for m in server.channel()]
    assert f"⏰ У игрока {name} вышло время: ход сделал бот." in told, told
