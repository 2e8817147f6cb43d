"""The Bot API methods on chats and callback queries (the ``ChatMethods`` mixin
of ``FakeTelegram``): answerCallbackQuery (within the time a query waits),
getChat, getChatMember, getChatAdministrators and sendChatAction.
"""

from __future__ import annotations

import time
from typing import Final

from tests.telegram.fake_api.chats import chat_member
from tests.telegram.fake_api.errors import KICKED, QUERY_TOO_OLD, ApiError, Json, bad_request
from tests.telegram.fake_api.records import InlineQuery, Press
from tests.telegram.fake_api.state import FakeState

#: How long a callback query waits for its answer: the Bot API does not say; bots
#: report "query is too old" after about 15 s (the client stops waiting).
CALLBACK_ANSWER_SECONDS: Final = 15.0
ALERT_LIMIT: Final = 200

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


def waiting(query: Press | InlineQuery | None) -> None:
    """Refuse an answer to a query that is unknown, answered already, or no
    longer waited for (a callback query's or an inline query's alike)."""
    if query is None or query.answer is not None:
        raise bad_request(QUERY_TOO_OLD)
    if time.monotonic() - query.time > CALLBACK_ANSWER_SECONDS:
        raise bad_request(QUERY_TOO_OLD)


class ChatMethods(FakeState):
    """The Bot API methods that read chats and members, and answer button presses."""

    def _answer_callback_query(self, params: Json, files: dict[str, bytes]) -> bool:
        press = self.presses.get(str(params.get("callback_query_id", "")))
        waiting(press)
        assert press is not None
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
            if self.groups[chat_id].slow_mode_delay:
                full["slow_mode_delay"] = self.groups[chat_id].slow_mode_delay
        return full

    def _get_chat_member(self, params: Json, files: dict[str, bytes]) -> Json:
        chat_id = self._chat_id(params)
        self._known_chat(chat_id)
        user_id = params.get("user_id")
        if user_id == self.bot_id:
            if chat_id > 0:
                return chat_member(self.bot_user, "member")
            group = self.groups[chat_id]
            member = chat_member(self.bot_user, group.bot_status)
            if group.bot_status == "restricted":
                member.update(group.bot_permissions)
            return member
        if not isinstance(user_id, int) or user_id not in self.users:
            raise bad_request("Bad Request: user not found")
        user = self.users[user_id].to_api()
        if chat_id > 0:
            if chat_id != user_id:
                raise bad_request("Bad Request: user not found")
            return chat_member(user, "member")
        group = self.groups[chat_id]
        member = chat_member(user, group.members.get(user_id, "member"))
        if user_id in group.outside:
            member["is_member"] = False
        return member

    def _get_chat_administrators(self, params: Json, files: dict[str, bytes]) -> list[Json]:
        chat_id = self._chat_id(params)
        self._writable_chat(chat_id)
        if chat_id > 0:
            raise bad_request("Bad Request: there are no administrators in the private chat")
        group = self.groups[chat_id]
        admins = [
            chat_member(self.users[uid].to_api(), status)
            for uid, status in group.members.items()
            if status in ("creator", "administrator") and uid in self.users
        ]
        if group.bot_status == "administrator":
            admins.append(chat_member(self.bot_user, "administrator"))
        return admins

    def _send_chat_action(self, params: Json, files: dict[str, bytes]) -> bool:
        chat_id = self._chat_id(params)
        self._writable_chat(chat_id)
        action = params.get("action")
        if action not in CHAT_ACTIONS:
            raise bad_request("Bad Request: wrong parameter action in request")
        self.chat_actions.append((chat_id, str(action)))
        return True
