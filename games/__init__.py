"""Pure, synchronous rules engines. ``games.registry.get(name)`` finds a game."""

from games.core.errors import (
    GameError,
    GameOver,
    IllegalAction,
    InvalidCard,
    InvalidOptions,
    InvalidState,
    MalformedAction,
    NoSuchSeat,
    NotYourTurn,
)

__all__ = [
    "GameError",
    "GameOver",
    "IllegalAction",
    "InvalidCard",
    "InvalidOptions",
    "InvalidState",
    "MalformedAction",
    "NoSuchSeat",
    "NotYourTurn",
]
