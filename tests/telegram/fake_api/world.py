"""The world a test sets up (the ``World`` mixin of ``FakeTelegram``): users and
groups, what a user or a group's permissions allow the bot, the bot's standing in
a group (admin, member, restricted, kicked), a basic group's migration to a
supergroup, closed forum topics, and other bots in a group.
"""

from __future__ import annotations

import time

from tests.telegram.fake_api.chats import PERMISSIONS, FakeGroup, FakeUser
from tests.telegram.fake_api.state import FakeState


class World(FakeState):
    """Helpers a test calls to build and change the world the bot lives in."""

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

    def delete_topic(self, chat_id: int, thread_id: int) -> None:
        """A forum topic is deleted with all its messages; bots get no update of it,
        and later posts there are refused ("message thread not found")."""
        group = self.group(chat_id)
        group.topics.discard(thread_id)
        for msg in self._messages.get(chat_id, {}).values():
            if msg.thread_id == thread_id:
                msg.deleted = True

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

    def set_slow_mode(self, chat_id: int, seconds: int) -> None:
        """Turn a supergroup's slow mode on (``seconds`` between one member's
        messages) or off (0); basic groups have none."""
        group = self.group(chat_id)
        if group.kind != "supergroup" and seconds:
            raise ValueError("slow mode is a supergroup's setting")
        group.slow_mode_delay = seconds

    def set_member_status(
        self, chat_id: int, user_id: int, status: str, *, is_member: bool = True
    ) -> None:
        """What getChatMember says about a user in a group (default "member");
        ``is_member=False`` with "restricted": restricted, and not in the group."""
        if status not in ("creator", "administrator", "member", "restricted", "left", "kicked"):
            raise ValueError(f"unknown chat member status {status!r}")
        group = self.group(chat_id)
        group.members[user_id] = status
        if status == "restricted" and not is_member:
            group.outside.add(user_id)
        else:
            group.outside.discard(user_id)
