"""The explicit registry of games: name → rules engine."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from games.caravan.game import CaravanGame
from games.core.errors import GameError
from games.core.protocol import Game
from games.curling.game import CurlingGame
from games.klac.game import KlacGame
from games.klotho.game import KlothoGame
from games.krendzu.game import KrendzuGame

GAMES: Mapping[str, Game[Any]] = MappingProxyType(
    {
        "klac": KlacGame(),
        "klotho": KlothoGame(),
        "krendzu": KrendzuGame(),
        "caravan": CaravanGame(),
        "curling": CurlingGame(),
    }
)


class UnknownGame(GameError):
    """No game is registered under that name."""

    code = "unknown-game"


def get(name: str) -> Game[Any]:
    """The rules engine registered as ``name``."""
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGame(f"unknown game {name!r}", game=str(name)) from None


def names() -> list[str]:
    """Names of all registered games, in menu order."""
    return list(GAMES)
