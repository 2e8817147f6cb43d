"""The playground as a frontend of the core: rooms, presses, logs, and what each page may see.

It does what the Telegram frontend does, with a web page for a chat: a room's
page shows the lobby and table screens (the public view) and the room's log;
a player's panel shows that seat's screen and the private messages the seat
would have received. Both are built from the core's screens, in the language
the core's :class:`Languages` gives for the chat or the player, and both are
refreshed after every change the core publishes (moves, timers, votes). The
logs are kept in no language (:mod:`bot.playground.wording`) and worded in
the reader's when shown; a counted round leaves its picture in the room's
log, as a chat frontend posts it (:mod:`bot.core.summary_screens`).
"""

from __future__ import annotations

import logging
from collections.abc import Container, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from bot.core.computers import humans
from bot.core.errors import BadRequest, ServiceError, TableNotFound
from bot.core.hints import Hint
from bot.core.i18n import LANGUAGES, I18n
from bot.core.languages import Languages
from bot.core.screen_base import Screen
from bot.core.screens import Screens
from bot.core.service import Change, Outcome, PlayerInfo, Stopping, TableService
from bot.core.summary_screens import summary_screen
from bot.core.tables import Status, Table
from bot.core.tokens import (
    BadToken,
    LearnToken,
    MoveToken,
    NextRoundToken,
    TakeBackToken,
    decode,
)
from bot.playground.images import PUBLIC, Gallery
from bot.playground.rooms import (
    LocalPlayer,
    LogEntry,
    LoggedPicture,
    Room,
    RoomError,
    RoomStore,
    room_of_chat,
)
from bot.playground.wording import UNWORDED, Recorder, kept, word
from bot.webpage.live import Hub
from bot.webpage.messages import message_view, png_size, text_message
from bot.webpage.targets import picture_targets
from games import registry
from games.core.errors import GameError
from games.core.menu import movers

log = logging.getLogger("bot.playground")

#: Notices a player is told privately (as in Telegram); all others go to the room's log.
PRIVATE_NOTICES = {"turn-reminder"}


@dataclass(frozen=True)
class _Path:
    """Where someone navigated a menu, valid for one state of one table."""

    table_id: str
    state_version: int
    path: tuple[int, ...]
    explain: bool
    hint: Hint | None
    #: when it was remembered (the core's clock; never, for the menu's top)
    at: float = 0.0


