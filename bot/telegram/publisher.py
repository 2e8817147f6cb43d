"""What a table shows in Telegram, kept up to date after every saved change.

One lobby message and one table message (photo + caption + buttons) per
table, edited in place; each player's hand in their private chat, edited
when it changes; a short private ping when a turn begins; notices in the
group. Message ids live in the store's per-table references, so a restarted
bot (or another worker) edits the same messages.

Every Telegram call is queued in the :class:`Outbox` and handles its own
expected failures: "message is not modified" is ignored, a deleted message is
sent again, a user who blocked the bot is reported to the group once.

The lobby, the table and the hands are *screens* that converge to the state
(:mod:`bot.core.screen_sync`): this module says how each is drawn and sent.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from aiogram import Bot
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
)
from aiogram.types import BufferedInputFile, InlineKeyboardMarkup, InputMediaPhoto

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.pending import PendingScreens
from bot.core.publishing import ChatPublisher
from bot.core.screen_base import Button, Screen
from bot.core.screen_sync import Gate, Job, ScreenSync
from bot.core.screens import Screens
from bot.core.service import Notice, TableService
from bot.core.tables import Status, Table
from bot.telegram import ids
from bot.telegram.markup import caption, keyboard
from bot.telegram.outbox import Outbox

log = logging.getLogger("bot.telegram")

DM_FLAG = "tg:dm"
LOBBY_REF = "tg:lobby"
TABLE_REF = "tg:table"
#: Telegram's answer to a post in a forum topic that was closed.
TOPIC_CLOSED = "TOPIC_CLOSED"


def hand_ref(seat: int) -> str:
    """The reference of a seat's hand message."""
    return f"tg:hand:{seat}"


def seat_of_ref(ref: str) -> int:
    """The seat whose hand ``ref`` is."""
    return int(ref.rpartition(":")[2])


