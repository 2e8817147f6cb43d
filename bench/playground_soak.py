"""The playground's memory under long play; prints figures (not a test).

    python -m bench.playground_soak [--rooms N] [--moves M] [--warmup W] [--seed S]

Starts ``python -m bot`` with no platform token, as a person does (the
playground, on a free loopback port), and plays through its HTTP API as the
pages do: ``N`` rooms (at most 20, the limit of new rooms per client; the
games in turn), each with a WebSocket open on the room and on every player's
page. After every change each page fetches its view and the pictures it
names, and the player to move presses random forward steps of their menu
(the room's for a game played on the table) until a move is made; a finished
game is followed by a new table of the next game in the same room. The
process's resident memory (RSS) is printed at the start, after ``W`` moves
of warm-up (fonts, sprites and pictures cached up to their bounds), every
tenth of the ``M`` moves after it and at the end. Uses REDIS_URL if set,
otherwise a private redis-server. Press limits are off (PRESS_LIMIT=off):
the script presses faster than a person may.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import secrets
import signal
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from bench.common import redis_url
from bot.core.redis_client import connect
from bot.core.service import TableService
from bot.core.store import Store
from bot.playground.rooms import RoomStore
from games import registry

#: Menu steps that lead back or aside rather than towards a move.
NAV = ("⬅", "✖", "❓", "💡")
#: Clicks on one move before the table is given up as stuck.
MAX_CLICKS = 60
NAMES = ["Аня", "Boris", "Вика", "Dmitri"]


def rss_mb(pid: int) -> float:
    """A process's resident memory now, in MB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


@contextlib.asynccontextmanager
async def playground(redis: str, prefix: str) -> AsyncIterator[tuple[int, str]]:
    """``python -m bot`` serving the playground: its pid and URL; stopped as Ctrl+C does."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM", "DISCORD"))}
    env |= {
        "REDIS_URL": redis,
        "REDIS_KEY_PREFIX": prefix,
        "PLAYGROUND_PORT": "0",
        "PRESS_LIMIT": "off",
    }
    with tempfile.TemporaryFile() as log, tempfile.TemporaryDirectory() as cwd:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=env, cwd=cwd,
            stdout=asyncio.subprocess.PIPE, stderr=log,
        )  # fmt: skip
        try:
            assert process.stdout is not None
            line = (await asyncio.wait_for(process.stdout.readline(), 60)).decode()
            found = re.search(r"http://[^ ]+/", line)
            if found is None:
                log.seek(0)
                raise RuntimeError(f"no playground: {line!r} {log.read().decode()[-2000:]}")
            yield process.pid, found[0]
        finally:
            process.send_signal(signal.SIGINT)
            await asyncio.wait_for(process.wait(), 30)
        log.seek(0)
        lines = log.read().decode().splitlines()
        print(f"the playground logged {len(lines)} lines")


@dataclass
class Room:
    """One room as its pages see it: its URL, its players' pages, their sockets."""

    url: str
    game: str
    panels: list[str]
    sockets: list[aiohttp.ClientWebSocketResponse] = field(default_factory=list)
    readers: list[asyncio.Task[None]] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.url.strip("/").split("/")[1]


