"""Which messages the fake Bot API lets a bot delete, and how deleteMessages reads
its list: the rules of https://core.telegram.org/bots/api#deletemessage and
https://core.telegram.org/bots/api#deletemessages, with the error texts of the
Bot API server (tdlib/telegram-bot-api, ``Client::get_message_ids`` and
``process_delete_messages_query``; it lowercases a message's first letter
after "Bad Request: ").

deleteMessage: "A message can only be deleted if it was sent less than 48
hours ago"; "Bots can delete outgoing messages in private chats, groups, and
supergroups"; "Bots can delete incoming messages in private chats"; "If the
bot is an administrator of a group, it can delete any message there".

deleteMessages: "A JSON-serialized list of 1-100 identifiers of messages to
delete. See deleteMessage for limitations on which messages can be deleted";
"If some of the specified messages can't be found, they are skipped. Returns
True on success." The documentation does not say what one message that may
not be deleted does to the others: the Bot API server hands the messages it
found to TDLib in one request, and the fake refuses them all, the stricter
reading (a bot must not count on half a batch).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from tests.telegram.fake_api.records import StoredMessage

#: "less than 48 hours ago"
DELETABLE_SECONDS: Final = 48 * 3600
MAX_IDS: Final = 100
TOO_OLD: Final = "Bad Request: message can't be deleted for everyone"
CANT_DELETE: Final = "Bad Request: message can't be deleted"
NO_IDS: Final = "Bad Request: message identifiers are not specified"
TOO_MANY_IDS: Final = "Bad Request: too many message identifiers specified"
NOT_AN_ARRAY: Final = "Bad Request: expected an Array of message identifiers"
NOT_A_NUMBER: Final = "Bad Request: message identifier must be a Number"
CANT_PARSE: Final = "Bad Request: can't parse message identifier as a Number"
BAD_ID: Final = "Bad Request: invalid message identifier specified"


def refusal(msg: StoredMessage, *, bot_is_admin: bool) -> str | None:
    """Why the bot may not delete ``msg`` (None: it may)."""
    if time.time() - msg.date >= DELETABLE_SECONDS:
        return TOO_OLD
    if msg.chat_id < 0 and not msg.from_bot and not bot_is_admin:
        return CANT_DELETE
    return None


def message_ids(value: Any) -> list[int] | str:
    """The identifiers deleteMessages was given, or why they are refused."""
    if value is None or value == "":
        return NO_IDS
    if not isinstance(value, list):
        return NOT_AN_ARRAY
    if len(value) > MAX_IDS:
        return TOO_MANY_IDS
    ids = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int | float | str):
            return NOT_A_NUMBER
        try:
            number = int(item) if not isinstance(item, float) else int(str(item))
        except ValueError:
            return CANT_PARSE
        if number <= 0:
            return BAD_ID
        ids.append(number)
    return ids or NO_IDS


def backdate(msg: StoredMessage, seconds: float) -> None:
    """Tests: ``msg`` was sent ``seconds`` earlier than it was."""
    msg.date -= int(seconds)
