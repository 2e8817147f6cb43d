"""The README's run command, as an operator runs it, against the fake Bot API server."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

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
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=env, cwd=tmp_path,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        try:
            await fake.wait_until(lambda: fake.waiting_polls > 0, timeout=30)
            assert fake.commands({"type": "all_group_chats"}, "ru")
            fake.send_text(ANYA, GROUP, "/play klac")
            await fake.wait_for(lambda c: c.method == "sendMessage" and c.chat_id == GROUP, 15)
            assert "Клац!: новый стол" in (fake.last_message(GROUP).content or "")
        finally:
            process.send_signal(signal.SIGTERM)
            _, stderr = await asyncio.wait_for(process.communicate(), 30)
        assert process.returncode == 0, stderr.decode()
        log = stderr.decode()
        assert "event=started" in log and "event=create" in log
        assert "update=" in log, "log lines name the Telegram update they belong to"
