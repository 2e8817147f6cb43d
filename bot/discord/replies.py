"""How commands acknowledge and answer: shared by every module of commands."""

from __future__ import annotations

from typing import Any

import discord
from discord.app_commands import locale_str

from bot.discord.context import Frontend
from bot.discord.messages import cut

#: Marks an interaction whose deferred response has been filled in.
ANSWERED = "answered"


def text(default: str, msg: str, **args: Any) -> locale_str:
    """A translatable command string: English ``default``, other languages from ``msg``."""
    return locale_str(default, msg=msg, args=args)


async def begin(frontend: Frontend, interaction: discord.Interaction) -> str:
    """Acknowledge at once (work may take longer than Discord's 3 s); the user's language."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    return await frontend.user_lang(interaction)


async def answer(interaction: discord.Interaction, message: str) -> None:
    """Tell the user alone."""
    await reply(interaction, cut(message))


async def reply(
    interaction: discord.Interaction,
    content: str,
    *,
    view: discord.ui.View = discord.utils.MISSING,
    file: discord.File | None = None,
) -> discord.Message:
    """An answer for the user alone. A command's first fills in its deferred
    "thinking" message by editing it (Discord deprecates filling it in with a
    follow-up message); any other is a follow-up (a press's, whose response
    only acknowledged it)."""
    command = interaction.type == discord.InteractionType.application_command
    if command and not interaction.extras.get(ANSWERED):
        interaction.extras[ANSWERED] = True
        attachments = [file] if file is not None else discord.utils.MISSING
        return await interaction.edit_original_response(
            content=content, view=view, attachments=attachments
        )
    return await interaction.followup.send(
        content,
        view=view,
        file=file or discord.utils.MISSING,
        ephemeral=True,
        wait=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )
