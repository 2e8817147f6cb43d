"""Neutral screens as Telegram messages: captions within limits, inline keyboards."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from bot.core.screen_base import Button, Screen

CAPTION_LIMIT = 1024
TEXT_LIMIT = 4096


def keyboard(rows: tuple[tuple[Button, ...], ...]) -> InlineKeyboardMarkup | None:
    """An inline keyboard, or ``None`` when there are no buttons."""
    if not rows:
        return None
    return InlineKeyboardMarkup(inline_keyboard=[[_button(b) for b in row] for row in rows])


def _button(b: Button) -> InlineKeyboardButton:
    if b.url and b.web_app:
        return InlineKeyboardButton(text=b.label, web_app=WebAppInfo(url=b.url))
    if b.url:
        return InlineKeyboardButton(text=b.label, url=b.url)
    return InlineKeyboardButton(text=b.label, callback_data=b.token)


def caption(screen: Screen) -> str:
    """The screen's text cut to what Telegram allows for its kind of message."""
    limit = CAPTION_LIMIT if screen.image is not None else TEXT_LIMIT
    text = screen.text
    return text if len(text) <= limit else text[: limit - 1] + "…"