class Refusal(Exception):
    """What to tell the person who asked, in their language."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class Playground:
    """The frontend state of one playground process, on the shared core."""

    def __init__(self, service: TableService, screens: Screens, languages: Languages) -> None:
        self.service = service
        self.screens = screens
        self.i18n: I18n = screens.i18n
        self.languages = languages
        self.rooms = RoomStore(service.store)
        self.hub = Hub()
        self.gallery = Gallery()
        # The same screens with a recorder for words: what they say is logged
        # in no language, to be worded for each reader.
        self._unworded = Screens(service, Recorder())
        # Menu navigation is a view, not a change: like an edited Telegram
        # message, it lasts until the table's state moves on. Room id →
        # audience (PUBLIC or a player's key) → where they are.
        self._paths: dict[str, dict[str, _Path]] = {}
        # "Stop the game?" asked in a room (its id → the table's), shown with the
        # room's messages until it is answered or the game ends; like a
        # Telegram message, it needs no keeping beyond this process.
        self._questions: dict[str, str] = {}
        service.subscribe(self.on_change)

    # -- URLs ----------------------------------------------------------------

    @staticmethod
    def room_url(room: Room) -> str:
        """The room's page (the public view, and every player's panel beside it)."""
        return f"/r/{room.id}/"

    @staticmethod
    def panel_url(room: Room, index: int) -> str:
        """A player's own page: the URL itself is the key to it, and to nothing else."""
        return f"/p/{room.players[index].secret}/"

    # -- reacting to the core ------------------------------------------------

    async def on_change(self, change: Change) -> None:
        """Log what the change tells the room and its players, and wake their pages."""
        table = change.table
        room_id = room_of_chat(table.chat)
        if room_id is None:
            return
        if table.active:
            room = await self.rooms.set_table(room_id, table.id)
        else:
            room = await self.rooms.get(room_id)
        if room is None or room.table_id != table.id:
            return
        self._forget_paths(room.id, table)
        if not table.active:
            self._questions.pop(room.id, None)
        await self._log_change(room, change)
        await self.rooms.touch(room.id)
        self.hub.notify(room.id)

    async def _log_change(self, room: Room, change: Change) -> None:
        table, notice, words = change.table, change.notice, self._unworded
        t = partial(words.t, UNWORDED)
        title = t(f"game-{table.game}")
        names = ", ".join(words.names(table))
        lines: list[str] = []
        if change.kind == "start":
            lines.append(t("pg-log-start", game=title, players=names))
        if change.state is not None and change.kind in ("start", "move", "finish"):
            lines += words.event_lines(table, change.state, UNWORDED)
        if notice is not None and notice.msg not in PRIVATE_NOTICES:
            lines.append(words.notice(table, notice, UNWORDED))
        if change.kind == "finish" and table.result is not None:
            lines.append(self._winners(table))
        if change.kind == "abort" and change.state is None:
            lines.append(t("pg-log-closed", game=title))
        if change.summary is not None:
            try:
                await self._log_summary(room, change, t("pg-log-summary", game=title))
            except Exception:
                # A picture that failed must not cost the room the lines of the move.
                log.exception("event=playground-summary-failed table=%s", table.id)
        for line in lines:
            await self.rooms.log(room.id, kept(line))
        for seat in change.ping:
            player = table.players[seat]
            if player.bot or room.index_of(player.key) is None:
                continue
            if notice is not None and notice.msg == "turn-reminder":
                text = words.notice(table, notice, UNWORDED)
            else:
                text = t("pg-your-turn", game=title)
            await self.rooms.log(room.id, kept(text), player.key)

    async def _log_summary(self, room: Room, change: Change, said: str) -> None:
        """The position a counted round ended on, as a picture that ``said``
        names; the lines logged after it (the move, the count) are its caption,
        as in a chat."""
        table, summary = change.table, change.summary
        assert summary is not None
        # The picture has no words (only the screen's text, not used here, has
        # a language): drawn once for every reader.
        screen = await summary_screen(
            self.screens, table, change.state, summary, self.languages.default
        )
        assert screen.image is not None and screen.image_key is not None
        name = await self.rooms.keep_picture(room.id, screen.image, screen.image_key)
        width, height = png_size(screen.image) or (0, 0)
        picture = LoggedPicture(name=name, width=width, height=height)
        await self.rooms.log(room.id, kept(said), picture=picture)

    def _winners(self, table: Table) -> str:
        """The result line, said as the table's caption says it (in no language)."""
        names = self._unworded.names(table)
        assert table.result is not None
        winners = [names[int(s)] for s in table.result.get("winners", [])]
        outcome = "draw" if len(winners) == len(names) > 1 else len(winners)
        return self._unworded.t(
            UNWORDED, "caption-winners", players=", ".join(winners) or "—", outcome=outcome
        )

    # -- rooms ---------------------------------------------------------------

    async def create_room(self, game: str, names: list[str], lang: str) -> Room:
        """A room for ``game`` with its lobby open and every named player seated."""
        if game not in registry.names():
            raise RoomError("game")
        spec = registry.get(game)
        if not 1 <= len(names) <= spec.max_seats:
            raise RoomError("seats", max=spec.max_seats)
        if lang not in LANGUAGES:
            raise RoomError("lang")
        room = await self.rooms.create(game, names)
        await self._speak(room, lang, room.players, chat=True)
        await self._open_table(room, game)
        log.info("event=playground-room room=%s game=%s players=%d", room.id, game, len(names))
        return room

    async def new_table(self, room: Room, game: str) -> None:
        """Open the next table in the room (the last one is over), its players seated."""
        if game not in registry.names():
            raise RoomError("game")
        await self._open_table(room, game)

    async def _open_table(self, room: Room, game: str) -> None:
        lang = await self.languages.for_chat(room.chat)
        host, *others = room.players
        try:
            table = await self.service.create(room.chat, _info(host), game)
            await self.rooms.set_table(room.id, table.id, game=game)
            for player in others[: registry.get(game).max_seats - 1]:
                await self.service.join(table.id, _info(player))
            if not others:
                # Alone at the table: the lobby opens on the computer players' buttons.
                await self.service.show_computers(table.id, host.key)
        except (ServiceError, GameError) as exc:
            raise Refusal(self.screens.error(exc, lang)) from exc

    async def add_player(self, room: Room, name: str) -> str | None:
        """Add a local player, seated at once when the table is in its lobby.

        Returns what to tell them when the lobby would not seat them (it is full).
        """
        room, player = await self.rooms.add_player(room.id, name)
        lang = await self.languages.for_chat(room.chat)
        await self._speak(room, lang, [player], chat=False)
        table, _ = await self.table_of(room)
        refusal = None
        if table is not None and table.status == Status.LOBBY:
            try:
                await self.service.join(table.id, _info(player))
            except (ServiceError, GameError) as exc:
                refusal = self.screens.error(exc, lang)
        self.hub.notify(room.id)
        return refusal

    async def set_language(self, room: Room, lang: str, index: int | None = None) -> None:
        """The room's language (and its players'), or one player's own."""
        if lang not in LANGUAGES:
            raise RoomError("lang")
        players = room.players if index is None else [self.player(room, index)]
        await self._speak(room, lang, players, chat=index is None)
        self.hub.notify(room.id)

    async def _speak(
        self, room: Room, lang: str, players: Sequence[LocalPlayer], *, chat: bool
    ) -> None:
        """Set the language of ``players`` (and with ``chat``, of the room's chat)."""
        if chat:
            await self.languages.set_chat(room.chat, lang)
        for player in players:
            await self.languages.set_user(player.key, lang)
        # The core keeps a language for good; the room's go with the room.
        await self.rooms.touch(room.id)

    def player(self, room: Room, index: int) -> LocalPlayer:
        """The room's player at ``index``."""
        if not 0 <= index < len(room.players):
            raise RoomError("player")
        return room.players[index]

    # -- presses -------------------------------------------------------------

    async def press_public(self, room: Room, index: int, token: str) -> None:
        """A button of the room's view pressed by the room's player ``index``.

        Only what the public screens offer is accepted here: lobby, votes,
        shared actions, and the move menu of a game played on the table.
        """
        player = self.player(room, index)
        lang = await self.languages.for_user(player.key)
        try:
            parsed = decode(token)
            if isinstance(parsed, MoveToken):
                table, _ = await self.service.get(parsed.table_id)
                if table.chat != room.chat or not registry.get(table.game).public_moves:
                    raise BadRequest()
            outcome = await self.service.press(_info(player), token, chat=room.chat)
        except BadToken:
            raise Refusal(self.i18n.t(lang, "error-bad-request")) from None
        except (ServiceError, GameError) as exc:
            raise Refusal(self.screens.error(exc, lang)) from exc
        if outcome.said is not None:
            # The question is answered: "play on" changes nothing else to show.
            self._questions.pop(room.id, None)
            self.hub.notify(room.id)
        shared = len(humans(outcome.table)) > 1
        if outcome.hint is not None and outcome.state is not None and shared:
            # The table is every player's page: the advice goes to the mover alone.
            seat = outcome.table.seat_of(player.key)
            assert seat is not None
            advice = self.screens.hint_line(outcome.table, outcome.state, seat, outcome.hint, lang)
            await self.rooms.log(room.id, kept(advice), player.key)
            # The hint counted in the player's statistics expires with the room.
            await self.rooms.touch(room.id)
            self.hub.notify(room.id)
            return
        if outcome.path is not None and outcome.state is not None:
            await self._remember_path(room, PUBLIC, outcome)
        elif outcome.state is not None and (seat := outcome.table.seat_of(player.key)) is not None:
            # A move: what it gave the presser (a card taken) is told to them alone.
            told = self.screens.told(outcome.table, outcome.state, seat, lang)
            if told is not None:
                await self.rooms.log(room.id, kept(told), player.key)
                self.hub.notify(room.id)

    async def press_private(self, room: Room, index: int, token: str) -> None:
        """A button of player ``index``'s own panel: a step of that seat's move
        menu, taking their move back, or ▶ the next round."""
        player = self.player(room, index)
        lang = await self.languages.for_user(player.key)
        try:
            parsed = decode(token)
            if (
                not isinstance(parsed, MoveToken | TakeBackToken | NextRoundToken)
                or parsed.table_id != room.table_id
            ):
                raise BadRequest()
            outcome = await self.service.press(_info(player), token)
        except BadToken:
            raise Refusal(self.i18n.t(lang, "error-bad-request")) from None
        except (ServiceError, GameError) as exc:
            raise Refusal(self.screens.error(exc, lang)) from exc
        if outcome.path is not None and outcome.state is not None:
            await self._remember_path(room, player.key, outcome)

    async def stop(self, room: Room, index: int) -> None:
        """``/stop`` by player ``index``: close the lobby, or propose to stop the
        game; alone with computers, ask first (the room shows the question)."""
        player = self.player(room, index)
        lang = await self.languages.for_user(player.key)
        try:
            table, _ = await self.table_of(room)
            if table is None or not table.active:
                raise TableNotFound()
            stopping = await self.service.stop(table.id, player.key)
        except (ServiceError, GameError) as exc:
            raise Refusal(self.screens.error(exc, lang)) from exc
        if stopping == Stopping.ASK:
            self._questions[room.id] = table.id
            self.hub.notify(room.id)

    async def _remember_path(self, room: Room, audience: str, outcome: Outcome) -> None:
        table = outcome.table
        assert outcome.path is not None
        now = self.service.clock()
        # A room left mid-game keeps its last paths until it would have expired.
        idle = [
            room_id
            for room_id, paths in self._paths.items()
            if max(p.at for p in paths.values()) < now - self.rooms.ttl
        ]
        for room_id in idle:
            del self._paths[room_id]
        self._paths.setdefault(room.id, {})[audience] = _Path(
            table.id, table.state_version, outcome.path, outcome.explain, outcome.hint, now
        )
        if outcome.hint is not None:
            # The core counted the hint in the player's statistics (no change
            # is published for it): those expire with the room.
            await self.rooms.touch(room.id)
        # Other pages of the room show the same view (a Telegram message is
        # edited for everyone who sees it).
        self.hub.notify(room.id)

    def _forget_paths(self, room_id: str, table: Table) -> None:
        """Drop the room's menu paths that the change of ``table`` left behind."""
        current = {
            audience: path
            for audience, path in self._paths.pop(room_id, {}).items()
            if table.active and (path.table_id, path.state_version) == _state(table)
        }
        if current:
            self._paths[room_id] = current

    def _path(self, room: Room, audience: str, table: Table) -> _Path:
        """Where ``audience`` navigated the menu of the table's current state."""
        shown = self._paths.get(room.id, {}).get(audience)
        if shown is None or (shown.table_id, shown.state_version) != _state(table):
            return _Path(table.id, table.state_version, (), False, None)
        return shown

    # -- what pages show -----------------------------------------------------

    async def room_view(self, room: Room, viewer: int | None = None) -> dict[str, Any]:
        """The public view: lobby and table screens, the players, the public log.

        ``viewer`` is a player's position when their own page asks: pictures
        are then served under their page's URL and the other players' panel
        URLs are left out.
        """
        lang = await self.languages.for_chat(room.chat)
        if viewer is None:
            url = self.room_url(room)
            pictures = f"{url}img/"
        else:
            url = self.panel_url(room, viewer)
            pictures = f"{url}pub/"
        table, state = await self.table_of(room)
        game = registry.get(table.game if table is not None else room.game)
        messages = []
        to_move: list[int] = []
        if table is not None:
            lobby = self.screens.lobby(table, lang)
            messages.append(self._message("lobby", lobby, room, PUBLIC, pictures))
            if state is not None:
                shown = self._path(room, PUBLIC, table)
                screen = await self.screens.table(
                    table, state, lang, shown.path, explain=shown.explain, hint=shown.hint
                )
                targets = picture_targets(table, state, None, self.screens.names(table))
                messages.append(self._message("table", screen, room, PUBLIC, pictures, targets))
                if table.status == Status.PLAYING:
                    to_move = [s for s in movers(game, state) if not table.players[s].bot]
                if self._questions.get(room.id) == table.id and table.active:
                    question = self.screens.stop_question(table, lang)
                    messages.append(self._message("question", question, room, PUBLIC, pictures))
        players = []
        for index, player in enumerate(room.players):
            seat = table.seat_of(player.key) if table is not None else None
            players.append(
                {
                    "index": index,
                    "name": player.name,
                    "seat": seat,
                    "bot": seat is not None and table is not None and table.players[seat].bot,
                    "to_move": seat is not None and seat in to_move,
                    "panel": self.panel_url(room, index) if viewer is None else None,
                }
            )
        host = room.index_of(table.creator) if table is not None else None
        return {
            # A player's page must not learn the room's id: it opens every panel.
            "room": room.id if viewer is None else None,
            "game": game.name,
            "title": self.i18n.t(lang, f"game-{game.name}"),
            "public_moves": game.public_moves,
            "status": table.status if table is not None else "none",
            "lang": lang,
            "host": host,
            "players": players,
            "messages": messages,
            "log": self._worded(
                await self.rooms.logs(room.id),
                lang,
                f"{url}summary/",
                await self.rooms.picture_names(room.id),
            ),
        }

    async def panel_view(self, room: Room, index: int) -> dict[str, Any]:
        """Player ``index``'s panel: their seat's screen and their private messages only."""
        player = self.player(room, index)
        lang = await self.languages.for_user(player.key)
        t = partial(self.i18n.t, lang)
        table, state = await self.table_of(room)
        seat = table.seat_of(player.key) if table is not None else None
        message: dict[str, Any]
        to_move = False
        if table is None:
            message = text_message(t("pg-seat-no-table"))
        elif seat is None:
            message = text_message(t("pg-seat-not-seated"))
        elif state is None:
            lobby = table.status == Status.LOBBY
            message = text_message(t("pg-seat-lobby" if lobby else "pg-seat-no-table"))
        elif not self.screens.has_private(table.game):
            message = text_message(t("pg-seat-public"), "elsewhere")
        else:
            shown = self._path(room, player.key, table)
            screen = await self.screens.seat(
                table, state, seat, lang, shown.path, explain=shown.explain, hint=shown.hint
            )
            pictures = f"{self.panel_url(room, index)}img/"
            targets = picture_targets(table, state, seat, self.screens.names(table))
            message = self._message("hand", screen, room, player.key, pictures, targets)
            to_move = any(row for row in screen.buttons)
        return {
            "index": index,
            "name": player.name,
            "seat": seat,
            "lang": lang,
            "to_move": to_move,
            "message": message,
            "log": self._worded(await self.rooms.logs(room.id, player.key), lang),
        }

    def _worded(
        self,
        entries: list[LogEntry],
        lang: str,
        pictures: str = "",
        kept_pictures: Container[str] = (),
    ) -> list[dict[str, Any]]:
        """A log as a page shows it, in the reader's language; a picture's entry
        with its URL under ``pictures``, left out once the room no longer keeps it."""
        shown = []
        for entry in entries:
            image = None
            if entry.picture is not None:
                if entry.picture["name"] not in kept_pictures:
                    continue
                image = {
                    "url": f"{pictures}{entry.picture['name']}.png",
                    "width": entry.picture["width"],
                    "height": entry.picture["height"],
                }
            shown.append(
                {"at": entry.at, "text": word(self.i18n, lang, entry.text), "image": image}
            )
        return shown

    def _message(
        self,
        kind: str,
        screen: Screen,
        room: Room,
        audience: str,
        pictures: str,
        targets: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """A screen as a page shows it; its picture filed for ``audience`` only,
        with the ``targets`` a player may tap on it."""
        url = None
        if screen.image is not None:
            name = self.gallery.add(room.id, audience, screen.image, screen.image_key)
            url = f"{pictures}{name}.png"
        return _with_learn_links(message_view(kind, screen, url, targets))

    async def table_of(self, room: Room) -> tuple[Table | None, Any | None]:
        """The room's current (or last) table and its state; ``None`` once it expired."""
        if room.table_id is None:
            return None, None
        try:
            return await self.service.get(room.table_id)
        except TableNotFound:
            return None, None


def _info(player: LocalPlayer) -> PlayerInfo:
    return PlayerInfo(player.key, player.name)


def _state(table: Table) -> tuple[str, int]:
    """Which state of which table a menu path belongs to."""
    return table.id, table.state_version


def _with_learn_links(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` with a lobby's 📖 made a link: the tutorials have a page of their own."""
    for row in message["buttons"]:
        for button in row:
            try:
                decoded = decode(button["token"]) if button["token"] is not None else None
            except BadToken:
                decoded = None
            if isinstance(decoded, LearnToken):
                button.update(token=None, url=f"/learn/{decoded.game}/")
    return message
