"""A fake Discord REST API for end-to-end tests of the Discord frontend.

The bot under test runs the real ``discord.py`` client; only ``Route.BASE`` is
pointed at this server (``fake.base_url``), so every REST call (login,
interaction callbacks, webhook followups, channel messages, command sync)
lands here. Gateway events are not sent over a websocket: the harness feeds
interaction payloads straight into the client's connection state (see
``tests/discord/conftest.py``).

The fake records every call, keeps the messages of every channel (content,
embeds, components, attachments with their bytes, flags) and answers in
Discord's own format, with the real JSON error bodies and codes. ``fail``
makes the next calls to an endpoint answer 429 (with ``retry_after`` and the
``Via`` header discord.py needs to treat it as a rate limit rather than a
Cloudflare ban) or any other error status.

This module holds the Discord side: channels, messages, threads, DMs,
commands and interactions, and the endpoints that act on them. The HTTP side
(serving, recording calls, injected failures) is ``fake_discord_http``;
Discord's error bodies and limits are ``fake_discord_limits``; the stored
messages and interactions are ``fake_discord_records``.

Behaviour copied from Discord on purpose:

* an interaction can be acknowledged once; a second callback is 400/40060,
  an unknown interaction 404/10062;
* a deferred response (type 5) is a "thinking" message (flag 128) that only
  an edit of ``@original`` fills in (a follow-up is a new message); type 7 edits the message the
  component is on; ephemeral (flag 64) messages are stored with the flag;
* a message edit that sends ``attachments`` keeps only the listed existing
  attachments plus the new files; one without it keeps them all;
* components that repeat a custom id are refused (400/50035), and so is a
  message or command beyond Discord's documented limits (see ``limit_problems``
  and ``command_problems``): 2000 characters of content, 5 action rows of 5
  buttons or one select, 25 select options, 100-character custom ids and
  option values, 80-character button labels, 10 MiB per file; command names
  of 1-32 lowercase letters, digits, ``-`` or ``_`` in every locale;
* opening a DM with a user whose DMs are closed works, sending into it is a
  403/50007, as in production;
* an interaction must get its initial response within 3 seconds (later:
  404/10062) and its token serves followups and edits for 15 minutes (later:
  401/50027); ``advance`` moves the fake's clock;
* a thread that was archived refuses edits of its messages (400/50083); a new
  message, or ``PATCH /channels/{id}`` with ``archived: false``, unarchives it.
"""

from __future__ import annotations

import itertools
import time
from datetime import UTC, datetime

from tests.discord.fake_discord_http import Call, FakeServer
from tests.discord.fake_discord_limits import (
    ALREADY_ACKNOWLEDGED,
    CANNOT_DM,
    EMPTY_MESSAGE,
    FILE_SIZE_LIMIT,
    INITIAL_RESPONSE_SECONDS,
    INVALID_FORM_BODY,
    INVALID_WEBHOOK_TOKEN,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    OLD_EDITS,
    OLD_EDITS_PER_HOUR,
    OLD_MESSAGE_SECONDS,
    THREAD_ARCHIVED,
    TOKEN_SECONDS,
    TOO_LARGE,
    UNKNOWN_CHANNEL,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    DiscordError,
    command_problems,
    limit_problems,
)
from tests.discord.fake_discord_records import (
    EPHEMERAL,
    LOADING,
    Interaction,
    Json,
    StoredAttachment,
    StoredMessage,
)


