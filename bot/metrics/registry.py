"""The bot's Prometheus metrics, each process's own registry.

One :class:`Metrics` is built per process (per app, in tests) and handed to
the parts that count: the table service carries it, and the frontends reach
it through the service. Nothing is registered in prometheus-client's global
registry, so two apps in one test process never share a figure.

Figures that live in Redis (tables, pending screens, due timers) and in a
frontend's memory (its outgoing queue) are read when ``/metrics`` is
scraped (:mod:`bot.metrics.scrape`), not counted as they change.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

T = TypeVar("T")

#: Platform names by the prefix of a chat or player key (``tg:…``).
FRONTENDS = {"tg": "telegram", "dc": "discord", "pg": "playground"}

# Buckets fitted to the README's figures. The computer's levels are held to a
# p99 of 20 ms (easy), 150 ms (normal) and 1.5 s (strong).
DECISION_BUCKETS = (0.001, 0.005, 0.02, 0.05, 0.15, 0.3, 0.6, 1.0, 1.5, 3.0, 10.0)
# A Klac! table and hand take about 15 ms to draw; a Curling preview more.
RENDER_BUCKETS = (0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
# A group's table is edited at most every 3 s (p99 6 s back to back); every
# screen is current again within 10 s of a worker's crash.
CONVERGENCE_BUCKETS = (0.1, 0.25, 0.5, 1.0, 2.0, 3.5, 6.5, 10.0, 20.0, 60.0, 300.0)
# The timer loop wakes every 0.5 s; a burst of 10,000 drains in about 5 s.
LAG_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 300.0)


#: What a frontend's outgoing queue reports: calls queued, and the age in
#: seconds of the oldest (0 when none is).
QueueReading = Callable[[], tuple[int, float]]


def frontend_of(key: str) -> str:
    """The platform of a chat or player key (``tg:42`` → ``telegram``)."""
    return FRONTENDS.get(key.partition(":")[0], "other")


@dataclass
class Metrics:
    """Every metric of one process, on its own :class:`CollectorRegistry`."""

    registry: CollectorRegistry = field(default_factory=CollectorRegistry)
    #: Frontends' outgoing queues by platform, read at scrape time.
    queues: dict[str, QueueReading] = field(default_factory=dict)

    def __post_init__(self) -> None:
        r = self.registry
        self.presses = Counter(
            "tablebot_presses", "Button presses handled.", ["game", "frontend"], registry=r
        )
        self.moves = Counter(
            "tablebot_moves",
            "Moves saved (by a person, or a computer seat and the stand-in).",
            ["game", "frontend", "by"],
            registry=r,
        )
        self.refusals = Counter(
            "tablebot_refusals",
            "Presses refused, by the error code the presser is shown.",
            ["code", "frontend"],
            registry=r,
        )
        self.platform_calls = Counter(
            "tablebot_platform_calls",
            "Calls to a chat platform's API by method and outcome"
            " (ok, a 4xx code, 429, 5xx, network).",
            ["platform", "method", "outcome"],
            registry=r,
        )
        self.outbox_jobs = Gauge(
            "tablebot_outbox_jobs",
            "Calls queued to a platform, not yet made.",
            ["platform"],
            registry=r,
        )
        self.outbox_oldest = Gauge(
            "tablebot_outbox_oldest_seconds",
            "Age of the oldest call still queued to a platform.",
            ["platform"],
            registry=r,
        )
        self.screens_pending = Gauge(
            "tablebot_screens_pending",
            "Screens marked behind their table's state (all workers).",
            ["frontend"],
            registry=r,
        )
        self.screens_stalled = Gauge(
            "tablebot_screens_stalled",
            "Pending screens no worker has renewed in time (left to the sweep).",
            ["frontend"],
            registry=r,
        )
        self.convergence = Histogram(
            "tablebot_screen_convergence_seconds",
            "From queueing a screen's update until the platform showed the newest state.",
            ["frontend"],
            buckets=CONVERGENCE_BUCKETS,
            registry=r,
        )
        self.taken_over = Counter(
            "tablebot_screens_taken_over",
            "Pending screens this worker's sweep took over from a worker that stalled or died.",
            ["frontend"],
            registry=r,
        )
        self.timers_due = Gauge(
            "tablebot_timers_due", "Timers due and not yet taken by a worker.", registry=r
        )
        self.timer_lag = Histogram(
            "tablebot_timer_lag_seconds",
            "How late a timer fired after it fell due.",
            buckets=LAG_BUCKETS,
            registry=r,
        )
        self.decision = Histogram(
            "tablebot_computer_decision_seconds",
            "The computer's time to decide a move (and a hint, at normal).",
            ["game", "level"],
            buckets=DECISION_BUCKETS,
            registry=r,
        )
        self.render = Histogram(
            "tablebot_render_seconds",
            "Drawing one picture (table, hand, preview).",
            ["game"],
            buckets=RENDER_BUCKETS,
            registry=r,
        )
        self.redis_round_trips = Counter(
            "tablebot_redis_round_trips",
            "Round trips to Redis (a command or a pipeline each).",
            registry=r,
        )
        self.redis_errors = Counter(
            "tablebot_redis_errors",
            "Redis failures: connection, timeout, or refused at once (Redis just found gone).",
            ["kind"],
            registry=r,
        )
        self.tables = Gauge(
            "tablebot_tables",
            "Tables kept in Redis by game and status (all workers).",
            ["game", "status"],
            registry=r,
        )

    def watch_queue(self, platform: str, reading: QueueReading) -> None:
        """Report ``platform``'s outgoing queue (its depth and oldest call) at scrape time."""
        self.queues[platform] = reading

    def read_queues(self) -> None:
        """Set the queue gauges from the frontends' queues, now."""
        for platform, reading in self.queues.items():
            depth, oldest = reading()
            self.outbox_jobs.labels(platform).set(depth)
            self.outbox_oldest.labels(platform).set(oldest)

    def timed_decision(self, game: str, level: str, decide: Callable[..., T]) -> Callable[..., T]:
        """``decide`` timing itself (in the worker thread it runs in)."""
        return _timed(self.decision.labels(game, level), decide)

    def timed_render(self, game: str, draw: Callable[..., T]) -> Callable[..., T]:
        """``draw`` timing itself (in the worker thread it runs in)."""
        return _timed(self.render.labels(game), draw)


def _timed(histogram: Any, fn: Callable[..., T]) -> Callable[..., T]:
    def timed(*args: Any, **kwargs: Any) -> T:
        started = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            histogram.observe(time.perf_counter() - started)

    return timed
