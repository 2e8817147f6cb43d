"""What a table shows in Discord, kept up to date after every saved change.

In the table's channel: one lobby message and one table message (text + PNG +
components), edited in place; a turn ping that replaces the previous one;
notices. A seat's hand is private, shown by :mod:`bot.discord.hands`. Message
ids live in the store's per-table references, so a restarted bot edits the
same messages.

Failures are handled where they happen: a deleted message is sent again; a
channel that refuses the bot, a locked thread or a deleted channel is dealt
with by :mod:`bot.discord.troubles`.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import discord

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.pending import PendingScreens
from bot.core.publishing import ChatPublisher
from bot.core.screen_base import Button, Screen
from bot.core.screen_sync import Job, ScreenSync
from bot.core.screens import Screens
from bot.core.service import Notice, TableService
from bot.core.summaries import Summary
from bot.core.tables import Status, Table
from bot.core.tokens import LobbyToken, decode
from bot.discord import ids
from bot.discord.hands import Hands, hand_screen, seat_of_ref
from bot.discord.messages import NO_MENTIONS, UNKNOWN_CHANNEL, Outgoing, cut, outgoing
from bot.discord.sender import Sender
from bot.discord.summaries import post_summary
from bot.discord.troubles import CHANNEL_LOST_REF, THREAD_ARCHIVED, ChannelTroubles, edits_used_up

log = logging.getLogger("bot.discord")

LOBBY_REF = "dc:lobby"
TABLE_REF = "dc:table"
PING_REF = "dc:ping"


class Publisher(ChatPublisher):
    """Turns core changes into Discord messages."""

    chat_prefix = ids.PREFIX

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        screens: Screens,
        languages: Languages,
        sender: Sender,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.client = client
        self.service = service
        self.store = service.store
        self.screens = screens
        self.i18n: I18n = screens.i18n
        self.languages = languages
        self.sender = sender
        self.hands = Hands(client, self.store, screens, languages, sender, self.say, clock=clock)
        self.troubles = ChannelTroubles(client, service, self.hands)
        self.sync = ScreenSync(
            service,
            PendingScreens(self.store, "dc", metrics=service.metrics),
            draw=self._draw,
            deliver=self._deliver,
            place=lambda table, ref: table.chat,
            enqueue=self._enqueue,
        )

    # -- reacting to the core (``on_change`` is ChatPublisher's) ------------------

    async def refresh(self, chat: str) -> None:
        """Show the channel's table again (after its language changed)."""
        table = await self.service.table_in(chat)
        if table is None:
            return
        table, state = await self.service.get(table.id)
        await self.sync.show(table, LOBBY_REF if state is None else TABLE_REF, again=True)

    def lobby(self, table: Table, lang: str) -> Screen:
        """The lobby message: seats and options, then Join / Leave / Options / Start / Cancel.

        The options themselves are on an ephemeral panel (``Options``), so the
        lobby keeps to one row of buttons however many options a game has.
        """
        screen = self.screens.lobby(table, lang)
        buttons = [b for row in screen.buttons for b in row if not _is_option(b)]
        if any(_is_option(b) for row in screen.buttons for b in row):
            options = Button(self.i18n.t(lang, "dc-btn-options"), ids.options_id(table.id))
            buttons.insert(2, options)
        return Screen(screen.text, buttons=(tuple(buttons),) if buttons else ())

    def options_panel(self, table: Table, lang: str) -> Outgoing:
        """The lobby's options (each button cycles one) for whoever pressed ``Options``."""
        screen = self.screens.lobby(table, lang)
        rows = tuple(row for row in screen.buttons if all(_is_option(b) for b in row))
        lines = [b.label for row in rows for b in row]
        text = "\n".join([self.i18n.t(lang, "dc-options-title"), *lines])
        return outgoing(Screen(text, buttons=rows), placeholder=self.i18n.t(lang, "dc-choose"))

    async def show_lobby(self, table: Table, lang: str) -> None:
        """Bring the lobby message up to date."""
        await self.sync.show(table, LOBBY_REF)

    async def show_table(
        self, table: Table, state: Any, lang: str, screen: Screen | None = None
    ) -> None:
        """Bring the table message up to date, or show a menu step (``screen``) on it."""
        if screen is None:
            await self.sync.show(table, TABLE_REF)
        else:
            message = self.table_message(table, screen, lang)
            self.sender.put(
                f"{table.id}:{TABLE_REF}",
                partial(self._put_in_channel, table, TABLE_REF, message, screen.image_key),
            )
        if table.status != Status.PLAYING:
            self._drop_ping(table)

    async def _draw(self, table: Table, state: Any, ref: str) -> Screen | None:
        """The lobby, table or hand screen of ``table`` now."""
        if ref in (LOBBY_REF, TABLE_REF):
            lang = await self.languages.for_chat(table.chat)
            if ref == LOBBY_REF:
                return self.lobby(table, lang)
            return None if state is None else await self.screens.table(table, state, lang)
        return await self.hands.draw(table, state, seat_of_ref(ref))

    async def _deliver(self, table: Table, ref: str, screen: Screen) -> bool:
        """Send or edit the lobby, table or hand message; False when it cannot be
        shown (the channel or DM refuses it, an ephemeral hand is out of reach)."""
        if ref in (LOBBY_REF, TABLE_REF):
            lang = await self.languages.for_chat(table.chat)
            if ref == LOBBY_REF:
                message = outgoing(screen, placeholder=self.i18n.t(lang, "dc-choose"))
            else:
                message = self.table_message(table, screen, lang)
            return await self._put_in_channel(table, ref, message, screen.image_key)
        return await self.hands.deliver(table, seat_of_ref(ref), screen)

    def _enqueue(self, chat: str, key: str, job: Job) -> None:
        # discord.py keeps to Discord's rate limits itself: the gate lets every call go.
        self.sender.put(key, partial(job, _no_gate))

    async def is_table_message(self, table_id: str, message_id: int) -> bool:
        """True for the table's lobby or table message."""
        refs = [await self.store.get_ref(table_id, ref) for ref in (LOBBY_REF, TABLE_REF)]
        return str(message_id) in refs

    def table_message(self, table: Table, screen: Screen, lang: str) -> Outgoing:
        """The table screen plus "My hand" while a game with hands is running (in a
        DM, where one plays alone, the hand is always shown below the table)."""
        extra: tuple[Button, ...] = ()
        solo = ids.is_dm(table.chat)
        if table.status == Status.PLAYING and self.screens.has_private(table.game) and not solo:
            extra = (Button(self.i18n.t(lang, "dc-btn-hand"), ids.hand_id(table.id)),)
        return outgoing(screen, extra, placeholder=self.i18n.t(lang, "dc-choose"))

    async def show_seat(self, table: Table, state: Any, seat: int, *, resend: bool = False) -> None:
        """Push a seat's hand where it is shown: its DM, or its ephemeral message
        while that can still be edited. ``resend``: send the DM anew."""
        if table.players[seat].bot:
            return
        if resend:
            await self.hands.forget_dm_hand(table.id, seat)
        await self.sync.show(table, hand_screen(seat), again=resend)

    # -- the channel ---------------------------------------------------------

    async def _put_in_channel(
        self, table: Table, ref: str, message: Outgoing, image_key: str | None
    ) -> bool:
        """Send or edit the channel message stored under ``ref``; False when the
        channel refuses the bot."""
        image_ref = f"{ref}:image"
        shown, message_id, lost = await self.store.get_refs(
            table.id, [image_ref, ref, CHANNEL_LOST_REF]
        )
        if lost:
            return True  # nowhere to show it: the channel is gone
        channel = self.client.get_partial_messageable(ids.channel_id(table.chat))
        try:
            if message_id is not None:
                try:
                    new_image = image_key != shown
                    edit = partial(
                        channel.get_partial_message(int(message_id)).edit,
                        content=message.content,
                        view=message.view,
                    )
                    try:
                        await edit(attachments=_files(message, new_image))
                    except discord.HTTPException as exc:
                        if exc.code != THREAD_ARCHIVED:
                            raise
                        if not await self.troubles.unarchive(table, channel.id):
                            return False
                        await edit(attachments=_files(message, new_image))
                    await self.store.set_ref(table.id, image_ref, image_key or "")
                    return True
                except discord.NotFound:
                    log.info("event=message-gone table=%s ref=%s; sending it again",
                             table.id, ref)  # fmt: skip
                except (discord.RateLimited, discord.HTTPException) as exc:
                    if not edits_used_up(exc):
                        raise
                    # An old message (a day-long turn) may be edited only so
                    # often: the table is sent anew below, the old one removed.
                    log.info("event=old-message-edits-used table=%s ref=%s", table.id, ref)
                    with contextlib.suppress(discord.HTTPException):
                        await channel.get_partial_message(int(message_id)).delete()
            sent = await channel.send(
                content=message.content,
                file=message.file() or discord.utils.MISSING,
                view=message.view or discord.utils.MISSING,
                allowed_mentions=NO_MENTIONS,
            )
        except discord.HTTPException as exc:
            if not await self.troubles.refused(table, exc):
                raise
            return False
        except discord.RateLimited as exc:
            # Shown by the sweep once the limit is over.
            log.warning("event=rate-limited table=%s ref=%s wait=%.0f", table.id, ref,
                        exc.retry_after)  # fmt: skip
            return False
        await self.store.set_refs(table.id, {ref: str(sent.id), image_ref: image_key or ""})
        return True

    async def lobby_shown(self, table: Table) -> bool:
        """Wait for the lobby's message to be sent: False when the channel (a DM
        whose user takes no messages from the bot) refused it."""
        await self.sender.after(f"{table.id}:{LOBBY_REF}")
        return await self.troubles.channel_refused(table.id) is None

    def show_summary(self, table: Table, state: Any, summary: Summary, lang: str) -> None:
        """A round's summary in the channel (:mod:`bot.discord.summaries`)."""
        post_summary(self, table, state, summary, lang)

    def say(self, chat: str, text: str, *, mention: int | None = None) -> None:
        """Queue a plain message to a channel (mentioning one user when asked)."""
        channel = self.client.get_partial_messageable(ids.channel_id(chat))
        allowed = (
            discord.AllowedMentions(users=[discord.Object(mention)], everyone=False, roles=False)
            if mention is not None
            else NO_MENTIONS
        )

        async def call() -> None:
            try:
                await channel.send(cut(text), allowed_mentions=allowed)
            except discord.Forbidden as exc:
                log.warning("event=channel-forbidden chat=%s code=%s", chat, exc.code)
            except discord.NotFound as exc:
                if exc.code != UNKNOWN_CHANNEL:
                    raise
                log.info("event=channel-gone chat=%s", chat)

        self.sender.put(None, call)

    async def ping(self, table: Table, seats: list[int], notice: Notice | None) -> None:
        """Tell the seats whose turn began: in their DM if they chose that, else in the
        channel with a mention (replacing the previous ping) and a "My hand" button."""
        lang = await self.languages.for_chat(table.chat)
        in_channel: list[int] = []
        for seat in seats:
            player = table.players[seat]
            # A game played alone in a DM shows the turn in its own messages.
            if player.bot or ids.is_dm(table.chat):
                continue
            if await self.hands.wants_dm(player.key) and self.screens.has_private(table.game):
                await self.hands.ping_dm(table, seat, notice)
            else:
                in_channel.append(ids.user_id(player.key))
        if not in_channel:
            return
        mentions = ", ".join(f"<@{user}>" for user in in_channel)
        game = self.i18n.t(lang, f"game-{table.game}")
        if notice is not None and notice.msg == "turn-reminder":
            text = f"{mentions}: {self.screens.notice(table, notice, lang)}"
        else:
            text = self.i18n.t(lang, "dc-your-turn", players=mentions, game=game)
        buttons: tuple[Button, ...] = ()
        if self.screens.has_private(table.game):
            buttons = (Button(self.i18n.t(lang, "dc-btn-hand"), ids.hand_id(table.id)),)
        message = outgoing(Screen(text), buttons, placeholder="")
        channel = self.client.get_partial_messageable(ids.channel_id(table.chat))
        allowed = discord.AllowedMentions(
            users=[discord.Object(u) for u in in_channel], everyone=False, roles=False
        )

        async def call() -> None:
            await self.sender.after(f"{table.id}:{TABLE_REF}")
            await self._delete_ping(table, channel)
            try:
                sent = await channel.send(
                    message.content,
                    view=message.view or discord.utils.MISSING,
                    allowed_mentions=allowed,
                )
            except discord.HTTPException as exc:
                if not await self.troubles.refused(table, exc):
                    raise
                return
            await self.store.set_ref(table.id, PING_REF, str(sent.id))

        self.sender.put(f"{table.id}:{PING_REF}", call)

    def _drop_ping(self, table: Table) -> None:
        """The game is over: nobody's turn is pending, so the last ping goes."""
        channel = self.client.get_partial_messageable(ids.channel_id(table.chat))

        async def call() -> None:
            await self._delete_ping(table, channel)

        self.sender.put(f"{table.id}:{PING_REF}", call)

    async def _delete_ping(self, table: Table, channel: discord.PartialMessageable) -> None:
        old = await self.store.get_ref(table.id, PING_REF)
        if old is None:
            return
        try:
            await channel.get_partial_message(int(old)).delete()
        except discord.HTTPException as exc:
            log.info("event=ping-not-deleted table=%s status=%s", table.id, exc.status)
        await self.store.del_refs(table.id, PING_REF)


def _is_option(button: Button) -> bool:
    """A lobby option button (``l:ID:oN``)."""
    if button.token is None:
        return False
    token = decode(button.token)
    return isinstance(token, LobbyToken) and token.op.startswith("o")


async def _no_gate() -> None:
    """Discord's limits are kept by discord.py: nothing to wait for."""


def _files(message: Outgoing, new_image: bool) -> list[discord.File] | Any:
    """What an edit sends as attachments: the new picture, or nothing (keep them)."""
    file = message.file() if new_image else None
    return [file] if file is not None else discord.utils.MISSING
