"""Computer players for every game: ``choose`` picks one of a seat's legal actions.

The contract, used by the bot and by tests outside the project::

    from games import ai
    ai.LEVELS                                    # ("easy", "normal", "strong")
    ai.choose(game_id, state, seat, level="normal", seed=0)  # one of legal_actions

A choice is deterministic for its arguments and costs a fixed amount of work
(iterations, never a wall clock), so two workers choose the same move. It is
made only from what ``view(state, seat)`` shows: each game's player first
replaces everything that seat cannot see by a canonical stand-in (``canonical``),
so re-dealing hidden cards consistently with the view never changes the choice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from games import registry
from games.ai import caravan, curling, klac, klotho, krendzu
from games.ai.base import LEVELS, Player
from games.core.errors import IllegalAction, InvalidOptions
from games.core.protocol import Action

#: The player of each game, by the registry's name.
PLAYERS: Mapping[str, Player[Any]] = MappingProxyType(
    {
        "klac": klac.PLAYER,
        "klotho": klotho.PLAYER,
        "krendzu": krendzu.PLAYER,
        "caravan": caravan.PLAYER,
        "curling": curling.PLAYER,
    }
)


def choose(
    game_id: str,
    state: Any,
    seat: int,
    level: str = "normal",
    seed: int = 0,
) -> Action:
    """The action the computer takes for ``seat`` at ``level`` (one of :data:`LEVELS`).

    The levels differ by how much they search, never by throwing moves away on
    purpose: ``normal``'s choice is also the advice a hint gives.

    Raises :class:`~games.core.errors.InvalidOptions` for an unknown level and
    :class:`~games.core.errors.IllegalAction` when ``seat`` has nothing to do.
    """
    game = registry.get(game_id)
    if level not in LEVELS:
        raise InvalidOptions(f"unknown level {level!r}", code="ai-unknown-level", level=str(level))
    game.check_seat(state, seat)
    legal = game.legal_actions(state, seat)
    if not legal:
        raise IllegalAction("this seat has nothing to do now", code="ai-nothing-to-do")
    if len(legal) == 1:
        return legal[0]
    player = PLAYERS[game_id]
    known = player.canonical(state, seat)
    rng = random.Random(f"{game_id}:{level}:{seed}")
    action = player.choose(known, seat, level, rng)
    if action not in legal:
        raise AssertionError(f"the {game_id} player chose an illegal action {action!r}")
    return action


__all__ = ["LEVELS", "PLAYERS", "choose"]
