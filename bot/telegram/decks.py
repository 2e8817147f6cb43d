"""The deck builder in the private chat: ``/deck`` and its buttons."""

from __future__ import annotations

from aiogram import Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message, User

from bot.core import decks
from bot.core.screen_base import Button
from bot.core.tokens import DeckToken
from bot.telegram import ids
from bot.telegram.context import Frontend
from bot.telegram.markup import keyboard

#: The ``/start`` payload of the link that opens the builder from a group.
DECK_LINK = "deck"


async def deck(message: Message, command: CommandObject, frontend: Frontend) -> None:
    """``/deck [game]``: the builder privately; in a group, a link to it."""
    user = message.from_user
    assert user is not None
    if message.chat.type != ChatType.PRIVATE:
        chat = ids.message_chat_key(message)
        lang = await frontend.chat_lang(chat)
        link = Button(
            frontend.i18n.t(lang, "tg-btn-open-bot"),
            url=f"https://t.me/{frontend.publisher.bot_username}?start={DECK_LINK}",
        )
        frontend.publisher.say(chat, frontend.i18n.t(lang, "tg-deck-private"), keyboard(((link,),)))
        return
    await send_builder(frontend, user, (command.args or "").strip().lower())


async def send_builder(frontend: Frontend, user: User, game: str = "") -> None:
    """Send the deck builder of ``game`` (the only deck game when empty) to ``user``."""
    lang = await frontend.user_lang(user)
    key = ids.player_key(user.id)
    names = list(decks.DECK_GAMES)
    if game and game not in names:
        games = ", ".join(frontend.i18n.t(lang, f"game-{name}") for name in names)
        frontend.publisher.say(key, frontend.i18n.t(lang, "tg-deck-usage", games=games))
        return
    screen = await frontend.screens.deck_builder(game or names[0], key, lang)
    frontend.publisher.say(key, screen.text, keyboard(screen.buttons))


async def press(
    query: CallbackQuery, message: Message, token: DeckToken, frontend: Frontend
) -> None:
    """A builder button: change the draft, redraw the builder, say what happened."""
    lang = await frontend.user_lang(query.from_user)
    key = ids.player_key(query.from_user.id)
    screen, note = await frontend.screens.deck_press(token, key, lang)
    if message.text is None:
        # Pressed on a picture (a forged or stray button): a text cannot replace
        # a photo's caption, so the builder comes as a message of its own.
        frontend.publisher.say(key, screen.text, keyboard(screen.buttons))
    else:
        frontend.publisher.edit_pressed(message.chat.id, message.message_id, screen)
    # A refused save is worth an alert; the builder's text says it again.
    await query.answer(note, show_alert=note is not None and note.startswith("⚠"))


def make_router() -> Router:
    """A fresh router with the ``/deck`` command (one per dispatcher)."""
    router = Router(name="decks")
    router.message.register(deck, Command("deck"))
    return router
