"""The fake Bot API server, driven by a real aiogram Bot over HTTP."""

from __future__ import annotations

import asyncio
import io
import os
import time
from collections.abc import AsyncIterator

import aiohttp
import pytest
from aiogram import Bot, Dispatcher, F
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramConflictError,
    TelegramEntityTooLarge,
    TelegramForbiddenError,
    TelegramRetryAfter,
)
from aiogram.filters import Command, CommandStart
from aiogram.types import (
    BufferedInputFile,
    CallbackQuery,
    ChatMemberBanned,
    ChatMemberOwner,
    ChatMemberRestricted,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    Message,
)
from PIL import Image

from tests.telegram.fake_api import (
    NOT_MODIFIED,
    QUERY_TOO_OLD,
    ApiError,
    FakeTelegram,
    parse_html,
    parse_markdown_v2,
)
from tests.telegram.fake_api import media as fake_media

ANN = 501
BOB = 502
GROUP = -100500
FORUM = -100600


def png(color: str, size: tuple[int, int] = (64, 48)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, "PNG")
    return out.getvalue()


def keyboard(*labels: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[
            [InlineKeyboardButton(text=label, callback_data=label.lower())] for label in labels
        ]
    )


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram() as server:
        server.add_user(ANN, "Ann", username="ann")
        server.add_user(BOB, "Bob")
        server.add_group(GROUP, "Game night")
        server.add_group(FORUM, "Forum", forum=True)
        yield server


@pytest.fixture
async def bot(fake: FakeTelegram) -> AsyncIterator[Bot]:
    session = AiohttpSession(api=TelegramAPIServer.from_base(fake.base_url))
    bot = Bot(fake.token, session=session)
    yield bot
    await bot.session.close()


async def test_get_me_is_the_bot_of_the_token(fake: FakeTelegram, bot: Bot) -> None:
    me = await bot.get_me()
    assert (me.id, me.username, me.is_bot) == (bot.id, "klac_test_bot", True)
    assert fake.calls_to("getMe")[0].ok


async def test_send_message_echoes_the_keyboard_and_stores_parsed_text(
    fake: FakeTelegram, bot: Bot
) -> None:
    kb = keyboard("Join", "Leave")
    sent = await bot.send_message(
        GROUP, "<b>Lobby</b> &lt;2&gt;", parse_mode="HTML", reply_markup=kb
    )
    assert sent.message_id == 1
    assert sent.from_user is not None and sent.from_user.id == bot.id
    assert sent.text == "Lobby <2>"
    assert sent.reply_markup is not None
    assert sent.reply_markup.model_dump() == kb.model_dump()
    stored = fake.message(GROUP, 1)
    assert stored.text == "Lobby <2>"
    assert stored.entities == [{"type": "bold", "offset": 0, "length": 5}]
    assert stored.button_texts == [["Join"], ["Leave"]]
    call = fake.calls_to("sendMessage", chat_id=GROUP)[0]
    assert call.params["text"] == "<b>Lobby</b> &lt;2&gt;"
    assert call.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"] == "join"
    assert (await bot.send_message(GROUP, "again")).message_id == 2


async def test_send_photo_upload_then_reuse_by_file_id(fake: FakeTelegram, bot: Bot) -> None:
    image = png("red", (640, 480))
    sent = await bot.send_photo(
        GROUP, BufferedInputFile(image, "table.png"), caption="Table", reply_markup=keyboard("Go")
    )
    assert sent.photo is not None and sent.caption == "Table"
    largest = sent.photo[-1]
    assert (largest.width, largest.height) == (640, 480)
    assert [c.method for c in fake.calls_to(chat_id=GROUP)] == ["sendPhoto"]
    assert list(fake.calls_to("sendPhoto")[0].files.values()) == [image]

    again = await bot.send_photo(ANN, largest.file_id)
    assert again.photo is not None and again.photo[-1].file_unique_id == largest.file_unique_id
    assert fake.message(ANN, again.message_id).photo == image
    with Image.open(io.BytesIO(fake.photos(GROUP)[0])) as shown:
        assert shown.size == (640, 480)
    with pytest.raises(TelegramBadRequest, match="wrong file identifier"):
        await bot.send_photo(ANN, "no-such-file-id")


