"""One rate budget for every worker of a bot, kept in Redis.

A platform limits the bot, not each of its processes: Telegram asks for about
one message a second in a chat, twenty a minute in a group and thirty a second
overall. Each worker pacing itself would let N workers send N times that, so
the budget lives in Redis and one script checks and spends the chat's spacing
(a group's twenty a minute as one call every three seconds) and the global
window at once: a send is either allowed by both or recorded by neither.

Times are wall-clock seconds (``time.time``) because they are compared across
processes; workers on different machines need synchronised clocks (NTP).
Every key lives under one hash tag, so the script touches one Redis Cluster
slot; the traffic is bounded by the platform's own limits.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from redis.commands.core import AsyncScript

from bot.core.redis_client import RedisClient

# KEYS: the next free time of a chat, then one sorted set per moving window.
# ARGV: now, the chat's interval, a unique member, then per window its limit
# (0: the window does not apply) and span in seconds.
# Returns 0 when the call may go now (and it is counted everywhere), else the
# seconds to wait; a refused call is counted nowhere.
_RESERVE = """
local now = tonumber(ARGV[1])
local wait = 0
local free = tonumber(redis.call('GET', KEYS[1]) or '0')
if free > now then wait = free - now end
for i = 2, #KEYS do
  local limit, span = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  if limit > 0 then
    redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - span)
    if redis.call('ZCARD', KEYS[i]) >= limit then
      local oldest = tonumber(redis.call('ZRANGE', KEYS[i], 0, 0, 'WITHSCORES')[2])
      wait = math.max(wait, oldest + span - now)
    end
  end
end
if wait > 0 then return tostring(wait) end
local interval = tonumber(ARGV[2])
if interval > 0 then
  redis.call('SET', KEYS[1], tostring(now + interval), 'PX', math.ceil(interval * 1000) + 1)
end
for i = 2, #KEYS do
  local span = tonumber(ARGV[2 * i + 1])
  if tonumber(ARGV[2 * i]) > 0 then
    redis.call('ZADD', KEYS[i], now, ARGV[3])
    redis.call('EXPIRE', KEYS[i], math.ceil(span) + 1)
  end
