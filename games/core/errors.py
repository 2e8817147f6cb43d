"""Typed errors raised by rules engines.

Every error is a ``ValueError`` so callers that only know the contract can
catch one type. Each carries a stable ``code`` (an i18n message id suffix) and
``params`` so frontends can explain the refusal in the player's language; the
English ``str()`` is for logs and tests. Messages never name hidden cards of
another seat.
"""

from __future__ import annotations

from typing import Any


class GameError(ValueError):
    """Base class of every rules error."""

    code = "game-error"

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = params


class IllegalAction(GameError):
    """The action is not legal for this seat in this state."""

    code = "illegal-action"


class NotYourTurn(IllegalAction):
    """The seat is not among those expected to act now."""

    code = "not-your-turn"


class NoSuchSeat(NotYourTurn):
    """The seat is not one of the table's seat indices (a float, a bool, out of
    range): never the one to move."""

    code = "no-such-seat"


class GameOver(IllegalAction):
    """The game has ended; no more actions are accepted."""

    code = "game-over"


class MalformedAction(IllegalAction):
    """The action does not have the shape of any action of this game."""

    code = "malformed-action"


class InvalidCard(GameError):
    """A card string is not valid notation for this game."""

    code = "invalid-card"


class InvalidOptions(GameError):
    """Game options (variants) are unknown or out of range."""

    code = "invalid-options"


class InvalidState(GameError):
    """Serialized state could not be loaded."""

    code = "invalid-state"


def require_turn_and_phase(
    turn: int | None, seat: int, kind: str, phase: str, needed: str, *, code: str
) -> None:
    """Refuse ``kind`` unless ``seat`` is the one to act (:class:`NotYourTurn`) and
    the game is in the ``needed`` phase (:class:`IllegalAction` with ``code``)."""
    if turn is None or seat != turn:
        raise NotYourTurn("it is not your turn", seat=seat)
    if needed != phase:
        raise IllegalAction(
            f"{kind} is not possible in the {phase} phase", code=code, kind=kind, phase=phase
        )
