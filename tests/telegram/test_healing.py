"""Screens that heal themselves: failed sends, dead workers, racing workers, shutdown."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.core import pending
from bot.core.pacing import Limits
from bot.core.service import TableService
from bot.telegram import outbox
from bot.telegram.publisher import TABLE_REF
from games import registry
from tests.conftest import FakeClock
from tests.telegram import workers
from tests.telegram.conftest import (
    ANYA,
    BORIS,
    GROUP,
    SEATS,
    VIKA,
    Harness,
    make_frontend,
    mover,
    play_moves,
    quick_game,
)
from tests.telegram.fake_api import StoredMessage

KLAC = registry.get("klac")


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shorter pauses than production's, so the tests wait seconds, not minutes."""
    monkeypatch.setattr(outbox, "BACKOFF", 0.05)
    monkeypatch.setattr(pending, "GRACE", 1.0)


async def stale_screens(h: Harness, table_id: str) -> list[str]:
    """The screens (the group's table, each hand) that do not show the current state."""
    frontend = h.tg.frontend
    return await workers.stale_screens(
        h.fake, h.service, frontend.screens, frontend.languages, table_id, GROUP, SEATS
    )


async def wait_current(h: Harness, table_id: str, within: float = 10.0) -> float:
    """Wait until every screen shows the current state; the seconds it took."""
    started = time.monotonic()
    while stale := await stale_screens(h, table_id):
        assert time.monotonic() - started < within, f"still stale after {within} s: {stale}"
        await asyncio.sleep(0.1)
    return time.monotonic() - started


async def test_sends_that_fail_are_retried_until_every_screen_is_current(h: Harness) -> None:
    table_id = await quick_game(h)
    # Every chat fails its next calls: 502 twice, then a connection dropped.
    for chat in (GROUP, ANYA, BORIS, VIKA):
        h.fake.fail_next("*", status=502, chat_id=chat, times=2)
        h.fake.fail_next("*", reset=True, chat_id=chat)
    await play_moves(h.service, table_id, 1)
    await h.settle()
    assert await stale_screens(h, table_id) == []
    failed = [c for c in h.fake.calls if c.status in (0, 502)]
    assert len(failed) >= 6, "the failures were injected and met"


async def test_a_screen_whose_sends_kept_failing_is_healed_by_the_sweep(h: Harness) -> None:
    table_id = await quick_game(h)
    # More failures than one worker's attempts: the queued call gives up.
    h.fake.fail_next("*", status=502, chat_id=GROUP, times=outbox.MAX_ATTEMPTS + 1)
    await play_moves(h.service, table_id, 1)
    await h.settle()
    assert await stale_screens(h, table_id) == ["table"]
    assert await h.tg.publisher.sync.pending.count() == 1, "the table is still marked pending"
    await wait_current(h, table_id, within=5)
    assert await h.tg.publisher.sync.pending.count() == 0


async def test_a_worker_killed_mid_burst_leaves_nothing_behind(
    h: Harness, service: TableService, clock: FakeClock
) -> None:
    table_id = await quick_game(h)
    # A worker that may write to the group only every 2 s: the burst queues up.
    await h.restart(Limits(chat_interval=2.0))
    await play_moves(h.service, table_id, 6)
    await asyncio.sleep(0.3)
    assert await stale_screens(h, table_id), "the burst is still queued"
    # SIGKILL: the process stops where it is; its queue in memory is lost.
    assert h.polling is not None and h.sweeping is not None
    h.sweeping.cancel()
    await h.tg.dispatcher.stop_polling()
    await h.polling
    await h.tg.outbox.close()
    await h.tg.bot.session.close()
    # The restarted worker brings every screen up to date by itself.
    h.service = TableService(service.store, clock=clock)
    h.tg = await make_frontend(h.fake, h.service, service.store)
    await h.start_polling()
    took = await wait_current(h, table_id, within=10)
    assert took < 10
    await h.settle()
    assert await h.tg.publisher.sync.pending.count() == 0


