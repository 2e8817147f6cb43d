"""Showing a screen in an inline message: every change is an edit by
``inline_message_id`` (the message was posted by the user's client; the bot
never sends it), a picture by its ``file_id`` (:mod:`.pictures`).

A lobby is text and a table a picture: the table's first picture is added to
the lobby's text message ("or to add media to text messages",
https://core.telegram.org/bots/api#editmessagemedia), and a text screen
shown where a picture is (a rematch's lobby on the finished table) becomes
that picture's caption.
"""

from __future__ import annotations

from collections.abc import Sequence

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import InlineKeyboardMarkup, InputMediaPhoto

from bot.core.screen_base import Screen
from bot.telegram.delivery import RefChanges, Shown, face
from bot.telegram.inline.pictures import Pictures
from bot.telegram.markup import caption, keyboard

#: Telegram's refusal of editMessageText on a message that shows a picture.
NO_TEXT = "there is no text in the message to edit"


async def put(
    bot: Bot,
    pictures: Pictures,
    inline_message_id: str,
    ref: str,
    screen: Screen,
    shown: Shown,
    players: Sequence[int],
) -> RefChanges:
    """Show ``screen`` (the screen ``ref``) in the inline message; the references
    to change. ``players``: whose private chats may carry a new picture's upload."""
    text, markup = caption(screen), keyboard(screen.buttons)
    await edit(bot, pictures, inline_message_id, screen, shown.image, text, markup, players)
    return {
        f"{ref}:face": face(screen),
        f"{ref}:keys": "1" if screen.buttons else None,
        f"{ref}:anew": None,
        f"{ref}:lazy": None,
        f"{ref}:image": screen.image_key or "",
    }


async def edit(
    bot: Bot,
    pictures: Pictures,
    inline_message_id: str,
    screen: Screen,
    shown_image: str | None,
    text: str,
    markup: InlineKeyboardMarkup | None,
    players: Sequence[int],
) -> None:
    """Edit the inline message to show ``screen``: its text, or its caption and
    buttons when the picture ``shown_image`` stays, or the picture by file id.
    "Not modified" is no error here."""
    try:
        if screen.image is None:
            try:
                await bot.edit_message_text(
                    text=text, inline_message_id=inline_message_id, reply_markup=markup
                )
            except TelegramBadRequest as exc:
                if NO_TEXT not in exc.message:
                    raise
                await bot.edit_message_caption(
                    inline_message_id=inline_message_id, caption=text, reply_markup=markup
                )
        elif shown_image == screen.image_key:
            await bot.edit_message_caption(
                inline_message_id=inline_message_id, caption=text, reply_markup=markup
            )
        else:
            file_id = await pictures.file_id(screen.image, players)
            await bot.edit_message_media(
                media=InputMediaPhoto(media=file_id, caption=text),
                inline_message_id=inline_message_id,
                reply_markup=markup,
            )
    except TelegramBadRequest as exc:
        if "not modified" not in exc.message:
            raise
