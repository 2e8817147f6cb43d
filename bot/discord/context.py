"""What every Discord handler is given: the core, the publisher, and small lookups."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.screens import Screens
from bot.core.service import PlayerInfo, TableService
from bot.discord import ids
from bot.discord.publisher import Publisher

#: What the bot needs in a channel to run a table there, as i18n message ids.
NEEDED_PERMISSIONS = {
    "view_channel": "dc-perm-view-channel",
    "send_messages": "dc-perm-send-messages",
    "attach_files": "dc-perm-attach-files",
    "read_message_history": "dc-perm-read-message-history",
}


@dataclass
class Frontend:
    """The core plus this frontend's publisher; one per bot process."""

    client: discord.Client
    service: TableService
    screens: Screens
    i18n: I18n
    languages: Languages
    publisher: Publisher

    async def user_lang(self, interaction: discord.Interaction) -> str:
        """The language of what only this user sees (remembering Discord's locale)."""
        key = ids.player_key(interaction.user.id)
        code = interaction.locale.value if interaction.locale else None
        await self.languages.note_platform(key, code)
        return await self.languages.for_user(key, code)

    async def chat_lang(self, chat: str) -> str:
        """The language of a channel's public messages."""
        return await self.languages.for_chat(chat)

    def missing_permissions(self, interaction: discord.Interaction, lang: str) -> list[str]:
        """The permissions the bot lacks in the interaction's channel, in words."""
        have = interaction.app_permissions
        return [
            self.i18n.t(lang, msg)
            for name, msg in _needed(interaction).items()
            if not getattr(have, name)
        ]

    def needed_permissions(self, interaction: discord.Interaction, lang: str) -> list[str]:
        """Every permission the bot needs in the interaction's channel, in words."""
        return [self.i18n.t(lang, msg) for msg in _needed(interaction).values()]


def _needed(interaction: discord.Interaction) -> dict[str, str]:
    needed = dict(NEEDED_PERMISSIONS)
    if isinstance(interaction.channel, discord.Thread):
        # In a thread, writing is its own permission.
        del needed["send_messages"]
        needed["send_messages_in_threads"] = "dc-perm-send-messages-in-threads"
    return needed


def player(user: discord.abc.User) -> PlayerInfo:
    """The core's view of a Discord user."""
    return PlayerInfo(ids.player_key(user.id), ids.display_name(user))
