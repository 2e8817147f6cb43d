"""The "why not?" button: shown where the game explains, checked like a move, changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.errors import BadRequest, NotYourButton, StaleVersion
from bot.core.i18n import I18n
from bot.core.screen_base import Screen
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.tables import Table
from bot.core.tokens import ExplainToken, MoveToken, decode
from games import registry
from tests.core.helpers import ALICE, BOB, player_to_move

CARAVAN = registry.get("caravan")


@pytest.fixture
def screens(service: TableService, i18n: I18n) -> Screens:
    return Screens(service, i18n)


def explain_tokens(screen: Screen) -> list[ExplainToken]:
    out = []
    for row in screen.buttons:
        for button in row:
            token = decode(button.token)
            if isinstance(token, ExplainToken):
                out.append(token)
    return out


async def opening_table(service: TableService) -> tuple[Table, Any]:
    table = await service.create("tg:-100", ALICE, "caravan")
    table = await service.join(table.id, BOB)
    table = await service.start(table.id, ALICE.key)
    return await service.get(table.id)


async def test_a_numeral_card_explains_the_caravans_it_cannot_go_to(
    service: TableService, screens: Screens
) -> None:
    table, state = await opening_table(service)
    seat, player = player_to_move(table, state)
    hand = CARAVAN.view(state, seat)["hand"]
    root = await screens.seat(table, state, seat, "en")
    card_index = 0  # the first card of the menu is a numeral card (the hand is sorted)
    assert hand[0][0] not in "JQKX"
    menu = await screens.seat(table, state, seat, "en", (card_index,))
    (why,) = explain_tokens(menu)
    outcome = await service.press(player, why.encode())
    assert outcome.explain and outcome.path == (card_index,)
    assert outcome.table.version == table.version, "asking changed the table"
    shown = await screens.seat(table, state, seat, "en", outcome.path, explain=True)
    other = table.players[1 - seat].name
    assert "❓ Why not:" in shown.text
    assert f"caravan 1 ({other}); caravan 2 ({other}); caravan 3 ({other}): " in shown.text
    assert "Numeral cards go only on your own caravans." in shown.text
    # The menu itself is the same as without the explanation.
    assert shown.buttons == menu.buttons
    assert root.buttons != menu.buttons


async def test_why_presses_are_checked_like_moves(service: TableService) -> None:
    table, state = await opening_table(service)
    seat, player = player_to_move(table, state)
    other = BOB if player is ALICE else ALICE
    why = ExplainToken(table.id, table.state_version, seat, (0,))
    with pytest.raises(NotYourButton):
        await service.press(other, why.encode())
    with pytest.raises(StaleVersion):
        await service.press(player, ExplainToken(table.id, 0, seat, (0,)).encode())
    with pytest.raises(StaleVersion):
        await service.press(
            player, ExplainToken(table.id, table.state_version, seat, (99,)).encode()
        )
    # A path that is a whole move is never applied by a "why" press.
    whole = (0, 0, 0)
    assert (
        await service.press(
            player, MoveToken(table.id, table.state_version, seat, whole[:2]).encode()
        )
    ).path
    with pytest.raises(BadRequest):
        await service.press(
            player, ExplainToken(table.id, table.state_version, seat, whole).encode()
        )
    after, _ = await service.get(table.id)
    assert after.version == table.version


async def test_no_why_button_where_nothing_is_left_out(
    service: TableService, screens: Screens
) -> None:
    table, state = await opening_table(service)
    seat, _ = player_to_move(table, state)
    hand = CARAVAN.view(state, seat)["hand"]
    screen = await screens.seat(table, state, seat, "ru")
    has_faces = any(card[0] in "JQKX" for card in hand)
    assert bool(explain_tokens(screen)) == has_faces
