"""The async table service every frontend uses.

Every change runs one pipeline: load → check seat, phase and state version →
check legality (the rules engine) → apply → compare-and-set save → publish a
:class:`Change` to the frontends. The service keeps nothing in memory between
calls, so any number of workers can share one Redis and a restart loses
nothing.
"""

from __future__ import annotations

import functools
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from redis.exceptions import RedisError

from bot.core import tokens, votes
from bot.core.errors import (
    BadRequest,
    ChatBusy,
    Conflict,
    NotAllowed,
    NotSeated,
    NotYourButton,
    ServiceError,
    StaleVersion,
    TableNotFound,
    Unavailable,
    WrongPhase,
)
from bot.core.store import Due, Store
from bot.core.tables import Player, Status, Table, Timeout, Vote
from games import registry
from games.core.errors import GameError, IllegalAction, InvalidOptions
from games.core.menu import build_menu
from games.core.protocol import Game, OptionSpec

log = logging.getLogger("bot.core")

P = ParamSpec("P")
R = TypeVar("R")

#: Turn deadlines the lobby offers, in seconds (0: none).
TURN_SECONDS = (0, 30, 60, 120, 300, 900, 3600, 86400)
DEFAULT_TURN_SECONDS = 300
#: Non-creators may start this long after the minimum number of players joined.
START_GRACE_SECONDS = 60
VOTE_SECONDS = 120
#: A seat played by the bot moves after this pause, so people can follow.
BOT_DELAY_SECONDS = 1.5
MAX_WRITE_ATTEMPTS = 8

TABLE_OPTIONS = (
    OptionSpec("turn_seconds", DEFAULT_TURN_SECONDS, TURN_SECONDS),
    OptionSpec("on_timeout", Timeout.AUTO.value, tuple(t.value for t in Timeout)),
)


@dataclass(frozen=True)
class PlayerInfo:
    """Who is asking: a platform-qualified key and a display name."""

    key: str
    name: str


@dataclass(frozen=True)
class Notice:
    """Something the chat should be told (an i18n message id and its args)."""

    msg: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass
class Change:
    """A saved change, as published to the frontends."""

    table: Table
    state: Any | None
    kind: str  # lobby | start | move | finish | abort | vote | remind | overdue
    ping: list[int] = field(default_factory=list)  # seats whose turn just began
    notice: Notice | None = None
    private: bool = False  # seats' private screens may have changed


@dataclass
class Outcome:
    """What a button press did, for the frontend to show the presser."""

    table: Table
    state: Any | None
    #: a menu path to show the presser (navigation, no state change)
    path: tuple[int, ...] | None = None


@dataclass
class _Step:
    state: Any | None
    kind: str
    notice: Notice | None = None
    log_entry: str | None = None
    ping: list[int] = field(default_factory=list)
    private: bool = False
    joined: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)


Listener = Callable[[Change], Awaitable[None]]


