"""The summary of a round as a message of its own: the position the round
ended on, drawn like the table, and how its points were counted.

The table message deals on at once (its picture shows the next round), so a
chat frontend posts this beside it, where it stays: a picture that shows
what the count counted, with the count in words under it.
"""

from __future__ import annotations

import hashlib
import json
from functools import partial
from typing import Any

from bot.core.screen_base import Screen
from bot.core.screens import Screens
from bot.core.summaries import Summary
from bot.core.tables import Table
from render import registry as renderers


async def summary_screen(
    screens: Screens, table: Table, state: Any, summary: Summary, lang: str
) -> Screen:
    """The picture of ``summary`` and, under it, the game's name and what the
    move that ended the round did (its count among it), in ``lang``."""
    renderer = renderers.get(table.game)
    names = screens.names(table)
    if summary.preview is not None and renderer.preview is not None:
        draw = partial(renderer.preview, summary.view, summary.preview, names=names)
    else:
        draw = partial(renderer.table, summary.view, names=names)
    shown = json.dumps([summary.view, summary.preview, names], sort_keys=True, default=str)
    digest = hashlib.sha1(shown.encode(), usedforsecurity=False).hexdigest()[:16]
    key = f"{table.id}:summary:{digest}"
    image = await screens.cached(key, draw)
    lines = [screens.t(lang, f"game-{table.game}"), *screens.event_lines(table, state, lang)]
    return Screen("\n".join(lines), image, key)
