"""The core's figures on /metrics: presses, refusals and moves, timers and their
lag, the computer's decisions, tables by status, pending screens and how long
they took, Redis round trips and failures, and who may read them."""

from __future__ import annotations

import pytest
from aiohttp import web
from aiohttp.test_utils import make_mocked_request

from bot.core.errors import ServiceError
from bot.core.pending import GRACE, PendingScreens
from bot.core.redis_client import connect
from bot.core.redis_server import RedisServer
from bot.core.service import TableService
from bot.core.store import Store
from bot.core.tokens import MoveToken
from bot.metrics import Metrics
from bot.metrics.scrape import TABLES_EVERY, Scraper, handler
from games import registry
from tests.conftest import ON_CLUSTER, FakeClock
from tests.core.helpers import (
    ALICE,
    BOB,
    DAN,
    computers_move,
    menu_path,
    play_first_legal,
    player_to_move,
    started_table,
)
from tests.scrape import scrape


def scraper(service: TableService, clock: FakeClock) -> Scraper:
    return Scraper(service.metrics, service.store, clock)


async def test_a_due_timer_is_counted_then_fired_with_its_lag(
    service: TableService, clock: FakeClock
) -> None:
    await started_table(service, seats=2)
    # Turns of 300 s: the reminder falls due after 225 s; the loop comes 5 s late.
    clock.advance(230)
    samples = await scrape(service, scraper(service, clock))
    assert samples.value("tablebot_timers_due") == 1
    assert await service.run_due() == 1
    samples = await scrape(service, scraper(service, clock))
    assert samples.value("tablebot_timers_due") == 0
    assert samples.value("tablebot_timer_lag_seconds_count") == 1
    assert samples.value("tablebot_timer_lag_seconds_sum") == pytest.approx(5.0)
    assert samples.value("tablebot_timer_lag_seconds_bucket", le="5.0") == 1
    assert samples.value("tablebot_timer_lag_seconds_bucket", le="2.0") == 0


async def test_presses_refusals_and_moves_by_game_and_frontend(
    service: TableService,
) -> None:
    table, state = await started_table(service, seats=2)
    seat, player = player_to_move(table, state)
    action = registry.get("klac").legal_actions(state, seat)[0]
    path = menu_path(table, state, seat, action)
    for presser, token, code in (
        (ALICE, "m:forged", "bad-request"),
        (DAN, MoveToken(table.id, table.state_version, seat, path).encode(), "not-seated"),
        (player, MoveToken(table.id, table.state_version - 1, seat, path).encode(), "stale"),
    ):
        with pytest.raises(ServiceError) as refused:
            await service.press(presser, token)
        assert refused.value.code == code
    await service.press(player, MoveToken(table.id, table.state_version, seat, path).encode())
    samples = await scrape(service)
    for code in ("bad-request", "not-seated", "stale"):
        assert samples.value("tablebot_refusals_total", code=code, frontend="telegram") == 1
    assert samples.value("tablebot_presses_total", game="none", frontend="telegram") == 1
    # The last path step makes the move; the menu's steps before it are presses too.
    assert samples.value("tablebot_presses_total", game="klac", frontend="telegram") == 3
    assert samples.value("tablebot_moves_total", game="klac", frontend="telegram") == 1
    assert samples.value("tablebot_moves_total", by="person") == 1


async def test_computer_moves_are_timed_by_game_and_level(
    service: TableService, clock: FakeClock
) -> None:
    table = await service.create("pg:room", ALICE, "klac", None)
    await service.add_computer(table.id, ALICE.key, "easy")
    await service.start(table.id, ALICE.key)
    for _ in range(4):
        table, state = await service.get(table.id)
        if table.players[registry.get("klac").to_move(state)[0]].bot:
            await computers_move(service, clock, table.id)
        else:
            await play_first_legal(service, table, state)
    samples = await scrape(service)
    computer = samples.value(
        "tablebot_moves_total", game="klac", frontend="playground", by="computer"
    )
    assert computer >= 1
    assert samples.value("tablebot_moves_total", frontend="playground", by="person") >= 1
    decided = samples.value("tablebot_computer_decision_seconds_count", game="klac", level="easy")
    assert decided == computer
    assert not samples.has("tablebot_computer_decision_seconds_count", level="normal")


async def test_tables_by_game_and_status_are_counted_every_half_minute(
    service: TableService, clock: FakeClock
) -> None:
    await started_table(service, seats=2)
    lobby = await service.create("tg:-200", ALICE, "klotho", None)
    read = scraper(service, clock)
    samples = await scrape(service, read)
    assert samples.value("tablebot_tables", game="klac", status="playing") == 1
    assert samples.value("tablebot_tables", game="klotho", status="lobby") == 1
    await service.join(lobby.id, BOB)
    await service.start(lobby.id, ALICE.key)
    clock.advance(TABLES_EVERY - 1)
    samples = await scrape(service, read)
    assert samples.value("tablebot_tables", game="klotho", status="lobby") == 1, "not walked again"
    clock.advance(1)
    samples = await scrape(service, read)
    assert not samples.has("tablebot_tables", game="klotho", status="lobby")
    assert samples.value("tablebot_tables", game="klotho", status="playing") == 1


