"""Turn deadlines, reminders, bot seats and votes, driven by a fake clock."""

from __future__ import annotations

import asyncio

import pytest

from bot.core.errors import BadRequest, NotSeated, ServiceError
from bot.core.service import BOT_DELAY_SECONDS, VOTE_SECONDS, TableService
from bot.core.store import Store
from bot.core.tables import Status, Vote
from bot.core.tokens import HintToken, MoveToken
from tests.conftest import FakeClock
from tests.core.helpers import (
    ALICE,
    BOB,
    CAROL,
    DAN,
    PLAYERS,
    play_first_legal,
    player_to_move,
    record,
    started_table,
)


async def test_no_deadline_no_timers(service: TableService, store: Store, clock: FakeClock) -> None:
    table, _ = await started_table(service, turn_seconds=0)
    assert table.turn_deadline is None
    assert await store.due_at(table.id, "turn") is None
    clock.advance(10**6)
    assert await service.run_due() == 0


async def test_reminder_then_auto_move(
    service: TableService, store: Store, clock: FakeClock
) -> None:
    heard = record(service)
    table, state = await started_table(service, turn_seconds=120, on_timeout="auto")
    seat, _ = player_to_move(table, state)
    assert await store.due_at(table.id, "turn") == pytest.approx(clock.now + 90)
    clock.advance(89)
    assert await service.run_due() == 0
    clock.advance(1)
    assert await service.run_due() == 1
    assert heard[-1].kind == "remind" and heard[-1].ping == [seat]
    assert heard[-1].notice is not None and heard[-1].notice.args == {"seconds": 30}
    reminded, _ = await service.get(table.id)
    assert reminded.state_version == table.state_version, "a reminder keeps buttons valid"
    clock.advance(30)
    assert await service.run_due() == 1
    moved, _ = await service.get(table.id)
    assert moved.state_version == table.state_version + 1
    assert heard[-1].notice is not None
    assert heard[-1].notice.msg == "auto-move" and heard[-1].notice.args["seat"] == seat
    assert not moved.players[seat].bot
    assert moved.turn_deadline == pytest.approx(clock.now + 120), (
        "the next player gets a fresh clock"
    )


async def test_a_move_in_time_cancels_the_deadline(service: TableService, clock: FakeClock) -> None:
    table, state = await started_table(service, turn_seconds=60)
    clock.advance(50)
    table, state = await play_first_legal(service, table, state)
    clock.advance(20)
    assert await service.run_due() == 0
    assert (await service.get(table.id))[0].state_version == table.state_version


async def test_timeout_bot_takes_the_seat_and_keeps_playing(
    service: TableService, clock: FakeClock
) -> None:
    heard = record(service)
    table, state = await started_table(service, seats=2, turn_seconds=30, on_timeout="bot")
    seat, _ = player_to_move(table, state)
    clock.advance(30)
    await service.run_due()
    table, state = await service.get(table.id)
    assert table.players[seat].bot
    assert heard[-1].notice is not None and heard[-1].notice.msg == "seat-to-bot"
    clock.advance(BOT_DELAY_SECONDS)
    await service.run_due()
    table, state = await service.get(table.id)
    assert table.state_version == 2 and heard[-1].notice.msg == "auto-move"  # type: ignore[union-attr]
    # The human plays; the bot answers after its short pause.
    table, state = await play_first_legal(service, table, state)
    clock.advance(BOT_DELAY_SECONDS)
    await service.run_due()
    assert (await service.get(table.id))[0].state_version == 4


async def test_timeout_none_only_tells_the_chat(service: TableService, clock: FakeClock) -> None:
    heard = record(service)
    table, state = await started_table(service, turn_seconds=30, on_timeout="none")
    seat, _ = player_to_move(table, state)
    clock.advance(31)
    await service.run_due()
    table2, _ = await service.get(table.id)
    assert table2.state_version == table.state_version and table2.turn_deadline is None
    assert heard[-1].notice is not None and heard[-1].notice.msg == "turn-overdue"
    assert heard[-1].notice.args == {"seat": seat}
    clock.advance(3600)
    assert await service.run_due() == 0


