"""A basic group becoming a supergroup (a new chat id): the game moves along."""

from __future__ import annotations

import pytest

from bot.core.tables import Status
from tests.telegram.conftest import ANYA, BORIS, Harness, hand, mover, play_moves, quick_game
from tests.telegram.test_failures import move

BASIC = -4242
SUPER = -1004242


@pytest.mark.parametrize("told", [True, False], ids=["service-message", "refused-send"])
async def test_a_game_goes_on_in_the_supergroup(h: Harness, told: bool) -> None:
    h.fake.add_group(BASIC, "Клуб настолок", basic=True)
    table_id = await quick_game(h, chat=BASIC)
    await h.say(ANYA, BASIC, "/lang en")
    old_table = [m for m in h.fake.messages(BASIC) if m.photo is not None][-1]
    h.fake.migrate_group(BASIC, SUPER, by_user_id=ANYA, deliver=told)
    if told:
        await h.settle()
    else:
        # Telegram's refusal of the next edit in the old chat says where it went.
        await move(h, table_id)
    table, state = await h.service.get(table_id)
    assert table.chat == f"tg:{SUPER}" and table.status == Status.PLAYING
    assert (await h.service.table_in(f"tg:{SUPER}")) is not None
    assert (await h.service.table_in(f"tg:{BASIC}")) is None
    shown = [m for m in h.fake.messages(SUPER) if m.photo is not None]
    assert len(shown) == 1, "the table is shown in the supergroup"
    expected = await h.tg.frontend.screens.table(table, state, "en")
    assert shown[0].photo == expected.image, "in the group's language, at the current state"
    # The game goes on there.
    await move(h, table_id)
    table, state = await h.service.get(table_id)
    expected = await h.tg.frontend.screens.table(table, state, "en")
    assert h.fake.message(SUPER, shown[0].message_id).photo == expected.image
    user, _ = await mover(h, table_id)
    assert hand(h, user).buttons
    # The old table message stays behind, untouched since.
    assert h.fake.message(BASIC, old_table.message_id).photo == old_table.photo


async def test_the_groups_records_move_to_the_supergroup(h: Harness) -> None:
    h.fake.add_group(BASIC, "Клуб настолок", basic=True)
    table_id = await quick_game(h, chat=BASIC)
    table, _ = await h.service.get(table_id)
    while table.status == Status.PLAYING:
        await play_moves(h.service, table_id, 1)
        table, _ = await h.service.get(table_id)
    await h.settle()
    # A finished game and an own leaderboard, then the group is upgraded.
    assert len(await h.service.finished_games(f"tg:{BASIC}")) == 1
    board = await h.service.leaderboard("klac", f"tg:{BASIC}")
    assert len(board) == 3
    h.fake.migrate_group(BASIC, SUPER, by_user_id=ANYA, deliver=True)
    await h.settle()
    assert [g.id for g in await h.service.finished_games(f"tg:{SUPER}")] == [table_id]
    assert await h.service.leaderboard("klac", f"tg:{SUPER}") == board
    assert await h.service.finished_games(f"tg:{BASIC}") == []
    await h.say(ANYA, SUPER, "/history")
    listed = h.fake.last_message(SUPER)
    assert listed.buttons and "Клац!" in (listed.content or "")
    await h.say(ANYA, SUPER, "/top")
    assert "Аня" in (h.fake.last_message(SUPER).content or "")
    # The replay button of the list is the new chat's.
    replay = listed.buttons[0][0]["callback_data"]
    answer = await h.press(BORIS, SUPER, listed.message_id, replay)
    assert not answer.get("show_alert"), answer
    assert h.fake.calls_to("sendAnimation")
