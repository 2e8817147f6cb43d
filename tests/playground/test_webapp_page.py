"""The Telegram Mini App in Chromium: Telegram's script is a stand-in that
hands the page ``initData`` signed with the test bot's token (the real one
cannot be fetched here); the page is the seat page, played by tapping, and a
move made in the chat shows in it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, BrowserContext, Page, Route

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store
from bot.telegram.webapp import TableViews, add_webapp
from bot.webpage.layout import TELEGRAM_SCRIPT
from games import registry
from tests.conftest import FakeClock
from tests.core.helpers import ALICE, BOB, started_table
from tests.playground.conftest import POLL_MS, gone, screenshot
from tests.playground.tapping import ARMED, TAP, within_reach
from tests.playground.test_layout import box_of, inside, sized
from tests.playground.test_seat_page import PHONE
from tests.telegram.test_webapp import TOKEN, signed

THEME = {"bg_color": "#17212b", "secondary_bg_color": "#232e3c", "text_color": "#f5f5f5",
         "button_color": "#5288c1", "header_bg_color": "#17212b"}  # fmt: skip


def stand_in(init_data: str) -> str:
    """Telegram's ``window.Telegram.WebApp``, as much of it as the page uses."""
    return f"""window.Telegram = {{ WebApp: {{
  initData: {json.dumps(init_data)}, initDataUnsafe: {{}}, themeParams: {json.dumps(THEME)},
  ready() {{ window.tgReady = true; }}, expand() {{}}, close() {{ window.tgClosed = true; }},
  BackButton: {{ show() {{ window.tgBack = true; }}, onClick(f) {{ window.tgBackPress = f; }} }},
  HapticFeedback: {{ notificationOccurred(kind) {{ window.tgHaptic = kind; }} }},
}} }};"""


@pytest.fixture
async def server(
    service: TableService, store: Store, clock: FakeClock
) -> AsyncIterator[TestServer]:
    app = web.Application()
    screens = Screens(service, I18n())
    add_webapp(app, TableViews(service, screens, Languages(store, "en")), TOKEN, clock)
    test_server = TestServer(app, host="127.0.0.1")
    await test_server.start_server()
    yield test_server
    await test_server.close()


async def opened(
    browser: Browser, server: TestServer, table_id: str, init_data: str
) -> tuple[BrowserContext, Page]:
    context = await sized(browser, PHONE, phone=True)

    async def telegram_script(route: Route) -> None:
        await route.fulfill(body=stand_in(init_data), content_type="text/javascript")

    await context.route(TELEGRAM_SCRIPT, telegram_script)
    page = await context.new_page()
    await page.goto(str(server.make_url(f"/webapp/?table={table_id}")))
    return context, page


async def test_the_mini_app_plays_by_tapping_and_follows_the_chat(
    browser: Browser, server: TestServer, service: TableService, clock: FakeClock
) -> None:
    table, state = await started_table(service, seats=2)
    seat = registry.get("klac").to_move(state)[0]
    player = (ALICE, BOB)[seat]
    user = int(player.key.removeprefix("tg:"))
    context, page = await opened(browser, server, table.id, signed(user, clock()))
    try:
        await page.wait_for_selector("#hand .target:not([hidden])", state="attached")
        assert await page.evaluate("window.tgReady && window.tgBack") is True
        # Telegram's colours, and no bar of the page's own.
        assert (
            await page.evaluate(
                "getComputedStyle(document.documentElement).getPropertyValue('--wallpaper')"
            )
            == THEME["bg_color"]
        )
        assert not await page.locator(".bar").is_visible()
        for what in ("#table-area img", "#hand img", "#hand button.key"):
            inside(await box_of(page, what), PHONE, what)
        assert await page.evaluate("window.tgHaptic") == "success", "the turn buzzes"
        await screenshot(page, "webapp-klac-phone", full_page=False)
        # A move by taps: a card, the row, the stack.
        for _ in range(6):
            after, _ = await service.get(table.id)
            if after.state_version != table.state_version:
                break
            target, token = (await page.evaluate(ARMED))[0]
            node = page.locator(f".target[data-target='{target}']").first
            assert await within_reach(page, node, touch=True) >= TAP
            await node.tap()
            await gone(page, token)
        after, state = await service.get(table.id)
        assert after.state_version == table.state_version + 1
        # The other player moves in the chat: the page shows the new table.
        other = registry.get("klac").to_move(state)[0]
        action = registry.get("klac").legal_actions(state, other)[0]
        await service.play(table.id, after.players[other].key, after.state_version, action)
        expected = await Screens(service, I18n()).table(*(await service.get(table.id)), "en")
        await page.wait_for_function(
            "key => document.querySelector('#table-area img')?.dataset.key === key",
            arg=expected.image_key,
            polling=POLL_MS,
        )
    finally:
        await context.close()


async def test_outside_telegram_the_page_says_where_the_table_opens(
    browser: Browser, server: TestServer, service: TableService
) -> None:
    table, _ = await started_table(service, seats=2)
    context, page = await opened(browser, server, table.id, "")
    try:
        await page.wait_for_function("() => document.body.dataset.ready === '1'")
        assert "Open this table from Telegram" in await page.locator("#table-area").inner_text()
    finally:
        await context.close()
