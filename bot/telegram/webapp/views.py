"""What the Mini App shows one Telegram user: the public table and, if they
sit at it, their own hand; menu steps remembered per viewer; and what a
player does there besides pressing: stopping the game, and asking for the
replay of a finished one.

The views have the shape of the playground's player page (``message`` for
the hand, ``public`` for the table), so the same page and script draw them.
Pictures travel inside the view as ``data:`` URLs: the page fetches nothing
that is not authenticated, and another seat's picture has no address at all.
"""

from __future__ import annotations

import base64
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.core.errors import BadRequest, ServiceError, TableNotFound
from bot.core.hints import Hint
from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.screen_base import Screen
from bot.core.screens import Screens
from bot.core.service import Outcome, PlayerInfo, Stopping, TableService
from bot.core.tables import Status, Table
from bot.core.tokens import BadToken, decode
from bot.telegram.webapp.auth import WebAppUser
from bot.webpage.messages import message_view, text_message
from bot.webpage.targets import picture_targets
from games import registry
from games.core.errors import GameError
from games.core.menu import movers


class Refusal(Exception):
    """A press refused, with the reason in the user's language."""


class Forbidden(Refusal):
    """Refused to someone who does not sit at the table."""


#: Sends a finished table's replay to the user's private chat (in the
#: language given); what to tell them, or :class:`Refusal`.
SendReplay = Callable[[Table, WebAppUser, str], Awaitable[str]]


@dataclass(frozen=True)
class _Path:
    state_version: int
    path: tuple[int, ...]
    explain: bool
    hint: Hint | None