async def test_edit_message_media_uploads_and_replaces_caption(
    fake: FakeTelegram, bot: Bot
) -> None:
    first, second = png("red"), png("blue")
    sent = await bot.send_photo(
        GROUP, BufferedInputFile(first, "a.png"), caption="Turn 1", reply_markup=keyboard("Move")
    )
    edited = await bot.edit_message_media(
        chat_id=GROUP,
        message_id=sent.message_id,
        media=InputMediaPhoto(media=BufferedInputFile(second, "b.png"), caption="Turn 2"),
        reply_markup=keyboard("Move"),
    )
    assert isinstance(edited, Message)
    assert edited.caption == "Turn 2" and edited.edit_date is not None
    stored = fake.message(GROUP, sent.message_id)
    assert stored.photo == second
    assert [v.method for v in stored.history] == ["sendPhoto", "editMessageMedia"]
    assert stored.history[0].photo == first
    assert fake.photos(GROUP) == [first, second]
    media = fake.calls_to("editMessageMedia")[0].params["media"]
    assert media["media"].startswith("attach://")


async def test_edit_caption_and_not_modified(fake: FakeTelegram, bot: Bot) -> None:
    sent = await bot.send_photo(
        GROUP, BufferedInputFile(png("red"), "a.png"), caption="old", reply_markup=keyboard("A")
    )
    edited = await bot.edit_message_caption(
        chat_id=GROUP, message_id=sent.message_id, caption="new", reply_markup=keyboard("A")
    )
    assert isinstance(edited, Message) and edited.caption == "new"
    with pytest.raises(TelegramBadRequest) as exc:
        await bot.edit_message_caption(
            chat_id=GROUP, message_id=sent.message_id, caption="new", reply_markup=keyboard("A")
        )
    assert exc.value.message == NOT_MODIFIED
    # Omitting reply_markup in an edit removes the keyboard, as Telegram does.
    await bot.edit_message_caption(chat_id=GROUP, message_id=sent.message_id, caption="new")
    assert fake.message(GROUP, sent.message_id).reply_markup is None
    with pytest.raises(TelegramBadRequest, match="there is no text in the message to edit"):
        await bot.edit_message_text("x", chat_id=GROUP, message_id=sent.message_id)


async def test_forbidden_for_blocked_not_started_and_kicked(fake: FakeTelegram, bot: Bot) -> None:
    fake.add_user(503, "Cid", started=False)
    fake.block(BOB)
    with pytest.raises(TelegramForbiddenError) as exc:
        await bot.send_message(BOB, "hi")
    assert exc.value.message == "Forbidden: bot was blocked by the user"
    with pytest.raises(TelegramForbiddenError) as exc:
        await bot.send_message(503, "hi")
    assert exc.value.message == "Forbidden: bot can't initiate conversation with a user"
    fake.send_text(503, 503, "/start")
    assert (await bot.send_message(503, "welcome")).chat.id == 503

    fake.kick_bot(GROUP)
    with pytest.raises(TelegramForbiddenError, match="bot was kicked from the supergroup chat"):
        await bot.send_message(GROUP, "hi")
    member = await bot.get_chat_member(GROUP, bot.id)
    assert isinstance(member, ChatMemberBanned)
    with pytest.raises(TelegramBadRequest, match="chat not found"):
        await bot.send_message(-100999, "hi")


async def test_permissions_bind_members_and_restricted_bots_not_admins(
    fake: FakeTelegram, bot: Bot
) -> None:
    fake.set_permissions(GROUP, can_send_photos=False)
    assert await bot.send_photo(GROUP, BufferedInputFile(png("red"), "a.png")), "admins may"
    chat = await bot.get_chat(GROUP)
    assert chat.permissions is not None and chat.permissions.can_send_photos is False
    fake.group(GROUP).bot_status = "member"
    with pytest.raises(TelegramBadRequest) as exc:
        await bot.send_photo(GROUP, BufferedInputFile(png("red"), "a.png"))
    assert exc.value.message == "Bad Request: not enough rights to send photos to the chat"
    assert await bot.send_message(GROUP, "text is still allowed")
    fake.set_permissions(GROUP, can_send_photos=True)
    fake.restrict_bot(GROUP, can_send_messages=False)
    member = await bot.get_chat_member(GROUP, bot.id)
    assert isinstance(member, ChatMemberRestricted) and member.can_send_messages is False
    with pytest.raises(TelegramBadRequest) as exc:
        await bot.send_message(GROUP, "hi")
    assert exc.value.message == "Bad Request: not enough rights to send text messages to the chat"
    assert await bot.send_message(ANN, "private chats have no such permissions")


