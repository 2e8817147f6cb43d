"""The playground's /metrics: a game pressed through the players' pages, and a
stale press, counted by game and frontend."""

from __future__ import annotations

import random
from dataclasses import replace

from aiohttp.test_utils import TestClient

from bot.core.tokens import MoveToken, decode
from tests.playground.conftest import new_room
from tests.scrape import parse


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
