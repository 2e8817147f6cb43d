"""Benchmarks for the foundation; prints figures (not a test).

    python -m bench.run [--games N] [--moves N] [--save DIR]

Figures: Klac engine random-playout actions/s; table image render time
(median of 50) and PNG size (Klac, Klotho, a late-game Caravan table with
its hand, a 36-card Krendzu field); Krendzu combination detection per
placement and its biggest menu; Curling simulate_throw per call, all legal
throws per roll and the field and preview renders; table-service move latency (load + check +
compare-and-set save, no render) p50/p99 against Redis; state size in bytes.
Uses REDIS_URL if set, otherwise a private redis-server.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bench.common import redis_url
from bot.core.redis_client import connect
from bot.core.service import PlayerInfo, TableService
from bot.core.store import Store
from games import registry
from games.core.cards import RANKS_36, make_deck
from games.core.menu import build_menu
from games.curling.rules import simulate_throw
from games.krendzu.field import SIDES, windows_through
from games.krendzu.rules import is_combination, sort_key
from render import registry as renderers
from render.registry import ImageRenderer
from tests.games.krendzu_positions import make_state

KLAC = registry.get("klac")
NAMES = ["Алиса", "Bob", "Екатерина", "Dmitri", "Зоя", "Li Wei"]


def playout_speed(games: int) -> tuple[float, int, Any]:
    """Actions per second over ``games`` random 2–6 player games; the largest state seen."""
    actions = 0
    biggest, biggest_state = 0, None
    started = time.perf_counter()
    for i in range(games):
        rng = random.Random(i)
        state = KLAC.new_game(2 + i % 5, None, seed=i)
        while not KLAC.is_over(state):
            seat = KLAC.to_move(state)[0]
            state = KLAC.apply(state, seat, rng.choice(KLAC.legal_actions(state, seat)))
            actions += 1
            if i % 5 == 4 and actions % 7 == 0:
                size = len(KLAC.dumps(state).encode())
                if size > biggest:
                    biggest, biggest_state = size, state
    elapsed = time.perf_counter() - started
    return actions / elapsed, biggest, biggest_state


def busy_state() -> Any:
    """A 6-player state late in a round, with many stacks on the table."""
    rng = random.Random(42)
    best, best_stacks = None, -1
    for seed in range(40):
        state = KLAC.new_game(6, None, seed=seed)
        while not KLAC.is_over(state) and state.round == 1:
            stacks = sum(len(row) for row in state.rows)
            if stacks > best_stacks:
                best, best_stacks = state, stacks
            seat = KLAC.to_move(state)[0]
            state = KLAC.apply(state, seat, rng.choice(KLAC.legal_actions(state, seat)))
    return best


def klotho_render(seats: int, save: Path | None) -> tuple[float, int]:
    """Median ms and PNG bytes of a Klotho field late in its first tour."""
    game = registry.get("klotho")
    rng = random.Random(seats)
    state = game.new_game(seats, None, seed=seats)
    for _ in range(12 * seats):
        movers = [s for s in game.to_move(state) if game.legal_actions(state, s)]
        if game.is_over(state) or not movers:
            break
        seat = movers[0]
        own = [a for a in game.legal_actions(state, seat) if a[0] in ("place", "turn", "triplet")]
        state = game.apply(state, seat, rng.choice(own or game.legal_actions(state, seat)))
    draw = renderers.get("klotho").table
    names = [*NAMES, "Ира", "Omar"]
    return timed(draw, game.view(state, None), names, save, f"klotho-{seats}p.png")


def timed(
    draw: ImageRenderer, view: Any, names: list[str], save: Path | None, filename: str
) -> tuple[float, int]:
    """Median ms of 50 renders of ``view`` and the PNG's bytes (written to ``save``)."""
    times, png = [], b""
    for _ in range(50):
        started = time.perf_counter()
        png = draw(view, names=names)
        times.append((time.perf_counter() - started) * 1000)
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
        (save / filename).write_bytes(png)
    return statistics.median(times), len(png)


