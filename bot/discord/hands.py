"""The seats' private hands in Discord, and the direct messages that carry them.

A hand is an ephemeral message sent when the player presses "My hand", kept
up to date through that interaction's token while it is valid (15 minutes),
or, for players who opted in, a direct message edited like the table. Their
message ids and tokens live in the store's per-table references. A player
whose DMs turn out closed goes back to ephemeral hands, and the channel is
told once.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.core.hints import Hint
from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.screen_base import Button, Screen
from bot.core.screens import Screens
from bot.core.service import Notice
from bot.core.store import Store
from bot.core.tables import Table
from bot.discord import ids
from bot.discord.messages import NO_MENTIONS, Outgoing, outgoing
from bot.discord.sender import Sender

log = logging.getLogger("bot.discord")

DM_FLAG = "dc:dm"
#: An ephemeral hand is edited through the token of the interaction that
#: sent it, valid 15 minutes; after this long it is sent again instead.
HAND_TOKEN_SECONDS = 14 * 60


def hand_screen(seat: int) -> str:
    """The reference of a seat's hand: its ephemeral message's token and id."""
    return f"dc:hand:{seat}"


def seat_of_ref(ref: str) -> int:
    """The seat whose hand ``ref`` is."""
    return int(ref.rpartition(":")[2])


def _dm_ref(seat: int) -> str:
    """The reference of a seat's hand in its DM: the message's id."""
    return f"dc:dm:{seat}"


@dataclass(frozen=True)
class HandRef:
    """Where a seat's ephemeral hand is: the sending interaction's token and the message."""

    token: str
    message_id: int
    sent_at: float

    def fresh(self, now: float) -> bool:
        """True while the token may still edit the message."""
        return now - self.sent_at < HAND_TOKEN_SECONDS


class Say(Protocol):
    """Queues a plain message to a channel (:meth:`bot.discord.publisher.Publisher.say`)."""

    def __call__(self, chat: str, text: str, *, mention: int | None = None) -> None: ...


class Hands:
    """Shows the seats' hands where each player sees them (see the module docstring)."""

    def __init__(
        self,
        client: discord.Client,
        store: Store,
        screens: Screens,
        languages: Languages,
        sender: Sender,
        say: Say,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.client = client
        self.store = store
        self.screens = screens
        self.i18n: I18n = screens.i18n
        self.languages = languages
        self.sender = sender
        #: Tells the channel that a player's DMs are closed.
        self.say = say
        self.clock = clock

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
        return await self._outgoing(table, seat, screen, lang), screen.digest()

    async def _outgoing(self, table: Table, seat: int, screen: Screen, lang: str) -> Outgoing:
        """The hand ``screen`` as a message, with the switch for hands by DM."""
        switch: tuple[Button, ...] = ()
        if not ids.is_dm(table.chat):
            direct = await self.wants_dm(table.players[seat].key)
            label = self.i18n.t(lang, "dc-btn-dm-off" if direct else "dc-btn-dm-on")
            switch = (Button(label, ids.direct_id(not direct)),)
        return outgoing(screen, switch, placeholder=self.i18n.t(lang, "dc-choose"))

    async def draw(self, table: Table, state: Any, seat: int) -> Screen | None:
        """The seat's hand screen now; None when the seat has none to show."""
        if state is None or seat >= len(table.players) or table.players[seat].bot:
            return None
        lang = await self.languages.for_user(table.players[seat].key)
        return await self.screens.seat(table, state, seat, lang)

    async def deliver(self, table: Table, seat: int, screen: Screen) -> bool:
        """Edit (or send) the seat's hand in its DM, or edit its ephemeral hand;
        False when it cannot be shown (the DM is closed, the ephemeral hand is
        out of reach)."""
        player = table.players[seat]
        message = await self._outgoing(
            table, seat, screen, await self.languages.for_user(player.key)
        )
        if ids.is_dm(table.chat) or await self.wants_dm(player.key):
            return await self._show_in_dm(table, seat, message)
        return await self._edit_ephemeral(table, seat, message)

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

    async def forget_dm_hand(self, table_id: str, seat: int) -> None:
        """The seat's next hand by DM is sent anew rather than edited."""
        await self.store.del_refs(table_id, _dm_ref(seat))

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
        ref = _dm_ref(seat)
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

    async def ping_dm(self, table: Table, seat: int, notice: Notice | None) -> None:
        """Tell the seat in its DM that its turn began (``notice``: a reminder
        instead), replacing the previous such message."""
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

    async def tell_channel_lost(self, stopped: Table) -> None:
        """Tell the players of a table stopped for its lost channel who take their
        hands by DM, there (the others have no message of the bot's left to read)."""
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

    def _app_id(self) -> int:
        app_id = self.client.application_id
        if app_id is None:
            raise RuntimeError("the client is not logged in")
        return app_id
