"""The fake Bot API's inline mode, driven by a real aiogram Bot over HTTP: its
limits are refused as Telegram refuses them."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import (
    BufferedInputFile,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InlineQueryResultCachedPhoto,
    InputMediaPhoto,
    InputTextMessageContent,
)
from PIL import Image

from tests.telegram.fake_api import FakeTelegram
from tests.telegram.fake_api.inline import RESULTS_LIMIT

ANN, BOB, ZED = 501, 502, 503


def png(color: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), color).save(out, "PNG")
    return out.getvalue()


def article(result_id: str, markup: bool = True) -> InlineQueryResultArticle:
    keys = InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text="Go", callback_data="go")]]
    )
    return InlineQueryResultArticle(
        id=result_id,
        title="Caravan",
        input_message_content=InputTextMessageContent(message_text="A lobby"),
        reply_markup=keys if markup else None,
    )


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram() as server:
        for user, name in ((ANN, "Ann"), (BOB, "Bob"), (ZED, "Zed")):
            server.add_user(user, name)
        yield server


@pytest.fixture
async def bot(fake: FakeTelegram) -> AsyncIterator[Bot]:
    bot = Bot(fake.token, session=AiohttpSession(api=TelegramAPIServer.from_base(fake.base_url)))
    yield bot
    await bot.session.close()


async def query_id(fake: FakeTelegram, bot: Bot, chat: int) -> str:
    """Ann types @bot in ``chat``; the id the bot reads from getUpdates."""
    fake.inline_query(ANN, chat, "car")
    updates = await bot.get_updates(timeout=0)
    assert updates[-1].inline_query is not None
    assert updates[-1].inline_query.chat_type == "private"
    await bot.get_updates(offset=updates[-1].update_id + 1, timeout=0)
    return updates[-1].inline_query.id


async def test_answer_inline_query_is_held_to_its_limits(fake: FakeTelegram, bot: Bot) -> None:
    chat = fake.add_conversation(ANN, BOB)
    assert (await bot.get_me()).supports_inline_queries
    query = await query_id(fake, bot, chat)
    too_many = [article(str(n)) for n in range(RESULTS_LIMIT + 1)]
    with pytest.raises(TelegramBadRequest, match="RESULTS_TOO_MUCH"):
        await bot.answer_inline_query(query, too_many)
    with pytest.raises(TelegramBadRequest, match="RESULT_ID_INVALID"):
        await bot.answer_inline_query(query, [article("x" * 65)])
    with pytest.raises(TelegramBadRequest, match="RESULT_ID_DUPLICATE"):
        await bot.answer_inline_query(query, [article("a"), article("a")])
    with pytest.raises(TelegramBadRequest, match="wrong file identifier"):
        await bot.answer_inline_query(
            query, [InlineQueryResultCachedPhoto(id="p", photo_file_id="nope")]
        )
    with pytest.raises(TelegramBadRequest, match="cache_time"):
        await bot.answer_inline_query(query, [article("a")], cache_time=-1)
    assert await bot.answer_inline_query(query, [article("a")], cache_time=5, is_personal=True)
    assert fake.inline_queries[query].answer == {
        "results": fake.inline_queries[query].answer["results"],  # type: ignore[index]
        "cache_time": 5,
        "is_personal": True,
        "button": None,
    }
    # Answered once: a second answer is refused as a stale query is.
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await bot.answer_inline_query(query, [article("a")])


async def test_a_chosen_result_is_an_inline_message_edited_only_by_file_id(
    fake: FakeTelegram, bot: Bot
) -> None:
    chat = fake.add_conversation(ANN, BOB)
    query = await query_id(fake, bot, chat)
    await bot.answer_inline_query(query, [article("a"), article("b", markup=False)])
    posted = fake.choose(query, "a")
    chosen = (await bot.get_updates(timeout=0))[-1].chosen_inline_result
    assert chosen is not None and chosen.inline_message_id == posted.inline_message_id
    inline = posted.inline_message_id
    assert inline is not None
    # No keyboard, no inline_message_id: Telegram gives none to edit.
    again = await query_id(fake, bot, chat)
    await bot.answer_inline_query(again, [article("b", markup=False)])
    assert fake.choose(again, "b").inline_message_id is None
    # The press carries the chat's chat_instance and no message.
    fake.press_inline(BOB, inline, "go")
    press = [u for u in await bot.get_updates(timeout=0) if u.callback_query][-1].callback_query
    assert press is not None and press.message is None and press.inline_message_id == inline
    other = fake.add_conversation(ZED, BOB)
    fake.press_inline(ZED, inline, "go", strict=False, chat=other)
    forged = [u for u in await bot.get_updates(timeout=0) if u.callback_query][-1].callback_query
    assert forged is not None and forged.chat_instance != press.chat_instance
    with pytest.raises(KeyError):
        fake.press_inline(ZED, inline, "go")  # Zed does not see the message
    # A new upload in an edit of an inline message is refused; a file id is taken.
    upload = InputMediaPhoto(media=BufferedInputFile(png("red"), "t.png"), caption="Table")
    with pytest.raises(TelegramBadRequest, match="can't be uploaded"):
        await bot.edit_message_media(media=upload, inline_message_id=inline)
    sent = await bot.send_photo(ANN, BufferedInputFile(png("red"), "t.png"))
    assert sent.photo
    done = await bot.edit_message_media(
        media=InputMediaPhoto(media=sent.photo[-1].file_id, caption="Table"),
        inline_message_id=inline,
    )
    assert done is True and fake.inline_message(inline).photo == png("red")
    assert await bot.edit_message_caption(inline_message_id=inline, caption="Next") is True
    with pytest.raises(TelegramBadRequest, match="no text in the message"):
        await bot.edit_message_text(text="Text", inline_message_id=inline)
    with pytest.raises(TelegramBadRequest, match="MESSAGE_ID_INVALID"):
        await bot.edit_message_caption(inline_message_id="AgAAAnope", caption="x")