def caravan_busy_state() -> Any:
    """A Caravan state late in a game with as many cards on the table as random
    play gives (numerals and the faces on them): the hardest table to draw."""
    game = registry.get("caravan")
    best, most = None, -1
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_game(2, None, seed=seed)
        while not game.is_over(state):
            seat = game.to_move(state)[0]
            actions = game.legal_actions(state, seat)
            # Build caravans up: play and attach (no Jacks) whenever possible.
            builds = [a for a in actions if a[0] == "play" or (a[0] == "attach" and a[1][0] != "J")]
            state = game.apply(state, seat, rng.choice(builds or actions))
            view = game.view(state, None)
            cards = sum(1 + len(card["faces"]) for side in view["caravans"] for caravan in side
                        for card in caravan["cards"])  # fmt: skip
            if cards > most:
                best, most = state, cards
    return best


def caravan_render(save: Path | None) -> tuple[int, float, int, float, float, int]:
    """Cards on the table; median ms and PNG bytes of that table; its first (cold
    cache) render in ms; median ms and PNG bytes of a hand."""
    game = registry.get("caravan")
    renderer = renderers.get("caravan")
    assert renderer.private is not None
    state = caravan_busy_state()
    public, private = game.view(state, None), game.view(state, 0)
    cards = sum(1 + len(card["faces"]) for side in public["caravans"] for caravan in side
                for card in caravan["cards"])  # fmt: skip
    started = time.perf_counter()
    renderer.table(public, names=NAMES)
    cold = (time.perf_counter() - started) * 1000
    table_ms, table_bytes = timed(renderer.table, public, NAMES, save, "caravan-table.png")
    hand_ms, hand_bytes = timed(renderer.private, private, NAMES, save, "caravan-hand.png")
    return cards, table_ms, table_bytes, cold, hand_ms, hand_bytes


def krendzu_field() -> tuple[Any, list[float]]:
    """A Krendzu state with all 36 cards on a compact field, and the ms of every
    placement's ``apply`` (check, place, detect combinations, copy).

    A real deal leaves cards aside (34 on the field at most), so here the
    defender is given 19 cards (one a repeat it never plays) and the attacker 18.
    """
    game = registry.get("krendzu")
    state = game.new_game(2, {"exchange": 0}, seed=5)
    deck = make_deck(RANKS_36)
    defender = state.turn
    state.hands[defender] = sorted([*deck[:18], deck[0]], key=sort_key)
    state.hands[1 - defender] = sorted(deck[18:], key=sort_key)
    state.aside = []
    rng = random.Random(5)
    times = []
    while len(state.cells) < len(deck):
        seat = state.turn
        occupied = {(p.x, p.y) for p in state.cells}
        # A compact field: cells touching most cards first, as real play tends to.
        touching = {
            cell: sum((cell[0] + dx, cell[1] + dy) in occupied for dx, dy in SIDES)
            for cell in state.frontier
        }
        most = max(touching.values(), default=0)
        cells = [cell for cell, n in touching.items() if n == most] or [(0, 0)]
        x, y = rng.choice(cells)
        hand = state.hands[seat]
        card = hand[1] if seat == defender and hand[0] == deck[0] and len(hand) > 1 else hand[0]
        started = time.perf_counter()
        state = game.apply(state, seat, ("place", card, x, y))
        times.append((time.perf_counter() - started) * 1000)
    return state, times


