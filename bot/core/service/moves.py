"""Moves: the pipeline for a player's action."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.core.computers import solo_seat
from bot.core.errors import (
    StaleVersion,
    guarded,
)
from bot.core.service.base import (
    Notice,
    Step,
    bots_to_act,
    human_seat,
    public_events,
    require_status,
)
from bot.core.service.lobby import LobbyService
from bot.core.store import UNDO_DEPTH, Undo
from bot.core.summaries import summary_of
from bot.core.tables import Status, Table
from bot.metrics import frontend_of
from games import registry
from games.core.menu import movers


class MoveService(LobbyService):
    """Moves: the pipeline for a player's action."""

    @guarded
    async def play(
        self,
        table_id: str,
        player_key: str,
        version: int,
        action: Sequence[Any],
        *,
        loaded: tuple[Table, Any] | None = None,
    ) -> tuple[Table, Any]:
        """The move pipeline. ``version`` is the state version the player saw;
        ``loaded``: the table as the caller just read it (not read again)."""

        def step(table: Table, state: Any) -> Step:
            require_status(table, Status.PLAYING)
            seat = human_seat(table, player_key)
            if table.state_version != version:
                raise StaleVersion()
            mark = table.state_version
            done = self._apply_move(table, state, seat, action, reason=None)
            game = registry.get(table.game)
            if solo_seat(table) == seat and not game.continues(state, seat):
                # The position before a move of one's own, alone with computers,
                # is kept: the move may be taken back (``SoloService``).
                done.undo = Undo("push", f"{mark} {game.dumps(state)}")
                table.takeback_marks = [*table.takeback_marks, mark][-UNDO_DEPTH:]
            return done

        table, state = await self._mutate(table_id, step, loaded)
        self.metrics.moves.labels(table.game, frontend_of(table.chat), "person").inc()
        return table, state

    def _apply_move(
        self, table: Table, state: Any, seat: int, action: Sequence[Any], *, reason: str | None
    ) -> Step:
        game = registry.get(table.game)
        before = movers(game, state)
        new = game.apply(state, seat, action)
        table.state_version += 1
        table.events = public_events(game, new)
        table.taken_back = False
        # Any move opens the next round: whoever moves has seen the last one.
        table.held, table.break_until = False, None
        if any(v.cancel_on_move for v in table.votes):
            table.votes = [v for v in table.votes if not v.cancel_on_move]
        entry = f"{seat} {json.dumps(list(action), separators=(',', ':'))}"
        notice = Notice("auto-move", {"seat": seat, "reason": reason}) if reason else None
        summary = summary_of(table.game, state, seat, action, new)
        if game.is_over(new):
            table.status = Status.FINISHED
            table.result = game.result(new)
            table.turn_deadline = table.remind_at = None
            table.votes = []
            return Step(
                new, "finish", notice=notice, log_entry=entry, private=True, summary=summary
            )
        after = movers(game, new)
        window = game.window(new)
        ping: list[int] = []
        if window is not None:
            # A short window (points to claim): its own few seconds, nobody
            # pinged, since who may act is for the players to notice.
            if game.window(state) is None:
                table.turn_deadline = self.clock() + window.seconds
                table.remind_at = None
        elif not game.continues(new, seat):
            # A new turn (a step inside a move keeps the clock and pings nobody).
            self._reset_clock(table)
            ping = [s for s in after if s not in before or s == seat]
            if summary is not None and bots_to_act(table, game, new):
                self._take_break(table)
        return Step(
            new, "move", notice=notice, log_entry=entry, ping=ping, private=True, summary=summary
        )
