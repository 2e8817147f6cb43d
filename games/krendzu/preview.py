"""What a Krendzu placement would do, said before it is confirmed: the
combinations it completes, for whom, or that it completes none.

Worked out by applying the move to a copy of the state and reading only its
public scoring events (never a next tour's deal).
"""

from __future__ import annotations

from games.core.protocol import Action, Choice
from games.krendzu.actions import FIRST, PLACE
from games.krendzu.game import KrendzuGame
from games.krendzu.state import KrendzuState

GAME = KrendzuGame()


def preview(state: KrendzuState, seat: int, action: Action) -> list[Choice]:
    """The outcome of ``seat`` playing ``action`` (a legal action), in steps to word."""
    if action[0] not in (PLACE, FIRST):
        return []
    after = GAME.apply(state, seat, action)
    scored = [e.public for e in after.events if e.kind == "score"]
    if not scored:
        return [Choice("none", "krendzu-preview-none")]
    return [
        Choice(
            f"score{i}",
            "krendzu-preview-own-goal" if data["own_goal"] else "krendzu-preview-score",
            {"cards": list(data["cards"])},
        )
        for i, data in enumerate(scored)
    ]
