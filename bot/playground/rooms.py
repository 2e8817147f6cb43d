"""Rooms: the playground's group chats and their local players, kept in Redis.

A room plays the part of a group chat: its tables live in the core under the
chat key ``pg:<room id>``, one at a time, like any chat's. Its players are
people at this computer (hot-seat) or in other tabs; each has a player key
``pg:<n>`` (so statistics, languages and seats work as for any platform user)
and a secret that opens their private panel and nothing else: a panel's URL
holds only that secret, not the room's id, so it leads to no other panel.

The room's id is a secret too (128 bits): its page acts for every player.

Keys (``P`` is the store's prefix); they expire like an idle table, the
store's ``active_ttl`` after the room's last change:

- ``Ppg:room:ID``      string: the room as JSON
- ``Ppg:panel:SECRET`` string: ``ID:N``, the room and position of the player with SECRET
- ``Ppg:rooms``        sorted set: room id → last activity (the home page's list on
  loopback); members older than the TTL are trimmed, and the key expires with
  the last active room
- ``Ppg:log:ID``       list: the room's public log, JSON entries (see
  :mod:`bot.playground.wording`); emptied when the room opens a new table
- ``Ppg:log:ID:KEY``   list: the private messages of player KEY in room ID, likewise
- ``Ppg:pics:ID``      hash: the pictures of the public log's counted rounds, name →
  PNG (base64: the client decodes every reply as text), likewise
- ``Ppg:pics:ID:order`` list: their names, oldest first; the newest :data:`PICTURES` are kept

The core keeps some keys of a chat and a player for good (a language, the
statistics, a chat's leaderboards): a chat platform's people come back. A
room's chat and players are gone with the room, so those keys are given the
room's TTL at every change of the room (:meth:`RoomStore.touch`).

One key is kept: ``Ppg:players``, the counter of local player numbers. A
player's rating stays a field of the game's table of ratings (a key shared
with every platform's players, which cannot expire one field), so a number
must never be handed out twice.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import re
import secrets
import time
from dataclasses import asdict, dataclass, field
from typing import TypedDict, cast

from bot.core.names import printable
from bot.core.store import Store
from bot.playground.wording import Value
from games import registry

#: The most local players a room holds (the largest game seats eight).
MAX_PLAYERS = 8
MAX_NAME = 32
#: Log entries kept per room and per player.
LOG_LENGTH = 200
#: Pictures of counted rounds kept per room (25–75 KB each): a long game's
#: older ones go, and their log entries with them.
PICTURES = 12
PICTURE_NAME = re.compile(r"[0-9a-f]{24}")
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{8,24}")
SECRET = re.compile(r"[A-Za-z0-9_-]{16,32}")
CHAT_PREFIX = "pg:"


class RoomError(ValueError):
    """A request about a room that cannot be met; ``code`` is ``pg-error-CODE``."""

    def __init__(self, code: str, **params: int) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass
class LocalPlayer:
    """A person playing in the browser."""

    key: str
    name: str
    secret: str


@dataclass
class Room:
    """A playground chat: its game, its local players and its current table."""

    id: str
    game: str
    players: list[LocalPlayer] = field(default_factory=list)
    table_id: str | None = None

    @property
    def chat(self) -> str:
        """The core's chat key of this room."""
        return CHAT_PREFIX + self.id

    def index_of(self, player_key: str) -> int | None:
        """The position of the local player with ``player_key``, if any."""
        return next((i for i, p in enumerate(self.players) if p.key == player_key), None)


class LoggedPicture(TypedDict):
    """A picture in the public log: its name in the room's pictures and its size."""

    name: str
    width: int
    height: int


@dataclass(frozen=True)
class LogEntry:
    """One line of a log, to be worded when shown, and when it was written
    (seconds since the epoch); with a ``picture``, the line says what it shows."""

    at: float
    text: Value
    picture: LoggedPicture | None = None


def room_of_chat(chat: str) -> str | None:
    """The room id of a playground chat key, ``None`` for other platforms' chats."""
    if not chat.startswith(CHAT_PREFIX):
        return None
    room_id = chat[len(CHAT_PREFIX) :]
    return room_id if ROOM_ID.fullmatch(room_id) else None


def clean_name(name: object) -> str:
    """A player's name as typed, trimmed; refused when empty or too long."""
    text = printable(name) if isinstance(name, str) else ""
    if not text or len(text) > MAX_NAME:
        raise RoomError("name")
    return text


