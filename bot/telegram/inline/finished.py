"""A finished inline table's records, reached from its message: the chat the
message is in has no ``/history``, ``/replay`` or ``/top`` (the bot is not in
it), so the result offers 🎞, the game's replay, and 🏆, the chat's last
games and leaderboard, each sent to the presser's private chat. Both are
looked up in the records of the press's own chat (its ``chat_instance``):
a press from elsewhere names nothing there."""

from __future__ import annotations

import dataclasses

from bot.core import record_screens
from bot.core.history import ReplayButton
from bot.core.i18n import I18n
from bot.core.screen_base import Button, Screen
from bot.core.service import TableService
from bot.core.tables import Status, Table

#: The data of 🎞 behind this prefix: ``ri:TABLE:WHEN`` (``ReplayButton``).
REPLAY = "ri"
#: The data of 🏆: ``rc:GAME``.
RECORDS = "rc"
#: Games listed by 🏆, as ``/history`` lists.
LISTED = 10


async def with_records(
    service: TableService, i18n: I18n, table: Table, screen: Screen, lang: str
) -> Screen:
    """The finished table's screen with 🎞 and 🏆 below its own buttons."""
    if table.status != Status.FINISHED:
        return screen
    entry = await service.finished_game(table.home, table.id)
    if entry is None:
        return screen
    row = (
        Button(i18n.t(lang, "tg-inline-replay"), ReplayButton.of(entry).encode(REPLAY)),
        Button(i18n.t(lang, "tg-inline-records"), f"{RECORDS}:{table.game}"),
    )
    return dataclasses.replace(screen, buttons=(*screen.buttons, row))


async def records_text(service: TableService, i18n: I18n, chat: str, game: str, lang: str) -> str:
    """The chat's last games and its leaderboard in ``game``."""
    entries = await service.finished_games(chat, LISTED)
    standings = await service.leaderboard(game, chat)
    return "\n\n".join(
        (
            record_screens.history(i18n, lang, entries),
            record_screens.top(i18n, lang, game, standings),
        )
    )
