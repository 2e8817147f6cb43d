"""The bot's standing in a group: added or removed, its rights there, members' own
membership, the group becoming a supergroup, and forum topics reopened."""

from __future__ import annotations

import logging

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import IS_MEMBER, IS_NOT_MEMBER, ChatMemberUpdatedFilter
from aiogram.types import (
    ChatMemberAdministrator,
    ChatMemberOwner,
    ChatMemberRestricted,
    ChatMemberUpdated,
    Message,
)

from bot.core.i18n import I18n
from bot.telegram import ids
from bot.telegram.context import Frontend

log = logging.getLogger("bot.telegram")


#: What the bot must be allowed to post in a group to hold a game there, and
#: how the catalog names each right.
NEEDED_RIGHTS = (("can_send_messages", "tg-right-messages"), ("can_send_photos", "tg-right-photos"))


class MissingRights(Exception):
    """The group does not let the bot post what a game needs."""

    def __init__(self, rights: list[str]) -> None:
        super().__init__(", ".join(rights))
        #: catalog ids of the missing rights (see :data:`NEEDED_RIGHTS`)
        self.rights = rights

    def explain(self, i18n: I18n, lang: str) -> str:
        """What is missing and how an admin can allow it."""
        names = ", ".join(i18n.t(lang, right) for right in self.rights)
        return i18n.t(lang, "tg-missing-rights", rights=names)


async def check_rights(bot: Bot, chat: str) -> int:
    """Raise :class:`MissingRights` when the group's permissions (or the bot's own,
    when it is restricted) keep it from posting text or pictures; an
    administrator may post whatever members may not. A private chat needs nothing.

    Returns the group's slow mode delay the bot is held to (0: none, or an
    administrator, who is exempt): each new message of the bot waits that long
    after its last one."""
    chat_id, _ = ids.parse_chat_key(chat)
    if chat_id > 0:
        return 0
    try:
        member = await bot.get_chat_member(chat_id, bot.id)
        if isinstance(member, ChatMemberAdministrator | ChatMemberOwner):
            return 0
        full = await bot.get_chat(chat_id)
    except TelegramAPIError as exc:
        # The sends themselves will say what is wrong.
        log.warning("event=rights-check-failed chat=%s error=%s", chat_id, exc)
        return 0
    rights = member if isinstance(member, ChatMemberRestricted) else full.permissions
    missing = [key for right, key in NEEDED_RIGHTS if getattr(rights, right, None) is False]
    if missing:
        raise MissingRights(missing)
    return full.slow_mode_delay or 0


async def is_member(bot: Bot, chat: str, user_id: int) -> bool:
    """Only members of the table's chat may sit at it, whichever way they ask: not
    someone who left or was banned, nor a restricted user who is no longer in
    the group (Telegram keeps their restrictions, ``is_member`` false), and
    nobody at another platform's table."""
    if not ids.is_telegram(chat) or ids.inline_message(chat) is not None:
        return False  # an inline message's chat is not the bot's to ask about
    chat_id, _ = ids.parse_chat_key(chat)
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except TelegramAPIError as exc:
        log.warning("event=membership-check-failed chat=%s error=%s", chat_id, exc)
        return False
    if isinstance(member, ChatMemberRestricted):
        return member.is_member
    return member.status not in ("left", "kicked")


async def added(event: ChatMemberUpdated, frontend: Frontend) -> None:
    """Added to a group: say hello and how to start."""
    chat = ids.chat_key(event.chat.id)
    lang = await frontend.chat_lang(chat)
    log.info("event=bot-added chat=%s", event.chat.id)
    frontend.publisher.say(chat, frontend.i18n.t(lang, "tg-help"))


async def removed(event: ChatMemberUpdated, frontend: Frontend) -> None:
    """Removed from a group: its game stops, and the players hear it privately."""
    log.warning("event=bot-removed chat=%s status=%s", event.chat.id, event.new_chat_member.status)
    await frontend.publisher.chat_lost(ids.chat_key(event.chat.id), event.chat.title)


async def migrated(message: Message, frontend: Frontend) -> None:
    """The group became a supergroup (``migrate_to_chat_id``): the game moves along."""
    assert message.migrate_to_chat_id is not None
    await frontend.publisher.migrate(message.chat.id, message.migrate_to_chat_id)


async def topic_reopened(message: Message, frontend: Frontend) -> None:
    """A closed forum topic is open again: its table catches up with the game."""
    table = await frontend.service.table_in(ids.message_chat_key(message))
    if table is not None:
        await frontend.publisher.redraw(table)


def make_router() -> Router:
    """A fresh router with this module's handlers (one per dispatcher)."""
    router = Router(name="members")
    router.message.register(migrated, F.migrate_to_chat_id)
    router.message.register(topic_reopened, F.forum_topic_reopened)
    router.my_chat_member.register(added, ChatMemberUpdatedFilter(IS_NOT_MEMBER >> IS_MEMBER))
    router.my_chat_member.register(removed, ChatMemberUpdatedFilter(IS_MEMBER >> IS_NOT_MEMBER))
    return router
