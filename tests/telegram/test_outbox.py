"""The outgoing queue and the rate budget every worker shares: Telegram's limits,
flood waits, failures worth retrying, and coalesced edits."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Sequence
from typing import Any, cast

import pytest
from aiogram import Bot
from aiogram.exceptions import TelegramNetworkError, TelegramRetryAfter, TelegramServerError
from aiogram.methods import SendMessage, TelegramMethod

from bot.core.pacing import Limits, RateBudget
from bot.core.screen_sync import Gate
from bot.core.store import Store
from bot.telegram import outbox as outbox_module
from bot.telegram.outbox import Outbox, Pacer, PacingMiddleware
from tests.conftest import FakeClock


def budgets(store: Store, limits: Limits, clock: FakeClock, workers: int = 2) -> list[RateBudget]:
    """The budgets of ``workers`` workers of one bot (one Redis, one prefix)."""
    return [
        RateBudget(store.redis, limits, prefix=store.prefix, clock=clock) for _ in range(workers)
    ]


async def test_one_call_a_second_per_chat_for_all_workers(store: Store, clock: FakeClock) -> None:
    a, b = budgets(store, Limits(), clock)
    assert await a.reserve("5", group=False) == 0
    assert await b.reserve("5", group=False) == 1.0, "the other worker waits too"
    assert await b.reserve("6", group=False) == 0, "other chats are not held back"
    clock.advance(1.0)
    assert await b.reserve("5", group=False) == 0


async def test_twenty_a_minute_per_group_spread_out_for_all_workers(
    store: Store, clock: FakeClock
) -> None:
    workers = budgets(store, Limits(chat_interval=0), clock)
    assert await workers[0].reserve("-100", group=True) == 0
    assert await workers[1].reserve("-100", group=True) == 3.0, "60 s / 20: one call every 3 s"
    clock.advance(3)
    assert await workers[1].reserve("-100", group=True) == 0
    assert await workers[0].reserve("7", group=False) == 0, "a private chat is not held back"
    assert await workers[0].reserve("7", group=False) == 0, "nor spaced (interval 0)"


async def test_thirty_a_second_overall_for_all_workers(store: Store, clock: FakeClock) -> None:
    workers = budgets(store, Limits(), clock, workers=3)
    for chat in range(1, 31):
        assert await workers[chat % 3].reserve(str(chat), group=False) == 0
    assert await workers[0].reserve("31", group=False) == 1.0
    clock.advance(1.0)
    assert await workers[1].reserve("31", group=False) == 0


async def test_a_refused_call_spends_nothing(store: Store, clock: FakeClock) -> None:
    a, b = budgets(store, Limits(chat_interval=1, global_per_second=2), clock)
    assert await a.reserve("1", group=False) == 0
    assert await a.reserve("1", group=False) == 1.0, "refused: the chat's second"
    assert await b.reserve("2", group=False) == 0, "the refused call took no global place"
    assert await b.reserve("3", group=False) == 1.0, "two a second overall"


async def test_retry_after_pauses_the_chat_for_every_worker(store: Store, clock: FakeClock) -> None:
    a, b = budgets(store, Limits(), clock)
    await a.pause("5", 7)
    assert await b.reserve("5", group=False) == 7
    await a.pause("5", 2)
    assert await b.reserve("5", group=False) == 7, "a shorter pause does not cut a longer one"


def _outbox(store: Store, limits: Limits) -> Outbox:
    return Outbox(Pacer(RateBudget(store.redis, limits, prefix=store.prefix)))


async def test_edits_of_one_message_are_coalesced(store: Store) -> None:
    outbox = _outbox(store, Limits(chat_interval=0.05))
    done: list[int] = []

    def edit(n: int):  # type: ignore[no-untyped-def]
        async def call(gate: Gate) -> None:
            await gate()
            await asyncio.sleep(0.01)
            done.append(n)

        return call

    for n in range(10):
        outbox.put(1, edit(n), key="table")
        await asyncio.sleep(0.002)
    await outbox.drain()
    assert done[-1] == 9, "the latest content wins"
    assert len(done) <= 3, f"ten edits went out as {len(done)} calls"


class Granting(RateBudget):
    """A budget that notes, per chat, the time of its clock at every call it spent.

    The pacing is the budget's: judged by its own clock, a busy machine's late
    wake-ups (between the budget's yes and the call) cannot fail the test.
    """

    def __init__(self, store: Store, limits: Limits) -> None:
        super().__init__(store.redis, limits, prefix=store.prefix)
        self.granted: dict[str, list[float]] = {}

    async def reserve_many(self, calls: Sequence[tuple[str, bool]]) -> list[float]:
        now = time.time()
        # The parent reads its clock before its first await: no other task reads it between.
        self.clock = lambda: now
        waits = await super().reserve_many(calls)
        for (chat, _), wait in zip(calls, waits, strict=True):
            if not wait:
                self.granted.setdefault(chat, []).append(now)
        return waits


async def test_calls_to_one_chat_are_paced_and_other_chats_are_not(store: Store) -> None:
    budget = Granting(store, Limits(chat_interval=0.1))
    outbox = Outbox(Pacer(budget))

    async def call(gate: Gate) -> None:
        await gate()

    for _ in range(4):
        outbox.put(1, call)
        outbox.put(2, call)
    await outbox.drain()
    ones, twos = budget.granted["1"], budget.granted["2"]
    assert len(ones) == len(twos) == 4
    gaps = [b - a for a, b in itertools.pairwise(ones)]
    assert all(g >= 0.1 - 1e-9 for g in gaps), gaps
    assert twos[0] < ones[1], "chat 2 waited for chat 1"


async def test_flood_wait_is_obeyed_then_the_call_retried(store: Store) -> None:
    outbox = _outbox(store, Limits(chat_interval=0))
    attempts: list[float] = []

    async def call(gate: Gate) -> None:
        attempts.append(time.monotonic())
        if len(attempts) == 1:
            raise TelegramRetryAfter(SendMessage(chat_id=1, text="x"), "Too Many Requests", 1)

    outbox.put(1, call)
    await asyncio.wait_for(outbox.drain(), 5)
    assert len(attempts) == 2
    assert attempts[1] - attempts[0] >= 0.95


async def test_failures_the_network_may_get_over_are_retried_with_growing_pauses(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outbox_module, "BACKOFF", 0.1)
    outbox = _outbox(store, Limits(chat_interval=0))
    method = SendMessage(chat_id=1, text="x")
    failures = [
        TelegramServerError(method, "Bad Gateway"),
        TelegramNetworkError(method, "connection reset"),
        TimeoutError(),
    ]
    attempts: list[float] = []

    async def call(gate: Gate) -> None:
        attempts.append(time.monotonic())
        if failures:
            raise failures.pop(0)

    outbox.put(1, call)
    await asyncio.wait_for(outbox.drain(), 10)
    assert len(attempts) == 4
    gaps = [b - a for a, b in itertools.pairwise(attempts)]
    backoff = outbox_module.BACKOFF
    assert [round(g / backoff) for g in gaps] == [1, 2, 4], gaps


async def test_a_failing_call_does_not_block_the_queue(store: Store) -> None:
    outbox = _outbox(store, Limits(chat_interval=0))
    done: list[str] = []

    async def broken(gate: Gate) -> None:
        raise RuntimeError("boom")

    async def fine(gate: Gate) -> None:
        done.append("fine")

    outbox.put(1, broken)
    outbox.put(1, fine)
    await asyncio.wait_for(outbox.drain(), 2)
    assert done == ["fine"] and outbox.pending == 0


async def test_a_call_that_sends_nothing_spends_no_budget(store: Store) -> None:
    outbox = _outbox(store, Limits(chat_interval=0.5))
    times: list[float] = []

    async def nothing(gate: Gate) -> None:
        return None

    async def real(gate: Gate) -> None:
        await gate()
        times.append(time.monotonic())

    started = time.monotonic()
    outbox.put(1, nothing)
    outbox.put(1, real)
    await asyncio.wait_for(outbox.drain(), 2)
    assert times[0] - started < 0.2, "the skipped call did not delay the real one"


async def test_a_call_that_goes_out_late_spaces_the_next_from_when_it_went(store: Store) -> None:
    budget = RateBudget(store.redis, Limits(chat_interval=1.0), prefix=store.prefix)
    pacer = Pacer(budget)
    sent: list[float] = []

    async def request(bot: Bot, method: TelegramMethod[Any]) -> Any:
        sent.append(time.monotonic())
        return True

    await pacer.prepay(5)
    # Drawing the screen took a while after its budget was spent.
    await asyncio.sleep(outbox_module.PAID_FOR * 4)
    await PacingMiddleware(pacer)(request, cast(Bot, None), SendMessage(chat_id=5, text="x"))
    assert len(sent) == 1, "it went at once"
    # Another worker's next call is spaced from when the late call went out.
    assert await budget.reserve("5", group=False) > 1.0 - outbox_module.PAID_FOR
