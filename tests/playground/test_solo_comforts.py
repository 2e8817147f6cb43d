"""Alone against the computer in the playground, by clicking: ↩ in the
player's panel, Stop that asks first (the room shows the question, "play on"
takes it away), and 🔁 under the finished table; forged and foreign presses
are refused."""

from __future__ import annotations

import random

from playwright.async_api import BrowserContext, Page

from bot.core.service import BOT_DELAY_SECONDS
from bot.core.tables import Status
from bot.core.tokens import TakeBackToken
from games import registry
from tests.core.helpers import computers_move
from tests.playground.conftest import (
    POLL_MS,
    Site,
    move_by_clicking,
    panel_frame,
    press,
)
from tests.playground.test_room import cycle_option

UNDO = "↩ Take back my move"


async def solo_room(
    context: BrowserContext, site: Site, level: str = "normal", target: str | None = "50"
) -> Page:
    """Anya alone against a computer at ``level`` at Klac! (to ``target``
    points; None: the default), started, at her turn."""
    page = await context.new_page()
    await page.goto(f"{site.url}?lang=en")
    await page.check("input[name=game][value=klac]")
    await page.locator("#names input").first.fill("Anya")
    await page.click("#solo")
    await page.wait_for_url("**/r/*/")
    await page.wait_for_selector("[data-kind=lobby] .key")
    await press(page, "[data-kind=lobby]", f"🤖 + {level}")
    await press(page, "[data-kind=lobby]", "Done")
    if target is not None:
        await cycle_option(page, "Play to", f"Play to: {target} points")
    await press(page, "[data-kind=lobby]", "Start")
    room = await site.room(page)
    table, _ = await site.table(room)
    await computers_move(site.service, site.clock, table.id)
    return page


async def text_of(page: Page, selector: str, wanted: str) -> None:
    """Wait until ``selector`` shows ``wanted``."""
    await page.wait_for_function(
        "([selector, wanted]) => document.querySelector(selector)?.innerText.includes(wanted)",
        arg=[selector, wanted],
        polling=POLL_MS,
    )


async def test_a_move_is_taken_back_in_the_panel(context: BrowserContext, site: Site) -> None:
    page = await solo_room(context, site)
    room = await site.room(page)
    klac = registry.get("klac")
    table, state = await site.table(room)
    before = klac.dumps(state)
    frame = await panel_frame(page, 0)
    await frame.wait_for_selector("#hand button.key[data-token^='m:']")
    assert await frame.locator("#hand button.key", has_text=UNDO).count() == 0
    await move_by_clicking(frame, "#hand", site, room, random.Random(1))
    site.clock.advance(BOT_DELAY_SECONDS)
    await site.service.run_due()
    await frame.wait_for_selector(f"#hand button.key:has-text('{UNDO}')")
    # A forged position, pressed through the page's own address: refused, said why.
    forged = TakeBackToken(table.id, 999).encode()
    answer = await context.request.post(
        f"{site.url}r/{room.id}/press", data={"token": forged, "player": 0}
    )
    assert (await answer.json())["error"] == "That button is out of date; use the latest message."
    await frame.locator("#hand button.key", has_text=UNDO).click()
    await text_of(page, "[data-kind=table]", "↩ Move taken back")
    table, state = await site.table(room)
    assert klac.dumps(state) == before and table.takebacks == 1
    await frame.wait_for_selector("#hand button.key[data-token^='m:']")
    assert await frame.locator("#hand button.key", has_text=UNDO).count() == 0
    await text_of(page, "#log", "↩ Anya took back their last move.")


async def test_stop_asks_first_and_a_rematch_plays_again(
    context: BrowserContext, site: Site
) -> None:
    page = await solo_room(context, site)
    room = await site.room(page)
    old, _ = await site.table(room)
    await page.click("#stop")
    question = page.locator("[data-kind=question]")
    await question.wait_for()
    assert await question.locator(".text").inner_text() == (
        "⛔ Stop the game? This game of Klac! will not count in your statistics."
    )
    assert await question.locator("button.key").all_inner_texts() == [
        "⛔ Yes, stop",
        "▶ No, play on",
    ]
    await question.locator("button.key", has_text="No, play on").click()
    await question.wait_for(state="detached")
    assert (await site.table(room))[0].status == Status.PLAYING
    await page.click("#stop")
    await question.wait_for()
    await question.locator("button.key", has_text="Yes, stop").click()
    await text_of(page, "[data-kind=table]", "⛔ The game was stopped.")
    await text_of(page, "[data-kind=lobby]", "⛔ Klac!: the game was stopped. Played: Anya, Ada.")
    await question.wait_for(state="detached")
    assert (await site.table(room))[0].status == Status.ABORTED
    await press(page, "[data-kind=table]", "🔁 Rematch")
    await text_of(page, "[data-kind=lobby]", "the game is on")
    new, _ = await site.table(room)
    assert new.id != old.id and new.status == Status.PLAYING
    assert [(p.name, p.level) for p in new.players] == [("Anya", "normal"), ("Ada", "normal")]
    assert new.options["target"] == 50
    # The old table's button, pressed now (a stale page): the room has a game.
    answer = await context.request.post(
        f"{site.url}r/{room.id}/press",
        data={"token": f"r:{old.id}", "player": 0},
    )
    assert "already has a table" in (await answer.json())["error"]
    assert (await site.table(room))[0].id == new.id


async def test_after_a_round_the_computer_waits_for_her_click(
    context: BrowserContext, site: Site
) -> None:
    page = await solo_room(context, site, "easy", target=None)
    room = await site.room(page)
    table, _ = await site.table(room)
    frame = await panel_frame(page, 0)
    rng = random.Random(2)
    for _ in range(300):
        await computers_move(site.service, site.clock, table.id)
        table, _ = await site.table(room)
        if table.held:
            break
        await frame.wait_for_selector("#hand button.key[data-token^='m:']")
        await move_by_clicking(frame, "#hand", site, room, rng)
    else:
        raise AssertionError("no round ended with the computer to open the next")
    version = table.state_version
    held = "⏸ The round is counted. The computers wait for you: press ▶ when you are ready."
    await text_of(page, "[data-kind=table]", held)
    await frame.wait_for_selector("#hand button.key:has-text('▶ Next round')")
    # However long she looks, the computer does not move.
    site.clock.advance(3600)
    await site.service.run_due()
    assert (await site.table(room))[0].state_version == version
    await frame.locator("#hand button.key", has_text="▶ Next round").click()
    await page.wait_for_function(
        "(held) => !document.querySelector('[data-kind=table]').innerText.includes(held)",
        arg=held,
        polling=POLL_MS,
    )
    assert await frame.locator("#hand button.key", has_text="▶ Next round").count() == 0
    await computers_move(site.service, site.clock, table.id)
    assert (await site.table(room))[0].state_version > version
