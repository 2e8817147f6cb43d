"""The pause after a round (bot/core/service): alone with computers, the next
round waits for the person's ▶; a table of several people gives them the
lobby's ``round_break`` seconds before a computer opens it; either way the
position a round ended on can be looked at before the table deals on."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.errors import NotSeated, StaleVersion
from bot.core.i18n import I18n
from bot.core.screen_base import Screen
from bot.core.screens import Screens
from bot.core.service import BOT_DELAY_SECONDS, PlayerInfo, TableService
from bot.core.tables import Table
from bot.core.tokens import NextRoundToken
from games import registry
from tests.conftest import FakeClock
from tests.core.helpers import ALICE, BOB, CAROL, computers_move, play_to_a_count, record
from tests.core.test_solo_comforts import SOLO, tokens_of


def next_round_of(screen: Screen) -> NextRoundToken | None:
    found = [t for t in tokens_of(screen) if isinstance(t, NextRoundToken)]
    assert len(found) <= 1
    return found[0] if found else None


async def klac_table(
    service: TableService, chat: str, *people: PlayerInfo, **options: Any
) -> Table:
    """A Klac table in ``chat`` of ``people`` and two easy computers, started."""
    table = await service.create(chat, people[0], "klac", options or None)
    for person in people[1:]:
        await service.join(table.id, person)
    for _ in range(2):
        await service.add_computer(table.id, ALICE.key, "easy")
    await service.start(table.id, ALICE.key)
    return table


async def solo_table(service: TableService) -> Table:
    """Алиса alone with two computers in her private chat."""
    return await klac_table(service, SOLO, ALICE)


async def group_table(service: TableService, **options: Any) -> Table:
    """Алиса and Bob with two computers in a group."""
    return await klac_table(service, "tg:-100", ALICE, BOB, **options)


async def test_alone_with_computers_the_next_round_waits_for_the_persons_press(
    service: TableService, clock: FakeClock, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    table = await solo_table(service)
    change = await play_to_a_count(service, table.id, 3, clock, computer_next=True)
    assert change.summary is not None
    table, state = await service.get(table.id)
    assert table.held and table.turn_deadline is None
    version = table.state_version
    # However long she looks at the count, nobody moves and nothing runs out.
    clock.advance(86_400)
    await service.run_due()
    assert (await service.get(table.id))[0].state_version == version
    public = await screens.table(table, state, "en")
    assert "⏸ The round is counted. The computers wait for you: press ▶ when you are ready." in (
        public.text
    )
    token = next_round_of(public)
    assert token == NextRoundToken(table.id, version)
    hand = await screens.seat(table, state, 0, "ru")
    assert "⏸ Партия подсчитана. Компьютеры ждут вас: нажмите ▶, когда будете готовы." in hand.text
    assert hand.buttons[0][0].label == "▶ Следующая партия"
    assert next_round_of(hand) == token
    # Someone else's press changes nothing.
    with pytest.raises(NotSeated):
        await service.press(CAROL, token.encode(), chat=SOLO)
    heard = record(service)
    outcome = await service.press(ALICE, token.encode(), chat=SOLO)
    assert not outcome.table.held and [c.kind for c in heard] == ["resume"]
    # The clock runs again from the press.
    opened = outcome.table
    assert opened.state_version == version and opened.turn_deadline == clock() + opened.turn_seconds
    assert next_round_of(await screens.table(outcome.table, outcome.state, "en")) is None
    # The same button again is out of date: the round was opened.
    with pytest.raises(StaleVersion):
        await service.press(ALICE, token.encode(), chat=SOLO)
    clock.advance(BOT_DELAY_SECONDS)
    await service.run_due()
    assert (await service.get(table.id))[0].state_version == version + 1


async def test_a_move_of_her_own_or_one_taken_back_ends_the_wait(
    service: TableService, clock: FakeClock
) -> None:
    table = await solo_table(service)
    await play_to_a_count(service, table.id, 3, clock, computer_next=True)
    table, _ = await service.get(table.id)
    assert table.held and table.takeback_marks
    table, _ = await service.take_back(table.id, ALICE.key, table.takeback_marks[-1])
    # Back before the round ended: nothing to wait for, and her move is hers again.
    assert not table.held and table.break_until is None
    game = registry.get("klac")
    table, state = await service.get(table.id)
    assert game.to_move(state) == [0]


async def test_a_group_gets_its_seconds_before_a_computer_opens_the_next_round(
    service: TableService, clock: FakeClock
) -> None:
    table = await group_table(service)
    await play_to_a_count(service, table.id, 3, clock, computer_next=True)
    table, _ = await service.get(table.id)
    assert not table.held and table.break_until == pytest.approx(clock() + 5)
    version = table.state_version
    # The computer's usual pause passes: it still waits.
    clock.advance(BOT_DELAY_SECONDS)
    await service.run_due()
    assert (await service.get(table.id))[0].state_version == version
    clock.advance(5 - BOT_DELAY_SECONDS)
    await service.run_due()
    assert (await service.get(table.id))[0].state_version == version + 1


async def test_a_group_that_chose_no_pause_plays_on_at_the_computers_pace(
    service: TableService, clock: FakeClock
) -> None:
    table = await group_table(service, round_break=0)
    assert table.round_break == 0
    await play_to_a_count(service, table.id, 3, clock, computer_next=True)
    table, _ = await service.get(table.id)
    assert table.break_until is None and not table.held
    version = table.state_version
    await computers_move(service, clock, table.id)
    assert (await service.get(table.id))[0].state_version > version


async def test_the_lobby_offers_the_pause_in_both_languages(
    service: TableService, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    table = await service.create("tg:-100", ALICE, "klac")
    shown = []
    for _ in range(4):
        lobby = (await service.get(table.id))[0]
        shown.append(
            [
                line
                for lang in ("en", "ru")
                for line in screens.lobby(lobby, lang).text.splitlines()
                if "после раунда" in line or "after a round" in line
            ]
        )
        index = next(
            i
            for i, (spec, _) in enumerate(service.lobby_options(lobby))
            if spec.key == "round_break"
        )
        await service.cycle_option(table.id, ALICE.key, index)
    assert shown == [
        ["Computers’ pause after a round: 5 s", "Пауза компьютеров после раунда: 5 с"],
        ["Computers’ pause after a round: 15 s", "Пауза компьютеров после раунда: 15 с"],
        ["Computers’ pause after a round: 30 s", "Пауза компьютеров после раунда: 30 с"],
        ["Computers’ pause after a round: none", "Пауза компьютеров после раунда: нет"],
    ]
