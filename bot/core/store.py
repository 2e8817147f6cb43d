"""The Redis store: tables with one compare-and-set per change, and indexes.

Key layout (``P`` is the configurable prefix, ``ID`` a table id, ``S`` its
shard, ``crc32(ID) % SHARDS``) and how long each key lives:

- ``P{s:S}:t:ID``       hash: ``v`` record version, ``meta`` table JSON,
  ``state`` game JSON. Expires after ``active_ttl`` without a change
  (``finished_ttl`` once the game is over); every other per-table key goes
  with it.
- ``P{s:S}:t:ID:log``   list: every applied action, ``seat action-json``, for
  replay. The table's TTL.
- ``P{s:S}:t:ID:refs``  hash: frontend message references (never versioned).
  The table's TTL.
- ``P{s:S}:t:ID:undo``  list: the positions a person playing alone against
  computers may take their moves back to, ``LOG MARK STATE`` (the log's
  length and the state version then, and the state), at most
  :data:`UNDO_DEPTH`, oldest first. The table's TTL; deleted when the game ends.
- ``P{s:S}:t:ID:lease:REF``  string: a worker drawing one screen
  (``pending``). Seconds.
- ``P{s:S}:due``        sorted set: ``ID|kind`` → when a timer of a table of
  the shard fires. No TTL: a member is removed when its timer fires or is
  cancelled (a timer of a table that expired fires once, finds no table and
  is dropped).
- ``Pchat:CHAT``    string: the active table of a chat (or forum topic).
  ``active_ttl``, renewed by every change; deleted when the game ends.
- ``Puser:KEY``     set: tables a player sits at. ``active_ttl``, renewed on
  joining; the table leaves it when the game ends.
- ``Ppending:FRONTEND``  sorted set: screens behind their table
  (``bot.core.pending``). No TTL, for the same reason: a member is removed
  once its screen is current or its table is gone.
- ``P{p:KEY}:…``, ``P…{rate}:…``  press and send rate windows
  (``bot.core.pacing``). Seconds to a minute.
- ``Pstats:KEY``    hash: ``game:played`` / ``game:won`` (``game:vs:LEVEL:…``
  against the computer), ``game:hints``, ``game:takebacks``. Kept: a
  player's record is what ``/stats`` shows, for as long as they play.
- ``Plearn:KEY``    hash: game → the step a player reached in its tutorial
  (``bot.core.tutorials``). 180 days from the last press; ``/forget`` deletes it.
- ``Plang:SCOPE``   string: the chosen language of a chat or user. Kept: a
  choice the person made.
- ``Pflag:NAME``    set: members with a frontend flag (e.g. users the bot may
  message). Kept: it holds what the platform told once (a /start).
- ``Pmigrated:shards``  string: tables of the layout before shards were moved
  (``bot.core.migrate``). Kept, so later starts skip the scan.
- ``P{h:CHAT}:…``  finished games, kept 90 days (``bot.core.history``).
- ``P{r:GAME}:…``  ratings and leaderboards, kept (``bot.core.ratings``).
- ``Pdeck:KIND:GAME:KEY``  string: a player's deck for a game as a JSON list of
  cards; KIND ``saved`` (kept: the player built it) or ``draft`` (being
  built, expires).

A table's keys and its shard's timers share the hash tag ``{s:S}``, so one
script checks the version, writes the record, the log and the TTLs, and
moves the table's timers, all in one Redis Cluster slot and one round trip;
the shards spread tables and timers over the cluster's masters. Index keys
are written beside it (in the same pipeline): they are derived data and every
reader tolerates a stale entry.
"""

from __future__ import annotations

import secrets
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from bot.core.player_store import PlayerStore
from bot.core.redis_client import RedisClient
from bot.core.tables import Table
from games.core import serial

# Moves a table's timers in its shard: ARGV from ``first`` on are the table
# id, then pairs of a kind and its time ('' cancels it).
_TIMERS = """
local function set_timers(due, first)
  local id = ARGV[first]
  for i = first + 1, #ARGV, 2 do
    local member = id .. '|' .. ARGV[i]
    if ARGV[i + 1] == '' then
      redis.call('ZREM', due, member)
    else
      redis.call('ZADD', due, ARGV[i + 1], member)
    end
  end
end
"""

