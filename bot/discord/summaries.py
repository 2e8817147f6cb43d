"""A round's summary posted in the channel (:mod:`bot.core.summary_screens`):
the position the round ended on and its count, as a message of its own."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.core.summaries import Summary
from bot.core.summary_screens import summary_screen
from bot.core.tables import Table
from bot.discord import ids
from bot.discord.messages import UNKNOWN_CHANNEL, cut

if TYPE_CHECKING:
    from bot.discord.publisher import Publisher

log = logging.getLogger("bot.discord")


def post_summary(
    publisher: Publisher, table: Table, state: Any, summary: Summary, lang: str
) -> None:
    """Queue the summary to the table's channel; drawn when the call runs."""
    channel = publisher.client.get_partial_messageable(ids.channel_id(table.chat))

    async def call() -> None:
        screen = await summary_screen(publisher.screens, table, state, summary, lang)
        assert screen.image is not None
        picture = discord.File(io.BytesIO(screen.image), "summary.png")
        try:
            await channel.send(
                cut(screen.text), file=picture, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.Forbidden as exc:
            log.warning("event=channel-forbidden chat=%s code=%s", table.chat, exc.code)
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_CHANNEL:
                raise
            log.info("event=channel-gone chat=%s", table.chat)

    publisher.sender.put(None, call)
