"""A fake Telegram Bot API server for end-to-end tests of the Telegram frontend.

The bot under test runs unmodified: its real aiogram ``Bot`` talks HTTP to this
server through ``AiohttpSession(api=TelegramAPIServer.from_base(fake.base_url))``.
The fake keeps a small model of Telegram (users, groups, messages, callback
queries, pending updates), answers in the Bot API's own format with the real
error texts, and lets a test inject user actions and inspect everything the
bot did.

Behaviour copied from the real API on purpose, because bots trip over it:

* an edit that omits ``reply_markup`` removes the inline keyboard, and
  ``editMessageCaption``/``editMessageMedia`` without a caption remove it;
* ``parse_mode`` is applied (HTML, MarkdownV2, Markdown): the stored text is
  the parsed text plus entities, and a malformed or unescaped markup string is
  a 400 "can't parse entities", just as in production;
* unconfirmed updates are re-delivered until a later ``offset`` confirms them,
  and ``allowed_updates`` filters (aiogram always sends the list resolved from
  its handlers, so an update type without a handler never reaches the bot);
* a second ``getUpdates`` terminates the one still waiting with 409;
* the bot's id is the number before the colon in the token, like aiogram's
  ``bot.id``;
* in groups where the bot is not an administrator, privacy mode hides plain
  messages that are neither commands, replies to the bot nor mentions of it.
"""

from __future__ import annotations

import asyncio
import html
import io
import itertools
import json
import mimetypes
import re
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Final, Self

from aiohttp import web
from PIL import Image

from tests.telegram import fake_deletion as deletion

Json = dict[str, Any]
Handler = Callable[[Json, dict[str, bytes]], Any]

# -- error texts, as Telegram words them ------------------------------------

UNAUTHORIZED: Final = "Unauthorized"
NOT_FOUND: Final = "Not Found"
CHAT_NOT_FOUND: Final = "Bad Request: chat not found"
BLOCKED: Final = "Forbidden: bot was blocked by the user"
NOT_STARTED: Final = "Forbidden: bot can't initiate conversation with a user"
KICKED: Final = "Forbidden: bot was kicked from the supergroup chat"
NOT_MEMBER: Final = "Forbidden: bot is not a member of the supergroup chat"
EDIT_NOT_FOUND: Final = "Bad Request: message to edit not found"
DELETE_NOT_FOUND: Final = "Bad Request: message to delete not found"
CANT_EDIT: Final = "Bad Request: message can't be edited"
NOT_MODIFIED: Final = (
    "Bad Request: message is not modified: specified new message content and reply markup"
    " are exactly the same as a current content and reply markup of the message"
)
NO_TEXT_TO_EDIT: Final = "Bad Request: there is no text in the message to edit"
NO_CAPTION_TO_EDIT: Final = "Bad Request: there is no caption in the message to edit"
NO_MEDIA_TO_EDIT: Final = "Bad Request: there is no media in the message to edit"
TEXT_EMPTY: Final = "Bad Request: message text is empty"
TEXT_TOO_LONG: Final = "Bad Request: message is too long"
CAPTION_TOO_LONG: Final = "Bad Request: message caption is too long"
BUTTON_DATA_INVALID: Final = "Bad Request: BUTTON_DATA_INVALID"
BUTTON_URL_INVALID: Final = "Bad Request: BUTTON_URL_INVALID"
TEXT_BUTTONS: Final = (
    "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline"
    " keyboard"
)
MARKUP_TOO_LONG: Final = "Bad Request: reply markup is too long"
PHOTO_SIZE_LIMIT: Final = 10 * 1024 * 1024
PHOTO_TOO_BIG: Final = "Bad Request: PHOTO_SAVE_FILE_INVALID"
TOPIC_CLOSED: Final = "Bad Request: TOPIC_CLOSED"
MIGRATED: Final = "Bad Request: group chat was upgraded to a supergroup chat"
# Sending what the chat's permissions forbid to the bot.
NO_TEXT_RIGHTS: Final = "Bad Request: not enough rights to send text messages to the chat"
NO_PHOTO_RIGHTS: Final = "Bad Request: not enough rights to send photos to the chat"
NO_DOCUMENT_RIGHTS: Final = "Bad Request: not enough rights to send documents to the chat"
#: Animations need ``can_send_other_messages``: "True, if the user is allowed to send
#: animations, games, stickers and use inline bots"
#: (https://core.telegram.org/bots/api#chatpermissions).
NO_ANIMATION_RIGHTS: Final = "Bad Request: not enough rights to send animations to the chat"
#: sendAnimation: "Bots can currently send animation files of up to 50 MB in size"
#: (https://core.telegram.org/bots/api#sendanimation); a bigger upload is refused
#: as every oversized request is, with 413.
ANIMATION_SIZE_LIMIT: Final = 50 * 1024 * 1024
#: The fake reads animations with Pillow, so it takes GIFs only (Telegram also
#: takes H.264/MPEG-4 video without sound); anything else is refused in its own words.
NOT_A_GIF: Final = "Bad Request: fake_api models GIF animations only"
#: The fields of ChatPermissions (https://core.telegram.org/bots/api#chatpermissions).
PERMISSIONS: Final = (
    "can_send_messages",
    "can_send_audios",
    "can_send_documents",
    "can_send_photos",
    "can_send_videos",
    "can_send_video_notes",
    "can_send_voice_notes",
    "can_send_polls",
    "can_send_other_messages",
    "can_add_web_page_previews",
    "can_change_info",
    "can_invite_users",
    "can_pin_messages",
    "can_manage_topics",
)
BAD_MARKUP: Final = "Bad Request: can't parse reply keyboard markup JSON object"
INLINE_EXPECTED: Final = "Bad Request: inline keyboard expected"
#: How long a callback query waits for its answer: the Bot API does not say; bots
#: report "query is too old" after about 15 s (the client stops waiting).
CALLBACK_ANSWER_SECONDS: Final = 15.0
QUERY_TOO_OLD: Final = (
    "Bad Request: query is too old and response timeout expired or query ID is invalid"
)
NO_PIN_RIGHTS: Final = "Bad Request: not enough rights to manage pinned messages in the chat"
REPLY_NOT_FOUND: Final = "Bad Request: message to be replied not found"
WRONG_FILE: Final = "Bad Request: wrong file identifier/HTTP URL specified"
IMAGE_FAILED: Final = "Bad Request: IMAGE_PROCESS_FAILED"
PHOTO_DIMENSIONS: Final = "Bad Request: PHOTO_INVALID_DIMENSIONS"
WEBHOOK_ACTIVE: Final = (
    "Conflict: can't use getUpdates method while webhook is active;"
    " use deleteWebhook to delete the webhook first"
)
POLL_CONFLICT: Final = (
    "Conflict: terminated by other getUpdates request;"
    " make sure that only one bot instance is running"
)

TEXT_LIMIT: Final = 4096
#: A media caption has "0-1024 characters after entities parsing"
#: (https://core.telegram.org/bots/api#sendphoto, #sendanimation, #senddocument).
CAPTION_LIMIT: Final = 1024
CALLBACK_DATA_LIMIT: Final = 64
BUTTON_LIMIT: Final = 100
ALERT_LIMIT: Final = 200
UPLOAD_LIMIT: Final = 50 * 1024 * 1024
#: The permission each kind of media needs from a group (ChatPermissions).
MEDIA_RIGHTS: Final = {
    "photo": "can_send_photos",
    "document": "can_send_documents",
    "animation": "can_send_other_messages",
}

SEND_METHODS: Final = frozenset({"sendMessage", "sendPhoto", "sendDocument", "sendAnimation"})
EDIT_METHODS: Final = frozenset(
    {"editMessageText", "editMessageCaption", "editMessageMedia", "editMessageReplyMarkup"}
)
# What Telegram's flood control counts against a chat.
FLOOD_METHODS: Final = SEND_METHODS | EDIT_METHODS

# Update types Telegram sends when allowed_updates was never given (or given empty).
OPT_IN_UPDATES: Final = frozenset({"chat_member", "message_reaction", "message_reaction_count"})

CHAT_ACTIONS: Final = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)

# Parameters sent as JSON-serialized objects; in forms they arrive as strings.
JSON_FIELDS: Final = frozenset(
    {
        "reply_markup",
        "media",
        "entities",
        "caption_entities",
        "commands",
        "scope",
        "menu_button",
        "allowed_updates",
        "link_preview_options",
        "reply_parameters",
        "message_ids",
    }
)
INT_FIELDS: Final = frozenset(
    {
        "chat_id",
        "from_chat_id",
        "message_id",
        "message_thread_id",
        "reply_to_message_id",
        "user_id",
        "offset",
        "limit",
        "timeout",
        "cache_time",
        "max_connections",
        "until_date",
    }
)
BOOL_FIELDS: Final = frozenset(
    {
        "show_alert",
        "disable_notification",
        "protect_content",
        "disable_web_page_preview",
        "drop_pending_updates",
        "has_spoiler",
        "show_caption_above_media",
        "allow_sending_without_reply",
        "allow_paid_broadcast",
        "disable_content_type_detection",
        "only_if_banned",
    }
)

INLINE_BUTTON_ACTIONS: Final = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
)


class ApiError(Exception):
    """An error answer: HTTP status, description and optional parameters."""

    def __init__(
        self,
        status: int,
        description: str,
        *,
        retry_after: int | None = None,
        migrate_to_chat_id: int | None = None,
    ) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.retry_after = retry_after
        self.migrate_to_chat_id = migrate_to_chat_id

    def body(self) -> Json:
        """The JSON body Telegram would send (ResponseParameters:
        https://core.telegram.org/bots/api#responseparameters)."""
        body: Json = {"ok": False, "error_code": self.status, "description": self.description}
        parameters = {
            key: value
            for key, value in (
                ("retry_after", self.retry_after),
                ("migrate_to_chat_id", self.migrate_to_chat_id),
            )
            if value is not None
        }
        if parameters:
            body["parameters"] = parameters
        return body


def bad_request(description: str) -> ApiError:
    """A 400 with a description that already starts with "Bad Request: "."""
    return ApiError(400, description)


# -- text and entities -------------------------------------------------------


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units, the unit of Telegram entity offsets."""
    return len(text.encode("utf-16-le")) // 2


class _Builder:
    """Accumulates parsed text and entities with UTF-16 offsets."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.pos = 0
        self.entities: list[Json] = []

    def emit(self, text: str) -> None:
        self.parts.append(text)
        self.pos += utf16_len(text)

    def add(self, kind: str, start: int, **extra: Any) -> None:
        # Telegram drops entities that cover nothing.
        if self.pos > start:
            self.entities.append(
                {"type": kind, "offset": start, "length": self.pos - start, **extra}
            )

    def result(self) -> tuple[str, list[Json]]:
        entities = sorted(self.entities, key=lambda e: (e["offset"], -e["length"]))
        return "".join(self.parts), entities


def _parse_error(message: str) -> ApiError:
    return bad_request(f"Bad Request: can't parse entities: {message}")


def _byte_offset(src: str, index: int) -> int:
    return len(src[:index].encode())


_HTML_TAGS: Final = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "span": "spoiler",
    "a": "text_link",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
    "tg-emoji": "custom_emoji",
}
_HTML_ENTITY = re.compile(r"&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);")
_HTML_NAMED: Final = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
_TAG_NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9-]*")
_ATTR = re.compile(
    r"""\s*([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?"""
)


def _html_attrs(text: str) -> dict[str, str]:
    attrs: dict[str, str] = {}
    for m in _ATTR.finditer(text):
        value = next((g for g in m.groups()[1:] if g is not None), "")
        attrs[m.group(1).lower()] = html.unescape(value)
    return attrs


