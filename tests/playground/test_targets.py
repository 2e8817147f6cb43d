"""Playing by tapping the pictures: a card in the hand, then the row and the
stack it goes to on the table, each tap the very press of the move button it
stands for; a whole game against the computer played by taps, at a phone's
size with touch, and the same game played with the buttons passing through the
same states; its first moves at a desktop's size."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.async_api import Browser

from bot.core.service import deadlines, lobby
from games import ai, registry
from tests.playground.conftest import NAV, Site, create_room, gone, press, screenshot
from tests.playground.tapping import ARMED, SHORT, TAP, Player, presses, solo, within_reach
from tests.playground.test_layout import sized
from tests.playground.test_room import cycle_option
from tests.playground.test_seat_page import DESKTOP, PHONE

#: Every game, and Curling's card variant.
GAMES = list(SHORT)


@pytest.fixture
def alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two tables play alike for the same moves: one seed deals them, and the
    computer, whose choice is seeded by the table's id, chooses alike."""
    monkeypatch.setattr(lobby, "new_seed", lambda: 20261128)
    choose = ai.choose

    def same(game: str, state: Any, seat: int, level: str = "normal", seed: int = 0) -> Any:
        return choose(game, state, seat, level, 0)

    monkeypatch.setattr(deadlines.ai, "choose", same)


async def solo_klac(browser: Browser, site: Site) -> tuple[Any, Any]:
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
@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_game_by_taps_goes_as_the_same_game_by_buttons(
    browser: Browser, site: Site, game: str, alike: None
) -> None:
    """On a phone: a whole game against the computer by tapping the pictures,
    then a table of the same seed played by pressing the buttons of the same
    steps; both pass through the same states and log the same actions."""
    context, page, room = await solo(browser, site, game, PHONE)
    tapped = await Player(
        site,
        room,
        page,
        touch=True,
        rng=random.Random(game),
        shots=f"targets-{game.replace('/', '-')}",
    ).play()
    await context.close()
    table, _ = await site.table(room)
    assert table.status == "finished", "the game is played to its end"
    moves = [how for how, _ in tapped.steps if how != "next"]
    assert moves.count("tap") >= 6
    # Each tap that pressed was on a target a finger can hit.
    assert min(tapped.reach) >= TAP, sorted(tapped.reach)[:5]
    # Every step is a tap: on what it moves, or on a decision's chip.
    assert not tapped.buttons(), tapped.buttons()
    context, page, room = await solo(browser, site, game, PHONE)
    pressed = await Player(site, room, page, touch=True, replay=tapped).play()
    await context.close()
    assert pressed.log == tapped.log
    assert pressed.states == tapped.states
    assert [key for _, key in pressed.steps] == [key for _, key in tapped.steps]


@pytest.mark.parametrize("game", GAMES)
async def test_the_first_moves_by_taps_at_a_desktop_s_size(
    browser: Browser, site: Site, game: str, alike: None
) -> None:
    """With a mouse on a wide screen: the first five moves of a game, by taps."""
    context, page, room = await solo(browser, site, game, DESKTOP)
    played = await Player(
        site,
        room,
        page,
        touch=False,
        rng=random.Random(game),
        moves=5,
        shots=f"targets-{game.replace('/', '-')}-desktop",
    ).play()
    await context.close()
    assert [how for how, _ in played.steps].count("tap") >= 3
    assert min(played.reach) >= TAP, sorted(played.reach)[:5]
    assert not played.buttons(), played.buttons()


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


@pytest.mark.parametrize("game", [game for game in GAMES if "/" not in game])
async def test_a_move_is_made_by_tapping_the_pictures(
    browser: Browser, site: Site, game: str
) -> None:
    """Taps a target (a decision's chip too) wherever one stands for a step of
    the move; a button only where none is armed."""
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
            node = own.locator(f".target[data-target='{target}']").first
            assert await within_reach(own, node, touch=True) >= TAP
            await node.tap()
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
