"""What every Telegram handler is given (through aiogram's dependency injection)."""

from __future__ import annotations

from dataclasses import dataclass

from aiogram.types import User

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.screens import Screens
from bot.core.service import PlayerInfo, TableService
from bot.telegram import ids
from bot.telegram.publisher import DM_FLAG, Publisher


@dataclass
class Frontend:
    """The core plus this frontend's publisher; one per bot process."""

    service: TableService
    screens: Screens
    i18n: I18n
    languages: Languages
    publisher: Publisher

    async def user_lang(self, user: User) -> str:
        """The language of a user's private messages (remembering what Telegram says)."""
        key = ids.player_key(user.id)
        await self.languages.note_platform(key, user.language_code)
        return await self.languages.for_user(key, user.language_code)

    async def chat_lang(self, chat: str) -> str:
        """The language of group messages in a chat (or topic)."""
        return await self.languages.for_chat(chat)

    async def can_message(self, user_id: int) -> bool:
        """True when the user has opened the private chat and not blocked the bot since."""
        return await self.service.store.flagged(DM_FLAG, str(user_id))

    async def mark_messageable(self, user_id: int) -> None:
        """The user pressed Start in the private chat."""
        await self.service.store.flag(DM_FLAG, str(user_id))


def player(user: User) -> PlayerInfo:
    """The core's view of a Telegram user."""
    return PlayerInfo(ids.player_key(user.id), ids.display_name(user))
