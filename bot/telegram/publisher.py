"""What a table shows in Telegram, kept up to date after every saved change.

One lobby message and one table message (photo + caption + buttons) per
table, edited in place; each player's hand in their private chat, edited
when it changes; a short private ping when a turn begins; notices in the
group. Message ids live in the store's per-table references, so a restarted
bot (or another worker) edits the same messages.

Every Telegram call is queued in the :class:`Outbox` and handles its own
expected failures: "message is not modified" is ignored, a deleted message is
sent again, a user who blocked the bot is reported to the group once.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.types import BufferedInputFile, InlineKeyboardMarkup, InputMediaPhoto

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.publishing import ChatPublisher
from bot.core.screens import Button, Screen, Screens
from bot.core.service import Notice, TableService
from bot.core.tables import Status, Table
from bot.telegram import ids
from bot.telegram.markup import caption, keyboard
from bot.telegram.outbox import Outbox

log = logging.getLogger("bot.telegram")

DM_FLAG = "tg:dm"


class Publisher(ChatPublisher):
    """Turns core changes into Telegram messages."""

    def __init__(
        self,
        bot: Bot,
        service: TableService,
        screens: Screens,
        languages: Languages,
        outbox: Outbox,
        bot_username: str,
    ) -> None:
        self.bot = bot
        self.service = service
        self.store = service.store
        self.screens = screens
        self.i18n: I18n = screens.i18n
        self.languages = languages
        self.outbox = outbox
        self.bot_username = bot_username

    def deep_link(self, table_id: str) -> str:
        """The link that opens the private chat and seats the user at ``table_id``."""
        return f"https://t.me/{self.bot_username}?start=join_{table_id}"

    # -- reacting to the core (``on_change`` is ChatPublisher's) ------------------

    def show_lobby(self, table: Table, lang: str) -> None:
        """The lobby message, with a deep link for players who never opened the bot."""
        screen = self.screens.lobby(table, lang)
        if table.status == Status.LOBBY:
            link = Button(self.i18n.t(lang, "tg-btn-open-bot"), url=self.deep_link(table.id))
            screen = Screen(screen.text, buttons=(*screen.buttons, (link,)))

        async def draw() -> Screen:
            return screen

        self._show(table, table.chat, "tg:lobby", draw)

    def show_table(self, table: Table, state: Any, lang: str) -> None:
        """The table message: image, caption, vote buttons (drawn when it is sent)."""

        async def draw() -> Screen:
            return await self.screens.table(table, state, lang)

        self._show(table, table.chat, "tg:table", draw)

    async def show_seat(self, table: Table, state: Any, seat: int, *, resend: bool = False) -> None:
        """A player's private hand: edited only when it changed, or sent anew."""
        player = table.players[seat]
        if player.bot:
            return
        lang = await self.languages.for_user(player.key)
        ref = f"tg:hand:{seat}"
        if resend:
            await self.store.del_ref(table.id, ref)

        async def draw() -> Screen | None:
            screen = await self.screens.seat(table, state, seat, lang)
            digest = _digest(screen)
            if not resend and await self.store.get_ref(table.id, f"{ref}:digest") == digest:
                return None
            await self.store.set_ref(table.id, f"{ref}:digest", digest)
            return screen

        self._show(table, player.key, ref, draw, private_seat=seat)

    # -- sending -------------------------------------------------------------

    def _show(
        self,
        table: Table,
        chat: str,
        ref: str,
        draw: Callable[[], Awaitable[Screen | None]],
        *,
        private_seat: int | None = None,
    ) -> None:
        """Queue sending or editing the message stored under ``ref``.

        ``draw`` makes the screen when the call runs (``None``: nothing changed).
        """
        chat_id, thread_id = ids.parse_chat_key(chat)

        async def call() -> bool:
            screen = await draw()
            if screen is None:
                return False
            try:
                await self._send_or_edit(table.id, chat_id, thread_id, ref, screen)
            except TelegramForbiddenError as exc:
                await self._unreachable(table, chat_id, private_seat, exc)
            return True

        self.outbox.put(chat_id, call, key=f"{table.id}:{ref}")

    async def _send_or_edit(
        self,
        table_id: str,
        chat_id: int,
        thread_id: int | None,
        ref: str,
        screen: Screen,
    ) -> None:
        text, markup = caption(screen), keyboard(screen.buttons)
        message_id = await self.store.get_ref(table_id, ref)
        if message_id is not None:
            try:
                await self._edit(table_id, chat_id, int(message_id), ref, screen, text, markup)
                return
            except TelegramBadRequest as exc:
                if "not modified" in exc.message:
                    return
                if "not found" not in exc.message and "can't be edited" not in exc.message:
                    raise
                log.info("event=message-gone table=%s ref=%s; sending it again", table_id, ref)
        if screen.image is not None:
            photo = BufferedInputFile(screen.image, filename="table.png")
            sent = await self.bot.send_photo(
                chat_id, photo, caption=text, reply_markup=markup, message_thread_id=thread_id
            )
        else:
            sent = await self.bot.send_message(
                chat_id, text, reply_markup=markup, message_thread_id=thread_id
            )
        await self.store.set_ref(table_id, ref, str(sent.message_id))
        await self.store.set_ref(table_id, f"{ref}:image", screen.image_key or "")

    async def _edit(
        self,
        table_id: str,
        chat_id: int,
        message_id: int,
        ref: str,
        screen: Screen,
        text: str,
        markup: InlineKeyboardMarkup | None,
    ) -> None:
        if screen.image is None:
            await self.bot.edit_message_text(
                text=text, chat_id=chat_id, message_id=message_id, reply_markup=markup
            )
            return
        shown = await self.store.get_ref(table_id, f"{ref}:image")
        if shown == screen.image_key:
            await self.bot.edit_message_caption(
                chat_id=chat_id, message_id=message_id, caption=text, reply_markup=markup
            )
            return
        media = InputMediaPhoto(media=BufferedInputFile(screen.image, "table.png"), caption=text)
        await self.bot.edit_message_media(
            media=media, chat_id=chat_id, message_id=message_id, reply_markup=markup
        )
        await self.store.set_ref(table_id, f"{ref}:image", screen.image_key or "")

    def edit_pressed(
        self,
        chat_id: int,
        message_id: int,
        screen: Screen,
        *,
        table_id: str | None = None,
        ref: str | None = None,
    ) -> None:
        """Show a menu step in the message that was pressed.

        The text (a photo's caption) and buttons change; so does the picture
        when the step shows another one (a move's preview) and the message is
        the table's ``ref`` message, whose shown picture is remembered.
        """

        async def call() -> None:
            text, markup = caption(screen), keyboard(screen.buttons)
            try:
                if (
                    table_id is not None
                    and ref is not None
                    and await self.store.get_ref(table_id, ref) == str(message_id)
                ):
                    await self._edit(table_id, chat_id, message_id, ref, screen, text, markup)
                elif screen.image is None:
                    await self.bot.edit_message_text(
                        text=text, chat_id=chat_id, message_id=message_id, reply_markup=markup
                    )
                else:
                    await self.bot.edit_message_caption(
                        chat_id=chat_id, message_id=message_id, caption=text, reply_markup=markup
                    )
            except TelegramBadRequest as exc:
                if "not modified" not in exc.message:
                    raise

        self.outbox.put(chat_id, call, key=f"nav:{chat_id}:{message_id}")

    def say(self, chat: str, text: str, markup: InlineKeyboardMarkup | None = None) -> None:
        """Queue a plain message to a chat (or forum topic)."""
        chat_id, thread_id = ids.parse_chat_key(chat)

        async def call() -> None:
            try:
                await self.bot.send_message(
                    chat_id, text, reply_markup=markup, message_thread_id=thread_id
                )
            except TelegramForbiddenError as exc:
                log.warning("event=unreachable chat=%s error=%s", chat_id, exc.message)
                if chat_id > 0:
                    await self.store.flag(DM_FLAG, str(chat_id), on=False)

        self.outbox.put(chat_id, call)

    # -- notices -------------------------------------------------------------

    async def ping(self, table: Table, seats: list[int], notice: Notice | None) -> None:
        """A short private message to each seat; the previous one is removed."""
        for seat in seats:
            await self._ping(table, seat, notice)

    async def _ping(self, table: Table, seat: int, notice: Notice | None) -> None:
        player = table.players[seat]
        # A solo game is played in the player's private chat: its messages show the turn.
        if player.bot or player.key == table.chat:
            return
        lang = await self.languages.for_user(player.key)
        game = self.i18n.t(lang, f"game-{table.game}")
        if notice is not None and notice.msg == "turn-reminder":
            text = self.screens.notice(table, notice, lang)
        else:
            text = self.i18n.t(lang, "tg-your-turn", game=game)
        chat_id, _ = ids.parse_chat_key(player.key)
        ref = f"tg:ping:{seat}"

        async def call() -> None:
            old = await self.store.get_ref(table.id, ref)
            if old is not None:
                with contextlib.suppress(TelegramBadRequest):
                    await self.bot.delete_message(chat_id, int(old))
            try:
                sent = await self.bot.send_message(chat_id, text)
            except TelegramForbiddenError as exc:
                await self._unreachable(table, chat_id, seat, exc)
                return
            await self.store.set_ref(table.id, ref, str(sent.message_id))

        self.outbox.put(chat_id, call, key=f"{table.id}:{ref}")

    async def _unreachable(
        self, table: Table, chat_id: int, seat: int | None, exc: TelegramForbiddenError
    ) -> None:
        log.warning("event=unreachable table=%s chat=%s error=%s", table.id, chat_id, exc.message)
        if seat is None:
            # The bot was removed from the group: the game stays in Redis and
            # continues if the bot is added back.
            return
        await self.store.flag(DM_FLAG, str(chat_id), on=False)
        marker = f"tg:unreachable:{seat}"
        if await self.store.get_ref(table.id, marker):
            return
        await self.store.set_ref(table.id, marker, "1")
        lang = await self.languages.for_chat(table.chat)
        name = self.screens.names(table)[seat]
        link = Button(self.i18n.t(lang, "tg-btn-open-bot"), url=f"https://t.me/{self.bot_username}")
        self.say(table.chat, self.i18n.t(lang, "tg-unreachable", player=name), keyboard(((link,),)))

    async def reachable_again(self, table: Table, seat: int) -> None:
        """The player opened the private chat again: forget the warning, show the hand."""
        await self.store.del_ref(table.id, f"tg:unreachable:{seat}")


def _digest(screen: Screen) -> str:
    h = hashlib.sha1(usedforsecurity=False)
    h.update(screen.text.encode())
    h.update(screen.image or b"")
    for row in screen.buttons:
        for button in row:
            h.update(f"|{button.label}|{button.token}|{button.url}".encode())
    return h.hexdigest()
