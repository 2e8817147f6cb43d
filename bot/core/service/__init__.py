"""The async table service every frontend uses.

It is built in layers, one module each, every layer adding to the one below:
``base`` (lookups and the write path: load → check → apply → compare-and-set
save → publish), ``lobby``, ``moves``, ``voting``, ``deadlines``, ``records``
(finished games, ratings, forgetting), ``solo`` (taking moves back, a stop
that asks first); this module adds button presses, which reach into all of
them.
"""

from __future__ import annotations

from typing import Any

from bot.core import tokens
from bot.core.errors import (
    BadRequest,
    NotSeated,
    NotYourButton,
    ServiceError,
    StaleVersion,
    guarded,
)
from bot.core.hints import Hint
from bot.core.pacing import allowed
from bot.core.service.base import (
    BOT_DELAY_SECONDS,
    DEFAULT_TURN_SECONDS,
    START_GRACE_SECONDS,
    TABLE_OPTIONS,
    TURN_SECONDS,
    VOTE_SECONDS,
    Change,
    Listener,
    Notice,
    Outcome,
    PlayerInfo,
    table_options,
)
from bot.core.service.solo import SoloService, Stopping
from bot.core.tables import Status, Table
from bot.metrics import frontend_of
from games import registry
from games.ai import LEVELS
from games.core.errors import GameError, IllegalAction
from games.core.menu import build_menu

__all__ = [
    "BOT_DELAY_SECONDS",
    "DEFAULT_TURN_SECONDS",
    "START_GRACE_SECONDS",
    "TABLE_OPTIONS",
    "TURN_SECONDS",
    "VOTE_SECONDS",
    "Change",
    "Listener",
    "Notice",
    "Outcome",
    "PlayerInfo",
    "Stopping",
    "TableService",
    "table_options",
]