async def test_two_workers_fire_a_deadline_once(
    service: TableService, store: Store, clock: FakeClock
) -> None:
    table, _ = await started_table(service, turn_seconds=30, on_timeout="auto")
    other = TableService(store, clock=clock)
    clock.advance(31)
    fired = await asyncio.gather(service.run_due(), other.run_due())
    assert sorted(fired) == [0, 1]
    assert (await service.get(table.id))[0].state_version == table.state_version + 1


async def test_vote_to_abort_by_majority(service: TableService, clock: FakeClock) -> None:
    heard = record(service)
    table, _ = await started_table(service, seats=3)
    table, _ = await service.propose(table.id, BOB.key, "abort")
    (vote,) = table.votes
    assert vote.yes == [1] and vote.voters == [0, 1, 2]
    with pytest.raises(ServiceError) as dup:
        await service.propose(table.id, CAROL.key, "abort")
    assert dup.value.code == "vote-open"
    with pytest.raises(NotSeated):
        await service.vote(table.id, "tg:999", vote.id, True)
    table, _ = await service.vote(table.id, CAROL.key, vote.id, True)
    assert table.status == Status.ABORTED
    assert heard[-1].kind == "abort"
    assert await service.table_in("tg:-100") is None
    assert (await service.stats(ALICE.key)) == {}, "an aborted game is not counted"


async def test_failed_and_expired_votes(service: TableService, clock: FakeClock) -> None:
    heard = record(service)
    table, _ = await started_table(service, seats=2)
    table, _ = await service.propose(table.id, ALICE.key, "abort")
    table, _ = await service.vote(table.id, BOB.key, table.votes[0].id, False)
    assert table.votes == [] and table.status == Status.PLAYING
    assert heard[-1].notice is not None and heard[-1].notice.msg == "vote-failed"
    table, _ = await service.propose(table.id, BOB.key, "abort")
    vote_id = table.votes[0].id
    clock.advance(VOTE_SECONDS)
    assert await service.run_due() == 1
    assert heard[-1].notice is not None and heard[-1].notice.msg == "vote-expired"
    with pytest.raises(ServiceError) as closed:
        await service.vote(table.id, ALICE.key, vote_id, True)
    assert closed.value.code == "vote-closed"


async def test_moves_do_not_cancel_abort_votes(service: TableService) -> None:
    table, state = await started_table(service, seats=3)
    table, _ = await service.propose(table.id, ALICE.key, "abort")
    table, state = await service.get(table.id)
    table, state = await play_first_legal(service, table, state)
    assert len(table.votes) == 1


async def test_vote_out_an_absent_player(service: TableService, clock: FakeClock) -> None:
    table, state = await started_table(service, seats=3)
    seat, absent = player_to_move(table, state)
    others = [p for p in PLAYERS[:3] if p.key != absent.key]
    with pytest.raises(BadRequest):
        await service.propose(table.id, others[0].key, "remove", subject=7)
    table, _ = await service.propose(table.id, others[0].key, "remove", subject=seat)
    assert table.votes[0].voters == [s for s in range(3) if s != seat]
    with pytest.raises(ServiceError) as outsider:
        await service.vote(table.id, absent.key, table.votes[0].id, False)
    assert outsider.value.code == "vote-not-a-voter"
    table, _ = await service.vote(table.id, others[1].key, table.votes[0].id, True)
    assert table.players[seat].bot and table.status == Status.PLAYING
    clock.advance(BOT_DELAY_SECONDS)
    await service.run_due()
    assert (await service.get(table.id))[0].state_version == table.state_version + 1
    with pytest.raises(ServiceError) as taken:
        await service.play(table.id, absent.key, table.state_version + 1, ("extend", "B1", 0))
    assert taken.value.code == "seat-taken-over"


