"""What users do, injected by a test as updates for the bot (the ``Injection``
mixin of ``FakeTelegram``): a user writes a message (which privacy mode may keep
from the bot), presses an inline button, deletes a message; the bot is added
to or removed from a group.
"""

from __future__ import annotations

import re
import time

from tests.telegram.fake_api.entities import command_entities
from tests.telegram.fake_api.errors import Json
from tests.telegram.fake_api.records import Press, StoredMessage
from tests.telegram.fake_api.state import FakeState


def chat_instance(chat_id: int) -> str:
    """The CallbackQuery's chat_instance for a chat."""
    # Stable per chat, opaque like the real one.
    return str((chat_id * 2654435761) % (1 << 63))


class Injection(FakeState):
    """Helpers a test calls to act as users: each makes the update Telegram would send."""

    def send_text(
        self,
        user_id: int,
        chat_id: int,
        text: str,
        *,
        thread_id: int | None = None,
        reply_to: int | None = None,
        deliver: bool = True,
    ) -> Json:
        """A user writes ``text`` in a chat; returns the Update (queued unless ``deliver=False``).

        A text starting with "/" carries a bot_command entity ("/cmd@bot args"
        too). Writing in the private chat means the user started and unblocked
        the bot. In a group where the bot is not an admin, privacy mode keeps
        plain messages from the bot (they are recorded in ``dropped_updates``).
        """
        user = self.user(user_id)
        chat = self._chat_for_injection(chat_id)
        if chat_id == user_id:
            user.started = True
            user.blocked = False
        target = self._messages.get(chat_id, {}).get(reply_to) if reply_to else None
        if reply_to is not None and (target is None or target.deleted):
            raise KeyError(f"no message {reply_to} in chat {chat_id} to reply to")
        if thread_id is not None and chat_id < 0:
            # A member posts in a topic: it exists (made by them, if new here).
            self.group(chat_id).topics.add(thread_id)
        msg = self._store(
            chat_id,
            chat,
            user.to_api(),
            "text",
            "injected",
            text=text,
            entities=command_entities(text),
            thread_id=thread_id,
            reply_to=target,
        )
        update = self.make_update({"message": msg.to_api()})
        if deliver:
            if self._bot_sees(chat_id, text, target):
                self.enqueue(update)
            else:
                self.dropped_updates.append(update)
        return update

    def press(
        self,
        user_id: int,
        chat_id: int,
        message_id: int,
        data: str | None,
        *,
        strict: bool = True,
        deliver: bool = True,
    ) -> str:
        """A user presses the button with ``data`` under a bot message; returns the query id.

        ``strict`` insists the message exists and shows such a button (as it must
        for a real client); ``strict=False`` simulates stale or forged presses.
        The Update is ``fake.updates[-1]``; it is queued unless ``deliver=False``.
        """
        user = self.user(user_id)
        self._chat_for_injection(chat_id)
        msg = self._messages.get(chat_id, {}).get(message_id)
        if strict:
            if msg is None or msg.deleted:
                raise KeyError(f"no message {message_id} in chat {chat_id} to press on")
            datas = {b.get("callback_data") for row in msg.buttons for b in row}
            if data not in datas:
                raise KeyError(
                    f"message {message_id} has no button with callback_data {data!r}; "
                    f"buttons: {msg.buttons}"
                )
        query_id = str(next(self._callback_ids))
        query: Json = {
            "id": query_id,
            "from": user.to_api(),
            "chat_instance": chat_instance(chat_id),
        }
        if msg is not None and not msg.deleted:
            query["message"] = msg.to_api()
        if data is not None:
            query["data"] = data
        self.presses[query_id] = Press(
            query_id, user_id, chat_id, message_id, data, time.monotonic()
        )
        update = self.make_update({"callback_query": query})
        if deliver:
            self.enqueue(update)
        return query_id

    def press_button(self, user_id: int, chat_id: int, message_id: int, text: str) -> str:
        """Press the button labelled ``text``; returns the query id."""
        data = self.message(chat_id, message_id).button_data(text)
        return self.press(user_id, chat_id, message_id, data)

    def bot_removed(
        self,
        chat_id: int,
        *,
        by_user_id: int | None = None,
        status: str = "kicked",
        deliver: bool = True,
    ) -> Json:
        """The bot is kicked from (or leaves) a group: my_chat_member update plus kick_bot."""
        group = self.group(chat_id)
        old = group.bot_status
        group.bot_status = status
        update = self._my_chat_member(
            group.chat(), self._actor(by_user_id), old, status, 0 if status == "kicked" else None
        )
        if deliver:
            self.enqueue(update)
        return update

    def bot_added(
        self,
        chat_id: int,
        *,
        by_user_id: int | None = None,
        admin: bool = False,
        deliver: bool = True,
    ) -> Json:
        """The bot is added to a group: my_chat_member update (left → member/administrator)."""
        group = self.group(chat_id)
        old = group.bot_status
        group.bot_status = "administrator" if admin else "member"
        update = self._my_chat_member(
            group.chat(), self._actor(by_user_id), old, group.bot_status, None
        )
        if deliver:
            self.enqueue(update)
        return update

    def delete_message(self, chat_id: int, message_id: int) -> None:
        """A user deletes a message: later edits or deletes of it get 400."""
        msg = self._messages.get(chat_id, {}).get(message_id)
        if msg is None:
            raise KeyError(f"no message {message_id} in chat {chat_id}")
        msg.deleted = True
        self._touch()

    # -- internals -------------------------------------------------------------

    def _chat_for_injection(self, chat_id: int) -> Json:
        if chat_id > 0:
            return self.user(chat_id).chat()
        return self.group(chat_id).chat()

    def _bot_sees(self, chat_id: int, text: str, reply_to: StoredMessage | None) -> bool:
        if chat_id > 0:
            return True
        group = self.groups[chat_id]
        if group.bot_status in ("left", "kicked"):
            return False
        if not self.privacy_mode or group.bot_status == "administrator":
            return True
        # Privacy mode (https://core.telegram.org/bots/features#privacy-mode):
        # commands meant for this bot (/command@this_bot), general commands
        # (/start) only "if the bot was the last bot to send a message to the
        # group", replies to its messages and mentions of it.
        mention = f"@{self.bot_username}".lower()
        m = re.match(r"/[A-Za-z0-9_]+(@\w+)?", text)
        if m:
            if m.group(1) is None:
                return not group.other_bot_wrote_last
            return m.group(1).lower() == mention
        return (reply_to is not None and reply_to.from_bot) or mention in text.lower()
