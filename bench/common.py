"""What the benchmark scripts share."""

from __future__ import annotations

import contextlib
import os
import statistics
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from redis.asyncio.connection import AbstractConnection

from bot.core.redis_server import RedisServer


@contextlib.contextmanager
def redis_url() -> Iterator[str]:
    """``REDIS_URL`` if set, otherwise a private redis-server for the run."""
    url = os.environ.get("REDIS_URL")
    if url:
        yield url
        return
    server = RedisServer(Path(tempfile.mkdtemp()), persist=False)
    try:
        yield server.start()
    finally:
        server.stop()


def median_and_p99(values: list[float]) -> tuple[float, float]:
    """The median and the 99th percentile (the nearest rank) of ``values``."""
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def report_presses(
    platform: str, steps: list[float], moves: list[float], delivered: list[float]
) -> None:
    """Print p50/p99 of press handling times (ms) measured by a frontend benchmark."""
    for name, durations in (
        ("all presses", steps + moves),
        ("menu steps", steps),
        ("moves", moves),
        ("moves until every message was drawn and sent", delivered),
    ):
        p50, p99 = median_and_p99(durations)
        print(f"{platform} {name}: {len(durations)}, handling p50 {p50:.1f} ms, p99 {p99:.1f} ms")


class RoundTrips:
    """Counts Redis round trips (one per command, or per pipeline) made by every
    client in this process while it is installed: each is one packed send."""

    def __init__(self) -> None:
        self.count = 0

    @contextlib.contextmanager
    def installed(self) -> Iterator[RoundTrips]:
        """Count until the block ends."""
        original = AbstractConnection.send_packed_command

        async def counted(
            conn: AbstractConnection, command: Any, check_health: bool = True
        ) -> None:
            self.count += 1
            await original(conn, command, check_health)

        AbstractConnection.send_packed_command = counted  # type: ignore[method-assign,assignment]
        try:
            yield self
        finally:
            AbstractConnection.send_packed_command = original  # type: ignore[method-assign]
