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

Behaviour copied from Discord on purpose:

* an interaction can be acknowledged once; a second callback is 400/40060,
  an unknown interaction 404/10062;
* a deferred response (type 5) is a "thinking" message (flag 128) that the
  first edit of ``@original`` fills in; type 7 edits the message the
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

import asyncio
import itertools
import json
import re
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Final, Self

from aiohttp import BodyPartReader, web

Json = dict[str, Any]

API_PREFIX: Final = "/api/v10"
EPHEMERAL: Final = 1 << 6
LOADING: Final = 1 << 7

# Discord's error bodies: (HTTP status, JSON code, message).
UNAUTHORIZED: Final = (401, 0, "401: Unauthorized")
NOT_FOUND: Final = (404, 0, "404: Not Found")
UNKNOWN_MESSAGE: Final = (404, 10008, "Unknown Message")
UNKNOWN_WEBHOOK: Final = (404, 10015, "Unknown Webhook")
UNKNOWN_INTERACTION: Final = (404, 10062, "Unknown interaction")
ALREADY_ACKNOWLEDGED: Final = (400, 40060, "Interaction has already been acknowledged.")
MISSING_ACCESS: Final = (403, 50001, "Missing Access")
CANNOT_DM: Final = (403, 50007, "Cannot send messages to this user")
MISSING_PERMISSIONS: Final = (403, 50013, "Missing Permissions")
INVALID_WEBHOOK_TOKEN: Final = (401, 50027, "Invalid Webhook Token")
THREAD_ARCHIVED: Final = (400, 50083, "Thread is archived")
#: Seconds to send an interaction's initial response, and its token's lifetime
#: (https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction).
INITIAL_RESPONSE_SECONDS: Final = 3.0
TOKEN_SECONDS: Final = 15 * 60
EMPTY_MESSAGE: Final = (400, 50006, "Cannot send an empty message")
INVALID_FORM_BODY: Final = (400, 50035, "Invalid Form Body")
TOO_LARGE: Final = (413, 40005, "Request entity too large")

# Discord's documented limits of messages, components and commands.
CONTENT_LIMIT: Final = 2000
ROWS_LIMIT: Final = 5
ROW_BUTTONS_LIMIT: Final = 5
SELECT_OPTIONS_LIMIT: Final = 25
CUSTOM_ID_LIMIT: Final = 100
BUTTON_LABEL_LIMIT: Final = 80
OPTION_TEXT_LIMIT: Final = 100
PLACEHOLDER_LIMIT: Final = 150
FILE_SIZE_LIMIT: Final = 10 * 1024 * 1024
COMMAND_NAME_LIMIT: Final = 32
DESCRIPTION_LIMIT: Final = 100
CHOICES_LIMIT: Final = 25
SELECT_TYPES: Final = (3, 5, 6, 7, 8)
ERRORS_BY_CODE: Final = {
    e[1]: e
    for e in (
        UNKNOWN_MESSAGE,
        UNKNOWN_WEBHOOK,
        UNKNOWN_INTERACTION,
        ALREADY_ACKNOWLEDGED,
        MISSING_ACCESS,
        CANNOT_DM,
        MISSING_PERMISSIONS,
        EMPTY_MESSAGE,
        INVALID_WEBHOOK_TOKEN,
        THREAD_ARCHIVED,
    )
}


def limit_problems(body: Json) -> list[str]:
    """What in a message body (create or edit) breaks Discord's limits."""
    problems = []
    content = body.get("content") or ""
    if len(content) > CONTENT_LIMIT:
        problems.append(f"content of {len(content)} characters")
    rows = body.get("components") or []
    ids = StoredMessage(0, 0, None, {}, components=rows).custom_ids
    if len(ids) != len(set(ids)):
        problems.append("a custom id is repeated")
    if len(rows) > ROWS_LIMIT:
        problems.append(f"{len(rows)} action rows")
    for number, row in enumerate(rows):
        items = row.get("components") or []
        if row.get("type") != 1 or not items:
            problems.append(f"row {number} is not an action row with components")
            continue
        selects = [i for i in items if i.get("type") in SELECT_TYPES]
        if selects and len(items) > 1:
            problems.append(f"row {number}: a select shares its row")
        if len(items) > ROW_BUTTONS_LIMIT:
            problems.append(f"row {number}: {len(items)} buttons")
        for item in items:
            problems += [f"row {number}: {p}" for p in _component_problems(item)]
    return problems


