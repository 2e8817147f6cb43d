"""Playing by tapping the pictures: a card in the hand, then the row and the
stack it goes to on the table, each tap the very press of the move button it
stands for; a whole game against the computer played by taps alone."""

from __future__ import annotations

import json
import random

import pytest
from playwright.async_api import Browser, Page, Request

from bot.core.service import BOT_DELAY_SECONDS
from bot.core.tables import Status
from games import registry
from tests.playground.conftest import NAV, POLL_MS, Site, create_room, gone, press, screenshot
from tests.playground.test_layout import sized
from tests.playground.test_room import cycle_option
from tests.playground.test_seat_page import DESKTOP, PHONE

#: A target and the move button it stands for: its key after the last "/".
ARMED = """() => [...document.querySelectorAll('.target:not([hidden])')].map(t => {
  const key = t.dataset.target.split('/').pop();
  const button = [...document.querySelectorAll('.stage button.key')]
    .find(b => b.dataset.key === key && !b.disabled);
  return [t.dataset.target, button ? button.dataset.token : null];
})"""


def presses(page: Page) -> list[str]:
    """The tokens ``page`` presses from now on, in order."""
    pressed: list[str] = []

    def heard(request: Request) -> None:
        if request.url.endswith("/press"):
            pressed.append(json.loads(request.post_data or "{}")["token"])

    page.on("request", heard)
    return pressed


async def solo_klac(browser: Browser, site: Site) -> tuple[Page, Page]:
    """Anya alone against a computer at Klac! to 50 points: the room's page and
    Anya's own page on a phone."""
    host = await sized(browser, DESKTOP, phone=False)
    room_page = await create_room(host, site, "klac", ["Anya"])
    await press(room_page, "[data-kind=lobby]", "🤖 + normal")
    await press(room_page, "[data-kind=lobby]", "Done")
    await cycle_option(room_page, "Play to", "Play to: 50 points")
    await press(room_page, "[data-kind=lobby]", "Start")
    room = await site.room(room_page)
    phone = await sized(browser, PHONE, phone=True)
    own = await phone.new_page()
    await own.goto(site.url.rstrip("/") + site.playground.panel_url(room, 0))
    return room_page, own


@pytest.mark.cluster
async def test_a_whole_game_against_the_computer_by_tapping_the_pictures(
    browser: Browser, site: Site
) -> None:
    room_page, own = await solo_klac(browser, site)
    room = await site.room(room_page)
    pressed = presses(own)
    klac = registry.get("klac")
    rng = random.Random(5)
    taps = 0
    for _ in range(400):
        table, state = await site.table(room)
        if table.status != Status.PLAYING:
            break
        if klac.to_move(state) != [0]:
            site.clock.advance(BOT_DELAY_SECONDS)
            assert await site.service.run_due() >= 1
            continue
        fresh = f"m:{table.id}:{table.state_version}:0:"
        await own.wait_for_selector(f".stage button.key[data-token^='{fresh}']", state="attached")
        await own.wait_for_function(
            "() => document.querySelector('.target:not([hidden])')", polling=POLL_MS
        )
        armed = await own.evaluate(ARMED)
        # Only targets of shown move buttons are offered.
        assert armed and all(token and token.startswith(fresh) for _, token in armed), armed
        target, token = rng.choice(armed)
        if taps < 3:
            await screenshot(own, f"targets-klac-step{taps + 1}", full_page=False)
        await own.locator(f".target[data-target='{target}']").first.tap()
        taps += 1
        # The tap is exactly the press of the button it stands for.
        await gone(own, token)
        assert pressed[-1] == token
    table, _ = await site.table(room)
    assert table.status == Status.FINISHED, "the game is played to its end by taps"
    assert taps >= 6
    await room_page.context.close()
    await own.context.close()


async def test_a_hand_s_targets_reach_only_its_own_seat(browser: Browser, site: Site) -> None:
    room_page, own = await solo_klac(browser, site)
    room = await site.room(room_page)
    _, state = await site.table(room)
    hand = list(state.hands[0])
    await own.wait_for_selector("#hand .target", state="attached")
    targets = await own.eval_on_selector_all("#hand .target", "ts => ts.map(t => t.dataset.target)")
    assert sorted(targets) == sorted(hand)
    # The room's (public) view names no card of any hand.
    response = await room_page.context.request.get(f"{site.url}r/{room.id}/state")
    public = json.dumps(await response.json())
    computer = list(state.hands[1])
    for card in hand + computer:
        assert f'"key": "{card}"' not in public
    await room_page.context.close()
    await own.context.close()


@pytest.mark.parametrize("game", ["klac", "klotho", "krendzu", "caravan"])
async def test_a_move_is_made_by_tapping_the_pictures(
    browser: Browser, site: Site, game: str
) -> None:
    """Taps wherever a target stands for a step of the move; the steps with no
    place on a picture (confirm, exchange counts) by their buttons."""
    host = await sized(browser, DESKTOP, phone=False)
    names = ["Anya", "Boris", "Vika"][: registry.get(game).min_seats]
    room_page = await create_room(host, site, game, names)
    await press(room_page, "[data-kind=lobby]", "Start")
    room = await site.room(room_page)
    phone = await sized(browser, PHONE, phone=True)
    own = await phone.new_page()
    pressed = presses(own)
    rng = random.Random(game)
    taps = 0
    tapped_at = None
    seat = None
    for _ in range(60):
        table, state = await site.table(room)
        if tapped_at is not None and table.state_version > tapped_at:
            break
        mover = registry.get(game).to_move(state)[0]
        if mover != seat:
            # Whoever is to move plays on their own page.
            seat = mover
            await own.goto(site.url.rstrip("/") + site.playground.panel_url(room, seat))
        fresh = f"m:{table.id}:{table.state_version}:"
        await own.wait_for_selector(f".stage button.key[data-token^='{fresh}']", state="attached")
        armed = await own.evaluate(ARMED)
        if armed:
            target, token = rng.choice(armed)
            if taps == 0:
                await screenshot(own, f"targets-{game}", full_page=False)
            await own.locator(f".target[data-target='{target}']").first.tap()
            taps += 1
            tapped_at = table.state_version if tapped_at is None else tapped_at
            await gone(own, token)
            assert pressed[-1] == token, "a tap is the press of its button"
        else:
            keys = own.locator(".stage button.key[data-token^='m:']")
            found = await keys.evaluate_all("bs => bs.map(b => [b.dataset.token, b.textContent])")
            token = rng.choice([t for t, label in found if not label.startswith(NAV)])
            await own.locator(f"button.key[data-token='{token}']").click()
            await gone(own, token)
    assert tapped_at is not None and table.state_version > tapped_at, "a move begun by a tap"
    await host.close()
    await phone.close()