async def test_a_callback_query_answered_too_late_is_too_old(fake: FakeTelegram, bot: Bot) -> None:
    sent = await bot.send_message(ANN, "pick", reply_markup=keyboard("A"))
    query = fake.press(ANN, ANN, sent.message_id, "a", deliver=False)
    fake.presses[query].time -= 16
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await bot.answer_callback_query(query)


async def test_a_photo_over_10_mb_is_refused(fake: FakeTelegram, bot: Bot) -> None:
    noise = Image.frombytes("RGB", (2000, 2000), os.urandom(2000 * 2000 * 3))
    out = io.BytesIO()
    noise.save(out, "PNG", compress_level=0)
    assert len(out.getvalue()) > 10 * 1024 * 1024
    with pytest.raises(TelegramBadRequest, match="PHOTO_SAVE_FILE_INVALID"):
        await bot.send_photo(ANN, BufferedInputFile(out.getvalue(), "big.png"))


async def test_fail_next_429_raises_retry_after(fake: FakeTelegram, bot: Bot) -> None:
    fake.fail_next("sendMessage", retry_after=3, chat_id=GROUP)
    await bot.send_message(ANN, "other chats are not affected")
    with pytest.raises(TelegramRetryAfter) as exc:
        await bot.send_message(GROUP, "hi")
    assert exc.value.retry_after == 3
    assert fake.calls_to("sendMessage", chat_id=GROUP)[0].response == {
        "ok": False,
        "error_code": 429,
        "description": "Too Many Requests: retry after 3",
        "parameters": {"retry_after": 3},
    }
    assert (await bot.send_message(GROUP, "hi")).message_id == 1


async def test_realistic_message_errors(fake: FakeTelegram, bot: Bot) -> None:
    sent = await bot.send_message(GROUP, "text", reply_markup=keyboard("A"))
    fake.delete_message(GROUP, sent.message_id)
    with pytest.raises(TelegramBadRequest, match=r"message to edit not found$"):
        await bot.edit_message_text("new", chat_id=GROUP, message_id=sent.message_id)
    with pytest.raises(TelegramBadRequest, match="message to delete not found"):
        await bot.delete_message(GROUP, sent.message_id)

    cases = [
        ({"text": "x" * 4097}, "message is too long"),
        ({"text": "ok", "reply_markup": keyboard("é" * 33)}, "BUTTON_DATA_INVALID"),
        ({"text": "a < b", "parse_mode": "HTML"}, "can't parse entities"),
        ({"text": "1.5", "parse_mode": "MarkdownV2"}, "Character '.' is reserved"),
        (
            {
                "text": "ok",
                "reply_markup": InlineKeyboardMarkup(
                    inline_keyboard=[
                        [InlineKeyboardButton(text=str(i), callback_data=str(i))]
                        for i in range(101)
                    ]
                ),
            },
            "reply markup is too long",
        ),
    ]
    for kwargs, error in cases:
        with pytest.raises(TelegramBadRequest, match=error):
            await bot.send_message(GROUP, **kwargs)  # type: ignore[arg-type]
    empty_label = InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text="", callback_data="x")]]
    )
    with pytest.raises(TelegramBadRequest, match="BUTTON_DATA_INVALID"):
        await bot.send_message(GROUP, "ok", reply_markup=empty_label)
    with pytest.raises(TelegramBadRequest, match="message caption is too long"):
        await bot.send_photo(GROUP, BufferedInputFile(png("red"), "a.png"), caption="c" * 1025)
    assert fake.messages(GROUP) == []


async def test_answering_a_callback_twice_is_an_error(fake: FakeTelegram, bot: Bot) -> None:
    sent = await bot.send_message(ANN, "pick", reply_markup=keyboard("Yes"))
    query_id = fake.press(ANN, ANN, sent.message_id, "yes")
    assert await bot.answer_callback_query(query_id, text="Done", show_alert=True)
    assert await fake.wait_answer(query_id) == {
        "callback_query_id": query_id,
        "text": "Done",
        "show_alert": True,
    }
    with pytest.raises(TelegramBadRequest) as exc:
        await bot.answer_callback_query(query_id)
    assert exc.value.message == QUERY_TOO_OLD
    assert fake.alerts(ANN) == ["Done"]
    with pytest.raises(KeyError):
        fake.press(ANN, ANN, sent.message_id, "not-a-button")


