"""The state every part of the fake shares (``FakeState``): the bot's identity,
the recorded calls and presses, users, groups, messages, uploads, the update
queue and the server's bookkeeping, with the helpers every concern uses: looking
records up, making and queueing updates, waking waiters, and resolving the chat
a method names (refusing it as Telegram would) and storing a message in it.
The Bot API methods and the test-facing helpers live in the mixins that
``FakeTelegram`` (``server``) combines; each of them extends this class.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable, Mapping
from typing import Any

from aiohttp import web

from tests.telegram.fake_api.chats import FakeGroup, FakeUser, chat_member
from tests.telegram.fake_api.errors import (
    BLOCKED,
    CHAT_NOT_FOUND,
    KICKED,
    MIGRATED,
    NO_ANIMATION_RIGHTS,
    NO_DOCUMENT_RIGHTS,
    NO_PHOTO_RIGHTS,
    NO_TEXT_RIGHTS,
    NOT_MEMBER,
    NOT_STARTED,
    ApiError,
    Json,
    bad_request,
)
from tests.telegram.fake_api.media import Uploads
from tests.telegram.fake_api.records import (
    Call,
    Failure,
    InlineQuery,
    Press,
    QueuedUpdate,
    StoredFile,
    StoredMessage,
)

Handler = Callable[[Json, dict[str, bytes]], Any]
#: Ids of the chats between users that the bot is not in (inline mode); never a
#: user's or a group's.
CONVERSATIONS_FROM = 9_000_000_000_000


class FakeState:
    """What the fake knows, and the helpers the Bot API methods share."""

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
        self._uploads = Uploads()
        self._queue: list[QueuedUpdate] = []
        self._allowed: frozenset[str] | None = None
        self._update_ids = itertools.count(100_001)
        self._callback_ids = itertools.count(4_000_000_000_000_000_001)
        self._failures: list[Failure] = []
        # Inline mode (``inline``): chats without the bot, queries, their messages.
        self.inline_queries: dict[str, InlineQuery] = {}
        self.conversations: dict[int, set[int]] = {}
        self._inline: dict[str, StoredMessage] = {}
        self._conversation_ids = itertools.count(CONVERSATIONS_FROM)
        self._inline_query_ids = itertools.count(7_000_000_000_000_000_001)

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

        self._methods = self._handlers()
        # Telegram matches method names case-insensitively.
        self._method_names = {name.lower(): name for name in self._methods}

    def _handlers(self) -> dict[str, Handler]:
        """The handler of each Bot API method the fake answers, by the method's name."""
        raise NotImplementedError

    @property
    def bot_user(self) -> Json:
        """The bot's User object."""
        return {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": self.bot_name,
            "username": self.bot_username,
        }

    # -- lookups and updates ---------------------------------------------------

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

    def message(self, chat_id: int, message_id: int) -> StoredMessage:
        """One message, deleted or not (KeyError if it never existed)."""
        try:
            return self._messages[chat_id][message_id]
        except KeyError:
            raise KeyError(f"no message {message_id} in chat {chat_id}") from None

    def make_update(self, body: Mapping[str, Any]) -> Json:
        """Give ``body`` (e.g. ``{"message": {...}}``) the next update_id; not queued."""
        update: Json = {"update_id": next(self._update_ids), **body}
        self.updates.append(update)
        return update

    def enqueue(self, update: Json) -> None:
        """Queue an update for getUpdates."""
        self._queue.append(QueuedUpdate(update))
        self._touch()

    # -- internals: waking waiters ---------------------------------------------

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

    def _canonical(self, name: str) -> str:
        return self._method_names.get(name.lower(), name)

    # -- internals: chats and messages -----------------------------------------

    def _actor(self, user_id: int | None) -> Json:
        if user_id is not None:
            return self.user(user_id).to_api()
        return {"id": 777000, "is_bot": False, "first_name": "Telegram"}

    def _my_chat_member(
        self, chat: Json, actor: Json, old: str, new: str, until: int | None
    ) -> Json:
        new_member = chat_member(self.bot_user, new)
        if until is not None and new == "kicked":
            new_member["until_date"] = until
        return self.make_update(
            {
                "my_chat_member": {
                    "chat": chat,
                    "from": actor,
                    "date": int(time.time()),
                    "old_chat_member": chat_member(self.bot_user, old),
                    "new_chat_member": new_member,
                }
            }
        )

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
            self.groups[chat_id].bot_sent_at = time.monotonic()
        if msg.photo is not None:
            self._chat_photos.setdefault(chat_id, []).append(msg.photo)
        return msg
