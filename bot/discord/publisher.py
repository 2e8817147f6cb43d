"""What a table shows in Discord, kept up to date after every saved change.

In the table's channel: one lobby message and one table message (text + PNG +
components), edited in place; a turn ping that replaces the previous one;
notices. A seat's hand is private: an ephemeral message sent when the player
presses "My hand" (kept up to date through that interaction's token while it
is valid, 15 minutes), or, for players who opted in, a direct message edited
like the table. Message ids and tokens live in the store's per-table
references, so a restarted bot edits the same messages.

Failures are handled where they happen: a deleted message is sent again, a
channel that refuses the bot is remembered (and told to the next person who
presses something there), a user whose DMs are closed goes back to ephemeral
hands and the channel is told once.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import discord

from bot.core.hints import Hint
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
from bot.discord.messages import UNKNOWN_CHANNEL, Outgoing, cut, outgoing
from bot.discord.sender import Sender
from bot.discord.summaries import post_summary

log = logging.getLogger("bot.discord")

DM_FLAG = "dc:dm"
#: What the refusal ref holds when the table's thread is locked by a moderator.
LOCKED = "locked"
#: The table's ref set once its channel is gone.
CHANNEL_LOST_REF = "dc:lost"
#: Discord's code for "Maximum number of edits to messages older than 1 hour reached".
OLD_MESSAGE_EDITS = 30046
#: An ephemeral hand is edited through the token of the interaction that
#: sent it, valid 15 minutes; after this long it is sent again instead.
HAND_TOKEN_SECONDS = 14 * 60
#: "Operation cannot be performed on an archived thread"
#: (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
THREAD_ARCHIVED = 50083
LOBBY_REF = "dc:lobby"
TABLE_REF = "dc:table"
PING_REF = "dc:ping"
FORBIDDEN_REF = "dc:forbidden"
NO_MENTIONS = discord.AllowedMentions.none()


def hand_screen(seat: int) -> str:
    """The reference of a seat's hand: its ephemeral message's token and id."""
    return f"dc:hand:{seat}"


def seat_of_ref(ref: str) -> int:
    """The seat whose hand ``ref`` is."""
    return int(ref.rpartition(":")[2])


@dataclass(frozen=True)
class HandRef:
    """Where a seat's ephemeral hand is: the sending interaction's token and the message."""

    token: str
    message_id: int
    sent_at: float

    def fresh(self, now: float) -> bool:
        """True while the token may still edit the message."""
        return now - self.sent_at < HAND_TOKEN_SECONDS


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
        self.clock = clock
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
        seat = seat_of_ref(ref)
        if state is None or seat >= len(table.players) or table.players[seat].bot:
            return None
        lang = await self.languages.for_user(table.players[seat].key)
        return await self.screens.seat(table, state, seat, lang)

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
        seat = seat_of_ref(ref)
        player = table.players[seat]
        message = await self._hand_outgoing(
            table, seat, screen, await self.languages.for_user(player.key)
        )
        if ids.is_dm(table.chat) or await self.wants_dm(player.key):
            return await self._show_in_dm(table, seat, message)
        return await self._edit_ephemeral(table, seat, message)

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

    # -- hands ---------------------------------------------------------------

    async def hand_message(
        self,
        table: Table,
        state: Any,
        seat: int,
        lang: str,
        path: tuple[int, ...] = (),
        *,
        explain: bool = False,
        hint: Hint | None = None,
    ) -> tuple[Outgoing, str]:
        """A seat's hand with its move menu, and a switch for hands by DM; and a digest."""
        screen = await self.screens.seat(table, state, seat, lang, path, explain=explain, hint=hint)
        return await self._hand_outgoing(table, seat, screen, lang), screen.digest()

    async def _hand_outgoing(self, table: Table, seat: int, screen: Screen, lang: str) -> Outgoing:
        """The hand ``screen`` as a message, with the switch for hands by DM."""
        switch: tuple[Button, ...] = ()
        if not ids.is_dm(table.chat):
            direct = await self.wants_dm(table.players[seat].key)
            label = self.i18n.t(lang, "dc-btn-dm-off" if direct else "dc-btn-dm-on")
            switch = (Button(label, ids.direct_id(not direct)),)
        return outgoing(screen, switch, placeholder=self.i18n.t(lang, "dc-choose"))

    async def hand_ref(self, table_id: str, seat: int) -> HandRef | None:
        """The seat's ephemeral hand, if one was sent."""
        raw = await self.store.get_ref(table_id, hand_screen(seat))
        if raw is None:
            return None
        data = json.loads(raw)
        return HandRef(str(data["token"]), int(data["message"]), float(data["at"]))

    async def set_hand_ref(self, table_id: str, seat: int, ref: HandRef | None) -> None:
        """Remember (or, with ``None``, forget) the seat's ephemeral hand."""
        name = hand_screen(seat)
        if ref is None:
            await self.store.del_refs(table_id, name)
            return
        data = {"token": ref.token, "message": ref.message_id, "at": ref.sent_at}
        await self.store.set_ref(table_id, name, json.dumps(data))

    async def set_hand_digest(self, table_id: str, seat: int, digest: str) -> None:
        """What the seat's hand shows now (pushes skip a hand that would not change)."""
        await self.store.set_ref(table_id, f"{hand_screen(seat)}:digest", digest)

    async def show_seat(self, table: Table, state: Any, seat: int, *, resend: bool = False) -> None:
        """Push a seat's hand where it is shown: its DM, or its ephemeral message
        while that can still be edited. ``resend``: send the DM anew."""
        if table.players[seat].bot:
            return
        if resend:
            await self.store.del_refs(table.id, f"dc:dm:{seat}")
        await self.sync.show(table, hand_screen(seat), again=resend)

    async def _edit_ephemeral(self, table: Table, seat: int, message: Outgoing) -> bool:
        ref = await self.hand_ref(table.id, seat)
        if ref is None or not ref.fresh(self.clock()):
            return False
        webhook = discord.Webhook.partial(self._app_id(), ref.token, client=self.client)
        file = message.file()
        try:
            await webhook.edit_message(
                ref.message_id,
                content=message.content,
                attachments=[file] if file is not None else [],
                view=message.view,
                allowed_mentions=NO_MENTIONS,
            )
        except discord.HTTPException as exc:
            # The player dismissed the message or the token ran out early:
            # the next "My hand" sends a new one.
            log.info("event=hand-gone table=%s seat=%s status=%s", table.id, seat, exc.status)
            await self.set_hand_ref(table.id, seat, None)
            return False
        return True

    async def _show_in_dm(self, table: Table, seat: int, message: Outgoing) -> bool:
        """Edit (or send) the seat's hand in its DM; False when the DM is closed."""
        user = ids.user_id(table.players[seat].key)
        ref = f"dc:dm:{seat}"
        try:
            channel = await self.client.create_dm(discord.Object(user))
            old = await self.store.get_ref(table.id, ref)
            if old is not None:
                try:
                    file = message.file()
                    await channel.get_partial_message(int(old)).edit(
                        content=message.content,
                        attachments=[file] if file is not None else [],
                        view=message.view,
                    )
                    return True
                except discord.NotFound:
                    log.info("event=message-gone table=%s ref=%s; sending it again", table.id, ref)
            sent = await channel.send(
                content=message.content,
                file=message.file() or discord.utils.MISSING,
                view=message.view or discord.utils.MISSING,
                allowed_mentions=NO_MENTIONS,
            )
            await self.store.set_ref(table.id, ref, str(sent.id))
        except discord.Forbidden as exc:
            await self.dm_closed(table, seat, exc)
            return False
        return True

    async def retire_hand(self, ref: HandRef, text: str) -> None:
        """Replace an older ephemeral hand with ``text`` (where the hand went)."""
        webhook = discord.Webhook.partial(self._app_id(), ref.token, client=self.client)
        try:
            await webhook.edit_message(ref.message_id, content=text, attachments=[], view=None)
        except discord.HTTPException as exc:
            log.info("event=hand-not-retired status=%s", exc.status)

    async def greet_in_dm(self, user_id: int, lang: str) -> None:
        """Open the DM and say hands will come there; raises ``discord.Forbidden`` if closed."""
        channel = await self.client.create_dm(discord.Object(user_id))
        await channel.send(self.i18n.t(lang, "dc-dm-welcome"), allowed_mentions=NO_MENTIONS)

    async def forget_dm_closed(self, table: Table, seat: int) -> None:
        """The player's DMs work again: a later failure is told to the channel again."""
        await self.store.del_refs(table.id, f"dc:unreachable:{seat}")

    async def wants_dm(self, player_key: str) -> bool:
        """True when the player asked for hands by direct message."""
        return await self.store.flagged(DM_FLAG, str(ids.user_id(player_key)))

    async def set_dm(self, player_key: str, on: bool) -> None:
        """Hands by direct message on or off for a player."""
        await self.store.flag(DM_FLAG, str(ids.user_id(player_key)), on=on)

    async def dm_closed(self, table: Table, seat: int, exc: discord.HTTPException) -> None:
        """The player's DMs are closed: back to ephemeral hands; the channel is told once."""
        player = table.players[seat]
        log.warning("event=dm-closed table=%s seat=%s code=%s", table.id, seat, exc.code)
        await self.set_dm(player.key, False)
        marker = f"dc:unreachable:{seat}"
        if await self.store.get_ref(table.id, marker):
            return
        await self.store.set_ref(table.id, marker, "1")
        lang = await self.languages.for_chat(table.chat)
        mention = f"<@{ids.user_id(player.key)}>"
        text = self.i18n.t(lang, "dc-dm-closed-channel", player=mention)
        self.say(table.chat, text, mention=ids.user_id(player.key))

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
                        if not await self._unarchive(table, channel.id):
                            return False
                        await edit(attachments=_files(message, new_image))
                    await self.store.set_ref(table.id, image_ref, image_key or "")
                    return True
                except discord.NotFound:
                    log.info("event=message-gone table=%s ref=%s; sending it again",
                             table.id, ref)  # fmt: skip
                except (discord.RateLimited, discord.HTTPException) as exc:
                    if not _edits_used_up(exc):
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
        except discord.Forbidden as exc:
            await self._forbidden(table, exc)
            return False
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_CHANNEL:
                raise
            await self.channel_lost(table)
            return False
        except discord.HTTPException as exc:
            if exc.code != THREAD_ARCHIVED:
                raise
            # Sent into an archived thread that stays archived: it is locked.
            await self._locked(table)
            return False
        except discord.RateLimited as exc:
            # Shown by the sweep once the limit is over.
            log.warning("event=rate-limited table=%s ref=%s wait=%.0f", table.id, ref,
                        exc.retry_after)  # fmt: skip
            return False
        await self.store.set_refs(table.id, {ref: str(sent.id), image_ref: image_key or ""})
        return True

    async def _unarchive(self, table: Table, thread_id: int) -> bool:
        """Open a thread that archived itself after a quiet spell (the game is not
        over); False when a moderator locked it, which the bot cannot undo: it
        is then not tried again until someone presses a button there (and is
        told why)."""
        if await self.store.get_ref(table.id, FORBIDDEN_REF) == LOCKED:
            return False
        try:
            await self.client.http.edit_channel(thread_id, archived=False)
        except discord.Forbidden:
            await self._locked(table)
            return False
        log.info("event=thread-unarchived table=%s", table.id)
        return True

    async def _locked(self, table: Table) -> None:
        log.info("event=thread-locked table=%s", table.id)
        await self.store.set_ref(table.id, FORBIDDEN_REF, LOCKED)

    async def channel_lost(self, table: Table) -> None:
        """The table's channel is gone (deleted): its game is stopped, not played
        out on timeouts nobody sees; the players who take their hands by DM are
        told there (the others have no message of the bot's left to read)."""
        await self.store.set_ref(table.id, CHANNEL_LOST_REF, "1")
        stopped = await self.service.close_chat(table.chat)
        if stopped is None:
            return
        log.info("event=channel-lost table=%s chat=%s", table.id, table.chat)
        for player in stopped.players:
            if player.bot or not await self.wants_dm(player.key):
                continue
            lang = await self.languages.for_user(player.key)
            text = self.i18n.t(
                lang, "dc-channel-lost", game=self.i18n.t(lang, f"game-{stopped.game}")
            )
            user_id = ids.user_id(player.key)

            async def call(user_id: int = user_id, text: str = text) -> None:
                try:
                    channel = await self.client.create_dm(discord.Object(user_id))
                    await channel.send(text, allowed_mentions=NO_MENTIONS)
                except discord.Forbidden as exc:
                    log.info("event=dm-refused user=%s code=%s", user_id, exc.code)

            self.sender.put(None, call)

    async def _forbidden(self, table: Table, exc: discord.HTTPException) -> None:
        # Nobody can be told in a channel the bot may not write to; the next
        # interaction there hears about it (see ``channel_refused``).
        log.warning("event=channel-forbidden table=%s chat=%s code=%s",
                    table.id, table.chat, exc.code)  # fmt: skip
        await self.store.set_ref(table.id, FORBIDDEN_REF, str(exc.code))

    async def lobby_shown(self, table: Table) -> bool:
        """Wait for the lobby's message to be sent: False when the channel (a DM
        whose user takes no messages from the bot) refused it."""
        await self.sender.after(f"{table.id}:{LOBBY_REF}")
        return await self.channel_refused(table.id) is None

    async def channel_refused(self, table_id: str) -> str | None:
        """Why the table's channel refused a message since last asked (once): a
        Discord error code, or :data:`LOCKED`; None when it did not."""
        refused = await self.store.get_ref(table_id, FORBIDDEN_REF)
        if refused is not None:
            await self.store.del_refs(table_id, FORBIDDEN_REF)
        return refused

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
            if await self.wants_dm(player.key) and self.screens.has_private(table.game):
                await self._ping_dm(table, seat, notice)
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
            except discord.Forbidden as exc:
                await self._forbidden(table, exc)
                return
            except discord.NotFound as exc:
                if exc.code != UNKNOWN_CHANNEL:
                    raise
                await self.channel_lost(table)
                return
            except discord.HTTPException as exc:
                if exc.code != THREAD_ARCHIVED:
                    raise
                await self._locked(table)
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

    async def _ping_dm(self, table: Table, seat: int, notice: Notice | None) -> None:
        player = table.players[seat]
        lang = await self.languages.for_user(player.key)
        if notice is not None and notice.msg == "turn-reminder":
            text = self.screens.notice(table, notice, lang)
        else:
            game = self.i18n.t(lang, f"game-{table.game}")
            text = self.i18n.t(lang, "dc-your-turn-dm", game=game)
        ref = f"dc:dmping:{seat}"

        async def call() -> None:
            try:
                channel = await self.client.create_dm(discord.Object(ids.user_id(player.key)))
                old = await self.store.get_ref(table.id, ref)
                if old is not None:
                    try:
                        await channel.get_partial_message(int(old)).delete()
                    except discord.HTTPException as exc:
                        log.info("event=ping-not-deleted table=%s status=%s", table.id, exc.status)
                sent = await channel.send(text, allowed_mentions=NO_MENTIONS)
            except discord.Forbidden as exc:
                await self.dm_closed(table, seat, exc)
                return
            await self.store.set_ref(table.id, ref, str(sent.id))

        self.sender.put(f"{table.id}:{ref}", call)

    def _app_id(self) -> int:
        app_id = self.client.application_id
        if app_id is None:
            raise RuntimeError("the client is not logged in")
        return app_id


def _is_option(button: Button) -> bool:
    """A lobby option button (``l:ID:oN``)."""
    if button.token is None:
        return False
    token = decode(button.token)
    return isinstance(token, LobbyToken) and token.op.startswith("o")


def _edits_used_up(exc: discord.RateLimited | discord.HTTPException) -> bool:
    """Whether an edit was refused for the edits of an hour-old message being used
    up (30046), or a wait too long to sleep through: either way, send anew."""
    if isinstance(exc, discord.RateLimited):
        return True
    return exc.code == OLD_MESSAGE_EDITS


async def _no_gate() -> None:
    """Discord's limits are kept by discord.py: nothing to wait for."""


def _files(message: Outgoing, new_image: bool) -> list[discord.File] | Any:
    """What an edit sends as attachments: the new picture, or nothing (keep them)."""
    file = message.file() if new_image else None
    return [file] if file is not None else discord.utils.MISSING