async def test_dispatcher_polls_a_command_and_a_press_then_stops(
    fake: FakeTelegram, bot: Bot
) -> None:
    dp = Dispatcher()

    @dp.message(CommandStart())
    async def start(message: Message) -> None:
        await message.answer("Lobby", reply_markup=keyboard("Join"))

    @dp.message(Command("klac"))
    async def klac(message: Message) -> None:
        # reply() keeps the forum topic of the message it answers.
        await message.reply(f"args={message.text}")

    @dp.callback_query(F.data == "join")
    async def join(query: CallbackQuery) -> None:
        assert isinstance(query.message, Message)
        await query.message.edit_text("Lobby: Ann")
        await query.answer("You joined")

    polling = asyncio.create_task(
        dp.start_polling(bot, handle_signals=False, close_bot_session=False, polling_timeout=30)
    )
    try:
        fake.send_text(ANN, ANN, "/start")
        lobby = await fake.wait_for(lambda c: c.method == "sendMessage", timeout=2)
        message_id = lobby.result["message_id"]
        query_id = fake.press_button(ANN, ANN, message_id, "Join")
        assert (await fake.wait_answer(query_id, timeout=2))["text"] == "You joined"
        fake.send_text(BOB, FORUM, "/klac@klac_test_bot now", thread_id=7)
        await fake.idle(quiet=0.1, timeout=2)
    finally:
        started = time.monotonic()
        await asyncio.wait_for(dp.stop_polling(), 2)
        await asyncio.wait_for(polling, 2)
        assert time.monotonic() - started < 1
        # The abandoned long poll ends on the server too, not when its timeout runs out.
        await fake.wait_until(lambda: fake.waiting_polls == 0, timeout=1)

    assert fake.message(ANN, message_id).text == "Lobby: Ann"
    assert fake.message(ANN, message_id).reply_markup is None  # the edit dropped it
    reply = fake.last_message(FORUM)
    assert reply.text == "args=/klac@klac_test_bot now"
    assert reply.thread_id == 7 and reply.is_topic and reply.reply_to is not None
    assert fake.pending_updates == []


async def test_long_poll_returns_when_an_update_arrives_or_the_server_stops(
    fake: FakeTelegram, bot: Bot
) -> None:
    started = time.monotonic()
    assert await bot.get_updates(timeout=0) == []
    poll = asyncio.create_task(bot.get_updates(timeout=30))
    await fake.wait_until(lambda: any(c.method == "getUpdates" for c in fake.calls[1:]))
    update = fake.send_text(ANN, ANN, "hello")
    (got,) = await asyncio.wait_for(poll, 1)
    assert got.update_id == update["update_id"] and got.message is not None

    # Unconfirmed updates come again; an offset past them confirms them.
    assert [u.update_id for u in await bot.get_updates()] == [got.update_id]
    assert await bot.get_updates(offset=got.update_id + 1) == []

    poll = asyncio.create_task(bot.get_updates(timeout=30))
    await fake.wait_until(lambda: fake.waiting_polls == 1)
    await fake.stop()
    assert await asyncio.wait_for(poll, 1) == []
    assert time.monotonic() - started < 1.5


async def test_a_second_poller_terminates_the_first(fake: FakeTelegram, bot: Bot) -> None:
    first = asyncio.create_task(bot.get_updates(timeout=30))
    await fake.wait_until(lambda: fake.waiting_polls == 1)
    second = asyncio.create_task(bot.get_updates(timeout=30))
    with pytest.raises(TelegramConflictError, match="terminated by other getUpdates"):
        await asyncio.wait_for(first, 1)
    fake.send_text(ANN, ANN, "hi")
    assert len(await asyncio.wait_for(second, 1)) == 1


async def test_updates_filtered_by_allowed_updates_and_privacy(
    fake: FakeTelegram, bot: Bot
) -> None:
    fake.add_group(-100700, "Plain", bot_admin=False)
    fake.send_text(ANN, -100700, "just chatting")
    fake.send_text(ANN, -100700, "/start@other_bot")
    command = fake.send_text(ANN, -100700, "/start")
    removed = fake.bot_removed(GROUP)
    updates = await bot.get_updates(allowed_updates=["message"])
    assert [u.update_id for u in updates] == [command["update_id"]]
    assert removed in fake.dropped_updates
    with pytest.raises(TelegramForbiddenError):
        await bot.send_message(GROUP, "still there?")


