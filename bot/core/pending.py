"""Screens that are behind their table's state, kept in Redis until they are not.

A frontend marks a screen (a table's message, a hand) *pending* before it
queues the call that brings it up to date, and clears the mark only once the
platform accepted a screen drawn from the newest state. A worker that dies
with calls still queued leaves the marks behind; every worker sweeps for
marks nobody has renewed for :data:`GRACE` seconds and redraws those screens,
so a crash, a restart or a send that failed for good is healed within
seconds by whichever worker is alive.

Two workers may hold the same mark (one claimed it after the other stalled):
a short lease per screen makes them take turns, and each draws the state it
reads after taking the lease, so a screen never goes back to an older state.

A lease's token names its worker when the store has a stable name for it
(``WORKER_ID``) and this process: a worker restarted under the same name
takes back at once the leases its killed predecessor held, instead of
waiting :data:`LEASE` seconds for them to expire.

Key layout (``P`` the store's prefix): ``Ppending:FRONTEND`` sorted set of
``ID|REF`` → when another worker may take the screen over; the table's key
plus ``:lease:REF``, the lease of one screen (expires by itself).

Each step also comes as ``…_in(pipe, …)``, which queues its one command in a
pipeline, so a frontend can mark, lease and clear many screens together with
its other reads and writes in one round trip.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from bot.core.store import CLAIM_DUE, DEFER_DUE, DONE_DUE, RELEASE_IF_HELD, Store
from bot.metrics import Metrics, frontend_of

#: Seconds a mark stays with the worker that made or claimed it.
GRACE = 5.0
#: Seconds a worker may hold one screen before another may draw it.
LEASE = 5.0
#: Screens whose convergence one worker times at once; past it the oldest
#: (most likely cleared by another worker meanwhile) are forgotten.
TIMED = 10_000
# KEYS: the lease. ARGV: the new token, its time to live (ms), the prefix of
# every token of this worker's name ('' for none) and of this process's. The
# lease is taken when free, or when an earlier process of this worker held it.
_LEASE = """
local held = redis.call('GET', KEYS[1])
local mine = ARGV[3] ~= '' and held and string.sub(held, 1, #ARGV[3]) == ARGV[3]
if not held or (mine and string.sub(held, 1, #ARGV[4]) ~= ARGV[4]) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""


@dataclass(frozen=True)
class Mark:
    """One pending screen, as a worker holds it: ``until`` tells its claim apart."""

    table_id: str
    ref: str
    until: float


class PendingScreens:
    """The pending marks of one frontend (``tg``, ``dc``) and the screens' leases."""

    def __init__(
        self,
        store: Store,
        frontend: str,
        *,
        clock: Callable[[], float] = time.time,
        metrics: Metrics | None = None,
    ) -> None:
        self.store = store
        self.redis = store.redis
        self.clock = clock
        self.metrics = metrics or Metrics()
        self._frontend = frontend_of(f"{frontend}:")
        #: When this worker first marked or took over each screen it has not
        #: yet cleared: how long the screen took to converge.
        self._since: dict[str, float] = {}
        self._key = f"{store.prefix}pending:{frontend}"
        self._claim = self.redis.register_script(CLAIM_DUE)
        self._done = self.redis.register_script(DONE_DUE)
        self._release = self.redis.register_script(RELEASE_IF_HELD)
        self._lease = self.redis.register_script(_LEASE)
        worker = store.worker
        #: Every lease token of this worker begins with the first, of this
        #: process with the second (both empty without a stable name).
        self._worker = f"{worker}:" if worker else ""
        self._process = f"{self._worker}{secrets.token_hex(4)}:" if worker else ""

    def _until(self, delay: float) -> float:
        # The jitter tells two claims of one screen apart (see ``done``).
        return self.clock() + delay + secrets.randbelow(10**6) / 10**9

    async def mark(self, screens: Iterable[tuple[str, str]]) -> list[Mark]:
        """Mark ``(table id, ref)`` screens pending, held by this worker for now."""
        until = self._until(GRACE)
        marks = self._marked(screens, until)
        if marks:
            await self.redis.zadd(self._key, {f"{m.table_id}|{m.ref}": until for m in marks})
        return marks

    def _marked(self, screens: Iterable[tuple[str, str]], until: float) -> list[Mark]:
        now = self.clock()
        marks = [Mark(table_id, ref, until) for table_id, ref in screens]
        for m in marks:
            self._since.setdefault(f"{m.table_id}|{m.ref}", now)
        while len(self._since) > TIMED:
            del self._since[next(iter(self._since))]
        return marks

    def _cleared(self, member: str) -> None:
        since = self._since.pop(member, None)
        if since is not None:
            self.metrics.convergence.labels(self._frontend).observe(self.clock() - since)

    def mark_in(self, pipe: Any, screens: Iterable[tuple[str, str]]) -> list[Mark]:
        """:meth:`mark`, queued in ``pipe`` (one reply, of no interest); ``screens``
        must not be empty."""
        until = self._until(GRACE)
        marks = self._marked(screens, until)
        pipe.zadd(self._key, {f"{m.table_id}|{m.ref}": until for m in marks})
        return marks

    async def claim(self, *, ahead: float = 0.0, limit: int = 100) -> list[Mark]:
        """Take over the marks nobody renewed (``ahead``: also those that would
        lapse within that many seconds, as a restarted worker does)."""
        until = self._until(GRACE)
        members = await self._claim(
            keys=[self._key], args=[repr(self.clock() + ahead), repr(until), str(limit)]
        )
        screens = [(table_id, ref) for table_id, _, ref in (str(m).partition("|") for m in members)]
        if screens:
            self.metrics.taken_over.labels(self._frontend).inc(len(screens))
        return self._marked(screens, until)

    async def done(self, mark: Mark) -> bool:
        """Clear ``mark`` unless the screen was marked again since; True if cleared."""
        member = f"{mark.table_id}|{mark.ref}"
        cleared = bool(await self._done(keys=[self._key], args=[member, repr(mark.until)]))
        if cleared:
            self._cleared(member)
        return cleared

    def done_in(self, pipe: Any, mark: Mark) -> None:
        """:meth:`done`, queued in ``pipe`` (one reply: 1 if cleared); its
        convergence is counted now, the pipeline being sent right after."""
        member = f"{mark.table_id}|{mark.ref}"
        pipe.eval(DONE_DUE, 1, self._key, member, repr(mark.until))
        self._cleared(member)

    def defer_in(self, pipe: Any, mark: Mark, until: float) -> None:
        """Queue leaving ``mark``'s screen to whichever worker sweeps it after
        ``until`` (unless it is cleared first); one reply. A screen marked
        again since (a newer change needs it now) keeps that newer mark: put
        off, it would wait out ``until`` if this worker died."""
        member = f"{mark.table_id}|{mark.ref}"
        pipe.eval(DEFER_DUE, 1, self._key, member, repr(mark.until), repr(until))

    async def hand_back(self, marks: Iterable[Mark]) -> None:
        """Let any worker take these marks now (this one is shutting down)."""
        now = self.clock()
        members = {f"{m.table_id}|{m.ref}": now for m in marks}
        self._since.clear()
        if members:
            await self.redis.zadd(self._key, members, xx=True)

    async def count(self) -> int:
        """How many screens are pending."""
        return int(await self.redis.zcard(self._key))

    def _lease_key(self, table_id: str, ref: str) -> str:
        return f"{self.store.table_key(table_id)}:lease:{ref}"

    def _lease_args(self) -> list[str | int]:
        return [
            self._process + secrets.token_hex(8),
            int(LEASE * 1000),
            self._worker,
            self._process,
        ]

    async def lease(self, table_id: str, ref: str) -> str | None:
        """Take the screen's lease; its token, or None while another worker holds it."""
        args = self._lease_args()
        ok = await self._lease(keys=[self._lease_key(table_id, ref)], args=args)
        return str(args[0]) if ok else None

    async def release(self, table_id: str, ref: str, token: str) -> None:
        """Give the lease back (if it is still ours)."""
        await self._release(keys=[self._lease_key(table_id, ref)], args=[token])

    def lease_in(self, pipe: Any, table_id: str, ref: str) -> str:
        """:meth:`lease`, queued in ``pipe``: the token, which is ours if the one
        reply is true."""
        args = self._lease_args()
        pipe.eval(_LEASE, 1, self._lease_key(table_id, ref), *args)
        return str(args[0])

    def release_in(self, pipe: Any, table_id: str, ref: str, token: str) -> None:
        """:meth:`release`, queued in ``pipe`` (one reply, of no interest)."""
        pipe.eval(RELEASE_IF_HELD, 1, self._lease_key(table_id, ref), token)
