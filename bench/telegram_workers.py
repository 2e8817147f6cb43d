"""From a press until every screen it causes is current, with several webhook
workers; prints figures (not a test).

    python -m bench.telegram_workers [--moves N] [--workers W] [--think S]

Starts W ``python -m bot`` processes in webhook mode against the fake Bot API
server from the test suite (on loopback, with Telegram's real limits: a
message a second per chat, twenty a minute per group), posts each update to
the next worker in turn, and has the three players of a Klac! game make N
moves, one press each, S seconds after the screens showed the previous one (a
player's thinking; 0: back to back, when the group's one edit every 3 s sets
the pace). For every move it measures the time from the press until the
group's table and every hand show the new state. Uses REDIS_URL if
set, otherwise a private redis-server.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import statistics
import time

from bench.common import redis_url
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.workers import workers

GROUP = -100500
USERS = {11: "Аня", 12: "Boris", 13: "Вика"}


async def run(url: str, moves: int, count: int, think: float) -> list[float]:
    """Milliseconds from each move's press until every screen was current."""
    out: list[float] = []
    async with FakeTelegram() as fake:
        fake.add_group(GROUP, "Bench")
        for user, name in USERS.items():
            fake.add_user(user, name, language_code="ru")
        async with workers(fake, url, f"bench-workers-{secrets.token_hex(4)}:", count) as pool:
            for index in range(count):
                await pool.start(index)
            for user in USERS:
                await pool.say(user, user, "/start")
            await pool.say(11, GROUP, "/play klac")
            await fake.wait_until(lambda: any(m.buttons for m in fake.messages(GROUP)), timeout=10)
            lobby = [m for m in fake.messages(GROUP) if m.buttons][-1]
            for user in (12, 13):
                await pool.press(user, GROUP, lobby.message_id, lobby.button_data("✋ Сесть"))
            await pool.press(11, GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
            table = await pool.service.table_in(f"tg:{GROUP}")
            assert table is not None
            seats = {int(p.key[3:]): s for s, p in enumerate(table.players)}
            await pool.current_within(table.id, GROUP, seats, 60)
            for n in range(moves):
                await asyncio.sleep(think)
                started = time.perf_counter()
                await pool.move(table.id, seats)
                await pool.current_within(table.id, GROUP, seats, 120)
                out.append((time.perf_counter() - started) * 1000)
                print(f"move {n + 1}: {out[-1]:.0f} ms", flush=True)
    return out


def main() -> None:
    """Parse arguments, run, print p50/p99."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--think", type=float, default=3.0)
    args = parser.parse_args()
    with redis_url() as url:
        durations = sorted(asyncio.run(run(url, args.moves, args.workers, args.think)))
    p50 = statistics.median(durations)
    p99 = durations[min(len(durations) - 1, int(len(durations) * 0.99))]
    print(
        f"{args.workers} workers, {len(durations)} moves {args.think:g} s apart: press until"
        f" every screen is current p50 {p50:.0f} ms, p99 {p99:.0f} ms"
    )


if __name__ == "__main__":
    main()
