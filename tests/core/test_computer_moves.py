"""The computer at a table: it decides off the event loop, answers a game's
votes like everyone (so it never holds one up), and a late player's stand-in
makes their move, never a vote in their name."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from bot.core.service import BOT_DELAY_SECONDS, TableService
from bot.core.service import deadlines as deadlines_module
from bot.core.service.base import bots_to_act
from bot.core.tables import Table
from games import ai, registry
from tests.conftest import FakeClock
from tests.core.helpers import ALICE, BOB, CAROL

KLOTHO = registry.get("klotho")


async def klotho_table(
    service: TableService, chat: str = "tg:-100", **options: Any
) -> tuple[Table, Any]:
    """Three players, placement done by the first legal cells."""
    table = await service.create(chat, ALICE, "klotho", {"turn_seconds": 60, **options})
    await service.join(table.id, BOB)
    await service.join(table.id, CAROL)
    await service.start(table.id, ALICE.key)
    table, state = await service.get(table.id)
    while state.phase == "placement" or state.pending:
        seat = KLOTHO.to_move(state)[0]
        action = KLOTHO.legal_actions(state, seat)[0]
        table, state = await service.play(
            table.id, table.players[seat].key, table.state_version, action
        )
    return table, state


async def test_a_seat_the_computer_plays_answers_the_tours_vote(
    service: TableService, clock: FakeClock
) -> None:
    table, state = await klotho_table(service)
    mover = KLOTHO.to_move(state)[0]
    handed = next(s for s in range(3) if s != mover)
    await service.propose(table.id, table.players[handed].key, "remove", handed)
    table, state = await service.get(table.id)
    assert table.players[handed].bot
    proposer = next(s for s in range(3) if s not in (mover, handed))
    table, state = await service.play(
        table.id, table.players[proposer].key, table.state_version, ["propose"]
    )
    assert state.vote is not None
    await service.play(table.id, table.players[mover].key, table.state_version, ["vote", "yes"])
    table, state = await service.get(table.id)
    assert state.vote is not None and handed not in state.vote.yes
    assert await service.store.due_at(table.id, "turn") == pytest.approx(
        clock() + BOT_DELAY_SECONDS
    )
    clock.advance(BOT_DELAY_SECONDS)
    assert await service.run_due() >= 1
    table, state = await service.get(table.id)
    # The computer said yes or no: either way the vote is over.
    assert state.vote is None
    assert any(e["kind"] in ("tour_end", "vote_failed") for e in table.events)


async def test_a_late_players_move_is_a_move_and_the_decision_is_off_the_loop(
    service: TableService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, state = await klotho_table(service, on_timeout="auto")
    mover = KLOTHO.to_move(state)[0]
    proposer = next(s for s in range(3) if s != mover)
    table, state = await service.play(
        table.id, table.players[proposer].key, table.state_version, ["propose"]
    )
    threads: list[str] = []
    choose = ai.choose

    def watched(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread().name)
        return choose(*args, **kwargs)

    monkeypatch.setattr(deadlines_module.ai, "choose", watched)
    clock.advance(61)
    assert await service.run_due() >= 1
    table, state = await service.get(table.id)
    assert threads and threading.main_thread().name not in threads
    # The late player moved (the vote a move cancels is off) and voted nothing.
    assert state.vote is None
    kinds = [e["kind"] for e in table.events]
    assert "vote" not in kinds and any(k in kinds for k in ("move", "turn", "replace"))
    assert table.events[0]["seat"] == mover


async def test_computers_vote_before_a_proposer_moves_on(service: TableService) -> None:
    # A table where a voter sits after the proposer (seats are asked in seat order).
    for attempt in range(30):
        table, state = await klotho_table(service, chat=f"tg:-{attempt}")
        if (mover := KLOTHO.to_move(state)[0]) != 2:
            break
    table, state = await service.play(
        table.id, table.players[mover].key, table.state_version, ["propose"]
    )
    voter = 2
    for seat in (mover, voter):
        await service.propose(table.id, table.players[seat].key, "remove", seat)
    table, state = await service.get(table.id)
    assert table.players[mover].bot and table.players[voter].bot
    # The proposer could move on (which would drop its own proposal): the voter answers first.
    assert bots_to_act(table, KLOTHO, state) == [voter, mover]
