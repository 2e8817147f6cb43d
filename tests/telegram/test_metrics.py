"""Telegram's figures on /metrics: a game with a 429 and a 5xx on the group's
table, the outbox holding a call back, and /metrics on the webhook's port."""

from __future__ import annotations

import asyncio
import time

import aiohttp

from bot.config import TelegramSettings
from bot.core.redis_server import free_port
from bot.core.service import TableService
from bot.core.store import Store
from bot.metrics.scrape import Scraper
from bot.telegram.app import start_webhook
from tests.scrape import get, scrape
from tests.telegram.conftest import GROUP, Harness, hand, make_frontend, mover, quick_game
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.test_failures import leaf_tokens, move

TABLE_EDIT = "editMessageMedia"


async def test_a_game_with_a_429_and_a_5xx_moves_the_figures(h: Harness) -> None:
    table_id = await quick_game(h)
    await move(h, table_id)
    user, _ = await mover(h, table_id)
    old = (await leaf_tokens(h, table_id))[0]
    # The next edit of the group's table is refused twice before it goes.
    h.fake.fail_next(TABLE_EDIT, status=429, retry_after=1, chat_id=GROUP)
    h.fake.fail_next(TABLE_EDIT, status=502, chat_id=GROUP)
    await move(h, table_id)
    answer = await h.press(user, user, hand(h, user).message_id, old, strict=False)
    assert answer.get("show_alert"), "a stale button is refused"
    await h.settle()
    samples = await scrape(h.service)

    def calls(outcome: str, method: str = TABLE_EDIT) -> float:
        return samples.value(
            "tablebot_platform_calls_total", platform="telegram", method=method, outcome=outcome
        )

    assert calls("429") == 1 and calls("5xx") == 1 and calls("ok") >= 2
    assert calls("ok", "answerCallbackQuery") >= 3
    assert calls("ok", "sendPhoto") >= 1
    assert samples.value("tablebot_moves_total", game="klac", frontend="telegram") == 2
    # Two to sit down, the start, two moves and the stale one.
    assert samples.value("tablebot_presses_total", game="klac", frontend="telegram") == 6
    assert samples.value("tablebot_refusals_total", code="stale", frontend="telegram") == 1
    assert samples.value("tablebot_outbox_jobs", platform="telegram") == 0
    assert samples.value("tablebot_outbox_oldest_seconds", platform="telegram") == 0
    assert samples.value("tablebot_screens_pending", frontend="telegram") == 0
    assert samples.value("tablebot_screen_convergence_seconds_count", frontend="telegram") >= 3
    assert samples.value("tablebot_render_seconds_count", game="klac") >= 3
    assert samples.value("tablebot_tables", game="klac", status="playing") == 1


async def test_the_outbox_shows_a_call_held_back_by_a_429(h: Harness) -> None:
    table_id = await quick_game(h)
    h.fake.fail_next(TABLE_EDIT, status=429, retry_after=5, chat_id=GROUP)
    user, _ = await mover(h, table_id)
    token = (await leaf_tokens(h, table_id))[0]
    h.fake.press(user, user, hand(h, user).message_id, token, strict=False)
    await h.fake.wait_for(lambda c: c.method == TABLE_EDIT and c.status == 429, timeout=10)
    # The 429 reaches the fake's log before the bot has read it and queued
    # the call again, the long way: scrape once that call waits there.
    await held_back(h, since=time.monotonic())
    held = await scrape(h.service)
    assert held.value("tablebot_outbox_jobs", platform="telegram") >= 1
    assert held.value("tablebot_outbox_oldest_seconds", platform="telegram") > 0
    assert held.value("tablebot_screens_pending", frontend="telegram") >= 1
    await h.settle()
    after = await scrape(h.service)
    assert after.value("tablebot_outbox_jobs", platform="telegram") == 0
    assert after.value("tablebot_screens_pending", frontend="telegram") == 0


async def held_back(h: Harness, since: float, within: float = 30.0) -> None:
    """Wait until every call the outbox holds was queued after ``since`` (the
    one that failed has left it) and one is held (a liveness bound only)."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    while True:
        depth, age = h.tg.outbox.reading()
        if h.tg.outbox.busy(GROUP) and 0 < age < time.monotonic() - since:
            return
        assert loop.time() - started < within, f"no call was held back ({depth=}, {age=})"
        await asyncio.sleep(0.01)


async def test_the_webhook_port_serves_metrics(service: TableService, store: Store) -> None:
    async with FakeTelegram() as fake:
        tg = await make_frontend(fake, service, store)
        port = free_port()
        settings = TelegramSettings(
            token=fake.token,
            webhook_url="https://bot.example/",
            webhook_secret="s",
            listen_port=port,
        )
        scraper = Scraper(service.metrics, store)
        runner = await start_webhook(tg, settings, scraper=scraper)
        try:
            samples = await get(f"http://127.0.0.1:{port}/metrics")
            async with aiohttp.ClientSession() as http:
                health = await http.get(f"http://127.0.0.1:{port}/healthz")
                assert health.status == 200
        finally:
            await runner.cleanup()
            await tg.bot.session.close()
    assert (
        samples.value(
            "tablebot_platform_calls_total", platform="telegram", method="setWebhook", outcome="ok"
        )
        == 1
    )
    assert samples.value("tablebot_outbox_jobs", platform="telegram") == 0
