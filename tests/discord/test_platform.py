"""Discord as it treats a bot: threads that archive themselves, the 3-second
initial response and the 15-minute interaction token."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.core.tokens import LobbyToken
from bot.discord import ids
from tests.discord.conftest import (
    ANYA,
    BORIS,
    CHANNEL,
    Server,
    open_table,
    option,
    table_message,
)
from tests.discord.fake_discord_limits import INITIAL_RESPONSE_SECONDS
from tests.discord.test_failures import service_move

THREAD = 1_200_000_000_000_000_777


async def test_a_table_in_an_archived_thread_opens_it_again(server: Server) -> None:
    server.fake.add_thread(THREAD, CHANNEL)
    await server.command("play", option("game", "klac"), user=ANYA, channel=THREAD)
    table = await server.service.table_in(ids.chat_key(THREAD))
    assert table is not None
    lobby_id = int(await server.store.get_ref(table.id, "dc:lobby") or 0)
    lobby = server.fake.message(THREAD, lobby_id)
    await server.press(lobby, LobbyToken(table.id, "j").encode(), user=BORIS)
    await server.press(lobby, LobbyToken(table.id, "s").encode(), user=ANYA)
    # A quiet day later the thread has archived itself; the game goes on.
    server.fake.archive(THREAD)
    await service_move(server, table.id)
    assert THREAD not in server.fake.archived
    table_id = int(await server.store.get_ref(table.id, "dc:table") or 0)
    table_msg = server.fake.message(THREAD, table_id)
    loaded, state = await server.service.get(table.id)
    expected = await server.dc.frontend.screens.table(loaded, state, "ru")
    assert table_msg.attachments[-1].data == expected.image
    refused = [c for c in server.fake.calls if c.status == 400]
    assert len(refused) == 1, "one refused edit, then the thread is opened and edited"


async def test_a_locked_thread_is_said_once_and_not_fought(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    server.fake.add_thread(THREAD, CHANNEL)
    await server.command("play", option("game", "klac"), user=ANYA, channel=THREAD)
    table = await server.service.table_in(ids.chat_key(THREAD))
    assert table is not None
    lobby = server.fake.message(THREAD, int(await server.store.get_ref(table.id, "dc:lobby") or 0))
    await server.press(lobby, LobbyToken(table.id, "j").encode(), user=BORIS)
    await server.press(lobby, LobbyToken(table.id, "s").encode(), user=ANYA)
    # A moderator archives and locks the thread: the bot cannot open it again.
    server.fake.lock_thread(THREAD)
    calls = len(server.fake.calls)
    for _ in range(3):
        await service_move(server, table.id)
    unarchive = [
        c
        for c in server.fake.calls[calls:]
        if c.method == "PATCH" and c.path == f"/channels/{THREAD}"
    ]
    assert len(unarchive) == 1, "tried once, not once per change"
    # The next press there hears why, in words (not a list of permissions it has).
    table_id = int(await server.store.get_ref(table.id, "dc:table") or 0)
    table_msg = server.fake.message(THREAD, table_id)
    record = await server.press(table_msg, table_msg.custom_ids[0], user=BORIS, locale="en-US")
    told = server.told(record)
    assert told[-1].startswith("🔒 This thread is locked"), told
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_an_interaction_answered_too_late_is_dropped_quietly(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    # The gateway delivered them late: Discord no longer takes an answer.
    late = INITIAL_RESPONSE_SECONDS + 1
    for record in (
        await server.command("stats", user=ANYA, late=late),
        await server.command("play", option("game", "klac"), user=ANYA, late=late),
    ):
        assert record.callback_type is None
    assert await server.service.table_in(ids.chat_key(CHANNEL)) is None, "nothing was opened"
    await server.command("play", option("game", "klac"), user=ANYA)
    table = await server.service.table_in(ids.chat_key(CHANNEL))
    assert table is not None
    lobby = server.fake.message(CHANNEL, int(await server.store.get_ref(table.id, "dc:lobby") or 0))
    record = await server.press(lobby, LobbyToken(table.id, "j").encode(), user=BORIS, late=late)
    assert record.callback_type is None
    assert (await server.service.get(table.id))[0].seat_of(ids.player_key(BORIS)) is None
    assert [r.getMessage() for r in caplog.records if r.exc_info] == [], "no tracebacks"


async def test_a_table_a_dead_worker_left_behind_is_drawn_by_the_next(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    # The worker dies right after a move is saved, before its queued edit runs.
    monkeypatch.setattr(server.dc.sender, "put", lambda key, call: None)
    await service_move(server, table_id)
    photo = table_msg.attachments[-1].data
    await server.restart()
    stop = asyncio.Event()
    sweep = asyncio.create_task(server.dc.frontend.publisher.sync.sweep(stop))
    try:
        table, state = await server.service.get(table_id)
        expected = await server.dc.frontend.screens.table(table, state, "ru")
        for _ in range(100):
            if server.fake.message(CHANNEL, table_msg.id).attachments[-1].data == expected.image:
                break
            await asyncio.sleep(0.05)
        assert server.fake.message(CHANNEL, table_msg.id).attachments[-1].data == expected.image
        assert expected.image != photo
    finally:
        stop.set()
        await sweep
