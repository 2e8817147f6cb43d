"""💡 Hints: the computer's suggestion for the seat to move, and why.

A hint is decided once per position and seat (``normal``'s move, from what
the seat sees) and kept in a small memo, so that stepping through the menu
with it shown costs nothing; the advice is deterministic, so another worker
that has not seen it finds the same. Its words: the whole move (the menu's
steps), and one line of reason from the computer's own evaluation
(:mod:`games.ai.advice`).
"""

from __future__ import annotations

import asyncio
import zlib
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.core import presenters
from bot.core.tables import Table
from bot.metrics import Metrics
from games import registry
from games.ai.advice import advise
from games.core.menu import build_menu, own_actions
from games.core.protocol import Choice

#: Positions whose hint is kept.
MEMO_SIZE = 256
#: The key of a menu's confirm step, by the games' convention.
CONFIRM = "ok"


@dataclass(frozen=True)
class Hint:
    """The whole menu path of the suggested move, and why (if the evaluation says)."""

    path: tuple[int, ...]
    reason: Choice | None = None


class Advisor:
    """Hints by table, state version and seat, decided off the event loop."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics
        self._memo: OrderedDict[tuple[str, int, int], Hint] = OrderedDict()

    async def hint(self, table: Table, state: Any, seat: int) -> Hint | None:
        """The suggestion for ``seat``, or ``None`` when it has no move of its own."""
        key = (table.id, table.state_version, seat)
        found = self._memo.get(key)
        if found is not None:
            self._memo.move_to_end(key)
            return found
        game = registry.get(table.game)
        own = own_actions(game, state, seat)
        if not own:
            return None
        seed = zlib.crc32(f"{table.id}:{table.state_version}:{seat}:hint".encode())
        decide = self.metrics.timed_decision(table.game, "normal", advise)
        advice = await asyncio.to_thread(decide, table.game, state, seat, seed)
        action, reason = advice.action, advice.reason
        if action not in own:  # a vote, say: the hint is about the seat's own move
            action, reason = own[0], None
        path: list[int] = []
        for step in game.choice_path(state, seat, action):
            options = build_menu(game, state, seat, path).options
            path.append(next(i for i, choice in enumerate(options) if choice.key == step.key))
        found = self._memo[key] = Hint(tuple(path), reason)
        if len(self._memo) > MEMO_SIZE:
            self._memo.popitem(last=False)
        return found


def hint_text(
    table: Table,
    state: Any,
    seat: int,
    hint: Hint,
    names: Sequence[str],
    t: Callable[..., str],
) -> str:
    """The suggestion in words: the move, then the reason on a line of its own."""
    game = registry.get(table.game)
    presenter = presenters.get(table.game)
    taken = build_menu(game, state, seat, hint.path).taken
    steps = [t(c.msg, **presenter.args(c.args, names)) for c in taken]
    if taken and taken[-1].key == CONFIRM:
        # A confirm step sums the move up: it and what it leaves unsaid (a
        # combination) are enough, the ✅ left to the button.
        summary = steps[-1].removeprefix("✅").strip()
        steps = [steps[0], summary] if steps[0] not in summary else [summary]
        move = " · ".join(steps)
    else:
        # As the seat's own breadcrumb shows them: a step may begin with an
        # arrow of its own ("→ Anna"), so no arrow joins them.
        move = " ".join(steps)
    lines = [t("hint-line", move=move)]
    if hint.reason is not None:
        why = t(hint.reason.msg, **presenter.args(hint.reason.args, names))
        lines.append(t("hint-why", reason=why))
    return "\n".join(lines)
