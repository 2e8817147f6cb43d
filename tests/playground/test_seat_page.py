"""A player's own page, phone first: the table, the hand and the moves on one
screen at 390×844 (touch) and 1280×800 in every game and both languages;
44 px tap targets; no sideways scrolling at 360 px."""

from __future__ import annotations

import pytest
from playwright.async_api import Browser, BrowserContext, Page

from games import registry
from tests.playground.conftest import POLL_MS, Site, create_room, press, screenshot
from tests.playground.test_layout import box_of, inside, sized

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
NARROW = {"width": 360, "height": 740}
START = {"en": "Start", "ru": "Начать"}
#: The smallest tap target (WCAG 2.5.5, Apple's Human Interface Guidelines).
TAP = 44


async def seat_page(
    browser: Browser, site: Site, game: str, lang: str, viewport: dict[str, int]
) -> tuple[BrowserContext, Page]:
    """A started table of ``game``; the own page of the player to move, at ``viewport``."""
    host = await sized(browser, DESKTOP, phone=False)
    names = [f"P{n}" for n in range(1, registry.get(game).min_seats + 1)]
    room_page = await create_room(host, site, game, names, lang)
    await press(room_page, "[data-kind=lobby]", START[lang])
    room = await site.room(room_page)
    await host.close()
    _, state = await site.table(room)
    mover = registry.get(game).to_move(state)[0]
    phone = viewport["width"] < 900
    context = await sized(browser, viewport, phone)
    page = await context.new_page()
    await page.goto(site.url.rstrip("/") + site.playground.panel_url(room, mover))
    await page.wait_for_function(
        "() => [...document.querySelectorAll('.stage img')].length > 0 &&"
        " [...document.querySelectorAll('.stage img')].every(i => i.complete && i.naturalWidth"
        " && i.parentElement.style.width)"
        " && document.querySelector('.stage button.key[data-token^=\"m:\"]')",
        polling=POLL_MS,
    )
    return context, page


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes of the page share any area."""
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


async def no_sideways_scroll(page: Page, width: int) -> None:
    scroll = await page.evaluate("document.documentElement.scrollWidth")
    wide = await page.evaluate(
        "w => [...document.querySelectorAll('body *')]"
        ".filter(e => e.getBoundingClientRect().right > w)"
        ".map(e => e.tagName + '.' + e.className + '#' + e.id).slice(0, 8)",
        width,
    )
    assert scroll <= width, f"{page.url} is {scroll} px wide in {width}: {wide}"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("game", registry.names())
async def test_the_table_the_hand_and_the_moves_are_on_the_first_screen(
    browser: Browser, site: Site, game: str, viewport: dict[str, int], lang: str
) -> None:
    context, page = await seat_page(browser, site, game, lang, viewport)
    try:
        await screenshot(
            page,
            f"seat-{game}-{'phone' if viewport is PHONE else 'desktop'}-{lang}",
            full_page=False,
        )
        table = await box_of(page, "#table-area img")
        inside(table, viewport, "the table picture")
        if registry.get(game).public_moves:
            keys = "#controls button.key"
        else:
            inside(await box_of(page, "#hand img"), viewport, "the hand picture")
            keys = "#hand button.key"
        inside(await box_of(page, f"{keys} >> nth=0"), viewport, "the first move button")
        # Keys the picture stands for keep to a strip that scrolls (the rest
        # follow it): the strip is on the screen, and each key below its
        # fold has a target on the screen.
        inside(await box_of(page, f"{keys}:not(.strip *)"), viewport, "the last move button")
        strip = await page.query_selector(f"{keys.split()[0]} .keyboard .strip")
        if strip is not None:
            box = await strip.bounding_box()
            assert box is not None
            inside(box, viewport, "the strip of move buttons")
            folded = await page.evaluate(FOLDED, [keys, viewport["height"]])
            assert not folded["unreached"], folded
        # The table is large: on a phone as wide as the screen or a third of
        # its height, on a desktop far larger than its own picture's 300 px.
        if viewport is PHONE:
            assert table["width"] >= viewport["width"] - 40 or table["height"] >= 270, table
        else:
            assert table["width"] >= 600 or table["height"] >= 560, table
        # − and + cover nothing of the table at its own size.
        zoom = await box_of(page, "#table-area .zoom")
        assert not overlap(zoom, table), (zoom, table)
        await no_sideways_scroll(page, viewport["width"])
        # The turn is in the tab's title.
        title = await page.title()
        assert title.startswith({"en": "🟢 Your turn", "ru": "🟢 Ваш ход"}[lang]), title
    finally:
        await context.close()


#: The keys below a strip's fold, and those of them no target on the screen stands for.
FOLDED = """([keys, height]) => {
  const strip = document.querySelector(keys.split(' ')[0] + ' .keyboard .strip')
    .getBoundingClientRect();
  const below = [...document.querySelectorAll(keys.split(' ')[0] + ' .strip button.key')]
    .filter(k => k.getBoundingClientRect().bottom > strip.bottom).map(k => k.dataset.key);
  const reached = new Set([...document.querySelectorAll('.target:not([hidden])')]
    .filter(t => { const r = t.getBoundingClientRect(); return r.top >= 0 && r.bottom <= height; })
    .map(t => t.dataset.target.split('>')[0].split('/').pop()));
  return { keys: below, unreached: below.filter(k => !reached.has(k)) };
}"""


@pytest.mark.parametrize("game", registry.names())
async def test_every_tap_target_on_a_phone_is_44_px(
    browser: Browser, site: Site, game: str
) -> None:
    context, page = await seat_page(browser, site, game, "ru", PHONE)
    try:
        small = await page.evaluate(
            """min => [...document.querySelectorAll(
                'button, a, select, input:not([type=checkbox]), label:has(input)')]
              .filter(e => e.offsetParent !== null)
              .map(e => [e.textContent.trim() || e.getAttribute('aria-label') || e.tagName,
                         e.getBoundingClientRect()])
              .filter(([, r]) => r.height < min || r.width < min)
              .map(([name, r]) => `${name}: ${Math.round(r.width)}×${Math.round(r.height)}`)""",
            TAP,
        )
        assert small == []
    finally:
        await context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_no_page_scrolls_sideways_at_360_px(browser: Browser, site: Site, lang: str) -> None:
    context = await sized(browser, NARROW, phone=True)
    try:
        room_page = await create_room(context, site, "caravan", ["Anya", "Boris"], lang)
        await no_sideways_scroll(room_page, NARROW["width"])
        await press(room_page, "[data-kind=lobby]", START[lang])
        await room_page.wait_for_selector("[data-kind=table] img")
        await no_sideways_scroll(room_page, NARROW["width"])
        room = await site.room(room_page)
        home = await context.new_page()
        await home.goto(f"{site.url}?lang={lang}")
        await no_sideways_scroll(home, NARROW["width"])
        own = await context.new_page()
        await own.goto(site.url.rstrip("/") + site.playground.panel_url(room, 0))
        await own.wait_for_selector("#hand img")
        await no_sideways_scroll(own, NARROW["width"])
    finally:
        await context.close()


async def test_the_events_clock_speaks_the_page_language(browser: Browser, site: Site) -> None:
    context = await sized(browser, PHONE, phone=True)
    try:
        page = await create_room(context, site, "klac", ["Anya", "Boris"], "ru")
        await press(page, "[data-kind=lobby]", "Начать")
        clock = page.locator("#log time").first
        await clock.wait_for()
        # The browser speaks English (en-US); the Russian page's clock has no AM/PM.
        text = await clock.inner_text()
        assert "AM" not in text and "PM" not in text and text.count(":") == 2, text
    finally:
        await context.close()


async def test_the_table_zooms_in_steps_inside_its_box(browser: Browser, site: Site) -> None:
    context, page = await seat_page(browser, site, "klac", "en", PHONE)
    try:
        picture = "#table-area img"
        widths = [(await box_of(page, picture))["width"]]
        for _ in range(4):
            await page.locator("#table-area .zoom-in").tap()
            widths.append((await box_of(page, picture))["width"])
        # ×1.5, ×2, ×3, ×4: steps, not a jump to the picture's own 1,200 px.
        assert [round(w / widths[0], 1) for w in widths] == [1.0, 1.5, 2.0, 3.0, 4.0]
        assert await page.locator("#table-area .zoom-in").is_disabled()
        await no_sideways_scroll(page, PHONE["width"])
        await page.locator("#table-area .zoom-out").tap()
        assert (await box_of(page, picture))["width"] == pytest.approx(widths[3], abs=1)
    finally:
        await context.close()