def _component_problems(item: Json) -> list[str]:
    problems = []
    custom_id = item.get("custom_id")
    if item.get("type") == 2:
        link = item.get("style") == 5
        if link != (custom_id is None) or link != ("url" in item):
            problems.append("a button needs a custom id, or a url if it is a link")
        if len(item.get("label") or "") > BUTTON_LABEL_LIMIT:
            problems.append(f"a button label of {len(item['label'])} characters")
    if custom_id is not None and not 1 <= len(custom_id) <= CUSTOM_ID_LIMIT:
        problems.append(f"a custom id of {len(custom_id)} characters")
    if item.get("type") in SELECT_TYPES:
        options = item.get("options") or []
        if item.get("type") == 3 and not 1 <= len(options) <= SELECT_OPTIONS_LIMIT:
            problems.append(f"a select with {len(options)} options")
        if len({o.get("value") for o in options}) != len(options):
            problems.append("a select repeats an option value")
        for option in options:
            for key in ("label", "value", "description"):
                if len(option.get(key) or "") > OPTION_TEXT_LIMIT:
                    problems.append(f"an option {key} of {len(option[key])} characters")
        if len(item.get("placeholder") or "") > PLACEHOLDER_LIMIT:
            problems.append("a placeholder over 150 characters")
    return problems


def command_problems(command: Json) -> list[str]:
    """What in an application command breaks Discord's rules for names and limits."""
    problems = []
    names = [command.get("name", ""), *(command.get("name_localizations") or {}).values()]
    for name in names:
        if not _command_name_ok(name):
            problems.append(f"name {name!r}")
    descriptions = [
        command.get("description", ""),
        *(command.get("description_localizations") or {}).values(),
    ]
    for text in descriptions:
        if not 1 <= len(text) <= DESCRIPTION_LIMIT:
            problems.append(f"description {text!r}")
    options = command.get("options") or []
    if len(options) > CHOICES_LIMIT:
        problems.append(f"{len(options)} options")
    for option in options:
        problems += command_problems({k: v for k, v in option.items() if k != "choices"})
        choices = option.get("choices") or []
        if len(choices) > CHOICES_LIMIT:
            problems.append(f"{len(choices)} choices")
        for choice in choices:
            labels = [choice.get("name", ""), *(choice.get("name_localizations") or {}).values()]
            problems += [f"choice {c!r}" for c in labels if not 1 <= len(c) <= OPTION_TEXT_LIMIT]
    return problems


def _command_name_ok(name: str) -> bool:
    # Discord: ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$, lowercase where a letter has case.
    return (
        1 <= len(name) <= COMMAND_NAME_LIMIT
        and all(c.isalnum() or c in "-_" for c in name)
        and name == name.lower()
    )


class DiscordError(Exception):
    """Raised inside a handler: becomes Discord's JSON error response."""

    def __init__(self, error: tuple[int, int, str]) -> None:
        super().__init__(error[2])
        self.status, self.code, self.message = error


@dataclass
class Call:
    """One request the bot made."""

    method: str
    path: str  # without the /api/v10 prefix
    query: dict[str, str]
    json: Any
    files: list[StoredAttachment]
    status: int = 0


@dataclass
class StoredAttachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    def to_json(self) -> Json:
        url = f"https://cdn.discordapp.com/attachments/0/{self.id}/{self.filename}"
        out: Json = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
        }
        if self.content_type:
            out["content_type"] = self.content_type
        if self.description:
            out["description"] = self.description
        return out


