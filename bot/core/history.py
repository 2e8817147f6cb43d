"""Finished games, kept for :data:`KEEP_SECONDS`: what ``/history`` lists and ``/replay`` draws.

A finished table itself is forgotten after a day; its record here keeps what
replaying it needs (the game, options, seed, seats and every action) and its
result. Key layout (``P`` the store's prefix, ``CHAT`` the table's chat):

- ``P{h:CHAT}:games``   sorted set: table id → when it finished. Trimmed to
  :data:`KEEP_PER_CHAT` and to :data:`KEEP_SECONDS`; expires with its newest game.
- ``P{h:CHAT}:game:ID`` string: the record as JSON. Expires after
  :data:`KEEP_SECONDS`.

Both share the chat's hash tag, so one script adds a game, trims the list and
sets both TTLs (one Redis Cluster slot). The record holds the seed and every
action, from which every hand can be rebuilt: it is never shown as it is, and
a replay draws the hands only when the table chose so (``replay_hands``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, cast

from bot.core.store import Store
from bot.core.tables import Player, Table
from games.core import serial

#: How long a finished game is kept (90 days).
KEEP_SECONDS = 90 * 86400
#: Finished games kept per chat (``/history`` shows the last ten).
KEEP_PER_CHAT = 50

# KEYS: the chat's list, the record. ARGV: the id, when it finished, the
# record, the TTL, how many to keep.
_ADD = """
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
local ttl = tonumber(ARGV[4])
redis.call('SET', KEYS[2], ARGV[3], 'EX', ttl)
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[2]) - ttl)
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -tonumber(ARGV[5]) - 1)
redis.call('EXPIRE', KEYS[1], ttl)
return 1
"""


@dataclass
class Finished:
    """A finished game as kept for its chat."""

    id: str
    chat: str
    game: str
    finished_at: float
    players: list[Player]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] = field(default_factory=dict)
    #: every action, ``seat action-json``, as the table's log had them
    log: list[str] = field(default_factory=list)
    #: The table chose to show every hand in the replay (its ``replay_hands`` option).
    replay_hands: bool = False


@dataclass(frozen=True)
class ReplayButton:
    """What a replay button of ``/history`` names: a finished game of
    the chat it is pressed in. Its data, ``PREFIX:ID:WHEN`` (when the game
    finished, in whole seconds; 31 bytes at most with a one-letter prefix), is
    checked against the chat's records, so a forged press names nothing; WHEN
    tells a game that has expired from one that is not this chat's
    (:meth:`~bot.core.service.records.RecordService.replay_pressed`)."""

    table_id: str
    finished: int

    @classmethod
    def of(cls, entry: Finished) -> ReplayButton:
        """The button of a finished game."""
        return cls(entry.id, int(entry.finished_at))

    @classmethod
    def decode(cls, data: str | None, prefix: str) -> ReplayButton | None:
        """The button of some button data, or ``None`` when it is not one."""
        match = re.fullmatch(
            rf"{re.escape(prefix)}:([A-Za-z0-9_-]{{4,16}}):(\d{{1,12}})", data or ""
        )
        return None if match is None else cls(match[1], int(match[2]))

    def encode(self, prefix: str) -> str:
        """The button data, behind a frontend's ``prefix``."""
        return f"{prefix}:{self.table_id}:{self.finished}"


class History:
    """The finished games of every chat."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.redis = store.redis
        self._add = self.redis.register_script(_ADD)

    def _list_key(self, chat: str) -> str:
        return f"{self.store.prefix}{{h:{chat}}}:games"

    def _record_key(self, chat: str, table_id: str) -> str:
        return f"{self.store.prefix}{{h:{chat}}}:game:{table_id}"

    async def record(self, table: Table, finished_at: float) -> bool:
        """Keep a game that just finished (once: False when it is kept already)."""
        assert table.seed is not None and table.result is not None
        entry = Finished(
            id=table.id,
            chat=table.home,
            game=table.game,
            finished_at=finished_at,
            players=table.players,
            seed=table.seed,
            options=table.options,
            result=table.result,
            log=await self.store.action_log(table.id),
            replay_hands=table.replay_hands == "on",
        )
        keys = [self._list_key(table.home), self._record_key(table.home, table.id)]
        args: list[str | int] = [
            table.id,
            repr(finished_at),
            serial.dumps(entry),
            KEEP_SECONDS,
            KEEP_PER_CHAT,
        ]
        return bool(await self._add(keys=keys, args=args))

    async def recent(self, chat: str, count: int = 10) -> list[Finished]:
        """The chat's last ``count`` finished games, newest first."""
        ids = cast(list[str], await self.redis.zrevrange(self._list_key(chat), 0, count - 1))
        if not ids:
            return []
        texts = cast(
            list[str | None],
            await self.redis.mget([self._record_key(chat, table_id) for table_id in ids]),
        )
        return [serial.loads(Finished, text) for text in texts if text is not None]

    async def get(self, chat: str, table_id: str) -> Finished | None:
        """One finished game of the chat, if it is still kept."""
        text = cast(str | None, await self.redis.get(self._record_key(chat, table_id)))
        return None if text is None else serial.loads(Finished, text)

    async def move_chat(self, old: str, new: str, now: float) -> None:
        """A chat's new id (a group that became a supergroup): its finished games
        move there, each kept as long as it had left. The two chats' keys lie in
        different cluster slots, so a game is copied, then the old keys deleted."""
        listed = cast(
            list[tuple[str, float]],
            await self.redis.zrange(self._list_key(old), 0, -1, withscores=True),
        )
        # Oldest first: the list's expiry ends as the newest game's.
        for table_id, finished_at in listed:
            entry = await self.get(old, table_id)
            left = int(finished_at + KEEP_SECONDS - now)
            if entry is None or left <= 0:
                continue
            entry.chat = new
            keys = [self._list_key(new), self._record_key(new, table_id)]
            args: list[str | int] = [
                table_id,
                repr(finished_at),
                serial.dumps(entry),
                left,
                KEEP_PER_CHAT,
            ]
            await self._add(keys=keys, args=args)
        await self.forget_chat(old)

    def _file_key(self, table_id: str, platform: str) -> str:
        return f"{self.store.prefix}replay-file:{platform}:{table_id}"

    async def file_of(self, table_id: str, platform: str) -> str | None:
        """The platform's id of the uploaded replay of ``table_id``, if any."""
        return cast(str | None, await self.redis.get(self._file_key(table_id, platform)))

    async def remember_file(self, table_id: str, platform: str, file_id: str) -> None:
        """Keep the id of an uploaded replay as long as games are kept (a replay
        is drawn from the game alone, the same in every chat: ``platform``
        names the language its frames speak too)."""
        await self.redis.set(self._file_key(table_id, platform), file_id, ex=KEEP_SECONDS)

    async def forget_chat(self, chat: str) -> None:
        """Delete every finished game of a chat."""
        ids = cast(list[str], await self.redis.zrange(self._list_key(chat), 0, -1))
        keys = [self._record_key(chat, table_id) for table_id in ids]
        await self.redis.delete(self._list_key(chat), *keys)
