"""The shared write path of the table service, and what it publishes.

Every change runs one pipeline: load → check seat, phase and state version →
check legality (the rules engine) → apply → compare-and-set save → publish a
:class:`Change` to the frontends. The service keeps nothing in memory between
calls, so any number of workers can share one Redis and a restart loses
nothing.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from redis.exceptions import RedisError

from bot.core.computers import is_computer, solo_seat
from bot.core.decks import DeckBook
from bot.core.errors import (
    Conflict,
    NotSeated,
    ServiceError,
    TableNotFound,
    WrongPhase,
    guarded,
)
from bot.core.hints import Advisor, Hint
from bot.core.history import History
from bot.core.pacing import PressLimiter
from bot.core.ratings import Ratings
from bot.core.store import Store, Undo
from bot.core.summaries import Summary
from bot.core.tables import Status, Table, Timeout
from bot.metrics import Metrics
from games import registry
from games.ai import LEVELS
from games.core.errors import GameError, InvalidOptions
from games.core.menu import own_actions
from games.core.protocol import Game, OptionSpec
from render import registry as render_registry

log = logging.getLogger("bot.core")


#: Turn deadlines the lobby offers, in seconds (0: none).
TURN_SECONDS = (0, 30, 60, 120, 300, 900, 3600, 86400)
DEFAULT_TURN_SECONDS = 300
#: Non-creators may start this long after the minimum number of players joined.
START_GRACE_SECONDS = 60
VOTE_SECONDS = 120
#: A seat played by the bot moves after a pause, so people can follow: the
#: table's ``pace`` option, ``normal`` by default.
BOT_DELAY_SECONDS = 1.5
PACE_SECONDS = {"fast": 0.5, "normal": BOT_DELAY_SECONDS, "slow": 3.0}
MAX_WRITE_ATTEMPTS = 8
#: The pauses after a round the lobby offers (the table's ``round_break``).
ROUND_BREAK_SECONDS = (5, 15, 30, 0)

TABLE_OPTIONS = (
    OptionSpec("turn_seconds", DEFAULT_TURN_SECONDS, TURN_SECONDS),
    OptionSpec("on_timeout", Timeout.AUTO.value, tuple(t.value for t in Timeout)),
    OptionSpec("hints", "on", ("on", "off")),
    OptionSpec("pace", "normal", tuple(PACE_SECONDS)),
    OptionSpec("round_break", 5, ROUND_BREAK_SECONDS),
    # Last, so the other options keep their lobby buttons' numbers.
    OptionSpec("replay_hands", "off", ("off", "on")),
)


def table_options(game: str) -> tuple[OptionSpec, ...]:
    """The options of every table that mean something for ``game``: hands in
    the replay only where the game has hands (everything in Klotho and Curling
    is public)."""
    hands = render_registry.get(game).private is not None
    return tuple(spec for spec in TABLE_OPTIONS if hands or spec.key != "replay_hands")


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
    #: lobby | start | move | finish | abort | vote | remind | overdue | move-chat |
    #: takeback | resume
    kind: str
    ping: list[int] = field(default_factory=list)  # seats whose turn just began
    notice: Notice | None = None
    private: bool = False  # seats' private screens may have changed
    #: the position a round just ended on, to show apart (the table deals on)
    summary: Summary | None = None


@dataclass
class Outcome:
    """What a button press did, for the frontend to show the presser."""

    table: Table
    state: Any | None
    #: a menu path to show the presser (navigation, no state change)
    path: tuple[int, ...] | None = None
    #: show that menu with the reasons for what it leaves out
    explain: bool = False
    #: the computer's suggestion (its whole menu path, and why), to mark in the menu
    hint: Hint | None = None
    #: the pressed message was a question, now answered: a message id of what
    #: it says instead of its buttons
    said: str | None = None


@dataclass
class Step:
    state: Any | None
    kind: str
    notice: Notice | None = None
    log_entry: str | None = None
    ping: list[int] = field(default_factory=list)
    private: bool = False
    joined: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)
    #: what becomes of the positions a move may be taken back to
    undo: Undo | None = None
    summary: Summary | None = None


Listener = Callable[[Change], Awaitable[None]]


class ServiceBase:
    """Lookups and the write path every part of the table service uses."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        presses: PressLimiter | None = None,
        commands: PressLimiter | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        self.store = store
        #: This process's figures (its own registry; a fresh one when not given).
        self.metrics = metrics or Metrics()
        self.clock = clock
        #: Refuses a person's presses beyond the limit (None: no limit).
        self.presses = presses
        #: Refuses a person's commands beyond the limit (None: no limit).
        self.commands = commands
        self.decks = DeckBook(store)
        #: Finished games, for /history and /replay.
        self.history = History(store)
        self.ratings = Ratings(store)
        #: 💡 hints, decided once per position.
        self.advisor = Advisor(self.metrics)
        self._listeners: list[Listener] = []

    async def command_allowed(self, player_key: str) -> bool:
        """Count a command of ``player_key``: False when over the limit (a frontend
        then ignores it). With Redis down the command goes on, and says so itself."""
        if self.commands is None:
            return True
        try:
            return await self.commands.allow(player_key)
        except RedisError:
            return True

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` after every saved change (frontends render screens)."""
        self._listeners.append(listener)

    # -- lookups -------------------------------------------------------------

    @guarded
    async def get(self, table_id: str) -> tuple[Table, Any | None]:
        """A table and its game state; raises :class:`TableNotFound`."""
        return self._decode(await self.store.load(table_id))

    @staticmethod
    def _decode(loaded: tuple[Table, str | None] | None) -> tuple[Table, Any | None]:
        """A loaded table with its game state read; raises :class:`TableNotFound`."""
        if loaded is None:
            raise TableNotFound()
        table, text = loaded
        return table, (registry.get(table.game).loads(text) if text else None)

    @guarded
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

    @guarded
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

    @guarded
    async def stats(self, player_key: str) -> dict[str, dict[str, int]]:
        """Games played and won, per game."""
        return await self.store.stats(player_key)

    def _reset_clock(self, table: Table) -> None:
        if table.turn_seconds <= 0:
            table.turn_deadline = table.remind_at = None
            return
        now = self.clock()
        table.turn_deadline = now + table.turn_seconds
        # Remind when a quarter of the time is left: late enough not to nag,
        # early enough to act on.
        table.remind_at = now + table.turn_seconds * 3 / 4

    def _take_break(self, table: Table) -> None:
        """A round just ended and a computer would open the next: the one
        person alone with computers is waited for (▶ Next round); a table of
        several waits its ``round_break``."""
        if solo_seat(table) is not None:
            table.held = True
            table.turn_deadline = table.remind_at = None
        elif table.round_break:
            table.break_until = self.clock() + table.round_break

    def _timers(self, table: Table, state: Any) -> dict[str, float | None]:
        """When the table's ``turn`` and ``vote`` timers should fire (None: not at all)."""
        if table.status != Status.PLAYING:
            return {"turn": None, "vote": None}
        game = registry.get(table.game)
        turn: float | None
        if game.window(state) is not None:
            # A window closes on time, unless a seat the bot plays acts in it first.
            turn = table.turn_deadline or self.clock()
            if bots_to_act(table, game, state):
                turn = min(turn, self.clock() + PACE_SECONDS[table.pace])
        elif table.held:
            # Nobody's clock runs until the one person says ▶ Next round.
            turn = None
        elif bots_to_act(table, game, state):
            # Seats the computer plays move after a pause people can follow,
            # and not before a round's break is over.
            turn = max(self.clock() + PACE_SECONDS[table.pace], table.break_until or 0.0)
        else:
            marks = [t for t in (table.remind_at, table.turn_deadline) if t is not None]
            turn = min(marks, default=None)
        vote = min((v.expires_at for v in table.votes), default=None)
        return {"turn": turn, "vote": vote}

    async def _reschedule(self, table: Table, state: Any) -> None:
        """Set the timers again from the table as loaded (a timer that fired
        early); a newer record has set its own."""
        await self.store.set_timers(table.id, table.version, self._timers(table, state))

    # -- the write path ------------------------------------------------------

    async def _mutate(
        self,
        table_id: str,
        fn: Callable[[Table, Any], Step],
        loaded: tuple[Table, Any] | None = None,
    ) -> tuple[Table, Any]:
        """Apply ``fn`` to the newest table and save the result with one
        compare-and-set, trying again when another writer got there first.
        ``loaded``: the table and state the caller just read, tried first
        (the table is not read twice for one press)."""
        for _ in range(MAX_WRITE_ATTEMPTS):
            if loaded is None:
                loaded = await self.get(table_id)
            table, state = loaded
            loaded = None
            before = table.version
            try:
                step = fn(table, state)
            except GameError as exc:
                self._log("refused", table, code=exc.code)
                raise
            if await self._save(table, step, before):
                return table, step.state
        raise Conflict()

    async def _save(self, table: Table, step: Step, before: int) -> bool:
        """Save the table ``step`` changed if its record is still at version
        ``before`` (then publish it); False when another writer got there first."""
        if table.status != Status.PLAYING and table.takeback_marks:
            # A game no longer played keeps no positions to go back to.
            table.takeback_marks = []
            step.undo = Undo("clear")
        table.version = before + 1
        game = registry.get(table.game)
        saved = await self.store.save(
            table,
            game.dumps(step.state) if step.state is not None else None,
            expected=before,
            log_entry=step.log_entry,
            timers=self._timers(table, step.state),
            undo=step.undo,
        )
        if saved:
            await self._after_save(table, step)
        return saved

    async def _mutate_table(self, table_id: str, fn: Callable[[Table, Any], Step]) -> Table:
        """:meth:`_mutate` for changes whose caller needs only the table."""
        table, _ = await self._mutate(table_id, fn)
        return table

    async def _after_save(self, table: Table, step: Step) -> None:
        try:
            await self._update_indexes(table, step)
        except RedisError as exc:
            # The change and its timers are saved; indexes catch up on the
            # next change, so the players are told about it rather than of an error.
            log.warning("event=after-save-failed table=%s error=%r", table.id, exc)
        self._log(step.kind, table, notice=step.notice.msg if step.notice else None)
        await self._publish(
            Change(table, step.state, step.kind, step.ping, step.notice, step.private, step.summary)
        )

    async def _update_indexes(self, table: Table, step: Step) -> None:
        for key in step.joined:
            await self.store.add_player_table(key, table.id)
        for key in step.left:
            await self.store.remove_player_table(key, table.id)
        if not table.active:
            await self.store.release_chat(table.chat, table.id)
            for player in table.players:
                await self.store.remove_player_table(player.key, table.id)
        if step.kind == "finish" and table.result is not None:
            winners = {int(s) for s in table.result.get("winners", [])}
            levels = [LEVELS.index(p.level) for p in table.players if is_computer(p.key)]
            await self.store.add_result(
                table.game,
                [p.key for p in table.players if not is_computer(p.key)],
                [p.key for s, p in enumerate(table.players) if s in winners and not p.bot],
                # Games against the computer are counted apart, by its strongest level.
                against=LEVELS[max(levels)] if levels else None,
            )
            await self.history.record(table, self.clock())
            await self.ratings.rate(table)

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
                f"game={table.game}",
                f"chat={table.chat}",
                f"version={table.version}",
                f"state_version={table.state_version}",
                f"status={table.status}",
            ]
        parts += [f"{k}={v}" for k, v in fields.items() if v is not None]
        log.info(" ".join(parts))


def require_status(table: Table, status: Status) -> None:
    """Refuse with :class:`WrongPhase` unless the table is in ``status``."""
    if table.status != status:
        raise WrongPhase(status=table.status)


def human_seat(table: Table, player_key: str) -> int:
    """The seat of ``player_key``: refused when they have none, or when a
    computer took their seat over."""
    seat = table.seat_of(player_key)
    if seat is None:
        raise NotSeated()
    if table.players[seat].bot:
        raise ServiceError("seat-taken-over")
    return seat


def check_options(specs: Sequence[OptionSpec], values: dict[str, Any]) -> None:
    """Refuse option values outside their spec's choices."""
    for spec in specs:
        if spec.key in values and values[spec.key] not in spec.choices:
            raise InvalidOptions(
                f"option {spec.key!r} must be one of {list(spec.choices)}", option=spec.key
            )


def public_events(game: Game[Any], state: Any) -> list[dict[str, Any]]:
    """The last action's events as the public may see them."""
    events: list[dict[str, Any]] = game.view(state, None).get("events", [])
    return events


def bots_to_act(table: Table, game: Game[Any], state: Any) -> list[int]:
    """Seats the computer plays that have something to do now: a move, or a
    game's vote (which they answer like everyone, so they never hold it up).
    Those with only a vote to cast come first: a seat's own move may end the
    vote (a proposer moving on), so it waits until the others have answered."""
    bots = [s for s in game.to_move(state) if table.players[s].bot and game.legal_actions(state, s)]
    return sorted(bots, key=lambda s: bool(own_actions(game, state, s)))
