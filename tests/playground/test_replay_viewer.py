"""The replay viewer: a finished game of a room, frame by frame, with the core replay's
frames, reached only by the room's secret links and only once the game is over."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest
from aiohttp.test_utils import TestClient, TestServer
from playwright.async_api import Browser, BrowserContext, Page

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.replays import frames
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store
from bot.core.tables import Status, Table
from bot.playground import make_app
from bot.playground.web import PLAYGROUND
from games import registry
from tests.playground.conftest import POLL_MS, Site, create_room, image_bytes, press, screenshot
from tests.playground.test_layout import DESKTOP, PHONE, inside
from tests.playground.test_network import create, start
from tests.playground.test_room import cycle_option


async def play_to_the_end(service: TableService, table_id: str, seed: int) -> Table:
    """Random legal moves by whoever is to move until the game is over."""
    rng = random.Random(seed)
    table, state = await service.get(table_id)
    game = registry.get(table.game)
    while table.status == Status.PLAYING:
        seat = game.to_move(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        table, state = await service.play(
            table.id, table.players[seat].key, table.state_version, action
        )
    return table


async def shown(page: Page, number: int) -> None:
    """Wait until the viewer shows frame ``number``, its picture loaded."""
    await page.wait_for_function(
        "n => { const i = document.getElementById('frame');"
        " return i.dataset.number === String(n) && i.complete && i.naturalWidth > 0 }",
        arg=number,
        polling=POLL_MS,
    )


async def frame_png(page: Page, context: BrowserContext, site: Site) -> bytes:
    """The picture the viewer shows, fetched as the browser fetched it."""
    src = await page.locator("#frame").evaluate("img => img.src")
    url = src.removeprefix(site.url.rstrip("/"))
    status, body = await image_bytes(context, site, url)
    assert status == 200, url
    return body


async def test_a_finished_game_is_stepped_through_frame_by_frame(
    context: BrowserContext, site: Site
) -> None:
    page = await create_room(context, site, "klac", ["Anya", "Boris"])
    room = await site.room(page)
    await cycle_option(page, "Play to", "Play to: 50 points")
    # The lobby offers the hands, off until the host turns them on.
    await cycle_option(page, "Hands in the replay", "shown")
    await press(page, "[data-kind=lobby]", "Start")
    table, _ = await site.table(room)
    assert table.replay_hands == "on"
    assert await page.locator("#replay").is_hidden()
    status, _ = await image_bytes(context, site, f"/r/{room.id}/replay/{table.id}/1.png")
    assert status == 404, "no replay while the game is on"
    await play_to_the_end(site.service, table.id, seed=7)
    replay = page.locator("#replay")
    await replay.wait_for(state="visible")
    await screenshot(page, "replay-link")
    await replay.click()
    await page.wait_for_url(f"**/r/{room.id}/replay/{table.id}/")
    await shown(page, 1)
    entry = await site.service.finished_game(room.chat, table.id)
    assert entry is not None and entry.replay_hands
    core = frames(entry)
    total = len(core)
    slider = page.locator("#slider")
    assert await slider.get_attribute("max") == str(total)
    assert await page.locator("#counter").inner_text() == f"1 / {total}"
    assert "The deal" in await page.locator("#caption").inner_text()
    assert await frame_png(page, context, site) == core[0].png
    assert await page.locator("#prev").is_disabled()

    await page.click("#next")
    await shown(page, 2)
    assert await slider.input_value() == "2"
    caption = await page.locator("#caption").inner_text()
    assert f"{core[1].mover}’s move\n{core[1].mover} puts " in caption, caption
    second = await frame_png(page, context, site)
    assert second == core[1].png != core[0].png
    await page.click("#prev")
    await shown(page, 1)
    await page.click("#last")
    await shown(page, total)
    assert await slider.input_value() == str(total)
    assert await frame_png(page, context, site) == core[-1].png
    assert await page.locator("#next").is_disabled()
    # The slider picks a frame; the arrow keys step.
    await slider.fill("5")
    await shown(page, 5)
    assert await page.locator("#counter").inner_text() == f"5 / {total}"
    assert await frame_png(page, context, site) == core[4].png
    await page.locator("body").press("ArrowRight")
    await shown(page, 6)
    # Playing moves on by itself, and the slider with it, until paused.
    await page.click("#play")
    assert await page.locator("#play").get_attribute("aria-label") == "Pause"
    await shown(page, 7)
    await shown(page, 8)
    await page.click("#play")
    assert await page.locator("#play").get_attribute("aria-label") == "Play"
    paused = int(await slider.input_value())
    await page.wait_for_timeout(1500)
    assert int(await slider.input_value()) == paused

    # A phone and a desktop: the picture, its caption and every button in the window.
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        await page.set_viewport_size(viewport)
        await page.evaluate("window.scrollTo(0, 0)")
        for selector in ("#frame", "#caption", "#slider", "#first", "#play", "#last"):
            box = await page.locator(selector).bounding_box()
            assert box is not None and box["width"] > 0, selector
            inside(box, viewport, f"{name}: {selector}")
        await screenshot(page, f"replay-viewer-{name}")


@pytest.fixture
async def shared(service: TableService, store: Store) -> AsyncIterator[TestClient]:
    """The playground as served beyond loopback (reached by its secret links only)."""
    app = make_app(service, Screens(service, I18n()), Languages(store, "en"), loopback_only=False)
    async with TestClient(TestServer(app, host="127.0.0.1")) as client:
        yield client


async def current_table(client: TestClient, room_id: str) -> str:
    room = await client.app[PLAYGROUND].rooms.get(room_id)
    assert room is not None and room.table_id is not None
    return room.table_id


async def test_only_a_finished_game_by_its_rooms_secret_links(
    shared: TestClient, service: TableService
) -> None:
    room_id, panels = await create(shared, names=2)
    await start(shared, room_id)
    table_id = await current_table(shared, room_id)
    room = f"/r/{room_id}/"
    viewer = f"{room}replay/{table_id}/"
    # While the game is on: no link, no viewer, no frame.
    assert (await (await shared.get(room + "state")).json())["replay"] is None
    for path in (viewer, viewer + "1.png", panels[1] + f"replay/{table_id}/1.png"):
        assert (await shared.get(path)).status == 404, path
    await play_to_the_end(service, table_id, seed=3)
    assert (await (await shared.get(room + "state")).json())["replay"] == viewer
    own = f"{panels[1]}replay/{table_id}/"
    public = (await (await shared.get(panels[1] + "state?public=1")).json())["public"]
    assert public["replay"] == own
    entry = await service.finished_game(f"pg:{room_id}", table_id)
    assert entry is not None and not entry.replay_hands
    total = len(entry.log) + 1
    first = await shared.get(viewer + "1.png")
    assert first.status == 200 and first.content_type == "image/png"
    assert "immutable" in first.headers["Cache-Control"]
    png = await first.read()
    assert png == frames(entry)[0].png
    # The same frames through a player's own link.
    assert await (await shared.get(own + "1.png")).read() == png
    last = await shared.get(f"{viewer}{total}.png")
    assert last.status == 200
    # No such frame, no such game, another room's game: nothing.
    for path in (
        f"{viewer}0.png",
        f"{viewer}{total + 1}.png",
        f"{viewer}x.png",
        f"{viewer}{'9' * 40}.png",
        f"{room}replay/AAAAAAAA/1.png",
        f"{room}replay/{table_id}x/",
    ):
        assert (await shared.get(path)).status == 404, path
    other_id, _ = await create(shared, names=2)
    assert (await shared.get(f"/r/{other_id}/replay/{table_id}/")).status == 404
    assert (await shared.get(f"/r/madeupmadeup/replay/{table_id}/1.png")).status == 404
    assert (await shared.get(f"/p/{'x' * 22}/replay/{table_id}/1.png")).status == 403

    # A player's viewer names only that player's own secret, never the room's nor another's.
    secrets = [room_id, *(url.strip("/").split("/")[1] for url in panels)]
    for index, panel in enumerate(panels):
        text = await (await shared.get(f"{panel}replay/{table_id}/")).text()
        assert "replay.js" in text
        assert [s for s in secrets if s in text] == [secrets[1 + index]], index
    russian = await (await shared.get(f"{viewer}?lang=ru")).text()
    assert "Раздача" in russian and "повтор партии" in russian


async def test_the_viewer_page_in_a_browser_on_a_phone_draws_without_errors(
    browser: Browser, site: Site
) -> None:
    """The viewer of a game a computer played against a person, opened from the player's page."""
    context = await browser.new_context(viewport=PHONE, locale="ru-RU", is_mobile=True)
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    page = await create_room(context, site, "caravan", ["Аня", "Боря"], lang="ru")
    room = await site.room(page)
    await press(page, "[data-kind=lobby]", "⚙ Карты игроков в повторе")
    await press(page, "[data-kind=lobby]", "▶")
    table, _ = await site.table(room)
    await play_to_the_end(site.service, table.id, seed=5)
    panel = site.playground.panel_url(room, 1)
    viewer = await context.new_page()
    await viewer.goto(f"{site.url.rstrip('/')}{panel}replay/{table.id}/")
    await shown(viewer, 1)
    assert await viewer.locator("#play").get_attribute("aria-label") == "Воспроизвести"
    await viewer.click("#last")
    await shown(viewer, int(await viewer.locator("#slider").get_attribute("max") or 0))
    caption = await viewer.locator("#caption").inner_text()
    assert caption.startswith("Ход: "), caption
    await screenshot(viewer, "replay-viewer-caravan-phone-ru")
    await context.close()
    assert errors == []
