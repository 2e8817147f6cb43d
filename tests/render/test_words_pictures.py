"""The pictures speak no language: every text they draw, recorded while real games
are drawn, is a number, a symbol, a card's rank or a cell's name — never a
word or an abbreviation (a Russian reader sees the same picture as an English one).

And the curling picture's biggest number is the match score, not the house count.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from games import registry as games
from games.core.menu import movers
from render import registry as renderers
from tests.render.helpers import recorded_texts

#: Cyrillic names, so any Latin letter drawn comes from the renderer itself.
NAMES = ["Аня", "Борис", "Вика", "Глеб", "Даша", "Егор"]
#: Card ranks as printed decks show them in every language.
RANKS = frozenset({"J", "Q", "K", "A"})
#: Latin text each picture may carry besides ranks: its columns' letters and its
#: cells' names (Klotho's field is at most 5 wide, Krendzu's grows as it is
#: played, Curling's columns are a–h); Klac and Caravan have no coordinates.
COORDINATES = {
    "klac": None,
    "caravan": None,
    "klotho": re.compile(r"[A-E][0-9]?"),
    "krendzu": re.compile(r"[A-Z][0-9]{0,2}"),
    "curling": re.compile(r"[a-h][0-9]{0,2}"),
}


def playout(game_id: str, seats: int, options: Mapping[str, Any] | None, seed: int) -> list[Any]:
    """About a dozen states spread over a seeded random game, and its last."""
    game = games.get(game_id)
    rng = random.Random(seed)
    state = game.new_game(seats, dict(options) if options else None, seed=seed)
    states = []
    for step in range(3000):
        if game.is_over(state):
            break
        if step % 7 == 0:
            states.append(state)
        seat = (movers(game, state) or game.to_move(state))[0]
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return [*states[:: max(1, len(states) // 12)], state]


def draw_all(game_id: str, states: list[Any]) -> list[Callable[[], bytes]]:
    """Drawing calls for the table, each seat's hand and a preview of each state."""
    game, renderer = games.get(game_id), renderers.get(game_id)
    calls: list[Callable[[], bytes]] = []
    for state in states:
        public = {k: v for k, v in game.view(state, None).items() if k != "events"}
        names = NAMES[: public.get("seats", 2) or 2]
        calls.append(lambda v=public, n=names: renderer.table(v, names=n))
        if renderer.private is not None:
            for seat in range(len(names)):
                own = {k: v for k, v in game.view(state, seat).items() if k != "events"}
                draw = renderer.private
                calls.append(lambda v=own, n=names, d=draw: d(v, names=n))
        to_move = [] if game.is_over(state) else game.to_move(state)
        if renderer.preview is not None and to_move:
            throws = [a for a in game.legal_actions(state, to_move[0]) if a[0] == "throw"]
            if throws:
                data = game.preview(state, to_move[0], throws[0])
                assert data is not None
                calls.append(lambda v=public, p=data, n=names, d=renderer.preview: d(v, p, names=n))
    return calls


GAMES = [
    ("klac", 3, None),
    ("klotho", 3, None),
    ("klotho", 7, None),
    ("krendzu", 3, None),
    ("caravan", 2, None),
    ("curling", 2, {"ends": 2}),
    ("curling", 2, {"ends": 2, "variant": "cards"}),
]


@pytest.mark.parametrize(("game_id", "seats", "options"), GAMES)
def test_pictures_carry_no_words_or_abbreviations(
    game_id: str, seats: int, options: Mapping[str, Any] | None
) -> None:
    calls = draw_all(game_id, playout(game_id, seats, options, seed=seats))
    for draw in calls:
        with recorded_texts() as seen:
            draw()
        words = [word for drawn in seen for word in drawn.text.split()]
        latin = [word for word in words if re.search("[A-Za-z]", word)]
        coordinates = COORDINATES[game_id]
        for text in latin:
            # A rank, a column letter or a cell (B3, c0): never R1, L2, P, G3, H7 or a word.
            cell = coordinates is not None and coordinates.fullmatch(text)
            assert text in RANKS or cell, (game_id, text)
        # A letter that is no rank names a column: one label per column (curling
        # writes its letters above and below the field). A second "D" is a dealer.
        per_column = 2 if game_id == "curling" else 1
        singles = Counter(t for t in latin if len(t) == 1 and t not in RANKS)
        assert all(n <= per_column for n in singles.values()), (game_id, singles)


def test_the_curling_pictures_biggest_number_is_the_match_score() -> None:
    game = games.get("curling")
    renderer = renderers.get("curling")
    checked = 0
    for state in playout("curling", 2, {"ends": 2}, seed=5):
        view = {k: v for k, v in game.view(state, None).items() if k != "events"}
        with recorded_texts() as seen:
            renderer.table(view, names=NAMES[:2])
        numbers = [(d.size, d.text) for d in seen if d.text.isdigit()]
        biggest = max(size for size, _text in numbers)
        shown = sorted(text for size, text in numbers if size == biggest)
        assert shown == sorted(str(v) for v in view["match"]), (shown, view["match"])
        checked += 1
    assert checked > 10
