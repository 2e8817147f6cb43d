"""The Bot API methods on messages (the ``MessageMethods`` mixin of
``FakeTelegram``): sending text, photos, documents and animations (with
replies and forum topics), editing text, captions, media and keyboards
(Telegram's "message is not modified" included), deleting one message or many,
and pinning and unpinning.
"""

from __future__ import annotations

import math
import time
from typing import Any, Final

from tests.telegram import fake_deletion as deletion
from tests.telegram.fake_api.content import (
    CAPTION_LIMIT,
    TEXT_LIMIT,
    check_markup,
    message_text,
)
from tests.telegram.fake_api.errors import (
    CANT_EDIT,
    DELETE_NOT_FOUND,
    EDIT_NOT_FOUND,
    INLINE_UPLOAD,
    NO_CAPTION_TO_EDIT,
    NO_MEDIA_TO_EDIT,
    NO_PIN_RIGHTS,
    NO_TEXT_TO_EDIT,
    NOT_MODIFIED,
    REPLY_NOT_FOUND,
    TEXT_EMPTY,
    ApiError,
    Json,
    bad_request,
)
from tests.telegram.fake_api.records import StoredMessage
from tests.telegram.fake_api.state import FakeState

#: The permission each kind of media needs from a group (ChatPermissions).
MEDIA_RIGHTS: Final = {
    "photo": "can_send_photos",
    "document": "can_send_documents",
    "animation": "can_send_other_messages",
}


