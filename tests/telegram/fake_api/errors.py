"""Error replies of the fake Bot API: ``ApiError`` (an answer with ``ok: false``,
its status, description and ResponseParameters) and the error texts, worded as
Telegram words them. ``Json`` is the type of the JSON objects every part of the
fake passes around.
"""

from __future__ import annotations

from typing import Any, Final

Json = dict[str, Any]

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
PHOTO_TOO_BIG: Final = "Bad Request: PHOTO_SAVE_FILE_INVALID"
TOPIC_CLOSED: Final = "Bad Request: TOPIC_CLOSED"
#: A post to a forum topic that does not exist (never made, or deleted).
THREAD_NOT_FOUND: Final = "Bad Request: message thread not found"
MIGRATED: Final = "Bad Request: group chat was upgraded to a supergroup chat"
# Sending what the chat's permissions forbid to the bot.
NO_TEXT_RIGHTS: Final = "Bad Request: not enough rights to send text messages to the chat"
NO_PHOTO_RIGHTS: Final = "Bad Request: not enough rights to send photos to the chat"
NO_DOCUMENT_RIGHTS: Final = "Bad Request: not enough rights to send documents to the chat"
#: Animations need ``can_send_other_messages``: "True, if the user is allowed to send
#: animations, games, stickers and use inline bots"
#: (https://core.telegram.org/bots/api#chatpermissions).
NO_ANIMATION_RIGHTS: Final = "Bad Request: not enough rights to send animations to the chat"
#: The fake reads animations with Pillow, so it takes GIFs only (Telegram also
#: takes H.264/MPEG-4 video without sound); anything else is refused in its own words.
NOT_A_GIF: Final = "Bad Request: fake_api models GIF animations only"
BAD_MARKUP: Final = "Bad Request: can't parse reply keyboard markup JSON object"
INLINE_EXPECTED: Final = "Bad Request: inline keyboard expected"
QUERY_TOO_OLD: Final = (
    "Bad Request: query is too old and response timeout expired or query ID is invalid"
)
NO_PIN_RIGHTS: Final = "Bad Request: not enough rights to manage pinned messages in the chat"
REPLY_NOT_FOUND: Final = "Bad Request: message to be replied not found"
#: A new upload in an edit of an inline message (see ``message_methods``).
INLINE_UPLOAD: Final = "Bad Request: fake_api: a new file can't be uploaded in an inline message"
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
