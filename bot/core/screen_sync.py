"""Screens that converge to their table's state, for any chat frontend.

A frontend shows a screen (a lobby, a table, a hand) by :meth:`ScreenSync.show`:
the screen is marked pending in Redis (:mod:`bot.core.pending`) and a job is
queued in the frontend's own outgoing queue. The job draws the state it reads
when it runs, under the screen's lease, sends it, and clears the mark only
once the platform took it; it goes round again while the state moves on. Every
worker sweeps up the marks a dead or failing worker left, so every screen
catches up with its table within seconds, whichever worker is alive.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from redis.exceptions import RedisError

from bot.core import pending
from bot.core.errors import TableNotFound, Unavailable
from bot.core.pending import Mark, PendingScreens
from bot.core.screen_base import Screen
from bot.core.service import TableService
from bot.core.tables import Table

log = logging.getLogger("bot.screens")

#: Waits until the platform's rate budget lets one call go (and spends it).
Gate = Callable[[], Awaitable[None]]
#: A queued job; it is given the gate of the chat it writes to.
Job = Callable[[Gate], Awaitable[None]]
#: Seconds between two sweeps for pending screens.
SWEEP_INTERVAL = 1.0
#: How often, and how far apart, a screen's lease is asked for before the
#: screen is left to the worker holding it.
LEASE_TRIES = 3
LEASE_PAUSE = 0.2
#: What is kept per screen: the message id, then the version, digest and
#: picture it shows.
SCREEN_REFS = ("", ":v", ":digest", ":image")


@dataclass
class ScreenSync:
    """One frontend's screens (see the module docstring).

    ``draw`` makes the screen ``ref`` of a table now (None: it shows nothing);
    ``deliver`` sends or edits it (False: it cannot be shown there, nor
    retried; failures worth retrying are raised); ``place`` names the chat a
    screen is shown in; ``enqueue`` puts a job in the frontend's queue for
    that chat under a key that coalesces jobs of one screen.
    """

    service: TableService
    pending: PendingScreens
    draw: Callable[[Table, Any, str], Awaitable[Screen | None]]
    deliver: Callable[[Table, str, Screen], Awaitable[bool]]
    place: Callable[[Table, str], str]
    enqueue: Callable[[str, str, Job], None]
    #: The marks of the screens queued here, by queue key.
    held: dict[str, Mark] = field(default_factory=dict)

    async def show(self, table: Table, ref: str, *, again: bool = False) -> None:
        """Mark the screen pending, then queue bringing it up to date (``again``:
        drawn even if nothing changed, say after the chat's language did)."""
        if again:
            await self.service.store.del_refs(table.id, f"{ref}:v", f"{ref}:digest")
        (mark,) = await self.pending.mark([(table.id, ref)])
        self.queue(mark, self.place(table, ref))

    async def forget(self, table_id: str, ref: str) -> None:
        """Forget what the screen shows and where, so it is sent anew."""
        await self.service.store.del_refs(table_id, *(f"{ref}{part}" for part in SCREEN_REFS))

    def queue(self, mark: Mark, chat: str) -> None:
        """Queue the job that brings ``mark``'s screen up to date."""
        key = f"{mark.table_id}:{mark.ref}"
        self.held[key] = mark

        async def job(gate: Gate) -> None:
            await self.sync(mark, gate)
            # Kept while the job fails or is cut short, for ``hand_back``.
            if self.held.get(key) is mark:
                del self.held[key]

        self.enqueue(chat, key, job)

    async def sync(self, mark: Mark, gate: Gate) -> None:
        """Bring one screen up to the newest state and clear its mark.

        The worker takes the screen's lease, waits until the rate budget lets
        a call go, and only then draws the state it reads (its pictures drawn
        already by the first look); it goes round again as long as the state
        moved on while it sent. The budget is spent right before the call
        (not before waiting for a lease another worker holds), so that every
        worker's calls to a chat keep their spacing.
        """
        table_id, ref = mark.table_id, mark.ref
        while await self._behind(table_id, ref) is not None:
            token = await self._lease(table_id, ref)
            if token is None:
                # Another worker is drawing it; the mark stays until one clears it.
                return
            try:
                await gate()
                behind = await self._behind(table_id, ref)
                if behind is None:
                    continue
                table, screen, digest = behind
                if not await self.deliver(table, ref, screen):
                    break
                await self.service.store.set_refs(
                    table_id, {f"{ref}:v": str(table.version), f"{ref}:digest": digest}
                )
            finally:
                await self.pending.release(table_id, ref, token)
            if await self.service.store.version(table_id) == table.version:
                break
        await self.pending.done(mark)

    async def sweep(self, stop: asyncio.Event) -> None:
        """Until ``stop``: take over the pending screens no worker is bringing up
        to date (its worker died, or a send failed for good) and queue them.

        At start it takes every pending screen: those a previous run of this
        worker held would otherwise wait out their grace.
        """
        ahead = pending.GRACE
        while not stop.is_set():
            try:
                for mark in await self.pending.claim(ahead=ahead):
                    try:
                        table, _ = await self.service.get(mark.table_id)
                    except TableNotFound:
                        await self.pending.done(mark)
                        continue
                    self.queue(mark, self.place(table, mark.ref))
                ahead = 0.0
            except (RedisError, Unavailable) as exc:
                log.warning("event=sweep-failed error=%s", type(exc).__name__)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), SWEEP_INTERVAL)

    async def hand_back(self) -> None:
        """Shutting down: let other workers take the screens still queued here."""
        await self.pending.hand_back(self.held.values())
        self.held.clear()

    async def _behind(self, table_id: str, ref: str) -> tuple[Table, Screen, str] | None:
        """The table, the screen ``ref`` should show and its digest, when the
        message shows something else (None: it is current, or shows nothing)."""
        try:
            table, state = await self.service.get(table_id)
        except TableNotFound:
            return None
        screen = await self.draw(table, state, ref)
        if screen is None:
            return None
        digest = screen.digest()
        shown, shown_digest = await self.service.store.get_refs(
            table_id, [f"{ref}:v", f"{ref}:digest"]
        )
        if int(shown or -1) >= table.version or digest == shown_digest:
            return None
        return table, screen, digest

    async def _lease(self, table_id: str, ref: str) -> str | None:
        for _ in range(LEASE_TRIES):
            token = await self.pending.lease(table_id, ref)
            if token is not None:
                return token
            await asyncio.sleep(LEASE_PAUSE)
        return None