# KEYS: the record, its log, its refs, its shard's timers, its take-back
# positions. ARGV: the expected version ('' to create), the new one, meta,
# state, TTL, a log entry or '', what becomes of the positions ('' nothing;
# 'push' keeps ARGV[8], MARK STATE, behind the log's length before this
# entry, at most ARGV[9] of them; 'pop' drops the newest and cuts the log
# back to its length then; 'clear'), then the timers (see _TIMERS).
_CAS = (
    _TIMERS
    + """
local cur = redis.call('HGET', KEYS[1], 'v')
if ARGV[1] == '' then
  if cur then return 0 end
elseif cur ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'meta', ARGV[3], 'state', ARGV[4])
local ttl = tonumber(ARGV[5])
redis.call('EXPIRE', KEYS[1], ttl)
if ARGV[7] == 'push' then
  redis.call('RPUSH', KEYS[5], redis.call('LLEN', KEYS[2]) .. ' ' .. ARGV[8])
  redis.call('LTRIM', KEYS[5], -tonumber(ARGV[9]), -1)
elseif ARGV[7] == 'pop' then
  local top = redis.call('RPOP', KEYS[5])
  local length = top and tonumber(string.match(top, '^(%d+) '))
  if length == 0 then
    redis.call('DEL', KEYS[2])
  elseif length then
    redis.call('LTRIM', KEYS[2], 0, length - 1)
  end
elseif ARGV[7] == 'clear' then
  redis.call('DEL', KEYS[5])
end
if ARGV[6] ~= '' then redis.call('RPUSH', KEYS[2], ARGV[6]) end
for i = 2, 5 do
  if i ~= 4 and redis.call('EXISTS', KEYS[i]) == 1 then redis.call('EXPIRE', KEYS[i], ttl) end
end
set_timers(KEYS[4], 10)
return 1
"""
)

# KEYS: the record, its shard's timers. ARGV: the version the timers were
# worked out from, then the timers. A newer record has set its own.
_TIMERS_IF_CURRENT = (
    _TIMERS
    + """
if redis.call('HGET', KEYS[1], 'v') ~= ARGV[1] then return 0 end
set_timers(KEYS[2], 2)
return 1
"""
)

# A table's message references live exactly as long as the table: a finished
# table is kept for a day, and its references must not stay on for a week.
_SET_REFS = """
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
local ttl = redis.call('TTL', KEYS[2])
if ttl <= 0 then ttl = tonumber(ARGV[1]) end
redis.call('EXPIRE', KEYS[1], ttl)
"""

RELEASE_IF_HELD = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

# Due timers (and pending screens) are leased, not removed, so a worker that
# dies while handling one lets another worker pick it up once the lease runs out.
_CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, member in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[2], member) end
"""

CLAIM_DUE = _CLAIM + "return due\n"

# CLAIM_DUE on one shard, with each timer's time (how late it fires), also
# answering first when its next timer (or a lease) is due, so the loop knows
# how long it may sleep.
_CLAIM_SHARD = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, ARGV[3])
for i = 1, #due, 2 do redis.call('ZADD', KEYS[1], ARGV[2], due[i]) end
local soonest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2]
table.insert(due, 1, soonest or '')
return due
"""


def _while_held(command: str) -> str:
    """A script that runs ``command`` on member ARGV[1] of the sorted set KEYS[1]
    only while its score is still ARGV[2]: nobody claimed or marked it since."""
    return f"""
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) == tonumber(ARGV[2]) then
  return {command}
end
return 0
"""


#: Clear a leased member (a fired timer, a screen shown).
DONE_DUE = _while_held("redis.call('ZREM', KEYS[1], ARGV[1])")
#: Move a leased member's time on to ARGV[3] (a screen left for later).
DEFER_DUE = _while_held("redis.call('ZADD', KEYS[1], 'XX', 'CH', ARGV[3], ARGV[1])")


