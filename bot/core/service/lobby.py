"""Lobbies: create a table, join, leave, options, start, cancel."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from bot.core import decks
from bot.core.computers import computer_key, humans, is_computer, next_computer
from bot.core.errors import (
    BadRequest,
    ChatBusy,
    Conflict,
    NotAllowed,
    NotSeated,
    ServiceError,
    WrongPhase,
    guarded,
)
from bot.core.service.base import (
    START_GRACE_SECONDS,
    TABLE_OPTIONS,
    Change,
    PlayerInfo,
    ServiceBase,
    Step,
    check_options,
    public_events,
    require_status,
    table_options,
)
from bot.core.tables import Player, Status, Table
from games import registry
from games.ai import LEVELS
from games.core.menu import movers
from games.core.protocol import OptionSpec
from games.core.rng import new_seed


class LobbyService(ServiceBase):
    """Lobbies: create a table, join, leave, options, start, cancel."""

    @guarded
    async def create(
        self,
        chat: str,
        creator: PlayerInfo,
        game_name: str,
        options: dict[str, Any] | None = None,
    ) -> Table:
        """Open a lobby in ``chat`` with the creator seated; one active table per chat."""
        game = registry.get(game_name)
        table_opts = {spec.key: spec.default for spec in TABLE_OPTIONS}
        game_opts: dict[str, Any] = {}
        for key, value in (options or {}).items():
            (table_opts if key in table_opts else game_opts)[key] = value
        game_opts = dict(game.options(game_opts))
        check_options(TABLE_OPTIONS, table_opts)
        existing = await self.table_in(chat)
        if existing is not None:
            raise ChatBusy(table=existing.id, game=existing.game)
        now = self.clock()
        table = Table(
            id=secrets.token_urlsafe(6),
            chat=chat,
            game=game_name,
            creator=creator.key,
            created_at=now,
            options=game_opts,
            players=[Player(creator.key, creator.name)],
            version=1,
        )
        for spec in TABLE_OPTIONS:
            setattr(table, spec.key, type(spec.default)(table_opts[spec.key]))
        if game.min_seats <= 1:
            table.min_reached_at = now
        await self._open(table, None)
        return table

    async def _open(self, table: Table, state: Any) -> None:
        """Save a new table in its chat (refused when the chat has one) and
        publish it: a lobby, or (with ``state``) a game dealt at once."""
        existing = await self.table_in(table.chat)
        if existing is not None:
            raise ChatBusy(table=existing.id, game=existing.game)
        if not await self.store.claim_chat(table.chat, table.id):
            raise ChatBusy()
        game = registry.get(table.game)
        text = None if state is None else game.dumps(state)
        timers = None if state is None else self._timers(table, state)
        if not await self.store.save(table, text, expected=None, timers=timers):
            await self.store.release_chat(table.chat, table.id)
            raise Conflict()
        for seat in humans(table):
            await self.store.add_player_table(table.players[seat].key, table.id)
        self._log("create", table, game=table.game, by=table.creator)
        if state is None:
            await self._publish(Change(table, None, "lobby"))
        else:
            await self._publish(Change(table, state, "start", movers(game, state), private=True))

    @guarded
    async def join(self, table_id: str, player: PlayerInfo) -> Table:
        """Seat ``player`` in the lobby (a no-op if already seated)."""

        def step(table: Table, state: Any) -> Step:
            require_status(table, Status.LOBBY)
            if table.seat_of(player.key) is not None:
                raise ServiceError("already-seated")
            game = registry.get(table.game)
            if len(table.players) >= game.max_seats:
                raise ServiceError("table-full", max=game.max_seats)
            table.players.append(Player(player.key, player.name))
            if len(table.players) == game.min_seats:
                table.min_reached_at = self.clock()
            return Step(None, "lobby", joined=[player.key])

        return await self._mutate_table(table_id, step)

    @guarded
    async def leave(self, table_id: str, player_key: str) -> Table:
        """Leave the lobby; the creator's role passes on; an empty lobby closes."""

        def step(table: Table, state: Any) -> Step:
            require_status(table, Status.LOBBY)
            seat = table.seat_of(player_key)
            if seat is None:
                raise NotSeated()
            del table.players[seat]
            game = registry.get(table.game)
            if len(table.players) < game.min_seats:
                table.min_reached_at = None
            people = humans(table)
            if not people:
                # Computers alone never play: the lobby closes with its last person.
                table.status = Status.ABORTED
                return Step(None, "abort", left=[player_key])
            if table.creator == player_key:
                table.creator = table.players[people[0]].key
            return Step(None, "lobby", left=[player_key])

        return await self._mutate_table(table_id, step)

    @guarded
    async def show_computers(self, table_id: str, player_key: str) -> Table:
        """Show or hide the lobby's computer players' buttons (the host only)."""

        def change(table: Table) -> None:
            table.picking = not table.picking

        return await self._host_change(table_id, player_key, change)

    @guarded
    async def add_computer(self, table_id: str, player_key: str, level: str) -> Table:
        """Seat a computer player of ``level`` (the host only, up to the game's maximum)."""

        def change(table: Table) -> None:
            if level not in LEVELS:
                raise BadRequest()
            game = registry.get(table.game)
            if len(table.players) >= game.max_seats:
                raise ServiceError("table-full", max=game.max_seats)
            key, name = next_computer(table)
            table.players.append(Player(key, name, bot=True, level=level))
            if len(table.players) == game.min_seats:
                table.min_reached_at = self.clock()

        return await self._host_change(table_id, player_key, change)

    @guarded
    async def remove_computer(self, table_id: str, player_key: str, seat: int) -> Table:
        """Take the computer player in ``seat`` off the table (the host only)."""

        def change(table: Table) -> None:
            if not 0 <= seat < len(table.players) or not is_computer(table.players[seat].key):
                raise BadRequest()
            del table.players[seat]
            if len(table.players) < registry.get(table.game).min_seats:
                table.min_reached_at = None

        return await self._host_change(table_id, player_key, change)

    def lobby_options(self, table: Table) -> list[tuple[OptionSpec, Any]]:
        """Every option the lobby can change, with its current value."""
        game = registry.get(table.game)
        current = {**table.options, **{s.key: getattr(table, s.key) for s in TABLE_OPTIONS}}
        specs = (*game.option_specs, *table_options(table.game))
        return [(spec, current[spec.key]) for spec in specs]

    @guarded
    async def set_option(self, table_id: str, player_key: str, key: str, value: Any) -> Table:
        """Change a lobby option (the creator only)."""

        def change(table: Table) -> None:
            spec = next((s for s in TABLE_OPTIONS if s.key == key), None)
            if spec is not None:
                check_options((spec,), {key: value})
                setattr(table, key, type(spec.default)(value))
            else:
                game = registry.get(table.game)
                table.options = dict(game.options({**table.options, key: value}))

        return await self._host_change(table_id, player_key, change)

    async def _host_change(
        self, table_id: str, player_key: str, change: Callable[[Table], None]
    ) -> Table:
        """Apply ``change`` to the lobby: the host only, while it is a lobby."""

        def step(table: Table, state: Any) -> Step:
            require_status(table, Status.LOBBY)
            if player_key != table.creator:
                raise NotAllowed(who="creator")
            change(table)
            return Step(None, "lobby")

        return await self._mutate_table(table_id, step)

    async def cycle_option(self, table_id: str, player_key: str, index: int) -> Table:
        """Set option number ``index`` of :meth:`lobby_options` to its next value."""
        table, _ = await self.get(table_id)
        options = self.lobby_options(table)
        if not 0 <= index < len(options):
            raise BadRequest()
        spec, value = options[index]
        choices = list(spec.choices)
        following = choices[(choices.index(value) + 1) % len(choices)]
        return await self.set_option(table_id, player_key, spec.key, following)

    def start_wait(self, table: Table, player_key: str) -> float | None:
        """Seconds until ``player_key`` may start (0: now), ``None`` if never."""
        game = registry.get(table.game)
        if table.status != Status.LOBBY or len(table.players) < game.min_seats:
            return None
        if player_key == table.creator:
            return 0.0
        if table.seat_of(player_key) is None or table.min_reached_at is None:
            return None
        return max(0.0, table.min_reached_at + START_GRACE_SECONDS - self.clock())

    @guarded
    async def start(self, table_id: str, player_key: str) -> Table:
        """Deal and begin: the creator at once, any seated player after a short wait.

        In a game played with own decks each player's saved deck is read
        first; if the seats change meanwhile, the start is refused as a
        conflict (press again) rather than dealing someone the wrong deck.
        """
        lobby, _ = await self.get(table_id)
        players = [p.key for p in lobby.players]
        own_decks = await self.decks.for_table(lobby.game, lobby.options, players)

        def step(table: Table, state: Any) -> Step:
            require_status(table, Status.LOBBY)
            game = registry.get(table.game)
            if table.seat_of(player_key) is None:
                raise NotSeated()
            if len(table.players) < game.min_seats:
                raise ServiceError("not-enough-players", min=game.min_seats)
            wait = self.start_wait(table, player_key)
            if wait is None or wait > 0:
                raise ServiceError("start-too-soon", seconds=int(wait or START_GRACE_SECONDS) + 1)
            if own_decks is not None and [p.key for p in table.players] != players:
                raise Conflict()
            new = self._deal(table, own_decks)
            return Step(new, "start", ping=movers(game, new), private=True)

        return await self._mutate_table(table_id, step)

    def _deal(self, table: Table, own_decks: dict[str, list[str] | None] | None) -> Any:
        """Deal the table's game (each seat its own deck when the game is played
        with them) and start it; the new state."""
        game = registry.get(table.game)
        options = dict(table.options)
        if own_decks is not None:
            options[decks.rules(table.game).cards_option] = list(own_decks.values())
        table.seed = new_seed()
        new = game.new_game(len(table.players), options, table.seed)
        table.status = Status.PLAYING
        table.picking = False
        table.state_version = 1
        self._reset_clock(table)
        table.events = public_events(game, new)
        return new

    @guarded
    async def rematch(self, table_id: str, player: PlayerInfo) -> tuple[Table, Any]:
        """Play a finished (or stopped) table again in its chat, opened by one of
        its players: the same options and computer players (their levels and
        names) in their seats. Someone who played alone against computers plays
        again at once; where several people played, the lobby opens with the
        presser seated and the others join again."""
        old, _ = await self.get(table_id)
        if old.active or old.seed is None:
            raise WrongPhase(status=old.status)
        if is_computer(player.key) or old.seat_of(player.key) is None:
            raise NotSeated()
        alone = all(p.key == player.key or is_computer(p.key) for p in old.players)
        now = self.clock()
        table = Table(
            id=secrets.token_urlsafe(6),
            chat=old.chat,
            records_chat=old.records_chat,
            game=old.game,
            creator=player.key,
            created_at=now,
            options=dict(old.options),
            version=1,
        )
        for spec in TABLE_OPTIONS:
            setattr(table, spec.key, getattr(old, spec.key))
        for seat in old.players:
            if is_computer(seat.key):
                key = computer_key(table.id, seat.name)
                table.players.append(Player(key, seat.name, bot=True, level=seat.level))
            elif alone:
                table.players.append(Player(player.key, player.name))
        if not alone:
            # The others are asked again: they sit down by joining, after the host.
            table.players.insert(0, Player(player.key, player.name))
        if len(table.players) >= registry.get(table.game).min_seats:
            table.min_reached_at = now
        state = None
        if alone:
            keys = [p.key for p in table.players]
            table_decks = await self.decks.for_table(table.game, table.options, keys)
            state = self._deal(table, table_decks)
        await self._open(table, state)
        return table, state

    @guarded
    async def cancel(self, table_id: str, player_key: str) -> Table:
        """Close a lobby (its creator only). A running game is stopped by a vote."""

        def step(table: Table, state: Any) -> Step:
            require_status(table, Status.LOBBY)
            if player_key != table.creator:
                raise NotAllowed(who="creator")
            table.status = Status.ABORTED
            return Step(None, "abort")

        return await self._mutate_table(table_id, step)

    @guarded
    async def move_chat(self, old: str, new: str) -> Table | None:
        """The platform gave a chat a new id (a Telegram group that became a
        supergroup): its active table moves there and goes on. Returns the moved
        table, or None when the old chat had none (or the new one already has one)."""
        table_id = await self.store.chat_table(old)
        if table_id is None:
            return None
        claimed = await self.store.claim_chat(new, table_id)
        if not claimed and await self.store.chat_table(new) != table_id:
            return None

        def step(table: Table, state: Any) -> Step:
            table.chat = new
            return Step(state, "move-chat")

        table = await self._mutate_table(table_id, step)
        await self.store.release_chat(old, table_id)
        return table

    @guarded
    async def settle_records_chat(self, table_id: str, chat: str) -> Table:
        """Name the chat that keeps the table's records (its ``records_chat``),
        once: the first answer stays, so a later caller compares it with its
        own chat. A table bound to no chat of its own (a Telegram inline
        message) learns it from the first press."""
        table, _ = await self.get(table_id)
        if table.records_chat or not table.active:
            return table

        def step(table: Table, state: Any) -> Step:
            if not table.records_chat:
                table.records_chat = chat
            return Step(state, "records-chat")

        return await self._mutate_table(table_id, step)
