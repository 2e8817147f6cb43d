"""How the fake reads a request's parameters: from the query string, a JSON
body, or a form (multipart with uploads, or urlencoded), where every value
arrives as a string and is turned back into the JSON object, integer or
boolean the Bot API means.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

from aiohttp import web

from tests.telegram.fake_api.errors import BAD_MARKUP, ApiError, Json, bad_request

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
        "results",
        "button",
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
        "is_personal",
    }
)


async def read_params(request: web.Request) -> tuple[Json, dict[str, bytes], dict[str, str]]:
    """The request's parameters, its uploads by field, and the uploads' file names."""
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
    return {k: coerce(k, v) for k, v in raw.items()}, files, filenames


def coerce(key: str, value: Any) -> Any:
    """The value of parameter ``key`` as the Bot API means it."""
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
