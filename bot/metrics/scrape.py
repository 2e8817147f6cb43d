"""Serving ``/metrics``: figures read from Redis and the frontends at scrape time.

Every worker serves its own ``/metrics`` (its counters are its own); the
figures read from Redis (tables, pending screens, due timers) are the whole
bot's, the same from any worker. Counting tables walks every table's record,
so it is done at most every :data:`TABLES_EVERY` seconds per process.

``/metrics`` answers loopback clients only unless ``METRICS_PUBLIC`` is on
(and no request a reverse proxy forwarded): the figures name no player or
chat, but they say how busy the bot is.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import time
from collections import Counter as Tally
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import web
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4, generate_latest
from redis.exceptions import RedisError

from bot.core.pending import GRACE
from bot.core.redis_client import RedisClient
from bot.core.store import SHARDS, Store
from bot.metrics.registry import FRONTENDS, Metrics

log = logging.getLogger("bot.metrics")

#: Seconds a count of the tables is reused before Redis is walked again.
TABLES_EVERY = 30.0
#: Keys asked for per SCAN step, and records read per pipeline.
SCAN_BATCH = 1000
#: Screens' pending marks are kept per chat frontend (``bot.core.pending``).
MARKED = ("tg", "dc")

#: Headers a reverse proxy adds to what it forwards.
PROXY_HEADERS = ("Forwarded", "X-Forwarded-For", "X-Real-IP")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class Scraper:
    """Reads the bot-wide figures from Redis into ``metrics`` and renders the text."""

    metrics: Metrics
    store: Store
    clock: Callable[[], float] = time.time
    _tables_at: float = field(default=float("-inf"), init=False)

    async def render(self) -> bytes:
        """The text exposition, with every figure read now (a Redis outage
        leaves the Redis figures as they were and counts the error)."""
        self.metrics.read_queues()
        try:
            await self._read_redis()
        except RedisError as exc:
            log.warning("event=metrics-redis-failed error=%s", type(exc).__name__)
        return generate_latest(self.metrics.registry)

    async def _read_redis(self) -> None:
        now = self.clock()
        redis, prefix = self.store.redis, self.store.prefix
        async with redis.pipeline(transaction=False) as pipe:
            for frontend in MARKED:
                key = f"{prefix}pending:{frontend}"
                pipe.zcard(key)
                # A mark's score is when another worker may take it over: one
                # past it by more than a grace has been left to the sweep.
                pipe.zcount(key, "-inf", repr(now - GRACE))
            for shard in range(SHARDS):
                pipe.zcount(self.store.due_key(shard), "-inf", repr(now))
            replies = await pipe.execute()
        for i, frontend in enumerate(MARKED):
            name = FRONTENDS[frontend]
            self.metrics.screens_pending.labels(name).set(replies[2 * i])
            self.metrics.screens_stalled.labels(name).set(replies[2 * i + 1])
        self.metrics.timers_due.set(sum(replies[2 * len(MARKED) :]))
        if self.clock() - self._tables_at >= TABLES_EVERY:
            await self._count_tables()
            self._tables_at = self.clock()

    async def _count_tables(self) -> None:
        """Every table record's game and status (``Store.table_key``'s layout)."""
        redis, prefix = self.store.redis, self.store.prefix
        pattern = f"{prefix}{{s:*}}:t:*"
        keys: list[str] = []
        tally: Tally[tuple[str, str]] = Tally()
        async for key in redis.scan_iter(match=pattern, count=SCAN_BATCH):
            # The table's own hash, not its log, refs, undo stack or leases.
            if ":" not in str(key).rpartition(":t:")[2]:
                keys.append(str(key))
            if len(keys) >= SCAN_BATCH:
                tally.update(await _read_tables(redis, keys))
                keys = []
        if keys:
            tally.update(await _read_tables(redis, keys))
        # Cleared first: a game whose last table expired shows no series.
        self.metrics.tables.clear()
        for (game, status), count in tally.items():
            self.metrics.tables.labels(game, status).set(count)


async def _read_tables(redis: RedisClient, keys: list[str]) -> list[tuple[str, str]]:
    async with redis.pipeline(transaction=False) as pipe:
        for key in keys:
            pipe.hget(key, "meta")
        metas = await pipe.execute()
    out = []
    for meta in metas:
        if meta:
            record = json.loads(meta)
            out.append((str(record.get("game")), str(record.get("status"))))
    return out


def handler(scraper: Scraper, *, public: bool) -> Handler:
    """The ``/metrics`` request handler (refusing non-loopback clients unless ``public``)."""

    async def metrics(request: web.Request) -> web.StreamResponse:
        if not public and not _from_loopback(request):
            raise web.HTTPForbidden(text="/metrics answers this machine only (METRICS_PUBLIC).")
        body = await scraper.render()
        # The classic text format, which every Prometheus 2 and 3 reads (the
        # names are plain, so it is also what the newer one would say).
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_PLAIN_0_0_4})

    return metrics


def _from_loopback(request: web.Request) -> bool:
    # A reverse proxy in front of the webhook connects from loopback: what it
    # forwards comes from elsewhere.
    if any(name in request.headers for name in PROXY_HEADERS):
        return False
    try:
        return ipaddress.ip_address(request.remote or "").is_loopback
    except ValueError:
        return False


def add_route(app: web.Application, scraper: Scraper, *, public: bool) -> None:
    """Serve ``GET /metrics`` on ``app``."""
    app.router.add_get("/metrics", handler(scraper, public=public))
