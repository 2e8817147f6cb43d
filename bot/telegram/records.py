"""Commands for what is kept after the games: /history (with a replay button per
game), /replay, /top, /forget, and the presses of the replay buttons.

The texts and the rules are the core's (:mod:`bot.core.record_screens`,
:class:`~bot.core.service.records.RecordService`), as in Discord. A replay is
drawn off the event loop (:func:`bot.core.replays.draw_off_loop`) in a task of
the outbox, so the press or command is answered at once, and posted in the
chat as an animation (GIF) through the chat's queue, after what was said before.
"""

from __future__ import annotations

import logging
from functools import partial

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
)
from aiogram.filters import Command, CommandObject
from aiogram.types import (
    BufferedInputFile,
    CallbackQuery,
    ChatMemberAdministrator,
    ChatMemberOwner,
    Message,
)

from bot.core import record_screens
from bot.core.history import Finished
from bot.core.names import clip
from bot.core.replays import draw_off_loop
from bot.core.screen_sync import Gate
from bot.telegram import ids
from bot.telegram.commands import where
from bot.telegram.context import Frontend
from bot.telegram.markup import CAPTION_LIMIT, keyboard
from bot.telegram.publisher import DM_FLAG, TOPIC_CLOSED
from games import registry

log = logging.getLogger("bot.telegram")

#: Games /history lists, and so the numbers /replay takes (as in Discord).
LISTED = 10
#: Telegram's answer to an animation in a group that forbids them to the bot
#: (the ``can_send_other_messages`` permission).
NO_ANIMATION_RIGHTS = "not enough rights to send animations"

#: The prefix of a replay button's callback data
#: (:class:`~bot.core.history.ReplayButton`, within Telegram's 64 bytes). No
#: core token starts with ``h`` (:mod:`bot.core.tokens`), so this router takes
#: these presses before the buttons' router would refuse them.
REPLAY_PREFIX = "h"
#: "Bots can currently send animation files of up to 50 MB in size"
#: (https://core.telegram.org/bots/api#sendanimation): a larger replay is drawn smaller.
ANIMATION_LIMIT = 50 * 2**20
#: The platform's name for the replay files kept (a file id is the bot's own),
#: before the language of the words under its frames.
PLATFORM = "tg"


def _kept_as(lang: str) -> str:
    """Under what a replay's upload in ``lang`` is kept (its frames speak it)."""
    return f"{PLATFORM}-{lang}"


async def post_replay(
    frontend: Frontend,
    chat: str,
    entry: Finished,
    lang: str,
    asker_lang: str,
    *,
    wait_msg: str = "replay-wait",
) -> tuple[str, bool] | None:
    """Post ``entry``'s replay in ``chat``, captioned in ``lang``: by the file id of
    its earlier upload (in any chat), else drawn off the event loop and
    uploaded. Returns what to tell the asker (in ``asker_lang``) and whether it
    is a refusal: that it is being drawn, or when the next may be if the chat
    had one less than a minute ago (:data:`~bot.core.service.records.REPLAY_SPACING`,
    said by ``wait_msg``); ``None`` when it is posted at once."""
    i18n = frontend.i18n
    wait = await frontend.service.replay_wait(chat)
    if wait:
        return i18n.t(asker_lang, wait_msg, seconds=wait), True
    caption = clip(record_screens.replay_caption(i18n, lang, entry), CAPTION_LIMIT)
    uploaded = await frontend.service.replay_file(entry.id, _kept_as(lang))
    if uploaded is not None:
        send_animation(frontend, chat, entry, uploaded, caption, lang)
        return None
    frontend.publisher.outbox.spawn(_draw(frontend, chat, entry, caption, lang))
    return i18n.t(asker_lang, "replay-drawing"), False