class FakeDiscord(FakeServer):
    """The fake server. ``async with FakeDiscord() as fake:`` serves on loopback."""

    def __init__(
        self,
        token: str = "fake-bot-token",
        app_id: int = 1_100_000_000_000_000_001,
        bot_name: str = "Tablebot",
    ) -> None:
        super().__init__(token)
        self.app_id = app_id
        self.bot_user: Json = {
            "id": str(app_id),
            "username": bot_name,
            "global_name": None,
            "discriminator": "0",
            "avatar": None,
            "bot": True,
            "flags": 0,
            "verified": True,
            "mfa_enabled": False,
        }
        self.channels: dict[int, list[StoredMessage]] = {}
        self.guild_of: dict[int, int | None] = {}
        self.interactions: dict[int, Interaction] = {}
        self.global_commands: list[Json] = []
        self.guild_commands: dict[int, list[Json]] = {}
        self.dm_closed: set[int] = set()
        self.dms: dict[int, int] = {}  # user id -> DM channel id
        #: threads (by id) and the archived ones among them
        self.threads: dict[int, int] = {}  # thread id -> parent channel id
        self.archived: set[int] = set()
        self.deleted_channels: set[int] = set()
        #: Threads locked by a moderator (see ``lock_thread``).
        self.locked: set[int] = set()
        #: When edits of hour-old messages were made, per channel (``OLD_EDITS``).
        self.old_edits: dict[int, list[float]] = {}
        #: The largest attachment accepted: 10 MiB unless a server is boosted;
        #: every interaction says it as ``attachment_size_limit``
        #: (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object).
        self.attachment_size_limit = FILE_SIZE_LIMIT
        self._offset = 0.0
        self._ids = itertools.count(1_300_000_000_000_000_000)
        for method, pattern, handler in (
            ("GET", r"/users/@me", self._get_me),
            ("GET", r"/oauth2/applications/@me", self._get_app),
            ("GET", r"/gateway(/bot)?", self._get_gateway),
            ("POST", r"/users/@me/channels", self._open_dm),
            ("PUT", r"/applications/(?P<app>\d+)/commands", self._put_commands),
            ("GET", r"/applications/(?P<app>\d+)/commands", self._get_commands),
            ("PUT", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands",
             self._put_commands),
            ("GET", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands",
             self._get_commands),
            ("POST", r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", self._callback),
            ("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)", self._followup),
            ("GET", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
             self._get_webhook_message),
            ("PATCH", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
             self._edit_webhook_message),
            ("DELETE", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
             self._delete_webhook_message),
            ("POST", r"/channels/(?P<cid>\d+)/messages", self._create_message),
            ("GET", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", self._get_message),
            ("PATCH", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", self._edit_message),
            ("DELETE", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", self._delete_message),
            ("PATCH", r"/channels/(?P<cid>\d+)", self._edit_channel),
        ):  # fmt: skip
            self._add_route(method, pattern, handler)

    # -- test controls ----------------------------------------------------------

    def next_id(self) -> int:
        return next(self._ids)

    def add_channel(self, channel_id: int, guild_id: int | None = None) -> None:
        self.channels.setdefault(channel_id, [])
        self.guild_of[channel_id] = guild_id

    def add_thread(self, thread_id: int, parent_id: int) -> None:
        """A public thread under ``parent_id`` (in the parent's guild)."""
        self.add_channel(thread_id, self.guild_of.get(parent_id))
        self.threads[thread_id] = parent_id

    def archive(self, thread_id: int) -> None:
        """The thread auto-archives after its inactivity period
        (https://discord.com/developers/docs/topics/threads#archiving-and-unarchiving)."""
        self.archived.add(thread_id)

    def now(self) -> float:
        """The fake's clock (monotonic seconds, moved on by ``advance``)."""
        return time.monotonic() + self._offset

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass for the fake: interaction deadlines and token lifetimes."""
        self._offset += seconds

    def register_interaction(
        self, iid: int, token: str, channel_id: int, guild_id: int | None, message_id: int | None
    ) -> Interaction:
        self.channels.setdefault(channel_id, [])
        self.guild_of.setdefault(channel_id, guild_id)
        record = Interaction(iid, token, channel_id, guild_id, message_id, created=self.now())
        self.interactions[iid] = record
        return record

    def messages(self, channel_id: int, *, deleted: bool = False) -> list[StoredMessage]:
        return [m for m in self.channels.get(channel_id, []) if deleted or not m.deleted]

    def message(self, channel_id: int, message_id: int) -> StoredMessage:
        for m in self.channels.get(channel_id, []):
            if m.id == message_id:
                return m
        raise KeyError((channel_id, message_id))

    def post_user_message(
        self, channel_id: int, user: Json, content: str, guild_id: int | None = None
    ) -> StoredMessage:
        """A message a user wrote (for tests that need one to point at)."""
        msg = StoredMessage(self.next_id(), channel_id, guild_id, user, content=content)
        self.channels.setdefault(channel_id, []).append(msg)
        return msg

    # -- messages ---------------------------------------------------------------

    def _attachments(
        self, body: Json, files: list[StoredAttachment], existing: list[StoredAttachment]
    ) -> list[StoredAttachment]:
        by_index = {f.id: f for f in files}
        listed = body.get("attachments")
        if listed is None:
            kept, new = list(existing), files
        else:
            old = {a.id: a for a in existing}
            kept, new = [], []
            for item in listed:
                ref = int(item["id"])
                if ref in by_index:
                    by_index[ref].description = item.get("description")
                    if item.get("filename"):
                        by_index[ref].filename = item["filename"]
                    new.append(by_index[ref])
                elif ref in old:
                    kept.append(old[ref])
        stored = [
            StoredAttachment(self.next_id(), f.filename, f.data, f.content_type, f.description)
            for f in new
        ]
        return kept + stored

    def _new_message(
        self,
        channel_id: int,
        body: Json,
        files: list[StoredAttachment],
        *,
        webhook: bool = False,
        interaction: int | None = None,
        extra_flags: int = 0,
    ) -> StoredMessage:
        msg = StoredMessage(
            self.next_id(),
            channel_id,
            self.guild_of.get(channel_id),
            self.bot_user,
            webhook_id=self.app_id if webhook else None,
            interaction_id=interaction,
        )
        self._apply(msg, body, files, creating=True)
        msg.posted = self.now()
        msg.flags |= extra_flags
        if not (
            msg.content or msg.embeds or msg.attachments or msg.components or msg.flags & LOADING
        ):
            raise DiscordError(EMPTY_MESSAGE)
        self.channels.setdefault(channel_id, []).append(msg)
        return msg

    def _apply(
        self, msg: StoredMessage, body: Json, files: list[StoredAttachment], *, creating: bool
    ) -> None:
        if "content" in body:
            msg.content = body["content"] or ""
        if "embeds" in body:
            msg.embeds = body["embeds"] or []
        if limit_problems(body):
            raise DiscordError(INVALID_FORM_BODY)
        if any(len(f.data) > self.attachment_size_limit for f in files):
            raise DiscordError(TOO_LARGE)
        if "components" in body:
            msg.components = body["components"] or []
        if "flags" in body and body["flags"] is not None:
            # Only SUPPRESS_EMBEDS may change on edit; EPHEMERAL is fixed at creation.
            keep = 0 if creating else msg.flags & (EPHEMERAL | LOADING)
            msg.flags = keep | int(body["flags"])
        msg.attachments = self._attachments(body, files, msg.attachments)
        if not creating:
            msg.edits += 1
            msg.edited = datetime.now(UTC)

    def _find(self, channel_id: int, message_id: int) -> StoredMessage:
        if channel_id in self.deleted_channels:
            raise DiscordError(UNKNOWN_CHANNEL)
        for m in self.channels.get(channel_id, []):
            if m.id == message_id and not m.deleted:
                return m
        raise DiscordError(UNKNOWN_MESSAGE)

    def _check_dm(self, channel_id: int) -> None:
        for user, dm in self.dms.items():
            if dm == channel_id and user in self.dm_closed:
                raise DiscordError(CANNOT_DM)

    def lock_thread(self, thread_id: int) -> None:
        """A moderator archives and locks a thread: "only users with MANAGE_THREADS
        can unarchive it" (https://discord.com/developers/docs/resources/channel#thread-metadata-object),
        which the bot has not; posting there is refused as in an archived thread."""
        self.archived.add(thread_id)
        self.locked.add(thread_id)

    def delete_channel(self, channel_id: int) -> None:
        """A channel (or thread) is deleted with its messages: later calls on it
        answer "Unknown Channel"."""
        self.deleted_channels.add(channel_id)
        for msg in self.channels.get(channel_id, []):
            msg.deleted = True

    def _create_message(self, call: Call, cid: str) -> Json:
        channel_id = int(cid)
        if channel_id in self.deleted_channels:
            raise DiscordError(UNKNOWN_CHANNEL)
        self._check_dm(channel_id)
        if channel_id in self.locked:
            raise DiscordError(THREAD_ARCHIVED)
        # "Sending a message will automatically unarchive the thread."
        self.archived.discard(channel_id)
        return self._new_message(channel_id, call.json or {}, call.files).to_json()

    def _get_message(self, call: Call, cid: str, mid: str) -> Json:
        return self._find(int(cid), int(mid)).to_json()

    def _edit_message(self, call: Call, cid: str, mid: str) -> Json:
        if int(cid) in self.archived:
            raise DiscordError(THREAD_ARCHIVED)
        msg = self._find(int(cid), int(mid))
        if msg.author is not self.bot_user:
            raise DiscordError((403, 50005, "Cannot edit a message authored by another user"))
        now = self.now()
        if now - msg.posted > OLD_MESSAGE_SECONDS:
            recent = [t for t in self.old_edits.get(msg.channel_id, []) if now - t < 3600]
            if len(recent) >= OLD_EDITS_PER_HOUR:
                raise DiscordError(OLD_EDITS, retry_after=recent[0] + 3600 - now)
            self.old_edits[msg.channel_id] = [*recent, now]
        self._apply(msg, call.json or {}, call.files, creating=False)
        return msg.to_json()

    def _edit_channel(self, call: Call, cid: str) -> Json:
        """Modify Channel, for threads: ``archived`` (https://discord.com/developers/docs/resources/channel#modify-channel-json-params-thread)."""
        thread_id = int(cid)
        if thread_id not in self.threads or thread_id in self.deleted_channels:
            raise DiscordError(UNKNOWN_CHANNEL)
        if (call.json or {}).get("archived") is False:
            if thread_id in self.locked:
                raise DiscordError(MISSING_PERMISSIONS)
            self.archived.discard(thread_id)
        return {
            "id": str(thread_id),
            "type": 11,
            "guild_id": str(self.guild_of.get(thread_id)),
            "parent_id": str(self.threads[thread_id]),
            "name": "table",
            "thread_metadata": {
                "archived": thread_id in self.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": datetime.now(UTC).isoformat(),
                "locked": thread_id in self.locked,
            },
        }

    def _delete_message(self, call: Call, cid: str, mid: str) -> None:
        self._find(int(cid), int(mid)).deleted = True

    # -- login, gateway, DMs, commands -------------------------------------------

    def _get_me(self, call: Call) -> Json:
        return self.bot_user

    def _get_app(self, call: Call) -> Json:
        owner = {"id": "1", "username": "owner", "discriminator": "0", "avatar": None}
        return {
            "id": str(self.app_id),
            "name": self.bot_user["username"],
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": owner,
            "verify_key": "0" * 64,
            "flags": 0,
            "bot": self.bot_user,
        }

    def _get_gateway(self, call: Call) -> Json:
        return {
            "url": f"ws://127.0.0.1:{self.port}/gateway",
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 1000,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    def _open_dm(self, call: Call) -> Json:
        user_id = int((call.json or {})["recipient_id"])
        channel_id = self.dms.setdefault(user_id, self.next_id())
        self.add_channel(channel_id)
        recipient = {"id": str(user_id), "username": f"user{user_id}", "discriminator": "0"}
        recipient |= {"avatar": None, "global_name": None}
        return {
            "id": str(channel_id),
            "type": 1,
            "last_message_id": None,
            "recipients": [recipient],
        }

    def _commands(self, guild: str | None) -> list[Json]:
        if guild is None:
            return self.global_commands
        return self.guild_commands.setdefault(int(guild), [])

    def _put_commands(self, call: Call, app: str, guild: str | None = None) -> list[Json]:
        if int(app) != self.app_id:
            raise DiscordError(MISSING_ACCESS)
        stored = []
        for cmd in call.json or []:
            if command_problems(cmd):
                raise DiscordError(INVALID_FORM_BODY)
            full = {"type": 1, "options": [], "default_member_permissions": None, **cmd}
            full |= {"id": str(self.next_id()), "application_id": app, "version": "1"}
            if guild is not None:
                full["guild_id"] = guild
            stored.append(full)
        target = self._commands(guild)
        target[:] = stored
        return stored

    def _get_commands(self, call: Call, app: str, guild: str | None = None) -> list[Json]:
        return self._commands(guild)

    # -- interactions and their webhooks ------------------------------------------

    def _interaction_by_token(self, token: str) -> Interaction:
        for record in self.interactions.values():
            if record.token == token:
                if self.now() - record.created > TOKEN_SECONDS:
                    raise DiscordError(INVALID_WEBHOOK_TOKEN)
                return record
        raise DiscordError(UNKNOWN_WEBHOOK)

    def _callback(self, call: Call, iid: str, token: str) -> Json:
        record = self.interactions.get(int(iid))
        if record is None or record.token != token:
            raise DiscordError(UNKNOWN_INTERACTION)
        if self.now() - record.created > INITIAL_RESPONSE_SECONDS:
            raise DiscordError(UNKNOWN_INTERACTION)
        if record.callback_type is not None:
            raise DiscordError(ALREADY_ACKNOWLEDGED)
        body = call.json or {}
        kind = int(body["type"])
        data: Json = body.get("data") or {}
        message: StoredMessage | None = None
        if kind == 4:
            message = self._new_message(
                record.channel_id, data, call.files, webhook=True, interaction=record.id
            )
        elif kind == 5:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self._new_message(
                record.channel_id, {}, [], webhook=True, interaction=record.id, extra_flags=flags
            )
        elif kind in (6, 7):
            if record.message_id is None:
                raise DiscordError(INVALID_FORM_BODY)
            message = self._find(record.channel_id, record.message_id)
            if kind == 7:
                self._apply(message, data, call.files, creating=False)
        elif kind not in (1, 8, 9):
            raise DiscordError(INVALID_FORM_BODY)
        record.callback_type = kind
        if message is not None:
            record.original_id = message.id
        record.answered.set()
        result: Json = {
            "interaction": {
                "id": str(record.id),
                "type": 2 if record.message_id is None else 3,
                "response_message_id": str(message.id) if message else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": {"type": kind},
        }
        if message is not None and kind != 6:
            result["resource"]["message"] = message.to_json()
        return result

    def _webhook_message(self, record: Interaction, mid: str) -> StoredMessage:
        if mid == "@original":
            if record.original_id is None:
                raise DiscordError(UNKNOWN_MESSAGE)
            return self._find(record.channel_id, record.original_id)
        if int(mid) not in record.followups and int(mid) != record.original_id:
            raise DiscordError(UNKNOWN_MESSAGE)
        return self._find(record.channel_id, int(mid))

    def _followup(self, call: Call, app: str, token: str) -> Json:
        record = self._interaction_by_token(token)
        if record.callback_type is None:
            raise DiscordError(UNKNOWN_WEBHOOK)
        body = call.json or {}
        # A follow-up is a message of its own: the deferred "thinking..." one is
        # filled in only by editing @original (Discord deprecates filling it in
        # with the first follow-up, https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message).
        flags = int(body.get("flags") or 0) & EPHEMERAL
        message = self._new_message(
            record.channel_id, body, call.files, webhook=True, interaction=record.id
        )
        message.flags |= flags
        record.followups.append(message.id)
        return message.to_json()

    def _get_webhook_message(self, call: Call, app: str, token: str, mid: str) -> Json:
        return self._webhook_message(self._interaction_by_token(token), mid).to_json()

    def _edit_webhook_message(self, call: Call, app: str, token: str, mid: str) -> Json:
        message = self._webhook_message(self._interaction_by_token(token), mid)
        self._apply(message, call.json or {}, call.files, creating=False)
        message.flags &= ~LOADING
        return message.to_json()

    def _delete_webhook_message(self, call: Call, app: str, token: str, mid: str) -> None:
        self._webhook_message(self._interaction_by_token(token), mid).deleted = True
