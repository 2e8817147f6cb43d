"""How commands acknowledge and answer: shared by every module of commands."""

from __future__ import annotations

from typing import Any

import discord
from discord.app_commands import locale_str

from bot.discord.context import Frontend
from bot.discord.messages import cut


def text(default: str, msg: str, **args: Any) -> locale_str:
    """A translatable command string: English ``default``, other languages from ``msg``."""
    return locale_str(default, msg=msg, args=args)


async def begin(frontend: Frontend, interaction: discord.Interaction) -> str:
    """Acknowledge at once (work may take longer than Discord's 3 s); the user's language."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    return await frontend.user_lang(interaction)


async def answer(interaction: discord.Interaction, message: str) -> None:
    """Tell the user alone."""
    await interaction.followup.send(cut(message), ephemeral=True)
