"""The Discord harness: the real discord.py client against a fake REST server.

``discord.http.Route.BASE`` (a class attribute every REST route, webhooks
included, is built from) is pointed at the fake; the client logs in over HTTP
only (``GET /users/@me``, ``GET /oauth2/applications/@me``) and never opens
the gateway. Gateway events are injected instead: an ``INTERACTION_CREATE``
payload goes straight to ``client._connection.parse_interaction_create``,
which is what the gateway reader would call.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
import discord.http
import pytest
from discord.ext import commands

from bot.config import DiscordSettings
from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store
from bot.core.tables import Status
from bot.core.tokens import LobbyToken, MoveToken
from bot.discord import ids
from bot.discord.app import DiscordFrontend, build, make_client, sync_commands
from games import registry
from games.core.menu import build_menu
from tests.conftest import FakeClock
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_discord_records import Interaction, StoredMessage

Json = dict[str, Any]

GUILD = 1_200_000_000_000_000_001
CHANNEL = 1_200_000_000_000_000_002
ANYA = 1_200_000_000_000_000_011
BORIS = 1_200_000_000_000_000_012
VIKA = 1_200_000_000_000_000_013
OUTSIDER = 1_200_000_000_000_000_099
NAMES = {ANYA: "anya", BORIS: "boris", VIKA: "vika", OUTSIDER: "zed"}
# Everything but administrator: what a member of a normal server has in a channel.
MEMBER_PERMISSIONS = str((1 << 50) - 1 - 8)

_ids = itertools.count(1_400_000_000_000_000_000)


def user_json(user_id: int) -> Json:
    name = NAMES.get(user_id, f"user{user_id}")
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name.title(),
        "discriminator": "0",
        "avatar": None,
    }


def interaction_payload(
    app: FakeDiscord,
    kind: int,
    data: Json,
    *,
    user: int = ANYA,
    guild: int | None = GUILD,
    channel: int = CHANNEL,
    message: StoredMessage | None = None,
    locale: str = "ru",
    app_permissions: str = MEMBER_PERMISSIONS,
    member_permissions: str = MEMBER_PERMISSIONS,
) -> Json:
    """An ``INTERACTION_CREATE`` payload as the gateway delivers it; ``guild=None``
    is an interaction in the user's DM with the bot (``channel`` is that DM)."""
    payload: Json = {
        "id": str(next(_ids)),
        "application_id": str(app.app_id),
        "type": kind,
        "data": data,
        "token": "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(24),
        "version": 1,
        "locale": locale,
        "app_permissions": app_permissions,
        "attachment_size_limit": app.attachment_size_limit,
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(guild)} if guild else {"1": str(user)},
        "context": 0 if guild else 1,
    }
    if guild is not None:
        payload["guild_id"] = str(guild)
        payload["guild_locale"] = "en-US"
        payload["channel"] = {
            "id": str(channel),
            "type": 0,
            "guild_id": str(guild),
            "name": "general",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "rate_limit_per_user": 0,
        }
        payload["member"] = {
            "user": user_json(user),
            "roles": [],
            "joined_at": datetime(2024, 1, 1, tzinfo=UTC).isoformat(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "permissions": member_permissions,
            "nick": None,
            "avatar": None,
        }
    else:
        payload["channel"] = {"id": str(channel), "type": 1, "recipients": [user_json(user)]}
        payload["user"] = user_json(user)
    payload["channel_id"] = str(channel)
    if message is not None:
        payload["message"] = message.to_json()
    return payload


def option(name: str, value: Any) -> Json:
    """A slash command option as Discord sends it (type from the Python value)."""
    kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
    return {"name": name, "type": kind, "value": value}


@dataclass
class DiscordHarness:
    """A logged-in ``commands.Bot`` (its ``tree`` is the command tree) and the fake."""

    fake: FakeDiscord
    bot: commands.Bot

    async def inject(
        self,
        payload: Json,
        # The harness's patience, not Discord's: the fake enforces Discord's 3 s
        # for the first response itself. Drawing a replay on a busy machine
        # takes long, and a test must not fail for that.
        timeout: float = 120,  # noqa: ASYNC109
        late: float = 0.0,
    ) -> Interaction:
        """Feed one ``INTERACTION_CREATE`` to the client, as the gateway reader would
        (``late``: that many seconds after Discord created it), and wait until every
        task it started (command, view, listeners) finished. Returns the fake's
        record: callback type, original message, followups."""
        message = payload.get("message")
        record = self.fake.register_interaction(
            int(payload["id"]),
            payload["token"],
            int(payload["channel_id"]),
            int(payload["guild_id"]) if "guild_id" in payload else None,
            int(message["id"]) if message else None,
        )
        record.created -= late
        before = asyncio.all_tasks()
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        started = asyncio.all_tasks() - before
        if started:
            _, pending = await asyncio.wait(started, timeout=timeout)
            assert not pending, f"the bot did not finish handling the interaction: {pending}"
        return record

    async def command(self, name: str, *options: Json, late: float = 0.0, **kw: Any) -> Interaction:
        """A user runs the slash command ``/name`` (``options`` from ``option``)."""
        data: Json = {"id": str(next(_ids)), "name": name, "type": 1, "options": list(options)}
        if kw.get("guild", GUILD) is not None:
            commands_ = self.fake.guild_commands.get(kw.get("guild", GUILD), [])
            if any(c["name"] == name for c in commands_):
                data["guild_id"] = str(kw.get("guild", GUILD))
        return await self.inject(interaction_payload(self.fake, 2, data, **kw), late=late)

    async def press(
        self, message: StoredMessage, custom_id: str, *values: str, late: float = 0.0, **kw: Any
    ) -> Interaction:
        """A user presses the button ``custom_id`` on ``message`` (or, with ``values``,
        chooses them in the select menu ``custom_id``)."""
        assert custom_id in message.custom_ids, (custom_id, message.custom_ids)
        data: Json = {"custom_id": custom_id, "component_type": 3 if values else 2}
        if values:
            data["values"] = list(values)
        guild = message.guild_id
        return await self.inject(
            interaction_payload(
                self.fake, 3, data, guild=guild, channel=message.channel_id, message=message, **kw
            ),
            late=late,
        )


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        fake.add_channel(CHANNEL, GUILD)
        yield fake
        assert fake.internal_errors == []
        assert fake.unhandled == []


@pytest.fixture
async def discord_bot(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[commands.Bot]:
    """A real ``commands.Bot`` logged in against the fake (no gateway connection)."""
    monkeypatch.setattr(discord.http.Route, "BASE", fake_discord.base_url)
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none(), help_command=None)
    await bot.login(fake_discord.token)
    yield bot
    await bot.close()


@pytest.fixture
def dh(fake_discord: FakeDiscord, discord_bot: commands.Bot) -> DiscordHarness:
    return DiscordHarness(fake_discord, discord_bot)


@dataclass
class Server:
    """Our Discord frontend on a real client, logged in against the fake, and the harness.

    ``command`` and ``press`` inject an interaction and wait until the bot has
    sent everything it queued because of it.
    """

    fake: FakeDiscord
    dc: DiscordFrontend
    service: TableService
    store: Store
    clock: FakeClock

    @property
    def harness(self) -> DiscordHarness:
        return DiscordHarness(self.fake, self.dc.client)  # type: ignore[arg-type]

    async def settle(self) -> None:
        await asyncio.wait_for(self.dc.sender.drain(), 20)

    async def command(self, name: str, *options: Json, **kw: Any) -> Interaction:
        record = await self.harness.command(name, *options, **kw)
        await self.settle()
        return record

    async def press(
        self, message: StoredMessage, custom_id: str, *values: str, **kw: Any
    ) -> Interaction:
        record = await self.harness.press(message, custom_id, *values, **kw)
        await self.settle()
        return record

    def channel(self, channel: int = CHANNEL) -> list[StoredMessage]:
        """What everyone in the channel sees: its messages, ephemeral ones left out."""
        return [m for m in self.fake.messages(channel) if not m.ephemeral]

    def told(self, record: Interaction) -> list[str]:
        """The ephemeral texts the bot answered an interaction with."""
        # A deferred "thinking" answer (5) is filled in by editing @original.
        ids = [record.original_id] if record.callback_type in (4, 5) else []
        out = []
        for message_id in [*ids, *record.followups]:
            message = self.fake.message(record.channel_id, message_id)
            if message.ephemeral and message.content:
                out.append(message.content)
        return out

    async def restart(self) -> None:
        """A new process: a new client and table service on the same Redis."""
        await self.settle()
        await self.dc.client.close()
        self.service = TableService(self.store, clock=self.clock)
        self.dc = await start_frontend(self.fake, self.service, self.store)


async def start_frontend(fake: FakeDiscord, service: TableService, store: Store) -> DiscordFrontend:
    """Our frontend on a fresh ``AutoShardedClient``, logged in, commands synced."""
    client = make_client(DiscordSettings(token=fake.token), service.metrics)
    await client.login(fake.token)
    dc = await build(client, service, Screens(service, I18n()), Languages(store, "ru"))
    await sync_commands(dc, None)
    return dc


@pytest.fixture
async def server(
    fake_discord: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    service: TableService,
    store: Store,
    clock: FakeClock,
) -> AsyncIterator[Server]:
    monkeypatch.setattr(discord.http.Route, "BASE", fake_discord.base_url)
    dc = await start_frontend(fake_discord, service, store)
    srv = Server(fake_discord, dc, service, store, clock)
    yield srv
    await srv.settle()
    await srv.dc.client.close()


# -- helpers for the frontend's tests -------------------------------------------


async def open_table(
    server: Server, game: str, *users: int, options: str = "", start: bool = True
) -> str:
    """``users[0]`` runs ``/play game`` (with the ``options`` string) in ``CHANNEL``, the
    others press Join, and ``users[0]`` presses Start (unless ``start=False``); the table id."""
    given = [option("game", game)] + ([option("options", options)] if options else [])
    record = await server.command("play", *given, user=users[0])
    table = await server.service.table_in(ids.chat_key(CHANNEL))
    assert table is not None, server.told(record)
    lobby = await ref_message(server, table.id, "dc:lobby")
    for user in users[1:]:
        await server.press(lobby, LobbyToken(table.id, "j").encode(), user=user)
    if start:
        await server.press(lobby, LobbyToken(table.id, "s").encode(), user=users[0])
    return table.id


async def finished_klac(server: Server) -> str:
    """A Klac! table of Anya and Boris to 50, played to its end (the first legal
    action each time); its id."""
    table_id = await open_table(server, "klac", ANYA, BORIS, options="target=50")
    game = registry.get("klac")
    for _ in range(500):
        table, state = await server.service.get(table_id)
        if table.status != Status.PLAYING:
            break
        seat = game.to_move(state)[0]
        action = game.legal_actions(state, seat)[0]
        await server.service.play(table_id, table.players[seat].key, table.state_version, action)
    await server.settle()
    return table_id


async def ref_message(server: Server, table_id: str, ref: str) -> StoredMessage:
    """The channel message the publisher keeps under ``ref`` (``dc:lobby``, ``dc:table``…)."""
    message_id = await server.store.get_ref(table_id, ref)
    assert message_id is not None, ref
    return server.fake.message(CHANNEL, int(message_id))


async def table_message(server: Server, table_id: str) -> StoredMessage:
    """The table's message in the channel (picture, caption, buttons)."""
    return await ref_message(server, table_id, "dc:table")


async def my_hand(server: Server, table_id: str, user: int, **kw: Any) -> StoredMessage:
    """``user`` presses "My hand" on the table message; the ephemeral hand sent back."""
    table_msg = await table_message(server, table_id)
    record = await server.press(table_msg, ids.hand_id(table_id), user=user, **kw)
    assert record.followups, server.told(record)
    hand = server.fake.message(CHANNEL, record.followups[-1])
    assert hand.ephemeral and hand.attachments, server.told(record)
    return hand


async def mover(server: Server, table_id: str) -> tuple[int, int]:
    """(user id, seat) of the (first) player to move."""
    table, state = await server.service.get(table_id)
    seat = registry.get(table.game).to_move(state)[0]
    return ids.user_id(table.players[seat].key), seat


async def move_path(server: Server, table_id: str, index: int = 0) -> list[str]:
    """The tokens a player presses, one menu step after another, to make the mover's
    ``index``-th legal move (the last one makes it)."""
    table, state = await server.service.get(table_id)
    game = registry.get(table.game)
    seat = game.to_move(state)[0]
    action = game.legal_actions(state, seat)[index]
    path: tuple[int, ...] = ()
    out = []
    for step in game.choice_path(state, seat, action):
        menu = build_menu(game, state, seat, path)
        path = (*path, [c.key for c in menu.options].index(step.key))
        out.append(MoveToken(table.id, table.state_version, seat, path).encode())
    return out


def component_for(message: StoredMessage, token: str) -> tuple[str, ...]:
    """How to press ``token`` on ``message``: its button, or the select menu listing it."""
    if token in message.custom_ids:
        return (token,)
    for row in message.components:
        for item in row.get("components", []):
            if item.get("type") == 3 and token in [o["value"] for o in item["options"]]:
                return (item["custom_id"], token)
    raise AssertionError(f"{token} is not on the message: {message.custom_ids}")


async def click(server: Server, message: StoredMessage, token: str, **kw: Any) -> Interaction:
    """Press ``token`` on ``message``, as a button or as a select menu's choice."""
    custom_id, *values = component_for(message, token)
    return await server.press(message, custom_id, *values, **kw)
