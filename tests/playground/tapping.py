"""Playing a game alone against the computer on one's own page: by tapping
the pictures' targets (a button only where a step has no place on them), or
by pressing the move buttons, key by key, the way a recorded game went.

Both ways watch the table between presses: the computer's moves are made by
advancing the clock, and after a round the person presses ▶ (the computers
wait for them). Each press is made on the page as it stands after the last
one, and every state the table passes through is kept (``game.dumps``).
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from dataclasses import dataclass, field

from playwright.async_api import Browser, BrowserContext, Locator, Page, Request

from bot.core.service import BOT_DELAY_SECONDS
from bot.core.tables import Status
from bot.playground.rooms import Room
from games import registry
from games.core.menu import movers
from tests.playground.conftest import NAV, POLL_MS, Site, create_room, gone, press, screenshot
from tests.playground.test_layout import sized
from tests.playground.test_room import cycle_option
from tests.playground.test_seat_page import DESKTOP, PHONE

#: The shown targets of some kind and the move button each stands for: its
#: key after the last "/" (of its first step, for a two-step "a>b").
_SHOWN = """() => [...document.querySelectorAll('KIND:not([hidden])')].map(t => {
  const key = t.dataset.target.split('>')[0].split('/').pop();
  const button = [...document.querySelectorAll('.stage button.key')]
    .find(b => b.dataset.key === key && !b.disabled);
  return [t.dataset.target, button ? button.dataset.token : null];
})"""
#: Every shown target (a decision's chip too), and its button.
ARMED = _SHOWN.replace("KIND", ".target")
#: The shown targets with a box on a picture, and their buttons.
BOXED = _SHOWN.replace("KIND", ".target:not(.decision)")
#: The move buttons shown: token, key and label.
BUTTONS = "bs => bs.map(b => [b.dataset.token, b.dataset.key, b.textContent])"
#: Each game's lobby options for a short game (the option's button, the value
#: to show); ``curling/cards`` is Curling's card variant.
SHORT = {
    "klac": [("Play to", "Play to: 50 points")],
    "klotho": [],
    "krendzu": [],
    "caravan": [],
    "curling": [("Ends", "Ends: 2")],
    "curling/cards": [("Variant", "Variant: cards"), ("Ends", "Ends: 2")],
}
#: The least size of a tap target (px), as Apple's Human Interface Guidelines ask.
TAP = 44
#: Whether a target's picture can zoom in further (×4 at most).
ZOOMS_IN = "n => Number(n.closest('.picture').dataset.zoom || 1) < 4"
#: The move buttons' tokens, in order.
PRESSABLE = "() => [...document.querySelectorAll('.stage button.key')].map(b => b.dataset.token)"
#: Presses at most in one game (moves, steps, ▶ and the computer's turns).
MOST = 1500


async def within_reach(page: Page, node: Locator, *, touch: bool) -> float:
    """Make ``node`` (a target) large enough for a finger, as a person would:
    a first tap on one too small zooms its picture in (and presses nothing).
    Its smaller side then, in pixels."""
    small = await _smaller_side(node)
    if small >= TAP or not await node.evaluate(ZOOMS_IN):
        return small
    before = await page.evaluate(PRESSABLE)
    await (node.tap() if touch else node.click())
    await page.wait_for_function(
        "([n, small]) => Math.min(n.offsetWidth, n.offsetHeight) > small",
        arg=[await node.element_handle(), small],
        polling=POLL_MS,
    )
    assert await page.evaluate(PRESSABLE) == before, "the zooming tap pressed nothing"
    return await _smaller_side(node)


async def _smaller_side(node: Locator) -> float:
    # A tap waits for its target to show: so does measuring it. A live update
    # may draw the page anew between finding it and measuring: measure anew.
    for _ in range(50):
        await node.wait_for(state="visible")
        box = await node.bounding_box()
        if box is not None:
            return min(box["width"], box["height"])
    raise AssertionError("the target is never drawn")


def presses(page: Page) -> list[str]:
    """The tokens ``page`` presses from now on, in order."""
    pressed: list[str] = []

    def heard(request: Request) -> None:
        if request.url.endswith("/press"):
            pressed.append(json.loads(request.post_data or "{}")["token"])

    page.on("request", heard)
    return pressed


async def solo(
    browser: Browser, site: Site, game: str, viewport: dict[str, int]
) -> tuple[BrowserContext, Page, Room]:
    """Anya alone against an easy computer at a short ``game`` (a key of
    ``SHORT``): her own page at ``viewport``."""
    host = await sized(browser, DESKTOP, phone=False)
    room_page = await create_room(host, site, game.split("/")[0], ["Anya"])
    await press(room_page, "[data-kind=lobby]", "🤖 + easy")
    await press(room_page, "[data-kind=lobby]", "Done")
    for label, value in SHORT[game]:
        await cycle_option(room_page, label, value)
    await press(room_page, "[data-kind=lobby]", "Start")
    room = await site.room(room_page)
    await host.close()
    own = await sized(browser, viewport, phone=viewport is PHONE)
    page = await own.new_page()
    await page.goto(site.url.rstrip("/") + site.playground.panel_url(room, 0))
    return own, page, room


@dataclass
class Played:
    """How a game went: each press of the person (``tap``, ``button`` or
    ``next``, with the move button's key), the table's action log, every
    state it passed through and how large the tapped targets were."""

    steps: list[tuple[str, str]] = field(default_factory=list)
    #: The size (the smaller side, px) of each target as it was tapped to press.
    reach: list[float] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    states: list[str] = field(default_factory=list)

    def buttons(self) -> list[tuple[str, str]]:
        """The move steps made by a button (no target stood for them): each
        key, after the key of the step before it."""
        before = ["", *(key for _, key in self.steps[:-1])]
        steps = zip(before, self.steps, strict=True)
        return [(after, key) for after, (how, key) in steps if how == "button"]


class Player:
    """The person at ``page``: taps (``replay`` None) or presses the buttons of ``replay``."""

    def __init__(
        self,
        site: Site,
        room: Room,
        page: Page,
        *,
        touch: bool,
        rng: random.Random | None = None,
        replay: Played | None = None,
        moves: int | None = None,
        shots: str | None = None,
    ) -> None:
        self.site, self.room, self.page = site, room, page
        self.touch = touch
        self.rng = rng or random.Random(0)
        self.replay = list(replay.steps) if replay is not None else None
        self.moves = moves
        self.shots = shots
        self.pressed = presses(page)
        self.played = Played()

    async def play(self) -> Played:
        """Play until the game ends (or the person made ``moves`` moves)."""
        table, state = await self.site.table(self.room)
        game = registry.get(table.game)
        seat = table.seat_of(self.room.players[0].key)
        made = 0
        for _ in range(MOST):
            table, state = await self.site.table(self.room)
            dump = game.dumps(state)
            if not self.played.states or self.played.states[-1] != dump:
                self.played.states.append(dump)
            if table.status != Status.PLAYING:
                break
            if self.moves is not None and made >= self.moves:
                break
            if table.held:
                await self._next_round(table.id)
            elif seat not in movers(game, state):
                self.site.clock.advance(BOT_DELAY_SECONDS)
                assert await self.site.service.run_due() >= 1, "the computer moves"
            else:
                fresh = f"m:{table.id}:{table.state_version}:{seat}:"
                await self.page.wait_for_selector(
                    f".stage button.key[data-token^='{fresh}']", state="attached"
                )
                if self.replay is None:
                    await self._tap(fresh)
                else:
                    await self._press(fresh)
                if self.moves is not None:
                    after, _ = await self.site.table(self.room)
                    made += after.state_version != table.state_version
        else:
            raise AssertionError(f"{MOST} presses did not end the game")
        self.played.log = await self.site.store.action_log(table.id)
        return self.played

    async def _next_round(self, table_id: str) -> None:
        """▶: the computers wait for the person after a round."""
        if self.replay is not None:
            assert self.replay.pop(0) == ("next", ""), "the same round ends in both games"
        button = self.page.locator(f"button.key[data-token^='o:{table_id}:']")
        await button.first.wait_for()
        token = await button.first.get_attribute("data-token")
        await button.first.click()
        await gone(self.page, token)
        self.played.steps.append(("next", ""))

    async def _tap(self, fresh: str) -> None:
        """One of the step's options at random: tapped where a target stands
        for it, else by its button."""
        # The page arms its targets as it draws the buttons, in the same task.
        armed = await self.page.evaluate(ARMED)
        # Only targets of shown move buttons are offered, or a chip of a
        # shared action's button (a proposal to end Klotho's tour).
        shared = "s:" + fresh.split(":", 1)[1].rsplit(":", 2)[0] + ":"
        assert all(token and token.startswith((fresh, shared)) for _, token in armed), armed
        # A decision's chip only for a button no target on a picture stands for.
        boxed = await self.page.evaluate(BOXED)
        chips = Counter(map(tuple, armed)) - Counter(map(tuple, boxed))
        assert not {token for _, token in chips} & {token for _, token in boxed}, armed
        found = await self.page.locator(f".stage button.key[data-token^='{fresh}']").evaluate_all(
            BUTTONS
        )
        token, key = self.rng.choice(
            [(t, k) for t, k, label in sorted(found) if not label.startswith(NAV)]
        )
        targets = sorted(target for target, by in armed if by == token)
        if not targets:
            await self.page.locator(f"button.key[data-token='{token}']").click()
            await gone(self.page, token)
            self.played.steps.append(("button", key))
            return
        done = len(self.played.steps)
        if self.shots is not None and done < 3:
            await screenshot(self.page, f"{self.shots}-{done + 1}", full_page=False)
        target = self.rng.choice(targets)
        node = self.page.locator(f".target[data-target='{target}']").first
        self.played.reach.append(await within_reach(self.page, node, touch=self.touch))
        before = len(self.pressed)
        await (node.tap() if self.touch else node.click())
        keys = [key]
        if ">" in target:
            # A two-step target presses its second key on the menu the first
            # opened, whose ⬅ Back carries the first press's token again: wait
            # for the second press and the view that followed it.
            await gone(self.page, await self._second_press(before + 1))
            keys.append(target.split(">")[1])
        else:
            await gone(self.page, token)
        # The tap is exactly the press of the button it stands for.
        assert self.pressed[before] == token, "a tap is the press of its button"
        self.played.steps += [("tap", tapped) for tapped in keys]

    async def _second_press(self, index: int) -> str:
        """The press at ``index`` in this page's presses, once it is made."""
        # Playwright's own default wait: 30 s.
        for _ in range(30_000 // POLL_MS):
            if len(self.pressed) > index:
                assert len(self.pressed) == index + 1, "one tap, two presses"
                return self.pressed[index]
            await asyncio.sleep(POLL_MS / 1000)
        raise AssertionError("the two-step target made its second press")

    async def _press(self, fresh: str) -> None:
        """The recorded game's next step, by its button."""
        assert self.replay, "the recorded game goes on"
        how, key = self.replay.pop(0)
        assert how != "next", "the same round ends in both games"
        keys = self.page.locator(f".stage button.key[data-token^='{fresh}']")
        found = await keys.evaluate_all(BUTTONS)
        token = next(t for t, k, _label in found if k == key)
        await self.page.locator(f"button.key[data-token='{token}']").click()
        await gone(self.page, token)
        self.played.steps.append(("button", key))