def parse_html(src: str) -> tuple[str, list[Json]]:
    """Parse Telegram's HTML subset into plain text and entities, or raise its error."""
    out = _Builder()
    # (tag, entity type, start offset, extra fields)
    stack: list[tuple[str, str, int, Json]] = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if c == "&":
            m = _HTML_ENTITY.match(src, i)
            name = m.group(1) if m else ""
            if m and (name.startswith("#") or name in _HTML_NAMED):
                if name.startswith(("#x", "#X")):
                    out.emit(chr(int(name[2:], 16)))
                elif name.startswith("#"):
                    out.emit(chr(int(name[1:])))
                else:
                    out.emit(_HTML_NAMED[name])
                i = m.end()
            else:
                # Telegram leaves an unknown or bare "&" as it is.
                out.emit("&")
                i += 1
            continue
        if c != "<":
            j = i
            while j < n and src[j] not in "<&":
                j += 1
            out.emit(src[i:j])
            i = j
            continue
        offset = _byte_offset(src, i)
        end = src.find(">", i)
        if end < 0:
            raise _parse_error(f"Unclosed start tag at byte offset {offset}")
        inner = src[i + 1 : end]
        if inner.startswith("/"):
            name = inner[1:].strip().lower()
            if not stack:
                raise _parse_error(f"Unexpected end tag at byte offset {offset}")
            tag, kind, start, extra = stack.pop()
            if name != tag:
                raise _parse_error(
                    f'Unmatched end tag at byte offset {offset}, expected "</{tag}>", '
                    f'found "</{name}>"'
                )
            language = extra.pop("_language", None)
            if kind == "code" and language and stack and stack[-1][1] == "pre":
                # <pre><code class="language-x"> is one pre entity with a language.
                stack[-1][3]["language"] = language
            elif kind == "text_link" and not extra.get("url"):
                pass  # an <a> without href is plain text
            else:
                out.add(kind, start, **extra)
        else:
            m = _TAG_NAME.match(inner)
            name = m.group(0).lower() if m else ""
            if name not in _HTML_TAGS:
                raise _parse_error(f'Unsupported start tag "{name}" at byte offset {offset}')
            attrs = _html_attrs(inner[m.end() if m else 0 :].rstrip("/"))
            kind = _HTML_TAGS[name]
            fields: Json = {}
            if name == "span" and attrs.get("class") != "tg-spoiler":
                raise _parse_error(
                    f'Tag "span" must have class "tg-spoiler" at byte offset {offset}'
                )
            if name == "a":
                fields["url"] = attrs.get("href", "")
            elif name == "code" and attrs.get("class", "").startswith("language-"):
                fields["_language"] = attrs["class"].removeprefix("language-")
            elif name == "blockquote" and "expandable" in attrs:
                kind = "expandable_blockquote"
            elif name == "tg-emoji":
                fields["custom_emoji_id"] = attrs.get("emoji-id", "")
            stack.append((name, kind, out.pos, fields))
        i = end + 1
    if stack:
        raise _parse_error(f'Can\'t find end tag corresponding to start tag "{stack[-1][0]}"')
    return out.result()


_MDV2_RESERVED: Final = frozenset("_*[]()~`>#+-=|{}.!")
_MD_NAMES: Final = {
    "bold": "Bold",
    "italic": "Italic",
    "underline": "Underline",
    "strikethrough": "Strikethrough",
    "spoiler": "Spoiler",
    "text_link": "TextUrl",
    "code": "Code",
    "pre": "Pre",
    "blockquote": "BlockQuote",
}


def _md_scan_until(src: str, i: int, closing: str) -> int:
    """Index of the next unescaped ``closing`` at or after ``i``, or -1."""
    while i < len(src):
        if src[i] == "\\":
            i += 2
            continue
        if src.startswith(closing, i):
            return i
        i += 1
    return -1


def _md_unescape(text: str) -> str:
    return re.sub(r"\\([\x01-\x7e])", r"\1", text)


def parse_markdown_v2(src: str) -> tuple[str, list[Json]]:
    """Parse MarkdownV2 into plain text and entities, or raise Telegram's error."""
    out = _Builder()
    stack: list[tuple[str, int, int]] = []  # (entity type, start offset, byte offset)
    quote_start: int | None = None

    def toggle(kind: str, at: int) -> None:
        for k in range(len(stack) - 1, -1, -1):
            if stack[k][0] == kind:
                _, start, _ = stack.pop(k)
                out.add(kind, start)
                return
        stack.append((kind, out.pos, _byte_offset(src, at)))

    i, n = 0, len(src)
    while i < n:
        c = src[i]
        at_line_start = i == 0 or src[i - 1] == "\n"
        if c == "\\" and i + 1 < n and "\x01" <= src[i + 1] <= "\x7e":
            out.emit(src[i + 1])
            i += 2
        elif c == ">" and at_line_start:
            if quote_start is None:
                quote_start = out.pos
            i += 1
        elif c == "\n":
            if quote_start is not None and not src.startswith(">", i + 1):
                out.add("blockquote", quote_start)
                quote_start = None
            out.emit(c)
            i += 1
        elif c == "`":
            fence = "```" if src.startswith("```", i) else "`"
            close = _md_scan_until(src, i + len(fence), fence)
            if close < 0:
                kind = "Pre" if fence == "```" else "Code"
                raise _parse_error(
                    f"Can't find end of {kind} entity at byte offset {_byte_offset(src, i)}"
                )
            body = src[i + len(fence) : close]
            start = out.pos
            if fence == "```":
                language = ""
                first, newline, rest = body.partition("\n")
                if newline and first and " " not in first:
                    language, body = first, rest
                out.emit(_md_unescape(body))
                out.add("pre", start, **({"language": language} if language else {}))
            else:
                out.emit(_md_unescape(body))
                out.add("code", start)
            i = close + len(fence)
        elif c == "*":
            toggle("bold", i)
            i += 1
        elif c == "~":
            toggle("strikethrough", i)
            i += 1
        elif c == "_":
            if src.startswith("__", i):
                toggle("underline", i)
                i += 2
            else:
                toggle("italic", i)
                i += 1
        elif c == "|" and src.startswith("||", i):
            toggle("spoiler", i)
            i += 2
        elif c == "[":
            stack.append(("text_link", out.pos, _byte_offset(src, i)))
            i += 1
        elif c == "]" and stack and stack[-1][0] == "text_link" and src.startswith("(", i + 1):
            close = _md_scan_until(src, i + 2, ")")
            if close < 0:
                raise _parse_error(
                    f"Can't find end of a URL at byte offset {_byte_offset(src, i + 1)}"
                )
            _, start, _ = stack.pop()
            out.add("text_link", start, url=_md_unescape(src[i + 2 : close]))
            i = close + 1
        elif c in _MDV2_RESERVED:
            raise _parse_error(
                f"Character '{c}' is reserved and must be escaped with the preceding '\\'"
            )
        else:
            out.emit(c)
            i += 1
    if quote_start is not None:
        out.add("blockquote", quote_start)
    if stack:
        kind, _, offset = stack[-1]
        raise _parse_error(f"Can't find end of {_MD_NAMES[kind]} entity at byte offset {offset}")
    return out.result()


def parse_markdown(src: str) -> tuple[str, list[Json]]:
    """Parse legacy Markdown (no nesting) into plain text and entities."""
    out = _Builder()
    marks = {"*": "bold", "_": "italic"}
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        offset = _byte_offset(src, i)
        if c == "\\" and i + 1 < n and src[i + 1] in "_*`[":
            out.emit(src[i + 1])
            i += 2
        elif c in marks or c == "`":
            fence = "```" if src.startswith("```", i) else c
            close = src.find(fence, i + len(fence))
            if close < 0:
                raise _parse_error(f"Can't find end of the entity starting at byte offset {offset}")
            start = out.pos
            out.emit(src[i + len(fence) : close])
            out.add("pre" if fence == "```" else marks.get(c, "code"), start)
            i = close + len(fence)
        elif c == "[":
            close = src.find("]", i + 1)
            if close < 0 or not src.startswith("(", close + 1) or src.find(")", close) < 0:
                raise _parse_error(f"Can't find end of the entity starting at byte offset {offset}")
            url_end = src.find(")", close)
            start = out.pos
            out.emit(src[i + 1 : close])
            out.add("text_link", start, url=src[close + 2 : url_end])
            i = url_end + 1
        else:
            out.emit(c)
            i += 1
    return out.result()


def format_text(text: str, parse_mode: str | None, entities: Any) -> tuple[str, list[Json]]:
    """Apply parse_mode (or explicit entities) the way Telegram does before storing text."""
    if isinstance(entities, list):
        return text, [e for e in entities if isinstance(e, dict)]
    mode = (parse_mode or "").lower()
    if mode == "html":
        return parse_html(text)
    if mode == "markdownv2":
        return parse_markdown_v2(text)
    if mode == "markdown":
        return parse_markdown(text)
    if mode:
        raise bad_request(f"Bad Request: unsupported parse_mode {parse_mode}")
    return text, []


def command_entities(text: str) -> list[Json]:
    """Entities Telegram adds to a user's message: a bot_command at the start, if any."""
    m = re.match(r"/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,64})?", text)
    if not m:
        return []
    return [{"type": "bot_command", "offset": 0, "length": utf16_len(m.group(0))}]


# -- records -----------------------------------------------------------------


@dataclass
class Call:
    """One request the bot made: decoded parameters, uploads, and the answer it got."""

    method: str
    params: Json
    files: dict[str, bytes]
    time: float
    http_method: str = "POST"
    filenames: dict[str, str] = field(default_factory=dict)
    # 0 while the request is still being answered; 499 if the client went away.
    status: int = 0
    response: Json | None = None
    finished: float | None = None

    @property
    def ok(self) -> bool:
        """Whether Telegram answered ``ok: true``."""
        return bool(self.response and self.response.get("ok"))

    @property
    def result(self) -> Any:
        """The ``result`` of a successful answer (None otherwise)."""
        return self.response.get("result") if self.response else None

    @property
    def description(self) -> str | None:
        """The error description of a failed answer."""
        return self.response.get("description") if self.response else None

    @property
    def chat_id(self) -> int | str | None:
        """The ``chat_id`` parameter, if the method had one."""
        value = self.params.get("chat_id")
        return value if isinstance(value, int | str) else None


@dataclass
class StoredFile:
    """A file the bot uploaded (kept byte for byte) and the ids Telegram gave it."""

    kind: str  # "photo" | "document" | "animation"
    data: bytes
    file_id: str
    file_unique_id: str
    sizes: list[Json] = field(default_factory=list)
    file_name: str | None = None
    mime_type: str | None = None
    file_path: str = ""
    #: an animation's frame size and length in seconds
    width: int = 0
    height: int = 0
    duration: int = 0

    def document(self) -> Json:
        """The Document object for this file."""
        doc: Json = {
            "file_id": self.file_id,
            "file_unique_id": self.file_unique_id,
            "file_size": len(self.data),
        }
        if self.file_name:
            doc["file_name"] = self.file_name
        if self.mime_type:
            doc["mime_type"] = self.mime_type
        return doc

    def animation(self) -> Json:
        """The Animation object for this file (https://core.telegram.org/bots/api#animation)."""
        return {
            **self.document(),
            "width": self.width,
            "height": self.height,
            "duration": self.duration,
        }


