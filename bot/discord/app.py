"""The Discord frontend: the client, its command tree and interaction router, and running it.

The bot needs no privileged intents, and in fact no gateway intents at all:
slash commands and components arrive as interactions whatever the intents,
and everything else it needs (channels, DMs) is reached over REST by id.
``AutoShardedClient`` picks the shard count Discord recommends, or runs the
shards named in the settings, so several processes can share a large bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Any

import discord
import discord.http
from discord import app_commands

from bot.config import ConfigError, DiscordSettings
from bot.core.languages import Languages
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.discord import calls, presses
from bot.discord.commands import CatalogTranslator, make_tree
from bot.discord.context import Frontend
from bot.discord.messages import NO_MENTIONS
from bot.discord.publisher import Publisher
from bot.discord.sender import Sender
from bot.logs import REQUEST_ID
from bot.metrics import Metrics

log = logging.getLogger("bot.discord")

#: Seconds a stopping worker keeps sending before it hands what is left back.
SHUTDOWN_DRAIN = 3.0


@dataclass
class DiscordFrontend:
    """A client wired to the core: its command tree, the frontend context, the sender."""

    client: discord.Client
    tree: app_commands.CommandTree[Any]
    frontend: Frontend
    sender: Sender


#: A rate limit longer than this raises ``discord.RateLimited`` rather than being
#: slept through: an edit of an hour-old message refused for the next hour
#: (code 30046) is better sent anew than waited for.
LONGEST_WAIT = 30.0


def make_client(
    settings: DiscordSettings, metrics: Metrics | None = None
) -> discord.AutoShardedClient:
    """A sharded client with no intents, which mentions nobody unless told to.

    With ``api_url`` every REST call (webhooks included) goes to that proxy;
    with ``metrics`` every call is counted there.
    """
    if settings.api_url:
        # discord.py builds every route from this class attribute; there is no
        # per-client setting.
        discord.http.Route.BASE = settings.api_url.rstrip("/")
    options: dict[str, Any] = {}
    if settings.shard_ids:
        options["shard_ids"] = list(settings.shard_ids)
    if settings.shard_count is not None:
        options["shard_count"] = settings.shard_count
    if metrics is not None:
        options["http_trace"] = calls.trace(metrics)
    return discord.AutoShardedClient(
        intents=discord.Intents.none(),
        allowed_mentions=NO_MENTIONS,
        max_ratelimit_timeout=LONGEST_WAIT,
        **options,
    )


async def build(
    client: discord.Client, service: TableService, screens: Screens, languages: Languages
) -> DiscordFrontend:
    """Wire a client to the core: publisher, command tree, interaction router."""
    sender = Sender()
    service.metrics.watch_queue("discord", sender.reading)
    publisher = Publisher(client, service, screens, languages, sender)
    service.subscribe(publisher.on_change)
    frontend = Frontend(client, service, screens, screens.i18n, languages, publisher)
    tree = make_tree(client, frontend)
    await tree.set_translator(CatalogTranslator(screens.i18n))

    async def on_interaction(interaction: discord.Interaction) -> None:
        token = REQUEST_ID.set(str(interaction.id))
        try:
            await presses.on_interaction(frontend, interaction)
        finally:
            REQUEST_ID.reset(token)

    client.event(on_interaction)
    return DiscordFrontend(client, tree, frontend, sender)


async def sync_commands(dc: DiscordFrontend, guild_id: int | None) -> None:
    """Register the slash commands: in one server at once (``guild_id``), or globally."""
    guild = discord.Object(guild_id) if guild_id else None
    if guild is not None:
        dc.tree.copy_global_to(guild=guild)
    synced = await dc.tree.sync(guild=guild)
    log.info("event=commands-synced count=%s guild=%s", len(synced), guild_id)


async def run(dc: DiscordFrontend, settings: DiscordSettings, stop: asyncio.Event) -> None:
    """Log in, register the commands and stay connected until ``stop`` is set;
    meanwhile sweep for screens that fell behind their table."""
    try:
        await dc.client.login(settings.token)
    except discord.LoginFailure as exc:
        await dc.client.close()
        raise ConfigError(f"Discord refused DISCORD_TOKEN: {exc}") from None
    await sync_commands(dc, settings.guild_id)
    publisher = dc.frontend.publisher
    sweep = asyncio.create_task(publisher.sync.sweep(stop))
    connection = asyncio.create_task(dc.client.connect(reconnect=True))
    stopping = asyncio.create_task(stop.wait())
    await asyncio.wait({connection, stopping}, return_when=asyncio.FIRST_COMPLETED)
    stop.set()
    await sweep
    with contextlib.suppress(asyncio.TimeoutError):
        await asyncio.wait_for(dc.sender.drain(), SHUTDOWN_DRAIN)
    # What could not go out is left for the other workers (or the next start).
    await publisher.sync.hand_back()
    await dc.client.close()
    stopping.cancel()
    # A shard that never managed to connect keeps retrying after close().
    connection.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        # Raises what ended the connection early, if something did.
        await connection
