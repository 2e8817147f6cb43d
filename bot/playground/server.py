"""Serving the playground: the web server and the timer loop, until asked to stop."""

from __future__ import annotations

import asyncio
import ctypes
import logging
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from aiohttp import web

from bot.config import PlaygroundSettings, read_dotenv
from bot.core.timers import run_timers
from bot.playground.web import is_loopback, make_app
from games import registry

if TYPE_CHECKING:
    from bot.app import Core

log = logging.getLogger("bot.playground")

#: Seconds open pages get to notice the server stopping before it closes them.
SHUTDOWN_SECONDS = 3.0
#: glibc's ``mallopt`` parameter number of the mmap threshold, and the value
#: it starts with (128 KiB).
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 128 * 1024


async def run(core: Core, settings: PlaygroundSettings, stop: asyncio.Event) -> int:
    """Serve the playground, with turn timers and votes, until ``stop`` is set.

    Prints the URL to open; returns the process's exit code.
    """
    return_freed_memory()
    if not log_level_asked(os.environ, read_dotenv(Path(".env"))):
        # One person at a browser needs no line per move (a game makes
        # hundreds); LOG_LEVEL=INFO brings them back.
        logging.getLogger("bot.core").setLevel(logging.WARNING)
    loopback = is_loopback(settings.host)
    app = make_app(
        core.service,
        core.screens,
        core.languages,
        loopback_only=loopback,
        metrics_public=core.settings.metrics_public,
    )
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=SHUTDOWN_SECONDS)
    await runner.setup()
    site = web.TCPSite(runner, settings.host, settings.port, shutdown_timeout=SHUTDOWN_SECONDS)
    try:
        await site.start()
    except OSError as exc:
        await runner.cleanup()
        print(
            f"The playground cannot listen on {settings.host}:{settings.port} ({exc.strerror});"
            " set PLAYGROUND_PORT to a free port (see .env.example).",
            file=sys.stderr,
        )
        return 2
    url = page_url(settings.host, runner.addresses)
    timers = asyncio.create_task(run_timers(core.service, stop))
    log.info("event=started frontend=playground games=%s url=%s", ",".join(registry.names()), url)
    print(
        f"No TELEGRAM_TOKEN or DISCORD_TOKEN set: the local playground is at {url}"
        " (Ctrl+C stops it)",
        flush=True,
    )
    if not loopback:
        print(
            f"Listening on {settings.host}, beyond this machine: each table and each hand"
            " opens only by its own secret link, and anyone given a link can use it."
            " The traffic is plain HTTP: play on a network you trust.",
            file=sys.stderr,
            flush=True,
        )
    try:
        await stop.wait()
    finally:
        stop.set()
        await timers
        await runner.cleanup()
    return 0


def return_freed_memory() -> None:
    """Have the C allocator hand big freed blocks back to the system at once.

    Pictures are drawn in buffers of megabytes, in worker threads. Each time
    such a block is freed glibc raises its mmap threshold to the block's size,
    so later ones come from its heaps (one per thread), which keep freed
    memory for reuse: a long session held on to hundreds of MB that Python
    had already let go. Setting the threshold fixes it where it started.
    Other C libraries have no ``mallopt`` (or no such habit).
    """
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return
    mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)


def log_level_asked(*sources: Mapping[str, str]) -> bool:
    """Whether ``LOG_LEVEL`` was set (in the environment or ``.env``)."""
    return any(source.get("LOG_LEVEL") for source in sources)


def page_url(host: str, addresses: list[object]) -> str:
    """The URL to open, from the configured host and the port actually bound."""
    port = next(
        (int(a[1]) for a in addresses if isinstance(a, tuple) and len(a) >= 2),
        0,
    )
    shown = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "[::1]"}.get(host, host)
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"