class TableService(SoloService):
    """Tables bound to chats: lobby, seats, moves, timers, votes, statistics."""

    async def press(self, player: PlayerInfo, token: str, *, chat: str | None = None) -> Outcome:
        """Handle a button token pressed by ``player`` (in ``chat``, if public);
        a refusal is counted by its code."""
        try:
            return await self._press(player, token, chat)
        except (ServiceError, GameError) as exc:
            self.metrics.refusals.labels(exc.code, frontend_of(player.key)).inc()
            raise

    @guarded
    async def _press(self, player: PlayerInfo, token: str, chat: str | None) -> Outcome:
        player_key = player.key
        frontend = frontend_of(player_key)
        try:
            tok = tokens.decode(token)
        except tokens.BadToken:
            tok = None
        if tok is None or isinstance(
            tok, tokens.NewGameToken | tokens.DeckToken | tokens.LearnToken
        ):
            # Opening a lobby needs the chat (frontends call create()); decks
            # and tutorials are not tables (frontends use the DeckBook and the
            # tutorials). Counted all the same.
            self.metrics.presses.labels("none", frontend).inc()
            if self.presses is not None and not await self.presses.allow(player_key):
                raise ServiceError("slow-down")
            raise BadRequest()
        table, state = await self._load_pressed(tok.table_id, player_key)
        self.metrics.presses.labels(table.game, frontend).inc()
        # A button of one chat's table pressed in another (a forwarded or forged one).
        if chat is not None and chat != table.chat:
            raise BadRequest()
        if isinstance(tok, tokens.MoveToken):
            return await self._press_move(table, state, player_key, tok)
        if isinstance(tok, tokens.VoteToken):
            table, state = await self.vote(table.id, player_key, tok.vote_id, tok.yes)
            return Outcome(table, state)
        if isinstance(tok, tokens.ProposeToken):
            table, state = await self.propose(table.id, player_key, tok.kind, tok.subject)
            return Outcome(table, state)
        if isinstance(tok, tokens.SharedToken):
            return await self._press_shared(table, state, player_key, tok)
        if isinstance(tok, tokens.NoopToken):
            raise ServiceError("nothing-here")
        if isinstance(tok, tokens.TakeBackToken):
            table, state = await self.take_back(table.id, player_key, tok.mark)
            return Outcome(table, state)
        if isinstance(tok, tokens.NextRoundToken):
            table, state = await self.next_round(table.id, player_key, tok.version)
            return Outcome(table, state)
        if isinstance(tok, tokens.RematchToken):
            table, state = await self.rematch(table.id, player)
            return Outcome(table, state)
        if isinstance(tok, tokens.StopToken):
            return await self._answer_stop(table, state, player_key, tok.yes)
        if tok.op == "j":
            table = await self.join(table.id, player)
        elif tok.op == "l":
            table = await self.leave(table.id, player_key)
        elif tok.op == "s":
            table = await self.start(table.id, player_key)
        elif tok.op == "c":
            table = await self.cancel(table.id, player_key)
        elif tok.op == "b":
            table = await self.show_computers(table.id, player_key)
        elif tok.op[0] == "a":
            table = await self.add_computer(table.id, player_key, LEVELS[int(tok.op[1:])])
        elif tok.op[0] == "r":
            table = await self.remove_computer(table.id, player_key, int(tok.op[1:]))
        else:
            table = await self.cycle_option(table.id, player_key, int(tok.op[1:]))
        return Outcome(table, None)

    async def _load_pressed(self, table_id: str, player_key: str) -> tuple[Table, Any]:
        """The pressed table, counting the press against the person's limit in
        the same round trip."""
        presses = self.presses
        if presses is None:
            return await self.get(table_id)
        reply, loaded = await self.store.load_along(
            table_id, lambda pipe: presses.count_in(pipe, player_key)
        )
        if not allowed(reply):
            raise ServiceError("slow-down")
        return self._decode(loaded)

    async def _press_shared(
        self, table: Table, state: Any, player_key: str, tok: tokens.SharedToken
    ) -> Outcome:
        if table.seat_of(player_key) is None:
            raise NotSeated()
        if table.status != Status.PLAYING or table.state_version != tok.version:
            raise StaleVersion()
        shared = registry.get(table.game).shared_actions(state)
        if tok.index >= len(shared):
            raise StaleVersion()
        table, state = await self.play(
            table.id, player_key, tok.version, shared[tok.index], loaded=(table, state)
        )
        return Outcome(table, state)

    async def _answer_stop(self, table: Table, state: Any, player_key: str, yes: bool) -> Outcome:
        """The answer to "stop the game?": stopped, or (no) nothing changes."""
        if yes:
            table, state = await self.confirm_stop(table.id, player_key)
            return Outcome(table, state, said="stop-done")
        self._solo_player(table, player_key)
        return Outcome(table, state, said="stop-kept")

    async def _hint(self, table: Table, state: Any, seat: int, *, asked: bool) -> Hint:
        """The computer's (``normal``) suggestion to ``seat``, decided from what the
        seat sees; counted in its stats when ``asked`` (not when stepping
        through the menu with it shown)."""
        if table.hints != "on":
            raise ServiceError("hints-off")
        hint = await self.advisor.hint(table, state, seat)
        if hint is None:
            raise StaleVersion()
        if asked:
            await self.store.add_use(table.players[seat].key, table.game, "hints")
        return hint

    @staticmethod
    def _hint_opens(table: Table, state: Any, seat: int, hint: Hint) -> tuple[int, ...]:
        """Where a hinted menu opens: at the confirm step of a move the game
        previews (the preview shows the suggestion), else at the top."""
        game = registry.get(table.game)
        action = build_menu(game, state, seat, hint.path).action
        try:
            previewed = action is not None and game.preview(state, seat, action) is not None
        except IllegalAction:
            previewed = False
        return hint.path[:-1] if previewed else ()

    async def _press_move(
        self, table: Table, state: Any, player_key: str, tok: tokens.MoveToken
    ) -> Outcome:
        seat = table.seat_of(player_key)
        if seat is None:
            raise NotSeated()
        if seat != tok.seat:
            raise NotYourButton()
        if table.players[seat].bot:
            # Browsing the menu would show the hand the computer now plays.
            raise ServiceError("seat-taken-over")
        if table.status != Status.PLAYING or table.state_version != tok.version:
            raise StaleVersion()
        game = registry.get(table.game)
        try:
            menu = build_menu(game, state, seat, tok.path)
        except IllegalAction:
            raise StaleVersion() from None
        if isinstance(tok, tokens.ExplainToken):
            if menu.action is not None:
                raise BadRequest()
            hint = None
            if isinstance(tok, tokens.HintExplainToken):
                hint = await self._hint(table, state, seat, asked=False)
            return Outcome(table, state, path=tok.path, explain=True, hint=hint)
        if isinstance(tok, tokens.HintToken):
            hint = await self._hint(table, state, seat, asked=True)
            return Outcome(table, state, path=self._hint_opens(table, state, seat, hint), hint=hint)
        if menu.action is None:
            if isinstance(tok, tokens.HintStepToken):
                hint = await self._hint(table, state, seat, asked=False)
                return Outcome(table, state, path=tok.path, hint=hint)
            return Outcome(table, state, path=tok.path)
        table, state = await self.play(
            table.id, player_key, tok.version, menu.action, loaded=(table, state)
        )
        return Outcome(table, state)
