"""One saved change shown in Telegram with few Redis round trips.

A change (a move, say) shows several screens at once: the group's table, each
player's hand, maybe a ping. Brought up to date one by one
(:mod:`bot.core.screen_sync`), each screen would read the table, the languages
and its references, take its lease, spend its chat's budget and write what it
sent: a dozen round trips a screen. Here the change's screens share them:

1. while the update is being handled, one pipeline marks every screen pending
   (so that a worker dying now leaves them to the others' sweep), asks for
   the hands of the players whose turn began to be sent anew (a new message
   notifies; an edit does not), takes every screen's lease, and reads the
   table's references and every language the screens are drawn in; then a
   job is queued in each chat the change writes to, which keeps the chat's
   order (a notice said after it comes after it);
2. the rest runs as a task of the outbox: the screens are drawn from the
   change itself and compared with what their messages show. A screen shown
   already is done with. A waiting hand that only changed in its picture
   (another player's card in that seat's row) is left for
   :data:`LAZY_SECONDS`: when the seat's turn begins first, the new message of
   that turn shows it and no edit is spent on it. Every other screen needs a
   call, and so does each text ping;
3. one script spends the budget of every call's chat;
4. the calls go out through each chat's queue, in order with its other calls,
   followed by the deletion of a chat's old messages when that is due
   (:mod:`bot.telegram.delivery`); once the game is over, each private chat
   gets a job of its own that deletes them all, queued last;
5. one pipeline writes what every message now shows, gives the leases back,
   clears the marks of the screens that are current, and leaves the lazy ones
   to the sweep.

A screen whose lease is held elsewhere, whose chat has no budget left now or
calls queued already (waiting for those would hold every other screen's lease
and mark), or whose call failed in a way worth trying again goes the long
way, through :meth:`ScreenSync.queue`, with its own pauses, retries and
lease; so does every screen of the change when the table moved on meanwhile,
since the newer change may have found them leased here.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from redis.exceptions import RedisError

from bot.core.languages import Spoken
from bot.core.pending import Mark
from bot.core.publishing import plan
from bot.core.screen_base import Screen
from bot.core.screen_sync import Gate
from bot.core.service import Change
from bot.core.tables import Status
from bot.telegram import delivery, ids
from bot.telegram.delivery import (
    LOBBY_REF,
    TABLE_REF,
    RefChanges,
    Shown,
    chat_of,
    hand_ref,
    refs_key,
    update_refs_in,
)

if TYPE_CHECKING:
    from bot.telegram.publisher import Publisher

log = logging.getLogger("bot.telegram")

#: Seconds a waiting hand's picture may lag behind (see the module docstring).
#: Long enough that at people's pace the seat's turn comes first: in a
#: 3-player game it does unless the other two take half a minute each, so the
#: edit is almost never spent; short enough that a player who reads their
#: private chat while waiting never sees their row more than a minute old (the
#: group's table is always current).
LAZY_SECONDS = 60.0


class Fate(enum.Enum):
    """What became of one screen of the change."""

    #: it shows the change already, or has nothing to show
    CURRENT = enum.auto()
    #: a waiting hand left lazily behind
    LAZY = enum.auto()
    #: it needs a call
    CALL = enum.auto()
    #: the call was made
    SENT = enum.auto()
    #: Telegram refused it for good (a user who blocked the bot, a closed topic)
    REFUSED = enum.auto()
    #: it goes the long way (no lease, no budget, a failure worth retrying)
    LONG_WAY = enum.auto()


@dataclass
class _Screen:
    ref: str
    chat: str
    mark: Mark
    token: str
    leased: bool
    fate: Fate = Fate.LONG_WAY
    screen: Screen | None = None
    changes: RefChanges = field(default_factory=dict)


@dataclass
class _Call:
    """One Telegram call (or, for ``paced`` False, a deletion) in a chat."""

    chat_id: int
    run: Callable[[], Awaitable[None]]
    paced: bool = True
    #: its chat's budget was spent for it: it goes out at once
    paid: bool = False
    #: what to do when it cannot be made now: the long way
    long_way: Callable[[], None] | None = None


class Publication:
    """The screens of one change (see the module docstring)."""

    def __init__(self, publisher: Publisher, change: Change) -> None:
        self.p = publisher
        self.change = change
        self.table = change.table
        self.plan = plan(change, publisher.screens)
        self.now = time.time()
        self.screens: list[_Screen] = []
        self.refs: dict[str, str] = {}
        self.spoken = Spoken({}, {})
        self.calls: list[_Call] = []
        self.changes: RefChanges = {}
        #: seats pinged by a text message
        self.texts: list[int] = []
        #: chats whose old messages are to be deleted now
        self.old: dict[int, dict[int, float]] = {}
        #: set once the calls are known (and paid for): each chat's job makes its own
        self.ready = asyncio.Event()
        #: each chat's job, done
        self.finished: list[asyncio.Future[None]] = []
        #: chats whose queue held calls already: their calls go the long way,
        #: since waiting for those would hold every screen's lease and mark
        self.busy: set[int] = set()

    # -- 1: marks, leases and reads, while the update is handled ---------------

    async def start(self) -> None:
        """Mark, lease and read in one round trip; the rest goes on as a task."""
        table, p = self.table, self.p
        refs = [
            r for r, shown in ((LOBBY_REF, self.plan.lobby), (TABLE_REF, self.plan.table)) if shown
        ]
        hands = [s for s in self.plan.seats if not table.players[s].bot]
        refs += [hand_ref(s) for s in hands]
        anew: RefChanges = {}
        for seat in self.plan.ping:
            player = table.players[seat]
            # A solo game is played in the player's private chat: its messages show the turn.
            if player.bot or player.key == table.chat:
                continue
            if hand_ref(seat) in refs and not self._reminder:
                anew[f"{hand_ref(seat)}:anew"] = "1"
            else:
                self.texts.append(seat)
        users = [table.players[s].key for s in (*hands, *self.texts)]
        async with p.store.redis.pipeline(transaction=False) as pipe:
            marks = p.sync.pending.mark_in(pipe, [(table.id, ref) for ref in refs])
            if anew:
                update_refs_in(pipe, p.store, table.id, anew)
            tokens = [p.sync.pending.lease_in(pipe, table.id, ref) for ref in refs]
            pipe.hgetall(refs_key(p.store, table.id))
            read_languages = p.languages.read_in(pipe, [table.chat], sorted(set(users)))
            replies: Iterator[Any] = iter(await pipe.execute())
        next(replies)
        if anew:
            next(replies)
        for ref, mark, token in zip(refs, marks, tokens, strict=True):
            self.screens.append(_Screen(ref, chat_of(table, ref), mark, token, bool(next(replies))))
            p.sync.held[f"{table.id}:{ref}"] = mark
        self.refs = next(replies)
        self.spoken = read_languages(replies)
        if table.status == Status.PLAYING:
            for chat_id, old in delivery.old_messages(self.refs).items():
                if delivery.clearing_due(old, self.now):
                    self.old[chat_id] = old
        # Each chat's job is queued now, in the chat's order, and makes its calls
        # once they are drawn.
        chats = [ids.queue_id(s.chat) for s in self.screens]
        chats += [ids.queue_id(table.players[seat].key) for seat in self.texts]
        for chat_id in dict.fromkeys([*chats, *self.old]):
            if p.outbox.busy(chat_id):
                self.busy.add(chat_id)
            else:
                self.finished.append(self._queue(chat_id))
        p.outbox.spawn(self._finish())
        if self.plan.notice is not None:
            await p.announce(table, self.plan.notice, self.spoken.chats[table.chat])

    @property
    def _reminder(self) -> bool:
        notice = self.change.notice
        return notice is not None and notice.msg == "turn-reminder"

    # -- 2 to 5, as a task of the outbox -----------------------------------------

    async def _finish(self) -> None:
        written = False
        try:
            try:
                await self._draw()
                self._plan_calls()
                await self._reserve()
            finally:
                self.ready.set()
            await asyncio.gather(*self.finished)
            moved_on = await self._write()
            written = True
        finally:
            if not written:
                # Failed or cut short (a worker stopping): another worker may
                # draw them at once; their marks stay held, for ``hand_back``.
                await self._release()
        for s in self.screens:
            if self.p.sync.held.get(f"{self.table.id}:{s.ref}") is s.mark:
                del self.p.sync.held[f"{self.table.id}:{s.ref}"]
            if moved_on or s.fate in (Fate.LONG_WAY, Fate.CALL):
                self.p.sync.queue(s.mark, s.chat)
        if self.table.status != Status.PLAYING:
            # After every call queued for these chats, and reading what the
            # earlier changes' calls left when it runs.
            for player in self.table.players:
                if not player.bot and player.key != self.table.chat:
                    self.p.queue_clearing(self.table.id, ids.parse_chat_key(player.key)[0])

    async def _release(self) -> None:
        with contextlib.suppress(RedisError):
            async with self.p.store.redis.pipeline(transaction=False) as pipe:
                for s in self.screens:
                    if s.leased:
                        self.p.sync.pending.release_in(pipe, self.table.id, s.ref, s.token)
                await pipe.execute()

    async def _draw(self) -> None:
        table, state = self.table, self.change.state
        leased = [s for s in self.screens if s.leased]

        async def draw(s: _Screen) -> None:
            s.screen = await self.p.draw(table, state, s.ref, self._lang(s.ref))

        await asyncio.gather(*(draw(s) for s in leased))
        for s in leased:
            s.fate = self._fate(s, Shown.read(self.refs, s.ref))

    def _lang(self, ref: str) -> str:
        if ref in (LOBBY_REF, TABLE_REF):
            return self.spoken.chats[self.table.chat]
        return self.spoken.users[self.table.players[delivery.seat_of_ref(ref)].key]

    def _fate(self, s: _Screen, shown: Shown) -> Fate:
        screen = s.screen
        if screen is None:
            return Fate.CURRENT
        if not shown.anew and (
            shown.version >= self.table.version or shown.digest == screen.digest()
        ):
            return Fate.CURRENT
        lazy = (
            s.ref not in (LOBBY_REF, TABLE_REF)
            and self.table.status == Status.PLAYING
            and shown.message_id is not None
            and not shown.anew
            and shown.face == delivery.face(screen)
            and shown.image != screen.image_key
        )
        since = shown.lazy_since or self.now
        if lazy and since + LAZY_SECONDS > self.now:
            s.changes = {f"{s.ref}:lazy": repr(since)}
            return Fate.LAZY
        return Fate.CALL

    def _plan_calls(self) -> None:
        """The calls of the chats whose jobs wait for them; a busy chat's go the long way."""
        for s in self.screens:
            if s.fate == Fate.CALL and ids.queue_id(s.chat) not in self.busy:
                self.calls.append(self._screen_call(s))
        for seat in self.texts:
            call = self._text_call(seat)
            if call.chat_id not in self.busy:
                self.calls.append(call)
            elif call.long_way is not None:
                call.long_way()
        for chat_id, old in self.old.items():
            if chat_id not in self.busy:
                self.calls.append(self._clearing(chat_id, old))

    def _screen_call(self, s: _Screen) -> _Call:
        chat_id = ids.queue_id(s.chat)
        shown = Shown.read(self.refs, s.ref)
        screen = s.screen
        assert screen is not None

        async def put() -> bool:
            changes = await self.p.put(self.table, s.ref, screen, shown, self.now)
            s.changes = changes | {f"{s.ref}:v": str(self.table.version)}
            s.changes[f"{s.ref}:digest"] = screen.digest()
            return True

        async def run() -> None:
            s.fate = Fate.SENT if await self.p.placing(self.table, s.ref, put) else Fate.REFUSED

        return _Call(chat_id, run)

    def _text_call(self, seat: int) -> _Call:
        table = self.table
        key = table.players[seat].key
        chat_id, _ = ids.parse_chat_key(key)
        text = self.p.ping_text(table, seat, self.change.notice, self.spoken.users[key])

        async def run() -> None:
            self.changes |= await self.p.send_ping(table, seat, text, self.now)

        return _Call(chat_id, run, long_way=lambda: self.p.queue_ping(table, seat, text))

    def _clearing(self, chat_id: int, old: Mapping[int, float]) -> _Call:
        async def run() -> None:
            self.changes |= await delivery.clear(self.p.bot, chat_id, old, self.now)

        return _Call(chat_id, run, paced=False)

    # -- 3: the budget of every call at once ---------------------------------------

    async def _reserve(self) -> None:
        paced = [c for c in self.calls if c.paced]
        calls = [(str(c.chat_id), c.chat_id < 0) for c in paced]
        waits = await self.p.outbox.pacer.budget.reserve_many(calls)
        for call, wait in zip(paced, waits, strict=True):
            call.paid = not wait

    # -- 4: the calls, through each chat's queue ---------------------------------------

    def _queue(self, chat_id: int) -> asyncio.Future[None]:
        finished: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        pacer = self.p.outbox.pacer

        async def job(gate: Gate) -> None:
            try:
                await self.ready.wait()
                for call in self.calls:
                    if call.chat_id == chat_id:
                        await self._make(call, pacer.paid)
            finally:
                if not finished.done():
                    finished.set_result(None)

        self.p.outbox.put(chat_id, job)
        return finished

    async def _make(self, call: _Call, paid: Callable[[int], None]) -> None:
        if call.paid:
            paid(call.chat_id)
        elif call.paced:
            # No budget left now: the long way waits for it.
            if call.long_way is not None:
                call.long_way()
            return
        try:
            await call.run()
        except Exception as exc:
            # Worth trying again, the long way (with its retries and pauses).
            log.warning("event=call-failed chat=%s error=%s", call.chat_id, type(exc).__name__)
            if call.long_way is not None:
                call.long_way()

    # -- 5: what every message shows now, leases back, marks cleared ------------------

    async def _write(self) -> bool:
        """Step 5; whether the table moved on since the change."""
        pending = self.p.sync.pending
        changes = dict(self.changes)
        for s in self.screens:
            changes |= s.changes if s.fate in (Fate.SENT, Fate.LAZY) else {}
        async with self.p.store.redis.pipeline(transaction=False) as pipe:
            if changes:
                update_refs_in(pipe, self.p.store, self.table.id, changes)
            for s in self.screens:
                if s.leased:
                    pending.release_in(pipe, self.table.id, s.ref, s.token)
                if s.fate in (Fate.CURRENT, Fate.SENT, Fate.REFUSED):
                    pending.done_in(pipe, s.mark)
                elif s.fate == Fate.LAZY:
                    since = float(s.changes[f"{s.ref}:lazy"] or self.now)
                    pending.defer_in(pipe, s.mark, since + LAZY_SECONDS)
            pipe.hget(self.p.store.table_key(self.table.id), "v")
            *_, version = await pipe.execute()
        return version is not None and int(version) > self.table.version