@dataclass
class Version:
    """A message's content at one moment: as sent, then after each edit."""

    method: str
    time: float
    kind: str
    text: str | None
    caption: str | None
    entities: list[Json]
    reply_markup: Json | None
    file: StoredFile | None

    @property
    def photo(self) -> bytes | None:
        """Raw bytes of the photo shown in this version, if it is a photo."""
        return self.file.data if self.file and self.file.kind == "photo" else None

    def same_content(self, other: Version) -> bool:
        """What Telegram compares to decide "message is not modified"."""
        return (
            self.kind == other.kind
            and self.text == other.text
            and self.caption == other.caption
            and self.entities == other.entities
            and self.reply_markup == other.reply_markup
            and (self.file.file_unique_id if self.file else None)
            == (other.file.file_unique_id if other.file else None)
        )


@dataclass
class StoredMessage:
    """A message in a chat, in its current state, with its history of versions."""

    chat_id: int
    message_id: int
    sender: Json
    chat: Json
    date: int
    kind: str  # "text" | "photo" | "document" | "animation" | "service"
    text: str | None = None
    caption: str | None = None
    entities: list[Json] = field(default_factory=list)
    reply_markup: Json | None = None
    file: StoredFile | None = None
    thread_id: int | None = None
    is_topic: bool = False
    reply_to: StoredMessage | None = None
    pinned_message: StoredMessage | None = None
    edit_date: int | None = None
    deleted: bool = False
    pinned: bool = False
    history: list[Version] = field(default_factory=list)

    @property
    def from_bot(self) -> bool:
        """Whether the bot sent it."""
        return bool(self.sender.get("is_bot"))

    @property
    def photo(self) -> bytes | None:
        """Raw bytes of the photo the message shows now."""
        return self.file.data if self.file and self.file.kind == "photo" else None

    @property
    def animation(self) -> bytes | None:
        """Raw bytes of the animation the message shows now, as the bot uploaded it."""
        return self.file.data if self.file and self.file.kind == "animation" else None

    @property
    def content(self) -> str | None:
        """The text, or the caption of a media message."""
        return self.text if self.kind == "text" else self.caption

    @property
    def edits(self) -> list[Version]:
        """Every version after the first, oldest first."""
        return self.history[1:]

    @property
    def buttons(self) -> list[list[Json]]:
        """Rows of the inline keyboard (button dicts as sent), empty if none."""
        if not self.reply_markup:
            return []
        rows = self.reply_markup.get("inline_keyboard")
        return rows if isinstance(rows, list) else []

    @property
    def button_texts(self) -> list[list[str]]:
        """Labels of the inline keyboard, row by row."""
        return [[str(b.get("text")) for b in row] for row in self.buttons]

    def button_data(self, text: str) -> str:
        """The callback_data of the button labelled ``text`` (KeyError if none)."""
        for row in self.buttons:
            for button in row:
                if button.get("text") == text and "callback_data" in button:
                    return str(button["callback_data"])
        raise KeyError(f"no callback button {text!r} on message {self.message_id}")

    def snapshot(self, method: str) -> Version:
        """The current content as a Version."""
        return Version(
            method=method,
            time=time.monotonic(),
            kind=self.kind,
            text=self.text,
            caption=self.caption,
            entities=list(self.entities),
            reply_markup=self.reply_markup,
            file=self.file,
        )

    def to_api(self, *, with_reply: bool = True) -> Json:
        """The Message object Telegram would return or put in an update."""
        msg: Json = {
            "message_id": self.message_id,
            "from": self.sender,
            "chat": self.chat,
            "date": self.date,
        }
        if self.thread_id is not None:
            msg["message_thread_id"] = self.thread_id
            if self.is_topic:
                msg["is_topic_message"] = True
        if with_reply and self.reply_to is not None:
            msg["reply_to_message"] = self.reply_to.to_api(with_reply=False)
        if self.edit_date is not None:
            msg["edit_date"] = self.edit_date
        if self.kind == "text":
            msg["text"] = self.text
            if self.entities:
                msg["entities"] = self.entities
        elif self.kind in ("photo", "document", "animation") and self.file is not None:
            if self.kind == "photo":
                msg["photo"] = self.file.sizes
            else:
                msg["document"] = self.file.document()
            if self.kind == "animation":
                # "For backward compatibility, when this field is set, the document
                # field will also be set" (https://core.telegram.org/bots/api#message).
                msg["animation"] = self.file.animation()
            if self.caption:
                msg["caption"] = self.caption
                if self.entities:
                    msg["caption_entities"] = self.entities
        elif self.kind == "service" and self.pinned_message is not None:
            msg["pinned_message"] = self.pinned_message.to_api(with_reply=False)
        # Message.reply_markup can only be an inline keyboard.
        if self.reply_markup and "inline_keyboard" in self.reply_markup:
            msg["reply_markup"] = self.reply_markup
        return msg


@dataclass
class FakeUser:
    """A Telegram user; their private chat with the bot has the same id."""

    id: int
    first_name: str
    username: str | None = None
    language_code: str | None = "ru"
    last_name: str | None = None
    started: bool = True
    blocked: bool = False

    def to_api(self) -> Json:
        """The User object."""
        user: Json = {"id": self.id, "is_bot": False, "first_name": self.first_name}
        if self.last_name:
            user["last_name"] = self.last_name
        if self.username:
            user["username"] = self.username
        if self.language_code:
            user["language_code"] = self.language_code
        return user

    def chat(self) -> Json:
        """The private Chat object."""
        chat: Json = {"id": self.id, "type": "private", "first_name": self.first_name}
        if self.last_name:
            chat["last_name"] = self.last_name
        if self.username:
            chat["username"] = self.username
        return chat


@dataclass
class FakeGroup:
    """A supergroup (optionally a forum), or a basic group, and the bot's standing in it."""

    id: int
    title: str
    forum: bool = False
    #: "supergroup", or "group" for a basic group (which may migrate to a supergroup)
    kind: str = "supergroup"
    #: the supergroup a basic group became (https://core.telegram.org/bots/api#message,
    #: ``migrate_to_chat_id``); the old id then refuses every call
    migrated_to: int | None = None
    # "administrator" | "member" | "restricted" | "left" | "kicked"
    bot_status: str = "administrator"
    members: dict[int, str] = field(default_factory=dict)
    #: What members may do (ChatPermissions); an administrator is not bound by it.
    permissions: dict[str, bool] = field(default_factory=lambda: dict.fromkeys(PERMISSIONS, True))
    #: What the bot may do while "restricted" (its own ChatPermissions).
    bot_permissions: dict[str, bool] = field(default_factory=dict)
    #: Whether another bot wrote in the group after ours last did.
    other_bot_wrote_last: bool = False
    #: Forum topics closed (https://core.telegram.org/bots/api#closeforumtopic):
    #: only administrators who may manage topics still post there.
    closed_topics: set[int] = field(default_factory=set)

    def check_topic(self, thread_id: int | None) -> None:
        """The 400 Telegram gives a bot posting in a closed topic it may not manage."""
        if thread_id in self.closed_topics and self.bot_status != "administrator":
            raise bad_request(TOPIC_CLOSED)

    def may(self, right: str) -> bool:
        """Whether the bot may use ``right`` (``can_send_photos``…) here. Default
        permissions apply to members; a restricted member's own apply instead; an
        administrator has them all (https://core.telegram.org/bots/api#chatpermissions,
        https://core.telegram.org/bots/api#chatmemberrestricted)."""
        if self.bot_status in ("administrator", "creator"):
            return True
        rights = self.bot_permissions if self.bot_status == "restricted" else self.permissions
        return rights.get(right, True)

    def chat(self) -> Json:
        """The Chat object."""
        chat: Json = {"id": self.id, "type": self.kind, "title": self.title}
        if self.forum:
            chat["is_forum"] = True
        return chat


@dataclass
class Press:
    """A button press injected by the test, and how the bot answered it."""

    id: str
    user_id: int
    chat_id: int
    message_id: int
    data: str | None
    time: float
    answer: Json | None = None


@dataclass
class QueuedUpdate:
    """An update waiting for getUpdates to confirm it."""

    update: Json
    delivered: bool = False

    @property
    def id(self) -> int:
        return int(self.update["update_id"])

    @property
    def kind(self) -> str:
        return next(k for k in self.update if k != "update_id")


@dataclass
class Failure:
    """An error to answer instead of running the next matching call(s)."""

    method: str
    status: int
    description: str
    retry_after: int | None
    chat_id: int | str | None
    remaining: int
    #: seconds to wait before answering (``status`` 200: then run the call)
    delay: float = 0.0
    #: drop the connection instead of answering, as a reset network does
    reset: bool = False

    def matches(self, method: str, params: Json) -> bool:
        if self.method != "*" and self.method.lower() != method.lower():
            return False
        if self.method == "*" and method == "getUpdates":
            return False
        return self.chat_id is None or params.get("chat_id") == self.chat_id


def _member(user: Json, status: str) -> Json:
    """A ChatMember object of the given status with every field aiogram requires."""
    member: Json = {"status": status, "user": user}
    if status == "creator":
        member["is_anonymous"] = False
    elif status == "administrator":
        member.update(
            can_be_edited=False,
            is_anonymous=False,
            can_manage_chat=True,
            can_delete_messages=True,
            can_manage_video_chats=True,
            can_restrict_members=True,
            can_promote_members=False,
            can_change_info=True,
            can_invite_users=True,
            can_post_stories=False,
            can_edit_stories=False,
            can_delete_stories=False,
            can_send_welcome_messages=False,
            can_pin_messages=True,
            can_manage_topics=True,
        )
    elif status == "restricted":
        rights = (*PERMISSIONS, "can_react_to_messages", "can_edit_tag")
        member.update(
            {"is_member": True, "until_date": 0, **dict.fromkeys(rights, True)},
            can_send_messages=False,
        )
    elif status == "kicked":
        member["until_date"] = 0
    return member


def _image_size(data: bytes) -> tuple[int, int]:
    try:
        with Image.open(io.BytesIO(data)) as image:
            return image.size
    except Exception as exc:  # Pillow raises many types for garbage input
        raise bad_request(IMAGE_FAILED) from exc


def _photo_sizes(width: int, height: int, size: int) -> list[tuple[int, int, int]]:
    """(width, height, file_size) of the sizes Telegram keeps: thumbnails, then the photo."""
    longest = max(width, height)
    sides = [s for s in (90, 320, 800, 1280) if s < longest] + [min(longest, 2560)]
    out: list[tuple[int, int, int]] = []
    for side in sides:
        scale = side / longest
        w, h = max(1, round(width * scale)), max(1, round(height * scale))
        out.append((w, h, max(1, round(size * scale * scale))))
    return out


def _chat_instance(chat_id: int) -> str:
    # Stable per chat, opaque like the real one.
    return str((chat_id * 2654435761) % (1 << 63))


# -- the server --------------------------------------------------------------


