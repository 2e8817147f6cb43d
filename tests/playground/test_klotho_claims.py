"""Klotho's claim window in the browser: the lobby option, the one shared Claim
button on the table, pressed as the player whose line it is, and the window
closing on time."""

from __future__ import annotations

from playwright.async_api import BrowserContext

from games import registry
from games.klotho.actions import CLAIM_SECONDS
from tests.games.test_klotho_ties_and_claims import two_claims
from tests.playground.conftest import Site, create_room, press, screenshot
from tests.playground.test_room import cycle_option, press_as, wait_text

KLOTHO = registry.get("klotho")


async def test_a_line_is_claimed_by_its_owner_and_the_rest_is_lost(
    context: BrowserContext, site: Site
) -> None:
    page = await create_room(context, site, "klotho", ["Anya", "Boris", "Vika"])
    room = await site.room(page)
    await cycle_option(page, "Points", "only if claimed in time")
    await press(page, "[data-kind=lobby]", "Start")
    table, state = await site.table(room)
    assert state.scoring == "claim"
    table.version += 1
    assert await site.store.save(table, KLOTHO.dumps(two_claims()), expected=table.version - 1)
    table, _ = await site.table(room)
    await site.service.play(table.id, table.players[0].key, table.state_version, ("turn", "C1"))
    await wait_text(page, "[data-kind=table] .text", "Time to claim!")
    await screenshot(page, "klotho-claim-window")
    # Vika's line: pressed as Vika, the one Claim button scores it.
    await press_as(page, 2)
    await press(page, "[data-kind=table]", "🙋 Claim")
    await wait_text(page, "[data-kind=table] .text", "⭐ Vika +1")
    # Boris never presses: when the window closes his two points are gone.
    site.clock.advance(CLAIM_SECONDS)
    assert await site.service.run_due() == 1
    await wait_text(page, "[data-kind=table] .text", "Boris: 2 points on A1-B1-C1 not claimed")
    await screenshot(page, "klotho-claim-missed")
    table, state = await site.table(room)
    assert state.scores == [0, 0, 1]
