"""Advice: the move ``normal`` would make for a seat, and why.

The reason is read from the computer's own evaluation of that move, not
guessed apart from it: each game's ``reason`` module takes the canonical
state the player decided on (only what the seat may see) and names the
feature of its evaluation the move changes most ("blocks the open three
7♠ 8♠ 9♠", "sells caravan 2 at 24"). A reason is a :class:`Choice`
(a message id and its arguments), worded by the frontends' catalog, and it
names only public cards or the seat's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from games.ai import PLAYERS, choose
from games.ai.caravan.reason import reason as caravan_reason
from games.ai.curling.reason import reason as curling_reason
from games.ai.klac.reason import reason as klac_reason
from games.ai.klotho.reason import reason as klotho_reason
from games.ai.krendzu.reason import reason as krendzu_reason
from games.core.protocol import Action, Choice

#: ``reason(known, seat, action)``: why ``seat`` plays ``action`` in the
#: canonical state ``known`` (``None`` when the evaluation has nothing to say).
Reason = Callable[[Any, int, Action], Choice | None]

#: Each game's reason, by the registry's name.
REASONS: Mapping[str, Reason] = MappingProxyType(
    {
        "klac": klac_reason,
        "klotho": klotho_reason,
        "krendzu": krendzu_reason,
        "caravan": caravan_reason,
        "curling": curling_reason,
    }
)


@dataclass(frozen=True)
class Advice:
    """The suggested action and the reason for it."""

    action: Action
    reason: Choice | None


def advise(game_id: str, state: Any, seat: int, seed: int = 0) -> Advice:
    """What ``normal`` plays for ``seat`` (as :func:`games.ai.choose` with that
    level and ``seed``) and why, decided only from what the seat sees."""
    action = choose(game_id, state, seat, "normal", seed)
    known = PLAYERS[game_id].canonical(state, seat)
    return Advice(action, REASONS[game_id](known, seat, action))
