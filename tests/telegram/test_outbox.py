"""The outgoing queue: Telegram's rate limits, flood waits, and coalesced edits."""

from __future__ import annotations

import asyncio
import itertools
import time

from aiogram.exceptions import TelegramRetryAfter
from aiogram.methods import SendMessage

from bot.telegram.outbox import Limits, Outbox, Pacer


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_pacer_keeps_one_call_a_second_per_chat() -> None:
    clock = Clock()
    pacer = Pacer(Limits(), clock)
    assert pacer.delay(5) == 0
    pacer.record(5)
    assert pacer.delay(5) == 1.0
    assert pacer.delay(6) == 0, "other chats are not held back"
    clock.now += 1.0
    assert pacer.delay(5) == 0


def test_pacer_keeps_twenty_a_minute_per_group() -> None:
    clock = Clock()
    pacer = Pacer(Limits(chat_interval=0), clock)
    for _ in range(20):
        assert pacer.delay(-100) == 0
        pacer.record(-100)
        clock.now += 1
    assert pacer.delay(-100) == 40, "the 21st call waits until the first leaves the minute"
    assert pacer.delay(7) == 0, "private chats have no per-minute window"


def test_pacer_keeps_thirty_a_second_overall() -> None:
    clock = Clock()
    pacer = Pacer(Limits(), clock)
    for chat in range(1, 31):
        assert pacer.delay(chat) == 0
        pacer.record(chat)
    assert pacer.delay(31) == 1.0
    clock.now += 1.0
    assert pacer.delay(31) == 0


def test_pacer_obeys_retry_after() -> None:
    clock = Clock()
    pacer = Pacer(Limits(), clock)
    pacer.pause(5, 7)
    assert pacer.delay(5) == 7


async def test_edits_of_one_message_are_coalesced() -> None:
    outbox = Outbox(Limits(chat_interval=0.05))
    done: list[int] = []

    def edit(n: int):  # type: ignore[no-untyped-def]
        async def call() -> None:
            await asyncio.sleep(0.01)
            done.append(n)

        return call

    for n in range(10):
        outbox.put(1, edit(n), key="table")
        await asyncio.sleep(0.002)
    await outbox.drain()
    assert done[-1] == 9, "the latest content wins"
    assert len(done) <= 3, f"ten edits went out as {len(done)} calls"


async def test_calls_to_one_chat_are_paced_and_other_chats_are_not() -> None:
    outbox = Outbox(Limits(chat_interval=0.1))
    times: dict[int, list[float]] = {1: [], 2: []}

    def stamp(chat: int):  # type: ignore[no-untyped-def]
        async def call() -> None:
            times[chat].append(time.monotonic())

        return call

    started = time.monotonic()
    for _ in range(4):
        outbox.put(1, stamp(1))
        outbox.put(2, stamp(2))
    await outbox.drain()
    gaps = [b - a for a, b in itertools.pairwise(times[1])]
    assert all(g >= 0.095 for g in gaps), gaps
    assert times[2][0] - started < 0.05, "chat 2 did not wait for chat 1"


async def test_flood_wait_is_obeyed_then_the_call_retried() -> None:
    outbox = Outbox(Limits(chat_interval=0))
    attempts: list[float] = []

    async def call() -> None:
        attempts.append(time.monotonic())
        if len(attempts) == 1:
            raise TelegramRetryAfter(SendMessage(chat_id=1, text="x"), "Too Many Requests", 1)

    outbox.put(1, call)
    await asyncio.wait_for(outbox.drain(), 5)
    assert len(attempts) == 2
    assert attempts[1] - attempts[0] >= 0.95


async def test_a_failing_call_does_not_block_the_queue() -> None:
    outbox = Outbox(Limits(chat_interval=0))
    done: list[str] = []

    async def broken() -> None:
        raise RuntimeError("boom")

    async def fine() -> None:
        done.append("fine")

    outbox.put(1, broken)
    outbox.put(1, fine)
    await asyncio.wait_for(outbox.drain(), 2)
    assert done == ["fine"] and outbox.pending == 0


async def test_a_call_with_nothing_to_send_does_not_use_the_chats_turn() -> None:
    outbox = Outbox(Limits(chat_interval=0.5))
    times: list[float] = []

    async def nothing() -> bool:
        return False

    async def real() -> None:
        times.append(time.monotonic())

    started = time.monotonic()
    outbox.put(1, nothing)
    outbox.put(1, real)
    await asyncio.wait_for(outbox.drain(), 2)
    assert times[0] - started < 0.2, "the skipped call did not delay the real one"
