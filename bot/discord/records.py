"""Slash commands for what is kept after the games: /history (with a replay
button per game), /replay, /top, /forget; and the presses of the replay buttons."""

from __future__ import annotations

import io
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.core import record_screens
from bot.core.history import Finished
from bot.core.replays import draw_off_loop
from bot.core.screen_base import Screen
from bot.discord import ids
from bot.discord.context import Frontend
from bot.discord.hands import DM_FLAG
from bot.discord.messages import outgoing
from bot.discord.replies import answer, begin, reply, text

#: Games ``/history`` lists, and so the numbers ``/replay`` takes.
LISTED = 10


def add_record_commands(
    tree: app_commands.CommandTree[Any], frontend: Frontend, games: list[Choice[str]]
) -> None:
    """Add the commands to ``tree`` (``games``: the choices of a game)."""
    i18n = frontend.i18n
    service = frontend.service

    @tree.command(name=text("history", "dc-cmd-history"), description=text(
        "The last finished games here", "dc-cmd-history-desc"))  # fmt: skip
    async def history(interaction: discord.Interaction) -> None:
        lang = await begin(frontend, interaction)
        entries = await service.finished_games(ids.interaction_chat(interaction), LISTED)
        rows = record_screens.history_buttons(i18n, lang, entries, ids.REPLAY_PREFIX)
        shown = outgoing(
            Screen(record_screens.history(i18n, lang, entries), buttons=rows),
            placeholder=i18n.t(lang, "dc-choose"),
        )
        await reply(interaction, shown.content, view=shown.view or discord.utils.MISSING)

    @tree.command(name=text("replay", "dc-cmd-replay"), description=text(
        "Replay a finished game as an animation", "dc-cmd-replay-desc"))  # fmt: skip
    @app_commands.rename(number=text("number", "dc-opt-number"))
    @app_commands.describe(number=text("Its number in /history (1: the last)",
                                       "dc-opt-number-desc"))  # fmt: skip
    async def replay(
        interaction: discord.Interaction, number: app_commands.Range[int, 1, LISTED] = 1
    ) -> None:
        lang = await begin(frontend, interaction)
        entries = await service.finished_games(ids.interaction_chat(interaction), LISTED)
        if not entries:
            await answer(interaction, i18n.t(lang, "replay-none"))
            return
        if number > len(entries):
            await answer(interaction, i18n.t(lang, "replay-missing", n=number))
            return
        await _post(frontend, interaction, entries[number - 1], lang)

    @tree.command(name=text("top", "dc-cmd-top"), description=text(
        "The best players here, by rating", "dc-cmd-top-desc"))  # fmt: skip
    @app_commands.rename(game=text("game", "dc-opt-game"))
    @app_commands.describe(game=text("Which game", "dc-opt-game-desc"))
    @app_commands.choices(game=games)
    async def top(interaction: discord.Interaction, game: Choice[str] | None = None) -> None:
        lang = await begin(frontend, interaction)
        chat = ids.interaction_chat(interaction)
        name = game.value if game is not None else await service.last_game(chat)
        standings = await service.leaderboard(name, chat)
        await answer(interaction, record_screens.top(i18n, lang, name, standings))

    @tree.command(name=text("forget", "dc-cmd-forget"), description=text(
        "Delete what I keep about you (and, for admins, this channel)",
        "dc-cmd-forget-desc"))  # fmt: skip
    async def forget(interaction: discord.Interaction) -> None:
        lang = await begin(frontend, interaction)
        key = ids.player_key(interaction.user.id)
        # A DM is the person's own; a server channel's records are its admins' to delete.
        admin = interaction.guild_id is None or interaction.permissions.manage_guild
        chat = ids.interaction_chat(interaction)
        messageable = (DM_FLAG, str(interaction.user.id))
        await service.forget(key, chat if admin else None, messageable)
        said = [i18n.t(lang, "forget-done")]
        said.append(i18n.t(lang, "forget-done-chat" if admin else "forget-not-chat"))
        said.append(i18n.t(lang, "forget-kept"))
        await answer(interaction, "\n".join(said))


async def replay_pressed(
    frontend: Frontend, interaction: discord.Interaction, custom_id: str, lang: str
) -> None:
    """A replay button of ``/history`` (already acknowledged): the game is posted
    in the channel for everyone. A press that names no game of this channel
    (forged, or a game since forgotten), one that has expired or one press too
    many says so to the presser alone."""
    chat = ids.interaction_chat(interaction)
    presser = ids.player_key(interaction.user.id)
    entry = await frontend.service.replay_pressed(chat, custom_id, ids.REPLAY_PREFIX, presser)
    if isinstance(entry, str):
        await answer(interaction, frontend.i18n.t(lang, entry))
        return
    await _post(frontend, interaction, entry, lang)


async def _post(
    frontend: Frontend, interaction: discord.Interaction, entry: Finished, lang: str
) -> None:
    """Draw the replay off the event loop and post it in the channel for everyone,
    unless the channel had one less than a minute ago (the asker is told when
    the next may be)."""
    i18n = frontend.i18n
    wait = await frontend.service.replay_wait(ids.interaction_chat(interaction))
    if wait:
        await answer(interaction, i18n.t(lang, "replay-wait", seconds=wait))
        return
    await answer(interaction, i18n.t(lang, "replay-drawing"))
    caption = record_screens.replay_caption(i18n, lang, entry)
    # The interaction's attachment_size_limit (10 MiB unless the server is
    # boosted): a larger replay is drawn smaller, or said to be too large.
    limit = interaction.filesize_limit
    replay = await draw_off_loop(entry, limit, partial(i18n.t, lang))
    if replay is None:
        await answer(interaction, i18n.t(lang, "replay-too-large", megabytes=limit // 2**20))
        return
    attachment = discord.File(io.BytesIO(replay.gif), filename=f"replay-{entry.id}.gif")
    await interaction.followup.send(caption, file=attachment)
