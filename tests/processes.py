"""``python -m bot`` as an operator runs it, for the tests that start the real process."""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path


@dataclass
class BotProcess:
    """A running ``python -m bot``; ``stderr`` (its log) is read once it has stopped."""

    process: asyncio.subprocess.Process
    stderr: str = ""

    @property
    def returncode(self) -> int | None:
        return self.process.returncode


async def start(env: dict[str, str], cwd: Path) -> asyncio.subprocess.Process:
    """Start ``python -m bot`` with exactly ``env``, its output piped."""
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", env=env, cwd=cwd,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip


@contextlib.asynccontextmanager
async def running_bot(env: dict[str, str], cwd: Path) -> AsyncIterator[BotProcess]:
    """The bot runs inside the block and is stopped with SIGTERM after it, as an operator
    stops it; killed if it does not stop within 30 s, so no test leaves one running."""
    bot = BotProcess(await start(env, cwd))
    try:
        yield bot
    finally:
        bot.process.send_signal(signal.SIGTERM)
        bot.stderr = (await _finish(bot.process, 30)).decode()


async def playground_url(bot: BotProcess) -> str:
    """The playground's address, from the line the bot prints when it listens."""
    stdout = bot.process.stdout
    assert stdout is not None
    line = (await asyncio.wait_for(stdout.readline(), 30)).decode()
    found = re.search(r"http://127\.0\.0\.1:\d+/", line)
    assert found, line
    return found[0]


async def run_to_exit(env: dict[str, str], cwd: Path, timeout: float = 60) -> tuple[int, str]:  # noqa: ASYNC109
    """Run ``python -m bot`` until it exits by itself; its exit code and log."""
    process = await start(env, cwd)
    stderr = await _finish(process, timeout)
    assert process.returncode is not None
    return process.returncode, stderr.decode()


async def _finish(process: asyncio.subprocess.Process, timeout: float) -> bytes:  # noqa: ASYNC109
    try:
        _, stderr = await asyncio.wait_for(process.communicate(), timeout)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    return stderr