@dataclass
class StoredMessage:
    id: int
    channel_id: int
    guild_id: int | None
    author: Json
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    webhook_id: int | None = None
    interaction_id: int | None = None
    edits: int = 0
    deleted: bool = False
    created: datetime = field(default_factory=lambda: datetime.now(UTC))
    edited: datetime | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def custom_ids(self) -> list[str]:
        """Every component's ``custom_id``, in order (rows flattened)."""
        out: list[str] = []

        def walk(items: list[Json]) -> None:
            for item in items:
                if "custom_id" in item:
                    out.append(item["custom_id"])
                walk(item.get("components", []))

        walk(self.components)
        return out

    def to_json(self) -> Json:
        out: Json = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author,
            "content": self.content,
            "timestamp": self.created.isoformat(),
            "edited_timestamp": self.edited.isoformat() if self.edited else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.to_json() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 20 if self.interaction_id else 0,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            out["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            out["webhook_id"] = str(self.webhook_id)
            out["application_id"] = str(self.webhook_id)
        return out


@dataclass
class Interaction:
    """An interaction the harness injected; what the bot did with it."""

    id: int
    token: str
    channel_id: int
    guild_id: int | None
    message_id: int | None = None  # the message a component sits on
    callback_type: int | None = None
    original_id: int | None = None
    followups: list[int] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    #: when Discord created it, on the fake's clock
    created: float = 0.0


@dataclass
class Failure:
    method: str
    path: re.Pattern[str]
    status: int
    code: int
    message: str
    retry_after: float
    times: int


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """JSON with exactly ``Content-Type: application/json``: discord.py compares the
    header verbatim and treats anything else (``; charset=utf-8``) as plain text."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class FakeDiscord:
    """The fake server. ``async with FakeDiscord() as fake:`` serves on loopback."""

    def __init__(
        self,
        token: str = "fake-bot-token",
        app_id: int = 1_100_000_000_000_000_001,
        bot_name: str = "Tablebot",
    ) -> None:
        self.token = token
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
        self.calls: list[Call] = []
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
        self._offset = 0.0
        self.internal_errors: list[str] = []
        self.unhandled: list[str] = []
        self._failures: list[Failure] = []
        self._ids = itertools.count(1_300_000_000_000_000_000)
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes: list[tuple[str, re.Pattern[str], Callable[..., Any]]] = []
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
            self._routes.append((method, re.compile(pattern + r"\Z"), handler))

    # -- lifecycle ------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    async def __aenter__(self) -> Self:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._dispatch)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        self.port = free_port()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

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

    def fail(
        self,
        method: str,
        path: str,
        status: int = 429,
        *,
        code: int | None = None,
        message: str | None = None,
        retry_after: float = 0.01,
        times: int = 1,
    ) -> None:
        """The next ``times`` calls of ``method`` to a path matching the regex ``path``
        (without ``/api/v10``) answer ``status``: 429 with ``retry_after`` seconds,
        403 Missing Permissions by default, or the given ``code``'s error."""
        if code is None:
            code = {403: MISSING_PERMISSIONS[1], 404: UNKNOWN_MESSAGE[1]}.get(status, 0)
        if message is None:
            known = ERRORS_BY_CODE.get(code)
            message = known[2] if known else "You are being rate limited."
        self._failures.append(
            Failure(method.upper(), re.compile(path), status, code, message, retry_after, times)
        )

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

    def calls_to(self, method: str, path: str) -> list[Call]:
        """Recorded calls whose path matches the regex ``path`` fully."""
        pattern = re.compile(path + r"\Z")
        return [c for c in self.calls if c.method == method and pattern.match(c.path)]

    async def wait_until(self, predicate: Callable[[], bool], timeout: float = 5) -> None:  # noqa: ASYNC109
        async with asyncio.timeout(timeout), self._changed:
            await self._changed.wait_for(predicate)

    # -- request plumbing -------------------------------------------------------

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        path = request.path[len(API_PREFIX) :]
        try:
            body, files = await self._read_body(request)
        except Exception as exc:  # the bot sent something we cannot parse
            self.internal_errors.append(f"{request.method} {path}: {exc!r}")
            return self._error((400, 50109, "The request body contains invalid JSON."))
        call = Call(request.method, path, dict(request.query), body, files)
        self.calls.append(call)
        response = await self._answer(request, call)
        call.status = response.status
        async with self._changed:
            self._changed.notify_all()
        return response

    async def _answer(self, request: web.Request, call: Call) -> web.StreamResponse:
        for failure in self._failures:
            if (
                failure.times > 0
                and failure.method == call.method
                and failure.path.search(call.path)
            ):
                failure.times -= 1
                return self._failure(failure)
        for method, pattern, handler in self._routes:
            match = pattern.match(call.path)
            if method != call.method or match is None:
                continue
            webhook = call.path.startswith(("/interactions/", "/webhooks/"))
            if not webhook and request.headers.get("Authorization") != f"Bot {self.token}":
                return self._error(UNAUTHORIZED)
            try:
                result = handler(call, **match.groupdict())
                if result is None:
                    return web.Response(status=204)
                return json_response(result)
            except DiscordError as exc:
                return self._error((exc.status, exc.code, exc.message))
            except Exception as exc:
                self.internal_errors.append(f"{call.method} {call.path}: {exc!r}")
                return self._error((500, 0, "500: Internal Server Error"))
        self.unhandled.append(f"{call.method} {call.path}")
        return self._error(NOT_FOUND)

    @staticmethod
    def _error(error: tuple[int, int, str]) -> web.Response:
        status, code, message = error
        return json_response({"message": message, "code": code}, status=status)

    @staticmethod
    def _failure(failure: Failure) -> web.Response:
        if failure.status != 429:
            return json_response(
                {"message": failure.message, "code": failure.code}, status=failure.status
            )
        return json_response(
            {"message": failure.message, "retry_after": failure.retry_after, "global": False},
            status=429,
            headers={
                "Via": "1.1 google",
                "Retry-After": str(max(1, round(failure.retry_after))),
                "X-RateLimit-Scope": "user",
            },
        )

    async def _read_body(self, request: web.Request) -> tuple[Any, list[StoredAttachment]]:
        if not request.can_read_body:
            return None, []
        if not request.content_type.startswith("multipart/"):
            raw = await request.read()
            return (json.loads(raw) if raw else None), []
        body: Any = None
        files: list[StoredAttachment] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            assert isinstance(part, BodyPartReader)
            data = await part.read(decode=False)
            if part.name == "payload_json":
                body = json.loads(data)
            else:
                index = re.fullmatch(r"files\[(\d+)\]", part.name or "")
                if index is None:
                    raise ValueError(f"unexpected form field {part.name!r}")
                files.append(
                    StoredAttachment(
                        id=int(index.group(1)),  # replaced by a snowflake when stored
                        filename=part.filename or "file",
                        data=bytes(data),
                        content_type=part.headers.get("Content-Type"),
                    )
                )
        return body, files

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
        if any(len(f.data) > FILE_SIZE_LIMIT for f in files):
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
        for m in self.channels.get(channel_id, []):
            if m.id == message_id and not m.deleted:
                return m
        raise DiscordError(UNKNOWN_MESSAGE)

    def _check_dm(self, channel_id: int) -> None:
        for user, dm in self.dms.items():
            if dm == channel_id and user in self.dm_closed:
                raise DiscordError(CANNOT_DM)

    def _create_message(self, call: Call, cid: str) -> Json:
        channel_id = int(cid)
        self._check_dm(channel_id)
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
        self._apply(msg, call.json or {}, call.files, creating=False)
        return msg.to_json()

    def _edit_channel(self, call: Call, cid: str) -> Json:
        """Modify Channel, for threads: ``archived`` (https://discord.com/developers/docs/resources/channel#modify-channel-json-params-thread)."""
        thread_id = int(cid)
        if thread_id not in self.threads:
            raise DiscordError((404, 10003, "Unknown Channel"))
        if (call.json or {}).get("archived") is False:
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
                "locked": False,
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
        if record.callback_type == 5 and record.original_id is not None:
            original = self._find(record.channel_id, record.original_id)
            if original.flags & LOADING:  # the first followup fills in "thinking..."
                self._apply(original, body, call.files, creating=False)
                original.flags &= ~LOADING
                return original.to_json()
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
