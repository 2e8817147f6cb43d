"""The chats of the fake: users (``FakeUser``, whose private chat with the bot
has their id), groups (``FakeGroup``: supergroups, forums, basic groups and the
bot's standing and rights in them), the ChatPermissions fields, and the
ChatMember objects getChatMember and my_chat_member updates carry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from tests.telegram.fake_api.errors import THREAD_NOT_FOUND, TOPIC_CLOSED, Json, bad_request

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
    #: Slow mode: "the minimum allowed delay between consecutive messages sent by
    #: each unprivileged user; in seconds" (ChatFullInfo.slow_mode_delay,
    #: https://core.telegram.org/bots/api#chatfullinfo), supergroups only; an
    #: administrator is exempt. 0: off.
    slow_mode_delay: int = 0
    #: When (time.monotonic()) the bot last sent a message here, for slow mode.
    bot_sent_at: float | None = None
    #: Restricted users who are not members now: ChatMemberRestricted's
    #: ``is_member`` is "True, if the user is a member of the chat at the moment
    #: of the request" (https://core.telegram.org/bots/api#chatmemberrestricted).
    outside: set[int] = field(default_factory=set)
    #: What members may do (ChatPermissions); an administrator is not bound by it.
    permissions: dict[str, bool] = field(default_factory=lambda: dict.fromkeys(PERMISSIONS, True))
    #: What the bot may do while "restricted" (its own ChatPermissions).
    bot_permissions: dict[str, bool] = field(default_factory=dict)
    #: Whether another bot wrote in the group after ours last did.
    other_bot_wrote_last: bool = False
    #: Forum topics closed (https://core.telegram.org/bots/api#closeforumtopic):
    #: only administrators who may manage topics still post there.
    closed_topics: set[int] = field(default_factory=set)
    #: Forum topics that exist: made by a member's post in them (the fake has no
    #: createForumTopic), gone when deleted (https://core.telegram.org/bots/api#deleteforumtopic:
    #: "Use this method to delete a forum topic along with all its messages").
    topics: set[int] = field(default_factory=set)

    def check_topic(self, thread_id: int | None) -> None:
        """The 400 Telegram gives a bot posting in a topic that does not exist, or
        in a closed topic it may not manage."""
        if self.forum and thread_id is not None and thread_id not in self.topics:
            raise bad_request(THREAD_NOT_FOUND)
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


def chat_member(user: Json, status: str) -> Json:
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
