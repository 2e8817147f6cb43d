"""Wiring: settings → Redis (given or private) → table service → timers → frontends."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass

from bot import logs
from bot.config import ConfigError, Settings
from bot.core.i18n import LANGUAGES, I18n
from bot.core.languages import Languages
from bot.core.redis_server import RedisServer, RedisUnavailable
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store, connect
from bot.core.timers import run_timers
from bot.telegram import app as telegram
from games import registry

log = logging.getLogger("bot")


@dataclass
class Core:
    """The frontend-agnostic parts a frontend is given."""

    settings: Settings
    service: TableService
    screens: Screens
    i18n: I18n
    languages: Languages


@contextlib.asynccontextmanager
async def open_core(settings: Settings) -> AsyncIterator[Core]:
    """Connect to Redis (starting a private server if needed) and build the core."""
    server: RedisServer | None = None
    url = settings.redis_url
    if url is None:
        server = RedisServer(settings.redis_data_dir.resolve())
        url = await asyncio.to_thread(server.start)
        log.info("event=redis-started url=%s data_dir=%s", url, server.data_dir)
        print(f"Started a private redis-server at {url}, data in {server.data_dir}")
    redis = connect(url)
    try:
        await redis.ping()
        store = Store(
            redis,
            prefix=settings.key_prefix,
            active_ttl=settings.active_ttl,
            finished_ttl=settings.finished_ttl,
        )
        service = TableService(store)
        i18n = I18n(default=settings.default_language)
        languages = Languages(store, settings.default_language)
        yield Core(settings, service, Screens(service, i18n), i18n, languages)
    finally:
        await redis.aclose()
        if server is not None:
            await asyncio.to_thread(server.stop)


async def serve(settings: Settings) -> int:
    """Run the configured frontends and the timer loop until SIGINT/SIGTERM."""
    if settings.telegram is None:
        print(
            "No chat frontend is configured: set TELEGRAM_TOKEN (see .env.example).",
            file=sys.stderr,
        )
        return 2
    async with open_core(settings) as core:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        bot = telegram.make_bot(settings.telegram)
        frontend = await telegram.build(bot, core.service, core.screens, core.languages)
        info = await core.service.store.redis.info("server")
        log.info(
            "event=started games=%s languages=%s redis=%s mode=%s",
            ",".join(registry.names()),
            ",".join(LANGUAGES),
            info.get("redis_version"),
            "webhook" if settings.telegram.webhook_url else "polling",
        )
        timers = asyncio.create_task(run_timers(core.service, stop))
        await telegram.run(frontend, settings.telegram, stop)
        await timers
        return 0


def main() -> int:
    """``python -m bot``."""
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    logs.configure(settings.log_level)
    try:
        return asyncio.run(serve(settings))
    except RedisUnavailable as exc:
        print(f"Redis: {exc}", file=sys.stderr)
        return 2
