"""Wiring: settings → Redis (given or private) → table service → timers → frontends."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass

from bot import logs, playground
from bot.config import ConfigError, Settings
from bot.core.i18n import LANGUAGES, I18n
from bot.core.languages import Languages
from bot.core.migrate import move_tables_to_shards
from bot.core.pacing import PressLimiter
from bot.core.redis_client import connect, server_version
from bot.core.redis_server import RedisServer, RedisUnavailable
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store
from bot.core.timers import run_timers
from bot.discord import app as discord
from bot.metrics import Metrics
from bot.metrics import server as metrics_server
from bot.metrics.scrape import Scraper
from bot.telegram import app as telegram
from bot.telegram.webapp.links import WebAppLinks
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

    @functools.cached_property
    def scraper(self) -> Scraper:
        """What serves ``/metrics`` for this process (one, so its count of the
        tables is shared by every port serving it)."""
        return Scraper(self.service.metrics, self.service.store)


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
    metrics = Metrics()
    redis = connect(url, cluster=settings.redis_cluster, metrics=metrics)
    try:
        await redis.ping()
        store = Store(
            redis,
            prefix=settings.key_prefix,
            active_ttl=settings.active_ttl,
            finished_ttl=settings.finished_ttl,
            worker=settings.worker_id,
        )
        await move_tables_to_shards(store)
        presses, commands = (
            None if limit is None else PressLimiter(redis, limit, prefix=prefix)
            for limit, prefix in (
                (settings.press_limit, settings.key_prefix),
                (settings.command_limit, f"{settings.key_prefix}cmd:"),
            )
        )
        service = TableService(store, presses=presses, commands=commands, metrics=metrics)
        i18n = I18n(default=settings.default_language)
        languages = Languages(store, settings.default_language)
        yield Core(settings, service, Screens(service, i18n), i18n, languages)
    finally:
        await redis.aclose()
        if server is not None:
            await asyncio.to_thread(server.stop)


async def serve(settings: Settings) -> int:
    """Run the configured frontends and the timer loop until SIGINT/SIGTERM.

    Telegram and Discord run side by side in one process when both tokens
    are set (or in separate processes sharing one Redis, one token each).
    With no platform token the local playground runs instead, so the project
    can be tried without creating a bot anywhere.
    """
    async with open_core(settings) as core:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        public = settings.metrics_public
        listener = None
        if settings.metrics_port is not None:
            listener = await metrics_server.start(
                core.scraper, settings.metrics_host, settings.metrics_port, public=public
            )
        try:
            return await _serve_frontends(core, settings, stop)
        finally:
            if listener is not None:
                await listener.cleanup()


async def _serve_frontends(core: Core, settings: Settings, stop: asyncio.Event) -> int:
    """The platforms whose tokens are set (and the timer loop), or the playground."""
    if settings.telegram is None and settings.discord is None:
        return await playground.run(core, settings.playground, stop)
    runs = []
    if settings.telegram is not None:
        bot = telegram.make_bot(settings.telegram)
        webapp = (
            WebAppLinks(settings.telegram.webapp_url, settings.telegram.webapp_name)
            if settings.telegram.webapp_url
            else None
        )
        tg = await telegram.build(
            bot,
            core.service,
            core.screens,
            core.languages,
            storage_chat=settings.telegram.storage_chat,
            webapp=webapp,
        )
        runs.append(
            telegram.run(
                tg, settings.telegram, stop, scraper=core.scraper, public=settings.metrics_public
            )
        )
    if settings.discord is not None:
        client = discord.make_client(settings.discord, core.service.metrics)
        dc = await discord.build(client, core.service, core.screens, core.languages)
        runs.append(discord.run(dc, settings.discord, stop))
    version = await server_version(core.service.store.redis)
    log.info(
        "event=started games=%s languages=%s redis=%s telegram=%s discord=%s",
        ",".join(registry.names()),
        ",".join(LANGUAGES),
        version,
        _telegram_mode(settings),
        "on" if settings.discord is not None else "off",
    )
    timers = asyncio.create_task(run_timers(core.service, stop))
    try:
        await asyncio.gather(*runs)
    finally:
        # One frontend failing (a revoked token, say) stops the process.
        stop.set()
        await timers
    return 0


def _telegram_mode(settings: Settings) -> str:
    if settings.telegram is None:
        return "off"
    return "webhook" if settings.telegram.webhook_url else "polling"


def main() -> int:
    """``python -m bot``."""
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    logs.configure(settings.log_level, settings.log_format)
    try:
        return asyncio.run(serve(settings))
    except RedisUnavailable as exc:
        print(f"Redis: {exc}", file=sys.stderr)
        return 2
    except ConfigError as exc:
        # A setting only the platform could judge, such as a refused token.
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
