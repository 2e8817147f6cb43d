"""A listener of its own for ``/metrics`` (``METRICS_PORT``), for the frontends
that listen on no port: Telegram's long polling and Discord."""

from __future__ import annotations

import logging

from aiohttp import web

from bot.metrics.scrape import Scraper, add_route

log = logging.getLogger("bot.metrics")


async def start(scraper: Scraper, host: str, port: int, *, public: bool) -> web.AppRunner:
    """Serve ``GET /metrics`` on ``host:port`` until the runner is cleaned up."""
    app = web.Application()
    add_route(app, scraper, public=public)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    log.info("event=metrics-listening host=%s port=%s", host, port)
    return runner
