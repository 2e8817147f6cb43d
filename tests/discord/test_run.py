"""The README's run command with DISCORD_TOKEN (and with both tokens), as an operator runs it."""

from __future__ import annotations

import os
from pathlib import Path

from tests.discord.fake_discord import FakeDiscord
from tests.discord.test_commands import COMMANDS
from tests.processes import run_to_exit, running_bot
from tests.telegram.conftest import ANYA, GROUP
from tests.telegram.fake_api import FakeTelegram


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
        async with running_bot(env, tmp_path) as bot:
            await discord_fake.wait_until(
                lambda: len(discord_fake.global_commands) == len(COMMANDS), 60
            )
            await telegram_fake.wait_until(lambda: telegram_fake.waiting_polls > 0, timeout=60)
            telegram_fake.send_text(ANYA, GROUP, "/play klac")
            await telegram_fake.wait_for(
                lambda c: c.method == "sendMessage" and c.chat_id == GROUP, 15
            )
        assert bot.returncode == 0, bot.stderr
        assert "event=started" in bot.stderr and "telegram=polling discord=on" in bot.stderr
        assert f"event=commands-synced count={len(COMMANDS)}" in bot.stderr
        names = {c["name"] for c in discord_fake.global_commands}
        assert names == set(COMMANDS)


async def test_a_refused_discord_token_is_one_clear_line(redis_url: str, tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("TELEGRAM")},
            "DISCORD_TOKEN": "not-the-token",
            "DISCORD_API_URL": fake.base_url,
            "REDIS_URL": redis_url,
        }
        code, log = await run_to_exit(env, tmp_path)
    assert code == 2
    assert "Configuration error: Discord refused DISCORD_TOKEN" in log
    assert "Traceback" not in log
