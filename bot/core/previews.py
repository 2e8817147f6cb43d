"""What a placement would do, shown at its confirm step, for the games whose
hands are private (Krendzu, Caravan): a line of words and the table as it
would be. Games played on the table draw their previews instead
(``Game.preview``)."""

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
#: Events of a move that ends a tour or a game: the table after it shows the
#: next deal, which is the future's and not the seat's to see, so no picture.
ENDINGS = frozenset({"tour_end", "game_end", "match_end"})


def confirmed(game_id: str, state: Any, seat: int, menu: Menu) -> Action | None:
    """The action a confirm step (one option that makes the move) would make,
    for a game with previews here; ``None`` anywhere else."""
    if game_id not in PREVIEWS or len(menu.options) != 1 or not menu.path:
        return None
    return build_menu(registry.get(game_id), state, seat, (*menu.path, 0)).action


def preview_lines(
    game_id: str, state: Any, seat: int, action: Action, names: Sequence[str], t: Callable[..., str]
) -> list[str]:
    """What ``action`` would do, in words."""
    presenter = presenters.get(game_id)
    return [
        t(c.msg, **presenter.args(c.args, names)) for c in PREVIEWS[game_id](state, seat, action)
    ]


def table_after(game_id: str, state: Any, seat: int, action: Action) -> dict[str, Any] | None:
    """The public view of the table once ``action`` is made, to draw as its
    preview; ``None`` when the move ends a tour or a game."""
    game = registry.get(game_id)
    after = game.apply(state, seat, action)
    view = game.view(after, None)
    if any(event.get("kind") in ENDINGS for event in view.get("events", [])):
        return None
    return {key: value for key, value in view.items() if key != "events"}
