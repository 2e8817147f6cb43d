"""Replay size and drawing time per game; prints figures (not a test).

    python -m bench.replay [--seed N]

Plays a whole game of Klac! (3 players), Caravan and Logical Curling (8 ends)
with random legal moves, keeps it as a finished game would be kept, and
draws its replay (the animated GIF ``/replay`` sends), printing the moves,
frames, bytes and seconds; then the same games' replays with every hand shown
under the table (the lobby's "hands in the replay"), where there are hands;
then the largest game there is (Klotho, eight players, three rounds) fitted
to Discord's default upload limit of 10 MiB, with how it was made smaller.
Targets: at most 10 s, typically at most 2 MB.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from functools import partial

from bot.core.history import Finished
from bot.core.i18n import I18n
from bot.core.replays import draw
from bot.core.tables import Player
from games import registry

GAMES = (("klac", 3, {}), ("caravan", 2, {}), ("curling", 2, {"ends": 8}))
NAMES = ("Аня", "Boris", "Вика", "Dana", "Егор", "Fay", "Глеб", "Hugo")
#: The largest replay: every seat and round Klotho has, fitted to Discord's 10 MiB.
LARGEST = ("klotho", 8, {"rounds": 3})
DISCORD_LIMIT = 10 * 2**20


def played(
    game_name: str,
    seats: int,
    options: dict[str, object],
    rng: random.Random,
    *,
    hands: bool = False,
) -> Finished:
    """A whole game of random legal moves, as the history keeps it."""
    game = registry.get(game_name)
    seed = rng.randrange(2**31)
    state = game.new_game(seats, options, seed)
    log = []
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        log.append(f"{seat} {json.dumps(list(action))}")
        state = game.apply(state, seat, action)
    players = [Player(f"bench:{n}", NAMES[n]) for n in range(seats)]
    return Finished("bench", "bench", game_name, time.time(), players, seed, options,
                    game.result(state), log, replay_hands=hands)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # As /replay sends it: the words of every move under its frame.
    words = partial(I18n().t, "ru")
    for hands in (False, True):
        rng = random.Random(args.seed)
        for name, seats, options in GAMES:
            if hands and name == "curling":
                continue  # no hands to show
            entry = played(name, seats, options, rng, hands=hands)
            started = time.perf_counter()
            replay = draw(entry, None, words)
            assert replay is not None
            seconds = time.perf_counter() - started
            print(
                f"{name}{' with hands' if hands else ''}: {replay.moves} actions,"
                f" {replay.frames} frames, {len(replay.gif) / 1e6:.2f} MB, {seconds:.1f} s"
            )
    name, seats, options = LARGEST
    entry = played(name, seats, options, random.Random(args.seed))
    started = time.perf_counter()
    whole = draw(entry, None, words)
    fitted = draw(entry, DISCORD_LIMIT, words)
    seconds = time.perf_counter() - started
    assert whole is not None
    shown = (
        "does not fit"
        if fitted is None
        else (f"{fitted.frames} frames, {len(fitted.gif) / 1e6:.2f} MB")
    )
    print(
        f"{name}, {seats} players, {options['rounds']} rounds: {whole.moves} actions,"
        f" {whole.frames} frames, {len(whole.gif) / 1e6:.2f} MB; within 10 MiB: {shown}"
        f" ({seconds:.1f} s for both)"
    )
    print("targets: <= 10 s per game on this machine; typically <= 2 MB")


if __name__ == "__main__":
    main()
