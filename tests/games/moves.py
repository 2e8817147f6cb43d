"""Playing and refusing actions in scenario tests, for any engine."""

from __future__ import annotations

from typing import Any

import pytest

from games import IllegalAction
from games.core.protocol import Game


def play(game: Game[Any], state: Any, *action: Any, seat: int | None = None) -> Any:
    """Apply ``action`` for ``seat`` (the seat to move by default), as a button sends it."""
    actor = game.to_move(state)[0] if seat is None else seat
    return game.apply(state, actor, list(action))


def refusal(game: Game[Any], state: Any, action: Any, seat: int | None = None) -> IllegalAction:
    """Assert ``action`` is refused and changes nothing; return the error."""
    actor = (game.to_move(state) or [0])[0] if seat is None else seat
    before = game.dumps(state)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, actor, action)
    assert game.dumps(state) == before
    return info.value
