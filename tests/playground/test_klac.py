"""Klac! in the playground with three players: moves by clicking, live pages, private hands."""

from __future__ import annotations

import io
import random
import re

from PIL import Image
from playwright.async_api import BrowserContext, Page

from bot.core.tables import Status
from bot.core.tokens import MoveToken, decode
from bot.playground.rooms import Room
from games import registry
from tests.playground.conftest import (
    POLL_MS,
    Site,
    create_room,
    image_bytes,
    move_by_clicking,
    press,
    screenshot,
)

KLAC = registry.get("klac")
NAMES = ["Anya", "Boris", "Vika"]


async def panel_pages(context: BrowserContext, room_page: Page) -> list[Page]:
    """Each player's own page, opened in a tab of its own from the room page's panel links."""
    links = await room_page.locator(".panel-box a.open").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    assert len(links) == len(NAMES)
    pages = []
    for link in links:
        page = await context.new_page()
        await page.goto(room_page.url.split("/r/")[0] + link)
        await page.wait_for_function("() => document.body.dataset.ready === '1'", polling=POLL_MS)
        pages.append(page)
    return pages


async def shown_image(page: Page, kind: str) -> tuple[str, str, int, int]:
    """(URL, key, natural width, drawn width) of the picture of a ``kind`` message."""
    img = page.locator(f"[data-kind={kind}] img")
    found: list[object] = await img.evaluate(
        "i => [i.getAttribute('src'), i.dataset.key, i.naturalWidth, i.width]"
    )
    url, key, natural, drawn = found
    assert isinstance(url, str) and isinstance(key, str)
    assert isinstance(natural, int) and isinstance(drawn, int)
    return url, key, natural, drawn


async def wait_for_table(page: Page, key: str) -> None:
    """Wait until the page shows the table picture ``key``."""
    await page.wait_for_function(
        "key => document.querySelector('[data-kind=table] img')?.dataset.key === key"
        " && document.querySelector('[data-kind=table] img').complete",
        arg=key,
        polling=POLL_MS,
    )


async def test_three_players_play_by_clicking_and_see_only_their_own_hands(
    context: BrowserContext, site: Site
) -> None:
    room_page = await create_room(context, site, "klac", NAMES)
    lobby = room_page.locator("[data-kind=lobby] .text")
    lobby_text = await lobby.inner_text()
    assert all(name in lobby_text for name in NAMES)
    await press(room_page, "[data-kind=lobby]", "Start")
    room = await site.room(room_page)
    table, state = await site.table(room)
    assert table.status == Status.PLAYING and [p.name for p in table.players] == NAMES
    await room_page.wait_for_selector("[data-kind=table] img")
    # The page is never reloaded: a mark set now must survive every move.
    await room_page.evaluate("window.stillTheSamePage = true")
    players = await panel_pages(context, room_page)
    rng = random.Random(5)
    keys = []
    for _ in range(5):
        table, state = await site.table(room)
        expected = await site.screens.table(table, state, "en")
        assert expected.image_key is not None
        await wait_for_table(room_page, expected.image_key)
        url, key, natural, drawn = await shown_image(room_page, "table")
        status, body = await image_bytes(context, site, url)
        # The exact picture the chat frontends send, fitted to the window.
        assert status == 200 and body == expected.image
        assert natural == Image.open(io.BytesIO(body)).width == 1200
        assert 0 < drawn <= natural
        keys.append(key)
        seat = KLAC.to_move(state)[0]
        await move_by_clicking(players[seat], "#hand", site, room, rng)
    assert len(set(keys)) == len(keys), "the table picture changed after every move"
    assert await room_page.evaluate("window.stillTheSamePage") is True
    await screenshot(room_page, "klac-3-players-room")
    # The colour marks of Klac's card buttons draw with the served font on any machine.
    fonts = await room_page.evaluate(
        """async () => (await Promise.all(['"Tablebot Emoji"', '"Tablebot Sans"'].map(
            family => document.fonts.load(`16px ${family}`, '🔵⚀')))).map(f => f.length)"""
    )
    assert fonts == [1, 1]
    await screenshot(players[0], "klac-3-players-own-page")
    log = await room_page.locator("#log").inner_text()
    assert "the game begins" in log
    for seat in range(len(players)):
        await check_only_own_hand(context, site, room, players, seat)


