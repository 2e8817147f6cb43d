"""The playground harness: the real web app on a loopback port, real Redis,
Debian's Chromium (the ``browser`` of the shared fixtures)."""

from __future__ import annotations

import os
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from playwright.async_api import Browser, BrowserContext, Frame, Page

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store
from bot.core.tables import Table
from bot.playground import make_app
from bot.playground.frontend import Playground
from bot.playground.rooms import Room
from bot.playground.web import PLAYGROUND
from tests.conftest import FakeClock

#: Menu steps that go back rather than forward.
NAV = ("⬅", "✖")
#: How often a wait for the page re-checks its condition (milliseconds).
POLL_MS = 25
#: Where to save screenshots of games in progress, when set (kept out of the repository).
_SHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS")
SHOTS = Path(_SHOTS) if _SHOTS else None
if SHOTS is not None:
    SHOTS.mkdir(parents=True, exist_ok=True)


@dataclass
class Site:
    """A running playground with the core behind it."""

    url: str
    playground: Playground
    service: TableService
    store: Store
    screens: Screens
    clock: FakeClock

    async def room(self, page: Page) -> Room:
        """The room whose page ``page`` shows."""
        room_id = page.url.rstrip("/").rsplit("/", 1)[1]
        room = await self.playground.rooms.get(room_id)
        assert room is not None, page.url
        return room

    async def table(self, room: Room) -> tuple[Table, Any]:
        """The room's table, fresh from Redis."""
        room = await self.playground.rooms.get(room.id) or room
        assert room.table_id is not None
        return await self.service.get(room.table_id)


@pytest.fixture
async def site(service: TableService, store: Store, clock: FakeClock) -> AsyncIterator[Site]:
    screens = Screens(service, I18n())
    app = make_app(service, screens, Languages(store, "en"))
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    yield Site(str(server.make_url("/")), app[PLAYGROUND], service, store, screens, clock)
    await server.close()


@pytest.fixture
async def client(service: TableService, store: Store) -> AsyncIterator[TestClient]:
    """The app in-process for HTTP requests, no browser."""
    app = make_app(service, Screens(service, I18n()), Languages(store, "en"))
    async with TestClient(TestServer(app, host="127.0.0.1")) as test_client:
        yield test_client


async def new_room(client: TestClient, game: str = "klac", names: int = 2, lang: str = "en") -> str:
    """Create a room of ``names`` players (P0, P1…) over HTTP; its page's URL."""
    response = await client.post(
        "/api/rooms",
        json={"game": game, "names": [f"P{i}" for i in range(names)], "lang": lang},
    )
    data = await response.json()
    assert data["ok"], data
    return str(data["url"])


@pytest.fixture
async def context(browser: Browser, site: Site) -> AsyncIterator[BrowserContext]:
    """A fresh browser profile; closed before the server stops (it depends on ``site``)."""
    ctx = await browser.new_context(viewport={"width": 2200, "height": 1500}, locale="en-US")
    errors: list[str] = []
    ctx.on("weberror", lambda error: errors.append(str(error.error)))
    requests: list[str] = []
    ctx.on("request", lambda request: requests.append(request.url))
    yield ctx
    await ctx.close()
    assert errors == [], "the pages' scripts failed"
    # Everything a page loads comes from the playground itself: it works offline.
    assert requests and all(url.startswith((site.url, "data:")) for url in requests), [
        url for url in requests if not url.startswith((site.url, "data:"))
    ]


async def create_room(
    context: BrowserContext, site: Site, game: str, names: list[str], lang: str = "en"
) -> Page:
    """Open the home page, choose ``game`` and the players' names, create the table."""
    page = await context.new_page()
    await page.goto(f"{site.url}?lang={lang}")
    await page.check(f"input[name=game][value={game}]")
    while await page.locator("#names input").count() < len(names):
        await page.click("#more-players")
    while await page.locator("#names input").count() > len(names):
        await page.click("#fewer-players")
    for box, name in zip(await page.locator("#names input").all(), names, strict=True):
        await box.fill(name)
    await page.click("#create")
    await page.wait_for_url("**/r/*/")
    await page.wait_for_selector("[data-kind=lobby] .key")
    return page


async def press(page: Page, scope: str, label: str) -> None:
    """Click the button of ``scope`` whose label contains ``label``; wait until ``scope``
    shows something else (lobby and vote buttons keep their tokens, so their text tells)."""
    await page.bring_to_front()
    before = await page.locator(scope).inner_text()
    await page.locator(f"{scope} button.key", has_text=label).first.click()
    await page.wait_for_function(
        "([scope, before]) => document.querySelector(scope)?.innerText !== before",
        arg=[scope, before],
        polling=POLL_MS,
    )


async def gone(frame: Page | Frame, token: str | None) -> None:
    """Wait until no button carries ``token`` (the page drew the view that followed it)."""
    await frame.wait_for_function(
        "token => ![...document.querySelectorAll('button.key')]"
        ".some(b => b.dataset.token === token)",
        arg=token,
        # Polling by animation frames stalls in a tab that is not in front.
        polling=POLL_MS,
    )


async def panel_frame(page: Page, index: int) -> Frame:
    """The room page's embedded panel of player ``index``."""
    handle = await page.wait_for_selector(f"iframe[data-player='{index}']", state="attached")
    assert handle is not None
    frame = await handle.content_frame()
    assert frame is not None
    await frame.wait_for_function("() => document.body.dataset.ready === '1'", polling=POLL_MS)
    return frame


async def move_by_clicking(
    frame: Page | Frame, container: str, site: Site, room: Room, rng: random.Random
) -> int:
    """Click move buttons in ``container`` until the game's state changes; the clicks made.

    Each click is a random forward step of the menu the page shows; after
    each the page is given time to draw what followed (the clicked button
    disappears), so every click is made on what a player would see.
    """
    # A tab that is not in front gets no animation frames, which clicks wait for.
    await (frame if isinstance(frame, Page) else frame.page).bring_to_front()
    table, _ = await site.table(room)
    before = table.state_version
    for clicks in range(1, 30):
        buttons = frame.locator(f"{container} button.key[data-token^='m:']")
        found = await buttons.evaluate_all("bs => bs.map(b => [b.dataset.token, b.textContent])")
        options = [token for token, label in found if not label.startswith(NAV)]
        assert options, f"no move buttons in {container}"
        token = rng.choice(options)
        await frame.locator(f"{container} button[data-token='{token}']").click()
        await gone(frame, token)
        table, _ = await site.table(room)
        if table.state_version != before:
            return clicks
    raise AssertionError("thirty clicks made no move")


async def image_bytes(context: BrowserContext, site: Site, url: str) -> tuple[int, bytes]:
    """Fetch a page's picture URL as the browser would; (status, body)."""
    response = await context.request.get(site.url.rstrip("/") + url)
    return response.status, await response.body()


async def screenshot(page: Page, name: str, full_page: bool = True) -> None:
    """Save a screenshot when ``PLAYGROUND_SCREENSHOTS`` names a folder."""
    if SHOTS is not None:
        await page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)
