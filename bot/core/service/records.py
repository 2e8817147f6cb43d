"""What is kept after the games: finished games per chat, ratings, and
forgetting it all on request."""

from __future__ import annotations

from bot.core.errors import guarded
from bot.core.history import KEEP_SECONDS, Finished, ReplayButton
from bot.core.ratings import Rating, Standing
from bot.core.service.deadlines import DeadlineService
from games import registry


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

    async def replay_pressed(self, chat: str, data: str | None, prefix: str) -> Finished | str:
        """The chat's finished game that replay button ``data`` (behind a
        frontend's ``prefix``) names; or why it replays nothing, as a message
        id: not a button (forged), not a game kept in this chat, or expired."""
        button = ReplayButton.decode(data, prefix)
        if button is None:
            return "error-bad-request"
        entry = await self.finished_game(chat, button.table_id)
        if entry is not None and ReplayButton.of(entry) == button:
            return entry
        expired = entry is None and button.finished + KEEP_SECONDS <= self.clock()
        return "replay-expired" if expired else "replay-gone"

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