async def check_only_own_hand(
    context: BrowserContext,
    site: Site,
    room: Room,
    players: list[Page],
    seat: int,
) -> None:
    """Player ``seat``'s page: their hand exactly, no other seat's picture, tokens or secret."""
    page = players[seat]
    table, state = await site.table(room)
    own = room.players[seat].secret
    assert page.url.endswith(f"/p/{own}/")
    url, _, natural, _ = await shown_image(page, "hand")
    assert url.startswith(f"/p/{own}/img/")
    status, body = await image_bytes(context, site, url)
    expected = await site.screens.seat(table, state, seat, "en")
    assert status == 200 and body == expected.image and natural == 800
    sources = await page.locator("img").evaluate_all("imgs => imgs.map(i => i.getAttribute('src'))")
    # Its own hand and the public pictures of the group chat view, nothing else.
    assert all(s.startswith((f"/p/{own}/img/", f"/p/{own}/pub/")) for s in sources), sources
    html = await page.content()
    assert room.id not in html, "the room's page (every panel) is not reachable from here"
    assert not any(p.secret in html for p in room.players if p.secret != own)
    for token in re.findall(r'data-token="([^"]+)"', html):
        parsed = decode(token)
        assert not isinstance(parsed, MoveToken) or parsed.seat == seat
    # Another seat's hand cannot be fetched from here: not under this page's
    # secret (it is filed under its own player only), not by the public
    # routes, and not under a secret that is nobody's.
    for other, other_page in enumerate(players):
        if other == seat:
            continue
        other_url, *_ = await shown_image(other_page, "hand")
        name = other_url.rsplit("/", 1)[1]
        tried = [
            f"/p/{own}/img/{name}",
            f"/p/{own}/pub/{name}",
            f"/r/{room.id}/img/{name}",
            f"/p/{'x' * len(own)}/img/{name}",
        ]
        statuses = await page.evaluate(
            "async urls => Promise.all(urls.map(async u => (await fetch(u)).status))", tried
        )
        assert statuses == [404, 404, 404, 403]
        # Its owner's page gets it, so the refusals above are about who asks.
        assert await other_page.evaluate("async u => (await fetch(u)).status", other_url) == 200


async def test_a_move_in_one_tab_shows_in_another_without_reload(
    context: BrowserContext, site: Site
) -> None:
    room_page = await create_room(context, site, "klac", NAMES)
    other_tab = await context.new_page()
    await other_tab.goto(room_page.url)
    await other_tab.wait_for_selector("[data-kind=lobby] .key")
    await other_tab.evaluate("window.stillTheSamePage = true")
    # Starting in one tab shows the table in the other.
    await press(room_page, "[data-kind=lobby]", "Start")
    room = await site.room(room_page)
    table, state = await site.table(room)
    first = await site.screens.table(table, state, "en")
    assert first.image_key is not None
    await wait_for_table(other_tab, first.image_key)
    # A move in the room page's embedded panel shows in the other tab.
    seat = KLAC.to_move(state)[0]
    handle = await room_page.wait_for_selector(f"iframe[data-player='{seat}']")
    assert handle is not None
    frame = await handle.content_frame()
    assert frame is not None
    await move_by_clicking(frame, "#hand", site, room, random.Random(2))
    table, state = await site.table(room)
    after = await site.screens.table(table, state, "en")
    assert after.image_key is not None and after.image_key != first.image_key
    await wait_for_table(other_tab, after.image_key)
    assert await other_tab.evaluate("window.stillTheSamePage") is True
