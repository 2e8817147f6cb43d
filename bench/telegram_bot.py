"""The real aiogram bot against the fake Bot API on loopback, for the Telegram
benchmarks: a group of three players, no pacing, long polling running."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.pacing import Limits
from bot.core.redis_client import RedisClient
from bot.core.screens import Screens
from bot.core.service import PlayerInfo, TableService
from bot.core.store import Store
from bot.telegram.app import TelegramFrontend, build
from tests.telegram.fake_api import FakeTelegram

GROUP = -100900
USERS = {11: "Аня", 12: "Boris", 13: "Вика"}


@dataclass
class Running:
    """The fake server, the service and the bot of one benchmark run."""

    fake: FakeTelegram
    service: TableService
    tg: TelegramFrontend

    async def klac(self) -> str:
        """A started 3-player Klac! match to 50 in the group; its table id."""
        players = [PlayerInfo(f"tg:{u}", n) for u, n in USERS.items()]
        table = await self.service.create(f"tg:{GROUP}", players[0], "klac", {"target": 50})
        for player in players[1:]:
            await self.service.join(table.id, player)
        await self.service.start(table.id, players[0].key)
        return table.id


@contextlib.asynccontextmanager
async def running(redis: RedisClient, prefix: str) -> AsyncIterator[Running]:
    """The bot polling the fake server, its keys under ``prefix``; on the way
    out it stops, sends what is queued, and deletes its keys and the client."""
    async with FakeTelegram() as fake:
        fake.add_group(GROUP, "Bench")
        for user, name in USERS.items():
            fake.add_user(user, name)
        service = TableService(Store(redis, prefix=prefix))
        bot = Bot(
            fake.token, session=AiohttpSession(api=TelegramAPIServer.from_base(fake.base_url))
        )
        # No pacing: the figures are the bot's work, not Telegram's limits.
        fast = Limits(chat_interval=0, group_per_minute=10**6, global_per_second=10**6)
        tg = await build(
            bot, service, Screens(service, I18n()), Languages(service.store, "ru"), fast
        )
        polling = asyncio.create_task(
            tg.dispatcher.start_polling(bot, handle_signals=False, close_bot_session=False)
        )
        for user in USERS:
            await tg.frontend.mark_messageable(user)
        try:
            yield Running(fake, service, tg)
        finally:
            await tg.dispatcher.stop_polling()
            await polling
            await tg.outbox.drain()
            await bot.session.close()
    keys = [k async for k in redis.scan_iter(match=f"{prefix}*", count=1000)]
    if keys:
        await redis.delete(*keys)
    await redis.aclose()
