"""Presses beyond a person's limit are refused before they touch any table."""

from __future__ import annotations

import pytest

from bot.core.errors import ServiceError
from bot.core.pacing import PressLimit, PressLimiter
from bot.core.service import TableService
from bot.core.store import Store
from bot.core.tokens import LobbyToken
from tests.conftest import FakeClock
from tests.core.helpers import ALICE, BOB, CAROL


async def test_presses_over_the_limit_are_refused_and_change_nothing(
    store: Store, clock: FakeClock
) -> None:
    # Two workers of one bot count the same person's presses together.
    limit = PressLimit(presses=4, seconds=5)
    workers = [
        TableService(
            store,
            clock=clock,
            presses=PressLimiter(store.redis, limit, prefix=store.prefix, clock=clock),
        )
        for _ in range(2)
    ]
    table = await workers[0].create("tg:-100", ALICE, "klac")
    toggles = [LobbyToken(table.id, op).encode() for op in ("j", "l", "j", "l")]
    for n, token in enumerate(toggles):
        await workers[n % 2].press(BOB, token)
    version = (await workers[0].get(table.id))[0].version
    with pytest.raises(ServiceError) as refused:
        await workers[1].press(BOB, toggles[0])
    assert refused.value.code == "slow-down"
    assert (await workers[0].get(table.id))[0].version == version, "the press changed nothing"
    # Another person is not held back.
    await workers[0].press(CAROL, toggles[0])
    clock.advance(5.01)
    await workers[0].press(BOB, toggles[0])
    assert (await workers[0].get(table.id))[0].seat_of(BOB.key) is not None
