"""A replay is the public table after every move, drawn again from the seed and log."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageSequence

from bench.replay import played
from bot.core.replays import draw, frames, positions
from games import registry
from render import registry as renderers


def test_every_frame_is_the_public_table_after_a_move() -> None:
    entry = played("klac", 3, {}, random.Random(4))
    game, renderer = registry.get("klac"), renderers.get("klac")
    names = [p.name for p in entry.players]
    drawn = frames(entry)
    public = [game.view(game.new_game(3, {}, entry.seed), None)]
    public += [game.view(after, None) for _, _, _, after in positions(entry)]
    assert len(drawn) == len(entry.log) + 1
    assert [f.png for f in drawn] == [renderer.table(v, names=names) for v in public]
    assert [f.mover for f in drawn[1:3]] == [names[int(line[0])] for line in entry.log[:2]]
    assert drawn[0].mover is None and drawn[-1].number == drawn[-1].total == len(drawn)


def test_a_curling_throw_is_shown_by_its_path_and_rolls_have_no_frame() -> None:
    entry = played("curling", 2, {"ends": 2}, random.Random(2))
    game, renderer = registry.get("curling"), renderers.get("curling")
    assert renderer.preview is not None
    names = [p.name for p in entry.players]
    throws = [
        (seat, action, before) for seat, action, before, _ in positions(entry)
        if action[0] == "throw"
    ]  # fmt: skip
    drawn = frames(entry)
    # The deal, each throw's path, and the final count.
    assert len(drawn) == len(throws) + 2 < len(entry.log)
    seat, action, before = throws[0]
    path = renderer.preview(game.view(before, None), game.preview(before, seat, action) or {},
                            names=names)  # fmt: skip
    assert drawn[1].png == path


def test_the_replay_is_a_looping_gif_of_every_frame_small_enough_to_send() -> None:
    entry = played("caravan", 2, {}, random.Random(3))
    replay = draw(entry)
    with Image.open(io.BytesIO(replay.gif)) as gif:
        assert gif.format == "GIF" and gif.info.get("loop") == 0
        assert sum(1 for _ in ImageSequence.Iterator(gif)) == replay.frames
        assert gif.width <= 480
    # Telegram takes animations up to 50 MB; a chat should not wait for more than a few.
    assert len(replay.gif) < 3_000_000
