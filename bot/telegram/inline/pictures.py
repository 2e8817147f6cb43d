"""Pictures for inline messages: uploaded once, shown by ``file_id``.

"When an inline message is edited, a new file can't be uploaded; use a
previously uploaded file via its file_id or specify a URL"
(https://core.telegram.org/bots/api#editmessagemedia). So each new picture is
first sent to a chat the bot may write in: the storage chat the operator
names (``TELEGRAM_STORAGE_CHAT``), kept there; else the private chat of a
player who opened the bot, where it is deleted at once (the file id stays
valid). Its ``file_id`` is kept in Redis by a digest of the picture itself
(two screens may draw the same picture under different keys), so a picture
shown again, in any table or worker, costs no upload.
Only public pictures (tables, game covers) go this way: hands never leave
their player's private chat.

A storage chat that is a group or channel takes about 20 messages a minute
(https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this,
kept for all workers by the shared budget): when its minute is spent, a new
picture goes through a player's private chat rather than wait.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
from collections.abc import Sequence
from typing import cast

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.types import BufferedInputFile
from redis.exceptions import RedisError

from bot.core.store import Store
from bot.telegram.outbox import Outbox

log = logging.getLogger("bot.telegram")

#: How long a picture's file id is kept: a table's pictures repeat within a
#: game (a menu step and back, a vote), the covers for ever; a day covers the
#: one and the other is uploaded again once a day.
FILE_ID_SECONDS = 24 * 3600


class NowhereToUpload(Exception):
    """No storage chat is set and no player can be written to privately."""


class Pictures:
    """The file ids of the pictures inline messages show (see the module docstring)."""

    def __init__(self, bot: Bot, store: Store, outbox: Outbox, storage_chat: int | None) -> None:
        self.bot = bot
        self.store = store
        self.pacer = outbox.pacer
        self.spawn = outbox.spawn
        self.storage_chat = storage_chat
        #: the pictures this process is uploading in the background
        self._preparing: set[str] = set()

    def _key(self, image: bytes) -> str:
        return f"{self.store.prefix}tg:file:{hashlib.blake2b(image, digest_size=16).hexdigest()}"

    async def known(self, image: bytes) -> str | None:
        """The file id of a picture uploaded before, if it is still kept."""
        return cast(str | None, await self.store.redis.get(self._key(image)))

    async def file_id(self, image: bytes, players: Sequence[int]) -> str:
        """The file id of the picture (a PNG), uploaded now unless known: to the
        storage chat, else to the private chat of the first of ``players``
        (user ids) who can be written to. Raises :class:`NowhereToUpload`."""
        known = await self.known(image)
        if known is not None:
            return known
        for chat_id in await self._chats(players):
            try:
                sent = await self.bot.send_photo(
                    chat_id, BufferedInputFile(image, "table.png"), disable_notification=True
                )
            except (TelegramForbiddenError, TelegramBadRequest) as exc:
                log.warning("event=picture-upload-refused chat=%s error=%s", chat_id, exc.message)
                continue
            assert sent.photo
            file_id = sent.photo[-1].file_id
            await self.store.redis.set(self._key(image), file_id, ex=FILE_ID_SECONDS)
            if chat_id != self.storage_chat:
                await self._drop(chat_id, sent.message_id)
            return file_id
        raise NowhereToUpload()

    def prepare(self, images: Sequence[bytes], players: Sequence[int]) -> None:
        """Upload ``images`` in the background, one after another, so that
        their file ids are known next time (each at most once at a time)."""
        keys = [self._key(image) for image in images]
        missing = [(k, i) for k, i in zip(keys, images, strict=True) if k not in self._preparing]
        if not missing:
            return
        self._preparing.update(k for k, _ in missing)

        async def upload() -> None:
            try:
                for _, image in missing:
                    with contextlib.suppress(NowhereToUpload):
                        await self.file_id(image, players)
            finally:
                self._preparing.difference_update(k for k, _ in missing)

        self.spawn(upload())

    async def _chats(self, players: Sequence[int]) -> list[int]:
        """Where to try the upload, in order: the storage chat when its budget
        allows a call now (spent for it), else the players' chats first."""
        storage = self.storage_chat
        if storage is None:
            return list(players)
        try:
            wait = await self.pacer.budget.reserve(str(storage), group=storage < 0)
        except RedisError:
            wait = 0.0
        if wait:
            return [*players, storage]
        self.pacer.paid(storage)
        return [storage]

    async def _drop(self, chat_id: int, message_id: int) -> None:
        """A picture uploaded through a player's private chat is not left there."""
        try:
            await self.bot.delete_message(chat_id, message_id)
        except TelegramBadRequest as exc:
            log.info("event=upload-copy-kept chat=%s error=%s", chat_id, exc.message)