class TableViews:
    """Views and presses of the Mini App, on the core."""

    def __init__(
        self,
        service: TableService,
        screens: Screens,
        languages: Languages,
        replays: SendReplay | None = None,
    ) -> None:
        self.service = service
        self.screens = screens
        self.languages = languages
        self.replays = replays
        self.i18n: I18n = screens.i18n
        # (table id, audience) → the menu step a viewer went to, for one state.
        self._paths: dict[tuple[str, str], _Path] = {}
        # (table id, player key) of a person alone with computers asked "Stop
        # the game?": shown until answered or the game ends; like a chat's
        # message, it needs no keeping beyond this process.
        self._asked: set[tuple[str, str]] = set()

    async def lang(self, user: WebAppUser) -> str:
        """The user's language, as their private chat with the bot speaks."""
        return await self.languages.for_user(user.key, user.language)

    async def view(self, table_id: str, user: WebAppUser) -> dict[str, Any]:
        """The table as ``user`` may see it: public, and their own seat's screen."""
        table, state = await self.service.get(table_id)
        lang = await self.lang(user)
        t = self.i18n.t
        seat = table.seat_of(user.key)
        game = registry.get(table.game)
        names = self.screens.names(table)
        messages = []
        to_move: list[int] = []
        if state is None:
            messages.append(_message("lobby", self.screens.lobby(table, lang)))
        else:
            shown = self._path(table, f"pub:{user.key}")
            screen = await self.screens.table(
                table, state, lang, shown.path, explain=shown.explain, hint=shown.hint
            )
            messages.append(_message("table", screen, picture_targets(table, state, None, names)))
            if table.status == Status.PLAYING:
                to_move = [s for s in movers(game, state) if not table.players[s].bot]
                if (table.id, user.key) in self._asked:
                    messages.append(_message("question", self.screens.stop_question(table, lang)))
        hand: dict[str, Any]
        own_turn = False
        if seat is None:
            hand = text_message(t(lang, "webapp-not-seated"))
        elif state is None:
            hand = text_message(t(lang, "pg-seat-lobby"))
        elif not self.screens.has_private(table.game):
            hand = text_message(t(lang, "pg-seat-public"), "elsewhere")
        else:
            shown = self._path(table, user.key)
            screen = await self.screens.seat(
                table, state, seat, lang, shown.path, explain=shown.explain, hint=shown.hint
            )
            hand = _message("hand", screen, picture_targets(table, state, seat, names))
            own_turn = any(row for row in screen.buttons)
        players = [
            {"index": s, "name": names[s], "to_move": s in to_move} for s in range(len(names))
        ]
        return {
            "index": seat,
            "name": user.name,
            "seat": seat,
            "lang": lang,
            "to_move": own_turn or (seat is not None and seat in to_move),
            "message": hand,
            "log": [],
            "public": {
                "game": game.name,
                "title": t(lang, f"game-{game.name}"),
                "status": table.status,
                "players": players,
                "messages": messages,
                "log": [],
                # Controls of a player only: a spectator has neither.
                "stop": seat is not None and _may_stop(table, user.key),
                "replay": seat is not None
                and table.status == Status.FINISHED
                and self.replays is not None,
            },
        }

    async def press(self, table_id: str, user: WebAppUser, token: str, public: bool) -> str | None:
        """A button of the table (``public``) or of the user's hand, pressed by ``user``;
        what became of a question it answered, to tell them.

        It takes the same way as a press in the chat (the core's compare-and-set
        on the table's state version), so of a press here and one in the chat
        made on the same state, one wins and the other is told it came late.
        """
        lang = await self.lang(user)
        try:
            parsed = decode(token)
            if getattr(parsed, "table_id", table_id) != table_id:
                raise BadRequest()
            table, _ = await self.service.get(table_id)
            player = PlayerInfo(user.key, user.name)
            outcome = await self.service.press(player, token, chat=table.chat if public else None)
        except BadToken:
            raise Refusal(self.i18n.t(lang, "error-bad-request")) from None
        except (ServiceError, GameError) as exc:
            raise Refusal(self.screens.error(exc, lang)) from exc
        if outcome.said is not None:
            self._asked.discard((table_id, user.key))
            return self.i18n.t(lang, outcome.said)
        if outcome.path is not None and outcome.state is not None:
            audience = f"pub:{user.key}" if public else user.key
            self._remember(outcome, audience)
        return None

    async def stop(self, table_id: str, user: WebAppUser) -> None:
        """⛔ Stop the game, by a player: the host closes the lobby; in a running
        game a vote opens (on the table's message), except for a person alone
        with computers, who is asked first (the question shows in their view)."""
        lang = await self.lang(user)
        table, _ = await self.service.get(table_id)
        if table.seat_of(user.key) is None:
            raise Forbidden(self.i18n.t(lang, "error-not-seated"))
        try:
            stopping = await self.service.stop(table_id, user.key)
        except (ServiceError, GameError) as exc:
            raise Refusal(self.screens.error(exc, lang)) from exc
        if stopping == Stopping.ASK:
            self._asked.add((table_id, user.key))

    async def replay(self, table_id: str, user: WebAppUser) -> str:
        """A player asks for the replay of the finished game: it is sent to their
        private chat with the bot; what to tell them."""
        lang = await self.lang(user)
        table, _ = await self.service.get(table_id)
        if table.seat_of(user.key) is None:
            raise Forbidden(self.i18n.t(lang, "error-not-seated"))
        if table.status != Status.FINISHED or self.replays is None:
            raise Refusal(self.i18n.t(lang, "webapp-replay-not-yet"))
        return await self.replays(table, user, lang)

    async def table_exists(self, table_id: str) -> bool:
        """True when the core knows the table."""
        try:
            await self.service.get(table_id)
        except TableNotFound:
            return False
        return True

    def forget(self, table: Table) -> None:
        """Drop the menu steps of ``table`` that its new state left behind."""
        stale = [
            key
            for key, path in self._paths.items()
            if key[0] == table.id
            and (path.state_version != table.state_version or not table.active)
        ]
        for key in stale:
            del self._paths[key]
        if not table.active:
            self._asked = {asked for asked in self._asked if asked[0] != table.id}

    def _remember(self, outcome: Outcome, audience: str) -> None:
        assert outcome.path is not None
        table = outcome.table
        self._paths[(table.id, audience)] = _Path(
            table.state_version, tuple(outcome.path), outcome.explain, outcome.hint
        )

    def _path(self, table: Table, audience: str) -> _Path:
        shown = self._paths.get((table.id, audience))
        if shown is None or shown.state_version != table.state_version:
            return _Path(table.state_version, (), False, None)
        return shown


def _may_stop(table: Table, key: str) -> bool:
    """Whether "Stop the game" is for this player: anyone seated at a running
    game, the host in the lobby."""
    return table.status == Status.PLAYING or (table.status == Status.LOBBY and table.creator == key)


def _message(
    kind: str, screen: Screen, targets: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    url = None
    if screen.image is not None:
        url = "data:image/png;base64," + base64.b64encode(screen.image).decode()
    return message_view(kind, screen, url, targets)
