"""Telegram ids ⇄ the core's platform-qualified keys (``tg:…``)."""

from __future__ import annotations

import hashlib

from aiogram.types import Message, User

from bot.core.names import short_name

PREFIX = "tg:"
#: A table posted with inline mode lives in its message, not in a chat the bot is in.
INLINE = f"{PREFIX}i:"
#: The chat an inline message is in, as callback queries name it (``chat_instance``).
INSTANCE = f"{PREFIX}c:"
#: Queue (and budget) numbers of inline messages start here, above every chat
#: id ("at most 52 significant bits", https://core.telegram.org/bots/api#chat)
#: and positive, so that they are paced as a private chat's messages are.
INLINE_QUEUES = 1 << 53


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


def inline_key(inline_message_id: str) -> str:
    """The core's key of the table posted as the inline message ``inline_message_id``."""
    return f"{INLINE}{inline_message_id}"


def inline_message(key: str) -> str | None:
    """The inline message id of a key made by :func:`inline_key`; None for a chat's key."""
    return key.removeprefix(INLINE) if key.startswith(INLINE) else None


def instance_key(chat_instance: str) -> str:
    """The core's key of the chat an inline message is in: its records live there."""
    return f"{INSTANCE}{chat_instance}"


def queue_id(key: str) -> int:
    """The outgoing queue (and rate budget) of a chat key: its chat id, or for
    an inline message a number of its own (its chat is unknown to the bot)."""
    inline = inline_message(key)
    if inline is None:
        return parse_chat_key(key)[0]
    digest = hashlib.blake2b(inline.encode(), digest_size=6).digest()
    return INLINE_QUEUES + int.from_bytes(digest)


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
