"""What a chat frontend does with every saved change, whatever the platform.

The service publishes a :class:`~bot.core.service.Change`; a chat frontend
shows the lobby (while it is one, and once more when the game starts), the
table, each seat's private screen when those may have changed, pings the
seats whose turn began, and tells the chat the notices everyone should hear.
Frontends subclass :class:`ChatPublisher` and say how each of those is shown.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from bot.core.languages import Languages
from bot.core.screens import Screens
from bot.core.service import Change, Notice
from bot.core.tables import Table

#: Notices told in the chat; the others show in the table's caption or privately.
CHAT_NOTICES = frozenset(
    {"auto-move", "seat-to-bot", "turn-overdue", "vote-failed", "vote-expired", "game-aborted"}
)


class ChatPublisher(ABC):
    """Routes a saved change to a frontend's messages (see the module docstring)."""

    screens: Screens
    languages: Languages

    async def on_change(self, change: Change) -> None:
        """Bring every message of the table up to date (the service calls this).

        Frontends only queue work here: pictures are drawn when a queued call
        runs, so a press is answered at once and, when moves come faster than
        the platform lets the bot edit, only the newest table is drawn.
        """
        table, state = change.table, change.state
        lang = await self.languages.for_chat(table.chat)
        if state is None or change.kind == "start":
            await self.show_lobby(table, lang)
        if state is None:
            return
        await self.show_table(table, state, lang)
        if change.private and self.screens.has_private(table.game):
            for seat in range(len(table.players)):
                await self.show_seat(table, state, seat)
        if change.ping:
            await self.ping(table, change.ping, change.notice)
        if change.notice is not None and change.notice.msg in CHAT_NOTICES:
            self.say(table.chat, self.screens.notice(table, change.notice, lang))

    @abstractmethod
    async def show_lobby(self, table: Table, lang: str) -> None:
        """Send or edit the lobby message."""

    @abstractmethod
    async def show_table(self, table: Table, state: Any, lang: str) -> None:
        """Send or edit the table message."""

    @abstractmethod
    async def show_seat(self, table: Table, state: Any, seat: int) -> None:
        """Bring a seat's private screen up to date where the player sees it."""

    @abstractmethod
    async def ping(self, table: Table, seats: list[int], notice: Notice | None) -> None:
        """Tell ``seats`` their turn began (``notice``: a reminder instead)."""

    @abstractmethod
    def say(self, chat: str, text: str) -> None:
        """A plain message to the chat."""
