"""Wiring: settings → Redis (given or private) → table service → timers → frontends."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass

from bot.config import ConfigError, Settings
from bot.core.i18n import LANGUAGES, I18n
from bot.core.languages import Languages
from bot.core.redis_server import RedisServer, RedisUnavailable
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store, connect
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
    """Start the core and report what it found; returns the process exit code.

    The chat frontends plug in here; until one is configured there is nothing
    to serve, which is said plainly instead of idling silently.
    """
    async with open_core(settings) as core:
        info = await core.service.store.redis.info("server")
        print(
            f"Redis {info.get('redis_version')} is reachable; "
            f"games: {', '.join(registry.names())}; languages: {', '.join(LANGUAGES)}."
        )
        print("No chat frontend is configured, so there is nothing to serve yet.")
        return 2


def main() -> int:
    """``python -m bot``."""
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s %(message)s",
    )
    try:
        return asyncio.run(serve(settings))
    except RedisUnavailable as exc:
        print(f"Redis: {exc}", file=sys.stderr)
        return 2
