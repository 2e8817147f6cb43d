"""What a table shows in Telegram, kept up to date after every saved change.

One lobby message and one table message (photo + caption + buttons) per
table, edited in place; each player's hand in their private chat, edited
when it changes and sent as a new message when their turn begins, which is
how they are told (an edit does not notify); a short private ping only where
there is no hand to send (a reminder, a game without hands); notices in the
group. Message ids live in the store's per-table references
(:mod:`bot.telegram.delivery`), so a restarted bot (or another worker) edits
the same messages; the hands and pings a turn left behind are deleted in
batches.

Every Telegram call is queued in the :class:`Outbox` and handles its own
expected failures: "message is not modified" is ignored, a deleted message is
sent again, a user who blocked the bot is reported to the group once.

A change's screens are shown together (:mod:`bot.telegram.publication`);
the lobby, the table and the hands are also *screens* that converge to the
state on their own (:mod:`bot.core.screen_sync`) when they fell behind
otherwise (a sweep, a reopened topic, ``/hand``): this module says how each
is drawn and sent.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, cast

from aiogram import Bot
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
)
from aiogram.types import BufferedInputFile, InlineKeyboardMarkup

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.pending import PendingScreens
from bot.core.screen_base import Button, Screen
from bot.core.screen_sync import Gate, Job, ScreenSync
from bot.core.screens import Screens
from bot.core.service import Change, Notice, TableService
from bot.core.summary_screens import summary_screen
from bot.core.tables import Status, Table
from bot.telegram import delivery, ids
from bot.telegram.delivery import (
    LOBBY_REF,
    TABLE_REF,
    RefChanges,
    Shown,
    chat_of,
    hand_ref,
    refs_key,
    seat_of_ref,
    stray,
    update_refs_in,
)
from bot.telegram.inline import finished, messages
from bot.telegram.inline.pictures import NowhereToUpload, Pictures
from bot.telegram.markup import caption, keyboard
from bot.telegram.outbox import Outbox
from bot.telegram.publication import Publication
from bot.telegram.webapp.links import WebAppLinks, with_button

log = logging.getLogger("bot.telegram")

DM_FLAG = "tg:dm"
#: The table's ref set once its group (or topic) is lost to the bot.
CHAT_LOST_REF = "tg:lost"
#: The table's ref holding its group's slow mode delay (seconds), told in the lobby.
SLOW_MODE_REF = "tg:slow"
#: Telegram's answer to a post in a forum topic that was closed.
TOPIC_CLOSED = "TOPIC_CLOSED"
#: Telegram's refusal of a post to a forum topic that was deleted.
THREAD_NOT_FOUND = "message thread not found"
#: Telegram's refusal of an edit of an inline message that is no longer there.
INLINE_GONE = "MESSAGE_ID_INVALID"


class Publisher:
    """Turns core changes into Telegram messages."""

    def __init__(
        self,
        bot: Bot,
        service: TableService,
        screens: Screens,
        languages: Languages,
        outbox: Outbox,
        bot_username: str,
        storage_chat: int | None = None,
        webapp: WebAppLinks | None = None,
    ) -> None:
        self.bot = bot
        self.service = service
        self.store = service.store
        self.screens = screens
        self.i18n: I18n = screens.i18n
        self.languages = languages
        self.outbox = outbox
        self.bot_username = bot_username
        self.pictures = Pictures(bot, service.store, outbox, storage_chat)
        self.webapp = webapp
        self.sync = ScreenSync(
            service,
            PendingScreens(self.store, "tg", metrics=service.metrics),
            draw=self._draw,
            deliver=self._deliver,
            place=chat_of,
            enqueue=self._enqueue,
        )

    def _enqueue(self, chat: str, key: str, job: Job) -> None:
        self.outbox.put(ids.queue_id(chat), job, key=key)

    def with_open_button(self, screen: Screen, table: Table, lang: str, private: bool) -> Screen:
        """``screen`` with "🃏 Open the table" (the Mini App) under it, when the
        bot has one; ``private``: the screen goes to a private chat."""
        if self.webapp is None:
            return screen
        label = self.i18n.t(lang, "btn-open-table")
        return with_button(screen, self.webapp.button(label, table.id, self.bot_username, private))

    def deep_link(self, table_id: str) -> str:
        """The link that opens the private chat and seats the user at ``table_id``."""
        return f"https://t.me/{self.bot_username}?start=join_{table_id}"

    # -- reacting to the core ---------------------------------------------------------

    async def on_change(self, change: Change) -> None:
        """Bring every message of the table up to date (the service calls this).

        Only the marks and reads are made here; pictures are drawn and sent by
        a task of the outbox, so a press is answered at once. Another
        platform's tables (one service serves every frontend of a process) are
        not Telegram's to show.
        """
        if ids.is_telegram(change.table.chat):
            await Publication(self, change).start()
            # An inline message's chat takes no new message from the bot: its
            # count is told in the table's own words there.
            if change.summary is not None and ids.inline_message(change.table.chat) is None:
                self.show_summary(change)

    def show_summary(self, change: Change) -> None:
        """Post the position the round ``change`` ended on, with its count, as
        a photo of its own (:mod:`bot.core.summary_screens`) while the table
        message deals on; drawn when the call runs, so the press is answered
        at once."""
        table, state, summary = change.table, change.state, change.summary
        assert summary is not None
        chat_id, thread_id = ids.parse_chat_key(table.chat)

        async def call(gate: Gate) -> None:
            lang = await self.languages.for_chat(table.chat)
            screen = await summary_screen(self.screens, table, state, summary, lang)
            assert screen.image is not None
            try:
                await self.bot.send_photo(
                    chat_id,
                    BufferedInputFile(screen.image, filename="summary.png"),
                    caption=caption(screen),
                    message_thread_id=thread_id,
                )
            except TelegramBadRequest as exc:
                if TOPIC_CLOSED not in exc.message and THREAD_NOT_FOUND not in exc.message:
                    raise
                # The table's own picture meets the same refusal and handles it.
                log.info("event=summary-refused chat=%s error=%s", chat_id, exc.message)
            except TelegramForbiddenError as exc:
                log.warning("event=unreachable chat=%s error=%s", chat_id, exc.message)

        self.outbox.put(chat_id, call, key=f"summary:{table.id}:{table.state_version}")

    async def show_seat(self, table: Table, state: Any, seat: int, *, resend: bool = False) -> None:
        """A player's private hand: edited only when it changed, or (``resend``)
        sent as a new message, the old one left to be deleted."""
        if table.players[seat].bot:
            return
        ref = hand_ref(seat)
        if resend:
            await self.store.set_ref(table.id, f"{ref}:anew", "1")
        await self.sync.show(table, ref, again=resend)

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
        await self.service.move_records(old, new)
        log.info(
            "event=chat-migrated from=%s to=%s table=%s",
            old_id,
            new_id,
            table.id if table is not None else None,
        )

    async def draw(self, table: Table, state: Any, ref: str, lang: str) -> Screen | None:
        """The screen ``ref`` shows for ``table`` now, in ``lang`` (None: it shows nothing)."""
        # An inline message is both: the lobby until the deal, the table after it.
        inline = ids.inline_message(table.chat) is not None and ref in (LOBBY_REF, TABLE_REF)
        if inline and (ref == TABLE_REF) != (table.seed is not None):
            return None
        if ref == LOBBY_REF:
            screen = self.screens.lobby(table, lang)
            if table.status != Status.LOBBY:
                return screen
            link = Button(self.i18n.t(lang, "tg-btn-open-bot"), url=self.deep_link(table.id))
            text = screen.text
            slow = await self.store.get_ref(table.id, SLOW_MODE_REF)
            if slow:
                text += "\n\n" + self.i18n.t(lang, "tg-slow-mode", seconds=int(slow))
            return Screen(text, buttons=(*screen.buttons, (link,)))
        if state is None:
            return None
        if ref == TABLE_REF:
            screen = await self.screens.table(table, state, lang)
            if inline:
                # Telegram allows web_app buttons in private chats only: an
                # inline message, like a group's, gets the direct link.
                screen = await finished.with_records(self.service, self.i18n, table, screen, lang)
                return self.with_open_button(screen, table, lang, private=False)
            return self.with_open_button(screen, table, lang, ids.is_private_chat(table.chat))
        seat = seat_of_ref(ref)
        if seat >= len(table.players) or table.players[seat].bot:
            return None
        screen = await self.screens.seat(table, state, seat, lang)
        return self.with_open_button(screen, table, lang, private=True)

    async def _draw(self, table: Table, state: Any, ref: str) -> Screen | None:
        if ref in (LOBBY_REF, TABLE_REF):
            lang = await self.languages.for_chat(table.chat)
        elif seat_of_ref(ref) < len(table.players):
            lang = await self.languages.for_user(table.players[seat_of_ref(ref)].key)
        else:
            return None
        return await self.draw(table, state, ref, lang)

    async def _deliver(self, table: Table, ref: str, screen: Screen) -> bool:
        """Send or edit; False when the screen cannot be shown there (nor retried)."""

        async def put() -> bool:
            refs = cast(
                dict[str, str], await self.store.redis.hgetall(refs_key(self.store, table.id))
            )
            if ref in (LOBBY_REF, TABLE_REF) and refs.get(CHAT_LOST_REF):
                return True  # nowhere to show it: the players were told privately
            changes = await self.put(table, ref, screen, Shown.read(refs, ref), time.time())
            await self._write_refs(table.id, changes)
            return True

        return await self.placing(table, ref, put)

    async def put(
        self, table: Table, ref: str, screen: Screen, shown: Shown, now: float
    ) -> RefChanges:
        """Show ``screen`` as ``table``'s screen ``ref``, which ``shown`` says what
        it shows now: a message in a chat, or the table's inline message."""
        chat = chat_of(table, ref)
        inline = ids.inline_message(chat)
        if inline is not None:
            players = [ids.user_id(p.key) for p in table.players if not p.bot]
            return await messages.put(self.bot, self.pictures, inline, ref, screen, shown, players)
        chat_id, thread_id = ids.parse_chat_key(chat)
        return await delivery.put(self.bot, chat_id, thread_id, ref, screen, shown, now)

    async def placing(self, table: Table, ref: str, put: Callable[[], Awaitable[bool]]) -> bool:
        """Run ``put``, which shows the screen ``ref``: False when Telegram refused it
        for good (the chat moved, the bot may not write there, the content was
        refused), which it handles; failures worth retrying are raised."""
        chat_id = ids.queue_id(chat_of(table, ref))
        try:
            return await put()
        except TelegramMigrateToChat as exc:
            # The table moves and its screens are drawn there anew.
            await self.migrate(chat_id, exc.migrate_to_chat_id)
        except TelegramForbiddenError as exc:
            seat = None if ref in (LOBBY_REF, TABLE_REF) else seat_of_ref(ref)
            await self._unreachable(table, chat_id, seat, exc)
        except NowhereToUpload:
            # Every player blocked the bot since the game began, and no storage chat.
            log.error("event=picture-nowhere table=%s ref=%s", table.id, ref)
        except TelegramBadRequest as exc:
            if ids.inline_message(table.chat) is not None and INLINE_GONE in exc.message:
                # The players deleted the game's message: nowhere to play it.
                await self.chat_lost(table.chat, None)
            elif TOPIC_CLOSED in exc.message:
                # Shown again when the topic is reopened (``redraw``).
                log.info("event=topic-closed table=%s ref=%s", table.id, ref)
            elif THREAD_NOT_FOUND in exc.message:
                await self.chat_lost(table.chat, None, topic=True)
            else:
                # Telegram refused this content; sending it again would be refused again.
                log.error(
                    "event=screen-refused table=%s ref=%s error=%s", table.id, ref, exc.message
                )
        return False

    async def _write_refs(self, table_id: str, changes: RefChanges) -> None:
        async with self.store.redis.pipeline(transaction=False) as pipe:
            update_refs_in(pipe, self.store, table_id, changes)
            await pipe.execute()

    async def redraw(self, table: Table) -> None:
        """Show the table's public message again where it may have fallen behind
        (a forum topic reopened)."""
        await self.sync.show(table, LOBBY_REF if table.status == Status.LOBBY else TABLE_REF)

    def edit_pressed(
        self,
        chat_id: int,
        message_id: int,
        screen: Screen,
        *,
        table_id: str | None = None,
        ref: str | None = None,
        table_here: bool = False,
    ) -> None:
        """Show a menu step in the message that was pressed (``table_here``: the
        table's own message is in this chat too, a game alone).

        The text (a photo's caption) and buttons change; so does the picture
        when the step shows another one (a move's preview) and the message is
        the table's ``ref`` message, whose shown picture is remembered.
        """

        async def call(gate: Gate) -> None:
            text, markup = caption(screen), keyboard(screen.buttons)
            shown: list[str | None] = [None, None, None]
            if table_id is not None and ref is not None:
                async with self.store.redis.pipeline(transaction=False) as pipe:
                    pipe.hmget(refs_key(self.store, table_id), [ref, f"{ref}:image", TABLE_REF])
                    # The message no longer shows the screen last drawn for it.
                    pipe.hdel(refs_key(self.store, table_id), f"{ref}:digest", f"{ref}:face")
                    shown, _ = await pipe.execute()
            target = message_id
            table_message = shown[2] if table_here else None
            if ref is not None and ref != TABLE_REF and stray(shown[0], table_message, message_id):
                # An older copy of the hand was pressed: the hand itself shows
                # the step, and the copy goes.
                assert table_id is not None and shown[0] is not None
                target = int(shown[0])
                await self._drop_copy(table_id, chat_id, message_id, time.time())
            try:
                if table_id is not None and ref is not None and shown[0] == str(target):
                    await delivery.edit(self.bot, chat_id, target, screen, shown[1], text, markup)
                    if shown[1] != screen.image_key:
                        await self._write_refs(table_id, {f"{ref}:image": screen.image_key or ""})
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

    def edit_inline(self, table: Table, screen: Screen) -> None:
        """Show a menu step (or a preview) on an inline table's message, which was
        pressed; its picture, when the step shows another, by file id."""
        inline = ids.inline_message(table.chat)
        assert inline is not None
        players = [ids.user_id(p.key) for p in table.players if not p.bot]

        async def call(gate: Gate) -> None:
            key = refs_key(self.store, table.id)
            async with self.store.redis.pipeline(transaction=False) as pipe:
                pipe.hget(key, f"{TABLE_REF}:image")
                # The message no longer shows the screen last drawn for it.
                pipe.hdel(key, f"{TABLE_REF}:digest", f"{TABLE_REF}:face")
                shown, _ = await pipe.execute()
            text, markup = caption(screen), keyboard(screen.buttons)
            await messages.edit(
                self.bot, self.pictures, inline, screen, shown, text, markup, players
            )
            if shown != screen.image_key:
                await self._write_refs(table.id, {f"{TABLE_REF}:image": screen.image_key or ""})

        self.outbox.put(ids.queue_id(table.chat), call, key=f"nav:{inline}")

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
                if TOPIC_CLOSED in exc.message:
                    log.info("event=topic-closed chat=%s thread=%s", chat_id, thread_id)
                elif THREAD_NOT_FOUND in exc.message:
                    # Its table, if any, is stopped when its picture is refused.
                    log.info("event=topic-deleted chat=%s thread=%s", chat_id, thread_id)
                else:
                    raise
            except TelegramForbiddenError as exc:
                log.warning("event=unreachable chat=%s error=%s", chat_id, exc.message)
                if chat_id > 0:
                    await self.store.flag(DM_FLAG, str(chat_id), on=False)

        # Said once while it waits (thirty /stop in a row get one answer), and
        # after the table's screens.
        said = hashlib.blake2b(f"{text}\n{markup and markup.model_dump_json()}".encode())
        self.outbox.put(chat_id, call, key=f"say:{thread_id}:{said.hexdigest()}", reply=True)

    async def announce(self, table: Table, notice: Notice, chat_lang: str) -> None:
        """Tell the table's chat ``notice`` (in ``chat_lang``); at an inline
        table, which has no chat to write in, each person seated privately, in
        their language."""
        if ids.inline_message(table.chat) is None:
            self.say(table.chat, self.screens.notice(table, notice, chat_lang))
            return
        for player in table.players:
            if not player.bot:
                lang = await self.languages.for_user(player.key)
                self.say(player.key, self.screens.notice(table, notice, lang))

    # -- pings where there is no hand to send ----------------------------------------

    def ping_text(self, table: Table, seat: int, notice: Notice | None, lang: str) -> str:
        """A seat's short private message: its turn began, or a reminder (``notice``)."""
        if notice is not None and notice.msg == "turn-reminder":
            return self.screens.notice(table, notice, lang)
        return self.i18n.t(lang, "tg-your-turn", game=self.i18n.t(lang, f"game-{table.game}"))

    async def send_ping(self, table: Table, seat: int, text: str, now: float) -> RefChanges:
        """Send a ping; the references that keep it, to be deleted with the next batch."""
        chat_id, _ = ids.parse_chat_key(table.players[seat].key)
        try:
            sent = await self.bot.send_message(chat_id, text)
        except TelegramForbiddenError as exc:
            await self._unreachable(table, chat_id, seat, exc)
            return {}
        return {delivery.old_ref(chat_id, sent.message_id): repr(now)}

    def queue_ping(self, table: Table, seat: int, text: str) -> None:
        """:meth:`send_ping` through the seat's queue, waiting for the budget."""
        chat_id, _ = ids.parse_chat_key(table.players[seat].key)

        async def call(gate: Gate) -> None:
            await gate()
            changes = await self.send_ping(table, seat, text, time.time())
            if changes:
                await self._write_refs(table.id, changes)

        self.outbox.put(chat_id, call, key=f"{table.id}:ping:{seat}")

    def queue_clearing(self, table_id: str, chat_id: int) -> None:
        """Delete every old message of ``table_id`` in ``chat_id`` (its game is over),
        through the chat's queue."""

        async def call(gate: Gate) -> None:
            key = refs_key(self.store, table_id)
            refs = cast(dict[str, str], await self.store.redis.hgetall(key))
            old = delivery.old_messages(refs).get(chat_id)
            if old:
                changes = await delivery.clear(self.bot, chat_id, old, time.time())
                await self._write_refs(table_id, changes)

        self.outbox.put(chat_id, call, key=f"{table_id}:clear:{chat_id}")

    async def drop_if_stray(
        self, table_id: str, seat: int, chat_id: int, message_id: int, sent: datetime
    ) -> None:
        """Delete ``message_id`` if it is an older copy of ``seat``'s hand than the
        one the references name (see :func:`delivery.stray`)."""
        table, _ = await self.service.get(table_id)
        key = refs_key(self.store, table_id)
        refs = cast(
            list[str | None], await self.store.redis.hmget(key, [hand_ref(seat), TABLE_REF])
        )
        table_message = refs[1] if table.chat == ids.chat_key(chat_id) else None
        if stray(refs[0], table_message, message_id):
            await self._drop_copy(table_id, chat_id, message_id, sent.timestamp())

    async def _drop_copy(self, table_id: str, chat_id: int, message_id: int, sent: float) -> None:
        """Delete an older copy of a screen through the chat's queue."""
        await self._write_refs(table_id, {delivery.old_ref(chat_id, message_id): repr(sent)})
        self.queue_clearing(table_id, chat_id)

    async def _unreachable(
        self, table: Table, chat_id: int, seat: int | None, exc: TelegramForbiddenError
    ) -> None:
        log.warning("event=unreachable table=%s chat=%s error=%s", table.id, chat_id, exc.message)
        if seat is None:
            # The bot was removed from the group (its update may have been lost,
            # or the table is in one of the group's topics).
            await self.chat_lost(table.chat, None)
            return
        await self.store.flag(DM_FLAG, str(chat_id), on=False)
        marker = f"tg:unreachable:{seat}"
        if ids.inline_message(table.chat) is not None:
            return  # no chat to say it in: the lobby let in only those it could reach
        if await self.store.get_ref(table.id, marker):
            return
        await self.store.set_ref(table.id, marker, "1")
        lang = await self.languages.for_chat(table.chat)
        name = self.screens.names(table)[seat]
        link = Button(self.i18n.t(lang, "tg-btn-open-bot"), url=f"https://t.me/{self.bot_username}")
        self.say(table.chat, self.i18n.t(lang, "tg-unreachable", player=name), keyboard(((link,),)))

    async def chat_lost(self, chat: str, title: str | None, *, topic: bool = False) -> None:
        """The bot may no longer write in ``chat`` (removed from the group, or its
        forum ``topic`` deleted): its game is stopped (not played out on timeouts
        nobody sees) and everyone seated who opened the bot hears it privately.
        ``title``: the group's name, when Telegram said it."""
        table_id = await self.store.chat_table(chat)
        if table_id is None:
            return
        # The stopped table's last pictures are not tried where they cannot go.
        await self.store.set_ref(table_id, CHAT_LOST_REF, "1")
        table = await self.service.close_chat(chat)
        if table is None:
            return
        log.info("event=chat-lost chat=%s table=%s", chat, table.id)
        for player in table.players:
            if player.bot or not await self.store.flagged(DM_FLAG, str(ids.user_id(player.key))):
                continue
            lang = await self.languages.for_user(player.key)
            game = self.i18n.t(lang, f"game-{table.game}")
            if ids.inline_message(chat) is not None:
                text = self.i18n.t(lang, "tg-inline-lost", game=game)
            elif topic:
                text = self.i18n.t(lang, "tg-topic-lost", game=game)
            elif title is None:
                text = self.i18n.t(lang, "tg-chat-lost-untitled", game=game)
            else:
                text = self.i18n.t(lang, "tg-chat-lost", game=game, chat=title)
            self.say(player.key, text)

    async def reachable_again(self, table: Table, seat: int) -> None:
        """The player opened the private chat again: forget the warning, show the hand."""
        await self.store.del_refs(table.id, f"tg:unreachable:{seat}")
