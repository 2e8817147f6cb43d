"""What a chat frontend does with every saved change, whatever the platform.

The service publishes a :class:`~bot.core.service.Change`; a chat frontend
shows the lobby (while it is one, and once more when the game starts), the
table, each seat's private screen when those may have changed, pings the
seats whose turn began, and tells the chat the notices everyone should hear.
:func:`plan` says which of those a change calls for; frontends subclass
:class:`ChatPublisher` and say how each is shown, or (Telegram) show a
change's screens together.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from bot.core.languages import Languages
from bot.core.screens import Screens
from bot.core.service import Change, Notice
from bot.core.summaries import Summary
from bot.core.tables import Table

#: Notices told in the chat; the others show in the table's caption or privately.
CHAT_NOTICES = frozenset(
    {"auto-move", "seat-to-bot", "turn-overdue", "vote-failed", "vote-expired", "game-aborted"}
)


@dataclass(frozen=True)
class Plan:
    """What a saved change calls for."""

    lobby: bool
    table: bool
    #: seats whose private screens may have changed
    seats: tuple[int, ...]
    #: seats whose turn began (or who are reminded of it: ``Change.notice``)
    ping: tuple[int, ...]
    #: what the chat is told
    notice: Notice | None


def plan(change: Change, screens: Screens) -> Plan:
    """The lobby while it is one (and once more when the game starts), the
    table, the private screens when they may have changed, the pings, and the
    notices everyone should hear."""
    table, state = change.table, change.state
    notice = change.notice if change.notice and change.notice.msg in CHAT_NOTICES else None
    private = state is not None and change.private and screens.has_private(table.game)
    return Plan(
        lobby=state is None or change.kind == "start",
        table=state is not None,
        seats=tuple(range(len(table.players))) if private else (),
        ping=tuple(change.ping) if state is not None else (),
        notice=notice if state is not None else None,
    )


class ChatPublisher(ABC):
    """Routes a saved change to a frontend's messages (see the module docstring)."""

    screens: Screens
    languages: Languages
    #: How this platform's chat keys begin: one service serves every frontend
    #: of a process, and each shows only its own tables.
    chat_prefix: str

    async def on_change(self, change: Change) -> None:
        """Bring every message of the table up to date (the service calls this).

        Frontends only queue work here: pictures are drawn when a queued call
        runs, so a press is answered at once and, when moves come faster than
        the platform lets the bot edit, only the newest table is drawn.
        """
        table, state = change.table, change.state
        if not table.chat.startswith(self.chat_prefix):
            return
        shows = plan(change, self.screens)
        lang = await self.languages.for_chat(table.chat)
        if shows.lobby:
            await self.show_lobby(table, lang)
        if shows.table:
            await self.show_table(table, state, lang)
        for seat in shows.seats:
            await self.show_seat(table, state, seat)
        if shows.ping:
            await self.ping(table, list(shows.ping), change.notice)
        if shows.notice is not None:
            self.say(table.chat, self.screens.notice(table, shows.notice, lang))
        if change.summary is not None:
            self.show_summary(table, state, change.summary, lang)

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

    @abstractmethod
    def show_summary(self, table: Table, state: Any, summary: Summary, lang: str) -> None:
        """Post the position a round ended on, with its count, as a message of
        its own (:mod:`bot.core.summary_screens`): the table deals on."""
