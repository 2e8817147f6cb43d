"""Inline mode (the ``InlineMode`` mixin of ``FakeTelegram``): chats the bot is
not in (a private chat between two users), a user typing ``@bot …`` there (an
``inline_query``), answerInlineQuery held to its limits, the user choosing a
result (the message it posts, owned by the bot, and ``chosen_inline_result``
when inline feedback is on), and presses on such a message's buttons (callback
queries with ``inline_message_id`` and no ``message``). Edits of these messages
by ``inline_message_id`` are the message methods' (``message_methods``).
"""

from __future__ import annotations

import re
import secrets
import time
from typing import Any, Final

from tests.telegram.fake_api.chat_methods import waiting
from tests.telegram.fake_api.content import CAPTION_LIMIT, TEXT_LIMIT, check_markup, message_text
from tests.telegram.fake_api.errors import (
    TEXT_EMPTY,
    WRONG_FILE,
    Json,
    bad_request,
)
from tests.telegram.fake_api.inject import chat_instance
from tests.telegram.fake_api.records import InlineQuery, Press, StoredMessage
from tests.telegram.fake_api.state import FakeState

#: answerInlineQuery: "No more than 50 results per query are allowed"
#: (https://core.telegram.org/bots/api#answerinlinequery).
RESULTS_LIMIT: Final = 50
#: InlineQueryResult*.id: "Unique identifier for this result, 1-64 Bytes"
#: (https://core.telegram.org/bots/api#inlinequeryresultarticle).
RESULT_ID_BYTES: Final = 64
#: InlineQueryResultsButton.start_parameter: "1-64 characters, only A-Z, a-z,
#: 0-9, _ and - are allowed" (https://core.telegram.org/bots/api#inlinequeryresultsbutton).
START_PARAMETER: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: cache_time: "The maximum amount of time in seconds that the result of the
#: inline query may be cached on the server. Defaults to 300."
#: (https://core.telegram.org/bots/api#answerinlinequery).
DEFAULT_CACHE_TIME: Final = 300
#: The result types the fake models: an article (text) and a cached photo
#: (a picture uploaded before, by file_id).
RESULT_TYPES: Final = frozenset({"article", "photo"})


