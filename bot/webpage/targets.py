"""The tappable things of a page's pictures: where each lies, by its choice's key.

Computed from the very view the picture is drawn from (the public view for
the table, the seat's own for its hand), so a hand's targets name only cards
that seat may see, and they reach only that seat's page.
"""

from __future__ import annotations

from typing import Any

from bot.core.tables import Table
from games import registry
from render import registry as renderers


def picture_targets(
    table: Table, state: Any, seat: int | None, names: list[str]
) -> list[dict[str, Any]]:
    """The targets on the table's picture (``seat`` None) or on ``seat``'s hand
    (a decision's box is None: see :mod:`render.targets`)."""
    renderer = renderers.get(table.game)
    find = renderer.table_targets if seat is None else renderer.private_targets
    if find is None:
        return []
    view = registry.get(table.game).view(state, seat)
    return [
        {"key": key, "box": None if box is None else list(box)}
        for key, box in find(view, names=names)
    ]
