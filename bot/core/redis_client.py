"""The Redis client: one server or a Redis Cluster, failing fast in an outage."""

from __future__ import annotations

import time
from typing import Any, cast

from redis.asyncio import BlockingConnectionPool, Connection, Redis, RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.metrics import Metrics

#: Seconds one Redis command may take before it counts as failed. Commands
#: take microseconds; a stalled or partitioned Redis must not hold a player's
#: press longer than the "try again" answer should take (about 3 s in all).
SOCKET_TIMEOUT = 1.0


#: Seconds a client that found Redis gone fails at once instead of waiting again.
BREAK_SECONDS = 1.0


#: Connections one worker opens to Redis at most. A burst of presses or due
#: timers beyond it waits up to :data:`POOL_WAIT` seconds for a free one
#: (redis-py's plain pool would fail with "Too many connections").
CONNECTIONS = 128
POOL_WAIT = 3.0
#: Connections per node of a cluster.
CLUSTER_CONNECTIONS = 512


#: Either client: every script the bot runs keeps its keys in one hash slot
#: and the cluster client splits pipelines by node, so both serve the same calls.
RedisClient = Redis | RedisCluster


class _FailFast:
    """Once Redis failed to answer, fail every command at once for
    :data:`BREAK_SECONDS`: an update touches Redis several times, and each
    waiting out the timeout would keep its "try again" answer from the player
    for many seconds. (Pipelines are sent as they are; they are rare.)"""

    _broken_until = 0.0
    metrics: Metrics | None = None

    async def execute_command(self, *args: Any, **options: Any) -> Any:
        """Run one command unless Redis was found gone a moment ago."""
        if time.monotonic() < self._broken_until:
            if self.metrics is not None:
                self.metrics.redis_errors.labels("fail-fast").inc()
            raise RedisConnectionError("Redis did not answer a moment ago")
        try:
            await self._ready()
            return await super().execute_command(*args, **options)  # type: ignore[misc]  # the client class mixed in below
        except (RedisConnectionError, RedisTimeoutError):
            self._broken_until = time.monotonic() + BREAK_SECONDS
            raise

    async def _ready(self) -> None:
        """Anything the client must do once before its first command."""


class BreakingRedis(_FailFast, Redis):  # type: ignore[misc]  # redis-py's own stubs clash
    """A single-server client that fails fast after an outage (:class:`_FailFast`)."""


class BreakingCluster(_FailFast, RedisCluster):  # type: ignore[misc]  # redis-py's own stubs clash
    """A Redis Cluster client that fails fast after an outage (:class:`_FailFast`)."""

    async def _ready(self) -> None:
        """Load the slot map before the first command. redis-py sends commands
        issued while it is still loading to one default node, which answers
        MOVED; every fifth MOVED makes it close all its connections, those in
        flight too, so a burst right after start failed by the dozen."""
        await self.initialize()


def counted(metrics: Metrics) -> type[Connection]:
    """A connection class counting into ``metrics`` every round trip (a
    command or a whole pipeline is one send) and every failed one."""

    def failed(exc: Exception) -> None:
        kind = "timeout" if isinstance(exc, RedisTimeoutError) else "connection"
        metrics.redis_errors.labels(kind).inc()

    class Counted(Connection):
        async def send_packed_command(self, command: Any, check_health: bool = True) -> None:
            metrics.redis_round_trips.inc()
            try:
                await super().send_packed_command(command, check_health)
            except (RedisConnectionError, RedisTimeoutError) as exc:
                failed(exc)
                raise

        async def read_response(self, *args: Any, **kwargs: Any) -> Any:
            try:
                return await super().read_response(*args, **kwargs)
            except (RedisConnectionError, RedisTimeoutError) as exc:
                failed(exc)
                raise

    return Counted


def connect(url: str, *, cluster: bool = False, metrics: Metrics | None = None) -> RedisClient:
    """A client that retries a dropped connection once, gives up on a Redis that
    does not answer within :data:`SOCKET_TIMEOUT` (twice: about 2 s), and then
    fails fast for a moment. ``cluster``: ``url`` names any node of a Redis
    Cluster, and redis-py's cluster client finds the others and follows the
    slots as they move. ``metrics``: where its round trips and failures are counted."""
    options: dict[str, Any] = {
        "decode_responses": True,
        "retry": Retry(ExponentialBackoff(cap=0.25, base=0.05), 1),
        "retry_on_error": [RedisConnectionError, RedisTimeoutError],
        "socket_timeout": SOCKET_TIMEOUT,
        "socket_connect_timeout": SOCKET_TIMEOUT,
    }
    counting = None if metrics is None else counted(metrics)
    client: BreakingRedis | BreakingCluster
    if cluster:
        # The cluster client has no waiting pool: a node's connections are
        # capped high enough for every worker's bursts instead.
        client = cast(
            BreakingCluster,
            BreakingCluster.from_url(url, max_connections=CLUSTER_CONNECTIONS, **options),
        )
        if counting is not None:
            # It takes no connection class of ours: the nodes it knows and
            # those it finds later make their (lazy) connections with this one.
            nodes = client.nodes_manager
            nodes.connection_kwargs["connection_class"] = counting
            for node in nodes.startup_nodes.values():
                node.connection_class = counting
    else:
        if counting is not None:
            options["connection_class"] = counting
        pool = BlockingConnectionPool.from_url(
            url, max_connections=CONNECTIONS, timeout=POOL_WAIT, health_check_interval=30, **options
        )
        client = cast(BreakingRedis, BreakingRedis.from_pool(pool))
    client.metrics = metrics
    return client


async def server_version(redis: RedisClient) -> str:
    """The Redis version (of one node, on a cluster), for the start-up log."""
    info = await redis.info("server")
    if "redis_version" not in info:
        info = next(iter(info.values()))
    return str(info.get("redis_version"))
