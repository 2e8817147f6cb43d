"""The room's page on a desktop and on a phone: pictures fit, and on a desktop the
table and what the player to move presses are in the window together."""

from __future__ import annotations

import asyncio

import pytest
from playwright.async_api import Browser, BrowserContext, Frame, Page

from games import registry
from tests.playground.conftest import POLL_MS, Site, create_room, panel_frame, press, screenshot

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 400, "height": 850}


async def sized(browser: Browser, viewport: dict[str, int], phone: bool) -> BrowserContext:
    return await browser.new_context(
        viewport=viewport, locale="en-US", is_mobile=phone, has_touch=phone
    )


async def started(context: BrowserContext, site: Site, game: str, seats: int) -> Page:
    names = [f"P{n}" for n in range(1, seats + 1)]
    page = await create_room(context, site, game, names)
    await press(page, "[data-kind=lobby]", "Start")
    await page.wait_for_selector("[data-kind=table] img")
    await page.evaluate("window.scrollTo(0, 0)")
    return page


async def box_of(scope: Page | Frame, selector: str) -> dict[str, float]:
    """The bounding box of the last element ``selector`` picks, once drawn."""
    element = scope.locator(selector).last
    # A live update may draw the message anew between finding the element and
    # measuring it: measure the new one then.
    for _ in range(50):
        await element.wait_for()
        box = await element.bounding_box()
        if box is not None:
            return box
        await asyncio.sleep(0.1)
    raise AssertionError(f"{selector} is never drawn")


async def fitted(scope: Page | Frame, selector: str) -> None:
    """Wait until the picture has loaded and is drawn no larger than its own size."""
    await scope.wait_for_function(
        "s => { const i = [...document.querySelectorAll(s)].pop();"
        " return i && i.complete && i.naturalWidth > 0 }",
        arg=selector,
        polling=POLL_MS,
    )


def inside(box: dict[str, float], viewport: dict[str, int], what: str) -> None:
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1, what
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 1, what


@pytest.mark.parametrize(
    "game", [(name, seats) for name in registry.names() for seats in {
        registry.get(name).min_seats, registry.get(name).max_seats}],
    ids=lambda case: f"{case[0]}-{case[1]}",
)  # fmt: skip
async def test_on_a_desktop_the_table_and_the_moves_are_in_the_window_together(
    browser: Browser, site: Site, game: tuple[str, int]
) -> None:
    name, seats = game
    context = await sized(browser, DESKTOP, phone=False)
    try:
        page = await started(context, site, name, seats)
        await fitted(page, "[data-kind=table] img")
        inside(await box_of(page, "[data-kind=table] img"), DESKTOP, "the table picture")
        if registry.get(name).public_moves:
            moves: Page | Frame = page
            keys = "[data-kind=table] button.key"
        else:
            active = await page.locator(".panel-box.active").get_attribute("data-player")
            moves = await panel_frame(page, int(active or 0))
            await fitted(moves, "#hand img")
            keys = "#hand button.key"
            inside(await box_of(moves, "#hand img"), DESKTOP, "the hand picture")
        inside(await box_of(moves, keys), DESKTOP, "the last move button")
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= DESKTOP["width"], "no sideways scrolling"
        await screenshot(page, f"layout-desktop-{name}-{seats}")
    finally:
        await context.close()


@pytest.mark.parametrize("name", registry.names())
async def test_on_a_phone_pictures_fit_the_width_and_open_full_size_on_a_tap(
    browser: Browser, site: Site, name: str
) -> None:
    context = await sized(browser, PHONE, phone=True)
    try:
        page = await started(context, site, name, registry.get(name).min_seats)
        table = "[data-kind=table] img"
        await fitted(page, table)
        box = await box_of(page, table)
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        await page.locator(table).last.tap()
        natural = await page.locator(table).last.evaluate("i => i.naturalWidth")
        zoomed = await box_of(page, table)
        assert zoomed["width"] == pytest.approx(natural, abs=1), "a tap shows its own size"
        assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], (
            "the zoomed picture scrolls inside its message, not the page"
        )
        await screenshot(page, f"layout-phone-{name}")
    finally:
        await context.close()
