"""Small pictures of each game's table (the playground's home page, Telegram's
inline results), drawn once per process.

Each shows a game a few moves in (a fixed seed, the first legal moves), so a
newcomer sees what the table of Klotho looks like next to Krendzu's before
choosing. Drawn from public views, like every table picture.
"""

from __future__ import annotations

import functools
import io

from PIL import Image

from games import registry
from render import registry as renderers

#: Width of a thumbnail in pixels (shown at half that, for sharp screens).
WIDTH = 360
#: Moves made before the picture is taken.
MOVES = 6
NAMES = ("Anya", "Boris", "Vika", "Gleb")


@functools.cache
def thumbnail(game_name: str) -> bytes:
    """A PNG of ``game_name``'s table a few moves into a game."""
    game = registry.get(game_name)
    seats = min(3, game.max_seats)
    state = game.new_game(seats, {}, 7)
    for _ in range(MOVES):
        if game.is_over(state):
            break
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    png = renderers.get(game_name).table(game.view(state, None), names=NAMES[:seats])
    with Image.open(io.BytesIO(png)) as picture:
        small = picture.convert("RGB")
    small.thumbnail((WIDTH, WIDTH * 2), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()