#: The most moves a person alone with computers may take back in a row.
UNDO_DEPTH = 10

#: Tables and their timers are spread over this many hash tags: enough for a
#: cluster of a dozen masters, few enough that the timer loop asks every
#: shard in one pipeline.
SHARDS = 32

#: A table's timers by kind (``turn``, ``vote``): when each fires, or None
#: when it is cancelled.
Timers = Mapping[str, float | None]


def shard_of(table_id: str) -> int:
    """The shard a table and its timers live in."""
    return zlib.crc32(table_id.encode()) % SHARDS


@dataclass(frozen=True)
class Undo:
    """What a save does to the table's take-back positions: ``push`` the position
    before a move (``snapshot``: ``MARK STATE``), ``pop`` the newest (the game
    went back to it), or ``clear`` them all (the game is over)."""

    op: str
    snapshot: str = ""


@dataclass(frozen=True)
class Snapshot:
    """A position a move may be taken back to: the state version it had, its
    state, and how many actions the log held then."""

    mark: int
    state: str
    log_length: int

    @classmethod
    def parse(cls, text: str) -> Snapshot:
        """Read a stored position (``LOG MARK STATE``)."""
        length, mark, state = text.split(" ", 2)
        return cls(int(mark), state, int(length))


@dataclass(frozen=True)
class Due:
    """A leased timer: which table, which kind, and the lease it holds."""

    table_id: str
    kind: str
    lease: float
    #: when it fell due (or when an earlier lease of it ran out)
    at: float


@dataclass(frozen=True)
class Claimed:
    """Timers leased by one claim, and when the next timer left is due (None:
    no timer is left)."""

    due: list[Due]
    next_at: float | None