class InlineMode(FakeState):
    """Chats without the bot, inline queries, their answers and results, presses there."""

    #: Inline mode is on (``/setinline`` in @BotFather): clients offer ``@bot`` in chats.
    inline_mode = True
    #: Inline feedback (``/setinlinefeedback``): "you will receive [chosen_inline_result]
    #: only if you have enabled inline feedback" (https://core.telegram.org/bots/inline#collecting-feedback).
    inline_feedback = True

    # -- what a test sets up and does ------------------------------------------------

    def add_conversation(self, *user_ids: int) -> int:
        """A chat between users that the bot is not in; its id (for the test only:
        the bot never learns it, only its ``chat_instance``)."""
        for user_id in user_ids:
            self.user(user_id)
        chat = next(self._conversation_ids)
        self.conversations[chat] = set(user_ids)
        return chat

    def inline_query(self, user_id: int, chat: int, query: str = "") -> str:
        """``user_id`` types ``@bot query`` in ``chat``; the inline query's id."""
        if not self.inline_mode:
            raise RuntimeError("clients offer @bot in a chat only when inline mode is on")
        if user_id not in self.conversations[chat]:
            raise KeyError(f"user {user_id} is not in chat {chat}")
        query_id = str(next(self._inline_query_ids))
        self.inline_queries[query_id] = InlineQuery(
            query_id, user_id, query, chat, time.monotonic()
        )
        body: Json = {
            "id": query_id,
            "from": self.user(user_id).to_api(),
            "query": query,
            "offset": "",
            # "Type of the chat from which the inline query was sent"
            # (https://core.telegram.org/bots/api#inlinequery).
            "chat_type": "private" if len(self.conversations[chat]) == 2 else "group",
        }
        self.enqueue(self.make_update({"inline_query": body}))
        return query_id

    def choose(self, query_id: str, result_id: str) -> StoredMessage:
        """The user who typed the query chooses one of its results: the message it
        posts in the chat (``inline_message_id`` set when it has a keyboard)."""
        query = self.inline_queries[query_id]
        result = query.result(result_id)
        markup = result.get("reply_markup")
        content = result.get("input_message_content")
        user = self.user(query.user_id)
        message_id = self._next_message_id.get(query.chat, 1)
        self._next_message_id[query.chat] = message_id + 1
        msg = StoredMessage(
            chat_id=query.chat,
            message_id=message_id,
            sender=user.to_api(),
            chat={"id": query.chat, "type": "private"},
            date=int(time.time()),
            kind="text",
            reply_markup=markup,
        )
        if isinstance(content, dict):
            msg.text, msg.entities = message_text(content, "message_text", TEXT_LIMIT, TEXT_EMPTY)
        else:
            msg.kind, msg.file = "photo", self._uploads.by_id[result["photo_file_id"]]
            msg.caption = result.get("caption") or None
        msg.via_bot = True
        # ChosenInlineResult.inline_message_id: "Available only if there is an
        # inline keyboard attached to the message"
        # (https://core.telegram.org/bots/api#choseninlineresult).
        if markup:
            msg.inline_message_id = "AgAAA" + secrets.token_urlsafe(24)
            self._inline[msg.inline_message_id] = msg
        msg.history.append(msg.snapshot("chosen"))
        self._messages.setdefault(query.chat, {})[message_id] = msg
        if msg.photo is not None:
            self._chat_photos.setdefault(query.chat, []).append(msg.photo)
        if self.inline_feedback:
            chosen: Json = {"result_id": result_id, "from": user.to_api(), "query": query.query}
            if msg.inline_message_id:
                chosen["inline_message_id"] = msg.inline_message_id
            self.enqueue(self.make_update({"chosen_inline_result": chosen}))
        else:
            self._touch()
        return msg

    def inline_message(self, inline_message_id: str) -> StoredMessage:
        """A message posted from an inline result."""
        return self._inline[inline_message_id]

    def press_inline(
        self,
        user_id: int,
        inline_message_id: str,
        data: str | None,
        *,
        strict: bool = True,
        chat: int | None = None,
    ) -> str:
        """A user presses a button with ``data`` on an inline message; the query id.

        ``strict`` insists the user sees the message (is in its chat) and that it
        shows such a button; ``strict=False`` with ``chat`` presses from another
        chat (a forged or forwarded press), whose ``chat_instance`` it carries:
        "Global identifier, uniquely corresponding to the chat to which the
        message with the callback button was sent"
        (https://core.telegram.org/bots/api#callbackquery).
        """
        msg = self.inline_message(inline_message_id)
        where = msg.chat_id if chat is None else chat
        if strict:
            if user_id not in self.conversations[msg.chat_id]:
                raise KeyError(f"user {user_id} does not see inline message {inline_message_id}")
            datas = {b.get("callback_data") for row in msg.buttons for b in row}
            if data not in datas:
                raise KeyError(f"no button with callback_data {data!r}; buttons: {msg.buttons}")
        query_id = str(next(self._callback_ids))
        # No ``message``: the bot did not send one to a chat it is in.
        query: Json = {
            "id": query_id,
            "from": self.user(user_id).to_api(),
            "chat_instance": chat_instance(where),
            "inline_message_id": inline_message_id,
        }
        if data is not None:
            query["data"] = data
        self.presses[query_id] = Press(
            query_id, user_id, where, msg.message_id, data, time.monotonic()
        )
        self.enqueue(self.make_update({"callback_query": query}))
        return query_id

    # -- the Bot API ---------------------------------------------------------------

    def _answer_inline_query(self, params: Json, files: dict[str, bytes]) -> bool:
        query = self.inline_queries.get(str(params.get("inline_query_id", "")))
        # The Bot API does not say how long a query waits; the client's wait is
        # about that of a callback query, and the refusal reads the same.
        waiting(query)
        assert query is not None
        results = params.get("results")
        if not isinstance(results, list):
            raise bad_request("Bad Request: can't parse inline query results JSON object")
        if len(results) > RESULTS_LIMIT:
            raise bad_request("Bad Request: RESULTS_TOO_MUCH")
        seen: set[str] = set()
        for result in results:
            self._check_result(result, seen)
        cache_time = params.get("cache_time", DEFAULT_CACHE_TIME)
        if not isinstance(cache_time, int) or cache_time < 0:
            raise bad_request("Bad Request: cache_time must be a non-negative integer")
        button = params.get("button")
        if button is not None:
            if not isinstance(button, dict) or not str(button.get("text") or "").strip():
                raise bad_request("Bad Request: BUTTON_TEXT_INVALID")
            start = button.get("start_parameter")
            if start is not None and not START_PARAMETER.fullmatch(str(start)):
                raise bad_request("Bad Request: START_PARAM_INVALID")
        query.answer = {
            "results": results,
            "cache_time": cache_time,
            "is_personal": bool(params.get("is_personal")),
            "button": button,
        }
        return True

    def _check_result(self, result: Any, seen: set[str]) -> None:
        if not isinstance(result, dict) or result.get("type") not in RESULT_TYPES:
            raise bad_request("Bad Request: RESULT_TYPE_INVALID")
        result_id = str(result.get("id") or "")
        if not 1 <= len(result_id.encode()) <= RESULT_ID_BYTES:
            raise bad_request("Bad Request: RESULT_ID_INVALID")
        if result_id in seen:
            raise bad_request("Bad Request: RESULT_ID_DUPLICATE")
        seen.add(result_id)
        result["reply_markup"] = check_markup(result.get("reply_markup"), inline_only=True)
        content = result.get("input_message_content")
        if content is not None:
            if not isinstance(content, dict):
                raise bad_request("Bad Request: can't parse input message content")
            message_text(content, "message_text", TEXT_LIMIT, TEXT_EMPTY)
        if result["type"] == "article":
            # InlineQueryResultArticle: title and input_message_content are required
            # (https://core.telegram.org/bots/api#inlinequeryresultarticle).
            if not str(result.get("title") or "").strip() or content is None:
                raise bad_request("Bad Request: article result needs a title and content")
            return
        # InlineQueryResultCachedPhoto: "A valid file identifier of the photo"
        # (https://core.telegram.org/bots/api#inlinequeryresultcachedphoto); the
        # fake keeps no photos from URLs (InlineQueryResultPhoto).
        stored = self._uploads.by_id.get(str(result.get("photo_file_id") or ""))
        if stored is None or stored.kind != "photo":
            raise bad_request(WRONG_FILE)
        message_text(result, "caption", CAPTION_LIMIT, None)
