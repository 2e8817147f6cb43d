"""Redis refused or stalled: every slash command and press is answered "try again"
within about 3 s, without a traceback, and nothing is lost once Redis is back."""

from __future__ import annotations

import asyncio
import logging
import signal
import time
from collections.abc import AsyncIterator, Awaitable

import discord
import pytest

from bot.core.redis_client import BREAK_SECONDS, connect
from bot.core.redis_server import RedisServer
from bot.core.service import TableService
from bot.core.store import Store
from tests.conftest import FakeClock
from tests.discord.conftest import (
    ANYA,
    BORIS,
    Server,
    click,
    move_path,
    mover,
    open_table,
    option,
    start_frontend,
    table_message,
)
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_discord_records import Interaction, StoredMessage

TRY_AGAIN = ("Хранилище бота сейчас недоступно", "The bot’s storage is not reachable")
COMMANDS = [
    ("play", [option("game", "krendzu")]),
    ("hand", []),
    ("stop", []),
    ("stats", []),
    ("lang", [option("language", "en")]),
    ("deck", [option("game", "caravan")]),
]


@pytest.fixture
async def outage_server(
    fake_discord: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    own_redis: RedisServer,
    clock: FakeClock,
) -> AsyncIterator[Server]:
    monkeypatch.setattr(discord.http.Route, "BASE", fake_discord.base_url)
    redis = connect(own_redis.url)
    store = Store(redis, prefix="outage:")
    service = TableService(store, clock=clock)
    dc = await start_frontend(fake_discord, service, store)
    srv = Server(fake_discord, dc, service, store, clock)
    yield srv
    await srv.dc.client.close()
    await redis.aclose()


async def quickly(interaction: Awaitable[Interaction]) -> Interaction:
    """Run ``interaction``, which must be answered within about 3 s."""
    started = time.monotonic()
    record = await interaction
    assert time.monotonic() - started < 3.5, "answered within 3 s"
    return record


async def about_to_move(server: Server, table_id: str) -> tuple[int, str, StoredMessage]:
    """The mover, the first token of their move, and the table message to press it on."""
    user, _ = await mover(server, table_id)
    token = (await move_path(server, table_id))[0]
    return user, token, await table_message(server, table_id)


async def check_everything_answers_try_again(
    server: Server, user: int, token: str, table_msg: StoredMessage
) -> None:
    """With Redis out: each command answered, and ``user`` pressing ``token``."""
    for name, options in COMMANDS:
        record = await quickly(server.harness.command(name, *options, user=ANYA))
        told = server.told(record)
        assert told and told[-1].startswith(TRY_AGAIN), (name, told)
    # Commands that need no Redis answer as usual.
    for name, options in (("rules", [option("game", "klac")]), ("help", [])):
        record = await quickly(server.harness.command(name, *options, user=ANYA))
        told = server.told(record)
        assert told and not told[-1].startswith(TRY_AGAIN), (name, told)
    record = await quickly(click(server, table_msg, token, user=user))
    told = server.told(record)
    assert told and told[-1].startswith(TRY_AGAIN), told


async def test_redis_refused(
    outage_server: Server, own_redis: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    server = outage_server
    table_id = await open_table(server, "klotho", ANYA, BORIS)
    version = (await server.service.get(table_id))[0].version
    press = await about_to_move(server, table_id)
    own_redis.stop()
    caplog.set_level(logging.WARNING)
    await check_everything_answers_try_again(server, *press)
    assert [r.getMessage() for r in caplog.records if r.exc_info] == [], "no tracebacks"
    own_redis.start()
    await asyncio.sleep(BREAK_SECONDS)
    assert (await server.service.get(table_id))[0].version == version, "nothing half done"
    record = await server.command("stats", user=BORIS)
    assert not server.told(record)[-1].startswith(TRY_AGAIN)


async def test_redis_stalled(
    outage_server: Server, own_redis: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    server = outage_server
    table_id = await open_table(server, "klotho", ANYA, BORIS)
    press = await about_to_move(server, table_id)
    assert own_redis.process is not None
    own_redis.process.send_signal(signal.SIGSTOP)
    try:
        caplog.set_level(logging.WARNING)
        await check_everything_answers_try_again(server, *press)
        assert [r.getMessage() for r in caplog.records if r.exc_info] == [], "no tracebacks"
    finally:
        own_redis.process.send_signal(signal.SIGCONT)
    await asyncio.sleep(BREAK_SECONDS)
    record = await server.command("stats", user=BORIS)
    assert not server.told(record)[-1].startswith(TRY_AGAIN)
