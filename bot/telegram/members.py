"""The bot's own membership: added to a group, or removed from it."""

from __future__ import annotations

import logging

from aiogram import Bot, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import IS_MEMBER, IS_NOT_MEMBER, ChatMemberUpdatedFilter
from aiogram.types import ChatMemberUpdated

from bot.telegram import ids
from bot.telegram.context import Frontend

log = logging.getLogger("bot.telegram")


async def is_member(bot: Bot, chat: str, user_id: int) -> bool:
    """Only members of the table's chat may sit at it, whichever way they ask."""
    chat_id, _ = ids.parse_chat_key(chat)
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except TelegramAPIError as exc:
        log.warning("event=membership-check-failed chat=%s error=%s", chat_id, exc)
        return False
    return member.status not in ("left", "kicked")


async def added(event: ChatMemberUpdated, frontend: Frontend) -> None:
    """Added to a group: say hello and how to start."""
    chat = ids.chat_key(event.chat.id)
    lang = await frontend.chat_lang(chat)
    log.info("event=bot-added chat=%s", event.chat.id)
    frontend.publisher.say(chat, frontend.i18n.t(lang, "tg-help"))


async def removed(event: ChatMemberUpdated, frontend: Frontend) -> None:
    """Removed from a group: tables there stay in Redis and go on if the bot is added back."""
    log.warning("event=bot-removed chat=%s status=%s", event.chat.id, event.new_chat_member.status)


def make_router() -> Router:
    """A fresh router with this module's handlers (one per dispatcher)."""
    router = Router(name="members")
    router.my_chat_member.register(added, ChatMemberUpdatedFilter(IS_NOT_MEMBER >> IS_MEMBER))
    router.my_chat_member.register(removed, ChatMemberUpdatedFilter(IS_MEMBER >> IS_NOT_MEMBER))
    return router
