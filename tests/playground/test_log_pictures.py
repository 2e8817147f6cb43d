"""A counted round's picture in the room's log: drawn as the chat frontends
post it, kept in Redis for the room alone (the newest few, until its next
table), served under the room's link and a player's, and shown small in the
page's log, large on a tap."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient
from playwright.async_api import BrowserContext, Page

from bot.core.i18n import LANGUAGES, I18n
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store
from bot.core.summary_screens import summary_screen
from bot.playground import rooms
from bot.playground.frontend import Playground
from bot.playground.rooms import LoggedPicture
from bot.playground.web import PLAYGROUND
from bot.webpage.messages import png_size
from render.thumbnails import thumbnail
from tests.core.helpers import play_to_a_count
from tests.playground.conftest import POLL_MS, Site, create_room, new_room, press, screenshot


def _playground(client: TestClient) -> Playground:
    return client.app[PLAYGROUND]  # type: ignore[index]


async def _start(pg: Playground, url: str) -> str:
    """Start the room's table; its id."""
    room = await pg.rooms.get(url.strip("/").split("/")[1])
    assert room is not None and room.table_id is not None
    table, _ = await pg.service.get(room.table_id)
    await pg.service.start(table.id, table.creator)
    return table.id


def _pictures(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [entry for entry in log if entry["image"] is not None]


async def test_a_counted_round_leaves_its_picture_before_its_count(
    client: TestClient, service: TableService, i18n: I18n
) -> None:
    pg = _playground(client)
    url = await new_room(client)
    change = await play_to_a_count(service, await _start(pg, url), 4)
    view = await (await client.get(url + "state")).json()
    log = view["log"]
    [entry] = _pictures(log)
    assert entry["text"] == "Klac!: the position as it was counted"
    # The lines that tell the move and its count follow it, as its caption in a chat.
    screens = Screens(service, i18n)
    told = screens.event_lines(change.table, change.state, "en")
    at = log.index(entry) + 1
    assert told and [e["text"] for e in log[at : at + len(told)]] == told
    # What the chats post, byte for byte: it has no words, so one serves every language.
    assert change.summary is not None
    drawn = {
        (await summary_screen(screens, change.table, change.state, change.summary, lang)).image
        for lang in LANGUAGES
    }
    [image] = drawn
    assert image is not None
    assert entry["image"]["url"].startswith(url + "summary/")
    served = await client.get(entry["image"]["url"])
    assert served.status == 200 and served.content_type == "image/png"
    assert await served.read() == image
    assert png_size(image) == (entry["image"]["width"], entry["image"]["height"])
    # A player's own page shows the room's log with the picture under its own
    # link, which names no room.
    panel = view["players"][1]["panel"]
    public = (await (await client.get(panel + "state?public=1")).json())["public"]
    [own] = _pictures(public["log"])
    assert own["image"]["url"].startswith(panel + "summary/")
    assert view["room"] not in own["image"]["url"]
    assert await (await client.get(own["image"]["url"])).read() == image
    # The caption is worded in the room's language of the moment.
    assert (await client.post(url + "lang", json={"lang": "ru"})).status == 200
    ru = (await (await client.get(url + "state")).json())["log"]
    assert _pictures(ru)[0]["text"] == "Клац!: позиция на момент подсчёта"
    # The private logs have no pictures.
    assert not _pictures((await (await client.get(panel + "state")).json())["log"])


async def test_a_picture_is_served_for_its_own_room_only(
    client: TestClient, service: TableService, store: Store
) -> None:
    pg = _playground(client)
    first, second = await new_room(client), await new_room(client)
    table_id = await _start(pg, first)
    await play_to_a_count(service, table_id, 4)
    [entry] = _pictures((await (await client.get(first + "state")).json())["log"])
    name = entry["image"]["url"].rsplit("/", 1)[1]
    assert (await client.get(first + "summary/" + name)).status == 200
    # Another room, even one knowing the name, an unknown room, a name the
    # room never kept, and no name at all are refused.
    assert (await client.get(second + "summary/" + name)).status == 404
    assert (await client.get("/r/nosuchroom0/summary/" + name)).status == 404
    assert (await client.get(first + "summary/" + "0" * 24 + ".png")).status == 404
    assert (await client.get(first + "summary/..%2Fimg.png")).status == 404
    second_view = await (await client.get(second + "state")).json()
    other_panel = second_view["players"][0]["panel"]
    assert (await client.get(other_panel + "summary/" + name)).status == 404
    assert (await client.get("/p/" + "x" * 22 + "/summary/" + name)).status == 403
    # A new table starts with a clean log: the old table's pictures go with it.
    table, _ = await service.get(table_id)
    await service.propose(table.id, table.players[0].key, "abort")
    table, _ = await service.get(table.id)
    await service.vote(table.id, table.players[1].key, table.votes[-1].id, True)
    assert (await (await client.post(first + "again", json={})).json()) == {"ok": True}
    assert (await client.get(first + "summary/" + name)).status == 404
    first_id = first.strip("/").split("/")[1]
    assert not await store.redis.exists(f"{store.prefix}pg:pics:{first_id}")


async def test_a_room_keeps_its_newest_pictures_only(client: TestClient, store: Store) -> None:
    pg = _playground(client)
    url = await new_room(client)
    room_id = url.strip("/").split("/")[1]
    image = thumbnail("klac")
    width, height = png_size(image) or (0, 0)
    names = []
    for number in range(rooms.PICTURES + 3):
        name = await pg.rooms.keep_picture(room_id, image, f"round {number}")
        picture = LoggedPicture(name=name, width=width, height=height)
        await pg.rooms.log(room_id, f"round {number}", picture=picture)
        names.append(name)
    # Kept again (the same round's change heard twice), a picture is not kept twice.
    assert await pg.rooms.keep_picture(room_id, image, f"round {rooms.PICTURES + 2}") == names[-1]
    shown = _pictures((await (await client.get(url + "state")).json())["log"])
    newest = range(3, rooms.PICTURES + 3)
    assert [entry["text"] for entry in shown] == [f"round {number}" for number in newest]
    for entry in shown:
        assert (await client.get(entry["image"]["url"])).status == 200
    for name in names[:3]:
        assert (await client.get(f"{url}summary/{name}.png")).status == 404
    pictures = f"{store.prefix}pg:pics:{room_id}"
    assert await store.redis.hlen(pictures) == rooms.PICTURES
    assert await store.redis.llen(pictures + ":order") == rooms.PICTURES
    for key in (pictures, pictures + ":order"):
        assert 0 < await store.redis.ttl(key) <= pg.rooms.ttl


async def _wait_for_picture(page: Page) -> None:
    await page.wait_for_function(
        "() => [...document.querySelectorAll('#log img')].some(img => img.naturalWidth > 0)",
        polling=POLL_MS,
    )


async def test_the_page_shows_the_picture_small_and_opens_it_large(
    context: BrowserContext, site: Site
) -> None:
    page = await create_room(context, site, "klac", ["Anya", "Boris"])
    room = await site.room(page)
    await press(page, "[data-kind=lobby]", "Start")
    table, _ = await site.table(room)
    await play_to_a_count(site.service, table.id, 4)
    await _wait_for_picture(page)
    thumb = page.locator("#log img")
    assert await thumb.count() == 1
    assert await thumb.get_attribute("alt") == "Klac!: the position as it was counted"
    natural = await thumb.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    assert natural[0] > 0
    # Small: inside the log's column, and short enough to leave it lines to show.
    box = await thumb.bounding_box()
    log = await page.locator("#log").bounding_box()
    assert box is not None and log is not None
    assert box["width"] < natural[0] and box["x"] + box["width"] <= log["x"] + log["width"]
    assert box["height"] <= 180.5
    # A tap opens it as large as the window allows (its own size here);
    # another on the picture keeps it open, Esc closes it.
    await thumb.click()
    large = page.locator("#picture-viewer img")
    await large.wait_for()
    assert await page.locator("#picture-viewer").evaluate("d => d.open")
    shown = await large.bounding_box()
    assert shown is not None and round(shown["width"]) == natural[0]
    await page.keyboard.press("Escape")
    assert not await page.locator("#picture-viewer").evaluate("d => d.open")
    await screenshot(page, "log-picture-room-wide")
    # The player's own page shows it in the room's log too, under its own link.
    panel = await context.new_page()
    await panel.set_viewport_size({"width": 390, "height": 844})
    await panel.goto(site.url.rstrip("/") + site.playground.panel_url(room, 0))
    await _wait_for_picture(panel)
    src = await panel.locator("#log img").get_attribute("src")
    assert src is not None and src.startswith(site.playground.panel_url(room, 0) + "summary/")
    await screenshot(panel, "log-picture-phone")
    await panel.locator("#log img").click()
    await panel.locator("#picture-viewer img").wait_for()
    # On a phone it opens as wide as the window, and a tap shows it at its own size.
    shown = await panel.locator("#picture-viewer img").bounding_box()
    assert shown is not None and 300 < shown["width"] <= 390
    await screenshot(panel, "log-picture-phone-open", full_page=False)
    await panel.locator("#picture-viewer img").click()
    shown = await panel.locator("#picture-viewer img").bounding_box()
    assert shown is not None and round(shown["width"]) == natural[0]
    await panel.locator("#picture-viewer .close").click()
    assert not await panel.locator("#picture-viewer").evaluate("d => d.open")
