"""Tutorials in the private chat: ``/learn [game]``, the 📖 buttons of the
game menu and of lobbies, and the tutorial's own buttons.

A tutorial is one message in the private chat (the step's picture, its text
and buttons) edited in place at every press. In a group, ``/learn`` answers
with a button that opens the private chat, and a lobby's 📖 button sends the
tutorial there (or says how to open the private chat first).
"""

from __future__ import annotations

import contextlib

from aiogram import Router
from aiogram.enums import ChatType
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import Command, CommandObject
from aiogram.types import BufferedInputFile, CallbackQuery, InputMediaPhoto, Message, User

from bot.core.screen_base import Button, Screen
from bot.core.screen_sync import Gate
from bot.core.tokens import LEARN_MENU, LearnToken
from bot.telegram import ids
from bot.telegram.context import Frontend
from bot.telegram.markup import caption, keyboard

#: The ``/start`` payload of the link that opens the tutorials (``learn_GAME``: one).
LEARN_LINK = "learn"


async def learn(message: Message, command: CommandObject, frontend: Frontend) -> None:
    """``/learn [game]``: the tutorial privately; in a group, a link to it."""
    user = message.from_user
    assert user is not None
    game = (command.args or "").strip().lower()
    if message.chat.type != ChatType.PRIVATE:
        chat = ids.message_chat_key(message)
        lang = await frontend.chat_lang(chat)
        tutorials = frontend.screens.tutorials
        payload = f"{LEARN_LINK}_{game}" if game in tutorials.games() else LEARN_LINK
        link = Button(
            frontend.i18n.t(lang, "tg-btn-open-bot"),
            url=f"https://t.me/{frontend.publisher.bot_username}?start={payload}",
        )
        frontend.publisher.say(
            chat, frontend.i18n.t(lang, "tg-learn-private"), keyboard(((link,),))
        )
        return
    await send_tutorial(frontend, user, game)


async def send_tutorial(frontend: Frontend, user: User, game: str = "") -> None:
    """Send ``user`` the tutorial of ``game`` where they left it (the list of
    tutorials when empty) in the private chat."""
    lang = await frontend.user_lang(user)
    key = ids.player_key(user.id)
    tutorials = frontend.screens.tutorials
    if game and game not in tutorials.games():
        names = " | ".join(tutorials.games())
        frontend.publisher.say(key, frontend.i18n.t(lang, "learn-usage", games=names))
        return
    screen = await (tutorials.open(key, game, lang) if game else tutorials.menu(key, lang))
    _send(frontend, user.id, screen)


async def press(
    query: CallbackQuery, message: Message, token: LearnToken, frontend: Frontend
) -> None:
    """A tutorial's button (in the private chat), or a 📖 button of a group's
    game menu or lobby, which sends the tutorial privately."""
    user = query.from_user
    lang = await frontend.user_lang(user)
    if message.chat.type != ChatType.PRIVATE:
        if not await frontend.can_message(user.id):
            await query.answer(frontend.i18n.t(lang, "tg-open-bot-first"), show_alert=True)
            return
        await send_tutorial(frontend, user, "" if token.game == LEARN_MENU else token.game)
        await query.answer(frontend.i18n.t(lang, "tg-learn-sent"), show_alert=True)
        return
    answer = await frontend.screens.tutorials.press(ids.player_key(user.id), token, lang)
    if token.game == LEARN_MENU or token.op == "g":
        # Opening a tutorial (from the list, a lobby, the game menu) leaves
        # the pressed message as it was: the tutorial comes below it.
        _send(frontend, user.id, answer.screen)
    else:
        _edit(frontend, message, answer.screen, same_picture=answer.refused)
    await query.answer(answer.alert, show_alert=answer.alert is not None)


def _send(frontend: Frontend, user_id: int, screen: Screen, replaces: int | None = None) -> None:
    """Send ``screen`` as a new message (and delete the message ``replaces``)."""

    async def call(gate: Gate) -> None:
        bot = frontend.publisher.bot
        text, markup = caption(screen), keyboard(screen.buttons)
        if screen.image is None:
            await bot.send_message(user_id, text, reply_markup=markup)
        else:
            photo = BufferedInputFile(screen.image, filename="learn.png")
            await bot.send_photo(user_id, photo, caption=text, reply_markup=markup)
        if replaces is not None:
            # Too old to delete (48 hours), it stays: its buttons answer "stale".
            with contextlib.suppress(TelegramBadRequest):
                await bot.delete_message(user_id, replaces)

    frontend.publisher.outbox.put(user_id, call, key=f"learn:{user_id}:{screen.digest()}")


def _edit(frontend: Frontend, message: Message, screen: Screen, *, same_picture: bool) -> None:
    """Show ``screen`` in the pressed message: edited when it is of the same
    kind (a picture, or a text), else sent anew in its place."""
    chat_id, message_id = message.chat.id, message.message_id
    if (screen.image is None) != (message.photo is None):
        _send(frontend, chat_id, screen, replaces=message_id)
        return

    async def call(gate: Gate) -> None:
        bot = frontend.publisher.bot
        text, markup = caption(screen), keyboard(screen.buttons)
        try:
            if screen.image is None:
                await bot.edit_message_text(
                    text=text, chat_id=chat_id, message_id=message_id, reply_markup=markup
                )
            elif same_picture:
                await bot.edit_message_caption(
                    chat_id=chat_id, message_id=message_id, caption=text, reply_markup=markup
                )
            else:
                media = InputMediaPhoto(
                    media=BufferedInputFile(screen.image, "learn.png"), caption=text
                )
                await bot.edit_message_media(
                    media=media, chat_id=chat_id, message_id=message_id, reply_markup=markup
                )
        except TelegramBadRequest as exc:
            if "not modified" not in exc.message:
                raise

    frontend.publisher.outbox.put(chat_id, call, key=f"nav:{chat_id}:{message_id}")


def make_router() -> Router:
    """A fresh router with the ``/learn`` command (one per dispatcher)."""
    router = Router(name="learn")
    router.message.register(learn, Command("learn"))
    return router
