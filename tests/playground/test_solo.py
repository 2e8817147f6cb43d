"""Playing alone against the computer in the playground: one name on the home
page, the lobby's computer players, and a whole game by clicking."""

from __future__ import annotations

import random

import pytest
from playwright.async_api import BrowserContext

from bot.core.service import BOT_DELAY_SECONDS
from bot.core.tables import Status
from games import registry
from tests.playground.conftest import POLL_MS, Site, gone, move_by_clicking, panel_frame, press
from tests.playground.test_room import cycle_option


@pytest.mark.cluster
async def test_a_whole_game_alone_against_the_computer(context: BrowserContext, site: Site) -> None:
    page = await context.new_page()
    await page.goto(f"{site.url}?lang=en")
    await page.check("input[name=game][value=klac]")
    await page.locator("#names input").first.fill("Anya")
    await page.click("#solo")
    await page.wait_for_url("**/r/*/")
    await page.wait_for_selector("[data-kind=lobby] .key")
    room = await site.room(page)
    assert [p.name for p in room.players] == ["Anya"]
    # The computer players' buttons are the first thing the lobby offers.
    await press(page, "[data-kind=lobby]", "🤖 + normal")
    assert "Ada 🤖 normal" in await page.locator("[data-kind=lobby]").inner_text()
    await press(page, "[data-kind=lobby]", "Done")
    await cycle_option(page, "Play to", "Play to: 50 points")
    await press(page, "[data-kind=lobby]", "Start")
    frame = await panel_frame(page, 0)
    rng = random.Random(3)
    klac = registry.get("klac")
    for _ in range(300):
        table, state = await site.table(room)
        if table.status != Status.PLAYING:
            break
        if table.held:
            # A round is counted; the computer opens the next once she says so.
            await frame.locator("#hand button.key", has_text="▶ Next round").click()
            await gone(frame, f"o:{table.id}:{table.state_version}")
            continue
        if klac.to_move(state) != [0]:
            site.clock.advance(BOT_DELAY_SECONDS)
            assert await site.service.run_due() >= 1
            continue
        fresh = f"m:{table.id}:{table.state_version}:0:"
        await frame.wait_for_selector(f"#hand button.key[data-token^='{fresh}']")
        await move_by_clicking(frame, "#hand", site, room, rng)
    table, _ = await site.table(room)
    assert table.status == Status.FINISHED
    await page.wait_for_function(
        "() => document.querySelector('[data-kind=table]')?.innerText.includes('🏆')",
        polling=POLL_MS,
    )
    # The lobby's message says the game is over, not that it is on.
    await page.wait_for_function(
        "() => document.querySelector('[data-kind=lobby]')?.innerText.includes('the game is over')",
        polling=POLL_MS,
    )
    # "Your turn", said after every computer move, is one line with a count.
    lines = await frame.locator("#private-log li").all_inner_texts()
    turns = [line for line in lines if "Your turn" in line]
    assert len(turns) < 5 and any("×" in line for line in turns), lines