class RoomStore:
    """Rooms and their logs in the core's Redis, under the core's key prefix."""

    def __init__(self, store: Store) -> None:
        self.redis = store.redis
        self.prefix = store.prefix
        self.ttl = store.active_ttl
        # One writer at a time for read-modify-write of a room record; the
        # playground is one process, so a lock in memory is enough.
        self._lock = asyncio.Lock()

    def _room_key(self, room_id: str) -> str:
        return f"{self.prefix}pg:room:{room_id}"

    def _panel_key(self, secret: str) -> str:
        return f"{self.prefix}pg:panel:{secret}"

    def _index_key(self) -> str:
        return f"{self.prefix}pg:rooms"

    def _log_key(self, room_id: str, player_key: str | None) -> str:
        own = f":{player_key}" if player_key is not None else ""
        return f"{self.prefix}pg:log:{room_id}{own}"

    def _pictures_keys(self, room_id: str) -> tuple[str, str]:
        """The room's pictures by name, and their names oldest first."""
        pictures = f"{self.prefix}pg:pics:{room_id}"
        return pictures, f"{pictures}:order"

    def _log_keys(self, room: Room) -> list[str]:
        """The room's public log (and its pictures) and its players' messages."""
        logs = [self._log_key(room.id, key) for key in (None, *(p.key for p in room.players))]
        return [*logs, *self._pictures_keys(room.id)]

    def _core_keys(self, room: Room) -> list[str]:
        """The core's keys of the room's chat and players that it would keep for
        good (the store's and the ratings' layout: ``Plang:…``, ``Pstats:…``,
        ``P{r:GAME}:chat:…``)."""
        keys = [f"{self.prefix}lang:chat:{room.chat}"]
        keys += [f"{self.prefix}{{r:{game}}}:chat:{room.chat}" for game in registry.names()]
        for player in room.players:
            keys += [f"{self.prefix}lang:user:{player.key}", f"{self.prefix}stats:{player.key}"]
        return keys

    async def create(self, game: str, names: list[str]) -> Room:
        """A new room for ``game`` with a local player per name."""
        if len(names) > MAX_PLAYERS:
            raise RoomError("too-many", max=MAX_PLAYERS)
        room = Room(secrets.token_urlsafe(16), game)
        for name in names:
            room.players.append(await self._new_player(name))
        await self._save(room)
        return room

    async def get(self, room_id: str) -> Room | None:
        """The room, or ``None`` when there is none (a wrong or expired id)."""
        if not ROOM_ID.fullmatch(room_id):
            return None
        raw = cast(str | None, await self.redis.get(self._room_key(room_id)))
        if raw is None:
            return None
        data = json.loads(raw)
        players = [LocalPlayer(**p) for p in data.pop("players")]
        return Room(**data, players=players)

    async def panel(self, secret: str) -> tuple[Room, int] | None:
        """The room and player position a panel secret belongs to."""
        if not SECRET.fullmatch(secret):
            return None
        where = cast(str | None, await self.redis.get(self._panel_key(secret)))
        if where is None:
            return None
        room_id, _, index = where.rpartition(":")
        room = await self.get(room_id)
        if room is None or not index.isdigit() or int(index) >= len(room.players):
            return None
        # The index names the player; the secret must still be theirs.
        if not secrets.compare_digest(room.players[int(index)].secret, secret):
            return None
        return room, int(index)

    async def add_player(self, room_id: str, name: str) -> tuple[Room, LocalPlayer]:
        """Add a local player to the room."""
        async with self._lock:
            room = await self.get(room_id)
            if room is None:
                raise RoomError("no-room")
            if len(room.players) >= MAX_PLAYERS:
                raise RoomError("too-many", max=MAX_PLAYERS)
            player = await self._new_player(name)
            room.players.append(player)
            await self._save(room)
            return room, player

    async def set_table(
        self, room_id: str, table_id: str, *, game: str | None = None
    ) -> Room | None:
        """Remember the room's current table (and its game, when it changes); a new
        table starts with empty logs."""
        async with self._lock:
            room = await self.get(room_id)
            if room is None or (room.table_id, room.game) == (table_id, game or room.game):
                return room
            if room.table_id != table_id:
                async with self.redis.pipeline(transaction=False) as pipe:
                    # One key a command: on a cluster they lie in different slots.
                    for key in self._log_keys(room):
                        pipe.delete(key)
                    await pipe.execute()
            room.table_id = table_id
            room.game = game or room.game
            await self._save(room)
            return room

    async def touch(self, room_id: str) -> None:
        """Keep an active room (its players' panels, logs, languages, statistics)
        from expiring."""
        async with self._lock:
            room = await self.get(room_id)
            if room is not None:
                await self._save(room)

    async def recent(self, limit: int = 12) -> list[Room]:
        """The most recently active rooms that still exist, newest first."""
        index = self._index_key()
        out: list[Room] = []
        ids = cast(list[str], await self.redis.zrevrange(index, 0, limit * 2))
        for room_id in ids:
            room = await self.get(room_id)
            if room is None:
                await self.redis.zrem(index, room_id)
            elif len(out) < limit:
                out.append(room)
        return out

    async def log(
        self,
        room_id: str,
        text: Value,
        player_key: str | None = None,
        picture: LoggedPicture | None = None,
    ) -> None:
        """Append a line to the room's public log, or to one player's messages;
        with a ``picture`` (kept by :meth:`keep_picture`), the line says what it shows."""
        key = self._log_key(room_id, player_key)
        entry: dict[str, object] = {"at": time.time(), "text": text}
        if picture is not None:
            entry["picture"] = picture
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.rpush(key, json.dumps(entry, ensure_ascii=False))
            pipe.ltrim(key, -LOG_LENGTH, -1)
            pipe.expire(key, self.ttl)
            await pipe.execute()

    async def logs(self, room_id: str, player_key: str | None = None) -> list[LogEntry]:
        """The log, oldest first."""
        raw = cast(list[str], await self.redis.lrange(self._log_key(room_id, player_key), 0, -1))
        return [LogEntry(**json.loads(item)) for item in raw]

    async def keep_picture(self, room_id: str, image: bytes, key: str) -> str:
        """Keep a picture for the room's public log; its name (the same for the
        same ``key``). Only the newest :data:`PICTURES` are kept."""
        name = hashlib.sha1(key.encode(), usedforsecurity=False).hexdigest()[:24]
        pictures, order = self._pictures_keys(room_id)
        # The names and the pictures are two keys (in different slots on a
        # cluster): one writer at a time keeps them in step.
        async with self._lock:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.hset(pictures, name, base64.b64encode(image).decode())
                pipe.lrem(order, 0, name)
                pipe.rpush(order, name)
                pipe.lrange(order, 0, -PICTURES - 1)
                pipe.ltrim(order, -PICTURES, -1)
                pipe.expire(pictures, self.ttl)
                pipe.expire(order, self.ttl)
                dropped = cast(list[str], (await pipe.execute())[3])
            if dropped:
                await self.redis.hdel(pictures, *dropped)
        return name

    async def picture(self, room_id: str, name: str) -> bytes | None:
        """The room's picture ``name``; ``None`` when the room keeps no such picture."""
        if not PICTURE_NAME.fullmatch(name):
            return None
        data = cast(str | None, await self.redis.hget(self._pictures_keys(room_id)[0], name))
        return None if data is None else base64.b64decode(data)

    async def picture_names(self, room_id: str) -> set[str]:
        """The names of the pictures the room keeps."""
        order = self._pictures_keys(room_id)[1]
        return set(cast(list[str], await self.redis.lrange(order, 0, -1)))

    async def _new_player(self, name: str) -> LocalPlayer:
        number = await self.redis.incr(f"{self.prefix}pg:players")
        return LocalPlayer(f"pg:{number}", clean_name(name), secrets.token_urlsafe(16))

    async def _save(self, room: Room) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(
                self._room_key(room.id), json.dumps(asdict(room), ensure_ascii=False), ex=self.ttl
            )
            for index, player in enumerate(room.players):
                pipe.set(self._panel_key(player.secret), f"{room.id}:{index}", ex=self.ttl)
            for key in (*self._log_keys(room), *self._core_keys(room)):
                pipe.expire(key, self.ttl)
            now = time.time()
            rooms = self._index_key()
            pipe.zadd(rooms, {room.id: now})
            pipe.zremrangebyscore(rooms, "-inf", now - self.ttl)
            pipe.expire(rooms, self.ttl)
            await pipe.execute()