async def _draw(frontend: Frontend, chat: str, entry: Finished, caption: str, lang: str) -> None:
    try:
        replay = await draw_off_loop(entry, ANIMATION_LIMIT, partial(frontend.i18n.t, lang))
    except Exception:
        # A record the game can no longer replay (its rules changed since):
        # the chat is told, rather than left waiting.
        log.exception("event=replay-failed chat=%s table=%s", chat, entry.id)
        frontend.publisher.say(chat, frontend.i18n.t(lang, "tg-replay-failed"))
        return
    if replay is None:
        megabytes = ANIMATION_LIMIT // 2**20
        frontend.publisher.say(chat, frontend.i18n.t(lang, "replay-too-large", megabytes=megabytes))
        return
    gif = BufferedInputFile(replay.gif, filename=f"replay-{entry.id}.gif")
    send_animation(frontend, chat, entry, gif, caption, lang)


async def replay(message: Message, command: CommandObject, frontend: Frontend) -> None:
    """``/replay [n]``: game ``n`` of /history (1, the last, by default) as an animation."""
    chat, lang = await where(message, frontend)
    i18n, say = frontend.i18n, frontend.publisher.say
    number = _number(command.args)
    if number is None:
        say(chat, i18n.t(lang, "tg-replay-usage", max=LISTED))
        return
    entries = await frontend.service.finished_games(chat, LISTED)
    if not entries:
        say(chat, i18n.t(lang, "replay-none"))
    elif number > len(entries):
        say(chat, i18n.t(lang, "replay-missing", n=number))
    else:
        told = await post_replay(frontend, chat, entries[number - 1], lang, lang)
        if told is not None:
            say(chat, told[0])


async def replay_pressed(query: CallbackQuery, frontend: Frontend) -> None:
    """A replay button: the game is posted in the chat of the button's message.

    A press that names no game of that chat (forged, from another chat's list,
    or of a game since forgotten) changes nothing and says so in an alert, as
    does a press on a game that has expired, one press too many, and one within
    a minute of the chat's last replay."""
    lang = await frontend.user_lang(query.from_user)
    i18n = frontend.i18n
    message = query.message
    if not isinstance(message, Message):
        await query.answer(i18n.t(lang, "error-bad-request"), show_alert=True)
        return
    chat = ids.message_chat_key(message)
    presser = ids.player_key(query.from_user.id)
    entry = await frontend.service.replay_pressed(chat, query.data, REPLAY_PREFIX, presser)
    if isinstance(entry, str):
        await query.answer(i18n.t(lang, entry), show_alert=True)
        return
    # The replay is for the whole chat: its caption is in the chat's language.
    private = message.chat.type == ChatType.PRIVATE
    chat_lang = lang if private else await frontend.chat_lang(chat)
    told = await post_replay(frontend, chat, entry, chat_lang, lang)
    if told is None:
        await query.answer()
    else:
        await query.answer(told[0], show_alert=told[1])


def send_animation(
    frontend: Frontend,
    chat: str,
    entry: Finished,
    animation: BufferedInputFile | str,
    caption: str,
    lang: str,
) -> None:
    """Queue a replay to a chat (or forum topic) as an animation, uploaded or by
    its file id; an upload's file id is kept for next time, a file id Telegram
    no longer knows is drawn anew, what else can go wrong is handled as for a
    plain message, and a group that forbids GIFs is told so."""
    publisher = frontend.publisher
    chat_id, thread_id = ids.parse_chat_key(chat)

    async def call(gate: Gate) -> None:
        try:
            sent = await publisher.bot.send_animation(
                chat_id, animation, caption=caption, message_thread_id=thread_id
            )
        except TelegramMigrateToChat as exc:
            await publisher.migrate(chat_id, exc.migrate_to_chat_id)
            moved = ids.chat_key(exc.migrate_to_chat_id)
            send_animation(frontend, moved, entry, animation, caption, lang)
            return
        except TelegramBadRequest as exc:
            if NO_ANIMATION_RIGHTS in exc.message.lower():
                publisher.say(chat, frontend.i18n.t(lang, "tg-replay-no-rights"))
            elif TOPIC_CLOSED in exc.message:
                log.info("event=topic-closed chat=%s thread=%s", chat_id, thread_id)
            elif isinstance(animation, str):
                # A file id Telegram no longer knows: drawn and uploaded anew.
                log.warning("event=replay-file-refused table=%s error=%s", entry.id, exc.message)
                publisher.outbox.spawn(_draw(frontend, chat, entry, caption, lang))
            else:
                raise
            return
        except TelegramForbiddenError as exc:
            log.warning("event=unreachable chat=%s error=%s", chat_id, exc.message)
            if chat_id > 0:
                # A person who blocked the bot: asked again, they are told to unblock it.
                await publisher.store.flag(DM_FLAG, str(chat_id), on=False)
            return
        file = sent.animation or sent.document
        if not isinstance(animation, str) and file is not None:
            await frontend.service.remember_replay_file(entry.id, _kept_as(lang), file.file_id)

    publisher.outbox.put(chat_id, call)


