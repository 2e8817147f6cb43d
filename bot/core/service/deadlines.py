"""Timers: reminders, turn deadlines, bot seats, vote expiry."""

from __future__ import annotations

import asyncio
import logging
import random
import zlib
from dataclasses import dataclass
from typing import Any

from redis.exceptions import RedisError

from bot.core.computers import is_computer
from bot.core.errors import (
    Conflict,
    ServiceError,
    StaleVersion,
    TableNotFound,
    Unavailable,
    guarded,
)
from bot.core.service.base import Notice, Step, bots_to_act
from bot.core.service.voting import VotingService
from bot.core.store import Due
from bot.core.tables import Status, Table, Timeout
from bot.metrics import frontend_of
from games import ai, registry
from games.core.menu import movers, own_actions
from games.core.protocol import Action

log = logging.getLogger("bot.core")

#: Timers a worker fires at once: each waits mostly on Redis and the frontends.
FIRING_AT_ONCE = 64


@dataclass(frozen=True)
class Fired:
    """What one pass of the timer loop did."""

    fired: int
    #: timers claimed (fired, found obsolete, failed, or left for a later pass)
    claimed: int
    #: when the next timer left is due (None: none is)
    next_at: float | None


class DeadlineService(VotingService):
    """Timers: reminders, turn deadlines, bot seats, vote expiry."""

    async def run_due(self) -> int:
        """Fire the timers that are due (see :meth:`fire_due`); how many fired."""
        return (await self.fire_due()).fired

    @guarded
    async def fire_due(self, *, concurrency: int = FIRING_AT_ONCE) -> Fired:
        """Fire the timers that are due (reminders, deadlines, bot moves, vote
        expiry): a batch from each shard, ``concurrency`` at a time."""
        now = self.clock()
        claimed = await self.store.claim_due(now)
        for due in claimed.due:
            self.metrics.timer_lag.observe(max(0.0, now - due.at))
        gate = asyncio.Semaphore(concurrency)

        async def fire(due: Due) -> str:
            async with gate:
                try:
                    await self._fire(due)
                except (Unavailable, Conflict, RedisError) as exc:
                    # Redis failed or the table was too busy: the lease runs
                    # out and a later pass (of any worker) fires it again.
                    log.warning(
                        "event=timer-retried table=%s kind=%s error=%r", due.table_id, due.kind, exc
                    )
                    return "retried"
                except ServiceError as exc:
                    # Someone moved or voted meanwhile: the timer is simply obsolete.
                    self._log(
                        "timer-skipped", None, table_id=due.table_id, kind=due.kind, code=exc.code
                    )
                    return "skipped"
                except Exception:
                    # A bug must not cost the other tables their timers, nor
                    # fail again every lease for as long as the table lives.
                    log.exception("event=timer-failed table=%s kind=%s", due.table_id, due.kind)
                    return "failed"
                return "fired"

        outcomes = await asyncio.gather(*(fire(due) for due in claimed.due))
        handled = zip(claimed.due, outcomes, strict=True)
        await self.store.done_due([due for due, outcome in handled if outcome != "retried"])
        return Fired(outcomes.count("fired"), len(claimed.due), claimed.next_at)

    async def _fire(self, due: Due) -> None:
        try:
            loaded = await self.get(due.table_id)
        except TableNotFound:
            return
        table, state = loaded
        if table.status != Status.PLAYING:
            return
        now = self.clock()
        if due.kind == "vote":
            await self._expire_votes(table.id, now, loaded)
            return
        game = registry.get(table.game)
        if game.window(state) is not None:
            await self._window_due(table, state, now)
            return
        if table.held or (table.break_until or 0.0) > now:
            # A round's break: nobody moves yet (this timer was set before it).
            await self._reschedule(table, state)
            return
        # Seats that only could vote are nobody's turn: they are never late.
        to_move = movers(game, state)
        bots = bots_to_act(table, game, state)
        if bots:
            # A computer player's move is its own; a seat handed over is told.
            reason = None if is_computer(table.players[bots[0]].key) else "bot"
            await self._auto_move(table.id, bots[0], table.state_version, reason)
        elif table.turn_deadline is not None and now >= table.turn_deadline:
            await self._timeout(table, state, to_move)
        elif table.remind_at is not None and now >= table.remind_at:
            await self._remind(loaded)
        else:
            await self._reschedule(table, state)

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
            await self._reschedule(table, state)

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
        decide = self.metrics.timed_decision(table.game, table.players[seat].level, computer_action)
        choice = await asyncio.to_thread(decide, table, state, seat, reason)

        def step(table: Table, state: Any) -> Step:
            if table.state_version != version:
                raise StaleVersion()
            return self._apply_move(table, state, seat, choice, reason=reason)

        table, state = await self._mutate(table_id, step, (table, state))
        self.metrics.moves.labels(table.game, frontend_of(table.chat), "computer").inc()
        return table, state

    async def _timeout(self, table: Table, state: Any, to_move: list[int]) -> None:
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

        await self._mutate(table.id, step, (table, state))

    async def _remind(self, loaded: tuple[Table, Any]) -> None:
        version = loaded[0].state_version

        def step(table: Table, state: Any) -> Step:
            if table.state_version != version:
                raise StaleVersion()
            table.remind_at = None
            ping = [s for s in movers(registry.get(table.game), state) if not table.players[s].bot]
            left = int((table.turn_deadline or self.clock()) - self.clock())
            return Step(
                state, "remind", ping=ping, notice=Notice("turn-reminder", {"seconds": left})
            )

        await self._mutate(loaded[0].id, step, loaded)

    async def _expire_votes(self, table_id: str, now: float, loaded: tuple[Table, Any]) -> None:
        def step(table: Table, state: Any) -> Step:
            expired = [v for v in table.votes if v.expires_at <= now]
            if not expired:
                raise ServiceError("nothing-due")
            table.votes = [v for v in table.votes if v.expires_at > now]
            return Step(state, "vote", notice=Notice("vote-expired", {"kind": expired[0].kind}))

        await self._mutate(table_id, step, loaded)


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
