"""The playground's /metrics: a game pressed through the players' pages, and a
stale press, counted by game and frontend."""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace
from pathlib import Path

import aiohttp
from aiohttp.test_utils import TestClient

from bot.core.redis_server import free_port
from bot.core.tokens import MoveToken, decode
from tests.playground.conftest import new_room
from tests.processes import playground_url, running_bot
from tests.scrape import get, parse


async def test_a_game_through_the_pages_moves_the_figures(client: TestClient) -> None:
    url = await new_room(client, names=2)
    room = await (await client.get(url + "state")).json()
    start = next(
        b["token"] for row in room["messages"][0]["buttons"] for b in row if "Start" in b["label"]
    )
    assert (await (await client.post(url + "press", json={"token": start, "player": 0})).json())[
        "ok"
    ]
    panels = [p["panel"] for p in room["players"]]
    rng = random.Random(5)
    presses = 1
    for _ in range(6):
        room = await (await client.get(url + "state")).json()
        mover = next(p["index"] for p in room["players"] if p["to_move"])
        own = await (await client.get(panels[mover] + "state")).json()
        options = [
            b["token"]
            for row in own["message"]["buttons"]
            for b in row
            if b["token"].startswith("m:") and not b["label"].startswith(("⬅", "✖", "💡"))
        ]
        token = rng.choice(options)
        pressed = await client.post(panels[mover] + "press", json={"token": token})
        assert (await pressed.json())["ok"]
        presses += 1
    # The mover's button as it was built before the last move.
    last = decode(token)
    assert isinstance(last, MoveToken) and last.version > 1
    old = replace(last, version=last.version - 1, path=()).encode()
    stale = await client.post(panels[mover] + "press", json={"token": old})
    assert not (await stale.json())["ok"]
    response = await client.get("/metrics")
    assert response.status == 200
    samples = parse(await response.text())
    assert (
        samples.value("tablebot_presses_total", game="klac", frontend="playground") == presses + 1
    )
    assert samples.value("tablebot_refusals_total", code="stale", frontend="playground") == 1
    assert 1 <= samples.value("tablebot_moves_total", game="klac", frontend="playground") <= 6
    assert samples.value("tablebot_render_seconds_count", game="klac") >= 2
    assert samples.value("tablebot_tables", game="klac", status="playing") == 1
    assert not samples.has("tablebot_platform_calls_total")


async def test_python_m_bot_serves_metrics_and_logs_json(
    redis_url: str, prefix: str, tmp_path: Path
) -> None:
    """The process as an operator runs it: ``/metrics`` on the playground's port
    and on ``METRICS_PORT``, Redis round trips counted, every log line JSON."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM", "DISCORD"))}
    env |= {"REDIS_URL": redis_url, "REDIS_KEY_PREFIX": prefix, "PLAYGROUND_PORT": "0"}
    env |= {"METRICS_PORT": str(port), "LOG_FORMAT": "json", "LOG_LEVEL": "INFO"}
    async with running_bot(env, tmp_path) as bot:
        url = await playground_url(bot)
        async with aiohttp.ClientSession() as session:
            table = {"game": "klac", "names": ["A", "B"]}
            async with session.post(url + "api/rooms", json=table) as response:
                assert (await response.json())["ok"]
        own = await get(f"http://127.0.0.1:{port}/metrics")
        played = await get(url + "metrics")
    assert bot.returncode == 0, bot.stderr
    for samples in (own, played):
        assert samples.value("tablebot_redis_round_trips_total") > 0
        assert samples.value("tablebot_tables", game="klac", status="lobby") == 1
    entries = [json.loads(text) for text in bot.stderr.splitlines()]
    events = {entry.get("event") for entry in entries}
    assert {"started", "metrics-listening", "create"} <= events, events
    create = next(e for e in entries if e.get("event") == "create")
    assert create["game"] == "klac" and create["platform"] == "playground"