end
return '0'
"""

# The same for several calls at once, each to its own chat, in order.
# KEYS: the global window, then each call's chat's next free time.
# ARGV: now, the global limit (0: none) and span, a unique prefix, then each
# call's chat interval. Returns each call's wait, as _RESERVE does.
_RESERVE_MANY = """
local now = tonumber(ARGV[1])
local limit, span = tonumber(ARGV[2]), tonumber(ARGV[3])
if limit > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - span) end
local out = {}
for i = 2, #KEYS do
  local wait = 0
  local free = tonumber(redis.call('GET', KEYS[i]) or '0')
  if free > now then wait = free - now end
  if limit > 0 and redis.call('ZCARD', KEYS[1]) >= limit then
    local oldest = tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2])
    wait = math.max(wait, oldest + span - now)
  end
  if wait > 0 then
    out[#out + 1] = tostring(wait)
  else
    local interval = tonumber(ARGV[3 + i])
    if interval > 0 then
      redis.call('SET', KEYS[i], tostring(now + interval), 'PX', math.ceil(interval * 1000) + 1)
    end
    if limit > 0 then
      redis.call('ZADD', KEYS[1], now, ARGV[4] .. i)
      redis.call('EXPIRE', KEYS[1], math.ceil(span) + 1)
    end
    out[#out + 1] = '0'
  end
end
return out
"""

# KEYS: the chat's next free time. ARGV: the time before which nothing goes, and now.
_PAUSE = """
local free = tonumber(redis.call('GET', KEYS[1]) or '0')
local until_ = tonumber(ARGV[1])
if until_ > free then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', math.ceil((until_ - tonumber(ARGV[2])) * 1000) + 1)
end
"""


@dataclass(frozen=True)
class Limits:
    """How fast the bot may talk (Telegram's figures by default:
    https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this)."""

    chat_interval: float = 1.0
    group_per_minute: int = 20
    global_per_second: int = 30


def reserve_args(now: float, interval: float, windows: list[int]) -> list[str]:
    """The reserving script's ARGV."""
    return [repr(now), repr(interval), secrets.token_hex(6), *map(str, windows)]


async def reserve(
    script: AsyncScript, keys: list[str], now: float, interval: float, windows: list[int]
) -> float:
    """Run the reserving script: 0 when spent, else the seconds to wait."""
    wait = await script(keys=keys, args=reserve_args(now, interval, windows))
    return float(wait)


class RateBudget:
    """The shared budget: ask :meth:`reserve` before each call to a chat."""

    def __init__(
        self,
        redis: RedisClient,
        limits: Limits,
        *,
        prefix: str,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.redis = redis
        self.limits = limits
        self.clock = clock
        self._keys = f"{prefix}{{rate}}"
        self._reserve = redis.register_script(_RESERVE_MANY)
        self._pause = redis.register_script(_PAUSE)

    def _chat_key(self, chat: str) -> str:
        return f"{self._keys}:chat:{chat}"

    async def reserve(self, chat: str, *, group: bool) -> float:
        """Spend one call to ``chat`` now and return 0, or return how many
        seconds to wait before asking again (nothing is spent then)."""
        (wait,) = await self.reserve_many([(chat, group)])
        return wait

    async def reserve_many(self, calls: Sequence[tuple[str, bool]]) -> list[float]:
        """:meth:`reserve` for several calls at once (``(chat, group)`` each, in
        order), in one round trip; each wait is 0 when that call was spent."""
        if not calls:
            return []
        limits = self.limits
        keys = [f"{self._keys}:global", *(self._chat_key(chat) for chat, _ in calls)]
        args = [
            repr(self.clock()),
            str(limits.global_per_second),
            "1",
            secrets.token_hex(6),
            *(repr(self._interval(group)) for _, group in calls),
        ]
        waits = await self._reserve(keys=keys, args=args)
        return [float(wait) for wait in waits]

    def _interval(self, group: bool) -> float:
        limits = self.limits
        if not group:
            return limits.chat_interval
        # A group's minute is spread out rather than spent in a burst: a fast
        # game's table is edited every 3 s instead of twenty times in twenty
        # seconds and then not for forty.
        return max(limits.chat_interval, 60 / limits.group_per_minute)

    async def pause(self, chat: str, seconds: float) -> None:
        """The platform said to wait: no worker calls ``chat`` for ``seconds``."""
        now = self.clock()
        await self._pause(keys=[self._chat_key(chat)], args=[repr(now + seconds), repr(now)])

    def _sends_key(self, chat: str) -> str:
        return f"{self._keys}:sends:{chat}"

    async def pause_sends(self, chat: str, seconds: float) -> None:
        """A group's slow mode refused a new message: no worker sends another
        there for ``seconds``; edits go on (slow mode counts messages sent)."""
        now = self.clock()
        await self._pause(keys=[self._sends_key(chat)], args=[repr(now + seconds), repr(now)])

    async def sends_wait(self, chat: str) -> float:
        """Seconds until a new message may be sent to ``chat`` (0: now)."""
        free = cast(str | None, await self.redis.get(self._sends_key(chat)))
        return max(0.0, float(free) - self.clock()) if free is not None else 0.0

    async def extend(self, chat: str, *, group: bool) -> None:
        """A call spent a while ago goes out only now: the chat's next call, by
        any worker, is spaced from now (nobody else called the chat meanwhile,
        since the budget was spent)."""
        await self.pause(chat, self._interval(group))


@dataclass(frozen=True)
class PressLimit:
    """At most ``presses`` button presses from one person per ``seconds``: far
    above what a person playing does, far below an auto-clicker."""

    presses: int = 12
    seconds: int = 5


class PressLimiter:
    """Counts each person's presses over every worker (see :class:`PressLimit`)."""

    def __init__(
        self,
        redis: RedisClient,
        limit: PressLimit,
        *,
        prefix: str,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.limit = limit
        self.clock = clock
        self.prefix = prefix
        self._reserve = redis.register_script(_RESERVE)

    def _keys(self, player: str) -> list[str]:
        return [f"{self.prefix}{{p:{player}}}:free", f"{self.prefix}{{p:{player}}}:presses"]

    async def allow(self, player: str) -> bool:
        """Count a press of ``player``; False (and not counted) when over the limit."""
        windows = [self.limit.presses, self.limit.seconds]
        return not await reserve(self._reserve, self._keys(player), self.clock(), 0.0, windows)

    def count_in(self, pipe: Any, player: str) -> None:
        """Queue :meth:`allow` in a pipeline (the press's other reads ride along);
        :func:`allowed` reads its reply."""
        keys = self._keys(player)
        args = reserve_args(self.clock(), 0.0, [self.limit.presses, self.limit.seconds])
        pipe.eval(_RESERVE, len(keys), *keys, *args)


def allowed(reply: Any) -> bool:
    """Whether a press counted by :meth:`PressLimiter.count_in` is within the limit."""
    return float(reply) == 0
