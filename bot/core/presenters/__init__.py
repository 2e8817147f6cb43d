"""Per-game text: how cards look in captions and buttons, captions, event lines.

Images are language-neutral; the words around them come from here, through
the i18n catalog. One module per game, picked from the explicit registry.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from bot.core.presenters.base import Presenter
from bot.core.presenters.caravan import CaravanPresenter
from bot.core.presenters.curling import CurlingPresenter
from bot.core.presenters.klac import KlacPresenter
from bot.core.presenters.klotho import KlothoPresenter
from bot.core.presenters.krendzu import KrendzuPresenter

PRESENTERS: Mapping[str, Presenter] = MappingProxyType(
    {
        "klac": KlacPresenter(),
        "klotho": KlothoPresenter(),
        "krendzu": KrendzuPresenter(),
        "caravan": CaravanPresenter(),
        "curling": CurlingPresenter(),
    }
)


def get(game: str) -> Presenter:
    """The presenter of ``game``."""
    return PRESENTERS[game]
