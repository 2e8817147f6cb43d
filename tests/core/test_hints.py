"""💡 Hints: the player to move asks, and sees the computer's suggestion marked in
their own menu (Curling: as the preview of the throw); counted in /stats; the
lobby may turn them off; nobody else can ask for them."""

from __future__ import annotations

import zlib

import pytest

from bot.core.errors import NotYourButton, ServiceError, StaleVersion
from bot.core.i18n import I18n
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.tokens import HintToken
from games import ai, registry
from games.core.menu import build_menu
from tests.core.helpers import (
    ALICE,
    BOB,
    PLAYERS,
    curling_table_at,
    player_to_move,
    started_table,
)
from tests.games.curling_positions import make_state


async def test_a_hint_marks_one_legal_move_in_the_players_own_menu(
    service: TableService, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    table, state = await started_table(service, seats=2)
    seat, player = player_to_move(table, state)
    hint = HintToken(table.id, table.state_version, seat, ()).encode()
    outcome = await service.press(player, hint)
    assert outcome.path == () and outcome.hint
    game = registry.get("klac")
    action = build_menu(game, state, seat, outcome.hint).action
    # Normal's own move.
    seed = zlib.crc32(f"{table.id}:{table.state_version}:{seat}:hint".encode())
    assert action == ai.choose("klac", state, seat, "normal", seed)
    screen = await screens.seat(table, state, seat, "en", outcome.path, hint=outcome.hint)
    marked = [b.label for row in screen.buttons for b in row if b.label.startswith("💡 ")]
    assert len(marked) == 1 and "💡 The computer would play:" in screen.text
    assert "💡 Hint" not in [b.label for row in screen.buttons for b in row]
    ru = await screens.seat(table, state, seat, "ru", outcome.path, hint=outcome.hint)
    assert "💡 Компьютер сыграл бы так:" in ru.text
    stats = await service.stats(player.key)
    assert stats["klac"]["hints"] == 1
    assert "💡 hints asked: 1" in screens.stats(player.name, stats, "en")
    # Someone else may not ask for the seat's hint, nor after the position changed.
    other = next(p for p in PLAYERS if p.key == table.players[1 - seat].key)
    with pytest.raises(NotYourButton):
        await service.press(other, hint)
    await service.play(table.id, player.key, table.state_version, action)
    with pytest.raises(StaleVersion):
        await service.press(player, hint)


async def test_hints_can_be_turned_off_in_the_lobby(service: TableService) -> None:
    table = await service.create("tg:-100", ALICE, "klac", {"hints": "off"})
    await service.join(table.id, BOB)
    table = await service.start(table.id, ALICE.key)
    table, state = await service.get(table.id)
    seat, player = player_to_move(table, state)
    with pytest.raises(ServiceError) as off:
        await service.press(player, HintToken(table.id, table.state_version, seat, ()).encode())
    assert off.value.code == "hints-off"


async def test_a_curling_hint_is_shown_as_the_preview_of_the_throw(
    service: TableService, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    # Throw 3 of an end, blue in the aim phase with its dice rolled.
    position = make_state("c2:b e3:r", throw_no=3, hammer=0, dice=[3, 3, 1, 5, 2])
    table, state = await curling_table_at(service, position)
    seat, player = player_to_move(table, state)
    outcome = await service.press(
        player, HintToken(table.id, table.state_version, seat, ()).encode()
    )
    assert outcome.hint is not None
    screen = await screens.table(table, state, "en", outcome.path, hint=outcome.hint)
    assert screen.image_key is not None and ":preview:" in screen.image_key
    assert any(b.label.startswith("💡 ") for row in screen.buttons for b in row)
