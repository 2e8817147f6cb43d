"""Telegram ids ⇄ the core's platform-qualified keys (``tg:…``)."""

from __future__ import annotations

from aiogram.types import Message, User

from bot.core.names import short_name

PREFIX = "tg:"


def chat_key(chat_id: int, thread_id: int | None = None) -> str:
    """The core's key of a chat, or of a forum topic in it."""
    return f"{PREFIX}{chat_id}" + (f"/{thread_id}" if thread_id else "")


def message_chat_key(message: Message) -> str:
    """The key of the chat (and forum topic) a message was written in."""
    thread = message.message_thread_id if message.is_topic_message else None
    return chat_key(message.chat.id, thread)


def is_telegram(key: str) -> bool:
    """Whether ``key`` is a Telegram chat's or user's (a table id pasted into a
    link may name another platform's table)."""
    return key.startswith(PREFIX)


def parse_chat_key(key: str) -> tuple[int, int | None]:
    """``(chat_id, thread_id)`` of a key made by :func:`chat_key`."""
    chat, _, thread = key.removeprefix(PREFIX).partition("/")
    return int(chat), (int(thread) if thread else None)


def is_private_chat(key: str) -> bool:
    """True for a private chat's key (a user's id is positive, a group's negative)."""
    return parse_chat_key(key)[0] > 0


def player_key(user_id: int) -> str:
    """The core's key of a Telegram user."""
    return f"{PREFIX}{user_id}"


def user_id(key: str) -> int:
    """The Telegram user id of a player key."""
    return int(key.removeprefix(PREFIX))


def display_name(user: User) -> str:
    """A short name for seat lists and images."""
    full = " ".join(part for part in (user.first_name, user.last_name) if part)
    return short_name(full, user.username, str(user.id))
