"""What the benchmark scripts share."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

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