async def test_webhook_mode(fake: FakeTelegram, bot: Bot) -> None:
    assert await bot.set_webhook("https://example.test/hook", secret_token="s3cret")
    info = await bot.get_webhook_info()
    assert info.url == "https://example.test/hook"
    with pytest.raises(TelegramConflictError, match="webhook is active"):
        await bot.get_updates()
    sent = await bot.send_message(ANN, "pick", reply_markup=keyboard("Yes"))
    query_id = fake.press(ANN, ANN, sent.message_id, "yes", deliver=False)
    update = fake.updates[-1]
    assert update["callback_query"]["id"] == query_id
    assert update["callback_query"]["message"]["reply_markup"] == {
        "inline_keyboard": [[{"text": "Yes", "callback_data": "yes"}]]
    }
    assert fake.pending_updates == []
    assert await bot.delete_webhook()
    assert await bot.get_updates() == []


async def test_raw_http_tokens_methods_and_encodings(fake: FakeTelegram) -> None:
    base = f"{fake.base_url}/bot{fake.token}"
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{fake.base_url}/bot1:WRONG/getMe") as resp:
            assert resp.status == 401
            assert await resp.json() == {
                "ok": False,
                "error_code": 401,
                "description": "Unauthorized",
            }
        async with http.post(f"{base}/noSuchMethod") as resp:
            assert resp.status == 404
            assert await resp.json() == {"ok": False, "error_code": 404, "description": "Not Found"}
        async with http.post(f"{base}/sendmessage", json={"chat_id": ANN, "text": "123"}) as resp:
            body = await resp.json()
            assert body["ok"] and body["result"]["text"] == "123"
        async with http.post(
            f"{base}/sendMessage",
            data={"chat_id": str(ANN), "text": "form", "reply_markup": '{"inline_keyboard":[]}'},
        ) as resp:
            assert (await resp.json())["result"]["text"] == "form"
    assert [c.method for c in fake.calls] == ["getMe", "noSuchMethod", "sendMessage", "sendMessage"]
    assert fake.calls[2].params == {"chat_id": ANN, "text": "123"}


async def test_commands_members_pins_and_flood_accounting(fake: FakeTelegram, bot: Bot) -> None:
    from aiogram.types import BotCommand, BotCommandScopeAllGroupChats

    scope = BotCommandScopeAllGroupChats()
    await bot.set_my_commands([BotCommand(command="klac", description="Play")], scope=scope)
    assert fake.commands({"type": "all_group_chats"}) == [
        {"command": "klac", "description": "Play"}
    ]
    assert [c.command for c in await bot.get_my_commands(scope=scope)] == ["klac"]
    assert await bot.get_my_commands() == []

    fake.set_member_status(GROUP, ANN, "creator")
    assert isinstance(await bot.get_chat_member(GROUP, ANN), ChatMemberOwner)
    chat = await bot.get_chat(GROUP)
    assert chat.title == "Game night"
    assert await bot.send_chat_action(GROUP, "upload_photo")

    for i in range(5):
        await bot.send_message(GROUP, f"m{i}")
    assert await bot.pin_chat_message(GROUP, 1)
    assert (await bot.send_message(GROUP, "after pin")).message_id == 7  # the pin used id 6
    assert fake.message(GROUP, 1).pinned
    assert fake.max_rate(GROUP, window=10.0) == 6
    assert fake.max_rate(ANN) == 0
    await fake.idle(quiet=0.05, timeout=1)


def test_parse_modes_give_utf16_entities_and_telegram_errors() -> None:
    text, entities = parse_html(
        '<b>😀 <i>x</i></b> <a href="https://a.b/?q=1&amp;r=2">link</a>'
        '<pre><code class="language-py">p</code></pre>'
    )
    assert text == "😀 x linkp"
    assert entities == [
        {"type": "bold", "offset": 0, "length": 4},
        {"type": "italic", "offset": 3, "length": 1},
        {"type": "text_link", "offset": 5, "length": 4, "url": "https://a.b/?q=1&r=2"},
        {"type": "pre", "offset": 9, "length": 1, "language": "py"},
    ]
    for bad, error in [
        ("<b>open", 'Can\'t find end tag corresponding to start tag "b"'),
        ("<b><i>x</b></i>", 'expected "</i>", found "</b>"'),
        ("<p>x</p>", 'Unsupported start tag "p" at byte offset 0'),
        ("a < b > c", 'Unsupported start tag "" at byte offset 2'),
        ("Ann <3", "Unclosed start tag at byte offset 4"),
    ]:
        with pytest.raises(ApiError, match=error):
            parse_html(bad)

    text, entities = parse_markdown_v2("*bold _both_* 1\\.5 [a](http://x.y/\\)) `c\\`d`")
    assert text == "bold both 1.5 a c`d"
    assert entities == [
        {"type": "bold", "offset": 0, "length": 9},
        {"type": "italic", "offset": 5, "length": 4},
        {"type": "text_link", "offset": 14, "length": 1, "url": "http://x.y/)"},
        {"type": "code", "offset": 16, "length": 3},
    ]
    with pytest.raises(ApiError, match="Can't find end of Bold entity at byte offset 0"):
        parse_markdown_v2("*unclosed")


