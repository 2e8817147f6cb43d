"""The computer players' contract, for every game and level: a legal action,
the same one for the same arguments (in another process too), and never
a peek at what the seat cannot see."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from games import IllegalAction, InvalidOptions, NoSuchSeat, ai, registry
from games.core.rng import SEED_BITS
from tests.games import (
    test_conformance_caravan,
    test_conformance_curling,
    test_conformance_klac,
    test_conformance_klotho,
    test_conformance_krendzu,
)
from tests.games.loads_checks import playout

Redeal = Callable[[Any, int | None, random.Random], Any]
#: Per game: (seats, options) of the positions tried, and the conformance
#: test's re-deal of everything a seat cannot see.
TABLES: dict[str, tuple[list[tuple[int, dict[str, Any]]], Redeal]] = {
    "klac": ([(2, {"target": 50}), (4, {"target": 50})], test_conformance_klac.redeal),
    "klotho": ([(2, {}), (3, {"scoring": "claim"})], test_conformance_klotho.redeal),
    "krendzu": (
        [(2, {}), (3, {"variant": "two_defenders"}), (4, {})],
        test_conformance_krendzu.redeal,
    ),
    "caravan": ([(2, {})], test_conformance_caravan.redeal),
    "curling": (
        [(2, {"ends": 2}), (2, {"ends": 2, "variant": "cards", "deck": 54})],
        test_conformance_curling.redeal,
    ),
}
#: Positions tried per table (spread over a whole match).
POSITIONS = 6


def positions(
    game_id: str, count: int = POSITIONS, where: Callable[[Any], bool] = bool
) -> list[tuple[Any, int]]:
    """``count`` (state, seat) pairs per table from seeded random matches where
    the seat has a choice (and ``where`` holds), spread evenly over each match."""
    game = registry.get(game_id)
    out = []
    for i, (seats, options) in enumerate(TABLES[game_id][0]):
        choices = []
        for state in playout(game, seats, options, seed=40 + i):
            choosers = [s for s in game.to_move(state) if len(game.legal_actions(state, s)) > 1]
            if choosers and where(state):
                choices.append((state, choosers[0]))
        step = max(1, len(choices) // count)
        out.extend(choices[::step][:count])
    return out


@pytest.mark.parametrize("level", ai.LEVELS)
@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_a_legal_action_the_same_for_the_same_arguments(game_id: str, level: str) -> None:
    game = registry.get(game_id)
    for state, seat in positions(game_id):
        before = game.dumps(state)
        action = ai.choose(game_id, state, seat, level, seed=3)
        assert action in game.legal_actions(state, seat)
        assert ai.choose(game_id, state, seat, level, seed=3) == action
        assert game.dumps(state) == before, "choosing changed the state"


@pytest.mark.parametrize("level", ai.LEVELS)
@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_it_decides_only_from_what_the_seat_sees(game_id: str, level: str) -> None:
    game = registry.get(game_id)
    player = ai.PLAYERS[game_id]
    redeal = TABLES[game_id][1]
    rnd = random.Random(game_id)
    for state, seat in positions(game_id):
        known = player.canonical(state, seat)
        action = ai.choose(game_id, state, seat, level, seed=5)
        for _ in range(2):
            # Everything the seat cannot see dealt anew, the future too.
            other = replace(redeal(state, seat, rnd), rng=rnd.getrandbits(SEED_BITS))
            assert game.view(other, seat) == game.view(state, seat)
            assert game.dumps(player.canonical(other, seat)) == game.dumps(known)
            assert ai.choose(game_id, other, seat, level, seed=5) == action


def test_the_same_choices_in_another_process() -> None:
    cases = []
    for game_id in sorted(TABLES):
        game = registry.get(game_id)
        for state, seat in positions(game_id)[:3]:
            cases.append((game_id, game.dumps(state), seat))
    here = [
        list(ai.choose(g, registry.get(g).loads(text), seat, "normal", 9))
        for g, text, seat in cases
    ]
    script = (
        "import json, sys\n"
        "from games import ai, registry\n"
        "cases = json.load(sys.stdin)\n"
        "print(json.dumps([list(ai.choose(g, registry.get(g).loads(t), s, 'normal', 9))"
        " for g, t, s in cases]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "12345", "PATH": ""},
    )
    assert json.loads(done.stdout) == here


def test_refusals() -> None:
    game = registry.get("klac")
    state = game.new_game(2, None, seed=1)
    seat = game.to_move(state)[0]
    with pytest.raises(InvalidOptions):
        ai.choose("klac", state, seat, "grandmaster")
    with pytest.raises(IllegalAction) as nothing:
        ai.choose("klac", state, 1 - seat)
    assert nothing.value.code == "ai-nothing-to-do"
    with pytest.raises(NoSuchSeat):
        ai.choose("klac", state, 1.0)  # type: ignore[arg-type]
    assert ai.LEVELS == ("easy", "normal", "strong")