class Soak:
    """Plays through the HTTP API, counting moves; reads tables from Redis to see them."""

    def __init__(
        self, base: str, http: aiohttp.ClientSession, store: Store, rng: random.Random
    ) -> None:
        self.base = base.rstrip("/")
        self.http = http
        self.rooms = RoomStore(store)
        self.service = TableService(store)
        self.rng = rng
        self.moves = 0
        self.tables = 0
        self.requests = 0

    async def get(self, url: str) -> Any:
        self.requests += 1
        async with self.http.get(self.base + url) as response:
            response.raise_for_status()
            if response.content_type == "application/json":
                return await response.json()
            return await response.read()

    async def post(self, url: str, body: dict[str, Any]) -> dict[str, Any]:
        self.requests += 1
        async with self.http.post(self.base + url, json=body) as response:
            data: dict[str, Any] = await response.json()
            if not response.ok:
                raise RuntimeError(f"{url}: {response.status} {data}")
            return data

    async def create(self, game: str) -> Room:
        seats = max(2, registry.get(game).min_seats)
        created = await self.post(
            "/api/rooms", {"game": game, "names": NAMES[:seats], "lang": "en"}
        )
        assert created["ok"], created
        view = await self.get(created["url"] + "state")
        room = Room(created["url"], game, [p["panel"] for p in view["players"]])
        await self.connect(room)
        await self.start(room)
        return room

    async def connect(self, room: Room) -> None:
        """Open the room's and its panels' sockets, as their open pages hold them."""
        await close(room)
        room.sockets = [
            await self.http.ws_connect(self.base + url + "events")
            for url in (room.url, *room.panels)
        ]
        room.readers = [asyncio.create_task(_drain(socket)) for socket in room.sockets]

    async def start(self, room: Room) -> None:
        view = await self.get(room.url + "state")
        lobby = view["messages"][0]["buttons"]
        start = next(b["token"] for row in lobby for b in row if "Start" in b["label"])
        done = await self.post(room.url + "press", {"token": start, "player": 0})
        assert done["ok"], done
        self.tables += 1

    async def look(self, room: Room) -> dict[str, Any]:
        """What every page of the room fetches after a change: views and pictures."""
        view: dict[str, Any] = await self.get(room.url + "state")
        pictures = [m["image"]["url"] for m in view["messages"] if m["image"]]
        for url in room.panels:
            own = await self.get(url + "state")
            if own["message"]["image"]:
                pictures.append(own["message"]["image"]["url"])
        for url in pictures:
            await self.get(url)
        return view

    async def version(self, room: Room) -> int:
        found = await self.rooms.get(room.id)
        assert found is not None and found.table_id is not None
        table, _ = await self.service.get(found.table_id)
        return table.state_version

    async def move(self, room: Room) -> None:
        """Random forward steps of the mover's menu until the table's state changes."""
        view = await self.look(room)
        if view["status"] != "playing":
            await self.again(room)
            return
        mover = next(p["index"] for p in view["players"] if p["to_move"])
        before = await self.version(room)
        public = registry.get(room.game).public_moves
        for _ in range(MAX_CLICKS):
            if public:
                message = next(m for m in view["messages"] if m["kind"] == "table")
            else:
                message = (await self.get(room.panels[mover] + "state"))["message"]
            options = [
                b["token"]
                for row in message["buttons"]
                for b in row
                if b["token"] and not b["noop"] and not b["label"].startswith(NAV)
            ]
            token = self.rng.choice(options)
            if public:
                await self.post(room.url + "press", {"token": token, "player": mover})
            else:
                await self.post(room.panels[mover] + "press", {"token": token})
            if await self.version(room) != before:
                self.moves += 1
                return
            view = await self.look(room)
        await self.again(room)

    async def again(self, room: Room) -> None:
        """The next game in the same room (a page's New table)."""
        names = registry.names()
        room.game = names[(names.index(room.game) + 1) % len(names)]
        view = await self.get(room.url + "state")
        if view["status"] in ("lobby", "playing"):
            # A menu random clicks could not finish: its players stop it by vote.
            for index in range(len(view["players"])):
                await self.post(room.url + "stop", {"player": index})
                view = await self.get(room.url + "state")
                votes = [
                    b["token"]
                    for m in view["messages"]
                    for row in m["buttons"]
                    for b in row
                    if b["token"] and b["token"].startswith("v:") and "✅" in b["label"]
                ]
                for token in votes:
                    await self.post(room.url + "press", {"token": token, "player": index})
        done = await self.post(room.url + "again", {"game": room.game})
        assert done["ok"], done
        # A page showing a new game reloads: new sockets.
        await self.connect(room)
        await self.start(room)

    async def play(self, rooms: list[Room], moves: int) -> None:
        """``moves`` more moves, a move in each room in turn."""
        goal = self.moves + moves
        while self.moves < goal:
            for room in rooms:
                await self.move(room)


async def _drain(socket: aiohttp.ClientWebSocketResponse) -> None:
    """Read a page's change notices (the views are fetched after each move anyway)."""
    async for _ in socket:
        pass


async def close(room: Room) -> None:
    """Close the room's sockets, as its pages do when they reload or go."""
    for socket in room.sockets:
        await socket.close()
    for reader in room.readers:
        await reader
    room.sockets, room.readers = [], []


async def soak(url: str, rooms: int, moves: int, warmup: int, seed: int) -> None:
    redis = connect(url)
    prefix = f"soak-{secrets.token_hex(4)}:"
    try:
        async with playground(url, prefix) as (pid, base), aiohttp.ClientSession() as http:
            runner = Soak(base, http, Store(redis, prefix=prefix), random.Random(seed))
            fresh = rss_mb(pid)
            print(f"{rooms} rooms, {moves} moves: RSS at start {fresh:.1f} MB", flush=True)
            names = registry.names()
            opened = [await runner.create(names[i % len(names)]) for i in range(rooms)]
            await runner.play(opened, warmup)
            before = rss_mb(pid)
            print(f"  after {runner.moves} moves of warm-up: RSS {before:.1f} MB", flush=True)
            started = time.perf_counter()
            first = runner.moves
            for _ in range(10):
                await runner.play(opened, moves // 10)
                print(
                    f"  {runner.moves - first} moves, {runner.tables} tables,"
                    f" {runner.requests} requests, {time.perf_counter() - started:.0f} s:"
                    f" RSS {rss_mb(pid):.1f} MB",
                    flush=True,
                )
            after = rss_mb(pid)
            print(
                f"RSS after {after:.1f} MB: {after - before:+.1f} MB over {runner.moves - first}"
                f" moves after the warm-up, {after - fresh:+.1f} MB since the start"
            )
            for room in opened:
                await close(room)
    finally:
        keys = [key async for key in redis.scan_iter(match=f"{prefix}*")]
        if keys:
            await redis.delete(*keys)
        await redis.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=5, help="rooms played at once (≤ 20)")
    parser.add_argument("--moves", type=int, default=10_000, help="moves measured, in all")
    parser.add_argument("--warmup", type=int, default=500, help="moves before measuring")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with redis_url() as url:
        asyncio.run(soak(url, args.rooms, args.moves, args.warmup, args.seed))


if __name__ == "__main__":
    main()
