"""Every character a finished game's pictures draw has a glyph in the font that
draws it: computers' names among the winners (a computer won, or a draw) show
their robot, never a box.

The texts are recorded while real games, played to their end, are drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import pytest
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from games import registry as games
from render import common as c
from render import registry as renderers
from render.replay import Frame, animation
from tests.render.helpers import recorded_texts
from tests.render.test_words_pictures import GAMES, playout

#: A person first, computers in every other seat, so a computer is among the
#: winners however a game ends. Each name is in the font: a box drawn is a bug.
NAMES = [
    "Аня",
    *(name + c.COMPUTER_MARK for name in ("Ada", "Борис", "Zoë", "Вика", "Глеб", "Даша")),
]


@lru_cache(maxsize=4)
def glyphs(font_file: str) -> frozenset[str]:
    return frozenset(chr(code) for code in TTFont(font_file).getBestCmap())


def end_pictures(
    game_id: str, seats: int, options: Mapping[str, Any] | None
) -> dict[str, Callable[[], bytes]]:
    """The last state's table, hands and replay frame, as the game ended and as
    if a computer alone had won, or all had drawn."""
    game, renderer = games.get(game_id), renderers.get(game_id)
    state = playout(game_id, seats, options, seed=seats)[-1]
    assert game.is_over(state)
    names = NAMES[:seats]
    outcomes: dict[str, Sequence[int]] = {
        "as played": game.view(state, None)["winners"],
        "a computer won": [1],
        "a draw": list(range(seats)),
    }
    pictures: dict[str, Callable[[], bytes]] = {}
    for outcome, winners in outcomes.items():
        views = {
            seat: {**game.view(state, seat), "winners": list(winners)}
            for seat in [None, *range(seats)]
        }
        pictures[f"{outcome}: table"] = lambda v=views[None]: renderer.table(v, names=names)
        if renderer.private is not None:
            for seat in range(seats):
                pictures[f"{outcome}: hand {seat}"] = lambda v=views[seat], d=renderer.private: d(
                    v, names=names
                )
    table = renderer.table(views[None], names=names)
    pictures["replay"] = lambda: animation([Frame(table, 9, 9, names[1])])
    return pictures


@pytest.mark.parametrize(("game_id", "seats", "options"), GAMES)
def test_a_finished_games_pictures_draw_no_missing_glyph(
    game_id: str, seats: int, options: Mapping[str, Any] | None
) -> None:
    for picture, draw in end_pictures(game_id, seats, options).items():
        with recorded_texts() as seen:
            draw()
        for drawn in seen:
            missing = set(drawn.text) - glyphs(drawn.font_file)
            assert not missing, (game_id, picture, drawn.text, missing)
            # Our names are all in the font: a box stands for a robot turned into text.
            assert c.REPLACEMENT not in drawn.text, (game_id, picture, drawn.text)
        if "hand" not in picture:
            # The table and the replay name the players: the names were looked at.
            assert any("Ada" in drawn.text for drawn in seen), (game_id, picture)