class MessageMethods(FakeState):
    """The Bot API methods that send, edit, delete and pin messages."""

    def _slow_mode(self, chat_id: int) -> None:
        """A new message from a bot that is no administrator, within the group's
        slow mode delay of its last one, is refused with a 429 whose
        ``retry_after`` is the rest of the delay (slow mode answers as flood
        control does, https://core.telegram.org/bots/api#responseparameters;
        tdlib/telegram-bot-api issue 75); edits are not messages sent and are
        never held back by it."""
        group = self.groups.get(chat_id)
        if group is None or not group.slow_mode_delay:
            return
        if group.bot_status in ("administrator", "creator"):
            return
        now = time.monotonic()
        if group.bot_sent_at is not None:
            left = group.bot_sent_at + group.slow_mode_delay - now
            if left > 0:
                wait = math.ceil(left)
                raise ApiError(429, f"Too Many Requests: retry after {wait}", retry_after=wait)

    def _send_message(self, params: Json, files: dict[str, bytes]) -> Json:
        chat_id = self._chat_id(params)
        chat = self._writable_chat(chat_id, "can_send_messages")
        self._check_topic(chat_id, params.get("message_thread_id"))
        self._slow_mode(chat_id)
        text, entities = message_text(params, "text", TEXT_LIMIT, TEXT_EMPTY)
        markup = check_markup(params.get("reply_markup"), chat_id=params.get("chat_id"))
        reply_to = self._reply_target(chat_id, params)
        msg = self._store(
            chat_id,
            chat,
            self.bot_user,
            "text",
            "sendMessage",
            text=text,
            entities=entities,
            reply_markup=markup,
            thread_id=params.get("message_thread_id"),
            reply_to=reply_to,
        )
        return msg.to_api()

    def _send_media(self, params: Json, files: dict[str, bytes], kind: str) -> Json:
        chat_id = self._chat_id(params)
        chat = self._writable_chat(chat_id, MEDIA_RIGHTS[kind])
        self._check_topic(chat_id, params.get("message_thread_id"))
        self._slow_mode(chat_id)
        caption, entities = message_text(params, "caption", CAPTION_LIMIT, None)
        markup = check_markup(params.get("reply_markup"), chat_id=params.get("chat_id"))
        reply_to = self._reply_target(chat_id, params)
        stored = self._uploads.input_file(params.get(kind), kind, kind, files)
        msg = self._store(
            chat_id,
            chat,
            self.bot_user,
            kind,
            f"send{kind.title()}",
            caption=caption or None,
            entities=entities,
            reply_markup=markup,
            file=stored,
            thread_id=params.get("message_thread_id"),
            reply_to=reply_to,
        )
        return msg.to_api()

    def _send_photo(self, params: Json, files: dict[str, bytes]) -> Json:
        return self._send_media(params, files, "photo")

    def _send_document(self, params: Json, files: dict[str, bytes]) -> Json:
        return self._send_media(params, files, "document")

    def _send_animation(self, params: Json, files: dict[str, bytes]) -> Json:
        # A new animation comes as a multipart upload, else as a file_id of one
        # (https://core.telegram.org/bots/api#sendanimation); its caption has
        # "0-1024 characters after entities parsing", as every media caption.
        return self._send_media(params, files, "animation")

    def _edit_message_text(self, params: Json, files: dict[str, bytes]) -> Json | bool:
        msg = self._editable(params)
        text, entities = message_text(params, "text", TEXT_LIMIT, TEXT_EMPTY)
        markup = check_markup(
            params.get("reply_markup"), inline_only=True, chat_id=params.get("chat_id")
        )
        if msg.bot_owned and msg.kind != "text":
            raise bad_request(NO_TEXT_TO_EDIT)
        return self._apply_edit(
            msg, "editMessageText", text=text, entities=entities, reply_markup=markup
        )

    def _edit_message_caption(self, params: Json, files: dict[str, bytes]) -> Json | bool:
        msg = self._editable(params)
        caption, entities = message_text(params, "caption", CAPTION_LIMIT, None)
        markup = check_markup(
            params.get("reply_markup"), inline_only=True, chat_id=params.get("chat_id")
        )
        if msg.bot_owned and msg.kind not in ("photo", "document", "animation"):
            raise bad_request(NO_CAPTION_TO_EDIT)
        return self._apply_edit(
            msg,
            "editMessageCaption",
            caption=caption or None,
            entities=entities,
            reply_markup=markup,
        )

    def _edit_message_media(self, params: Json, files: dict[str, bytes]) -> Json | bool:
        msg = self._editable(params)
        media = params.get("media")
        if not isinstance(media, dict) or media.get("type") not in ("photo", "document"):
            raise bad_request("Bad Request: can't parse InputMedia: media type is not supported")
        kind = str(media["type"])
        caption, entities = message_text(media, "caption", CAPTION_LIMIT, None)
        markup = check_markup(
            params.get("reply_markup"), inline_only=True, chat_id=params.get("chat_id")
        )
        # "Use this method to edit animation, audio, document, photo, or video
        # messages, or to add media to text messages"
        # (https://core.telegram.org/bots/api#editmessagemedia).
        if msg.bot_owned and msg.kind not in ("photo", "document", "text"):
            raise bad_request(NO_MEDIA_TO_EDIT)
        if msg.inline_message_id is not None and (
            files or str(media.get("media")).startswith("attach://")
        ):
            # "When an inline message is edited, a new file can't be uploaded;
            # use a previously uploaded file via its file_id or specify a URL"
            # (the same page). The Bot API gives no text for it; this is the fake's.
            raise bad_request(INLINE_UPLOAD)
        stored = self._uploads.input_file(media.get("media"), "media", kind, files)
        return self._apply_edit(
            msg,
            "editMessageMedia",
            kind=kind,
            file=stored,
            caption=caption or None,
            entities=entities,
            reply_markup=markup,
        )

    def _edit_message_reply_markup(self, params: Json, files: dict[str, bytes]) -> Json | bool:
        msg = self._editable(params)
        markup = check_markup(
            params.get("reply_markup"), inline_only=True, chat_id=params.get("chat_id")
        )
        return self._apply_edit(msg, "editMessageReplyMarkup", reply_markup=markup)

    def _delete_message(self, params: Json, files: dict[str, bytes]) -> bool:
        msg = self._editable(params, DELETE_NOT_FOUND)
        refused = deletion.refusal(msg, bot_is_admin=self._bot_is_admin(msg.chat_id))
        if refused is not None:
            raise bad_request(refused)
        msg.deleted = True
        return True

    def _delete_messages(self, params: Json, files: dict[str, bytes]) -> bool:
        chat_id = self._chat_id(params)
        self._writable_chat(chat_id)
        ids = deletion.message_ids(params.get("message_ids"))
        if isinstance(ids, str):
            raise bad_request(ids)
        chat = self._messages.get(chat_id, {})
        found = [chat[i] for i in ids if i in chat and not chat[i].deleted]
        for msg in found:
            refused = deletion.refusal(msg, bot_is_admin=self._bot_is_admin(chat_id))
            if refused is not None:
                raise bad_request(refused)
        for msg in found:
            msg.deleted = True
        return True

    def _bot_is_admin(self, chat_id: int) -> bool:
        return chat_id < 0 and self.groups[chat_id].bot_status == "administrator"

    def _pin_chat_message(self, params: Json, files: dict[str, bytes]) -> bool:
        chat_id = self._chat_id(params)
        chat = self._writable_chat(chat_id)
        if chat_id < 0 and self.groups[chat_id].bot_status != "administrator":
            raise bad_request(NO_PIN_RIGHTS)
        message_id = params.get("message_id")
        msg = (
            self._messages.get(chat_id, {}).get(message_id) if isinstance(message_id, int) else None
        )
        if msg is None or msg.deleted:
            raise bad_request("Bad Request: message to pin not found")
        msg.pinned = True
        # Pinning posts a service message, which uses up a message id.
        self._store(chat_id, chat, self.bot_user, "service", "pinChatMessage", pinned_message=msg)
        return True

    def _unpin_chat_message(self, params: Json, files: dict[str, bytes]) -> bool:
        chat_id = self._chat_id(params)
        self._writable_chat(chat_id)
        if chat_id < 0 and self.groups[chat_id].bot_status != "administrator":
            raise bad_request(NO_PIN_RIGHTS)
        msgs = self._messages.get(chat_id, {})
        message_id = params.get("message_id")
        if isinstance(message_id, int):
            target = msgs.get(message_id)
            if target is None or target.deleted:
                raise bad_request("Bad Request: message to unpin not found")
            target.pinned = False
        else:
            pinned = [m for m in msgs.values() if m.pinned]
            if pinned:
                pinned[-1].pinned = False
        return True

    def _unpin_all_chat_messages(self, params: Json, files: dict[str, bytes]) -> bool:
        chat_id = self._chat_id(params)
        self._writable_chat(chat_id)
        for msg in self._messages.get(chat_id, {}).values():
            msg.pinned = False
        return True

    # -- internals -------------------------------------------------------------

    def _reply_target(self, chat_id: int, params: Json) -> StoredMessage | None:
        reply = params.get("reply_parameters")
        if isinstance(reply, dict):
            target_id = reply.get("message_id")
            allow = bool(reply.get("allow_sending_without_reply"))
        else:
            target_id = params.get("reply_to_message_id")
            allow = bool(params.get("allow_sending_without_reply"))
        if target_id is None:
            return None
        target = self._messages.get(chat_id, {}).get(target_id)
        if target is None or target.deleted:
            if allow:
                return None
            raise bad_request(REPLY_NOT_FOUND)
        return target

    def _editable(self, params: Json, not_found: str = EDIT_NOT_FOUND) -> StoredMessage:
        inline = params.get("inline_message_id")
        if inline:
            # "Required if chat_id and message_id are not specified. Identifier
            # of the inline message" (https://core.telegram.org/bots/api#editmessagetext).
            msg = self._inline.get(str(inline))
            if msg is None or msg.deleted or not_found == DELETE_NOT_FOUND:
                raise bad_request("Bad Request: MESSAGE_ID_INVALID")
            return msg
        chat_id = self._chat_id(params)
        self._writable_chat(chat_id)
        message_id = params.get("message_id")
        if not isinstance(message_id, int):
            raise bad_request("Bad Request: message identifier is not specified")
        msg = self._messages.get(chat_id, {}).get(message_id)
        if msg is None or msg.deleted:
            raise bad_request(not_found)
        self._check_topic(chat_id, msg.thread_id)
        return msg

    def _check_topic(self, chat_id: int, thread_id: Any) -> None:
        if chat_id < 0 and isinstance(thread_id, int):
            self.groups[chat_id].check_topic(thread_id)

    def _apply_edit(self, msg: StoredMessage, method: str, **changes: Any) -> Json | bool:
        if not msg.bot_owned or msg.kind == "service":
            raise bad_request(CANT_EDIT)
        before = msg.snapshot(method)
        for key, value in changes.items():
            setattr(msg, key, value)
        after = msg.snapshot(method)
        if after.same_content(before):
            for key in changes:
                setattr(msg, key, getattr(before, key))
            raise bad_request(NOT_MODIFIED)
        msg.history.append(after)
        msg.edit_date = int(time.time())
        shown = after.file
        old_id = before.file.file_unique_id if before.file else None
        if shown is not None and shown.kind == "photo" and shown.file_unique_id != old_id:
            self._chat_photos.setdefault(msg.chat_id, []).append(shown.data)
        # "On success, if the edited message is not an inline message, the edited
        # Message is returned, otherwise True is returned"
        # (https://core.telegram.org/bots/api#editmessagetext).
        return True if msg.inline_message_id is not None else msg.to_api()
