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
import time

from bench.common import median_and_p99, redis_url
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
            table_id, seats = await pool.open_klac(GROUP, list(USERS))
            await pool.current_within(table_id, GROUP, seats, 60)
            for n in range(moves):
                await asyncio.sleep(think)
                started = time.perf_counter()
                await pool.move(table_id, seats)
                await pool.current_within(table_id, GROUP, seats, 120)
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
        durations = asyncio.run(run(url, args.moves, args.workers, args.think))
    p50, p99 = median_and_p99(durations)
    print(
        f"{args.workers} workers, {len(durations)} moves {args.think:g} s apart: press until"
        f" every screen is current p50 {p50:.0f} ms, p99 {p99:.0f} ms"
    )


if __name__ == "__main__":
    main()
