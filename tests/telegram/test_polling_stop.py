"""A polling worker stopped while it handles a press. SIGKILLed: Telegram still
holds the update (polling confirms an update only once its handler has
finished), so the restarted worker gets it again and the move is made exactly
once. SIGTERM: the worker finishes the press first, then exits."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass

from games import registry
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.workers import Workers, hand, workers

KLAC = registry.get("klac")
GROUP = -100600
USERS = {21: "Аня", 22: "Boris"}


@dataclass
class InHand:
    """A Klac! game on one polling worker, whose handler of a move's press is
    waiting for Telegram to take the press's answer."""

    fake: FakeTelegram
    pool: Workers
    table_id: str
    seats: dict[int, int]
    #: The state version before the press.
    version: int
    query: str

    async def version_now(self) -> int:
        return (await self.pool.service.get(self.table_id))[0].state_version


@contextlib.asynccontextmanager
async def press_in_hand(redis_url: str, answer_delay: float) -> AsyncIterator[InHand]:
    """The press made (its move saved) and its answer held ``answer_delay`` s;
    on the way out, no worker may have logged a traceback."""
    async with FakeTelegram() as fake:
        fake.add_group(GROUP, "Клуб настолок")
        for user, name in USERS.items():
            fake.add_user(user, name, language_code="ru")
        prefix = f"polling-{secrets.token_hex(4)}:"
        async with workers(fake, redis_url, prefix, count=1, polling=True) as pool:
            await pool.start(0)
            table_id, seats = await pool.open_klac(GROUP, list(USERS))
            await pool.current_within(table_id, GROUP, seats, 15)
            table, state = await pool.service.get(table_id)
            seat = KLAC.to_move(state)[0]
            user = next(u for u, s in seats.items() if s == seat)
            answers = len(fake.calls_to(method="answerCallbackQuery"))
            fake.fail_next("answerCallbackQuery", status=200, delay=answer_delay)
            token = pool.move_token(table, state, seat)
            query = fake.press(user, user, hand(fake, user).message_id, token, strict=False)
            await fake.wait_until(
                lambda: len(fake.calls_to(method="answerCallbackQuery")) > answers, 10
            )
            yield InHand(fake, pool, table_id, seats, table.state_version, query)
        assert not [line for line in pool.workers[0].log if "Traceback" in line]


async def test_a_press_in_flight_when_the_worker_is_killed_is_made_exactly_once(
    redis_url: str,
) -> None:
    async with press_in_hand(redis_url, answer_delay=5) as case:
        fake, pool = case.fake, case.pool
        pool.kill(0)
        await pool.stopped(0)
        assert await case.version_now() == case.version + 1, "the move was saved"
        assert any(
            u.get("callback_query", {}).get("id") == case.query for u in fake.pending_updates
        ), "the press in flight was confirmed before its handler finished"
        # Started again, the worker handles the press once more: it is answered
        # and does not make the move twice; every screen catches up.
        await pool.start(0)
        await fake.wait_until(lambda: not fake.pending_updates, 15)
        await pool.current_within(case.table_id, GROUP, case.seats, 15)
        assert await case.version_now() == case.version + 1
        assert fake.presses[case.query].answer is not None


async def test_a_worker_told_to_stop_finishes_the_press_in_hand_first(redis_url: str) -> None:
    async with press_in_hand(redis_url, answer_delay=2) as case:
        fake, pool = case.fake, case.pool
        # SIGTERM while the handler waits: it is finished (the press answered,
        # the update confirmed), then the worker exits cleanly.
        await pool.stop(0)
        worker = pool.workers[0]
        assert worker.process is not None and worker.process.returncode == 0, worker.log
        assert fake.calls_to(method="answerCallbackQuery")[-1].status == 200
        assert fake.presses[case.query].answer is not None
        assert not fake.pending_updates, "the handled press was confirmed before exiting"
        assert await case.version_now() == case.version + 1
