"""💡 Hints: the player to move asks, and sees the computer's suggestion marked in
their own menu at every step of its path, with one line of reason (Curling: as
the preview of the throw); counted in /stats once; the lobby may turn them off;
nobody else can ask for them."""

from __future__ import annotations

import zlib

import pytest

from bot.core import tokens
from bot.core.errors import NotYourButton, ServiceError, StaleVersion
from bot.core.i18n import I18n
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.tokens import HintExplainToken, HintStepToken, HintToken
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
    action = build_menu(game, state, seat, outcome.hint.path).action
    # Normal's own move.
    seed = zlib.crc32(f"{table.id}:{table.state_version}:{seat}:hint".encode())
    assert action == ai.choose("klac", state, seat, "normal", seed)
    screen = await screens.seat(table, state, seat, "en", outcome.path, hint=outcome.hint)
    marked = [b.label for row in screen.buttons for b in row if b.label.startswith("💡 ")]
    assert len(marked) == 1 and "💡 The computer would play:" in screen.text
    # One line of reason, from the computer's own evaluation of the move.
    assert outcome.hint.reason is not None and outcome.hint.reason.msg.startswith("klac-why-")
    assert "\nWhy: " in screen.text
    assert "→ →" not in screen.text  # a step's own arrow is not doubled
    assert "💡 Hint" not in [b.label for row in screen.buttons for b in row]
    ru = await screens.seat(table, state, seat, "ru", outcome.path, hint=outcome.hint)
    assert "💡 Компьютер сыграл бы так:" in ru.text and "\nПочему: " in ru.text
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


async def test_the_hint_stays_marked_at_every_step_of_its_path(
    service: TableService, i18n: I18n
) -> None:
    """Following 💡 step by step: each step's menu marks the next choice, the
    reason stays, ⬅ keeps the hint, and the last step makes the move; the hint
    is counted once."""
    screens = Screens(service, i18n)
    table, state = await started_table(service, seats=2)
    seat, player = player_to_move(table, state)
    asked = await service.press(player, HintToken(table.id, table.state_version, seat, ()).encode())
    assert asked.hint is not None
    path: tuple[int, ...] = asked.path or ()
    steps = 0
    while True:
        screen = await screens.seat(table, state, seat, "en", path, hint=asked.hint)
        marked = [b for row in screen.buttons for b in row if b.label.startswith("💡 ")]
        assert len(marked) == 1, (path, screen.buttons)
        assert "Why: " in screen.text
        # Every button of the menu keeps the hint: ⬅ and ✖ too.
        moves = [tokens.decode(b.token) for row in screen.buttons for b in row]
        assert all(isinstance(t, HintStepToken) for t in moves if type(t) is not tokens.MoveToken)
        outcome = await service.press(player, marked[0].token)
        steps += 1
        if outcome.path is None:  # the move was made
            break
        assert outcome.hint == asked.hint and outcome.path == asked.hint.path[: len(outcome.path)]
        path = outcome.path
    assert steps == len(asked.hint.path)
    # The move made is the one suggested.
    game = registry.get("klac")
    hinted = build_menu(game, state, seat, asked.hint.path).action
    assert hinted is not None
    _, after = await service.get(table.id)
    assert game.dumps(after) == game.dumps(game.apply(state, seat, hinted))
    assert (await service.stats(player.key))["klac"]["hints"] == 1


async def test_back_inside_a_hinted_menu_keeps_the_hint(service: TableService, i18n: I18n) -> None:
    screens = Screens(service, i18n)
    table, state = await started_table(service, seats=2)
    seat, player = player_to_move(table, state)
    asked = await service.press(player, HintToken(table.id, table.state_version, seat, ()).encode())
    assert asked.hint is not None
    first = HintStepToken(table.id, table.state_version, seat, asked.hint.path[:1]).encode()
    deeper = await service.press(player, first)
    screen = await screens.seat(table, state, seat, "en", deeper.path or (), hint=deeper.hint)
    back = next(b for row in screen.buttons for b in row if b.label.startswith("⬅"))
    again = await service.press(player, back.token)
    assert again.path == () and again.hint == asked.hint
    top = await screens.seat(table, state, seat, "en", (), hint=again.hint)
    assert sum(b.label.startswith("💡 ") for row in top.buttons for b in row) == 1
    assert (await service.stats(player.key))["klac"]["hints"] == 1
    # A step of the hinted menu is the seat's alone, and of this position only.
    other = next(p for p in PLAYERS if p.key == table.players[1 - seat].key)
    with pytest.raises(NotYourButton):
        await service.press(other, first)


async def test_why_not_in_a_hinted_menu_keeps_the_hint(service: TableService) -> None:
    table, state = await started_table(service, seats=2)
    seat, player = player_to_move(table, state)
    asked = await service.press(player, HintToken(table.id, table.state_version, seat, ()).encode())
    why = HintExplainToken(table.id, table.state_version, seat, ()).encode()
    assert why.startswith("y:") and tokens.decode(why) == HintExplainToken(
        table.id, table.state_version, seat, ()
    )
    outcome = await service.press(player, why)
    assert outcome.explain and outcome.hint == asked.hint and outcome.path == ()
    assert (await service.stats(player.key))["klac"]["hints"] == 1
