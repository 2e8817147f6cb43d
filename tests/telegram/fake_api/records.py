"""What the fake records: each request the bot made (``Call``), the files it
uploaded (``StoredFile``), the messages in every chat with the history of their
versions (``StoredMessage``, ``Version``), the button presses a test injected
(``Press``), the updates waiting for getUpdates (``QueuedUpdate``) and the
errors a test asked for (``Failure``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from tests.telegram.fake_api.errors import Json


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
    #: posted from an inline result: the message's id for edits and presses
    inline_message_id: str | None = None
    #: posted by a user "via" the bot (an inline result)
    via_bot: bool = False

    @property
    def from_bot(self) -> bool:
        """Whether the bot sent it."""
        return bool(self.sender.get("is_bot"))

    @property
    def bot_owned(self) -> bool:
        """Whether the bot may edit it: its own, or posted from its inline result."""
        return self.from_bot or self.inline_message_id is not None

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
class InlineQuery:
    """A query a user typed, and the bot's answer to it (``answerInlineQuery``'s parameters)."""

    id: str
    user_id: int
    query: str
    chat: int
    time: float
    answer: Json | None = None

    def result(self, result_id: str) -> Json:
        """The answered result ``result_id`` (KeyError: the user cannot choose it)."""
        if self.answer is None:
            raise KeyError(f"inline query {self.id} was not answered")
        for result in self.answer["results"]:
            if result["id"] == result_id:
                return dict(result)
        raise KeyError(f"no result {result_id!r} among {self.result_ids}")

    @property
    def result_ids(self) -> list[str]:
        """The ids of the answered results, in order."""
        return [r["id"] for r in (self.answer or {}).get("results", [])]


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
    #: run the call, then answer with the error anyway: Telegram did it, but the
    #: answer got lost on the way (a gateway's 5xx, a timeout)
    carried_out: bool = False

    def matches(self, method: str, params: Json) -> bool:
        if self.method != "*" and self.method.lower() != method.lower():
            return False
        if self.method == "*" and method == "getUpdates":
            return False
        return self.chat_id is None or params.get("chat_id") == self.chat_id
