"""What goes wrong with a table's channel, and what the bot does about it.

A channel that refuses the bot is remembered and told to the next person
who presses something there; a thread that archived itself is opened again,
unless a moderator locked it, which the bot cannot undo; a deleted channel
stops its game. Each is noted in the store's per-table references.
"""

from __future__ import annotations

import logging

import discord

from bot.core.service import TableService
from bot.core.tables import Table
from bot.discord.hands import Hands
from bot.discord.messages import UNKNOWN_CHANNEL

log = logging.getLogger("bot.discord")

#: What the refusal ref holds when the table's thread is locked by a moderator.
LOCKED = "locked"
#: The table's ref set once its channel is gone.
CHANNEL_LOST_REF = "dc:lost"
#: Why the table's channel last refused a message (see ``channel_refused``).
FORBIDDEN_REF = "dc:forbidden"
#: Discord's code for "Maximum number of edits to messages older than 1 hour reached".
OLD_MESSAGE_EDITS = 30046
#: "Operation cannot be performed on an archived thread"
#: (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
THREAD_ARCHIVED = 50083


class ChannelTroubles:
    """Notes and handles a table channel's refusals (see the module docstring)."""

    def __init__(self, client: discord.Client, service: TableService, hands: Hands) -> None:
        self.client = client
        self.service = service
        self.store = service.store
        #: Tells the players of a lost channel who take their hands by DM.
        self.hands = hands

    async def refused(self, table: Table, exc: discord.HTTPException) -> bool:
        """Note why the table's channel refused a message; False when ``exc`` is
        not such a refusal (the caller raises it again)."""
        if isinstance(exc, discord.Forbidden):
            await self._forbidden(table, exc)
            return True
        if isinstance(exc, discord.NotFound):
            if exc.code != UNKNOWN_CHANNEL:
                return False
            await self.channel_lost(table)
            return True
        if exc.code != THREAD_ARCHIVED:
            return False
        # Sent into an archived thread that stays archived: it is locked.
        await self._locked(table)
        return True

    async def unarchive(self, table: Table, thread_id: int) -> bool:
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
        await self.hands.tell_channel_lost(stopped)

    async def _forbidden(self, table: Table, exc: discord.HTTPException) -> None:
        # Nobody can be told in a channel the bot may not write to; the next
        # interaction there hears about it (see ``channel_refused``).
        log.warning("event=channel-forbidden table=%s chat=%s code=%s",
                    table.id, table.chat, exc.code)  # fmt: skip
        await self.store.set_ref(table.id, FORBIDDEN_REF, str(exc.code))

    async def channel_refused(self, table_id: str) -> str | None:
        """Why the table's channel refused a message since last asked (once): a
        Discord error code, or :data:`LOCKED`; None when it did not."""
        refused = await self.store.get_ref(table_id, FORBIDDEN_REF)
        if refused is not None:
            await self.store.del_refs(table_id, FORBIDDEN_REF)
        return refused


def edits_used_up(exc: discord.RateLimited | discord.HTTPException) -> bool:
    """Whether an edit was refused for the edits of an hour-old message being used
    up (30046), or a wait too long to sleep through: either way, send anew."""
    if isinstance(exc, discord.RateLimited):
        return True
    return exc.code == OLD_MESSAGE_EDITS
