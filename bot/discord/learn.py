"""Tutorials in the DM with the bot: ``/learn [game]``, a lobby's 📖 button,
and the tutorial's own buttons.

A tutorial is one DM message (the step's picture, text and buttons) edited
at every press. Asked for in a server (the command, a lobby's button), it is
sent by DM and the asker alone is told so, or told that their DMs are closed.
Its last step's 🎮 opens a game against the computer in the DM.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.core.screen_base import Screen
from bot.core.tokens import LEARN_MENU, LearnToken, NewGameToken
from bot.discord import ids
from bot.discord.context import Frontend, player
from bot.discord.messages import NO_MENTIONS, outgoing
from bot.discord.replies import answer, begin, reply, text


def add_learn_command(tree: app_commands.CommandTree[Any], frontend: Frontend) -> None:
    """Register ``/learn``."""
    i18n = frontend.i18n
    tutorials = frontend.screens.tutorials
    choices = [Choice(name=text(i18n.t("en", f"game-{g}"), f"game-{g}"), value=g)
               for g in tutorials.games()]  # fmt: skip

    @tree.command(name=text("learn", "dc-cmd-learn"), description=text(
        "Learn a game step by step (in DMs)", "dc-cmd-learn-desc"))  # fmt: skip
    @app_commands.rename(game=text("game", "dc-opt-game"))
    @app_commands.describe(game=text("Which game", "dc-opt-game-desc"))
    @app_commands.choices(game=choices)
    async def learn(interaction: discord.Interaction, game: Choice[str] | None = None) -> None:
        lang = await begin(frontend, interaction)
        name = "" if game is None else game.value
        await answer(interaction, await send_tutorial(frontend, interaction.user, name, lang))


async def send_tutorial(frontend: Frontend, user: discord.abc.User, game: str, lang: str) -> str:
    """DM ``user`` the tutorial of ``game`` where they left it (the list of
    tutorials for ``""``); returns what to tell them."""
    tutorials = frontend.screens.tutorials
    key = ids.player_key(user.id)
    screen = await (tutorials.open(key, game, lang) if game else tutorials.menu(key, lang))
    try:
        await _send(frontend, user.id, screen, lang)
    except discord.Forbidden:
        return frontend.i18n.t(lang, "dc-learn-dm-closed")
    return frontend.i18n.t(lang, "dc-learn-sent")


async def _send(frontend: Frontend, user_id: int, screen: Screen, lang: str) -> None:
    channel = await frontend.publisher.client.create_dm(discord.Object(user_id))
    shown = outgoing(screen, placeholder=frontend.i18n.t(lang, "dc-choose"))
    await channel.send(
        shown.content,
        file=shown.file() or discord.utils.MISSING,
        view=shown.view or discord.utils.MISSING,
        allowed_mentions=NO_MENTIONS,
    )


async def learn_pressed(
    frontend: Frontend, interaction: discord.Interaction, token: LearnToken, lang: str
) -> None:
    """A tutorial's button in the DM, or a lobby's 📖 in a server (sent by DM)."""
    user = interaction.user
    if interaction.guild_id is not None:
        game = "" if token.game == LEARN_MENU else token.game
        await reply(interaction, await send_tutorial(frontend, user, game, lang))
        return
    got = await frontend.screens.tutorials.press(ids.player_key(user.id), token, lang)
    if token.game == LEARN_MENU or token.op == "g":
        # Opening a tutorial leaves the pressed message as it was.
        await _send(frontend, user.id, got.screen, lang)
        return
    placeholder = frontend.i18n.t(lang, "dc-choose")
    # A refused press keeps the step's picture: only its text (saying why not)
    # and buttons change.
    shown = outgoing(got.screen, placeholder=placeholder, with_image=not got.refused)
    file = shown.file()
    await interaction.edit_original_response(
        content=shown.content,
        attachments=[file] if file is not None else discord.utils.MISSING,
        view=shown.view,
    )
    if got.alert is not None and not got.refused:
        await reply(interaction, got.alert)


async def play_pressed(
    frontend: Frontend, interaction: discord.Interaction, token: NewGameToken, lang: str
) -> None:
    """🎮 at a tutorial's end, in the DM: a game of it alone against the computer."""
    if interaction.guild_id is not None:
        await reply(interaction, frontend.i18n.t(lang, "error-bad-request"))
        return
    who = player(interaction.user)
    chat = ids.interaction_chat(interaction)
    table = await frontend.service.create(chat, who, token.game)
    await frontend.service.show_computers(table.id, who.key)
    game = frontend.i18n.t(lang, f"game-{token.game}")
    await reply(interaction, frontend.i18n.t(lang, "dc-solo-opened", game=game))
