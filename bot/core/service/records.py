"""What is kept after the games: finished games per chat, ratings, and
forgetting it all on request."""

from __future__ import annotations

import math

from bot.core.errors import guarded
from bot.core.history import KEEP_SECONDS, Finished, ReplayButton
from bot.core.ratings import Rating, Standing
from bot.core.service.deadlines import DeadlineService
from games import registry

#: At most one replay is posted in a chat this often: a GIF is large, every
#: member sees it, and a press costs the presser nothing.
REPLAY_SPACING = 60
# KEYS: the chat's replay turn. ARGV: now, the spacing. The seconds to wait
# (as text), or '0' when the turn is taken: the time it ends is the key's
# value, by the service's clock, and the key expires with it.
_REPLAY_TURN = """
local ends = tonumber(redis.call('GET', KEYS[1]) or '0')
local now = tonumber(ARGV[1])
if ends > now then return tostring(ends - now) end
redis.call('SET', KEYS[1], tostring(now + tonumber(ARGV[2])), 'EX', tonumber(ARGV[2]))
return '0'
"""


class RecordService(DeadlineService):
    """Finished games, ratings and ``/forget``."""

    @guarded
    async def finished_games(self, chat: str, count: int = 10) -> list[Finished]:
        """The chat's last finished games, newest first."""
        return await self.history.recent(chat, count)

    @guarded
    async def finished_game(self, chat: str, table_id: str) -> Finished | None:
        """One of the chat's finished games, if it is still kept."""
        return await self.history.get(chat, table_id)

    async def replay_pressed(
        self, chat: str, data: str | None, prefix: str, player_key: str
    ) -> Finished | str:
        """The chat's finished game that replay button ``data`` (behind a
        frontend's ``prefix``) names; or why it replays nothing, as a message
        id: too many presses of ``player_key``, not a button (forged), not a
        game kept in this chat, or expired."""
        if self.presses is not None and not await self.presses.allow(player_key):
            return "error-slow-down"
        button = ReplayButton.decode(data, prefix)
        if button is None:
            return "error-bad-request"
        entry = await self.finished_game(chat, button.table_id)
        if entry is not None and ReplayButton.of(entry) == button:
            return entry
        expired = entry is None and button.finished + KEEP_SECONDS <= self.clock()
        return "replay-expired" if expired else "replay-gone"

    @guarded
    async def replay_wait(self, chat: str) -> int:
        """0 when a replay may be posted in ``chat`` now (and the chat's turn is
        taken, for every worker), else the seconds until one may."""
        key = f"{self.store.prefix}replay-turn:{chat}"
        wait = await self.store.redis.eval(_REPLAY_TURN, 1, key, repr(self.clock()), REPLAY_SPACING)
        return math.ceil(float(wait))

    @guarded
    async def replay_file(self, table_id: str, platform: str) -> str | None:
        """The platform's id of the replay of ``table_id`` uploaded before, if any."""
        return await self.history.file_of(table_id, platform)

    @guarded
    async def remember_replay_file(self, table_id: str, platform: str, file_id: str) -> None:
        """The replay of ``table_id`` was uploaded as ``file_id``: post that next time."""
        await self.history.remember_file(table_id, platform, file_id)

    async def last_game(self, chat: str) -> str:
        """The game last finished in the chat (Klac! when none was): what
        ``/top`` shows by default."""
        entries = await self.finished_games(chat, 1)
        return entries[0].game if entries else "klac"

    @guarded
    async def leaderboard(self, game: str, chat: str, count: int = 10) -> list[Standing]:
        """The chat's best players in ``game`` by rating."""
        return await self.ratings.board(game, chat, count)

    @guarded
    async def player_ratings(self, player_key: str) -> dict[str, Rating]:
        """A player's rating in every game they have played rated."""
        out = {}
        for game in registry.names():
            rating = await self.ratings.of(game, player_key)
            if rating is not None:
                out[game] = rating
        return out

    @guarded
    async def move_records(self, old: str, new: str) -> None:
        """A chat's new id (a Telegram group that became a supergroup): its
        finished games and leaderboards move there with it."""
        await self.history.move_chat(old, new, self.clock())
        await self.ratings.move_chat(registry.names(), old, new)

    @guarded
    async def forget(
        self, player_key: str, chat: str | None, messageable: tuple[str, str] | None = None
    ) -> None:
        """Delete the person's statistics, ratings, language choices and decks
        everywhere and, with ``chat``, the chat's finished games, leaderboards
        and language. ``messageable`` is the frontend's flag that the person
        opened the private chat (flag set, member): it goes too, unless they sit
        at a table still being played, whose hands need it.

        Tables still being played are left alone, and so are a finished game's
        table (kept a day, for its last message's buttons) and other chats'
        finished games (their members' history, 90 days or until an admin
        forgets the chat)."""
        games = registry.names()
        if messageable is not None and not await self.tables_of(player_key):
            await self.store.flag(*messageable, on=False)
        await self.ratings.forget_player(games, player_key)
        await self.store.forget_player(player_key, games)
        if chat is not None:
            await self.history.forget_chat(chat)
            await self.ratings.forget_chat(games, chat)
            await self.store.forget_chat_language(chat)
