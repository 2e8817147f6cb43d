"""A Klotho table in the service with points that must be claimed: the claim
window has its own few seconds, shows one shared button, pings nobody, closes
on time (what was not claimed is lost) and lets a seat the bot plays claim."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.errors import StaleVersion
from bot.core.i18n import I18n
from bot.core.screens import Screens
from bot.core.service import BOT_DELAY_SECONDS, TableService
from bot.core.tables import Table
from bot.core.tokens import SharedToken
from games import IllegalAction, registry
from games.klotho.actions import CLAIM_SECONDS
from tests.conftest import FakeClock
from tests.core.helpers import ALICE, BOB, CAROL, record
from tests.games.test_klotho_ties_and_claims import two_claims

KLOTHO = registry.get("klotho")


async def claim_table(
    service: TableService, *, bot: int | None = None, **options: Any
) -> tuple[Table, Any]:
    """A 3-player table at ``two_claims()``, seat 0 to turn C1; ``bot``: a seat the bot plays."""
    table = await service.create(
        "tg:-100", ALICE, "klotho", {"turn_seconds": 60, "scoring": "claim", **options}
    )
    await service.join(table.id, BOB)
    await service.join(table.id, CAROL)
    await service.start(table.id, ALICE.key)
    table, _ = await service.get(table.id)
    position = two_claims()
    if bot is not None:
        table.players[bot].bot = True
    version = table.version
    table.version += 1
    assert await service.store.save(table, KLOTHO.dumps(position), expected=version)
    return await service.get(table.id)


async def act(
    service: TableService, table: Table, seat: int, action: list[Any]
) -> tuple[Table, Any]:
    return await service.play(table.id, table.players[seat].key, table.state_version, action)


async def test_a_window_has_its_own_seconds_and_pings_nobody(
    service: TableService, clock: FakeClock
) -> None:
    heard = record(service)
    table, state = await claim_table(service)
    table, state = await act(service, table, 0, ["turn", "C1"])
    assert KLOTHO.window(state) is not None
    assert table.turn_deadline == pytest.approx(clock() + CLAIM_SECONDS)
    assert heard[-1].ping == []
    assert await service.store.due_at(table.id, "turn") == pytest.approx(clock() + CLAIM_SECONDS)
    # One claim keeps the window (and its end) for the other claimant.
    clock.advance(3)
    table, state = await act(service, table, 2, ["claim"])
    assert state.scores == [0, 0, 1]
    assert table.turn_deadline == pytest.approx(clock() - 3 + CLAIM_SECONDS)
    # The last claim closes it: the next player's turn begins, with a ping and a clock.
    table, state = await act(service, table, 1, ["claim"])
    assert KLOTHO.window(state) is None and state.scores == [0, 2, 1]
    assert heard[-1].ping == [1]
    assert table.turn_deadline == pytest.approx(clock() + 60)


async def test_the_window_closes_on_time_and_unclaimed_points_are_lost(
    service: TableService, clock: FakeClock
) -> None:
    table, state = await claim_table(service)
    table, state = await act(service, table, 0, ["turn", "C1"])
    table, state = await act(service, table, 2, ["claim"])
    clock.advance(CLAIM_SECONDS - 1)
    assert await service.run_due() == 0
    clock.advance(1)
    assert await service.run_due() == 1
    table, state = await service.get(table.id)
    assert KLOTHO.window(state) is None
    assert state.scores == [0, 0, 1] and state.turn == 1
    assert [e["kind"] for e in table.events] == ["missed"]
    log = await service.store.action_log(table.id)
    assert log[-1] == '0 ["lapse"]'
    assert table.turn_deadline == pytest.approx(clock() + 60)


async def test_a_seat_the_bot_plays_claims_at_once(service: TableService, clock: FakeClock) -> None:
    table, state = await claim_table(service, bot=1)
    table, state = await act(service, table, 0, ["turn", "C1"])
    assert await service.store.due_at(table.id, "turn") == pytest.approx(
        clock() + BOT_DELAY_SECONDS
    )
    clock.advance(BOT_DELAY_SECONDS)
    assert await service.run_due() == 1
    table, state = await service.get(table.id)
    assert state.scores == [0, 2, 0] and KLOTHO.to_move(state) == [2]
    clock.advance(CLAIM_SECONDS)
    assert await service.run_due() == 1
    table, state = await service.get(table.id)
    assert state.scores == [0, 2, 0] and KLOTHO.window(state) is None


async def test_the_table_shows_one_claim_button_for_whoever_presses(
    service: TableService, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    table, state = await claim_table(service)
    table, state = await act(service, table, 0, ["turn", "C1"])
    for lang, label, line in (
        ("en", "🙋 Claim", "🙋 Time to claim!"),
        ("ru", "🙋 Заявить", "🙋 Заявляйте!"),
    ):
        screen = await screens.table(table, state, lang)
        labels = [b.label for row in screen.buttons for b in row]
        assert labels == [label]
        assert line in screen.text
        # Who may claim is for the players to notice: no "turn" line names them.
        assert "▶" not in screen.text
    token = SharedToken(table.id, table.state_version, 0).encode()
    # Someone with nothing to claim is told so and nothing changes.
    with pytest.raises(IllegalAction) as refused:
        await service.press(ALICE, token)
    assert refused.value.code == "klotho-nothing-to-claim"
    outcome = await service.press(CAROL, token)
    assert outcome.state.scores == [0, 0, 1]
    with pytest.raises(StaleVersion):
        await service.press(BOB, token)