async def test_documents_and_file_downloads(fake: FakeTelegram, bot: Bot) -> None:
    sent = await bot.send_document(ANN, BufferedInputFile(b"log line\n", "game.txt"), caption="Log")
    assert sent.document is not None
    assert (sent.document.file_name, sent.document.mime_type) == ("game.txt", "text/plain")
    downloaded = await bot.download(sent.document.file_id)
    assert downloaded is not None and downloaded.read() == b"log line\n"
    with pytest.raises(TelegramBadRequest, match="can't use file of type Document as Photo"):
        await bot.send_photo(ANN, sent.document.file_id)
    assert fake.internal_errors == []


def gif(size: tuple[int, int] = (64, 48)) -> bytes:
    """A GIF of three frames, half a second each."""
    frames = [Image.new("RGB", size, color) for color in ("red", "green", "blue")]
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=500, loop=0)
    return out.getvalue()


async def test_send_animation_uploads_checks_the_caption_rights_and_size(
    fake: FakeTelegram, bot: Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    animation = gif()
    sent = await bot.send_animation(
        GROUP,
        BufferedInputFile(animation, "replay.gif"),
        caption="<b>Replay</b>",
        parse_mode="HTML",
    )
    assert sent.animation is not None and sent.document is not None and sent.caption == "Replay"
    assert (sent.animation.width, sent.animation.height, sent.animation.duration) == (64, 48, 2)
    # A multipart upload; the fake keeps it byte for byte, with its caption.
    assert list(fake.calls_to("sendAnimation")[0].files.values()) == [animation]
    (stored,) = fake.animations(GROUP)
    assert stored.animation == animation and stored.caption == "Replay"
    # The caption's limit counts the text after parsing, not the markup.
    long_markup = "<b>" + "x" * 1024 + "</b>"
    again = await bot.send_animation(
        ANN, sent.animation.file_id, caption=long_markup, parse_mode="HTML"
    )
    assert again.animation is not None
    assert again.animation.file_unique_id == sent.animation.file_unique_id
    with pytest.raises(TelegramBadRequest) as exc:
        await bot.send_animation(ANN, sent.animation.file_id, caption="x" * 1025)
    assert exc.value.message == "Bad Request: message caption is too long"
    with pytest.raises(TelegramBadRequest, match="wrong file identifier"):
        await bot.send_animation(ANN, "replay.gif")
    # Animations need their own permission in a group; an administrator has it.
    fake.set_permissions(GROUP, can_send_other_messages=False)
    assert await bot.send_animation(GROUP, sent.animation.file_id)
    fake.group(GROUP).bot_status = "member"
    with pytest.raises(TelegramBadRequest) as exc:
        await bot.send_animation(GROUP, BufferedInputFile(animation, "replay.gif"))
    assert exc.value.message == "Bad Request: not enough rights to send animations to the chat"
    assert await bot.send_photo(GROUP, BufferedInputFile(png("red"), "a.png")), "photos may"
    fake.block(BOB)
    with pytest.raises(TelegramForbiddenError, match="blocked"):
        await bot.send_animation(BOB, sent.animation.file_id)
    # Over the size bots may send (50 MB, lowered here): 413, as every oversized request.
    monkeypatch.setattr(fake_media, "ANIMATION_SIZE_LIMIT", len(animation) - 1)
    with pytest.raises(TelegramEntityTooLarge):
        await bot.send_animation(ANN, BufferedInputFile(animation, "replay.gif"))
    assert len(fake.animations(GROUP)) == 2 and len(fake.animations(ANN)) == 1
    assert fake.internal_errors == []
