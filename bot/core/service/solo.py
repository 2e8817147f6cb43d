"""A person alone at a table of computers: taking moves back, a stop that
asks first, and ▶ the next round when they have looked at the last one.

Such a game is never rated (a table with a computer seat never is), so its
one person may take back their moves: each own move keeps the position
before it beside the table's record (:mod:`bot.core.store`, at most
``UNDO_DEPTH``), and taking a move back restores that position exactly
(hidden cards, the deck's order and the dice to come included: the card
drawn again is the one drawn before, so going back never shows a card or a
roll that was not coming anyway, nor deals a new chance) together with the
action log of that moment: the replay shows the game as it was finally
played. The computers' moves after it go too. A stop, which at such a table
needs no vote, asks first (:meth:`stop`), so a slip does not end the game.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from bot.core.computers import solo_seat
from bot.core.errors import (
    Conflict,
    ServiceError,
    StaleVersion,
    TableNotFound,
    guarded,
)
from bot.core.service.base import MAX_WRITE_ATTEMPTS, Notice, Step, human_seat, require_status
from bot.core.service.records import RecordService
from bot.core.store import Snapshot, Undo
from bot.core.tables import Status, Table
from games import registry


class Stopping(StrEnum):
    """What asking to stop a table did."""

    #: the lobby was closed
    CLOSED = "closed"
    #: a vote to stop the game was opened (and may have passed at once)
    VOTE = "vote"
    #: nothing yet: a person alone with computers is asked to confirm
    #: (:meth:`~bot.core.screens.Screens.stop_question`)
    ASK = "ask"


class SoloService(RecordService):
    """Taking moves back and a stop that asks first, for a person alone with computers."""

    @guarded
    async def take_back(self, table_id: str, player_key: str, mark: int) -> tuple[Table, Any]:
        """Go back to the position before the player's last own move (of state
        version ``mark``, what the button was built for), the computers' moves
        after it undone too. Only the one person at a table of computers may,
        while the game is played; a stale button (the move was taken back
        already, or another was made) changes nothing."""
        for _ in range(MAX_WRITE_ATTEMPTS):
            loaded, top = await self.store.load_with_snapshot(table_id)
            if loaded is None:
                raise TableNotFound()
            table = loaded[0]
            before = table.version
            step = self._take_back(table, player_key, mark, top)
            if await self._save(table, step, before):
                await self.store.add_use(player_key, table.game, "takebacks")
                return table, step.state
        raise Conflict()

    def _take_back(self, table: Table, player_key: str, mark: int, top: Snapshot | None) -> Step:
        seat = self._solo_player(table, player_key)
        if not table.takeback_marks:
            raise ServiceError("takeback-none")
        if table.takeback_marks[-1] != mark or top is None or top.mark != mark:
            raise StaleVersion()
        game = registry.get(table.game)
        state = game.loads(top.state)
        table.takeback_marks.pop()
        table.takebacks += 1
        table.taken_back = True
        # Back before the round's end, if it was one: nothing to wait for.
        table.held, table.break_until = False, None
        # A new version, never the old one: buttons built after the move
        # (the computers' too) must not come back to life.
        table.state_version += 1
        table.events = []
        table.votes = [v for v in table.votes if not v.cancel_on_move]
        window = game.window(state)
        if window is None:
            self._reset_clock(table)
        else:
            table.turn_deadline, table.remind_at = self.clock() + window.seconds, None
        notice = Notice("takeback", {"seat": seat})
        return Step(state, "takeback", notice=notice, private=True, undo=Undo("pop"))

    @guarded
    async def next_round(self, table_id: str, player_key: str, version: int) -> tuple[Table, Any]:
        """▶ Next round: the one person alone with computers has looked at how
        the round was counted, and the computers may open the next. A button of
        another position (``version``), or pressed twice, changes nothing."""

        def step(table: Table, state: Any) -> Step:
            self._solo_player(table, player_key)
            if not table.held or table.state_version != version:
                raise StaleVersion()
            table.held = False
            self._reset_clock(table)
            return Step(state, "resume", private=True)

        return await self._mutate(table_id, step)

    def _solo_player(self, table: Table, player_key: str) -> int:
        """The presser's seat, when they are the one person at a running table of
        computers; refused otherwise."""
        if not table.active:
            raise ServiceError("game-over")
        require_status(table, Status.PLAYING)
        seat = human_seat(table, player_key)
        if solo_seat(table) != seat:
            raise ServiceError("only-alone")
        return seat

    @guarded
    async def stop(self, table_id: str, player_key: str) -> Stopping:
        """``/stop`` or a Stop button: the host closes a lobby; at a running table
        a vote to stop it opens, except for a person alone with computers, whose
        stop needs no vote and is asked first (nothing changes until
        :meth:`confirm_stop`)."""
        table, _ = await self.get(table_id)
        if table.status == Status.LOBBY:
            await self.cancel(table_id, player_key)
            return Stopping.CLOSED
        seat = table.seat_of(player_key)
        if table.status == Status.PLAYING and seat is not None and solo_seat(table) == seat:
            return Stopping.ASK
        await self.propose(table_id, player_key, "abort")
        return Stopping.VOTE

    @guarded
    async def confirm_stop(self, table_id: str, player_key: str) -> tuple[Table, Any]:
        """Stop the game of a person alone with computers, who said yes."""

        def step(table: Table, state: Any) -> Step:
            self._solo_player(table, player_key)
            return self._abort(table, state, "game-stopped")

        return await self._mutate(table_id, step)