def _chat_of(table: Table, ref: str) -> str:
    """The chat key where the screen ``ref`` of ``table`` is shown."""
    if ref in (LOBBY_REF, TABLE_REF):
        return table.chat
    return table.players[seat_of_ref(ref)].key


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
        self.sync = ScreenSync(
            service,
            PendingScreens(self.store, "tg"),
            draw=self._draw,
            deliver=self._deliver,
            place=_chat_of,
            enqueue=self._enqueue,
        )

    def _enqueue(self, chat: str, key: str, job: Job) -> None:
        self.outbox.put(ids.parse_chat_key(chat)[0], job, key=key)

    def deep_link(self, table_id: str) -> str:
        """The link that opens the private chat and seats the user at ``table_id``."""
        return f"https://t.me/{self.bot_username}?start=join_{table_id}"

    # -- reacting to the core (``on_change`` is ChatPublisher's) ------------------

    async def show_lobby(self, table: Table, lang: str) -> None:
        """Bring the lobby message up to date."""
        await self.sync.show(table, LOBBY_REF)

    async def show_table(self, table: Table, state: Any, lang: str) -> None:
        """Bring the table message up to date: image, caption, vote buttons."""
        await self.sync.show(table, TABLE_REF)

    async def show_seat(self, table: Table, state: Any, seat: int, *, resend: bool = False) -> None:
        """A player's private hand: edited only when it changed, or sent anew."""
        if table.players[seat].bot:
            return
        ref = hand_ref(seat)
        if resend:
            await self.sync.forget(table.id, ref)
        await self.sync.show(table, ref)

    # -- screens that converge to the state (``bot.core.screen_sync``) -----------

    async def migrate(self, old_id: int, new_id: int) -> None:
        """The group became a supergroup with a new id: its language and active
        table move there, and the table's messages are sent there anew (the old
        ones stay behind in the old chat, where nobody can press them)."""
        old, new = ids.chat_key(old_id), ids.chat_key(new_id)
        lang = await self.store.get_lang(f"chat:{old}")
        if lang is not None:
            await self.languages.set_chat(new, lang)
        table_id = await self.store.chat_table(old)
        if table_id is not None:
            for ref in (LOBBY_REF, TABLE_REF):
                await self.sync.forget(table_id, ref)
        table = await self.service.move_chat(old, new)
        log.info(
            "event=chat-migrated from=%s to=%s table=%s",
            old_id,
            new_id,
            table.id if table is not None else None,
        )

    async def _draw(self, table: Table, state: Any, ref: str) -> Screen | None:
        """The screen ``ref`` shows for ``table`` now (None: it shows nothing)."""
        if ref == LOBBY_REF:
            lang = await self.languages.for_chat(table.chat)
            screen = self.screens.lobby(table, lang)
            if table.status != Status.LOBBY:
                return screen
            link = Button(self.i18n.t(lang, "tg-btn-open-bot"), url=self.deep_link(table.id))
            return Screen(screen.text, buttons=(*screen.buttons, (link,)))
        if state is None:
            return None
        if ref == TABLE_REF:
            return await self.screens.table(table, state, await self.languages.for_chat(table.chat))
        seat = seat_of_ref(ref)
        if seat >= len(table.players) or table.players[seat].bot:
            return None
        lang = await self.languages.for_user(table.players[seat].key)
        return await self.screens.seat(table, state, seat, lang)

    async def _deliver(self, table: Table, ref: str, screen: Screen) -> bool:
        """Send or edit; False when the screen cannot be shown there (nor retried)."""
        chat_id, thread_id = ids.parse_chat_key(_chat_of(table, ref))
        try:
            await self._send_or_edit(table.id, chat_id, thread_id, ref, screen)
        except TelegramMigrateToChat as exc:
            # The table moves and its screens are drawn there anew.
            await self.migrate(chat_id, exc.migrate_to_chat_id)
            return False
        except TelegramForbiddenError as exc:
            seat = None if ref in (LOBBY_REF, TABLE_REF) else seat_of_ref(ref)
            await self._unreachable(table, chat_id, seat, exc)
            return False
        except TelegramBadRequest as exc:
            if TOPIC_CLOSED in exc.message:
                # Shown again when the topic is reopened (``redraw``).
                log.info("event=topic-closed table=%s ref=%s", table.id, ref)
            else:
                # Telegram refused this content; sending it again would be refused again.
                log.error(
                    "event=screen-refused table=%s ref=%s error=%s", table.id, ref, exc.message
                )
            return False
        return True

    async def redraw(self, table: Table) -> None:
        """Show the table's public message again where it may have fallen behind
        (a forum topic reopened)."""
        await self.sync.show(table, LOBBY_REF if table.status == Status.LOBBY else TABLE_REF)

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
        await self.store.set_refs(
            table_id, {ref: str(sent.message_id), f"{ref}:image": screen.image_key or ""}
        )

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

        async def call(gate: Gate) -> None:
            text, markup = caption(screen), keyboard(screen.buttons)
            try:
                if (
                    table_id is not None
                    and ref is not None
                    and await self.store.get_ref(table_id, ref) == str(message_id)
                ):
                    # The message no longer shows the screen last drawn for it.
                    await self.store.del_refs(table_id, f"{ref}:digest")
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

        async def call(gate: Gate) -> None:
            try:
                await self.bot.send_message(
                    chat_id, text, reply_markup=markup, message_thread_id=thread_id
                )
            except TelegramMigrateToChat as exc:
                await self.migrate(chat_id, exc.migrate_to_chat_id)
                self.say(ids.chat_key(exc.migrate_to_chat_id), text, markup)
            except TelegramBadRequest as exc:
                if TOPIC_CLOSED not in exc.message:
                    raise
                log.info("event=topic-closed chat=%s thread=%s", chat_id, thread_id)
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

        async def call(gate: Gate) -> None:
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
        await self.store.del_refs(table.id, f"tg:unreachable:{seat}")
