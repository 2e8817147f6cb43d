"""The README's run command, as an operator runs it, against the fake Bot API server."""

from __future__ import annotations

import os
from pathlib import Path

from tests.processes import running_bot
from tests.telegram.conftest import ANYA, GROUP
from tests.telegram.fake_api import FakeTelegram


async def test_python_m_bot_serves_a_group_and_stops_cleanly(
    redis_url: str, prefix: str, tmp_path: Path
) -> None:
    async with FakeTelegram() as fake:
        fake.add_group(GROUP, "Клуб")
        fake.add_user(ANYA, "Аня")
        env = {
            **os.environ,
            "TELEGRAM_TOKEN": fake.token,
            "TELEGRAM_API_URL": fake.base_url,
            "REDIS_URL": redis_url,
            "REDIS_KEY_PREFIX": prefix,
        }
        async with running_bot(env, tmp_path) as bot:
            await fake.wait_until(lambda: fake.waiting_polls > 0, timeout=30)
            assert fake.commands({"type": "all_group_chats"}, "ru")
            fake.send_text(ANYA, GROUP, "/play klac")
            await fake.wait_for(lambda c: c.method == "sendMessage" and c.chat_id == GROUP, 15)
            assert "Клац!: новый стол" in (fake.last_message(GROUP).content or "")
        assert bot.returncode == 0, bot.stderr
        assert "event=started" in bot.stderr and "event=create" in bot.stderr
        assert "update=" in bot.stderr, "log lines name the Telegram update they belong to"