class Store(PlayerStore):
    """Tables, indexes, timers, statistics and language choices in Redis."""

    def __init__(
        self,
        redis: RedisClient,
        *,
        prefix: str = "tb:",
        active_ttl: int = 7 * 86400,
        finished_ttl: int = 86400,
        worker: str | None = None,
    ) -> None:
        self.redis = redis
        self.prefix = prefix
        self.active_ttl = active_ttl
        self.finished_ttl = finished_ttl
        #: This process's stable name among the bot's workers (``WORKER_ID``):
        #: a worker started again under it takes back at once what its dead
        #: predecessor held (see :mod:`bot.core.pending`).
        self.worker = worker
        self._release = redis.register_script(RELEASE_IF_HELD)
        self._set_refs = redis.register_script(_SET_REFS)
        self._timers_if_current = redis.register_script(_TIMERS_IF_CURRENT)

    # -- keys ---------------------------------------------------------------

    def table_key(self, table_id: str) -> str:
        """The hash holding a table's record and state."""
        return f"{self.prefix}{{s:{shard_of(table_id)}}}:t:{table_id}"

    def _log_key(self, table_id: str) -> str:
        return f"{self.table_key(table_id)}:log"

    def _refs_key(self, table_id: str) -> str:
        return f"{self.table_key(table_id)}:refs"

    def _undo_key(self, table_id: str) -> str:
        return f"{self.table_key(table_id)}:undo"

    def _chat_key(self, chat: str) -> str:
        return f"{self.prefix}chat:{chat}"

    def due_key(self, shard: int) -> str:
        """The sorted set of one shard's timers."""
        return f"{self.prefix}{{s:{shard}}}:due"

    # -- tables -------------------------------------------------------------

    async def load(self, table_id: str) -> tuple[Table, str | None] | None:
        """The table and its game state text, or ``None`` if there is no such table."""
        return self._parse(cast(dict[str, str], await self.redis.hgetall(self.table_key(table_id))))

    async def load_along(
        self, table_id: str, queue: Callable[[Any], None]
    ) -> tuple[Any, tuple[Table, str | None] | None]:
        """:meth:`load`, in one round trip with the command ``queue`` puts in the
        pipeline it is given (a press's rate count); that command's reply first."""
        async with self.redis.pipeline(transaction=False) as pipe:
            queue(pipe)
            pipe.hgetall(self.table_key(table_id))
            reply, raw = await pipe.execute()
        return reply, self._parse(raw)

    async def load_with_snapshot(
        self, table_id: str
    ) -> tuple[tuple[Table, str | None] | None, Snapshot | None]:
        """:meth:`load`, and the newest position a move may be taken back to, in
        one round trip (both read at one version: writes change them together)."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hgetall(self.table_key(table_id))
            pipe.lindex(self._undo_key(table_id), -1)
            raw, top = await pipe.execute()
        return self._parse(raw), None if top is None else Snapshot.parse(top)

    @staticmethod
    def _parse(raw: dict[str, str]) -> tuple[Table, str | None] | None:
        if not raw or "meta" not in raw:
            return None
        table = serial.loads(Table, raw["meta"])
        table.version = int(raw["v"])
        return table, raw.get("state") or None

    async def save(
        self,
        table: Table,
        state: str | None,
        *,
        expected: int | None,
        log_entry: str | None = None,
        timers: Timers | None = None,
        undo: Undo | None = None,
    ) -> bool:
        """Write ``table`` (at its new ``version``) if the stored version is
        ``expected``, with its log entry, ``timers`` and the change of its
        take-back positions, in one round trip; an active table's chat index is
        kept alive beside it.

        ``expected=None`` creates the table and fails if it exists. Returns
        False when another writer got there first. A reply lost to a dropped
        connection is re-checked, so a retried write is never reported as lost.
        """
        table.write_id = secrets.token_hex(6)
        meta = serial.dumps(table)
        ttl = self.active_ttl if table.active else self.finished_ttl
        keys = [
            self.table_key(table.id),
            self._log_key(table.id),
            self._refs_key(table.id),
            self.due_key(shard_of(table.id)),
            self._undo_key(table.id),
        ]
        args = [
            "" if expected is None else str(expected),
            str(table.version),
            meta,
            state or "",
            str(ttl),
            log_entry or "",
            undo.op if undo is not None else "",
            undo.snapshot if undo is not None else "",
            str(UNDO_DEPTH),
            *_timer_args(table.id, timers),
        ]
        # EVAL rather than EVALSHA: a pipeline cannot load a missing script
        # on a cluster, and Redis caches the compiled script by its digest.
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.eval(_CAS, len(keys), *keys, *args)
            if table.active:
                pipe.expire(self._chat_key(table.chat), self.active_ttl)
            replies = await pipe.execute()
        if replies[0] == 1:
            return True
        stored = await self.redis.hget(self.table_key(table.id), "meta")
        return stored == meta

    async def version(self, table_id: str) -> int | None:
        """The table's record version, or ``None`` if there is no such table."""
        value = cast(str | None, await self.redis.hget(self.table_key(table_id), "v"))
        return None if value is None else int(value)

    async def action_log(self, table_id: str) -> list[str]:
        """Every action applied at a table, oldest first."""
        entries = cast(list[str], await self.redis.lrange(self._log_key(table_id), 0, -1))
        return entries

    async def ttl(self, table_id: str) -> int:
        """Seconds until an untouched table is forgotten."""
        seconds: int = await self.redis.ttl(self.table_key(table_id))
        return seconds

    # -- frontend references --------------------------------------------------

    async def set_ref(self, table_id: str, name: str, value: str) -> None:
        """Remember a frontend's message reference for a table, for as long as
        the table is kept (a day, for a reference to a table already gone)."""
        await self.set_refs(table_id, {name: value})

    async def set_refs(self, table_id: str, refs: dict[str, str]) -> None:
        """Remember several references at once (see :meth:`set_ref`)."""
        keys = [self._refs_key(table_id), self.table_key(table_id)]
        pairs = [item for pair in refs.items() for item in pair]
        await self._set_refs(keys=keys, args=[str(self.finished_ttl), *pairs])

    async def get_ref(self, table_id: str, name: str) -> str | None:
        """A remembered frontend message reference."""
        value = cast(str | None, await self.redis.hget(self._refs_key(table_id), name))
        return value

    async def get_refs(self, table_id: str, names: list[str]) -> list[str | None]:
        """Several remembered references at once, in the order of ``names``."""
        values = cast(list[str | None], await self.redis.hmget(self._refs_key(table_id), names))
        return values

    async def del_refs(self, table_id: str, *names: str) -> None:
        """Forget frontend message references."""
        await self.redis.hdel(self._refs_key(table_id), *names)

    # -- indexes ------------------------------------------------------------

    async def claim_chat(self, chat: str, table_id: str) -> bool:
        """Make ``table_id`` the chat's active table unless it has one."""
        ok = await self.redis.set(self._chat_key(chat), table_id, nx=True, ex=self.active_ttl)
        return bool(ok)

    async def chat_table(self, chat: str) -> str | None:
        """The id of the chat's active table, if the index has one."""
        value = cast(str | None, await self.redis.get(self._chat_key(chat)))
        return value

    async def release_chat(self, chat: str, table_id: str) -> None:
        """Free the chat, but only if ``table_id`` still holds it."""
        await self._release(keys=[self._chat_key(chat)], args=[table_id])

    async def add_player_table(self, player: str, table_id: str) -> None:
        """Index a seated player's table."""
        key = self._user_key(player)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.sadd(key, table_id)
            pipe.expire(key, self.active_ttl)
            await pipe.execute()

    async def remove_player_table(self, player: str, table_id: str) -> None:
        """Drop a table from a player's index."""
        await self.redis.srem(self._user_key(player), table_id)

    async def player_tables(self, player: str) -> list[str]:
        """Ids of the tables a player sits at (some may have expired)."""
        members = cast(set[str], await self.redis.smembers(self._user_key(player)))
        return sorted(members)

    # -- timers -------------------------------------------------------------

    async def set_timers(self, table_id: str, version: int, timers: Timers) -> bool:
        """Move a table's timers, worked out from its record at ``version``;
        False (and nothing moved) when the record has changed since."""
        keys = [self.table_key(table_id), self.due_key(shard_of(table_id))]
        args = [str(version), *_timer_args(table_id, timers)]
        return bool(await self._timers_if_current(keys=keys, args=args))

    async def claim_due(self, now: float, *, lease: float = 30.0, limit: int = 8) -> Claimed:
        """Lease up to ``limit`` timers per shard due by ``now``, each to exactly
        one caller, asking every shard in one pipeline. A modest batch (256 in
        all) leaves the rest of a burst to other workers' next claims."""
        # The jitter keeps a lease from coinciding with a real fire time, which
        # would make done_due() mistake a rescheduled timer for its own lease.
        until = now + lease + secrets.randbelow(10**6) / 10**9
        async with self.redis.pipeline(transaction=False) as pipe:
            for shard in range(SHARDS):
                pipe.eval(_CLAIM_SHARD, 1, self.due_key(shard), repr(now), repr(until), str(limit))
            replies = await pipe.execute()
        due: list[Due] = []
        soonest: list[float] = []
        for first, *members in replies:
            if first != "":
                soonest.append(float(first))
            for member, at in zip(members[::2], members[1::2], strict=True):
                table_id, _, kind = str(member).partition("|")
                due.append(Due(table_id, kind, until, float(at)))
        return Claimed(due, min(soonest, default=None))

    async def done_due(self, handled: list[Due]) -> None:
        """Drop handled timers, except those rescheduled meanwhile."""
        if not handled:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for due in handled:
                key = self.due_key(shard_of(due.table_id))
                pipe.eval(DONE_DUE, 1, key, f"{due.table_id}|{due.kind}", repr(due.lease))
            await pipe.execute()

    async def due_at(self, table_id: str, kind: str) -> float | None:
        """When a timer fires, if scheduled."""
        key = self.due_key(shard_of(table_id))
        score: float | None = await self.redis.zscore(key, f"{table_id}|{kind}")
        return score


def _timer_args(table_id: str, timers: Timers | None) -> list[str]:
    if not timers:
        return [table_id]
    return [table_id, *(a for k, w in timers.items() for a in (k, "" if w is None else repr(w)))]
