"""Webhook mode: the secret is checked, updates are handled, /healthz answers."""

from __future__ import annotations

import aiohttp

from bot.config import TelegramSettings
from bot.core.redis_server import free_port
from bot.core.service import TableService
from bot.core.store import Store
from bot.telegram.app import start_webhook
from tests.telegram.conftest import ANYA, GROUP, make_frontend
from tests.telegram.fake_api import FakeTelegram


async def test_webhook_checks_the_secret_and_handles_updates(
    service: TableService, store: Store
) -> None:
    async with FakeTelegram() as fake:
        fake.add_group(GROUP, "Клуб")
        fake.add_user(ANYA, "Аня")
        tg = await make_frontend(fake, service, store)
        port = free_port()
        settings = TelegramSettings(
            token=fake.token,
            webhook_url="https://bot.example/",
            webhook_secret="s3cret",
            listen_port=port,
        )
        runner = await start_webhook(tg, settings)
        try:
            assert fake.webhook is not None
            assert fake.webhook["url"] == "https://bot.example/telegram"
            update = fake.send_text(ANYA, GROUP, "/help", deliver=False)
            url = f"http://127.0.0.1:{port}"
            async with aiohttp.ClientSession() as http:
                forged = await http.post(
                    f"{url}/telegram",
                    json=update,
                    headers={"X-Telegram-Bot-Api-Secret-Token": "nope"},
                )
                assert forged.status == 401
                real = await http.post(
                    f"{url}/telegram",
                    json=update,
                    headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret"},
                )
                assert real.status == 200
                await fake.wait_for(lambda c: c.method == "sendMessage" and c.chat_id == GROUP)
                await tg.outbox.drain()
                assert "/play" in (fake.last_message(GROUP).content or "")
                health = await http.get(f"{url}/healthz")
                assert health.status == 200 and (await health.json())["ok"] is True
        finally:
            await runner.cleanup()
            await tg.bot.session.close()
