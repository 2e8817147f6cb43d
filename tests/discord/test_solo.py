"""Playing against the computer in Discord: alone in a DM with the bot, from
/play to the result, only by pressing what the bot shows there."""

from __future__ import annotations

import random

from bot.core.tables import Status
from bot.discord import ids
from bot.discord.publisher import LOBBY_REF, TABLE_REF
from tests.core.helpers import computers_move
from tests.discord.conftest import ANYA, Server, option
from tests.discord.fake_discord_records import StoredMessage
from tests.discord.test_games import move_choices

DM = 1_200_000_000_000_000_500


def open_dm(server: Server) -> None:
    """Аня's DM with the bot exists (she writes to it there)."""
    server.fake.dms[ANYA] = DM
    server.fake.add_channel(DM)


def button(message: StoredMessage, label: str) -> str:
    """The custom id of the button labelled ``label`` on ``message``."""
    for row in message.components:
        for item in row["components"]:
            if item.get("label") == label:
                return str(item["custom_id"])
    raise AssertionError(f"no {label!r} on the message: {message.custom_ids}")


async def solo_lobby(server: Server, game: str, options: str) -> tuple[str, StoredMessage]:
    """Аня runs /play in the DM, adds a normal computer and starts; (table id, lobby)."""
    open_dm(server)
    given = [option("game", game), option("options", options)]
    record = await server.command("play", *given, guild=None, channel=DM)
    [told] = server.told(record)
    assert "кнопками 🤖" in told, told
    await server.settle()
    table = await server.service.table_in(ids.chat_key(DM, dm=True))
    assert table is not None
    lobby_id = await server.store.get_ref(table.id, LOBBY_REF)
    assert lobby_id is not None
    lobby = server.fake.message(DM, int(lobby_id))
    # The computer players' buttons are the first thing the lobby offers here.
    await server.press(lobby, button(lobby, "🤖 + средний"))
    await server.settle()
    assert "2. Ada 🤖 средний" in lobby.content, lobby.content
    await server.press(lobby, button(lobby, "⬅ Готово"))
    await server.settle()
    await server.press(lobby, button(lobby, "▶ Начать"))
    await server.settle()
    table, _ = await server.service.get(table.id)
    assert table.status == Status.PLAYING
    return table.id, lobby


NEXT_ROUND = "▶ Следующая партия"


def labels(message: StoredMessage) -> list[str]:
    """The labels of ``message``'s buttons."""
    return [str(i.get("label")) for row in message.components for i in row["components"]]


async def play_to_the_end(server: Server, table_id: str, seed: int) -> int:
    """Аня presses what the DM shows her until the game ends; the moves she made."""
    rng = random.Random(seed)
    for moves in range(600):
        await computers_move(server.service, server.clock, table_id, server.settle)
        table, _ = await server.service.get(table_id)
        if table.status != Status.PLAYING:
            return moves
        if table.held:
            # A round is counted; the computer opens the next once she says so.
            waiting = next(m for m in server.fake.messages(DM) if NEXT_ROUND in labels(m))
            await server.press(waiting, button(waiting, NEXT_ROUND))
            await server.settle()
            continue
        shown = [
            (message, choice)
            for message in server.fake.messages(DM)
            if not message.ephemeral
            for choice in move_choices(message, 0)
        ]
        assert shown, "Аня is to move but has no buttons"
        message, (custom_id, value, _) = rng.choice(shown)
        record = await server.press(message, custom_id, *([value] if value else []))
        await server.settle()
        assert server.told(record) == []
    raise AssertionError("the game did not end")


async def test_a_whole_game_alone_against_the_computer_in_a_dm(server: Server) -> None:
    table_id, lobby = await solo_lobby(server, "klac", "target=50")
    moves = await play_to_the_end(server, table_id, seed=5)
    table, _ = await server.service.get(table_id)
    assert table.status == Status.FINISHED and moves > 5
    posted = [m for m in server.fake.messages(DM) if not m.ephemeral]
    # Each round's summary, the rows it was counted on and the count, posted apart.
    summaries = [m for m in posted if m.content.startswith("Клац!\n") and m.edits == 0]
    summaries = [m for m in summaries if "🏁 Подсчёт партии" in m.content and m.attachments]
    assert table.result is not None and len(summaries) == table.result["rounds"] > 0
    shown = [m for m in posted if m not in summaries]
    # The lobby, then one table message and one hand message, both edited in
    # place: no "My hand", no switch to DMs, no pings.
    assert [m.id for m in shown[:1]] == [lobby.id] and len(shown) == 3, [m.content for m in shown]
    table_msg = server.fake.message(DM, int(await server.store.get_ref(table_id, TABLE_REF) or 0))
    assert "🏆" in table_msg.content and table_msg.attachments
    hand = next(m for m in shown if m.id not in (lobby.id, table_msg.id))
    assert hand.edits > 0 and hand.attachments
    for message in shown:
        assert not any(c.startswith(("H:", "D:")) for c in message.custom_ids), message.custom_ids
    stats = await server.service.stats(ids.player_key(ANYA))
    assert stats["klac:vs:normal"]["played"] == 1


async def test_a_public_game_in_a_dm_is_played_on_its_table_message(server: Server) -> None:
    table_id, _ = await solo_lobby(server, "klotho", "")
    table_msg_id = await server.store.get_ref(table_id, TABLE_REF)
    assert table_msg_id is not None
    before, _ = await server.service.get(table_id)
    for _ in range(4):
        await computers_move(server.service, server.clock, table_id, server.settle)
        table_msg = server.fake.message(DM, int(table_msg_id))
        choices = move_choices(table_msg, 0)
        assert choices, table_msg.custom_ids
        custom_id, value, _ = choices[0]
        record = await server.press(table_msg, custom_id, *([value] if value else []))
        await server.settle()
        assert server.told(record) == []
    after, _ = await server.service.get(table_id)
    assert after.state_version > before.state_version
    # Nothing but the lobby and the table: Klotho has no hands.
    assert len([m for m in server.fake.messages(DM) if not m.ephemeral]) == 2


async def test_a_game_alone_where_the_bot_may_not_post_is_not_opened(server: Server) -> None:
    open_dm(server)
    server.fake.dm_closed.add(ANYA)
    record = await server.command(
        "play", option("game", "klac"), guild=None, channel=DM, locale="en-US"
    )
    assert server.told(record) == [
        "⚠ I can’t post in our direct messages, so a game alone can’t be shown here. Allow"
        " direct messages from apps (User Settings → Privacy & Safety), then run /play again."
    ]
    assert await server.service.table_in(ids.chat_key(DM, dm=True)) is None
    # Allowed again, the game opens.
    server.fake.dm_closed.discard(ANYA)
    record = await server.command("play", option("game", "klac"), guild=None, channel=DM)
    assert "кнопками 🤖" in server.told(record)[0]
