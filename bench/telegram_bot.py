"""The real aiogram bot against the fake Bot API on loopback, for the Telegram
benchmarks: a group of three players (who also share a chat the bot is not
in, for inline mode, with a storage chat for its pictures), no pacing, long
polling running."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

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
from bot.core.tables import Table
from bot.core.tokens import MoveToken, decode
from bot.telegram import ids
from bot.telegram.app import TelegramFrontend, build, start_polling
from games import registry
from tests.telegram.fake_api import FakeTelegram

KLAC = registry.get("klac")

GROUP = -100900
#: Where the pictures of inline messages are uploaded (``TELEGRAM_STORAGE_CHAT``).
STORAGE = -100901
USERS = {11: "Аня", 12: "Boris", 13: "Вика"}


@dataclass(frozen=True)
class Press:
    """A button a player is about to press on their hand."""

    user: int
    message_id: int
    token: MoveToken

    async def make(self, fake: FakeTelegram) -> None:
        """Press it and wait for the bot's answer."""
        pressed = fake.press(self.user, self.user, self.message_id, self.token.encode())
        await fake.wait_answer(pressed)


@dataclass
class Running:
    """The fake server, the service and the bot of one benchmark run."""

    fake: FakeTelegram
    service: TableService
    tg: TelegramFrontend

    async def next_press(self, table: Table, state: Any, rng: random.Random) -> Press:
        """Once everything queued was sent: a button of the hand of the player to
        move in Klac! ``state``, chosen at random (back and cancel left out)."""
        await self.fake.idle(quiet=0.02)
        await self.tg.outbox.drain()
        user = int(table.players[KLAC.to_move(state)[0]].key[3:])
        message = [m for m in self.fake.messages(user) if m.photo is not None][-1]
        options = [b["callback_data"] for row in message.buttons for b in row
                   if not b["text"].startswith(("⬅", "✖"))]  # fmt: skip
        token = decode(rng.choice(options))
        assert isinstance(token, MoveToken)
        return Press(user, message.message_id, token)

    async def klac(self, *, inline: bool = False) -> str:
        """A started 3-player Klac! match to 50 in the group (``inline``: in an
        inline message posted in a chat of the three, by its first player's
        choice of the ``@bot`` query's result); its table id."""
        players = [PlayerInfo(f"tg:{u}", n) for u, n in USERS.items()]
        chat = f"tg:{GROUP}"
        if inline:
            query = self.fake.inline_query(11, self.fake.add_conversation(*USERS), "klac")
            await self.fake.wait_until(lambda: self.fake.inline_queries[query].answer is not None)
            posted = self.fake.choose(query, "new:klac")
            assert posted.inline_message_id is not None
            chat = ids.inline_key(posted.inline_message_id)
            await self.fake.idle(quiet=0.05)
            await self.tg.outbox.drain()
            lobby = await self.service.table_in(chat)
            assert lobby is not None
            await self.service.set_option(lobby.id, players[0].key, "target", 50)
        else:
            await self.service.create(chat, players[0], "klac", {"target": 50})
        table = await self.service.table_in(chat)
        assert table is not None
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
        fake.add_group(STORAGE, "Pictures")
        for user, name in USERS.items():
            fake.add_user(user, name)
        service = TableService(Store(redis, prefix=prefix))
        bot = Bot(
            fake.token, session=AiohttpSession(api=TelegramAPIServer.from_base(fake.base_url))
        )
        # No pacing: the figures are the bot's work, not Telegram's limits.
        fast = Limits(chat_interval=0, group_per_minute=10**6, global_per_second=10**6)
        tg = await build(
            bot, service, Screens(service, I18n()), Languages(service.store, "ru"), fast, STORAGE
        )
        polling = asyncio.create_task(start_polling(tg))
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
