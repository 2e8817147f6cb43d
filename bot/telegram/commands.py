"""Slash commands: /play, /hand, /rules, /stop, /lang, /stats, /help, and /start links
(those of ``records``: /history, /replay, /top, /forget)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware, Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import Message, TelegramObject, User

from bot.core.errors import ServiceError, TableNotFound
from bot.core.i18n import LANGUAGES
from bot.core.screen_base import Button
from bot.core.service import Stopping
from bot.core.tables import Status
from bot.core.tokens import LEARN_MENU, LearnToken, NewGameToken
from bot.telegram import ids, members
from bot.telegram.context import Frontend, player
from bot.telegram.decks import DECK_LINK, send_builder
from bot.telegram.inline.grants import granted
from bot.telegram.learn import LEARN_LINK, send_tutorial
from bot.telegram.markup import keyboard
from bot.telegram.publisher import SLOW_MODE_REF
from games import registry
from games.core.errors import GameError

log = logging.getLogger("bot.telegram")
PRIVATE = F.chat.type == ChatType.PRIVATE
GROUP = F.chat.type.in_({ChatType.GROUP, ChatType.SUPERGROUP})
JOIN_PREFIX = "join_"
#: ``/start rules`` or ``/start rules_GAME``: the rules, sent privately (a group's
#: /rules links here rather than fill the group with pages of text).
RULES_LINK = "rules"


class CommandLimit(BaseMiddleware):
    """A person's commands beyond the service's limit are ignored (logged): one
    member's thirty commands would otherwise fill a group with replies."""

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        user = getattr(event, "from_user", None)
        text = getattr(event, "text", None) or ""
        if user is not None and text.startswith("/"):
            frontend: Frontend = data["frontend"]
            if not await frontend.service.command_allowed(ids.player_key(user.id)):
                log.info("event=command-limited user=%s", user.id)
                return None
        return await handler(event, data)


async def start_link(
    message: Message, command: CommandObject, frontend: Frontend, bot: Bot
) -> None:
    """``/start join_ID`` from a lobby's link: open the private chat and take a seat.

    ``/start deck`` (the link ``/deck`` gives in a group) opens the deck builder.
    """
    user = message.from_user
    assert user is not None
    await frontend.mark_messageable(user.id)
    lang = await frontend.user_lang(user)
    say = frontend.publisher.say
    here = ids.player_key(user.id)
    payload = command.args or ""
    if payload == DECK_LINK:
        await send_builder(frontend, user)
        return
    if payload == LEARN_LINK or payload.startswith(f"{LEARN_LINK}_"):
        await send_tutorial(frontend, user, payload.removeprefix(LEARN_LINK).lstrip("_"))
        return
    if payload == RULES_LINK or payload.startswith(f"{RULES_LINK}_"):
        game = payload.removeprefix(f"{RULES_LINK}_")
        _send_rules(frontend, here, lang, [game] if game in registry.names() else None)
        return
    if not payload.startswith(JOIN_PREFIX):
        say(here, frontend.i18n.t(lang, "tg-welcome"))
        return
    try:
        table, _ = await frontend.service.get(payload.removeprefix(JOIN_PREFIX))
        if not ids.is_telegram(table.chat):
            raise TableNotFound()  # a Discord or playground table's id
        if ids.inline_message(table.chat) is not None:
            # No chat to ask about: the link seats whom a press in it sent here.
            if not await granted(frontend.service.store, table.id, user.id):
                say(here, frontend.i18n.t(lang, "tg-inline-press-join"))
                return
        elif not await members.is_member(bot, table.chat, user.id):
            say(here, frontend.i18n.t(lang, "tg-join-from-group"))
            return
        table = await frontend.service.join(table.id, player(user))
    except (ServiceError, GameError) as exc:
        if isinstance(exc, ServiceError) and exc.code == "already-seated":
            say(here, frontend.i18n.t(lang, "tg-ready"))
            return
        say(here, frontend.screens.error(exc, lang))
        return
    game = frontend.i18n.t(lang, f"game-{table.game}")
    say(here, frontend.i18n.t(lang, "tg-joined", game=game))


async def start(message: Message, frontend: Frontend) -> None:
    """Plain ``/start``: the bot may now write to this user."""
    user = message.from_user
    assert user is not None
    await frontend.mark_messageable(user.id)
    lang = await frontend.user_lang(user)
    frontend.publisher.say(ids.player_key(user.id), frontend.i18n.t(lang, "tg-welcome"))
    for table in await frontend.service.tables_of(ids.player_key(user.id)):
        await _resend_hand(frontend, table.id, ids.player_key(user.id))


