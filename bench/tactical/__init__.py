"""Tactical greedy players, one per game: the benchmark's stronger yardstick.

Each looks one ply ahead like ``bench.ai_greedy`` and also weighs the game's
threats from its own view: what the next opponent could do with what it may
hold (Krendzu's open windows, Klac's next card on each row, Klotho's lines a
chip would score next turn, a caravan the opponent can sell next turn) or,
in Curling, keeps the dice of its biggest group. They decide only from the
game's canonical state for their seat, so they never peek.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from bench.tactical import caravan, curling, klac, klotho, krendzu
from games.core.protocol import Action

Move = Callable[[str, Any, int, random.Random], Action]

#: Each game's tactical greedy player, by the registry's name.
PLAYERS: Mapping[str, Move] = MappingProxyType(
    {
        "klac": klac.tactical,
        "klotho": klotho.tactical,
        "krendzu": krendzu.tactical,
        "caravan": caravan.tactical,
        "curling": curling.tactical,
    }
)


def tactical(game_id: str, state: Any, seat: int, rng: random.Random) -> Action:
    """The tactical greedy player's action for ``seat`` in ``game_id``."""
    return PLAYERS[game_id](game_id, state, seat, rng)
