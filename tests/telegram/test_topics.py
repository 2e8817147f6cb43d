"""A forum topic closed mid-game: nothing breaks, nothing is retried without end,
and the table catches up when the topic is reopened."""

from __future__ import annotations

import logging

import pytest

from bot.core.tables import Status
from tests.telegram.conftest import ANYA, Harness, hand, mover, quick_game
from tests.telegram.test_failures import move

FORUM = -100777
TOPIC = 7


async def test_a_closed_topic_pauses_the_table_and_reopening_catches_up(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    h.fake.add_group(FORUM, "Форум", forum=True, bot_admin=False)
    table_id = await quick_game(h, chat=FORUM, thread=TOPIC)
    table_msg = [m for m in h.fake.messages(FORUM) if m.photo is not None][-1]
    h.fake.close_topic(FORUM, TOPIC, by_user_id=ANYA)
    await h.settle()
    caplog.set_level(logging.INFO)
    calls = len(h.fake.calls_to(chat_id=FORUM))
    for _ in range(2):
        await move(h, table_id)
    refused = h.fake.calls_to(chat_id=FORUM)[calls:]
    assert refused and all(c.status == 400 for c in refused)
    assert len(refused) <= 4, f"not retried without end: {len(refused)} calls"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    user, _ = await mover(h, table_id)
    assert hand(h, user).buttons, "hands, in private chats, go on"
    h.fake.reopen_topic(FORUM, TOPIC, by_user_id=ANYA)
    await h.settle()
    table, state = await h.service.get(table_id)
    expected = await h.tg.frontend.screens.table(table, state, "ru")
    assert h.fake.message(FORUM, table_msg.message_id).photo == expected.image


async def test_a_deleted_topic_stops_its_table_and_says_so_privately(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    h.fake.add_group(FORUM, "Форум", forum=True, bot_admin=False)
    table_id = await quick_game(h, chat=FORUM, thread=TOPIC)
    h.fake.delete_topic(FORUM, TOPIC)
    await move(h, table_id)
    await h.settle()
    table, _ = await h.service.get(table_id)
    assert table.status == Status.ABORTED, "not played on where nobody sees the table"
    assert (h.fake.last_message(ANYA).content or "").startswith("⛔ Ваша игра «Клац!» остановлена")
    refused = [c for c in h.fake.calls_to(chat_id=FORUM) if c.status == 400]
    assert 1 <= len(refused) <= 3, [(c.method, c.response) for c in refused]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # The same topic id refuses posts, as Telegram does; the forum's other topics play on.
    await h.say(ANYA, FORUM, "/play klac", TOPIC + 1)
    assert await h.service.table_in(f"tg:{FORUM}/{TOPIC + 1}") is not None
