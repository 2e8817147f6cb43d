"""Timers: reminders, turn deadlines, bot seats, vote expiry."""

from __future__ import annotations

import asyncio
import random
import zlib
from typing import Any

from bot.core.computers import is_computer
from bot.core.errors import (
    ServiceError,
    StaleVersion,
    guarded,
)
from bot.core.service.base import Notice, Step, bots_to_act
from bot.core.service.voting import VotingService
from bot.core.store import Due
from bot.core.tables import Status, Table, Timeout
from games import ai, registry
from games.core.menu import movers, own_actions
from games.core.protocol import Action


class DeadlineService(VotingService):
    """Timers: reminders, turn deadlines, bot seats, vote expiry."""

    @guarded
    async def run_due(self) -> int:
        """Fire every timer that is due (reminders, deadlines, bot moves, vote expiry)."""
        fired = 0
        for due in await self.store.claim_due(self.clock()):
            try:
                await self._fire(due)
                fired += 1
            except ServiceError as exc:
                # Someone moved or voted meanwhile: the timer is simply obsolete.
                self._log(
                    "timer-skipped", None, table_id=due.table_id, kind=due.kind, code=exc.code
                )
            finally:
                await self.store.done_due(due)
        return fired

    async def _fire(self, due: Due) -> None:
        loaded = await self.store.load(due.table_id)
        if loaded is None:
            return
        table, text = loaded
        if table.status != Status.PLAYING:
            return
        now = self.clock()
        if due.kind == "vote":
            await self._expire_votes(table.id, now)
            return
        game = registry.get(table.game)
        state = game.loads(text) if text else None
        if game.window(state) is not None:
            await self._window_due(table, state, now)
            return
        # Seats that only could vote are nobody's turn: they are never late.
        to_move = movers(game, state)
        bots = bots_to_act(table, game, state)
        if bots:
            # A computer player's move is its own; a seat handed over is told.
            reason = None if is_computer(table.players[bots[0]].key) else "bot"
            await self._auto_move(table.id, bots[0], table.state_version, reason)
        elif table.turn_deadline is not None and now >= table.turn_deadline:
            await self._timeout(table, to_move)
        elif table.remind_at is not None and now >= table.remind_at:
            await self._remind(table.id, table.state_version)
        else:
            await self._schedule(table, state)

    async def _window_due(self, table: Table, state: Any, now: float) -> None:
        """In a short window, seats the bot plays act first; when its time is up,
        it closes (what was not claimed is lost)."""
        game = registry.get(table.game)
        bots = bots_to_act(table, game, state)
        if bots:
            await self._auto_move(table.id, bots[0], table.state_version, None)
        elif table.turn_deadline is None or now >= table.turn_deadline:
            await self._close_window(table.id, table.state_version)
        else:
            await self._schedule(table, state)

    async def _close_window(self, table_id: str, version: int) -> None:
        def step(table: Table, state: Any) -> Step:
            window = registry.get(table.game).window(state)
            if table.state_version != version or window is None:
                raise StaleVersion()
            return self._apply_move(table, state, window.seat, window.close, reason=None)

        await self._mutate(table_id, step)

    async def _auto_move(self, table_id: str, seat: int, version: int, reason: str | None) -> None:
        """The stand-in's move for ``seat``, every step of it (one notice, for the first)."""
        table, state = await self._stand_in_step(table_id, seat, version, reason)
        game = registry.get(table.game)
        while table.status == Status.PLAYING and game.continues(state, seat):
            table, state = await self._stand_in_step(table_id, seat, table.state_version, None)

    async def _stand_in_step(
        self, table_id: str, seat: int, version: int, reason: str | None
    ) -> tuple[Table, Any]:
        """The computer's action for ``seat``, decided off the event loop (a strong
        level thinks for a second) and applied only if nobody moved meanwhile."""
        table, state = await self.get(table_id)
        if table.status != Status.PLAYING or table.state_version != version:
            raise StaleVersion()
        choice = await asyncio.to_thread(computer_action, table, state, seat, reason)

        def step(table: Table, state: Any) -> Step:
            if table.state_version != version:
                raise StaleVersion()
            return self._apply_move(table, state, seat, choice, reason=reason)

        return await self._mutate(table_id, step)

    async def _timeout(self, table: Table, to_move: list[int]) -> None:
        late = [s for s in to_move if not table.players[s].bot]
        if not late:
            return
        seat = late[0]
        if table.on_timeout == Timeout.AUTO:
            await self._auto_move(table.id, seat, table.state_version, "timeout")
            return
        version = table.state_version

        def step(t: Table, state: Any) -> Step:
            if t.state_version != version:
                raise StaleVersion()
            if t.on_timeout == Timeout.BOT:
                return self._seat_to_bot(t, state, seat, "overdue")
            t.turn_deadline = t.remind_at = None
            return Step(state, "overdue", notice=Notice("turn-overdue", {"seat": seat}))

        await self._mutate(table.id, step)

    async def _remind(self, table_id: str, version: int) -> None:
        def step(table: Table, state: Any) -> Step:
            if table.state_version != version:
                raise StaleVersion()
            table.remind_at = None
            ping = [s for s in movers(registry.get(table.game), state) if not table.players[s].bot]
            left = int((table.turn_deadline or self.clock()) - self.clock())
            return Step(
                state, "remind", ping=ping, notice=Notice("turn-reminder", {"seconds": left})
            )

        await self._mutate(table_id, step)

    async def _expire_votes(self, table_id: str, now: float) -> None:
        def step(table: Table, state: Any) -> Step:
            expired = [v for v in table.votes if v.expires_at <= now]
            if not expired:
                raise ServiceError("nothing-due")
            table.votes = [v for v in table.votes if v.expires_at > now]
            return Step(state, "vote", notice=Notice("vote-expired", {"kind": expired[0].kind}))

        await self._mutate(table_id, step)


def computer_action(table: Table, state: Any, seat: int, reason: str | None) -> Action:
    """What the computer does for ``seat``: the seat's level (``normal`` for a
    seat handed over or a late player). A late player gets their own move,
    never a vote or a proposal made in their name."""
    game = registry.get(table.game)
    # Seeded by table and version, so two workers would make the same move.
    seed = zlib.crc32(f"{table.id}:{table.state_version}:{seat}".encode())
    action = ai.choose(table.game, state, seat, table.players[seat].level, seed)
    own = own_actions(game, state, seat)
    if reason == "timeout" and action not in own:
        return game.stand_in(state, seat, own, random.Random(seed))
    return action
