"""The words a seat's confirm step adds about what its move would do, for the
games whose hands are private (Krendzu, Caravan); games played on the table
draw their previews instead (``Game.preview``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.core import presenters
from games import registry
from games.caravan.preview import preview as caravan_preview
from games.core.menu import Menu, build_menu
from games.core.protocol import Action, Choice
from games.krendzu.preview import preview as krendzu_preview

#: Per game, what a move would do (pure, from the rules).
PREVIEWS: Mapping[str, Callable[[Any, int, Action], list[Choice]]] = {
    "caravan": caravan_preview,
    "krendzu": krendzu_preview,
}


def preview_lines(
    game_id: str, state: Any, seat: int, menu: Menu, names: Sequence[str], t: Callable[..., str]
) -> list[str]:
    """At a confirm step (one option that makes the move), what the move would do."""
    explain = PREVIEWS.get(game_id)
    if explain is None or len(menu.options) != 1 or not menu.path:
        return []
    action = build_menu(registry.get(game_id), state, seat, (*menu.path, 0)).action
    if action is None:
        return []
    presenter = presenters.get(game_id)
    return [t(c.msg, **presenter.args(c.args, names)) for c in explain(state, seat, action)]
