"""The README's run command with DISCORD_TOKEN (and with both tokens), as an operator runs it."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.discord.fake_discord import FakeDiscord
from tests.telegram.conftest import ANYA, GROUP
from tests.telegram.fake_api import FakeTelegram


async def stop(process: asyncio.subprocess.Process) -> bytes:
    """SIGTERM, as an operator stops it; killed if it does not stop (never left running)."""
    process.send_signal(signal.SIGTERM)
    try:
        _, stderr = await asyncio.wait_for(process.communicate(), 30)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    return stderr


async def test_python_m_bot_runs_discord_and_telegram_in_one_process(
    redis_url: str, prefix: str, tmp_path: Path
) -> None:
    async with FakeDiscord() as discord_fake, FakeTelegram() as telegram_fake:
        telegram_fake.add_group(GROUP, "Клуб")
        telegram_fake.add_user(ANYA, "Аня")
        env = {
            **os.environ,
            "DISCORD_TOKEN": discord_fake.token,
            "DISCORD_API_URL": discord_fake.base_url,
            "TELEGRAM_TOKEN": telegram_fake.token,
            "TELEGRAM_API_URL": telegram_fake.base_url,
            "REDIS_URL": redis_url,
            "REDIS_KEY_PREFIX": prefix,
        }
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=env, cwd=tmp_path,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        try:
            await discord_fake.wait_until(lambda: len(discord_fake.global_commands) == 8, 60)
            await telegram_fake.wait_until(lambda: telegram_fake.waiting_polls > 0, timeout=60)
            telegram_fake.send_text(ANYA, GROUP, "/play klac")
            await telegram_fake.wait_for(
                lambda c: c.method == "sendMessage" and c.chat_id == GROUP, 15
            )
        finally:
            stderr = await stop(process)
        log = stderr.decode()
        assert process.returncode == 0, log
        assert "event=started" in log and "telegram=polling discord=on" in log
        assert "event=commands-synced count=8" in log
        names = {c["name"] for c in discord_fake.global_commands}
        assert names == {"play", "hand", "rules", "stop", "stats", "lang", "deck", "help"}


async def test_a_refused_discord_token_is_one_clear_line(redis_url: str, tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("TELEGRAM")},
            "DISCORD_TOKEN": "not-the-token",
            "DISCORD_API_URL": fake.base_url,
            "REDIS_URL": redis_url,
        }
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=env, cwd=tmp_path,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        try:
            _, stderr = await asyncio.wait_for(process.communicate(), 60)
        finally:
            if process.returncode is None:
                process.kill()
    assert process.returncode == 2
    assert "Configuration error: Discord refused DISCORD_TOKEN" in stderr.decode()
    assert "Traceback" not in stderr.decode()