def krendzu_bench(save: Path | None) -> None:
    """Print combination detection per placement, menus and the table render on 36 cards."""
    game = registry.get("krendzu")
    state, apply_ms = krendzu_field()
    grid = {(p.x, p.y): p.card for p in state.cells}
    detect = []
    for cell in grid:
        started = time.perf_counter()
        for window in windows_through(cell):
            if all(c in grid for c in window):
                is_combination([grid[c] for c in window])
        detect.append((time.perf_counter() - started) * 1e6)
    print(
        f"krendzu: combination detection per placement on a {len(grid)}-card field "
        f"median {statistics.median(detect):.1f} µs (16 windows); apply per placement "
        f"median {statistics.median(apply_ms):.3f} ms, max {max(apply_ms):.3f} ms"
    )
    # The biggest menu a defender can face: 18 cards beside a 36-card line (74 cells).
    deck = make_deck(RANKS_36)
    line = make_state(3, " ".join(deck), (" ".join(deck[:18]), "6S", "7S"), turn=0)
    menu_ms = []
    for _ in range(20):
        fresh = game.loads(game.dumps(line))  # as the bot loads it for every press
        started = time.perf_counter()
        build_menu(game, fresh, 0, (1,))
        menu_ms.append((time.perf_counter() - started) * 1000)
    print(
        f"krendzu: menu of {len(game.legal_actions(line, 0))} actions (18 cards, 74 free cells) "
        f"median {statistics.median(menu_ms):.1f} ms"
    )
    renderer = renderers.get("krendzu")
    assert renderer.private is not None
    table_ms, table_bytes = timed(
        renderer.table, game.view(state, None), NAMES[:2], save, "krendzu-36.png"
    )
    hand_ms, hand_bytes = timed(
        renderer.private, game.view(state, 1 - state.turn), NAMES[:2], save, "krendzu-hand.png"
    )
    print(
        f"render: krendzu {len(grid)}-card field median {table_ms:.1f} ms (target <= 60), "
        f"PNG {table_bytes / 1024:.1f} KB (target <= 150); hand median {hand_ms:.1f} ms, "
        f"PNG {hand_bytes / 1024:.1f} KB"
    )


