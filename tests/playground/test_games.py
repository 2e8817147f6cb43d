"""Every game in the playground: a table from the home page, started, legal moves by clicking."""

from __future__ import annotations

import random

import pytest
from playwright.async_api import BrowserContext

from bot.core.tables import Status
from games import registry
from tests.playground.conftest import (
    POLL_MS,
    Site,
    create_room,
    image_bytes,
    move_by_clicking,
    panel_frame,
    press,
    screenshot,
)

#: Moves made per game: enough for a game in progress, each by the player to move.
MOVES = 2


@pytest.mark.parametrize("game", registry.names())
async def test_a_table_starts_and_takes_legal_moves_by_clicking(
    context: BrowserContext, site: Site, game: str
) -> None:
    spec = registry.get(game)
    names = ["Anya", "Boris", "Vika"][: spec.min_seats]
    page = await create_room(context, site, game, names)
    await press(page, "[data-kind=lobby]", "Start")
    room = await site.room(page)
    await page.wait_for_selector("[data-kind=table] img")
    rng = random.Random(game)
    for _ in range(MOVES):
        table, state = await site.table(room)
        assert table.status == Status.PLAYING
        seat = spec.to_move(state)[0]
        before = table.state_version
        if spec.public_moves:
            # Played on the table: the room presses as the player to move.
            selected = await page.locator("#press-as").input_value()
            assert selected == str(seat)
            await move_by_clicking(page, "[data-kind=table]", site, room, rng)
        else:
            # Played in the mover's panel, which the room's page brings to front.
            await page.wait_for_selector(f".panel-box.active[data-player='{seat}']")
            frame = await panel_frame(page, seat)
            await move_by_clicking(frame, "#hand", site, room, rng)
        table, state = await site.table(room)
        assert table.state_version > before
    # The group chat view shows the table after those moves, the very picture.
    expected = await site.screens.table(table, state, "en")
    await page.wait_for_function(
        "key => document.querySelector('[data-kind=table] img')?.dataset.key === key",
        arg=expected.image_key,
        polling=POLL_MS,
    )
    url = await page.locator("[data-kind=table] img").get_attribute("src")
    assert url is not None
    assert await image_bytes(context, site, url) == (200, expected.image)
    await screenshot(page, f"{game}-room")
