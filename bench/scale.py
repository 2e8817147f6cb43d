"""Scale figures: moves and timers with many tables, on one Redis and on a cluster.

    python -m bench.scale [--sizes 1000,10000,100000] [--moves 10000] [--timers 10000]
                          [--baseline REV] [--no-cluster]

For each number of tables it fills a private Redis with that many started
3-player Klac tables, makes one move at each of ``--moves`` of them (32 at a
time, as one worker serving many chats would) and prints moves/s, the p50/p99
of ``TableService.play``, its Redis round trips, the worker's CPU time per
move and Redis memory per table (``MEMORY USAGE`` of the record and log).
Then ``--timers`` tables with a move each have their reminder fall due at
once: one worker's timer loop drains them (timers/s), and two workers drain
as many again, counting that none fires twice.

It runs against a private ``redis-server``, then a local 3-master Redis
Cluster, and, with ``--baseline REV``, against the code of an earlier commit
side by side (a temporary git worktree; the cluster is not measured there),
printing ratios. Only APIs both versions have are used, so this file runs on
either: the child run imports ``bot`` from the worktree.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from redis.asyncio import BlockingConnectionPool, Redis, RedisCluster

from bench.common import RoundTrips
from bot.core.redis_server import RedisServer
from bot.core.service import Change, PlayerInfo, TableService
from bot.core.store import Store
from bot.core.timers import run_timers
from games import registry

KLAC = registry.get("klac")
PLAYERS = [PlayerInfo(f"bench:{n}", name) for n, name in enumerate(("Аня", "Boris", "Вика"))]
#: Moves in flight at once on the one worker.
CONCURRENCY = 32
#: Seconds past a move when its reminder is due (the default 300 s turn, at 3/4).
REMIND_AFTER = 226.0


def client(url: str, cluster: bool) -> Redis | RedisCluster:
    """A client of either kind that waits for a free connection in a burst (the
    bot's own ``connect`` moved between the versions compared)."""
    if cluster:
        return RedisCluster.from_url(url, decode_responses=True, max_connections=1024)
    pool = BlockingConnectionPool.from_url(url, decode_responses=True, max_connections=128)
    return Redis.from_pool(pool)


async def bytes_per_table(store: Store, ids: list[str]) -> float:
    """Redis memory of a table's record and log (``MEMORY USAGE``), over a sample."""
    sample = ids[:: max(1, len(ids) // 200)]
    total = 0
    for table_id in sample:
        for key in (store.table_key(table_id), f"{store.table_key(table_id)}:log"):
            total += int(await store.redis.memory_usage(key) or 0)
    return total / len(sample)


async def flush(nodes: list[str]) -> None:
    for url in nodes:
        async with Redis.from_url(url) as node:
            await node.flushall()


async def fill(service: TableService, tables: int, tag: str) -> list[str]:
    """``tables`` started Klac tables, copies of one dealt game (one write each)."""
    template = await service.create(f"bench:{tag}", PLAYERS[0], "klac")
    for player in PLAYERS[1:]:
        await service.join(template.id, player)
    await service.start(template.id, PLAYERS[0].key)
    loaded = await service.store.load(template.id)
    assert loaded is not None
    table, text = loaded
    ids = [f"{tag}{n:06d}" for n in range(tables)]

    async def copy(table_id: str) -> None:
        clone = dataclasses.replace(table, id=table_id, chat=f"bench:{table_id}")
        assert await service.store.save(clone, text, expected=None)

    for start in range(0, tables, 500):
        await asyncio.gather(*(copy(table_id) for table_id in ids[start : start + 500]))
    return ids


async def move_each(service: TableService, ids: list[str], seed: int) -> tuple[list[float], float]:
    """One move at each table, ``CONCURRENCY`` at a time: durations (ms) and wall seconds."""
    _, state = await service.get(ids[0])
    seat = KLAC.to_move(state)[0]
    actions = KLAC.legal_actions(state, seat)
    rng = random.Random(seed)
    queue = list(ids)
    times: list[float] = []

    async def player() -> None:
        while queue:
            table_id = queue.pop()
            started = time.perf_counter()
            await service.play(table_id, PLAYERS[seat].key, 1, rng.choice(actions))
            times.append((time.perf_counter() - started) * 1000)

    started = time.perf_counter()
    await asyncio.gather(*(player() for _ in range(CONCURRENCY)))
    return times, time.perf_counter() - started


async def drain(services: list[TableService], due: set[str], limit: float) -> dict[str, Any]:
    """Run one timer loop per service until every table in ``due`` was reminded
    (or ``limit`` seconds passed)."""
    fired: list[list[str]] = [[] for _ in services]
    done = asyncio.Event()
    for index, service in enumerate(services):

        async def listen(change: Change, out: list[str] = fired[index]) -> None:
            if change.kind == "remind" and change.table.id in due:
                out.append(change.table.id)
                if sum(map(len, fired)) >= len(due):
                    done.set()

        service.subscribe(listen)
    stop = asyncio.Event()
    started = time.perf_counter()
    loops = [asyncio.create_task(run_timers(service, stop)) for service in services]
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(done.wait(), limit)
    seconds = time.perf_counter() - started
    stop.set()
    await asyncio.gather(*loops)
    everything = [table_id for out in fired for table_id in out]
    return {
        "seconds": seconds,
        "fired": len(everything),
        "twice": len(everything) - len(set(everything)),
        "missed": len(due - set(everything)),
        "per_worker": [len(out) for out in fired],
    }


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


async def measure(
    url: str, nodes: list[str], cluster: bool, sizes: list[int], moves: int, timers: int
) -> dict[str, Any]:
    offset = [0.0]

    def clock() -> float:
        return time.time() + offset[0]

    def service_on(redis: Redis | RedisCluster) -> TableService:
        return TableService(Store(redis, prefix="scale:"), clock=clock)

    redis = client(url, cluster)
    service = service_on(redis)
    out: dict[str, Any] = {}
    try:
        for size in sizes:
            await flush(nodes)
            ids = await fill(service, size, "m")
            cpu = time.process_time()
            with RoundTrips().installed() as trips:
                times, seconds = await move_each(service, ids[: min(size, moves)], size)
            cpu = time.process_time() - cpu
            out[f"{size}"] = {
                "moves_per_s": len(times) / seconds,
                "p50_ms": percentile(times, 0.5),
                "p99_ms": percentile(times, 0.99),
                "trips": trips.count / len(times),
                "cpu_ms": cpu * 1000 / len(times),
                "bytes_per_table": await bytes_per_table(service.store, ids[: len(times)]),
            }
            print(f"  {size:>7,} tables: {json.dumps(out[str(size)])}", file=sys.stderr)
        for workers in (1, 2):
            await flush(nodes)
            offset[0] = 0.0
            ids = await fill(service, timers, f"r{workers}")
            await move_each(service, ids, workers)
            offset[0] = REMIND_AFTER
            others = [client(url, cluster) for _ in range(workers - 1)]
            result = await drain(
                [service, *(service_on(other) for other in others)], set(ids), 300.0
            )
            for other in others:
                await other.aclose()
            result["per_s"] = result["fired"] / result["seconds"]
            out[f"timers_{workers}"] = result
            print(f"  timers, {workers} worker(s): {json.dumps(result)}", file=sys.stderr)
    finally:
        await redis.aclose()
    return out


@contextlib.contextmanager
def redis_of(kind: str) -> Iterator[tuple[str, list[str]]]:
    """A private server or local cluster: a URL and the URL of every node."""
    with tempfile.TemporaryDirectory() as where:
        if kind == "cluster":
            # Imported here: the baseline's code, which this file also runs
            # on, may predate the local cluster.
            from bot.core.redis_server import LocalCluster

            server: RedisServer | LocalCluster = LocalCluster(Path(where))
            server.start()
            yield server.url, [node.url for node in server.nodes]
        else:
            server = RedisServer(Path(where), persist=False)
            yield server.start(), [server.url]
        server.stop()


def run(kind: str, args: argparse.Namespace) -> dict[str, Any]:
    sizes = [int(s) for s in args.sizes.split(",")]
    with redis_of(kind) as (url, nodes):
        return asyncio.run(measure(url, nodes, kind == "cluster", sizes, args.moves, args.timers))


def baseline(rev: str, argv: list[str]) -> dict[str, Any]:
    """The same run on the code of ``rev``, in a temporary worktree and a child
    process that imports the packages from the worktree and ``bench`` from here."""
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as where:
        tree, path = Path(where) / "tree", Path(where) / "path"
        git = ["git", "-C", str(root), "worktree"]
        subprocess.run([*git, "add", "-q", "--detach", str(tree), rev], check=True)
        path.mkdir()
        for package in ("bot", "games", "render"):
            (path / package).symlink_to(tree / package)
        (path / "bench").symlink_to(root / "bench")
        try:
            done = subprocess.run(
                [sys.executable, "-m", "bench.scale", "--json", *argv],
                env={"PYTHONPATH": str(path), "PATH": "/usr/bin:/bin"},
                cwd=path,
                check=True,
                stdout=subprocess.PIPE,
                text=True,
            )
        finally:
            subprocess.run([*git, "remove", "--force", str(tree)], check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def report(columns: dict[str, dict[str, Any]], sizes: list[str]) -> None:
    names = list(columns)
    ratio = ["now / baseline"] if "baseline" in columns else []
    print("| " + " | ".join(["figure", *names, *ratio]) + " |")
    print("|---" * (len(names) + 1 + len(ratio)) + "|")

    def row(label: str, pick: Callable[[dict[str, Any]], float], fmt: str) -> None:
        values = [pick(columns[name]) for name in names]
        cells = [format(v, fmt) for v in values]
        if "baseline" in columns:
            base, now = pick(columns["baseline"]), pick(columns["standalone"])
            cells.append(f"{now / base:.2f}×" if base else "–")
        print(f"| {label} | " + " | ".join(cells) + " |")

    for size in sizes:
        n = f"{int(size):,}"
        row(f"moves/s, {n} tables", lambda c, s=size: c[s]["moves_per_s"], ",.0f")
        row(f"move p50 ms, {n} tables", lambda c, s=size: c[s]["p50_ms"], ".2f")
        row(f"move p99 ms, {n} tables", lambda c, s=size: c[s]["p99_ms"], ".2f")
    row("Redis round trips per move", lambda c: c[sizes[0]]["trips"], ".2f")
    row("worker CPU ms per move", lambda c: c[sizes[0]]["cpu_ms"], ".2f")
    row("Redis bytes per table after a move", lambda c: c[sizes[-1]]["bytes_per_table"], ",.0f")
    for workers in (1, 2):
        key = f"timers_{workers}"
        row(f"timers/s, {workers} worker(s)", lambda c, k=key: c[k]["per_s"], ",.0f")
        row(f"seconds to drain, {workers} worker(s)", lambda c, k=key: c[k]["seconds"], ".1f")
        row(f"fired twice, {workers} worker(s)", lambda c, k=key: c[k]["twice"], "d")
        if workers > 1:
            row("fired by the second worker", lambda c, k=key: c[k]["per_worker"][1], "d")
        row(f"never fired, {workers} worker(s)", lambda c, k=key: c[k]["missed"], "d")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--moves", type=int, default=10000)
    parser.add_argument("--timers", type=int, default=10000)
    parser.add_argument("--baseline", metavar="REV", help="also measure this commit's code")
    parser.add_argument("--no-cluster", action="store_true")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(run("standalone", args)))
        return
    shared = ["--sizes", args.sizes, "--moves", str(args.moves), "--timers", str(args.timers)]
    columns: dict[str, dict[str, Any]] = {}
    if args.baseline:
        print(f"baseline ({args.baseline}), one redis-server:", file=sys.stderr)
        columns["baseline"] = baseline(args.baseline, shared)
    print("now, one redis-server:", file=sys.stderr)
    columns["standalone"] = run("standalone", args)
    if not args.no_cluster:
        print("now, a local 3-master cluster:", file=sys.stderr)
        columns["cluster"] = run("cluster", args)
    report(columns, args.sizes.split(","))
    print("targets: timers/s >= 1,000 on one worker; 10k reminders drained in <= 15 s;")
    print("         two workers: none fired twice; <= 2 round trips per move (standalone)")


if __name__ == "__main__":
    main()