async def test_pending_screens_stalled_taken_over_and_converged(
    service: TableService, store: Store, clock: FakeClock
) -> None:
    pending = PendingScreens(store, "tg", clock=clock, metrics=service.metrics)
    await pending.mark([("t1", "table"), ("t1", "hand:0")])
    samples = await scrape(service, scraper(service, clock))
    assert samples.value("tablebot_screens_pending", frontend="telegram") == 2
    assert samples.value("tablebot_screens_stalled", frontend="telegram") == 0
    # The worker that marked them died: past their grace nobody renews them.
    clock.advance(2 * GRACE + 1)
    samples = await scrape(service, scraper(service, clock))
    assert samples.value("tablebot_screens_stalled", frontend="telegram") == 2
    other = PendingScreens(store, "tg", clock=clock, metrics=Metrics())
    taken = await other.claim()
    clock.advance(2.5)
    assert all([await other.done(mark) for mark in taken])
    assert (
        other.metrics.registry.get_sample_value(
            "tablebot_screens_taken_over_total", {"frontend": "telegram"}
        )
        == 2
    )
    assert other.metrics.registry.get_sample_value(
        "tablebot_screen_convergence_seconds_sum", {"frontend": "telegram"}
    ) == pytest.approx(5.0)
    samples = await scrape(service, scraper(service, clock))
    assert samples.value("tablebot_screens_pending", frontend="telegram") == 0


async def test_redis_round_trips_errors_and_a_scrape_in_an_outage(
    own_redis: RedisServer, clock: FakeClock
) -> None:
    metrics = Metrics()
    redis = connect(own_redis.url, metrics=metrics)
    service = TableService(Store(redis, prefix="m:"), clock=clock, metrics=metrics)

    def trips() -> float:
        return metrics.registry.get_sample_value("tablebot_redis_round_trips_total") or 0.0

    await redis.ping()  # the connection's handshake is a round trip of its own
    before = trips()
    await redis.set("m:a", "1")
    async with redis.pipeline(transaction=False) as pipe:
        pipe.get("m:a").incr("m:b").delete("m:a", "m:b")
        await pipe.execute()
    assert trips() - before == 2, "one command, one pipeline"
    table, _ = await started_table(service, seats=2)
    own_redis.stop()
    try:
        for _ in range(2):
            with pytest.raises(ServiceError) as refused:
                await service.press(ALICE, MoveToken(table.id, 1, 0, ()).encode())
            assert refused.value.code == "unavailable"
        samples = await scrape(service)
    finally:
        own_redis.start()
        await redis.aclose()
    assert samples.value("tablebot_refusals_total", code="unavailable", frontend="telegram") == 2
    assert samples.value("tablebot_redis_errors_total", kind="connection") >= 1
    assert samples.value("tablebot_redis_errors_total", kind="fail-fast") >= 1


def _request(remote: str, headers: dict[str, str] | None = None) -> web.Request:
    transport = type("Transport", (), {"get_extra_info": lambda self, name: (remote, 4321)})()
    return make_mocked_request("GET", "/metrics", headers=headers, transport=transport)


async def test_metrics_answer_this_machine_only_unless_public(service: TableService) -> None:
    read = Scraper(service.metrics, service.store)
    # From elsewhere, or forwarded by a reverse proxy on this machine.
    for remote, headers in (
        ("203.0.113.7", {}),
        ("127.0.0.1", {"X-Forwarded-For": "203.0.113.7"}),
        ("127.0.0.1", {"Forwarded": "for=203.0.113.7"}),
    ):
        with pytest.raises(web.HTTPForbidden):
            await handler(read, public=False)(_request(remote, headers))
    for remote, public in (("127.0.0.1", False), ("::1", False), ("203.0.113.7", True)):
        response = await handler(read, public=public)(_request(remote))
        assert response.status == 200 and response.content_type == "text/plain"


async def test_the_suites_redis_counts_round_trips_too(redis_url: str, prefix: str) -> None:
    """On one server or a cluster (``REDIS_CLUSTER=true``), as the bot connects."""
    metrics = Metrics()
    redis = connect(redis_url, cluster=ON_CLUSTER, metrics=metrics)
    try:
        await redis.set(f"{prefix}x", "1")
        assert await redis.get(f"{prefix}x") == "1"
        await redis.delete(f"{prefix}x")
    finally:
        await redis.aclose()
    trips = metrics.registry.get_sample_value("tablebot_redis_round_trips_total")
    assert trips is not None and trips >= 3
