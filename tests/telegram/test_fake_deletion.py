"""The fake's deleteMessage and deleteMessages, driven by a real aiogram Bot:
Telegram's limits (1-100 ids, 48 hours, whose messages) and error texts."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest
from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramBadRequest

from tests.telegram import fake_deletion as deletion
from tests.telegram.fake_api import FakeTelegram

ANN = 501
GROUP = -100500


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram() as server:
        server.add_user(ANN, "Ann")
        server.add_group(GROUP, "Game night", bot_admin=False)
        yield server


@pytest.fixture
async def bot(fake: FakeTelegram) -> AsyncIterator[Bot]:
    bot = Bot(fake.token, session=AiohttpSession(api=TelegramAPIServer.from_base(fake.base_url)))
    yield bot
    await bot.session.close()


async def sent(bot: Bot, chat: int, count: int) -> list[int]:
    return [(await bot.send_message(chat, f"m{i}")).message_id for i in range(count)]


async def test_up_to_a_hundred_at_once_and_the_missing_ones_skipped(
    fake: FakeTelegram, bot: Bot
) -> None:
    ids = await sent(bot, ANN, 100)
    await bot.delete_message(ANN, ids[0])
    # An id deleted already and one that never existed are skipped.
    assert await bot.delete_messages(ANN, [*ids[:99], 10_000]) is True
    assert [m.message_id for m in fake.messages(ANN)] == [ids[99]]
    with pytest.raises(TelegramBadRequest, match=deletion.TOO_MANY_IDS):
        await bot.delete_messages(ANN, list(range(1, 102)))
    with pytest.raises(TelegramBadRequest, match=deletion.NO_IDS):
        await bot.delete_messages(ANN, [])
    with pytest.raises(TelegramBadRequest, match=deletion.BAD_ID):
        await bot.delete_messages(ANN, [0])


async def test_the_ids_must_be_an_array_of_numbers(fake: FakeTelegram) -> None:
    url = f"{fake.base_url}/bot{fake.token}/deleteMessages"
    async with aiohttp.ClientSession() as http:
        for ids, error in (
            ({"a": 1}, deletion.NOT_AN_ARRAY),
            ([True], deletion.NOT_A_NUMBER),
            (["seven"], deletion.CANT_PARSE),
        ):
            async with http.post(url, json={"chat_id": ANN, "message_ids": ids}) as answer:
                assert (answer.status, (await answer.json())["description"]) == (400, error)


async def test_a_message_sent_48_hours_ago_can_no_longer_be_deleted(
    fake: FakeTelegram, bot: Bot
) -> None:
    old, fresh = await sent(bot, ANN, 2)
    deletion.backdate(fake.message(ANN, old), 48 * 3600)
    with pytest.raises(TelegramBadRequest, match=deletion.TOO_OLD):
        await bot.delete_message(ANN, old)
    # One message that may not go keeps the whole batch.
    with pytest.raises(TelegramBadRequest, match=deletion.TOO_OLD):
        await bot.delete_messages(ANN, [old, fresh])
    assert len(fake.messages(ANN)) == 2
    deletion.backdate(fake.message(ANN, fresh), 47 * 3600)
    assert await bot.delete_messages(ANN, [fresh])


async def test_in_a_group_only_its_own_messages_unless_an_administrator(
    fake: FakeTelegram, bot: Bot
) -> None:
    (own,) = await sent(bot, GROUP, 1)
    fake.send_text(ANN, GROUP, "/play")
    theirs = fake.messages(GROUP, include_users=True)[-1].message_id
    with pytest.raises(TelegramBadRequest, match=deletion.CANT_DELETE):
        await bot.delete_messages(GROUP, [own, theirs])
    assert await bot.delete_messages(GROUP, [own])
    fake.group(GROUP).bot_status = "administrator"
    assert await bot.delete_messages(GROUP, [theirs])
    assert fake.messages(GROUP, include_users=True) == []