async def play(message: Message, command: CommandObject, frontend: Frontend) -> None:
    """``/play`` shows the games; ``/play klac`` opens a lobby."""
    user = message.from_user
    assert user is not None
    chat = ids.message_chat_key(message)
    name = (command.args or "").strip().lower()
    if not name:
        lang = await frontend.chat_lang(chat)
        rows = (
            *(
                (Button(frontend.i18n.t(lang, f"game-{g}"), NewGameToken(g).encode()),)
                for g in registry.names()
            ),
            (Button(frontend.i18n.t(lang, "btn-learn"), LearnToken(LEARN_MENU).encode()),),
        )
        frontend.publisher.say(chat, frontend.i18n.t(lang, "tg-choose-game"), keyboard(rows))
        return
    try:
        await open_lobby(frontend, chat, user, name)
    except (ServiceError, GameError) as exc:
        lang = await frontend.chat_lang(chat)
        frontend.publisher.say(chat, frontend.screens.error(exc, lang))
    except members.MissingRights as exc:
        # Without the right to write in the group, the one who asked hears it
        # privately (if they ever opened the bot).
        to_group = "tg-right-messages" not in exc.rights
        if to_group or await frontend.can_message(user.id):
            where = chat if to_group else ids.player_key(user.id)
            lang = await (frontend.chat_lang(chat) if to_group else frontend.user_lang(user))
            frontend.publisher.say(where, exc.explain(frontend.i18n, lang))


async def open_lobby(frontend: Frontend, chat: str, user: User, game: str) -> None:
    """Open a lobby for ``game`` in ``chat``; a refusal (a :class:`ServiceError`, a
    :class:`GameError` or :class:`~bot.telegram.members.MissingRights`) is
    raised for the caller to tell (a command's in the chat, a button's to the
    presser alone).

    In the private chat the game is played alone against computers: its lobby
    opens on the computer players' buttons.
    """
    slow = await members.check_rights(frontend.publisher.bot, chat)
    alone = chat == ids.player_key(user.id)
    if alone:
        # The table's messages speak the chat's language: here, the user's own.
        await frontend.languages.set_chat(chat, await frontend.user_lang(user))
    table = await frontend.service.create(chat, player(user), game)
    if alone:
        await frontend.service.show_computers(table.id, ids.player_key(user.id))
    if slow:
        # Said in the lobby message itself: another message would take the next
        # turn of slow mode from the table's picture.
        await frontend.service.store.set_ref(table.id, SLOW_MODE_REF, str(slow))


async def hand(message: Message, frontend: Frontend) -> None:
    """Send the user's hand again, privately."""
    user = message.from_user
    assert user is not None
    key = ids.player_key(user.id)
    if message.chat.type == ChatType.PRIVATE:
        tables = [t for t in await frontend.service.tables_of(key) if t.status == Status.PLAYING]
        if not tables:
            lang = await frontend.user_lang(user)
            frontend.publisher.say(key, frontend.i18n.t(lang, "tg-no-game"))
        for playing in tables:
            await _resend_hand(frontend, playing.id, key)
        return
    chat = ids.message_chat_key(message)
    lang = await frontend.chat_lang(chat)
    table = await frontend.service.table_in(chat)
    if table is None or table.status != Status.PLAYING or table.hand_seat(key) is None:
        frontend.publisher.say(chat, frontend.i18n.t(lang, "tg-no-game-here"))
        return
    if not await frontend.can_message(user.id):
        link = Button(
            frontend.i18n.t(lang, "tg-btn-open-bot"),
            url=f"https://t.me/{frontend.publisher.bot_username}",
        )
        frontend.publisher.say(
            chat, frontend.i18n.t(lang, "tg-open-bot-first"), keyboard(((link,),))
        )
        return
    await _resend_hand(frontend, table.id, key)


async def _resend_hand(frontend: Frontend, table_id: str, key: str) -> None:
    table, state = await frontend.service.get(table_id)
    seat = table.hand_seat(key)
    if seat is None or state is None:
        return
    await frontend.publisher.reachable_again(table, seat)
    await frontend.publisher.show_seat(table, state, seat, resend=True)


async def rules(message: Message, command: CommandObject, frontend: Frontend) -> None:
    """The rules of a game (or of every game): in the private chat in full; in a
    group one short message whose button opens them privately, since pages of
    rules would crowd out the game and use up the group's message budget."""
    chat, lang = await where(message, frontend)
    name = (command.args or "").strip().lower()
    if name in registry.names():
        games: list[str] | None = [name]
    else:
        table = await frontend.service.table_in(chat) if message.chat.type != "private" else None
        games = [table.game] if table is not None else None
    if message.chat.type == ChatType.PRIVATE:
        _send_rules(frontend, chat, lang, games)
        return
    payload = RULES_LINK if games is None else f"{RULES_LINK}_{games[0]}"
    link = Button(
        frontend.i18n.t(lang, "tg-btn-rules"),
        url=f"https://t.me/{frontend.publisher.bot_username}?start={payload}",
    )
    names = ", ".join(frontend.i18n.t(lang, f"game-{g}") for g in games or registry.names())
    text = frontend.i18n.t(lang, "tg-rules-privately", games=names)
    frontend.publisher.say(chat, text, keyboard(((link,),)))


