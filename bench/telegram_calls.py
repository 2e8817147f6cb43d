"""Bot API calls and Redis round trips per move in Telegram; prints figures (not a test).

    python -m bench.telegram_calls [--games N]

Runs the real aiogram bot against the fake Bot API server from the test suite
on loopback and plays whole 3-player Klac! games (a match to 50) by pressing
the buttons the players see, choosing at random: in a group, then at a table
started in inline mode (``@bot`` in a chat of the three that the bot is not
in), whose every new picture is uploaded to a storage chat before the table's
message shows it by file id. For every press that makes a
move it counts, from the moment the press is made until every message it
caused was sent, the calls the bot made to the Bot API (by method) and the
Redis round trips of every client in the process (``bench.common.RoundTrips``:
the service's load and save, the frontend's reads, marks and writes, the
shared rate budget). An *ordinary* move is one that does not end the match.
No sweep runs, so nothing but the press is counted. Moves follow one another
at once, faster than people play: a waiting hand whose picture changed (a
card laid in that player's row) is redrawn lazily, within
``bot.telegram.publication.LAZY_SECONDS`` (a minute), and the message of
that player's next turn shows it first, here and at people's pace alike: the
edit is made only when the two other players take more than a minute
between them. Uses REDIS_URL if set, otherwise a private redis-server.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
from collections import Counter
from dataclasses import dataclass, field

from bench.common import RoundTrips, redis_url
from bench.telegram_bot import GROUP, STORAGE, Running, running
from bot.config import switch
from bot.core.redis_client import connect
from games import registry

KLAC = registry.get("klac")
#: Not calls the bot makes because of a move: long polling, and the answer to the press.
NOT_COUNTED = frozenset({"getUpdates", "answerCallbackQuery"})
#: The targets (issue 19): outgoing calls per ordinary move besides the press's
#: answer, on average over whole games; Redis round trips per ordinary move press.
CALLS_TARGET = 3.0
ROUND_TRIPS_TARGET = 6


@dataclass
class Figures:
    """What whole games cost, move by move."""

    games: int = 0
    #: moves that did not end the match
    moves: int = 0
    #: outgoing calls of those moves, by method and chat, "editMessageMedia
    #: (private)" (answers and polling left out)
    calls: Counter[str] = field(default_factory=Counter)
    #: answerCallbackQuery calls made for those moves' presses
    answers: int = 0
    #: Redis round trips of each ordinary move, from its press until all was sent
    round_trips: list[int] = field(default_factory=list)
    #: every outgoing call of the games (starts and ends included), by method
    game_calls: Counter[str] = field(default_factory=Counter)
    #: every move, the last ones included
    all_moves: int = 0

    @property
    def calls_per_move(self) -> float:
        """Outgoing calls per ordinary move, the press's answer left out."""
        return sum(self.calls.values()) / self.moves


async def play(
    url: str, games: int, *, seed: int = 1, prefix: str | None = None, inline: bool = False
) -> Figures:
    """Play ``games`` whole matches (``inline``: in inline messages) and count
    what each ordinary move cost."""
    redis = connect(url, cluster=switch(os.environ, "REDIS_CLUSTER"))
    figures = Figures()
    async with running(redis, prefix or f"bench-calls-{os.getpid()}:") as run:
        # A new connection's handshake is a round trip too: open the pool's
        # connections before anything is counted.
        await asyncio.gather(*(redis.ping() for _ in range(16)))
        rng = random.Random(seed)
        for _ in range(games):
            await _game(run, rng, figures, inline)
    return figures


async def _game(run: Running, rng: random.Random, figures: Figures, inline: bool) -> None:
    fake, service, drain = run.fake, run.service, run.tg.outbox.drain
    first_call = len(fake.calls)
    table, state = await service.get(await run.klac(inline=inline))
    while not KLAC.is_over(state):
        press = await run.next_press(table, state, rng)
        version = table.state_version
        before = len(fake.calls)
        with RoundTrips().installed() as trips:
            await press.make(fake)
            await fake.idle(quiet=0.02)
            await drain()
        table, state = await service.get(table.id)
        if table.state_version == version:
            continue
        figures.all_moves += 1
        # A move that ends a round is no ordinary move: its round's summary is
        # posted too (counted in the whole games' calls).
        if KLAC.is_over(state) or any(e.get("kind") == "round_end" for e in table.events):
            continue
        figures.moves += 1
        figures.round_trips.append(trips.count)
        for call in fake.calls[before:]:
            if call.method == "answerCallbackQuery":
                figures.answers += 1
            elif call.method not in NOT_COUNTED:
                figures.calls[f"{call.method} ({_where(call.params)})"] += 1
    await fake.idle(quiet=0.05)
    await drain()
    figures.games += 1
    figures.game_calls.update(
        c.method for c in fake.calls[first_call:] if c.method not in NOT_COUNTED
    )


def _where(params: dict[str, object]) -> str:
    if params.get("inline_message_id"):
        return "inline message"
    chat = params.get("chat_id")
    return {GROUP: "group", STORAGE: "storage chat"}.get(chat, "private")  # type: ignore[call-overload]


def report(figures: Figures, title: str) -> None:
    """Print the figures and the targets."""
    moves = figures.moves
    print(f"{title}: {figures.games} games, {figures.all_moves} moves, {moves} ordinary")
    print("Bot API calls per ordinary move (average over whole games):")
    for method, count in sorted(figures.calls.items()):
        print(f"  {method}: {count / moves:.2f}")
    print(f"  all: {figures.calls_per_move:.2f}   (target <= {CALLS_TARGET:.0f})")
    print(f"  answerCallbackQuery: {figures.answers / moves:.2f}")
    whole = sum(figures.game_calls.values())
    print(
        f"every call of the games (starts and ends too) per move: {whole / figures.all_moves:.2f}"
    )
    trips = sorted(figures.round_trips)
    print(
        f"Redis round trips per ordinary move: p50 {statistics.median(trips):.0f},"
        f" mean {statistics.fmean(trips):.1f}, max {trips[-1]}"
        f"   (target <= {ROUND_TRIPS_TARGET})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    with redis_url() as url:
        report(asyncio.run(play(url, args.games)), "In a group")
        print()
        report(asyncio.run(play(url, args.games, inline=True)), "In an inline message")


if __name__ == "__main__":
    main()
