"""Interactive tutorials (``/learn``): a tutorial per game, played on real
positions against a scripted computer (``engine``), shown and pressed
through :class:`~bot.core.tutorials.service.Tutorials`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from bot.core.tutorials import caravan, curling, klac, klotho, krendzu
from bot.core.tutorials.engine import Tutorial

#: The games with a tutorial: an explicit table, no discovery.
TUTORIALS: Mapping[str, Tutorial] = MappingProxyType(
    {
        "caravan": caravan.TUTORIAL,
        "curling": curling.TUTORIAL,
        "klac": klac.TUTORIAL,
        "klotho": klotho.TUTORIAL,
        "krendzu": krendzu.TUTORIAL,
    }
)

__all__ = ["TUTORIALS", "Tutorial"]
