"""Bot-side handling time per component press in Discord; prints figures (not a test).

    python -m bench.discord_press [--games N]

Runs the real discord.py client with our frontend against the fake Discord
REST server from the test suite on loopback, plays whole 3-player Klac!
games by pressing what the players see (each opens "My hand" once, then
presses the buttons of that ephemeral message), and times each interaction
from its injection until the bot's handler returned: the deferred answer,
every check and Redis round trip, and a refusal or menu edit if any (the
table and other hands are only queued). For presses that make a move it also
times the whole round trip: until every message the move caused (the table
image, each hand edited through its interaction token, the ping) was drawn
and sent to the fake server, which shares this process. Uses REDIS_URL if
set, otherwise a private redis-server.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time

import discord
import discord.http

from bench.common import redis_url, report_presses
from bot.config import DiscordSettings
from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.redis_client import connect
from bot.core.screens import Screens
from bot.core.service import PlayerInfo, TableService
from bot.core.store import Store
from bot.core.tokens import MoveToken, decode
from bot.discord.app import build, make_client
from games import registry
from tests.discord.conftest import CHANNEL, GUILD, DiscordHarness, interaction_payload
from tests.discord.fake_discord import FakeDiscord

KLAC = registry.get("klac")
USERS = {1_500_000_000_000_000_001: "Аня", 1_500_000_000_000_000_002: "Boris",
         1_500_000_000_000_000_003: "Вика"}  # fmt: skip


async def play(url: str, games: int) -> tuple[list[float], list[float], list[float]]:
    """Durations (ms): menu-step presses, move presses, and a move press until every
    message it caused was drawn and sent."""
    steps: list[float] = []
    moves: list[float] = []
    delivered: list[float] = []
    redis = connect(url)
    prefix = f"bench-dc-{os.getpid()}:"
    async with FakeDiscord() as fake:
        fake.add_channel(CHANNEL, GUILD)
        discord.http.Route.BASE = fake.base_url
        service = TableService(Store(redis, prefix=prefix))
        client = make_client(DiscordSettings(token=fake.token))
        await client.login(fake.token)
        dc = await build(client, service, Screens(service, I18n()), Languages(service.store, "ru"))
        harness = DiscordHarness(fake, client)  # type: ignore[arg-type]
        rng = random.Random(1)
        for game in range(games):
            players = [PlayerInfo(f"dc:{u}", n) for u, n in USERS.items()]
            table = await service.create(f"dc:{CHANNEL}", players[0], "klac", {"target": 50})
            for player in players[1:]:
                await service.join(table.id, player)
            await service.start(table.id, players[0].key)
            await dc.sender.drain()
            table_ref = await service.store.get_ref(table.id, "dc:table")
            assert table_ref is not None
            hands: dict[int, int] = {}
            table, state = await service.get(table.id)
            while not KLAC.is_over(state):
                user = int(table.players[KLAC.to_move(state)[0]].key[3:])
                if user not in hands:
                    message = fake.message(CHANNEL, int(table_ref))
                    record = await harness.press(message, f"H:{table.id}", user=user)
                    await dc.sender.drain()
                    hands[user] = record.followups[-1]
                message = fake.message(CHANNEL, hands[user])
                options = [
                    (c["custom_id"], None)
                    for row in message.components
                    for c in row["components"]
                    if c["type"] == 2
                    and c["custom_id"].startswith("m:")
                    and not c["label"].startswith(("⬅", "✖"))
                ] + [
                    (c["custom_id"], o["value"])
                    for row in message.components
                    for c in row["components"]
                    if c["type"] == 3
                    for o in c["options"]
                ]
                custom_id, value = rng.choice(options)
                token = decode(value or custom_id)
                assert isinstance(token, MoveToken)
                version = table.state_version
                data: dict[str, object] = {"custom_id": custom_id, "component_type": 2}
                if value is not None:
                    data |= {"component_type": 3, "values": [value]}
                payload = interaction_payload(fake, 3, data, user=user, message=message)
                started = time.perf_counter()
                await harness.inject(payload)
                handled = (time.perf_counter() - started) * 1000
                table, state = await service.get(table.id)
                (moves if table.state_version != version else steps).append(handled)
                if table.state_version != version:
                    await dc.sender.drain()
                    delivered.append((time.perf_counter() - started) * 1000)
            print(f"game {game + 1}: {table.state_version - 1} moves")
        await dc.sender.drain()
        await client.close()
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
    report_presses("discord", steps, moves, delivered)
    print("Discord wants an answer within 3 s; every press is deferred first")


if __name__ == "__main__":
    main()
