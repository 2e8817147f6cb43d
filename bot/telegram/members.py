"""The bot's own membership: added to a group, or removed from it."""

from __future__ import annotations

import logging

from aiogram import Router
from aiogram.filters import IS_MEMBER, IS_NOT_MEMBER, ChatMemberUpdatedFilter
from aiogram.types import ChatMemberUpdated

from bot.telegram import ids
from bot.telegram.context import Frontend

log = logging.getLogger("bot.telegram")


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
