"""Bot-side handling time per button press in Telegram; prints figures (not a test).

    python -m bench.telegram_press [--games N]

Runs the real aiogram bot against the fake Bot API server from the test suite
on loopback, plays whole 3-player Klac! games by pressing the buttons the
players see, and times each callback update from the moment the dispatcher
receives it until its handler returns (every check and Redis round trip;
Telegram calls are only queued, and images are drawn by the queued calls).
For presses that make a move it also times the whole round trip: from the
press until every message it caused (table image, hands, pings) was drawn and
sent to the fake server, which shares this process. Uses REDIS_URL if set,
otherwise a private redis-server.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import TelegramObject, Update

from bench.common import redis_url, report_presses
from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.pacing import Limits
from bot.core.redis_client import connect
from bot.core.screens import Screens
from bot.core.service import PlayerInfo, TableService
from bot.core.store import Store
from bot.core.tokens import MoveToken, decode
from bot.telegram.app import build
from games import registry
from tests.telegram.fake_api import FakeTelegram

KLAC = registry.get("klac")
GROUP = -100900
USERS = {11: "Аня", 12: "Boris", 13: "Вика"}


async def play(url: str, games: int) -> tuple[list[float], list[float], list[float]]:
    """Durations (ms): menu-step presses, move presses, and a move press until every
    message it caused (table, hands, pings) was drawn and sent."""
    steps: list[float] = []
    moves: list[float] = []
    delivered: list[float] = []

    async def timing(
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        started = time.perf_counter()
        result = await handler(event, data)
        elapsed = (time.perf_counter() - started) * 1000
        if isinstance(event, Update) and event.callback_query is not None:
            token = decode(event.callback_query.data)
            assert isinstance(token, MoveToken)
            table, _ = await service.get(token.table_id)
            (moves if table.state_version != token.version else steps).append(elapsed)
        return result

    redis = connect(url)
    prefix = f"bench-tg-{os.getpid()}:"
    async with FakeTelegram() as fake:
        fake.add_group(GROUP, "Bench")
        for user, name in USERS.items():
            fake.add_user(user, name)
        service = TableService(Store(redis, prefix=prefix))
        i18n = I18n()
        bot = Bot(
            fake.token, session=AiohttpSession(api=TelegramAPIServer.from_base(fake.base_url))
        )
        fast = Limits(chat_interval=0, group_per_minute=10**6, global_per_second=10**6)
        tg = await build(bot, service, Screens(service, i18n), Languages(service.store, "ru"), fast)
        tg.dispatcher.update.outer_middleware(timing)
        polling = asyncio.create_task(
            tg.dispatcher.start_polling(bot, handle_signals=False, close_bot_session=False)
        )
        for user in USERS:
            await tg.frontend.mark_messageable(user)
        rng = random.Random(1)
        for game in range(games):
            players = [PlayerInfo(f"tg:{u}", n) for u, n in USERS.items()]
            table = await service.create(f"tg:{GROUP}", players[0], "klac", {"target": 50})
            for player in players[1:]:
                await service.join(table.id, player)
            await service.start(table.id, players[0].key)
            table, state = await service.get(table.id)
            while not KLAC.is_over(state):
                await fake.idle(quiet=0.02)
                await tg.outbox.drain()
                user = int(table.players[KLAC.to_move(state)[0]].key[3:])
                message = [m for m in fake.messages(user) if m.photo is not None][-1]
                options = [b["callback_data"] for row in message.buttons for b in row
                           if not b["text"].startswith(("⬅", "✖"))]  # fmt: skip
                token = decode(rng.choice(options))
                assert isinstance(token, MoveToken)
                version = table.state_version
                started = time.perf_counter()
                await fake.wait_answer(fake.press(user, user, message.message_id, token.encode()))
                table, state = await service.get(table.id)
                if table.state_version != version:
                    await tg.outbox.drain()
                    delivered.append((time.perf_counter() - started) * 1000)
            print(f"game {game + 1}: {table.state_version - 1} moves")
        await tg.dispatcher.stop_polling()
        await polling
        await tg.outbox.drain()
        await bot.session.close()
    keys = [k async for k in redis.scan_iter(match=f"{prefix}*", count=1000)]
    if keys:
        await redis.delete(*keys)
    await redis.aclose()
    return steps, moves, delivered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    with redis_url() as url:
        steps, moves, delivered = asyncio.run(play(url, args.games))
    report_presses("telegram", steps, moves, delivered)
    print("target: p50 <= 30 ms over a played game, rendering included")


if __name__ == "__main__":
    main()
