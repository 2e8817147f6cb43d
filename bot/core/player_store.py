"""What the store keeps about people rather than tables: statistics, language
choices, frontend flags and decks, and forgetting them (the key layout is in
:mod:`bot.core.store`, whose :class:`~bot.core.store.Store` this is a part of)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import cast

from redis.exceptions import WatchError

from bot.core.redis_client import RedisClient

#: Joins a game and the computer's level in the record of games against it.
VS = ":vs:"


class PlayerStore:
    """Statistics, languages, flags and decks in Redis."""

    redis: RedisClient
    prefix: str

    def _user_key(self, player: str) -> str:
        return f"{self.prefix}user:{player}"

    # -- statistics and languages ---------------------------------------------

    async def add_result(
        self, game: str, played: list[str], won: list[str], against: str | None = None
    ) -> None:
        """Count one finished game for each player, and a win for each winner; a
        game against the computer (``against``: its level) counts apart."""
        record = game if against is None else f"{game}{VS}{against}"
        async with self.redis.pipeline(transaction=False) as pipe:
            for player in played:
                pipe.hincrby(f"{self.prefix}stats:{player}", f"{record}:played", 1)
            for player in won:
                pipe.hincrby(f"{self.prefix}stats:{player}", f"{record}:won", 1)
            await pipe.execute()

    async def add_use(self, player: str, game: str, what: str) -> None:
        """Count a comfort the player used in ``game``: ``hints`` asked for,
        ``takebacks`` (moves taken back)."""
        await self.redis.hincrby(f"{self.prefix}stats:{player}", f"{game}:{what}", 1)

    async def stats(self, player: str) -> dict[str, dict[str, int]]:
        """``{record: {"played": n, "won": m}}`` for a player; a record is a game
        (people only) or ``game:vs:level`` (against the computer at that level)."""
        raw = cast(dict[str, str], await self.redis.hgetall(f"{self.prefix}stats:{player}"))
        out: dict[str, dict[str, int]] = {}
        for field_name, value in raw.items():
            game, _, what = field_name.rpartition(":")
            out.setdefault(game, {"played": 0, "won": 0})[what] = int(value)
        return out

    async def get_lang(self, scope: str) -> str | None:
        """The language chosen for a scope (``chat:…`` or ``user:…``)."""
        value = cast(str | None, await self.redis.get(f"{self.prefix}lang:{scope}"))
        return value

    async def set_lang(self, scope: str, lang: str) -> None:
        """Remember a language choice."""
        await self.redis.set(f"{self.prefix}lang:{scope}", lang)

    # -- frontend flags ------------------------------------------------------

    async def flag(self, name: str, member: str, on: bool = True) -> None:
        """Set or clear ``member`` in the flag set ``name``."""
        key = f"{self.prefix}flag:{name}"
        await (self.redis.sadd(key, member) if on else self.redis.srem(key, member))

    async def flagged(self, name: str, member: str) -> bool:
        """True when ``member`` is in the flag set ``name``."""
        return bool(await self.redis.sismember(f"{self.prefix}flag:{name}", member))

    # -- forgetting ------------------------------------------------------------

    async def forget_player(self, player: str, games: list[str]) -> None:
        """Delete what is kept about a person: statistics, language choices,
        decks in every game, where they are in the tutorials, and the index of
        their tables."""
        keys = [
            f"{self.prefix}stats:{player}",
            f"{self.prefix}learn:{player}",
            f"{self.prefix}lang:user:{player}",
            f"{self.prefix}lang:platform:{player}",
            self._user_key(player),
            *(self._deck_key(kind, game, player) for kind in ("saved", "draft") for game in games),
        ]
        # One key at a time: on a cluster they lie in different slots.
        for key in keys:
            await self.redis.delete(key)

    async def forget_chat_language(self, chat: str) -> None:
        """Delete a chat's language choice."""
        await self.redis.delete(f"{self.prefix}lang:chat:{chat}")

    # -- decks ---------------------------------------------------------------

    def _deck_key(self, kind: str, game: str, player: str) -> str:
        return f"{self.prefix}deck:{kind}:{game}:{player}"

    async def deck(self, kind: str, game: str, player: str) -> list[str] | None:
        """A player's ``saved`` or ``draft`` deck for ``game``; None when there is none."""
        raw = cast(str | None, await self.redis.get(self._deck_key(kind, game, player)))
        return None if raw is None else [str(card) for card in json.loads(raw)]

    async def set_deck(
        self, kind: str, game: str, player: str, cards: list[str] | None, *, ttl: int | None = None
    ) -> None:
        """Store (or with ``None`` delete) a player's deck; ``ttl`` in seconds, None: keep."""
        key = self._deck_key(kind, game, player)
        if cards is None:
            await self.redis.delete(key)
        else:
            await self.redis.set(key, json.dumps(cards), ex=ttl)

    async def update_deck(
        self,
        kind: str,
        game: str,
        player: str,
        change: Callable[[list[str] | None], list[str]],
        *,
        ttl: int | None = None,
    ) -> list[str]:
        """Apply ``change`` to a deck atomically (two presses at once both count)."""
        key = self._deck_key(kind, game, player)
        async with self.redis.pipeline(transaction=True) as pipe:
            while True:
                try:
                    await pipe.watch(key)
                    raw = cast(str | None, await pipe.get(key))
                    cards = change(None if raw is None else [str(c) for c in json.loads(raw)])
                    pipe.multi()  # type: ignore[no-untyped-call]  # untyped in redis-py
                    pipe.set(key, json.dumps(cards), ex=ttl)
                    await pipe.execute()
                    return cards
                except WatchError:
                    continue
