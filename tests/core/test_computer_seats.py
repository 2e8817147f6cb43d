"""Computer players in the lobby: the host adds them at a level and removes them,
others are refused, a table needs one person, a person can play a whole game
alone against computers, and the results count apart, per level."""

from __future__ import annotations

import pytest

from bot.core.errors import NotAllowed, ServiceError
from bot.core.i18n import I18n
from bot.core.screens import Screens
from bot.core.service import BOT_DELAY_SECONDS, TableService
from bot.core.tables import Status
from bot.core.tokens import LobbyToken
from games import registry
from tests.conftest import FakeClock
from tests.core.helpers import ALICE, BOB


def labels(screens: Screens, table: object, lang: str = "en") -> list[str]:
    screen = screens.lobby(table, lang)  # type: ignore[arg-type]
    return [b.label for row in screen.buttons for b in row]


async def test_the_host_adds_and_removes_computers_with_the_lobbys_buttons(
    service: TableService, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    table = await service.create("tg:-100", ALICE, "klac")
    assert "🤖 Computer players" in labels(screens, table)
    outcome = await service.press(ALICE, LobbyToken(table.id, "b").encode(), chat="tg:-100")
    shown = labels(screens, outcome.table)
    assert shown[2:5] == ["🤖 + easy", "🤖 + normal", "🤖 + strong"] and "⬅ Done" in shown
    for op in ("a1", "a2"):
        outcome = await service.press(ALICE, LobbyToken(table.id, op).encode(), chat="tg:-100")
    table = outcome.table
    assert [(p.name, p.bot, p.level) for p in table.players] == [
        ("Алиса", False, "normal"),
        ("Ada", True, "normal"),
        ("Bit", True, "strong"),
    ]
    text = screens.lobby(table, "ru").text
    assert "2. Ada 🤖 средний" in text and "3. Bit 🤖 сильный" in text
    assert "✖ Ada 🤖" in labels(screens, table)
    # Someone else is refused, whatever they press.
    await service.join(table.id, BOB)
    for op in ("b", "a0", "r1"):
        with pytest.raises(NotAllowed):
            await service.press(BOB, LobbyToken(table.id, op).encode(), chat="tg:-100")
    outcome = await service.press(ALICE, LobbyToken(table.id, "r1").encode(), chat="tg:-100")
    assert [p.name for p in outcome.table.players] == ["Алиса", "Bit", "Bob"]
    with pytest.raises(ServiceError):  # a person's seat is not the host's to remove
        await service.press(ALICE, LobbyToken(table.id, "r2").encode(), chat="tg:-100")
    outcome = await service.press(ALICE, LobbyToken(table.id, "b").encode(), chat="tg:-100")
    assert "🤖 Computer players" in labels(screens, outcome.table)


async def test_a_full_table_and_a_table_of_computers_are_refused(service: TableService) -> None:
    table = await service.create("tg:-100", ALICE, "caravan")
    await service.add_computer(table.id, ALICE.key, "easy")
    with pytest.raises(ServiceError) as full:
        await service.add_computer(table.id, ALICE.key, "easy")
    assert full.value.code == "table-full"
    # The last person leaving closes the lobby: computers never play alone.
    table = await service.leave(table.id, ALICE.key)
    assert table.status == Status.ABORTED


async def test_a_table_of_computers_never_starts(service: TableService) -> None:
    table = await service.create("tg:-100", ALICE, "klac")
    await service.add_computer(table.id, ALICE.key, "easy")
    await service.add_computer(table.id, ALICE.key, "easy")
    table = await service.join(table.id, BOB)
    # Bob becomes the host when Алиса leaves, not a computer.
    table = await service.leave(table.id, ALICE.key)
    assert table.creator == BOB.key and table.status == Status.LOBBY
    table = await service.start(table.id, BOB.key)
    assert table.status == Status.PLAYING


async def test_one_person_plays_a_whole_game_against_computers(
    service: TableService, clock: FakeClock
) -> None:
    table = await service.create("tg:-100", ALICE, "klac", {"target": 50, "turn_seconds": 0})
    await service.add_computer(table.id, ALICE.key, "easy")
    await service.add_computer(table.id, ALICE.key, "normal")
    table = await service.start(table.id, ALICE.key)
    assert table.status == Status.PLAYING
    game = registry.get("klac")
    for _ in range(2000):
        table, state = await service.get(table.id)
        if table.status != Status.PLAYING:
            break
        seat = game.to_move(state)[0]
        if table.held:
            # A round is over and the computers wait for her ▶.
            await service.next_round(table.id, ALICE.key, table.state_version)
        elif seat == 0:
            action = game.legal_actions(state, 0)[0]
            await service.play(table.id, ALICE.key, table.state_version, action)
        else:
            clock.advance(BOT_DELAY_SECONDS)
            assert await service.run_due() >= 1
    assert table.status == Status.FINISHED
    stats = await service.stats(ALICE.key)
    # Counted against the strongest computer at the table, apart from games among people.
    assert "klac" not in stats and stats["klac:vs:normal"]["played"] == 1
    assert await service.stats(table.players[1].key) == {}


@pytest.mark.parametrize(("pace", "seconds"), [("fast", 0.5), ("slow", 3.0)])
async def test_consecutive_computer_moves_come_at_the_tables_pace(
    service: TableService, clock: FakeClock, pace: str, seconds: float
) -> None:
    table = await service.create("tg:-100", ALICE, "klac", {"pace": pace, "turn_seconds": 0})
    await service.add_computer(table.id, ALICE.key, "easy")
    await service.add_computer(table.id, ALICE.key, "easy")
    table = await service.start(table.id, ALICE.key)
    game = registry.get("klac")
    table, state = await service.get(table.id)
    while game.to_move(state) != [0]:
        clock.advance(seconds)
        await service.run_due()
        table, state = await service.get(table.id)
    action = game.legal_actions(state, 0)[0]
    table, state = await service.play(table.id, ALICE.key, table.state_version, action)
    # Two computers in a row: each move waits the pace, one at a time.
    for _ in range(2):
        assert game.to_move(state)[0] != 0
        assert await service.store.due_at(table.id, "turn") == pytest.approx(clock() + seconds)
        clock.advance(seconds - 0.1)
        assert await service.run_due() == 0
        clock.advance(0.1)
        assert await service.run_due() == 1
        table, state = await service.get(table.id)
    assert game.to_move(state) == [0]
