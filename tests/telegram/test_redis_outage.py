"""Redis refused or stalled: every command and press is answered "try again" within
about 3 s, without a traceback, and nothing is lost once Redis is back."""

from __future__ import annotations

import asyncio
import logging
import signal
import time
from collections.abc import AsyncIterator

import pytest

from bot.core.redis_client import BREAK_SECONDS, connect
from bot.core.redis_server import RedisServer
from bot.core.service import TableService
from bot.core.store import Store
from tests.conftest import FakeClock
from tests.telegram.conftest import (
    ANYA,
    BORIS,
    GROUP,
    Harness,
    hand,
    mover,
    quick_game,
    running,
)

TRY_AGAIN = ("Хранилище бота сейчас недоступно", "The bot’s storage is not reachable")
#: Commands that need Redis; ``/rules`` and ``/help`` do not, and answer as usual.
COMMANDS = [
    (ANYA, GROUP, "/stats"),
    (BORIS, GROUP, "/stop"),
    (ANYA, GROUP, "/hand"),
    (BORIS, BORIS, "/lang en"),
    (ANYA, ANYA, "/start"),
    (BORIS, BORIS, "/deck caravan"),
    (ANYA, GROUP, "/play krendzu"),
]


@pytest.fixture
async def outage_harness(own_redis: RedisServer, clock: FakeClock) -> AsyncIterator[Harness]:
    redis = connect(own_redis.url)
    store = Store(redis, prefix="outage:")
    async with running(TableService(store, clock=clock), store, clock) as h:
        yield h
    await redis.aclose()


async def answered_quickly(h: Harness, user: int, chat: int, text: str) -> str:
    """``user`` sends ``text``; the bot's answer in ``chat``, within 3 s."""
    before = len(h.fake.messages(chat))
    started = time.monotonic()
    h.fake.send_text(user, chat, text)
    while len(h.fake.messages(chat)) == before:
        assert time.monotonic() - started < 3.5, f"{text}: no answer within 3 s"
        await asyncio.sleep(0.05)
    return h.fake.messages(chat)[-1].content or ""


async def check_every_command_and_press(h: Harness, user: int) -> None:
    """With Redis out: each command answered, and a press of ``user``'s hand."""
    for sender, chat, text in COMMANDS:
        answer = await answered_quickly(h, sender, chat, text)
        assert answer.startswith(TRY_AGAIN), (text, answer)
    for text in ("/rules klac", "/help"):
        answer = await answered_quickly(h, ANYA, GROUP, text)
        assert answer and not answer.startswith(TRY_AGAIN), (text, answer)
    message = hand(h, user)
    data = next(b["callback_data"] for row in message.buttons for b in row)
    started = time.monotonic()
    query = h.fake.press(user, user, message.message_id, data)
    answer = await h.fake.wait_answer(query, timeout=5)
    assert time.monotonic() - started < 3.5
    assert answer.get("show_alert") and answer["text"].startswith(TRY_AGAIN), answer


async def test_redis_refused(
    outage_harness: Harness, own_redis: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    h = outage_harness
    table_id = await quick_game(h)
    version = (await h.service.get(table_id))[0].version
    user, _ = await mover(h, table_id)
    own_redis.stop()
    caplog.set_level(logging.WARNING)
    await check_every_command_and_press(h, user)
    assert [r for r in caplog.records if r.exc_info] == [], "no tracebacks"
    own_redis.start()
    await asyncio.sleep(BREAK_SECONDS)  # the clients try Redis again
    assert (await h.service.get(table_id))[0].version == version, "nothing half done"
    answer = await answered_quickly(h, BORIS, GROUP, "/stats")
    assert not answer.startswith(TRY_AGAIN), answer
    user, _ = await mover(h, table_id)
    await h.settle()
    assert hand(h, user).buttons, "the game goes on"


async def test_redis_stalled(
    outage_harness: Harness, own_redis: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    h = outage_harness
    table_id = await quick_game(h)
    user, _ = await mover(h, table_id)
    # Stopped, not killed: connections stay open and nothing answers, as in a
    # network partition.
    assert own_redis.process is not None
    own_redis.process.send_signal(signal.SIGSTOP)
    try:
        caplog.set_level(logging.WARNING)
        await check_every_command_and_press(h, user)
        assert [r for r in caplog.records if r.exc_info] == [], "no tracebacks"
    finally:
        own_redis.process.send_signal(signal.SIGCONT)
    await asyncio.sleep(BREAK_SECONDS)
    answer = await answered_quickly(h, BORIS, GROUP, "/stats")
    assert not answer.startswith(TRY_AGAIN), answer
    user, _ = await mover(h, table_id)
    await h.settle()
    assert hand(h, user).buttons, "the game goes on"