def _guarded(fn: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Turn a Redis failure into :class:`Unavailable`, which frontends explain."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await fn(*args, **kwargs)
        except RedisError as exc:
            log.warning("event=redis-error call=%s error=%r", fn.__name__, exc)
            raise Unavailable() from exc

    return wrapper


class TableService:
    """Tables bound to chats: lobby, seats, moves, timers, votes, statistics."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` after every saved change (frontends render screens)."""
        self._listeners.append(listener)

    # -- lookups -------------------------------------------------------------

    @_guarded
    async def get(self, table_id: str) -> tuple[Table, Any | None]:
        """A table and its game state; raises :class:`TableNotFound`."""
        loaded = await self.store.load(table_id)
        if loaded is None:
            raise TableNotFound()
        table, text = loaded
        return table, (registry.get(table.game).loads(text) if text else None)

    @_guarded
    async def table_in(self, chat: str) -> Table | None:
        """The chat's active table, if any (a stale index entry is cleaned up)."""
        table_id = await self.store.chat_table(chat)
        if table_id is None:
            return None
        loaded = await self.store.load(table_id)
        if loaded is None or not loaded[0].active:
            await self.store.release_chat(chat, table_id)
            return None
        return loaded[0]

    @_guarded
    async def tables_of(self, player_key: str) -> list[Table]:
        """Active tables the player sits at, in any chat."""
        out = []
        for table_id in await self.store.player_tables(player_key):
            loaded = await self.store.load(table_id)
            if loaded is None or not loaded[0].active or loaded[0].seat_of(player_key) is None:
                await self.store.remove_player_table(player_key, table_id)
                continue
            out.append(loaded[0])
        return out

    @_guarded
    async def stats(self, player_key: str) -> dict[str, dict[str, int]]:
        """Games played and won, per game."""
        return await self.store.stats(player_key)

    # -- lobby ---------------------------------------------------------------

    @_guarded
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
        _check_options(TABLE_OPTIONS, table_opts)
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
            turn_seconds=int(table_opts["turn_seconds"]),
            on_timeout=str(table_opts["on_timeout"]),
            players=[Player(creator.key, creator.name)],
            version=1,
        )
        if game.min_seats <= 1:
            table.min_reached_at = now
        if not await self.store.claim_chat(chat, table.id):
            raise ChatBusy()
        if not await self.store.save(table, None, expected=None):
            await self.store.release_chat(chat, table.id)
            raise Conflict()
        await self.store.add_player_table(creator.key, table.id)
        self._log("create", table, game=game_name, by=creator.key)
        await self._publish(Change(table, None, "lobby"))
        return table

    @_guarded
    async def join(self, table_id: str, player: PlayerInfo) -> Table:
        """Seat ``player`` in the lobby (a no-op if already seated)."""

        def step(table: Table, state: Any) -> _Step:
            _require_status(table, Status.LOBBY)
            if table.seat_of(player.key) is not None:
                raise ServiceError("already-seated")
            game = registry.get(table.game)
            if len(table.players) >= game.max_seats:
                raise ServiceError("table-full", max=game.max_seats)
            table.players.append(Player(player.key, player.name))
            if len(table.players) == game.min_seats:
                table.min_reached_at = self.clock()
            return _Step(None, "lobby", joined=[player.key])

        table, _ = await self._mutate(table_id, step)
        return table

    @_guarded
    async def leave(self, table_id: str, player_key: str) -> Table:
        """Leave the lobby; the creator's role passes on; an empty lobby closes."""

        def step(table: Table, state: Any) -> _Step:
            _require_status(table, Status.LOBBY)
            seat = table.seat_of(player_key)
            if seat is None:
                raise NotSeated()
            del table.players[seat]
            game = registry.get(table.game)
            if len(table.players) < game.min_seats:
                table.min_reached_at = None
            if not table.players:
                table.status = Status.ABORTED
                return _Step(None, "abort", left=[player_key])
            if table.creator == player_key:
                table.creator = table.players[0].key
            return _Step(None, "lobby", left=[player_key])

        table, _ = await self._mutate(table_id, step)
        return table

    def lobby_options(self, table: Table) -> list[tuple[OptionSpec, Any]]:
        """Every option the lobby can change, with its current value."""
        game = registry.get(table.game)
        current = {
            **table.options,
            "turn_seconds": table.turn_seconds,
            "on_timeout": table.on_timeout,
        }
        return [(spec, current[spec.key]) for spec in (*game.option_specs, *TABLE_OPTIONS)]

    @_guarded
    async def set_option(self, table_id: str, player_key: str, key: str, value: Any) -> Table:
        """Change a lobby option (the creator only)."""

        def step(table: Table, state: Any) -> _Step:
            _require_status(table, Status.LOBBY)
            if player_key != table.creator:
                raise NotAllowed(who="creator")
            if key == "turn_seconds":
                _check_options(TABLE_OPTIONS[:1], {key: value})
                table.turn_seconds = int(value)
            elif key == "on_timeout":
                _check_options(TABLE_OPTIONS[1:], {key: value})
                table.on_timeout = str(value)
            else:
                game = registry.get(table.game)
                table.options = dict(game.options({**table.options, key: value}))
            return _Step(None, "lobby")

        table, _ = await self._mutate(table_id, step)
        return table

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

    @_guarded
    async def start(self, table_id: str, player_key: str) -> Table:
        """Deal and begin: the creator at once, any seated player after a short wait."""

        def step(table: Table, state: Any) -> _Step:
            _require_status(table, Status.LOBBY)
            game = registry.get(table.game)
            if table.seat_of(player_key) is None:
                raise NotSeated()
            if len(table.players) < game.min_seats:
                raise ServiceError("not-enough-players", min=game.min_seats)
            wait = self.start_wait(table, player_key)
            if wait is None or wait > 0:
                raise ServiceError("start-too-soon", seconds=int(wait or START_GRACE_SECONDS) + 1)
            table.seed = random.SystemRandom().getrandbits(63)
            new = game.new_game(len(table.players), table.options, table.seed)
            table.status = Status.PLAYING
            table.state_version = 1
            self._reset_clock(table)
            table.events = _public_events(game, new)
            return _Step(new, "start", ping=game.to_move(new), private=True)

        table, _ = await self._mutate(table_id, step)
        return table

    @_guarded
    async def cancel(self, table_id: str, player_key: str) -> Table:
        """Close a lobby (its creator only). A running game is stopped by a vote."""

        def step(table: Table, state: Any) -> _Step:
            _require_status(table, Status.LOBBY)
            if player_key != table.creator:
                raise NotAllowed(who="creator")
            table.status = Status.ABORTED
            return _Step(None, "abort")

        table, _ = await self._mutate(table_id, step)
        return table

    # -- play ----------------------------------------------------------------

    @_guarded
    async def play(
        self, table_id: str, player_key: str, version: int, action: Sequence[Any]
    ) -> tuple[Table, Any]:
        """The move pipeline. ``version`` is the state version the player saw."""

        def step(table: Table, state: Any) -> _Step:
            _require_status(table, Status.PLAYING)
            seat = table.seat_of(player_key)
            if seat is None:
                raise NotSeated()
            if table.players[seat].bot:
                raise ServiceError("seat-taken-over")
            if table.state_version != version:
                raise StaleVersion()
            return self._apply_move(table, state, seat, action, reason=None)

        return await self._mutate(table_id, step)

    @_guarded
    async def press(self, player: PlayerInfo, token: str, *, chat: str | None = None) -> Outcome:
        """Handle a button token pressed by ``player`` (in ``chat``, if public)."""
        player_key = player.key
        try:
            tok = tokens.decode(token)
        except tokens.BadToken:
            raise BadRequest() from None
        table, state = await self.get(tok.table_id)
        if isinstance(tok, tokens.MoveToken):
            return await self._press_move(table, state, player_key, tok)
        if chat is not None and chat != table.chat:
            raise BadRequest()
        if isinstance(tok, tokens.VoteToken):
            table, state = await self.vote(table.id, player_key, tok.vote_id, tok.yes)
            return Outcome(table, state)
        if tok.op == "j":
            table = await self.join(table.id, player)
        elif tok.op == "l":
            table = await self.leave(table.id, player_key)
        elif tok.op == "s":
            table = await self.start(table.id, player_key)
        elif tok.op == "c":
            table = await self.cancel(table.id, player_key)
        else:
            table = await self.cycle_option(table.id, player_key, int(tok.op[1:]))
        return Outcome(table, None)

    async def _press_move(
        self, table: Table, state: Any, player_key: str, tok: tokens.MoveToken
    ) -> Outcome:
        seat = table.seat_of(player_key)
        if seat is None:
            raise NotSeated()
        if seat != tok.seat:
            raise NotYourButton()
        if table.status != Status.PLAYING or table.state_version != tok.version:
            raise StaleVersion()
        game = registry.get(table.game)
        try:
            menu = build_menu(game, state, seat, tok.path)
        except IllegalAction:
            raise StaleVersion() from None
        if menu.action is None:
            return Outcome(table, state, path=tok.path)
        table, state = await self.play(table.id, player_key, tok.version, menu.action)
        return Outcome(table, state)

    def _apply_move(
        self, table: Table, state: Any, seat: int, action: Sequence[Any], *, reason: str | None
    ) -> _Step:
        game = registry.get(table.game)
        before = game.to_move(state)
        new = game.apply(state, seat, action)
        table.state_version += 1
        table.events = _public_events(game, new)
        if any(v.cancel_on_move for v in table.votes):
            table.votes = [v for v in table.votes if not v.cancel_on_move]
        entry = f"{seat} {json.dumps(list(action), separators=(',', ':'))}"
        notice = Notice("auto-move", {"seat": seat, "reason": reason}) if reason else None
        if game.is_over(new):
            table.status = Status.FINISHED
            table.result = game.result(new)
            table.turn_deadline = table.remind_at = None
            table.votes = []
            return _Step(new, "finish", notice=notice, log_entry=entry, private=True)
        self._reset_clock(table)
        after = game.to_move(new)
        ping = [s for s in after if s not in before or s == seat]
        return _Step(new, "move", notice=notice, log_entry=entry, ping=ping, private=True)

    def _reset_clock(self, table: Table) -> None:
        if table.turn_seconds <= 0:
            table.turn_deadline = table.remind_at = None
            return
        now = self.clock()
        table.turn_deadline = now + table.turn_seconds
        # Remind when a quarter of the time is left: late enough not to nag,
        # early enough to act on.
        table.remind_at = now + table.turn_seconds * 3 / 4

    # -- votes ---------------------------------------------------------------

    @_guarded
    async def propose(
        self, table_id: str, player_key: str, kind: str, subject: int | None = None
    ) -> tuple[Table, Any]:
        """Open a vote: ``abort`` the game, or ``remove`` seat ``subject``.

        Removing yourself needs no vote: the bot takes your seat at once.
        """

        def step(table: Table, state: Any) -> _Step:
            _require_status(table, Status.PLAYING)
            seat = table.seat_of(player_key)
            if seat is None or table.players[seat].bot:
                raise NotSeated()
            humans = [s for s, p in enumerate(table.players) if not p.bot]
            if kind == "remove":
                if subject is None or subject not in humans:
                    raise BadRequest()
                if subject == seat:
                    return self._vote_effect(table, state, kind, subject)
                voters = [s for s in humans if s != subject]
            elif kind == "abort" and subject is None:
                voters = humans
            else:
                raise BadRequest()
            if table.open_vote(kind) is not None:
                raise ServiceError("vote-open")
            vote = Vote(
                id=table.next_vote_id,
                kind=kind,
                proposer=seat,
                voters=voters,
                expires_at=self.clock() + VOTE_SECONDS,
                subject=subject,
                majority=True,
                cancel_on_move=False,
            )
            table.next_vote_id += 1
            table.votes.append(vote)
            return self._after_ballot(table, state, vote, votes.cast(vote, seat, True))

        return await self._mutate(table_id, step)

    @_guarded
    async def vote(
        self, table_id: str, player_key: str, vote_id: int, yes: bool
    ) -> tuple[Table, Any]:
        """Cast a ballot; the vote's effect runs the moment it passes."""

        def step(table: Table, state: Any) -> _Step:
            vote = next((v for v in table.votes if v.id == vote_id), None)
            if vote is None or table.status != Status.PLAYING:
                raise ServiceError("vote-closed")
            seat = table.seat_of(player_key)
            if seat is None:
                raise NotSeated()
            try:
                tally = votes.cast(vote, seat, yes)
            except votes.VoteError as exc:
                raise ServiceError(exc.code) from None
            return self._after_ballot(table, state, vote, tally)

        return await self._mutate(table_id, step)

    def _after_ballot(self, table: Table, state: Any, vote: Vote, tally: votes.Tally) -> _Step:
        args = {
            "kind": vote.kind,
            "subject": vote.subject,
            "yes": len(vote.yes),
            "total": len(vote.voters),
        }
        if tally == votes.Tally.OPEN:
            return _Step(state, "vote", notice=Notice("vote-progress", args))
        table.votes.remove(vote)
        if tally == votes.Tally.FAILED:
            return _Step(state, "vote", notice=Notice("vote-failed", args))
        return self._vote_effect(table, state, vote.kind, vote.subject)

    def _vote_effect(self, table: Table, state: Any, kind: str, subject: int | None) -> _Step:
        if kind == "remove" and subject is not None:
            table.players[subject].bot = True
            if any(not p.bot for p in table.players):
                return _Step(
                    state, "vote", notice=Notice("seat-to-bot", {"seat": subject}), private=True
                )
        table.status = Status.ABORTED
        table.votes = []
        table.turn_deadline = table.remind_at = None
        return _Step(state, "abort", notice=Notice("game-aborted"))

    # -- timers --------------------------------------------------------------

    @_guarded
    async def run_due(self) -> int:
        """Fire every timer that is due (reminders, deadlines, bot moves, vote expiry)."""
        fired = 0
        for due in await self.store.claim_due(self.clock()):
            try:
                await self._fire(due)
                fired += 1
            except ServiceError as exc:
                # Someone moved or voted meanwhile: the timer is simply obsolete.
                self._log(
                    "timer-skipped", None, table_id=due.table_id, kind=due.kind, code=exc.code
                )
            finally:
                await self.store.done_due(due)
        return fired

    async def _fire(self, due: Due) -> None:
        loaded = await self.store.load(due.table_id)
        if loaded is None:
            return
        table, text = loaded
        if table.status != Status.PLAYING:
            return
        now = self.clock()
        if due.kind == "vote":
            await self._expire_votes(table.id, now)
            return
        game = registry.get(table.game)
        state = game.loads(text) if text else None
        to_move = game.to_move(state)
        bots = [s for s in to_move if table.players[s].bot]
        if bots:
            await self._auto_move(table.id, bots[0], table.state_version, "bot")
        elif table.turn_deadline is not None and now >= table.turn_deadline:
            await self._timeout(table, to_move)
        elif table.remind_at is not None and now >= table.remind_at:
            await self._remind(table.id, table.state_version)
        else:
            await self._schedule(table, state)

    async def _auto_move(self, table_id: str, seat: int, version: int, reason: str) -> None:
        def step(table: Table, state: Any) -> _Step:
            if table.state_version != version:
                raise StaleVersion()
            game = registry.get(table.game)
            legal = game.legal_actions(state, seat)
            # Seeded by table and version so two workers would pick the same move.
            choice = random.Random(f"{table.id}:{version}:{seat}").choice(legal)
            return self._apply_move(table, state, seat, choice, reason=reason)

        await self._mutate(table_id, step)

    async def _timeout(self, table: Table, to_move: list[int]) -> None:
        late = [s for s in to_move if not table.players[s].bot]
        if not late:
            return
        seat = late[0]
        if table.on_timeout == Timeout.AUTO:
            await self._auto_move(table.id, seat, table.state_version, "timeout")
            return
        version = table.state_version

        def step(t: Table, state: Any) -> _Step:
            if t.state_version != version:
                raise StaleVersion()
            if t.on_timeout == Timeout.BOT:
                t.players[seat].bot = True
                return _Step(state, "overdue", notice=Notice("seat-to-bot", {"seat": seat}))
            t.turn_deadline = t.remind_at = None
            return _Step(state, "overdue", notice=Notice("turn-overdue", {"seat": seat}))

        await self._mutate(table.id, step)

    async def _remind(self, table_id: str, version: int) -> None:
        def step(table: Table, state: Any) -> _Step:
            if table.state_version != version:
                raise StaleVersion()
            table.remind_at = None
            ping = [s for s in registry.get(table.game).to_move(state) if not table.players[s].bot]
            left = int((table.turn_deadline or self.clock()) - self.clock())
            return _Step(
                state, "remind", ping=ping, notice=Notice("turn-reminder", {"seconds": left})
            )

        await self._mutate(table_id, step)

    async def _expire_votes(self, table_id: str, now: float) -> None:
        def step(table: Table, state: Any) -> _Step:
            expired = [v for v in table.votes if v.expires_at <= now]
            if not expired:
                raise ServiceError("nothing-due")
            table.votes = [v for v in table.votes if v.expires_at > now]
            return _Step(state, "vote", notice=Notice("vote-expired", {"kind": expired[0].kind}))

        await self._mutate(table_id, step)

    async def _schedule(self, table: Table, state: Any) -> None:
        if table.status != Status.PLAYING:
            await self.store.unschedule(table.id, "turn")
            await self.store.unschedule(table.id, "vote")
            return
        game = registry.get(table.game)
        if any(table.players[s].bot for s in game.to_move(state)):
            await self.store.schedule(table.id, "turn", self.clock() + BOT_DELAY_SECONDS)
        else:
            marks = [t for t in (table.remind_at, table.turn_deadline) if t is not None]
            if marks:
                await self.store.schedule(table.id, "turn", min(marks))
            else:
                await self.store.unschedule(table.id, "turn")
        if table.votes:
            await self.store.schedule(table.id, "vote", min(v.expires_at for v in table.votes))
        else:
            await self.store.unschedule(table.id, "vote")

    # -- the write path ------------------------------------------------------

    async def _mutate(self, table_id: str, fn: Callable[[Table, Any], _Step]) -> tuple[Table, Any]:
        for _ in range(MAX_WRITE_ATTEMPTS):
            loaded = await self.store.load(table_id)
            if loaded is None:
                raise TableNotFound()
            table, text = loaded
            game = registry.get(table.game)
            state = game.loads(text) if text else None
            before = table.version
            try:
                step = fn(table, state)
            except GameError as exc:
                self._log("refused", table, code=exc.code)
                raise
            table.version = before + 1
            new_text = game.dumps(step.state) if step.state is not None else None
            if await self.store.save(table, new_text, expected=before, log_entry=step.log_entry):
                await self._after_save(table, step)
                return table, step.state
        raise Conflict()

    async def _after_save(self, table: Table, step: _Step) -> None:
        for key in step.joined:
            await self.store.add_player_table(key, table.id)
        for key in step.left:
            await self.store.remove_player_table(key, table.id)
        if table.active:
            await self.store.touch_chat(table.chat)
        else:
            await self.store.release_chat(table.chat, table.id)
            for player in table.players:
                await self.store.remove_player_table(player.key, table.id)
        if step.kind == "finish" and table.result is not None:
            winners = {int(s) for s in table.result.get("winners", [])}
            await self.store.add_result(
                table.game,
                [p.key for p in table.players],
                [p.key for s, p in enumerate(table.players) if s in winners and not p.bot],
            )
        await self._schedule(table, step.state)
        self._log(step.kind, table, notice=step.notice.msg if step.notice else None)
        await self._publish(
            Change(table, step.state, step.kind, step.ping, step.notice, step.private)
        )

    async def _publish(self, change: Change) -> None:
        for listener in self._listeners:
            try:
                await listener(change)
            except Exception:
                # A frontend failing to send must not undo or block a saved move.
                log.exception("event=publish-failed table=%s", change.table.id)

    def _log(self, event: str, table: Table | None, **fields: Any) -> None:
        # One line per event; only public facts (never actions, which may hold hidden cards).
        parts = [f"event={event}"]
        if table is not None:
            parts += [
                f"table={table.id}",
                f"chat={table.chat}",
                f"version={table.version}",
                f"state_version={table.state_version}",
                f"status={table.status}",
            ]
        parts += [f"{k}={v}" for k, v in fields.items() if v is not None]
        log.info(" ".join(parts))


def _require_status(table: Table, status: Status) -> None:
    if table.status != status:
        raise WrongPhase(status=table.status)


def _check_options(specs: Sequence[OptionSpec], values: dict[str, Any]) -> None:
    for spec in specs:
        if spec.key in values and values[spec.key] not in spec.choices:
            raise InvalidOptions(
                f"option {spec.key!r} must be one of {list(spec.choices)}", option=spec.key
            )


def _public_events(game: Game[Any], state: Any) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = game.view(state, None).get("events", [])
    return events
