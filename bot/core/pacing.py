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
from collections.abc import Callable
from dataclasses import dataclass

from redis.asyncio import Redis
from redis.commands.core import AsyncScript

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


async def reserve(
    script: AsyncScript, keys: list[str], now: float, interval: float, windows: list[int]
) -> float:
    """Run the reserving script: 0 when spent, else the seconds to wait."""
    args = [repr(now), repr(interval), secrets.token_hex(6), *map(str, windows)]
    wait = await script(keys=keys, args=args)
    return float(wait)


class RateBudget:
    """The shared budget: ask :meth:`reserve` before each call to a chat."""

    def __init__(
        self,
        redis: Redis,
        limits: Limits,
        *,
        prefix: str,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.redis = redis
        self.limits = limits
        self.clock = clock
        self._keys = f"{prefix}{{rate}}"
        self._reserve = redis.register_script(_RESERVE)
        self._pause = redis.register_script(_PAUSE)

    def _chat_key(self, chat: str) -> str:
        return f"{self._keys}:chat:{chat}"

    async def reserve(self, chat: str, *, group: bool) -> float:
        """Spend one call to ``chat`` now and return 0, or return how many
        seconds to wait before asking again (nothing is spent then)."""
        limits = self.limits
        interval = limits.chat_interval
        if group:
            # A group's minute is spread out rather than spent in a burst: a
            # fast game's table is edited every 3 s instead of twenty times in
            # twenty seconds and then not for forty.
            interval = max(interval, 60 / limits.group_per_minute)
        keys = [self._chat_key(chat), f"{self._keys}:global"]
        windows = [limits.global_per_second, 1]
        return await reserve(self._reserve, keys, self.clock(), interval, windows)

    async def pause(self, chat: str, seconds: float) -> None:
        """The platform said to wait: no worker calls ``chat`` for ``seconds``."""
        now = self.clock()
        await self._pause(keys=[self._chat_key(chat)], args=[repr(now + seconds), repr(now)])


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
        redis: Redis,
        limit: PressLimit,
        *,
        prefix: str,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.limit = limit
        self.clock = clock
        self.prefix = prefix
        self._reserve = redis.register_script(_RESERVE)

    async def allow(self, player: str) -> bool:
        """Count a press of ``player``; False (and not counted) when over the limit."""
        keys = [f"{self.prefix}{{p:{player}}}:free", f"{self.prefix}{{p:{player}}}:presses"]
        windows = [self.limit.presses, self.limit.seconds]
        return not await reserve(self._reserve, keys, self.clock(), 0.0, windows)
