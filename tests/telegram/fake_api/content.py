"""What a message may carry, checked as Telegram checks it before storing: the
text and caption read with their ``parse_mode`` and held to their lengths, and
``reply_markup`` (inline keyboards: button count, labels, actions,
callback_data and URLs).
"""

from __future__ import annotations

import re
from typing import Any, Final

from tests.telegram.fake_api.entities import format_text
from tests.telegram.fake_api.errors import (
    BAD_MARKUP,
    BUTTON_DATA_INVALID,
    BUTTON_URL_INVALID,
    CAPTION_TOO_LONG,
    INLINE_EXPECTED,
    MARKUP_TOO_LONG,
    TEXT_BUTTONS,
    TEXT_TOO_LONG,
    Json,
    bad_request,
)

TEXT_LIMIT: Final = 4096
#: A media caption has "0-1024 characters after entities parsing"
#: (https://core.telegram.org/bots/api#sendphoto, #sendanimation, #senddocument).
CAPTION_LIMIT: Final = 1024
CALLBACK_DATA_LIMIT: Final = 64
BUTTON_TYPE_INVALID: Final = "Bad Request: BUTTON_TYPE_INVALID"
BUTTON_LIMIT: Final = 100

# What an inline button may do; a button with none of them is a text button.
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


def message_text(params: Json, key: str, limit: int, empty: str | None) -> tuple[str, list[Json]]:
    """The text (``key`` "text") or caption of a message, parsed and within ``limit``;
    ``empty``: the error for a text with nothing in it (None: it may be empty)."""
    raw = params.get(key)
    raw = "" if raw is None else str(raw)
    entities_key = "entities" if key == "text" else "caption_entities"
    text, entities = format_text(raw, params.get("parse_mode"), params.get(entities_key))
    if empty is not None and not text.strip():
        raise bad_request(empty)
    if len(text) > limit:
        raise bad_request(TEXT_TOO_LONG if key == "text" else CAPTION_TOO_LONG)
    return text, entities


def check_markup(markup: Any, *, inline_only: bool = False, chat_id: Any = None) -> Json | None:
    """Validate reply_markup as Telegram does; returns it normalized (None: no keyboard).
    ``chat_id``: where it goes (a ``web_app`` button stands only in a private chat)."""
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
            web_app = button.get("web_app")
            if web_app is not None:
                # "web_app: ... Available only in private chats between a user and
                # the bot", its url an HTTPS link
                # (https://core.telegram.org/bots/api#inlinekeyboardbutton, #webappinfo).
                if not str(chat_id or "").lstrip("-").isdigit() or int(chat_id) <= 0:
                    raise bad_request(BUTTON_TYPE_INVALID)
                if not isinstance(web_app, dict) or not str(web_app.get("url", "")).startswith(
                    "https://"
                ):
                    raise bad_request(BUTTON_URL_INVALID)
    kept = [row for row in rows if row]
    return {"inline_keyboard": kept} if kept else None
