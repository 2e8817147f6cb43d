"""A Caravan table in the service: a late player's move is made by the game's stand-in."""

from __future__ import annotations

import json
import zlib

from bot.core.service import TableService
from games import ai, registry
from tests.conftest import FakeClock
from tests.core.helpers import ALICE, BOB
from tests.games.caravan_positions import make_state

CARAVAN = registry.get("caravan")


async def test_a_timeout_plays_the_stand_ins_move_not_a_random_one(
    service: TableService, clock: FakeClock
) -> None:
    table = await service.create("tg:-100", ALICE, "caravan", {"turn_seconds": 30})
    await service.join(table.id, BOB)
    table = await service.start(table.id, ALICE.key)
    # Seat 0 can sell pair 1 with 3♠ (10 + 9 + 3 = 22); random play would
    # usually discard, disband or bust instead.
    position = make_state(("10S 9S", "5H", "", "4C", "7D", "2C"), ("3S KD JC AH 8H", "5D 6D"))
    version = table.version
    table.version += 1
    assert await service.store.save(table, CARAVAN.dumps(position), expected=version)
    moved_from = table.state_version
    clock.advance(31)
    assert await service.run_due() >= 1
    table, _ = await service.get(table.id)
    seat, action = (await service.store.action_log(table.id))[-1].split(" ", 1)
    # The late player's move is the normal level's, seeded by the table and
    # its version (as any worker would choose it); that level sells a caravan
    # when it can (tests/games/test_ai_caravan.py) rather than play at random.
    seed = zlib.crc32(f"{table.id}:{moved_from}:0".encode())
    assert (int(seat), json.loads(action)) == (
        0,
        list(ai.choose("caravan", position, 0, "normal", seed)),
    )
    assert table.state_version == moved_from + 1
