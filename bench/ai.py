"""How well and how fast the computer plays; prints figures (not a test).

    python -m bench.ai [--game G ...] [--games N] [--matchups M ...] [--variant V]
                       [--seed S] [--jobs J]
    python -m bench.ai --puzzles [--game G ...]

For each game: head-to-head two-player results with 95% Wilson intervals —
normal and strong against the tactical greedy player (``bench.tactical``),
strong against normal, and the older yardsticks: the one-ply greedy player
(``bench.ai_greedy``) and the old stand-in — and, for Klac, Klotho and
Krendzu, one normal seat among two tactical greedy ones at a three-player
table. Seats are swapped every game. Then each level's decision
time (p50, p99, max) over every decision it made. A draw counts half.
Games run in ``--jobs`` processes (default: one per core); the decision times
are then those of a machine kept busy, the way a bot worker would be.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bench.ai_greedy import greedy
from bench.common import median_and_p99
from bench.tactical import tactical
from games import ai, registry
from games.core.protocol import Action

#: How a contestant moves: (game id, state, seat, rng) -> action.
Move = Callable[[str, Any, int, random.Random], Action]
#: The matchups, as (contestant, opponent); the targets are the issue's.
MATCHUPS = {
    "normal-tactical": ("normal", "tactical", 0.65),
    "strong-tactical": ("strong", "tactical", 0.75),
    "strong-normal": ("strong", "normal", 0.60),
    "easy-tactical": ("easy", "tactical", None),
    "normal-greedy": ("normal", "greedy", 0.65),
    "normal-stand_in": ("normal", "stand_in", 0.80),
}
#: The matchups run when none is named (the older yardsticks on request).
DEFAULT_MATCHUPS = ("normal-tactical", "strong-tactical", "strong-normal", "easy-tactical", "three")
THREE_PLAYER = ("klac", "klotho", "krendzu")
#: Options of the games played: each game's defaults (a Klac! match to 150, a
#: Curling match of 8 ends), as people play them; the luck of a short match
#: would hide the difference between two levels.
OPTIONS: dict[str, dict[str, Any]] = {game_id: {} for game_id in registry.names()}
#: A game's variants: ``--variant`` plays one of them, else each plays half the games.
VARIANTS: dict[str, dict[str, dict[str, Any]]] = {
    "curling": {"dice": {"variant": "dice"}, "cards": {"variant": "cards"}}
}


@dataclass
class Timings:
    """Decision times in seconds, per (game, level)."""

    seconds: dict[tuple[str, str], list[float]] = field(default_factory=dict)

    def mover(self, level: str) -> Move:
        """A contestant playing ``level`` whose every decision is timed."""

        def move(game_id: str, state: Any, seat: int, rng: random.Random) -> Action:
            started = time.perf_counter()
            action = ai.choose(game_id, state, seat, level, rng.getrandbits(32))
            self.seconds.setdefault((game_id, level), []).append(time.perf_counter() - started)
            return action

        return move


def stand_in(game_id: str, state: Any, seat: int, rng: random.Random) -> Action:
    """The stand-in as it played before the computer players existed."""
    game = registry.get(game_id)
    return game.stand_in(state, seat, game.legal_actions(state, seat), rng)


def contestant(name: str, timings: Timings) -> Move:
    """The mover called ``name``: a level, ``tactical``, ``greedy`` or ``stand_in``."""
    if name == "tactical":
        return tactical
    if name == "greedy":
        return greedy
    if name == "stand_in":
        return stand_in
    return timings.mover(name)


def play(game_id: str, movers: Sequence[Move], options: dict[str, Any], seed: int) -> list[int]:
    """Play one seeded game to the end; the winners."""
    game = registry.get(game_id)
    state = game.new_game(len(movers), options, seed)
    rng = random.Random(seed)
    for _ in range(100_000):
        if game.is_over(state):
            return list(game.result(state)["winners"])
        window = game.window(state)
        movers_now = [s for s in game.to_move(state) if game.legal_actions(state, s)]
        if not movers_now and window is not None:
            state = game.apply(state, window.seat, window.close)
            continue
        seat = movers_now[0]
        state = game.apply(state, seat, movers[seat](game_id, state, seat, rng))
    raise AssertionError(f"{game_id} seed {seed} did not end")


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    denominator = 1 + z * z / games
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


@dataclass(frozen=True)
class Game:
    """One game of a matchup: ``first`` in seat ``mine``, ``second`` elsewhere."""

    game_id: str
    first: str
    second: str
    seats: int
    index: int
    seed: int
    #: The variant played (a key of the game's :data:`VARIANTS`), or every one in turn.
    variant: str | None = None

    def play(self) -> tuple[float, dict[tuple[str, str], list[float]]]:
        """``first``'s share of the win, and the decision times of the levels."""
        timings = Timings()
        mine = self.index % self.seats
        first, second = contestant(self.first, timings), contestant(self.second, timings)
        movers = [first if s == mine else second for s in range(self.seats)]
        options = dict(OPTIONS[self.game_id])
        variants = VARIANTS.get(self.game_id, {})
        if variants:
            names = sorted(variants)
            options.update(variants[self.variant or names[self.index % len(names)]])
        winners = play(self.game_id, movers, options, self.seed + self.index)
        return (1 / len(winners) if mine in winners else 0.0), timings.seconds


