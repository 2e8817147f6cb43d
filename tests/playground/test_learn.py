"""Tutorials on the playground: a page per game, played to the end by pressing
only what is shown, over HTTP in both languages and by clicking in Chromium;
a wrong press is answered with why not; progress is kept per browser."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from playwright.async_api import Browser, BrowserContext

from bot.core.tokens import LearnToken, decode
from bot.core.tutorials import TUTORIALS
from tests.playground.conftest import POLL_MS, Site, new_room
from tests.playground.test_layout import sized
from tests.playground.test_seat_page import DESKTOP, PHONE

STEP = re.compile(r"📖 .+ · (?:шаг|step) (\d+) (?:из|of) (\d+)")


def config_of(html: str) -> dict[str, Any]:
    found = re.search(r'<script id="pg-config" type="application/json">(.*?)</script>', html, re.S)
    assert found, html[:200]
    data: dict[str, Any] = json.loads(found[1].replace("<\\/", "</"))
    return data


def step_number(step: dict[str, Any]) -> int:
    found = STEP.search(step["text"])
    assert found, step["text"]
    return int(found[1])


def option_tokens(step: dict[str, Any]) -> list[str]:
    """The step's option buttons as shown (not back, leave or the last step's)."""
    out = []
    for row in step["buttons"]:
        for button in row:
            token = decode(button["token"])
            if isinstance(token, LearnToken) and token.op.isdigit():
                out.append(button["token"])
    return out


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game", sorted(TUTORIALS))
async def test_a_tutorial_page_played_to_the_end(client: TestClient, game: str, lang: str) -> None:
    page = await client.get(f"/learn/{game}/?lang={lang}")
    assert page.status == 200
    step = config_of(await page.text())["step"]
    assert step_number(step) == 1
    picture = await client.get(step["image"])
    assert picture.status == 200 and (await picture.read()).startswith(b"\x89PNG")
    steps = len(TUTORIALS[game].steps)
    whys = []
    while step_number(step) < steps:
        number = step_number(step)
        for token in option_tokens(step):
            pressed = await client.post("/learn/press", json={"token": token, "lang": lang})
            answer = await pressed.json()
            assert answer["ok"], answer
            if step_number(answer) == number:
                assert answer["alert"] and answer["alert"] in answer["text"]
                whys.append(answer["alert"])
                continue
            assert step_number(answer) == number + 1 and answer["alert"] is None
            step = answer
            break
        else:
            raise AssertionError(f"no shown button moved step {number} on")
    assert whys and all(bool(re.search("[а-я]", why)) == (lang == "ru") for why in whys)
    # The last step offers a real game: a button the page turns into a new room.
    assert any(button["play"] == game for row in step["buttons"] for button in row)
    # The browser's place is kept: the page opens at the last step again.
    again = config_of(await (await client.get(f"/learn/{game}/?lang={lang}")).text())
    assert step_number(again["step"]) == steps


async def test_the_list_a_forged_press_and_a_browser_without_its_cookie(client: TestClient) -> None:
    listing = await client.get("/learn/?lang=en")
    html = await listing.text()
    assert "/learn/curling/?lang=en" in html and "/learn/krendzu/?lang=en" in html
    bad = await client.post("/learn/press", json={"token": "m:AAAA:1:0:", "lang": "en"})
    assert (await bad.json()) == {"ok": False, "error": "This button is not valid."}
    assert (await client.get("/learn/chess/")).status == 404
    assert (await client.get("/learn/img/curling/99/en.png")).status == 404
    client.session.cookie_jar.clear()
    token = LearnToken("curling", 0, "0").encode()
    stranger = await client.post("/learn/press", json={"token": token, "lang": "en"})
    assert not (await stranger.json())["ok"]


async def test_clicking_through_a_tutorial_in_the_browser(
    context: BrowserContext, site: Site
) -> None:
    page = await context.new_page()
    await page.goto(f"{site.url}?lang=en")
    await page.click("text=Learn it step by step")
    await page.click("text=Logical Curling")
    await page.wait_for_selector("body[data-ready='1']")
    steps = len(TUTORIALS["curling"].steps)
    shown = "#learn-buttons button.key:not([data-token$=':b']):not([data-token$=':x'])"
    for number in range(1, steps):
        assert f"step {number} of {steps}" in await page.locator("#learn-text").inner_text()
        for i in range(await page.locator(shown).count()):
            before = await page.locator("#learn-text").inner_text()
            await page.locator(shown).nth(i).click()
            await page.wait_for_function(
                "([before]) => document.querySelector('#learn-text').innerText !== before",
                arg=[before],
                polling=POLL_MS,
            )
            if f"step {number} of" not in await page.locator("#learn-text").inner_text():
                break
            # A wrong press: the step stays and says why not.
            assert "✋" in await page.locator("#learn-text").inner_text()
    await page.screenshot(path="/tmp/learn-playground.png")
    await page.click("text=A real game against the computer")
    await page.wait_for_url("**/r/*/")
    room = await site.room(page)
    table, _ = await site.table(room)
    assert table.game == "curling"


async def test_a_room_lobby_links_its_game_tutorial(client: TestClient) -> None:
    url = await new_room(client, "krendzu", names=1, lang="ru")
    state = await (await client.get(f"{url}state")).json()
    links = [
        button
        for message in state["messages"]
        for row in message["buttons"]
        for button in row
        if button["label"] == "📖 Как играть"
    ]
    assert links == [
        {
            "label": "📖 Как играть",
            "token": None,
            "url": "/learn/krendzu/",
            "noop": False,
            "key": None,
        }
    ]


@pytest.mark.parametrize("game", sorted(TUTORIALS))
@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
async def test_a_tutorial_step_fits_the_screen(
    browser: Browser, site: Site, game: str, phone: bool
) -> None:
    """The step's picture fits: on a phone no sideways scrolling and the words
    begin on the first screen below it; on a desktop the words stand beside it."""
    viewport = PHONE if phone else DESKTOP
    context = await sized(browser, viewport, phone=phone)
    page = await context.new_page()
    await page.goto(f"{site.url}learn/{game}/?lang=ru")
    await page.wait_for_selector("body[data-ready='1']")
    await page.wait_for_function(
        "() => document.getElementById('learn-picture').naturalWidth > 0", polling=POLL_MS
    )
    picture = await page.locator("#learn-picture").bounding_box()
    words = await page.locator("#learn-text").bounding_box()
    assert picture is not None and words is not None
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"]
    assert picture["x"] >= 0 and picture["x"] + picture["width"] <= viewport["width"]
    if phone:
        assert picture["y"] + picture["height"] <= words["y"] < viewport["height"] - 100
    else:
        assert picture["x"] + picture["width"] <= words["x"]
        assert picture["y"] + picture["height"] <= viewport["height"]
    await context.close()
