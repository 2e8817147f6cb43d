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

from aiogram.types import TelegramObject, Update

from bench.common import redis_url, report_presses
from bench.telegram_bot import running
from bot.core.redis_client import connect
from bot.core.tokens import MoveToken, decode
from games import registry

KLAC = registry.get("klac")


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

    async with running(connect(url), f"bench-tg-{os.getpid()}:") as run:
        fake, service, tg = run.fake, run.service, run.tg
        tg.dispatcher.update.outer_middleware(timing)
        rng = random.Random(1)
        for game in range(games):
            table, state = await service.get(await run.klac())
            while not KLAC.is_over(state):
                press = await run.next_press(table, state, rng)
                version = table.state_version
                started = time.perf_counter()
                await press.make(fake)
                table, state = await service.get(table.id)
                if table.state_version != version:
                    await tg.outbox.drain()
                    delivered.append((time.perf_counter() - started) * 1000)
            print(f"game {game + 1}: {table.state_version - 1} moves")
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
