"""Every move told in words: one narrator per game, from what a viewer may know.

A narrator turns the events of one or more actions (as ``view(state, seat)``
gives them: the public's, or one seat's with its own private details) and the
view right after them into lines: who did what and what it scored. It reads
nothing but that view, so a seat's narration never names a card the seat may
not see, and the public's names none that was hidden. The chat caption, the
playground's log and every replay frame are told by the same narrators.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from bot.core.narration.base import Narrator
from bot.core.narration.caravan import CaravanNarrator
from bot.core.narration.curling import CurlingNarrator
from bot.core.narration.klac import KlacNarrator
from bot.core.narration.klotho import KlothoNarrator
from bot.core.narration.krendzu import KrendzuNarrator
from bot.core.presenters.base import Translate

NARRATORS: Mapping[str, Narrator] = MappingProxyType(
    {
        "klac": KlacNarrator(),
        "klotho": KlothoNarrator(),
        "krendzu": KrendzuNarrator(),
        "caravan": CaravanNarrator(),
        "curling": CurlingNarrator(),
    }
)


def narrate(
    game: str,
    events: Sequence[Mapping[str, Any]],
    view: Mapping[str, Any],
    names: Sequence[str],
    t: Translate,
) -> list[str]:
    """The lines telling ``events`` of ``game``; ``view`` is the same viewer's
    view right after them."""
    return NARRATORS[game].tell(events, view, names, t)
