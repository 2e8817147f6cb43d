"""A room's life in the browser: lobby options, players, refusals, timers, votes, languages."""

from __future__ import annotations

from playwright.async_api import BrowserContext, Page

from bot.core.tables import Status
from games import registry
from tests.playground.conftest import (
    POLL_MS,
    Site,
    create_room,
    panel_frame,
    press,
)

KLAC = registry.get("klac")


async def wait_text(page: Page, selector: str, text: str) -> None:
    """Wait until the element ``selector`` contains ``text`` (the page redrew)."""
    await page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText || '').includes(text)",
        arg=[selector, text],
        polling=POLL_MS,
    )


async def press_as(page: Page, index: int) -> None:
    """Choose who the group chat view presses as (by the player's place in the room)."""
    await page.select_option("#press-as", value=str(index))


async def cycle_option(page: Page, label: str, value: str) -> None:
    """Press a lobby option's button until its line shows ``value``."""
    for _ in range(10):
        option = page.locator("[data-kind=lobby] button.key", has_text=label)
        if value in (await option.inner_text()):
            return
        await press(page, "[data-kind=lobby]", label)
    raise AssertionError(f"{label} never showed {value}")


async def test_lobby_options_players_and_refusals(context: BrowserContext, site: Site) -> None:
    page = await create_room(context, site, "klac", ["Anya", "Boris"])
    room = await site.room(page)
    # Options cycle with the lobby's own buttons, pressed by the host.
    await cycle_option(page, "Play to", "Play to: 50 points")
    table, _ = await site.table(room)
    assert table.options["target"] == 50
    # Someone else pressing Start is refused, in words, and nothing starts.
    await press_as(page, 1)
    await page.locator("[data-kind=lobby] button.key", has_text="Start").click()
    await wait_text(page, "#toast", "Only the host can start now")
    table, _ = await site.table(room)
    assert table.status == Status.LOBBY
    # A third player joins from the room page: seated, with a panel of their own.
    await page.fill("#add-player input[name=name]", "Dan")
    await page.click("#add-player button")
    await wait_text(page, "[data-kind=lobby] .text", "3. Dan")
    await page.wait_for_selector("#tabs .tab[data-player='2']")
    table, _ = await site.table(room)
    assert [p.name for p in table.players] == ["Anya", "Boris", "Dan"]
    # Leaving with the lobby's button, as Dan.
    await press_as(page, 2)
    await press(page, "[data-kind=lobby]", "Leave")
    table, _ = await site.table(room)
    assert [p.name for p in table.players] == ["Anya", "Boris"]
    frame = await panel_frame(page, 2)
    await frame.wait_for_function(
        "() => document.querySelector('#hand').innerText.includes('You are not seated')",
        polling=POLL_MS,
    )


async def test_turn_timers_remind_privately_and_move_for_the_late(
    context: BrowserContext, site: Site
) -> None:
    page = await create_room(context, site, "klac", ["Anya", "Boris"])
    room = await site.room(page)
    await cycle_option(page, "Turn time", "Turn time: 30 s")
    await press(page, "[data-kind=lobby]", "Start")
    table, state = await site.table(room)
    assert table.turn_seconds == 30
    seat = KLAC.to_move(state)[0]
    frame = await panel_frame(page, seat)
    # A quarter of the time left: the player to move is reminded, privately.
    site.clock.advance(23)
    assert await site.service.run_due() == 1
    await frame.wait_for_function(
        "() => document.querySelector('#private-log').innerText.includes('Your turn: 7 s left')",
        polling=POLL_MS,
    )
    other = await panel_frame(page, 1 - seat)
    assert "s left" not in await other.locator("#private-log").inner_text()
    assert "s left" not in await page.locator("#log").inner_text()
    # Time is up: the bot moves for them, and the room is told.
    site.clock.advance(8)
    assert await site.service.run_due() == 1
    await wait_text(page, "#log", "ran out of time; the bot moved for them")
    after, _ = await site.table(room)
    assert after.state_version == table.state_version + 1


async def test_a_vote_stops_the_game_and_a_new_table_follows(
    context: BrowserContext, site: Site
) -> None:
    page = await create_room(context, site, "klac", ["Anya", "Boris", "Vika"])
    room = await site.room(page)
    await press(page, "[data-kind=lobby]", "Start")
    first, _ = await site.table(room)
    await press_as(page, 0)
    await page.click("#stop")
    await wait_text(page, "[data-kind=table] .text", "1 of 3 agree")
    await press_as(page, 1)
    await press(page, "[data-kind=table]", "Yes")
    await wait_text(page, "[data-kind=table] .text", "The game was stopped")
    await wait_text(page, "#log", "The game was stopped by vote")
    table, _ = await site.table(room)
    assert table.status == Status.ABORTED
    # Over: a new table for the same players, from the room page.
    await page.click("#again")
    await wait_text(page, "[data-kind=lobby] .text", "3. Vika")
    table, _ = await site.table(room)
    assert table.id != first.id and table.status == Status.LOBBY


async def test_the_language_of_the_room_and_of_one_player(
    context: BrowserContext, site: Site
) -> None:
    page = await create_room(context, site, "klac", ["Anya", "Boris"])
    room = await site.room(page)
    assert await page.locator("html").get_attribute("lang") == "en"
    await page.click("button.lang[data-lang=ru]")
    await wait_text(page, "[data-kind=lobby]", "✋ Сесть")
    assert await page.locator("html").get_attribute("lang") == "ru"
    await press(page, "[data-kind=lobby]", "Начать")
    frame = await panel_frame(page, 0)
    await frame.wait_for_selector("#hand .text", state="attached")
    hand = await frame.locator("#hand").inner_text()
    assert "Ваш ход" in hand or "не ваш ход" in hand
    # One player switches their own page to English; the room stays Russian.
    own = await context.new_page()
    await own.goto(site.url.rstrip("/") + site.playground.panel_url(room, 0))
    await own.click("button.lang[data-lang=en]")
    await wait_text(own, "#hand", "turn")
    assert await own.locator("html").get_attribute("lang") == "en"
    await page.reload()
    await wait_text(page, "[data-kind=table] .text", "Ходит")