def _number(args: str | None) -> int | None:
    """The game number of ``/replay [n]`` (1 when none is given); ``None`` when
    it is not a number /history shows."""
    text = (args or "").strip()
    if not text:
        return 1
    if not text.isdecimal() or not 1 <= int(text) <= LISTED:
        return None
    return int(text)


async def history(message: Message, frontend: Frontend) -> None:
    """``/history``: the chat's last finished games, a replay button for each."""
    chat, lang = await where(message, frontend)
    i18n = frontend.i18n
    entries = await frontend.service.finished_games(chat, LISTED)
    rows = record_screens.history_buttons(i18n, lang, entries, REPLAY_PREFIX)
    frontend.publisher.say(chat, record_screens.history(i18n, lang, entries), keyboard(rows))


async def top(message: Message, command: CommandObject, frontend: Frontend) -> None:
    """``/top [game]``: the chat's best players in a game by rating; the game last
    finished in the chat by default."""
    chat, lang = await where(message, frontend)
    i18n = frontend.i18n
    name = (command.args or "").strip().lower()
    if name and name not in registry.names():
        games = ", ".join(f"{g} ({i18n.t(lang, f'game-{g}')})" for g in registry.names())
        frontend.publisher.say(chat, i18n.t(lang, "tg-top-usage", games=games))
        return
    if not name:
        name = await frontend.service.last_game(chat)
    standings = await frontend.service.leaderboard(name, chat)
    frontend.publisher.say(chat, record_screens.top(i18n, lang, name, standings))


async def forget(message: Message, frontend: Frontend, bot: Bot) -> None:
    """``/forget``: the sender's statistics, ratings, language choices and decks
    everywhere; and the chat's finished games, leaderboards and language when
    the sender may decide for the chat (its admin, or anyone in their private
    chat), as in Discord."""
    user = message.from_user
    assert user is not None
    chat, lang = await where(message, frontend)
    admin = message.chat.type == ChatType.PRIVATE or await _is_admin(bot, message, user.id)
    messageable = (DM_FLAG, str(user.id))
    await frontend.service.forget(ids.player_key(user.id), chat if admin else None, messageable)
    i18n = frontend.i18n
    said = [
        i18n.t(lang, "forget-done"),
        i18n.t(lang, "forget-done-chat" if admin else "forget-not-chat"),
        i18n.t(lang, "forget-kept"),
    ]
    frontend.publisher.say(chat, "\n".join(said))


async def _is_admin(bot: Bot, message: Message, user_id: int) -> bool:
    """Whether the sender administers the group the message was written in."""
    if message.sender_chat is not None and message.sender_chat.id == message.chat.id:
        # An anonymous administrator writes as the group itself: only admins can.
        return True
    try:
        member = await bot.get_chat_member(message.chat.id, user_id)
    except TelegramAPIError as exc:
        # Unsure: the chat's records stay, the person's own are deleted anyway.
        log.warning("event=admin-check-failed chat=%s error=%s", message.chat.id, exc)
        return False
    return isinstance(member, ChatMemberAdministrator | ChatMemberOwner)


def make_router() -> Router:
    """A fresh router with this module's handlers (one per dispatcher); it must
    come before the buttons' router, which refuses every press it cannot decode."""
    router = Router(name="records")
    router.message.register(history, Command("history"))
    router.message.register(replay, Command("replay"))
    router.message.register(top, Command("top"))
    router.message.register(forget, Command("forget"))
    router.callback_query.register(replay_pressed, F.data.startswith(f"{REPLAY_PREFIX}:"))
    return router