async def test_handing_your_own_seat_over_needs_no_vote(service: TableService) -> None:
    table, _ = await started_table(service, seats=2)
    table, _ = await service.propose(table.id, BOB.key, "remove", subject=1)
    assert table.players[1].bot and table.votes == []
    table, _ = await service.propose(table.id, ALICE.key, "remove", subject=0)
    assert table.status == Status.ABORTED, "a table of bots only is stopped"


async def test_a_move_cancels_votes_marked_so(service: TableService, store: Store) -> None:
    table, state = await started_table(service, seats=3)
    loaded = await store.load(table.id)
    assert loaded is not None
    record, text = loaded
    record.votes.append(
        Vote(id=9, kind="end_tour", proposer=0, voters=[0, 1, 2], expires_at=10**10, yes=[0])
    )
    record.version += 1
    assert await store.save(record, text, expected=record.version - 1)
    table, state = await service.get(table.id)
    assert [v.id for v in table.votes] == [9]
    table, _ = await play_first_legal(service, table, state)
    assert table.votes == []


async def test_a_seat_handed_to_the_computer_leaves_the_open_votes(
    service: TableService, clock: FakeClock
) -> None:
    table, _ = await started_table(service, seats=4)
    table, _ = await service.propose(table.id, ALICE.key, "abort")
    vote_id = table.votes[0].id
    table, _ = await service.vote(table.id, BOB.key, vote_id, True)
    assert table.status == Status.PLAYING, "2 of 4 is no majority"
    table, _ = await service.propose(table.id, DAN.key, "remove", subject=3)
    # Dan left: his seat no longer votes, so Alice and Bob are 2 of 3 now.
    assert table.status == Status.ABORTED and table.votes == []


async def test_a_removed_seat_cannot_cast_a_ballot(service: TableService, clock: FakeClock) -> None:
    table, state = await started_table(service, seats=4, turn_seconds=30, on_timeout="bot")
    seat, late = player_to_move(table, state)
    proposer = next(p for p in PLAYERS if p.key != late.key)
    table, _ = await service.propose(table.id, proposer.key, "abort")
    vote_id = table.votes[0].id
    clock.advance(30)
    await service.run_due()
    table, _ = await service.get(table.id)
    assert table.players[seat].bot and table.votes[0].voters == [s for s in range(4) if s != seat]
    with pytest.raises(ServiceError) as refused:
        await service.vote(table.id, late.key, vote_id, True)
    assert refused.value.code == "seat-taken-over"


async def test_a_player_who_left_cannot_browse_the_computers_hand(
    service: TableService,
) -> None:
    table, state = await started_table(service, seats=3)
    seat, left = player_to_move(table, state)
    table, _ = await service.propose(table.id, left.key, "remove", subject=seat)
    assert table.players[seat].bot and table.hand_seat(left.key) is None
    for token in (
        MoveToken(table.id, table.state_version, seat, (0,)),
        HintToken(table.id, table.state_version, seat, ()),
    ):
        with pytest.raises(ServiceError) as refused:
            await service.press(left, token.encode())
        assert refused.value.code == "seat-taken-over"


async def test_a_seat_leaving_settles_every_vote_it_decides(
    service: TableService, clock: FakeClock
) -> None:
    table, state = await started_table(service, seats=4, turn_seconds=30, on_timeout="bot")
    seat, late = player_to_move(table, state)
    first, second, _ = [p for p in PLAYERS[:4] if p.key != late.key]
    table, _ = await service.propose(table.id, first.key, "abort")
    table, _ = await service.vote(table.id, second.key, table.votes[0].id, True)
    table, _ = await service.propose(table.id, first.key, "remove", subject=seat)
    assert [v.kind for v in table.votes] == ["abort", "remove"]
    clock.advance(30)
    await service.run_due()
    # The late seat went to the bot: the stop is 2 of 3 now, and the vote about it is moot.
    table, _ = await service.get(table.id)
    assert table.status == Status.ABORTED and table.votes == []