def curling_aim_states(variant: dict[str, Any], games: int) -> tuple[list[Any], list[float]]:
    """Every state at a throw's aim step in ``games`` random two-end matches, and
    the ms its legal throws took to list when the playout first met it."""
    game = registry.get("curling")
    states, times = [], []
    for seed in range(games):
        state = game.new_game(2, {"ends": 2, **variant}, seed=seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            seat = game.to_move(state)[0]
            started = time.perf_counter()
            actions = game.legal_actions(state, seat)
            if game.view(state, None)["phase"] == "aim":
                times.append((time.perf_counter() - started) * 1000)
                states.append(state)
            # Keep the dice, stop taking cards, then throw: quickly from aim to aim.
            quick = [a for a in actions if a[0] in ("roll", "keep", "rethrow", "stop", "throw")]
            state = game.apply(state, seat, rng.choice(quick or actions))
    return states, times


def curling_bench(save: Path | None) -> None:
    """Print simulate_throw per call, legal throws per roll, menus, and render times."""
    game = registry.get("curling")
    stones = {"c5": "blue", "f7": "red", "e8": "red", "a8": "red", "d5": "blue", "e5": "blue"}
    started = time.perf_counter()
    for _ in range(2000):
        simulate_throw(stones, "e0", "semaphore", [5, 3], "blue", 7)
    per_call = (time.perf_counter() - started) / 2000 * 1e6
    print(f"curling: simulate_throw per call {per_call:.1f} µs (6 stones, a chain and a stone out)")
    for label, variant in (("dice", {}), ("cards 54", {"variant": "cards", "deck": 54})):
        states, times = curling_aim_states(variant, 4)
        menus = []
        for state in states:
            seat = game.to_move(state)[0]
            fresh = game.loads(game.dumps(state))  # as the bot loads it for every press
            started = time.perf_counter()
            build_menu(game, fresh, seat, ())
            menus.append((time.perf_counter() - started) * 1000)
        most = max(len(game.legal_actions(s, game.to_move(s)[0])) for s in states)
        print(
            f"curling ({label}): all legal throws of a roll, first listing ({len(times)} rolls, "
            f"up to {most} throws) median {statistics.median(times):.2f} ms, max "
            f"{max(times):.2f} ms (target <= 50); first menu median "
            f"{statistics.median(menus):.2f} ms, max {max(menus):.2f} ms"
        )
    renderer = renderers.get("curling")
    state = curling_aim_states({}, 1)[0][10]
    seat = game.to_move(state)[0]
    view = {k: v for k, v in game.view(state, None).items() if k != "events"}
    table_ms, table_bytes = timed(renderer.table, view, NAMES[:2], save, "curling-table.png")
    # The busiest preview: the throw that moves the most stones.
    previews = [game.preview(state, seat, a) or {} for a in game.legal_actions(state, seat)]
    preview = max(previews, key=lambda p: len(p.get("moves", [])))

    def draw_preview(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
        assert renderer.preview is not None
        return renderer.preview(view, preview, names=names)

    preview_ms, preview_bytes = timed(draw_preview, view, NAMES[:2], save, "curling-preview.png")
    print(
        f"render: curling field median {table_ms:.1f} ms, PNG {table_bytes / 1024:.1f} KB; "
        f"preview median {preview_ms:.1f} ms, PNG {preview_bytes / 1024:.1f} KB (target <= 150)"
    )


def render_speed(state: Any, save: Path | None) -> tuple[float, int, float, int]:
    """Median ms and PNG bytes of the table image, and of a hand image."""
    renderer = renderers.get("klac")
    assert renderer.private is not None
    public, private = KLAC.view(state, None), KLAC.view(state, 0)
    return (
        *timed(renderer.table, public, NAMES, save, "klac-table.png"),
        *timed(renderer.private, private, NAMES, save, "klac-hand.png"),
    )


async def move_latency(url: str, moves: int) -> tuple[float, float, int]:
    """p50/p99 ms of TableService.play (load, checks, apply, CAS save, indexes, timers)."""
    redis = connect(url)
    service = TableService(Store(redis, prefix=f"bench-{os.getpid()}:"))
    players = [PlayerInfo(f"bench:{i}", NAMES[i]) for i in range(4)]
    rng = random.Random(1)
    times: list[float] = []
    tables = 0
    try:
        while len(times) < moves:
            table = await service.create(f"bench:chat{tables}", players[0], "klac")
            tables += 1
            for player in players[1:]:
                await service.join(table.id, player)
            await service.start(table.id, players[0].key)
            table, state = await service.get(table.id)
            while not KLAC.is_over(state) and len(times) < moves:
                seat = KLAC.to_move(state)[0]
                action = rng.choice(KLAC.legal_actions(state, seat))
                started = time.perf_counter()
                table, state = await service.play(
                    table.id, players[seat].key, table.state_version, action
                )
                times.append((time.perf_counter() - started) * 1000)
        keys = [k async for k in redis.scan_iter(match=f"bench-{os.getpid()}:*", count=1000)]
        if keys:
            await redis.delete(*keys)
    finally:
        await redis.aclose()
    times.sort()
    return times[len(times) // 2], times[int(len(times) * 0.99)], tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--save", type=Path, default=None, help="write sample PNGs here")
    args = parser.parse_args()

    speed, state_bytes, _ = playout_speed(args.games)
    print(f"engine: {speed:,.0f} Klac actions/s over {args.games} random games")
    print(f"state: largest 6-player state seen {state_bytes} bytes of JSON (target <= 8192)")
    table_ms, table_png, hand_ms, hand_png = render_speed(busy_state(), args.save)
    print(
        f"render: table median {table_ms:.1f} ms (target <= 25), PNG {table_png / 1024:.1f} KB "
        f"(target <= 150); hand median {hand_ms:.1f} ms, PNG {hand_png / 1024:.1f} KB"
    )

    for seats, field in ((3, "4x4"), (8, "5x5")):
        ms, size = klotho_render(seats, args.save)
        print(
            f"render: klotho {field} field ({seats} players) median {ms:.1f} ms (target <= 25), "
            f"PNG {size / 1024:.1f} KB (target <= 150)"
        )

    cards, table_ms, table_png, cold_ms, hand_ms, hand_png = caravan_render(args.save)
    print(
        f"render: caravan late-game table ({cards} cards down) median {table_ms:.1f} ms "
        f"(target <= 25; {cold_ms:.0f} ms with cold caches), PNG {table_png / 1024:.1f} KB "
        f"(target <= 150); hand median {hand_ms:.1f} ms, PNG {hand_png / 1024:.1f} KB"
    )

    krendzu_bench(args.save)
    curling_bench(args.save)

    with redis_url() as url:
        p50, p99, tables = asyncio.run(move_latency(url, args.moves))
    print(
        f"moves: {args.moves} moves over {tables} tables, p50 {p50:.2f} ms (target <= 3), "
        f"p99 {p99:.2f} ms"
    )


if __name__ == "__main__":
    main()