async def test_a_stopping_worker_hands_its_queue_to_the_others(
    h: Harness, service: TableService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id = await quick_game(h)
    # Marks left alone would wait longer than this test.
    monkeypatch.setattr(pending, "GRACE", 60.0)
    await h.stop_polling()
    service_a = TableService(service.store, clock=clock)
    worker_a = await make_frontend(h.fake, service_a, service.store)
    h.service = TableService(service.store, clock=clock)
    h.tg = await make_frontend(h.fake, h.service, service.store)
    await h.start_polling()
    # Worker A's edit of the group's table hangs (Telegram is slow to answer) …
    h.fake.fail_next("editMessageMedia", status=502, delay=30, chat_id=GROUP)
    await play_moves(service_a, table_id, 1)
    await asyncio.sleep(0.3)
    assert "table" in await stale_screens(h, table_id)
    # … when A is told to stop: it does not wait for it, and hands the table back.
    started = time.monotonic()
    await worker_a.stop()
    assert time.monotonic() - started < 5
    await worker_a.bot.session.close()
    await wait_current(h, table_id, within=3)


async def test_two_workers_never_show_an_older_table_over_a_newer_one(
    h: Harness, service: TableService, clock: FakeClock
) -> None:
    table_id = await quick_game(h)
    service_b = TableService(service.store, clock=clock)
    worker_b = await make_frontend(h.fake, service_b, service.store)
    images: list[bytes | None] = []

    async def remember() -> None:
        table, state = await h.service.get(table_id)
        shown = await h.tg.frontend.screens.table(table, state, "ru")
        images.append(shown.image)

    await remember()
    # Worker A's next edit of the group's table hangs for 1.5 s …
    h.fake.fail_next("editMessageMedia", status=200, delay=1.5, chat_id=GROUP)
    await play_moves(h.service, table_id, 1)
    await remember()
    await asyncio.sleep(0.3)
    # … while worker B saves and shows the next move.
    await play_moves(service_b, table_id, 1)
    await remember()
    await asyncio.sleep(0.2)
    await worker_b.outbox.drain()
    await h.settle()
    table_msg = h.fake.message(GROUP, int(await service.store.get_ref(table_id, TABLE_REF) or 0))
    shown = [images.index(v.photo) for v in table_msg.edits if v.photo in images]
    assert shown == sorted(shown), f"the table went back to an older state: {shown}"
    assert shown[-1] == 2, shown
    await worker_b.bot.session.close()


@pytest.mark.parametrize("moved_on", [False, True])
async def test_a_hand_sent_twice_after_a_lost_answer_loses_its_stray_copy(
    h: Harness, moved_on: bool
) -> None:
    # Telegram sends each hand but its answer is lost (a gateway's 502): the
    # bot sends it again, and the first copy stays behind with its buttons.
    for user in SEATS:
        h.fake.fail_next("sendPhoto", status=502, chat_id=user, carried_out=True)
    table_id = await quick_game(h)
    user, _ = await mover(h, table_id)

    def copies() -> list[StoredMessage]:
        return [m for m in h.fake.messages(user) if m.photo is not None]

    await h.fake.wait_until(lambda: len(copies()) == 2, 10)
    stray, current = copies()
    assert stray.buttons and stray.buttons == current.buttons
    menu = [[dict(b) for b in row] for row in current.buttons]
    if moved_on:
        await play_moves(h.service, table_id, 1)
        await h.settle()
    version = (await h.service.get(table_id))[0].state_version
    answer = await h.press(user, user, stray.message_id, stray.buttons[0][0]["callback_data"])
    assert stray.message_id not in [m.message_id for m in copies()], "the copy is deleted"
    assert (await h.service.get(table_id))[0].state_version == version
    if moved_on:
        # Refused as any stale button is.
        assert answer.get("show_alert"), answer
    else:
        # A step of the move's menu: the hand itself shows it.
        assert not answer.get("show_alert"), answer
        assert h.fake.message(user, current.message_id).buttons != menu, "the hand shows the step"