def head_to_head(
    game_id: str,
    first: str,
    second: str,
    games: int,
    seed: int,
    timings: Timings,
    pool: ProcessPoolExecutor,
    seats: int = 2,
    variant: str | None = None,
) -> float:
    """``first``'s score over ``games`` games against ``seats - 1`` copies of
    ``second``, ``first`` taking each seat in turn (a shared win counts as a
    share); the decision times are added to ``timings``."""
    score = 0.0
    matchup = [Game(game_id, first, second, seats, i, seed, variant) for i in range(games)]
    for done, (share, seconds) in enumerate(pool.map(Game.play, matchup), start=1):
        score += share
        for key, times in seconds.items():
            timings.seconds.setdefault(key, []).extend(times)
        if sys.stderr.isatty():
            print(f"\r  {first} vs {second}: {done}/{games}", end="", file=sys.stderr)
    if sys.stderr.isatty():
        print("\r\033[K", end="", file=sys.stderr)
    return score


def report_line(label: str, score: float, games: int, target: float | None) -> str:
    low, high = wilson(score, games)
    mark = "" if target is None else ("  ok" if low >= target else f"  (target {target:.0%})")
    return f"  {label:<28} {score / games:6.1%}  [{low:5.1%} – {high:5.1%}]  n={games}{mark}"


def puzzles(game_ids: Sequence[str]) -> None:
    """Print how many of each game's puzzles every level solves, and which it misses."""
    from tests.games.puzzles import PUZZLES

    print("puzzles solved (every seed of the suite):")
    for game_id in game_ids:
        for level in ai.LEVELS:
            missed = [p.name for p in PUZZLES[game_id] if not p.solved_by(level)]
            total = len(PUZZLES[game_id])
            line = f"  {game_id:<8} {level:<7} {total - len(missed):3}/{total}"
            print(line + (f"  missed: {', '.join(missed)}" if missed else ""), flush=True)


def main() -> None:
    """Run the chosen matchups (or the puzzles) and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=registry.names())
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--matchups", nargs="*", choices=[*MATCHUPS, "three"])
    parser.add_argument(
        "--variant",
        choices=sorted({v for vs in VARIANTS.values() for v in vs}),
        help="play only this variant of the games that have it (default: each in turn)",
    )
    parser.add_argument("--puzzles", action="store_true", help="solve the puzzle suite instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    game_ids = args.game or registry.names()
    if args.puzzles:
        puzzles(game_ids)
        return
    timings = Timings()
    matchups = args.matchups or DEFAULT_MATCHUPS
    with ProcessPoolExecutor(args.jobs) as pool:
        for game_id in game_ids:
            variant = args.variant if args.variant in VARIANTS.get(game_id, {}) else None
            print(f"{game_id}{f' ({variant})' if variant else ''}:", flush=True)
            for name in matchups:
                if name == "three":
                    if game_id not in THREE_PLAYER:
                        continue
                    score = head_to_head(
                        game_id, "normal", "tactical", args.games, args.seed, timings, pool, seats=3
                    )
                    line = report_line("normal among 2 tactical", score, args.games, 0.45)
                    print(line, flush=True)
                    continue
                mine, theirs, target = MATCHUPS[name]
                score = head_to_head(
                    game_id, mine, theirs, args.games, args.seed, timings, pool, variant=variant
                )
                print(report_line(f"{mine} vs {theirs}", score, args.games, target), flush=True)
    print("decision time (ms): p50 / p99 / max")
    for (game_id, level), seconds in sorted(timings.seconds.items()):
        ms = [s * 1000 for s in seconds]
        p50, p99 = median_and_p99(ms)
        print(
            f"  {game_id:<8} {level:<7} {p50:7.1f} / {p99:7.1f} / {max(ms):7.1f}"
            f"  ({len(ms)} decisions)"
        )


if __name__ == "__main__":
    main()
