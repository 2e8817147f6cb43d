"""Ratings per game and player, with openskill's Plackett–Luce model (made for
games of two or more players, ties included).

Only games between people count: a game with a computer seat is left out
(its result counts apart in ``/stats``, against the computer's level), and so
are a stopped game and one where a move was taken back. A player's rating
is ``mu`` with its uncertainty ``sigma``; leaderboards rank by
``mu - 3 sigma``, which rises as a player both wins and plays enough for the
rating to be trusted.

Key layout (``P`` the store's prefix; every key of a game shares its hash tag,
so one script applies a game's update):

- ``P{r:GAME}:ratings``    hash: player → ``mu sigma games``. Kept.
- ``P{r:GAME}:names``      hash: player → the name last played under. Kept.
- ``P{r:GAME}:chat:CHAT``  sorted set: player → ``mu - 3 sigma``, the chat's
  leaderboard. Kept.
- ``P{r:GAME}:rated:ID``   string: table ``ID`` was rated (so it never is
  twice). Expires after 90 days.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from openskill.models import PlackettLuce

from bot.core.computers import is_computer
from bot.core.store import Store
from bot.core.tables import Table

#: How long a table is remembered as rated.
RATED_SECONDS = 90 * 86400

# KEYS: ratings, names, the chat's board, the table's mark. ARGV: the TTL of
# the mark, then per player: key, the rating read before (or ''), the new
# rating, the leaderboard score, the name. Nothing is written if the game was
# rated already (0) or a rating changed since it was read (-1: read again).
_APPLY = """
if redis.call('EXISTS', KEYS[4]) == 1 then return 0 end
for i = 2, #ARGV, 5 do
  local now = redis.call('HGET', KEYS[1], ARGV[i]) or ''
  if now ~= ARGV[i + 1] then return -1 end
end
for i = 2, #ARGV, 5 do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 2])
  redis.call('ZADD', KEYS[3], ARGV[i + 3], ARGV[i])
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 4])
end
redis.call('SET', KEYS[4], '1', 'EX', tonumber(ARGV[1]))
return 1
"""

#: Attempts at an update that keeps meeting another game's update of the same players.
ATTEMPTS = 5


@dataclass(frozen=True)
class Rating:
    """A player's rating in one game."""

    mu: float
    sigma: float
    games: int

    @property
    def score(self) -> float:
        """What leaderboards rank by: a cautious estimate of skill."""
        return self.mu - 3 * self.sigma

    def text(self) -> str:
        return f"{self.mu!r} {self.sigma!r} {self.games}"

    @classmethod
    def parse(cls, text: str) -> Rating:
        mu, sigma, games = text.split()
        return cls(float(mu), float(sigma), int(games))


@dataclass(frozen=True)
class Standing:
    """A line of a chat's leaderboard."""

    player: str
    name: str
    rating: Rating


def ranks(result: dict[str, Any], seats: int) -> list[float]:
    """Places for openskill (1 best, ties share): the winners first, then by score."""
    winners = {int(s) for s in result.get("winners", [])}
    scores = result.get("scores") or [0] * seats
    order = sorted(
        {(s in winners, scores[s]) for s in range(seats)}, key=lambda key: key, reverse=True
    )
    return [float(order.index((s in winners, scores[s])) + 1) for s in range(seats)]


class Ratings:
    """Every game's ratings and the chats' leaderboards."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.redis = store.redis
        self.model = PlackettLuce()
        self._apply = self.redis.register_script(_APPLY)

    def _key(self, game: str, what: str) -> str:
        return f"{self.store.prefix}{{r:{game}}}:{what}"

    @staticmethod
    def counts(table: Table) -> bool:
        """Whether a finished table is rated: people only, two or more, and no
        move taken back (only a game alone against computers allows that, so
        this holds anyway; it is said here so that it always will)."""
        return (
            table.result is not None
            and len(table.players) >= 2
            and not any(is_computer(p.key) for p in table.players)
            and not table.takebacks
        )

    async def rate(self, table: Table) -> bool:
        """Update the players' ratings from a finished table, once per table."""
        if not self.counts(table):
            return False
        assert table.result is not None
        players = [p.key for p in table.players]
        places = ranks(table.result, len(players))
        keys = [
            self._key(table.game, "ratings"),
            self._key(table.game, "names"),
            self._key(table.game, f"chat:{table.home}"),
            self._key(table.game, f"rated:{table.id}"),
        ]
        for _ in range(ATTEMPTS):
            before = cast(list[str | None], await self.redis.hmget(keys[0], players))
            old = [
                self.model.rating() if text is None else self._model_rating(text) for text in before
            ]
            new = self.model.rate([[r] for r in old], ranks=places)
            args: list[Any] = [RATED_SECONDS]
            for player, seen, team, seat in zip(players, before, new, table.players, strict=True):
                games = 0 if seen is None else Rating.parse(seen).games
                rating = Rating(team[0].mu, team[0].sigma, games + 1)
                args += [player, seen or "", rating.text(), repr(rating.score), seat.name]
            done = int(await self._apply(keys=keys, args=args))
            if done >= 0:
                return done == 1
        return False

    def _model_rating(self, text: str) -> Any:
        rating = Rating.parse(text)
        return self.model.rating(mu=rating.mu, sigma=rating.sigma)

    async def of(self, game: str, player: str) -> Rating | None:
        """A player's rating in ``game``, if they have played it rated."""
        text = cast(str | None, await self.redis.hget(self._key(game, "ratings"), player))
        return None if text is None else Rating.parse(text)

    async def board(self, game: str, chat: str, count: int = 10) -> list[Standing]:
        """The chat's leaderboard in ``game``: its best ``count`` players."""
        players = cast(
            list[str], await self.redis.zrevrange(self._key(game, f"chat:{chat}"), 0, count - 1)
        )
        if not players:
            return []
        texts = cast(list[str | None], await self.redis.hmget(self._key(game, "ratings"), players))
        names = cast(list[str | None], await self.redis.hmget(self._key(game, "names"), players))
        return [
            Standing(player, name or player, Rating.parse(text))
            for player, text, name in zip(players, texts, names, strict=True)
            if text is not None
        ]

    async def forget_player(self, games: Sequence[str], player: str) -> None:
        """Delete a player's ratings, names and leaderboard places in every chat."""
        for game in games:
            await self.redis.hdel(self._key(game, "ratings"), player)
            await self.redis.hdel(self._key(game, "names"), player)
            async for board in self.redis.scan_iter(match=self._key(game, "chat:*"), count=500):
                await self.redis.zrem(board, player)

    async def move_chat(self, games: Sequence[str], old: str, new: str) -> None:
        """A chat's new id: its leaderboards join the new chat's (both keys of a
        game share its hash tag, so one command merges them on a cluster too)."""
        for game in games:
            board, moved = self._key(game, f"chat:{old}"), self._key(game, f"chat:{new}")
            if await self.redis.exists(board):
                await self.redis.zunionstore(moved, [moved, board], aggregate="MAX")
                await self.redis.delete(board)

    async def forget_chat(self, games: Sequence[str], chat: str) -> None:
        """Delete a chat's leaderboards (the players keep their ratings)."""
        await self.redis.delete(*(self._key(game, f"chat:{chat}") for game in games))
