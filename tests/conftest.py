"""Shared fixtures: a real Redis for every test that needs one, and Chromium
for the web pages' tests (the playground's, the Telegram Mini App's).

``REDIS_URL`` set: use that server, each test under its own key prefix (and
its keys deleted afterwards). Unset: start a private ``redis-server`` on a
free loopback port for the session, so the suite passes on a fresh machine.
``REDIS_CLUSTER=true``: the same against a Redis Cluster: ``REDIS_URL``
names a node, or, unset, the suite starts a local cluster of three masters.

Playwright drives ``/usr/bin/chromium`` (installed by ``.ci/run`` with
apt-get); Playwright's own browser download is never used. Without that
binary the browser tests fail, saying what to install.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, async_playwright

from bot.config import switch
from bot.core.i18n import I18n
from bot.core.redis_client import RedisClient, connect
from bot.core.redis_server import LocalCluster, RedisServer
from bot.core.service import TableService
from bot.core.store import Store

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


#: The suite's Redis is a cluster (``REDIS_CLUSTER=true``).
ON_CLUSTER = switch(os.environ, "REDIS_CLUSTER")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every core test runs on a Redis Cluster too (``-m cluster``)."""
    core = Path(__file__).parent / "core"
    for item in items:
        if core in item.path.parents:
            item.add_marker(pytest.mark.cluster)


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = os.environ.get("REDIS_URL")
    if url:
        yield url
        return
    server: RedisServer | LocalCluster
    if ON_CLUSTER:
        server = LocalCluster(tmp_path_factory.mktemp("redis-cluster"))
    else:
        server = RedisServer(tmp_path_factory.mktemp("redis"), persist=False)
    yield server.start()
    server.stop()


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A Redis of the test's own, to stop, pause or kill."""
    server = RedisServer(tmp_path / "redis", persist=True)
    server.start()
    yield server
    server.stop()


@pytest.fixture
async def redis(redis_url: str) -> AsyncIterator[RedisClient]:
    client = connect(redis_url, cluster=ON_CLUSTER)
    yield client
    await client.aclose()


@pytest.fixture
def prefix() -> str:
    return f"test-{secrets.token_hex(4)}:"


@pytest.fixture
async def store(redis: RedisClient, prefix: str) -> AsyncIterator[Store]:
    yield Store(redis, prefix=prefix)
    keys = [k async for k in redis.scan_iter(match=f"{prefix}*", count=500)]
    if keys:
        await redis.delete(*keys)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def service(store: Store, clock: FakeClock) -> TableService:
    return TableService(store, clock=clock)


@pytest.fixture(scope="session")
def i18n() -> I18n:
    return I18n()


@pytest.fixture(scope="session")
def chromium() -> str:
    """The system's Chromium; without it the browser tests fail, saying what to install."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"The browser tests need Chromium at {CHROMIUM}: "
            "apt-get install chromium (.ci/run installs it). "
            "Playwright's own browser download is not used."
        )
    return str(CHROMIUM)


@pytest.fixture(scope="session")
async def browser(chromium: str) -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield launched
        await launched.close()