def _send_rules(frontend: Frontend, chat: str, lang: str, games: list[str] | None) -> None:
    """The full rules of ``games`` (every game for ``None``), one message each."""
    for game in games or registry.names():
        title = frontend.i18n.t(lang, f"game-{game}")
        frontend.publisher.say(chat, f"{title}\n\n{frontend.i18n.t(lang, f'rules-{game}')}")


async def stop(message: Message, frontend: Frontend) -> None:
    """Close the lobby (its host), or start a vote to stop the running game; a
    person alone with computers is asked first, with buttons to answer. In
    the private chat it stops the game played there, else the person's table
    in an inline message (whose chat the bot cannot read)."""
    user = message.from_user
    assert user is not None
    chat = ids.message_chat_key(message)
    lang = await frontend.chat_lang(chat)
    table = await frontend.service.table_in(chat)
    if table is None and message.chat.type == ChatType.PRIVATE:
        tables = await frontend.service.tables_of(ids.player_key(user.id))
        table = next((t for t in tables if ids.inline_message(t.chat) is not None), None)
    try:
        if table is None:
            raise TableNotFound()
        if await frontend.service.stop(table.id, ids.player_key(user.id)) == Stopping.ASK:
            question = frontend.screens.stop_question(table, lang)
            frontend.publisher.say(chat, question.text, keyboard(question.buttons))
    except ServiceError as exc:
        frontend.publisher.say(chat, frontend.screens.error(exc, lang))


async def lang(message: Message, command: CommandObject, frontend: Frontend) -> None:
    """``/lang ru|en``: the chat's language in a group, the user's in private."""
    user = message.from_user
    assert user is not None
    chat, current = await where(message, frontend)
    choice = (command.args or "").strip().lower()
    if choice not in LANGUAGES:
        frontend.publisher.say(chat, frontend.i18n.t(current, "tg-lang-usage"))
        return
    if message.chat.type == ChatType.PRIVATE:
        await frontend.languages.set_user(ids.player_key(user.id), choice)
        # A game alone in this chat speaks it too.
        await frontend.languages.set_chat(chat, choice)
    else:
        await frontend.languages.set_chat(chat, choice)
    frontend.publisher.say(chat, frontend.i18n.t(choice, "tg-lang-set"))


async def stats(message: Message, frontend: Frontend) -> None:
    """Games played and won by the user, and their rating in each game played rated."""
    user = message.from_user
    assert user is not None
    chat, lang = await where(message, frontend)
    key = ids.player_key(user.id)
    counts = await frontend.service.stats(key)
    ratings = await frontend.service.player_ratings(key)
    name = ids.display_name(user)
    frontend.publisher.say(chat, frontend.screens.stats(name, counts, lang, ratings))


async def help_(message: Message, frontend: Frontend) -> None:
    """What the bot does and its commands, with the tutorials' button."""
    chat, lang = await where(message, frontend)
    learn = Button(frontend.i18n.t(lang, "btn-learn"), LearnToken(LEARN_MENU).encode())
    frontend.publisher.say(chat, frontend.i18n.t(lang, "tg-help"), keyboard(((learn,),)))


async def where(message: Message, frontend: Frontend) -> tuple[str, str]:
    """Where to answer a command and in which language."""
    if message.chat.type == ChatType.PRIVATE:
        assert message.from_user is not None
        return ids.player_key(message.from_user.id), await frontend.user_lang(message.from_user)
    chat = ids.message_chat_key(message)
    return chat, await frontend.chat_lang(chat)


def make_router() -> Router:
    """A fresh router with this module's handlers (one per dispatcher)."""
    router = Router(name="commands")
    router.message.register(start_link, CommandStart(deep_link=True), PRIVATE)
    router.message.register(start, CommandStart(), PRIVATE)
    router.message.register(play, Command("play"))
    router.message.register(hand, Command("hand"))
    router.message.register(rules, Command("rules"))
    router.message.register(stop, Command("stop"))
    router.message.register(lang, Command("lang"))
    router.message.register(stats, Command("stats"))
    router.message.register(help_, Command("help"))
    return router
