"""Discord's figures on /metrics: a game on the table message with a 429 and a
5xx on its edit, counted by route, with no id or interaction token in a label."""

from __future__ import annotations

import random
import re

from tests.discord.conftest import ANYA, BORIS, Server
from tests.discord.test_failures import TABLE_EDIT
from tests.discord.test_games import Players, open_table
from tests.scrape import scrape

EDIT_ROUTE = "PATCH /channels/{id}/messages/{id}"
#: A label naming a snowflake or a token (interaction tokens are long).
SECRET = re.compile(r"\d{5,}|[A-Za-z0-9_-]{24,}")


async def test_a_game_with_a_429_and_a_5xx_moves_the_figures(server: Server) -> None:
    table_id = await open_table(server, "klotho", [ANYA, BORIS])
    players = Players(server, table_id, [ANYA, BORIS], random.Random(3))
    await players.move()
    server.fake.fail("PATCH", TABLE_EDIT, 429, retry_after=0.05)
    server.fake.fail("PATCH", TABLE_EDIT, 502)
    await players.move()
    await server.settle()
    samples = await scrape(server.service)

    def calls(route: str, outcome: str) -> float:
        return samples.value(
            "tablebot_platform_calls_total", platform="discord", method=route, outcome=outcome
        )

    assert calls(EDIT_ROUTE, "429") == 1 and calls(EDIT_ROUTE, "5xx") == 1
    assert calls(EDIT_ROUTE, "ok") >= 2
    assert calls("POST /interactions/{id}/{token}/callback", "ok") >= players.presses
    labels = [s.labels["method"] for s in samples.samples if "method" in s.labels]
    assert labels and [m for m in labels if SECRET.search(m)] == []
    assert samples.value("tablebot_moves_total", game="klotho", frontend="discord") == 2
    assert samples.value("tablebot_presses_total", game="klotho", frontend="discord") >= 2 + 2
    assert samples.value("tablebot_outbox_jobs", platform="discord") == 0
    assert samples.value("tablebot_screens_pending", frontend="discord") == 0
    assert samples.value("tablebot_screen_convergence_seconds_count", frontend="discord") >= 2
    assert samples.value("tablebot_render_seconds_count", game="klotho") >= 2
    assert samples.value("tablebot_tables", game="klotho", status="playing") == 1