class FakeTelegram:
    """A fake Bot API server with a model of users, groups, messages and updates."""

    def __init__(
        self,
        token: str = "123:TEST",
        *,
        bot_id: int | None = None,
        bot_username: str = "klac_test_bot",
        bot_name: str = "Klac Test",
        privacy_mode: bool = True,
    ) -> None:
        """Create the fake (not yet listening: ``await start()``).

        ``bot_id`` defaults to the number before the colon in ``token``, which is
        what aiogram's ``Bot.id`` returns; a different value is refused because
        the real API cannot produce it.
        """
        token_id = token.partition(":")[0]
        if not token_id.isdigit():
            raise ValueError(f"token must look like '<digits>:<secret>', got {token!r}")
        if bot_id is not None and bot_id != int(token_id):
            raise ValueError(
                f"bot_id {bot_id} differs from the token's id {token_id}; aiogram derives "
                "Bot.id from the token, so use a token like f'{bot_id}:TEST' instead"
            )
        self.token = token
        self.bot_id = int(token_id)
        self.bot_username = bot_username
        self.bot_name = bot_name
        self.privacy_mode = privacy_mode

        self.calls: list[Call] = []
        self.presses: dict[str, Press] = {}
        self.updates: list[Json] = []  # every update made, delivered or not
        self.dropped_updates: list[Json] = []  # filtered by allowed_updates or privacy
        self.users: dict[int, FakeUser] = {}
        self.groups: dict[int, FakeGroup] = {}
        self.webhook: Json | None = None
        self.commands_by_scope: dict[tuple[str, str], list[Json]] = {}
        self.menu_buttons: dict[int | None, Json] = {}
        self.chat_actions: list[tuple[int, str]] = []
        self.internal_errors: list[Exception] = []  # bugs in the fake itself; should stay empty

        self._messages: dict[int, dict[int, StoredMessage]] = {}
        self._next_message_id: dict[int, int] = {}
        self._chat_photos: dict[int, list[bytes]] = {}
        self._files: dict[str, StoredFile] = {}
        self._file_paths: dict[str, StoredFile] = {}
        self._queue: list[QueuedUpdate] = []
        self._allowed: frozenset[str] | None = None
        self._update_ids = itertools.count(100_001)
        self._callback_ids = itertools.count(4_000_000_000_000_000_001)
        self._failures: list[Failure] = []
        self._filenames: dict[str, str] = {}

        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self._stopping = False
        self._wakeup = asyncio.Event()
        self._inflight = 0
        self._polls_waiting = 0
        self._poll_owner = 0
        self._poll_seq = 0
        self._last_poll = float("-inf")
        self._last_activity = time.monotonic()

        self._methods: dict[str, Handler] = {
            "getMe": self._get_me,
            "getUpdates": self._get_updates,
            "setWebhook": self._set_webhook,
            "deleteWebhook": self._delete_webhook,
            "getWebhookInfo": self._get_webhook_info,
            "logOut": self._true,
            "close": self._true,
            "setMyCommands": self._set_my_commands,
            "deleteMyCommands": self._delete_my_commands,
            "getMyCommands": self._get_my_commands,
            "setChatMenuButton": self._set_chat_menu_button,
            "getChatMenuButton": self._get_chat_menu_button,
            "sendMessage": self._send_message,
            "sendPhoto": self._send_photo,
            "sendDocument": self._send_document,
            "sendAnimation": self._send_animation,
            "editMessageText": self._edit_message_text,
            "editMessageCaption": self._edit_message_caption,
            "editMessageMedia": self._edit_message_media,
            "editMessageReplyMarkup": self._edit_message_reply_markup,
            "deleteMessage": self._delete_message,
            "deleteMessages": self._delete_messages,
            "answerCallbackQuery": self._answer_callback_query,
            "getChat": self._get_chat,
            "getChatMember": self._get_chat_member,
            "getChatAdministrators": self._get_chat_administrators,
            "sendChatAction": self._send_chat_action,
            "pinChatMessage": self._pin_chat_message,
            "unpinChatMessage": self._unpin_chat_message,
            "unpinAllChatMessages": self._unpin_all_chat_messages,
            "getFile": self._get_file,
        }
        # Telegram matches method names case-insensitively.
        self._method_names = {name.lower(): name for name in self._methods}

    # -- lifecycle -------------------------------------------------------------

    async def start(self) -> None:
        """Listen on a free port on 127.0.0.1."""
        app = web.Application(client_max_size=UPLOAD_LIMIT + 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        app.router.add_get("/file/bot{token}/{path:.+}", self._download)
        # Cancelling the handler when the client disconnects ends a long poll that
        # aiogram abandoned on stop_polling, instead of leaving it to time out.
        self._runner = web.AppRunner(
            app, handler_cancellation=True, shutdown_timeout=1.0, access_log=None
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self._port = int(sock.getsockname()[1])
        await web.SockSite(self._runner, sock).start()
        self._stopping = False

    async def stop(self) -> None:
        """Answer pending long polls with no updates and shut the server down."""
        self._stopping = True
        self._notify()
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>``, for ``TelegramAPIServer.from_base``."""
        if self._port is None:
            raise RuntimeError("FakeTelegram is not started")
        return f"http://127.0.0.1:{self._port}"

    @property
    def bot_user(self) -> Json:
        """The bot's User object."""
        return {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": self.bot_name,
            "username": self.bot_username,
        }

    # -- the world -------------------------------------------------------------

    def add_user(
        self,
        user_id: int,
        first_name: str,
        *,
        username: str | None = None,
        language_code: str | None = "ru",
        last_name: str | None = None,
        started: bool = True,
    ) -> FakeUser:
        """Add a user; ``started=False``: they never opened the bot's private chat."""
        if user_id <= 0:
            raise ValueError("user ids are positive")
        user = FakeUser(
            user_id,
            first_name,
            username=username,
            language_code=language_code,
            last_name=last_name,
            started=started,
        )
        self.users[user_id] = user
        return user

    def add_group(
        self,
        chat_id: int,
        title: str,
        *,
        forum: bool = False,
        bot_admin: bool = True,
        basic: bool = False,
    ) -> FakeGroup:
        """Add a supergroup (``basic``: a basic group) with the bot in it (an admin
        unless ``bot_admin=False``)."""
        if chat_id >= 0:
            raise ValueError("group chat ids are negative (e.g. -100123)")
        group = FakeGroup(
            chat_id,
            title,
            forum=forum,
            kind="group" if basic else "supergroup",
            bot_status="administrator" if bot_admin else "member",
        )
        self.groups[chat_id] = group
        return group

    def user(self, user_id: int) -> FakeUser:
        """A user added with add_user."""
        try:
            return self.users[user_id]
        except KeyError:
            raise KeyError(f"unknown user {user_id}: call add_user first") from None

    def group(self, chat_id: int) -> FakeGroup:
        """A group added with add_group."""
        try:
            return self.groups[chat_id]
        except KeyError:
            raise KeyError(f"unknown group {chat_id}: call add_group first") from None

    def block(self, user_id: int, *, notify: bool = False) -> None:
        """The user blocks the bot; ``notify`` also queues the my_chat_member update."""
        user = self.user(user_id)
        user.blocked = True
        if notify:
            self.enqueue(self._my_chat_member(user.chat(), user.to_api(), "member", "kicked", 0))

    def unblock(self, user_id: int) -> None:
        """The user unblocks the bot."""
        self.user(user_id).blocked = False

    def kick_bot(self, chat_id: int) -> None:
        """The bot is removed from the group: later calls there get 403."""
        self.group(chat_id).bot_status = "kicked"

    def set_permissions(self, chat_id: int, **rights: bool) -> None:
        """Change what members of a group may do (``can_send_photos=False``…)."""
        group = self.group(chat_id)
        unknown = set(rights) - set(PERMISSIONS)
        if unknown:
            raise ValueError(f"not ChatPermissions fields: {sorted(unknown)}")
        group.permissions.update(rights)

    def restrict_bot(self, chat_id: int, **rights: bool) -> None:
        """Make the bot a restricted member of a group, with these rights withheld
        or granted (the others as the group's permissions say)."""
        group = self.group(chat_id)
        group.bot_status = "restricted"
        group.bot_permissions = {**group.permissions, **rights}

    def migrate_group(
        self, old_id: int, new_id: int, *, by_user_id: int, deliver: bool = True
    ) -> FakeGroup:
        """A basic group becomes a supergroup (made public, topics enabled…): the
        bot gets a service message with ``migrate_to_chat_id`` in the old chat and
        one with ``migrate_from_chat_id`` in the new one; from then on every call
        to the old id is refused with ``parameters.migrate_to_chat_id``.
        ``deliver=False``: the service messages are lost on the way."""
        old = self.group(old_id)
        if old.kind != "group":
            raise ValueError("only a basic group migrates")
        new = FakeGroup(
            new_id,
            old.title,
            bot_status=old.bot_status,
            members=dict(old.members),
            permissions=dict(old.permissions),
        )
        self.groups[new_id] = new
        old.migrated_to = new_id
        actor, now = self._actor(by_user_id), int(time.time())
        for group, field_name, value in (
            (old, "migrate_to_chat_id", new_id),
            (new, "migrate_from_chat_id", old_id),
        ):
            message_id = self._next_message_id.get(group.id, 1)
            self._next_message_id[group.id] = message_id + 1
            message = {"message_id": message_id, "from": actor, "chat": group.chat(), "date": now}
            if deliver:
                self.enqueue(self.make_update({"message": {**message, field_name: value}}))
        return new

    def close_topic(self, chat_id: int, thread_id: int, *, by_user_id: int) -> None:
        """A forum topic is closed: the bot gets ``forum_topic_closed`` there."""
        self.group(chat_id).closed_topics.add(thread_id)
        self._topic_service(chat_id, thread_id, by_user_id, "forum_topic_closed")

    def reopen_topic(self, chat_id: int, thread_id: int, *, by_user_id: int) -> None:
        """A closed topic is reopened: the bot gets ``forum_topic_reopened`` there."""
        self.group(chat_id).closed_topics.discard(thread_id)
        self._topic_service(chat_id, thread_id, by_user_id, "forum_topic_reopened")

    def _topic_service(self, chat_id: int, thread_id: int, by_user_id: int, kind: str) -> None:
        message_id = self._next_message_id.get(chat_id, 1)
        self._next_message_id[chat_id] = message_id + 1
        message = {
            "message_id": message_id,
            "from": self._actor(by_user_id),
            "chat": self.group(chat_id).chat(),
            "date": int(time.time()),
            "message_thread_id": thread_id,
            "is_topic_message": True,
            kind: {},
        }
        self.enqueue(self.make_update({"message": message}))

    def other_bot_writes(self, chat_id: int) -> None:
        """Another bot posts in the group: until ours writes again, a bare command
        no longer reaches it in privacy mode."""
        self.group(chat_id).other_bot_wrote_last = True

    def set_member_status(self, chat_id: int, user_id: int, status: str) -> None:
        """What getChatMember says about a user in a group (default "member")."""
        if status not in ("creator", "administrator", "member", "restricted", "left", "kicked"):
            raise ValueError(f"unknown chat member status {status!r}")
        self.group(chat_id).members[user_id] = status

    # -- injecting updates -----------------------------------------------------

    def make_update(self, body: Mapping[str, Any]) -> Json:
        """Give ``body`` (e.g. ``{"message": {...}}``) the next update_id; not queued."""
        update: Json = {"update_id": next(self._update_ids), **body}
        self.updates.append(update)
        return update

    def enqueue(self, update: Json) -> None:
        """Queue an update for getUpdates."""
        self._queue.append(QueuedUpdate(update))
        self._touch()

    def send_text(
        self,
        user_id: int,
        chat_id: int,
        text: str,
        *,
        thread_id: int | None = None,
        reply_to: int | None = None,
        deliver: bool = True,
    ) -> Json:
        """A user writes ``text`` in a chat; returns the Update (queued unless ``deliver=False``).

        A text starting with "/" carries a bot_command entity ("/cmd@bot args"
        too). Writing in the private chat means the user started and unblocked
        the bot. In a group where the bot is not an admin, privacy mode keeps
        plain messages from the bot (they are recorded in ``dropped_updates``).
        """
        user = self.user(user_id)
        chat = self._chat_for_injection(chat_id)
        if chat_id == user_id:
            user.started = True
            user.blocked = False
        target = self._messages.get(chat_id, {}).get(reply_to) if reply_to else None
        if reply_to is not None and (target is None or target.deleted):
            raise KeyError(f"no message {reply_to} in chat {chat_id} to reply to")
        msg = self._store(
            chat_id,
            chat,
            user.to_api(),
            "text",
            "injected",
            text=text,
            entities=command_entities(text),
            thread_id=thread_id,
            reply_to=target,
        )
        update = self.make_update({"message": msg.to_api()})
        if deliver:
            if self._bot_sees(chat_id, text, target):
                self.enqueue(update)
            else:
                self.dropped_updates.append(update)
        return update

    def press(
        self,
        user_id: int,
        chat_id: int,
        message_id: int,
        data: str | None,
        *,
        strict: bool = True,
        deliver: bool = True,
    ) -> str:
        """A user presses the button with ``data`` under a bot message; returns the query id.

        ``strict`` insists the message exists and shows such a button (as it must
        for a real client); ``strict=False`` simulates stale or forged presses.
        The Update is ``fake.updates[-1]``; it is queued unless ``deliver=False``.
        """
        user = self.user(user_id)
        self._chat_for_injection(chat_id)
        msg = self._messages.get(chat_id, {}).get(message_id)
        if strict:
            if msg is None or msg.deleted:
                raise KeyError(f"no message {message_id} in chat {chat_id} to press on")
            datas = {b.get("callback_data") for row in msg.buttons for b in row}
            if data not in datas:
                raise KeyError(
                    f"message {message_id} has no button with callback_data {data!r}; "
                    f"buttons: {msg.buttons}"
                )
        query_id = str(next(self._callback_ids))
        query: Json = {
            "id": query_id,
            "from": user.to_api(),
            "chat_instance": _chat_instance(chat_id),
        }
        if msg is not None and not msg.deleted:
            query["message"] = msg.to_api()
        if data is not None:
            query["data"] = data
        self.presses[query_id] = Press(
            query_id, user_id, chat_id, message_id, data, time.monotonic()
        )
        update = self.make_update({"callback_query": query})
        if deliver:
            self.enqueue(update)
        return query_id

    def press_button(self, user_id: int, chat_id: int, message_id: int, text: str) -> str:
        """Press the button labelled ``text``; returns the query id."""
        data = self.message(chat_id, message_id).button_data(text)
        return self.press(user_id, chat_id, message_id, data)

    def bot_removed(
        self,
        chat_id: int,
        *,
        by_user_id: int | None = None,
        status: str = "kicked",
        deliver: bool = True,
    ) -> Json:
        """The bot is kicked from (or leaves) a group: my_chat_member update plus kick_bot."""
        group = self.group(chat_id)
        old = group.bot_status
        group.bot_status = status
        update = self._my_chat_member(
            group.chat(), self._actor(by_user_id), old, status, 0 if status == "kicked" else None
        )
        if deliver:
            self.enqueue(update)
        return update

    def bot_added(
        self,
        chat_id: int,
        *,
        by_user_id: int | None = None,
        admin: bool = False,
        deliver: bool = True,
    ) -> Json:
        """The bot is added to a group: my_chat_member update (left → member/administrator)."""
        group = self.group(chat_id)
        old = group.bot_status
        group.bot_status = "administrator" if admin else "member"
        update = self._my_chat_member(
            group.chat(), self._actor(by_user_id), old, group.bot_status, None
        )
        if deliver:
            self.enqueue(update)
        return update

    def delete_message(self, chat_id: int, message_id: int) -> None:
        """A user deletes a message: later edits or deletes of it get 400."""
        msg = self._messages.get(chat_id, {}).get(message_id)
        if msg is None:
            raise KeyError(f"no message {message_id} in chat {chat_id}")
        msg.deleted = True
        self._touch()

    # -- error injection -------------------------------------------------------

    def fail_next(
        self,
        method: str,
        *,
        status: int = 429,
        description: str | None = None,
        retry_after: int | None = 2,
        chat_id: int | str | None = None,
        times: int = 1,
        delay: float = 0.0,
        reset: bool = False,
    ) -> None:
        """Answer the next ``times`` calls of ``method`` (``"*"``: any) with an error.

        A 429 carries ``parameters.retry_after``; its default description is
        "Too Many Requests: retry after N". Only calls to ``chat_id`` match if given.
        ``delay``: answer that many seconds late (``status=200``: late but
        carried out); ``reset``: drop the connection without an answer.
        """
        if description is None:
            description = {
                429: f"Too Many Requests: retry after {retry_after}",
                400: "Bad Request",
                403: "Forbidden",
                500: "Internal Server Error",
                502: "Bad Gateway",
            }.get(status, "Error")
        self._failures.append(
            Failure(
                method,
                status,
                description,
                retry_after if status == 429 else None,
                chat_id,
                times,
                delay,
                reset,
            )
        )

    # -- inspection ------------------------------------------------------------

    def calls_to(self, method: str | None = None, chat_id: int | str | None = None) -> list[Call]:
        """Calls of ``method`` (any if None), to ``chat_id`` (any if None), oldest first."""
        wanted = self._canonical(method) if method else None
        return [
            c
            for c in self.calls
            if (wanted is None or c.method == wanted)
            and (chat_id is None or c.params.get("chat_id") == chat_id)
        ]

    def messages(
        self, chat_id: int, *, include_deleted: bool = False, include_users: bool = False
    ) -> list[StoredMessage]:
        """The bot's messages in a chat in their current state, oldest first."""
        return [
            m
            for m in self._messages.get(chat_id, {}).values()
            if (include_deleted or not m.deleted)
            and (include_users or m.from_bot)
            and m.kind != "service"
        ]

    def message(self, chat_id: int, message_id: int) -> StoredMessage:
        """One message, deleted or not (KeyError if it never existed)."""
        try:
            return self._messages[chat_id][message_id]
        except KeyError:
            raise KeyError(f"no message {message_id} in chat {chat_id}") from None

    def last_message(self, chat_id: int) -> StoredMessage:
        """The bot's newest message still in the chat."""
        msgs = self.messages(chat_id)
        if not msgs:
            raise KeyError(f"the bot has no message in chat {chat_id}")
        return msgs[-1]

    def photos(self, chat_id: int) -> list[bytes]:
        """Raw bytes of every image shown in a chat (sends and edits), in order."""
        return list(self._chat_photos.get(chat_id, []))

    def animations(self, chat_id: int) -> list[StoredMessage]:
        """The bot's animation messages in a chat, oldest first (``.animation``: the
        bytes uploaded, ``.caption``)."""
        return [m for m in self.messages(chat_id) if m.kind == "animation"]

    def alerts(self, user_id: int) -> list[str]:
        """Texts the bot answered to this user's presses (answers without text skipped)."""
        return [
            str(p.answer["text"])
            for p in self.presses.values()
            if p.user_id == user_id and p.answer and p.answer.get("text")
        ]

    def commands(self, scope: Json | None = None, language_code: str = "") -> list[Json]:
        """Commands last set for a scope (default scope if None) and language."""
        return self.commands_by_scope.get(self._scope_key(scope, language_code), [])

    @property
    def waiting_polls(self) -> int:
        """How many getUpdates requests are being held open right now."""
        return self._polls_waiting

    @property
    def pending_updates(self) -> list[Json]:
        """Queued updates not yet confirmed by the bot."""
        return [q.update for q in self._queue]

    # -- flood accounting ------------------------------------------------------

    def send_times(
        self, chat_id: int | None = None, methods: Iterable[str] = FLOOD_METHODS
    ) -> list[float]:
        """Monotonic times of the calls in ``methods`` to ``chat_id`` (every chat if None)."""
        wanted = set(methods)
        return [
            c.time
            for c in self.calls
            if c.method in wanted and (chat_id is None or c.params.get("chat_id") == chat_id)
        ]

    def max_rate(
        self,
        chat_id: int | None = None,
        *,
        window: float = 1.0,
        methods: Iterable[str] = FLOOD_METHODS,
    ) -> int:
        """The most such calls that fell within any ``window`` seconds."""
        times = self.send_times(chat_id, methods)
        best, lo = 0, 0
        for hi, t in enumerate(times):
            while t - times[lo] >= window:
                lo += 1
            best = max(best, hi - lo + 1)
        return best

    # -- waiting ---------------------------------------------------------------

    # The waiting helpers take timeout= like asyncio.wait_for: tests read better that way.
    async def wait_for(
        self,
        predicate: Callable[[Call], bool],
        timeout: float = 5.0,  # noqa: ASYNC109
        *,
        after: int = 0,
    ) -> Call:
        """The first answered call from ``calls[after:]`` that matches ``predicate``."""

        def found() -> Call | None:
            return next(
                (c for c in self.calls[after:] if c.status and predicate(c)),
                None,
            )

        deadline = time.monotonic() + timeout
        while (call := found()) is None:
            if not await self._wait_change(deadline):
                raise TimeoutError(
                    f"no matching call within {timeout}s; calls: {self._summary(after)}"
                )
        return call

    async def wait_until(
        self,
        condition: Callable[[], bool],
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> None:
        """Wait until ``condition()`` holds (checked whenever the fake's state changes)."""
        deadline = time.monotonic() + timeout
        while not condition():
            if not await self._wait_change(deadline):
                raise TimeoutError(f"condition still false after {timeout}s")

    async def wait_answer(self, callback_id: str, timeout: float = 5.0) -> Json:  # noqa: ASYNC109
        """The answerCallbackQuery parameters the bot sent for a press."""
        press = self.presses[callback_id]
        await self.wait_until(lambda: press.answer is not None, timeout)
        assert press.answer is not None
        return press.answer

    async def idle(self, quiet: float = 0.2, timeout: float = 10.0) -> None:  # noqa: ASYNC109
        """Wait until the bot has gone ``quiet`` seconds without a call.

        It is not idle while a request is being answered, or while queued
        updates wait for a poller that is polling.
        """
        deadline = time.monotonic() + timeout
        while True:
            now = time.monotonic()
            busy = self._busy_reason(now)
            quiet_left = quiet - (now - self._last_activity)
            if busy is None and quiet_left <= 0:
                return
            if now >= deadline:
                raise TimeoutError(
                    f"not idle after {timeout}s: {busy or 'calls keep arriving'}; "
                    f"last calls: {self._summary(max(0, len(self.calls) - 5))}"
                )
            # Poller activity is judged by the clock, so re-check often while busy.
            step = quiet_left if busy is None else 0.05
            await self._wait_change(min(deadline, now + step))

    # -- internals: plumbing ---------------------------------------------------

    def _notify(self) -> None:
        # Wake every waiter once; later waiters wait on a fresh event.
        self._wakeup.set()
        self._wakeup = asyncio.Event()

    def _touch(self) -> None:
        self._last_activity = time.monotonic()
        self._notify()

    async def _wait_change(self, deadline: float) -> bool:
        """Wait for a state change until ``deadline``; False if the deadline passed first."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        try:
            await asyncio.wait_for(self._wakeup.wait(), remaining)
        except TimeoutError:
            return time.monotonic() < deadline
        return True

    def _busy_reason(self, now: float) -> str | None:
        if self._inflight:
            return f"{self._inflight} request(s) being answered"
        poller_active = self._polls_waiting > 0 or now - self._last_poll < 1.0
        if poller_active and any(not q.delivered for q in self._queue):
            return "queued updates not yet fetched"
        return None

    def _summary(self, after: int) -> str:
        return ", ".join(f"{c.method}:{c.status}" for c in self.calls[after:]) or "none"

    def _canonical(self, name: str) -> str:
        return self._method_names.get(name.lower(), name)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        method = self._canonical(request.match_info["method"])
        call = Call(method, {}, {}, time.monotonic(), request.method)
        if request.match_info["token"] != self.token:
            call.status, call.response = 401, ApiError(401, UNAUTHORIZED).body()
            self.calls.append(call)
            return web.json_response(call.response, status=401)
        polling = method == "getUpdates"
        self.calls.append(call)
        if polling:
            # Idle polls are not activity, but waiters watching the call log must see them.
            self._notify()
        else:
            self._inflight += 1
            self._touch()
        status, body = 200, {}
        try:
            call.params, call.files, call.filenames = await self._read_params(request)
            handler = self._methods.get(method)
            if handler is None:
                raise ApiError(404, NOT_FOUND)
            failure = self._injected_failure(method, call.params)
            if failure is not None:
                await asyncio.sleep(failure.delay)
                if failure.reset:
                    assert request.transport is not None
                    request.transport.abort()
                    call.status = 0
                    return web.Response(status=500)
                if failure.status != 200:
                    raise ApiError(
                        failure.status, failure.description, retry_after=failure.retry_after
                    )
            # Handlers run without awaiting until they read this, so no other
            # request can swap it in between.
            self._filenames = call.filenames
            result = handler(call.params, call.files)
            if isinstance(result, Awaitable):
                result = await result
            body = {"ok": True, "result": result}
        except ApiError as exc:
            status, body = exc.status, exc.body()
        except Exception as exc:
            # A bug in the fake: answer (so the bot does not hang) and keep it for the test.
            self.internal_errors.append(exc)
            status = 500
            body = ApiError(500, f"Internal Server Error: fake_api {exc!r}").body()
        except asyncio.CancelledError:
            call.status, call.finished = 499, time.monotonic()
            raise
        finally:
            if not polling:
                self._inflight -= 1
        call.status, call.response, call.finished = status, body, time.monotonic()
        if not polling or body.get("result"):
            self._touch()
        else:
            self._notify()
        return web.json_response(body, status=status)

    async def _read_params(
        self, request: web.Request
    ) -> tuple[Json, dict[str, bytes], dict[str, str]]:
        raw: dict[str, Any] = dict(request.query)
        files: dict[str, bytes] = {}
        filenames: dict[str, str] = {}
        if request.can_read_body:
            try:
                if request.content_type == "application/json":
                    body = await request.json()
                    if not isinstance(body, dict):
                        raise bad_request("Bad Request: request body must be a JSON object")
                    raw.update(body)
                elif request.content_type in (
                    "multipart/form-data",
                    "application/x-www-form-urlencoded",
                ):
                    for key, value in (await request.post()).items():
                        if isinstance(value, web.FileField):
                            files[key] = value.file.read()
                            filenames[key] = value.filename
                        else:
                            raw[key] = value
            except web.HTTPRequestEntityTooLarge:
                raise ApiError(413, "Request Entity Too Large") from None
            except json.JSONDecodeError:
                raise bad_request("Bad Request: can't parse JSON object") from None
        return {k: self._coerce(k, v) for k, v in raw.items()}, files, filenames

    @staticmethod
    def _coerce(key: str, value: Any) -> Any:
        # aiogram JSON-encodes every non-string value in a form, strings go as they are.
        if not isinstance(value, str):
            return value
        if key in JSON_FIELDS:
            try:
                return json.loads(value)
            except json.JSONDecodeError:
                if key == "reply_markup":
                    raise bad_request(BAD_MARKUP) from None
                raise bad_request(f"Bad Request: can't parse {key} JSON object") from None
        if key in INT_FIELDS and re.fullmatch(r"-?\d+", value):
            return int(value)
        if key in BOOL_FIELDS:
            return value.lower() in ("true", "1")
        return value

    def _injected_failure(self, method: str, params: Json) -> Failure | None:
        for failure in self._failures:
            if failure.remaining > 0 and failure.matches(method, params):
                failure.remaining -= 1
                if failure.remaining == 0:
                    self._failures.remove(failure)
                return failure
        return None

    async def _download(self, request: web.Request) -> web.StreamResponse:
        if request.match_info["token"] != self.token:
            return web.json_response(ApiError(401, UNAUTHORIZED).body(), status=401)
        stored = self._file_paths.get(request.match_info["path"])
        if stored is None:
            return web.json_response(ApiError(404, NOT_FOUND).body(), status=404)
        return web.Response(body=stored.data, content_type=stored.mime_type or "image/jpeg")

    # -- internals: chats and messages -----------------------------------------

    def _chat_for_injection(self, chat_id: int) -> Json:
        if chat_id > 0:
            return self.user(chat_id).chat()
        return self.group(chat_id).chat()

    def _actor(self, user_id: int | None) -> Json:
        if user_id is not None:
            return self.user(user_id).to_api()
        return {"id": 777000, "is_bot": False, "first_name": "Telegram"}

    def _my_chat_member(
        self, chat: Json, actor: Json, old: str, new: str, until: int | None
    ) -> Json:
        new_member = _member(self.bot_user, new)
        if until is not None and new == "kicked":
            new_member["until_date"] = until
        return self.make_update(
            {
                "my_chat_member": {
                    "chat": chat,
                    "from": actor,
                    "date": int(time.time()),
                    "old_chat_member": _member(self.bot_user, old),
                    "new_chat_member": new_member,
                }
            }
        )

    def _bot_sees(self, chat_id: int, text: str, reply_to: StoredMessage | None) -> bool:
        if chat_id > 0:
            return True
        group = self.groups[chat_id]
        if group.bot_status in ("left", "kicked"):
            return False
        if not self.privacy_mode or group.bot_status == "administrator":
            return True
        # Privacy mode (https://core.telegram.org/bots/features#privacy-mode):
        # commands meant for this bot (/command@this_bot), general commands
        # (/start) only "if the bot was the last bot to send a message to the
        # group", replies to its messages and mentions of it.
        mention = f"@{self.bot_username}".lower()
        m = re.match(r"/[A-Za-z0-9_]+(@\w+)?", text)
        if m:
            if m.group(1) is None:
                return not group.other_bot_wrote_last
            return m.group(1).lower() == mention
        return (reply_to is not None and reply_to.from_bot) or mention in text.lower()

    def _chat_id(self, params: Json) -> int:
        chat_id = params.get("chat_id")
        if chat_id is None or chat_id == "":
            raise bad_request("Bad Request: chat_id is empty")
        if not isinstance(chat_id, int):
            # The fake has no public @usernames; users can't be addressed by one anyway.
            raise bad_request(CHAT_NOT_FOUND)
        return chat_id

    def _known_chat(self, chat_id: int) -> Json:
        if chat_id > 0 and chat_id in self.users:
            return self.users[chat_id].chat()
        if chat_id < 0 and chat_id in self.groups:
            return self.groups[chat_id].chat()
        raise bad_request(CHAT_NOT_FOUND)

    def _writable_chat(self, chat_id: int, right: str | None = None) -> Json:
        """The chat, if the bot may act in it (and use ``right`` there, such as
        ``can_send_photos``); else the 400/403 Telegram gives."""
        chat = self._known_chat(chat_id)
        if chat_id > 0:
            user = self.users[chat_id]
            if user.blocked:
                raise ApiError(403, BLOCKED)
            if not user.started:
                raise ApiError(403, NOT_STARTED)
        else:
            group = self.groups[chat_id]
            if group.migrated_to is not None:
                raise ApiError(400, MIGRATED, migrate_to_chat_id=group.migrated_to)
            if group.bot_status == "kicked":
                raise ApiError(403, KICKED)
            if group.bot_status == "left":
                raise ApiError(403, NOT_MEMBER)
            if right is not None and not group.may(right):
                raise bad_request(
                    {
                        "can_send_messages": NO_TEXT_RIGHTS,
                        "can_send_photos": NO_PHOTO_RIGHTS,
                        "can_send_documents": NO_DOCUMENT_RIGHTS,
                        "can_send_other_messages": NO_ANIMATION_RIGHTS,
                    }[right]
                )
        return chat

    def _store(
        self,
        chat_id: int,
        chat: Json,
        sender: Json,
        kind: str,
        method: str,
        *,
        text: str | None = None,
        caption: str | None = None,
        entities: list[Json] | None = None,
        reply_markup: Json | None = None,
        file: StoredFile | None = None,
        thread_id: int | None = None,
        reply_to: StoredMessage | None = None,
        pinned_message: StoredMessage | None = None,
    ) -> StoredMessage:
        message_id = self._next_message_id.get(chat_id, 1)
        self._next_message_id[chat_id] = message_id + 1
        forum = chat_id < 0 and self.groups[chat_id].forum
        msg = StoredMessage(
            chat_id=chat_id,
            message_id=message_id,
            sender=sender,
            chat=chat,
            date=int(time.time()),
            kind=kind,
            text=text,
            caption=caption,
            entities=entities or [],
            reply_markup=reply_markup,
            file=file,
            thread_id=thread_id,
            is_topic=forum and thread_id is not None,
            reply_to=reply_to,
            pinned_message=pinned_message,
        )
        msg.history.append(msg.snapshot(method))
        self._messages.setdefault(chat_id, {})[message_id] = msg
        if chat_id < 0 and sender.get("id") == self.bot_id:
            self.groups[chat_id].other_bot_wrote_last = False
        if msg.photo is not None:
            self._chat_photos.setdefault(chat_id, []).append(msg.photo)
        return msg

    def _reply_target(self, chat_id: int, params: Json) -> StoredMessage | None:
        reply = params.get("reply_parameters")
        if isinstance(reply, dict):
            target_id = reply.get("message_id")
            allow = bool(reply.get("allow_sending_without_reply"))
        else:
            target_id = params.get("reply_to_message_id")
            allow = bool(params.get("allow_sending_without_reply"))
        if target_id is None:
            return None
        target = self._messages.get(chat_id, {}).get(target_id)
        if target is None or target.deleted:
            if allow:
                return None
            raise bad_request(REPLY_NOT_FOUND)
        return target

    @staticmethod
    def _check_markup(markup: Any, *, inline_only: bool = False) -> Json | None:
        """Validate reply_markup as Telegram does; returns it normalized (None: no keyboard)."""
        if markup is None:
            return None
        if not isinstance(markup, dict):
            raise bad_request(BAD_MARKUP)
        if "inline_keyboard" not in markup:
            if inline_only:
                raise bad_request(INLINE_EXPECTED)
            if not any(k in markup for k in ("keyboard", "remove_keyboard", "force_reply")):
                raise bad_request(BAD_MARKUP)
            return markup
        rows = markup["inline_keyboard"]
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            raise bad_request(
                'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup should be '
                "an Array of Arrays"
            )
        if sum(len(r) for r in rows) > BUTTON_LIMIT:
            raise bad_request(MARKUP_TOO_LONG)
        for row in rows:
            for button in row:
                if not isinstance(button, dict):
                    raise bad_request(
                        "Bad Request: can't parse inline keyboard button: "
                        "InlineKeyboardButton must be an Object"
                    )
                label = button.get("text")
                if not isinstance(label, str) or not label.strip():
                    raise bad_request(BUTTON_DATA_INVALID)
                # An empty callback_data counts as no action at all.
                if not any(button.get(k) not in (None, "") for k in INLINE_BUTTON_ACTIONS):
                    raise bad_request(TEXT_BUTTONS)
                data = button.get("callback_data")
                if data is not None and (
                    not isinstance(data, str) or len(data.encode()) > CALLBACK_DATA_LIMIT
                ):
                    raise bad_request(BUTTON_DATA_INVALID)
                url = button.get("url")
                if url is not None and not re.match(r"(https?|tg)://\S+$", str(url)):
                    raise bad_request(BUTTON_URL_INVALID)
        kept = [row for row in rows if row]
        return {"inline_keyboard": kept} if kept else None

    @staticmethod
    def _text(params: Json, key: str, limit: int, empty: str | None) -> tuple[str, list[Json]]:
        raw = params.get(key)
        raw = "" if raw is None else str(raw)
        entities_key = "entities" if key == "text" else "caption_entities"
        text, entities = format_text(raw, params.get("parse_mode"), params.get(entities_key))
        if empty is not None and not text.strip():
            raise bad_request(empty)
        if len(text) > limit:
            raise bad_request(TEXT_TOO_LONG if key == "text" else CAPTION_TOO_LONG)
        return text, entities

    def _new_file_ids(self, prefix: str) -> tuple[str, str]:
        return prefix + secrets.token_urlsafe(24), "AQAD" + secrets.token_urlsafe(8)

    def _upload_photo(self, data: bytes) -> StoredFile:
        if not data:
            raise bad_request("Bad Request: file must be non-empty")
        # "The photo must be at most 10 MB in size" (https://core.telegram.org/bots/api#sendphoto).
        if len(data) > PHOTO_SIZE_LIMIT:
            raise bad_request(PHOTO_TOO_BIG)
        width, height = _image_size(data)
        if width + height > 10_000 or max(width, height) > 20 * min(width, height):
            raise bad_request(PHOTO_DIMENSIONS)
        sizes: list[Json] = []
        stored = StoredFile("photo", data, "", "")
        for w, h, size in _photo_sizes(width, height, len(data)):
            file_id, unique_id = self._new_file_ids("AgACAgIAAxkDAAI")
            sizes.append(
                {
                    "file_id": file_id,
                    "file_unique_id": unique_id,
                    "width": w,
                    "height": h,
                    "file_size": size,
                }
            )
            self._files[file_id] = stored
        stored.sizes = sizes
        stored.file_id = sizes[-1]["file_id"]
        stored.file_unique_id = sizes[-1]["file_unique_id"]
        stored.file_path = f"photos/file_{len(self._file_paths)}.jpg"
        self._file_paths[stored.file_path] = stored
        return stored

    def _upload_document(self, data: bytes, filename: str | None) -> StoredFile:
        if not data:
            raise bad_request("Bad Request: file must be non-empty")
        file_id, unique_id = self._new_file_ids("BQACAgIAAxkDAAI")
        mime = mimetypes.guess_type(filename or "")[0] or "application/octet-stream"
        stored = StoredFile(
            "document", data, file_id, unique_id, file_name=filename, mime_type=mime
        )
        stored.file_path = f"documents/file_{len(self._file_paths)}"
        self._files[file_id] = stored
        self._file_paths[stored.file_path] = stored
        return stored

    def _upload_animation(self, data: bytes, filename: str | None) -> StoredFile:
        if not data:
            raise bad_request("Bad Request: file must be non-empty")
        if len(data) > ANIMATION_SIZE_LIMIT:
            raise ApiError(413, "Request Entity Too Large")
        try:
            with Image.open(io.BytesIO(data)) as image:
                if image.format != "GIF":
                    raise bad_request(NOT_A_GIF)
                width, height = image.size
                milliseconds = 0
                for frame in range(getattr(image, "n_frames", 1)):
                    image.seek(frame)
                    milliseconds += int(image.info.get("duration", 0))
        except ApiError:
            raise
        except Exception as exc:  # Pillow raises many types for garbage input
            raise bad_request(NOT_A_GIF) from exc
        file_id, unique_id = self._new_file_ids("CgACAgIAAxkDAAI")
        # Telegram turns an uploaded GIF into an MPEG-4 video; the fake keeps the
        # upload byte for byte, so that tests can read its frames back.
        stored = StoredFile(
            "animation",
            data,
            file_id,
            unique_id,
            file_name=filename,
            mime_type="image/gif",
            width=width,
            height=height,
            duration=round(milliseconds / 1000),
        )
        stored.file_path = f"animations/file_{len(self._file_paths)}.gif"
        self._files[file_id] = stored
        self._file_paths[stored.file_path] = stored
        return stored

    def _input_file(self, value: Any, key: str, kind: str, files: dict[str, bytes]) -> StoredFile:
        """Resolve a media parameter: ``attach://name``, a direct part, or a file_id."""
        data: bytes | None = None
        name: str | None = None
        if isinstance(value, str) and value.startswith("attach://"):
            part = value.removeprefix("attach://")
            if part not in files:
                raise bad_request(WRONG_FILE)
            data, name = files[part], self._filenames.get(part)
        elif value is None and key in files:
            data, name = files[key], self._filenames.get(key)
        elif isinstance(value, str) and value:
            stored = self._files.get(value)
            if stored is None:
                raise bad_request(WRONG_FILE)
            if stored.kind != kind:
                raise bad_request(
                    f"Bad Request: can't use file of type {stored.kind.title()} as {kind.title()}"
                )
            return stored
        else:
            raise bad_request(f"Bad Request: there is no {kind} in the request")
        if len(data) > UPLOAD_LIMIT:
            raise ApiError(413, "Request Entity Too Large")
        if kind == "animation":
            return self._upload_animation(data, name)
        return self._upload_photo(data) if kind == "photo" else self._upload_document(data, name)

    def _editable(self, params: Json, not_found: str = EDIT_NOT_FOUND) -> StoredMessage:
        if params.get("inline_message_id"):
            raise bad_request("Bad Request: MESSAGE_ID_INVALID")
        chat_id = self._chat_id(params)
        self._writable_chat(chat_id)
        message_id = params.get("message_id")
        if not isinstance(message_id, int):
            raise bad_request("Bad Request: message identifier is not specified")
        msg = self._messages.get(chat_id, {}).get(message_id)
        if msg is None or msg.deleted:
            raise bad_request(not_found)
        self._check_topic(chat_id, msg.thread_id)
        return msg

    def _check_topic(self, chat_id: int, thread_id: Any) -> None:
        if chat_id < 0 and isinstance(thread_id, int):
            self.groups[chat_id].check_topic(thread_id)

    def _apply_edit(self, msg: StoredMessage, method: str, **changes: Any) -> Json:
        if not msg.from_bot or msg.kind == "service":
            raise bad_request(CANT_EDIT)
        before = msg.snapshot(method)
        for key, value in changes.items():
            setattr(msg, key, value)
        after = msg.snapshot(method)
        if after.same_content(before):
            for key in changes:
                setattr(msg, key, getattr(before, key))
            raise bad_request(NOT_MODIFIED)
        msg.history.append(after)
        msg.edit_date = int(time.time())
        shown = after.file
        old_id = before.file.file_unique_id if before.file else None
        if shown is not None and shown.kind == "photo" and shown.file_unique_id != old_id:
            self._chat_photos.setdefault(msg.chat_id, []).append(shown.data)
        return msg.to_api()

    def _scope_key(self, scope: Any, language_code: Any) -> tuple[str, str]:
        scope = scope if isinstance(scope, dict) else {"type": "default"}
        return json.dumps(scope, sort_keys=True), str(language_code or "")

    # -- method handlers -------------------------------------------------------

    def _true(self, params: Json, files: dict[str, bytes]) -> bool:
        return True

    def _get_me(self, params: Json, files: dict[str, bytes]) -> Json:
        return {
            **self.bot_user,
            "can_join_groups": True,
            "can_read_all_group_messages": not self.privacy_mode,
            "supports_inline_queries": False,
        }

    async def _get_updates(self, params: Json, files: dict[str, bytes]) -> list[Json]:
        if self.webhook is not None:
            raise ApiError(409, WEBHOOK_ACTIVE)
        allowed = params.get("allowed_updates")
        if isinstance(allowed, list):
            self._allowed = frozenset(allowed) or None
        offset = params.get("offset")
        if isinstance(offset, int) and offset != 0:
            if offset > 0:
                self._queue = [q for q in self._queue if q.id >= offset]
            else:
                self._queue = self._queue[offset:]
        limit = params.get("limit", 100)
        limit = min(max(int(limit), 1), 100) if isinstance(limit, int) else 100
        timeout = params.get("timeout", 0)
        timeout = max(float(timeout), 0.0) if isinstance(timeout, int | float) else 0.0

        self._poll_seq += 1
        me = self._poll_owner = self._poll_seq
        self._polls_waiting += 1
        self._last_poll = time.monotonic()
        self._notify()
        deadline = self._last_poll + timeout
        try:
            while True:
                if self._stopping:
                    return []
                if self._poll_owner != me:
                    raise ApiError(409, POLL_CONFLICT)
                batch = self._take_updates(limit)
                if batch or not await self._wait_change(deadline):
                    return batch
        finally:
            self._polls_waiting -= 1
            self._last_poll = time.monotonic()

    def _take_updates(self, limit: int) -> list[Json]:
        allowed = self._allowed
        kept: list[QueuedUpdate] = []
        for q in self._queue:
            ok = q.kind in allowed if allowed is not None else q.kind not in OPT_IN_UPDATES
            if ok:
                kept.append(q)
            else:
                # Telegram never keeps updates of types the bot did not ask for.
                self.dropped_updates.append(q.update)
        self._queue = kept
        batch = kept[:limit]
        for q in batch:
            q.delivered = True
        return [q.update for q in batch]

    def _set_webhook(self, params: Json, files: dict[str, bytes]) -> bool:
        url = params.get("url") or ""
        if not url:
            self.webhook = None
            return True
        self.webhook = {k: v for k, v in params.items() if k != "certificate"}
        if params.get("drop_pending_updates"):
            self._queue.clear()
        if isinstance(params.get("allowed_updates"), list):
            self._allowed = frozenset(params["allowed_updates"]) or None
        return True

    def _delete_webhook(self, params: Json, files: dict[str, bytes]) -> bool:
        self.webhook = None
        if params.get("drop_pending_updates"):
            self._queue.clear()
        return True

    def _get_webhook_info(self, params: Json, files: dict[str, bytes]) -> Json:
        info: Json = {
            "url": self.webhook["url"] if self.webhook else "",
            "has_custom_certificate": False,
            "pending_update_count": len(self._queue),
        }
        if self.webhook:
            info["max_connections"] = self.webhook.get("max_connections", 40)
            if self._allowed is not None:
                info["allowed_updates"] = sorted(self._allowed)
        return info

    def _set_my_commands(self, params: Json, files: dict[str, bytes]) -> bool:
        commands = params.get("commands")
        if not isinstance(commands, list):
            raise bad_request("Bad Request: commands must be an Array")
        if len(commands) > 100:
            raise bad_request("Bad Request: too many commands")
        for cmd in commands:
            name = cmd.get("command", "") if isinstance(cmd, dict) else ""
            if not re.fullmatch(r"[a-z0-9_]{1,32}", str(name)):
                raise bad_request("Bad Request: BOT_COMMAND_INVALID")
            description = str(cmd.get("description", ""))
            if not 1 <= len(description) <= 256:
                raise bad_request("Bad Request: BOT_COMMAND_DESCRIPTION_INVALID")
        key = self._scope_key(params.get("scope"), params.get("language_code"))
        self.commands_by_scope[key] = commands
        return True

    def _delete_my_commands(self, params: Json, files: dict[str, bytes]) -> bool:
        key = self._scope_key(params.get("scope"), params.get("language_code"))
        self.commands_by_scope.pop(key, None)
        return True

    def _get_my_commands(self, params: Json, files: dict[str, bytes]) -> list[Json]:
        return self.commands(params.get("scope"), str(params.get("language_code") or ""))

    def _set_chat_menu_button(self, params: Json, files: dict[str, bytes]) -> bool:
        chat_id = params.get("chat_id")
        if isinstance(chat_id, int):
            self._known_chat(chat_id)
        button = params.get("menu_button")
        self.menu_buttons[chat_id if isinstance(chat_id, int) else None] = (
            button if isinstance(button, dict) else {"type": "default"}
        )
        return True

    def _get_chat_menu_button(self, params: Json, files: dict[str, bytes]) -> Json:
        chat_id = params.get("chat_id")
        key = chat_id if isinstance(chat_id, int) else None
        return self.menu_buttons.get(key) or self.menu_buttons.get(None) or {"type": "commands"}

    def _send_message(self, params: Json, files: dict[str, bytes]) -> Json:
        chat_id = self._chat_id(params)
        chat = self._writable_chat(chat_id, "can_send_messages")
        self._check_topic(chat_id, params.get("message_thread_id"))
        text, entities = self._text(params, "text", TEXT_LIMIT, TEXT_EMPTY)
        markup = self._check_markup(params.get("reply_markup"))
        reply_to = self._reply_target(chat_id, params)
        msg = self._store(
            chat_id,
            chat,
            self.bot_user,
            "text",
            "sendMessage",
            text=text,
            entities=entities,
            reply_markup=markup,
            thread_id=params.get("message_thread_id"),
            reply_to=reply_to,
        )
        return msg.to_api()

    def _send_media(self, params: Json, files: dict[str, bytes], kind: str) -> Json:
        chat_id = self._chat_id(params)
        chat = self._writable_chat(chat_id, MEDIA_RIGHTS[kind])
        self._check_topic(chat_id, params.get("message_thread_id"))
        caption, entities = self._text(params, "caption", CAPTION_LIMIT, None)
        markup = self._check_markup(params.get("reply_markup"))
        reply_to = self._reply_target(chat_id, params)
        stored = self._input_file(params.get(kind), kind, kind, files)
        msg = self._store(
            chat_id,
            chat,
            self.bot_user,
            kind,
            f"send{kind.title()}",
            caption=caption or None,
            entities=entities,
            reply_markup=markup,
            file=stored,
            thread_id=params.get("message_thread_id"),
            reply_to=reply_to,
        )
        return msg.to_api()

    def _send_photo(self, params: Json, files: dict[str, bytes]) -> Json:
        return self._send_media(params, files, "photo")

    def _send_document(self, params: Json, files: dict[str, bytes]) -> Json:
        return self._send_media(params, files, "document")

    def _send_animation(self, params: Json, files: dict[str, bytes]) -> Json:
        # A new animation comes as a multipart upload, else as a file_id of one
        # (https://core.telegram.org/bots/api#sendanimation); its caption has
        # "0-1024 characters after entities parsing", as every media caption.
        return self._send_media(params, files, "animation")

    def _edit_message_text(self, params: Json, files: dict[str, bytes]) -> Json:
        msg = self._editable(params)
        text, entities = self._text(params, "text", TEXT_LIMIT, TEXT_EMPTY)
        markup = self._check_markup(params.get("reply_markup"), inline_only=True)
        if msg.from_bot and msg.kind != "text":
            raise bad_request(NO_TEXT_TO_EDIT)
        return self._apply_edit(
            msg, "editMessageText", text=text, entities=entities, reply_markup=markup
        )

    def _edit_message_caption(self, params: Json, files: dict[str, bytes]) -> Json:
        msg = self._editable(params)
        caption, entities = self._text(params, "caption", CAPTION_LIMIT, None)
        markup = self._check_markup(params.get("reply_markup"), inline_only=True)
        if msg.from_bot and msg.kind not in ("photo", "document", "animation"):
            raise bad_request(NO_CAPTION_TO_EDIT)
        return self._apply_edit(
            msg,
            "editMessageCaption",
            caption=caption or None,
            entities=entities,
            reply_markup=markup,
        )

    def _edit_message_media(self, params: Json, files: dict[str, bytes]) -> Json:
        msg = self._editable(params)
        media = params.get("media")
        if not isinstance(media, dict) or media.get("type") not in ("photo", "document"):
            raise bad_request("Bad Request: can't parse InputMedia: media type is not supported")
        kind = str(media["type"])
        caption, entities = self._text(media, "caption", CAPTION_LIMIT, None)
        markup = self._check_markup(params.get("reply_markup"), inline_only=True)
        if msg.from_bot and msg.kind not in ("photo", "document"):
            raise bad_request(NO_MEDIA_TO_EDIT)
        stored = self._input_file(media.get("media"), "media", kind, files)
        return self._apply_edit(
            msg,
            "editMessageMedia",
            kind=kind,
            file=stored,
            caption=caption or None,
            entities=entities,
            reply_markup=markup,
        )

    def _edit_message_reply_markup(self, params: Json, files: dict[str, bytes]) -> Json:
        msg = self._editable(params)
        markup = self._check_markup(params.get("reply_markup"), inline_only=True)
        return self._apply_edit(msg, "editMessageReplyMarkup", reply_markup=markup)

    def _delete_message(self, params: Json, files: dict[str, bytes]) -> bool:
        msg = self._editable(params, DELETE_NOT_FOUND)
        refused = deletion.refusal(msg, bot_is_admin=self._bot_is_admin(msg.chat_id))
        if refused is not None:
            raise bad_request(refused)
        msg.deleted = True
        return True

    def _delete_messages(self, params: Json, files: dict[str, bytes]) -> bool:
        chat_id = self._chat_id(params)
        self._writable_chat(chat_id)
        ids = deletion.message_ids(params.get("message_ids"))
        if isinstance(ids, str):
            raise bad_request(ids)
        chat = self._messages.get(chat_id, {})
        found = [chat[i] for i in ids if i in chat and not chat[i].deleted]
        for msg in found:
            refused = deletion.refusal(msg, bot_is_admin=self._bot_is_admin(chat_id))
            if refused is not None:
                raise bad_request(refused)
        for msg in found:
            msg.deleted = True
        return True

    def _bot_is_admin(self, chat_id: int) -> bool:
        return chat_id < 0 and self.groups[chat_id].bot_status == "administrator"

    def _answer_callback_query(self, params: Json, files: dict[str, bytes]) -> bool:
        press = self.presses.get(str(params.get("callback_query_id", "")))
        if press is None or press.answer is not None:
            raise bad_request(QUERY_TOO_OLD)
        if time.monotonic() - press.time > CALLBACK_ANSWER_SECONDS:
            raise bad_request(QUERY_TOO_OLD)
        text = params.get("text")
        if isinstance(text, str) and len(text) > ALERT_LIMIT:
            raise bad_request("Bad Request: MESSAGE_TOO_LONG")
        press.answer = dict(params)
        return True

    def _get_chat(self, params: Json, files: dict[str, bytes]) -> Json:
        chat_id = self._chat_id(params)
        chat = self._known_chat(chat_id)
        if chat_id < 0 and self.groups[chat_id].bot_status == "kicked":
            raise ApiError(403, KICKED)
        full: Json = {
            **chat,
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": {
                "unlimited_gifts": False,
                "limited_gifts": False,
                "unique_gifts": False,
                "premium_subscription": False,
                "gifts_from_channels": False,
            },
        }
        pinned = [m for m in self._messages.get(chat_id, {}).values() if m.pinned and not m.deleted]
        if pinned:
            full["pinned_message"] = pinned[-1].to_api(with_reply=False)
        if chat_id < 0:
            # ChatFullInfo.permissions: "default chat member permissions, for
            # groups and supergroups" (https://core.telegram.org/bots/api#chatfullinfo).
            full["permissions"] = dict(self.groups[chat_id].permissions)
        return full

    def _get_chat_member(self, params: Json, files: dict[str, bytes]) -> Json:
        chat_id = self._chat_id(params)
        self._known_chat(chat_id)
        user_id = params.get("user_id")
        if user_id == self.bot_id:
            if chat_id > 0:
                return _member(self.bot_user, "member")
            group = self.groups[chat_id]
            member = _member(self.bot_user, group.bot_status)
            if group.bot_status == "restricted":
                member.update(group.bot_permissions)
            return member
        if not isinstance(user_id, int) or user_id not in self.users:
            raise bad_request("Bad Request: user not found")
        user = self.users[user_id].to_api()
        if chat_id > 0:
            if chat_id != user_id:
                raise bad_request("Bad Request: user not found")
            return _member(user, "member")
        return _member(user, self.groups[chat_id].members.get(user_id, "member"))

    def _get_chat_administrators(self, params: Json, files: dict[str, bytes]) -> list[Json]:
        chat_id = self._chat_id(params)
        self._writable_chat(chat_id)
        if chat_id > 0:
            raise bad_request("Bad Request: there are no administrators in the private chat")
        group = self.groups[chat_id]
        admins = [
            _member(self.users[uid].to_api(), status)
            for uid, status in group.members.items()
            if status in ("creator", "administrator") and uid in self.users
        ]
        if group.bot_status == "administrator":
            admins.append(_member(self.bot_user, "administrator"))
        return admins

    def _send_chat_action(self, params: Json, files: dict[str, bytes]) -> bool:
        chat_id = self._chat_id(params)
        self._writable_chat(chat_id)
        action = params.get("action")
        if action not in CHAT_ACTIONS:
            raise bad_request("Bad Request: wrong parameter action in request")
        self.chat_actions.append((chat_id, str(action)))
        return True

    def _pin_chat_message(self, params: Json, files: dict[str, bytes]) -> bool:
        chat_id = self._chat_id(params)
        chat = self._writable_chat(chat_id)
        if chat_id < 0 and self.groups[chat_id].bot_status != "administrator":
            raise bad_request(NO_PIN_RIGHTS)
        message_id = params.get("message_id")
        msg = (
            self._messages.get(chat_id, {}).get(message_id) if isinstance(message_id, int) else None
        )
        if msg is None or msg.deleted:
            raise bad_request("Bad Request: message to pin not found")
        msg.pinned = True
        # Pinning posts a service message, which uses up a message id.
        self._store(chat_id, chat, self.bot_user, "service", "pinChatMessage", pinned_message=msg)
        return True

    def _unpin_chat_message(self, params: Json, files: dict[str, bytes]) -> bool:
        chat_id = self._chat_id(params)
        self._writable_chat(chat_id)
        if chat_id < 0 and self.groups[chat_id].bot_status != "administrator":
            raise bad_request(NO_PIN_RIGHTS)
        msgs = self._messages.get(chat_id, {})
        message_id = params.get("message_id")
        if isinstance(message_id, int):
            target = msgs.get(message_id)
            if target is None or target.deleted:
                raise bad_request("Bad Request: message to unpin not found")
            target.pinned = False
        else:
            pinned = [m for m in msgs.values() if m.pinned]
            if pinned:
                pinned[-1].pinned = False
        return True

    def _unpin_all_chat_messages(self, params: Json, files: dict[str, bytes]) -> bool:
        chat_id = self._chat_id(params)
        self._writable_chat(chat_id)
        for msg in self._messages.get(chat_id, {}).values():
            msg.pinned = False
        return True

    def _get_file(self, params: Json, files: dict[str, bytes]) -> Json:
        stored = self._files.get(str(params.get("file_id", "")))
        if stored is None:
            raise bad_request("Bad Request: invalid file_id")
        file_id = str(params["file_id"])
        return {
            "file_id": file_id,
            "file_unique_id": stored.file_unique_id,
            "file_size": len(stored.data),
            "file_path": stored.file_path,
        }
