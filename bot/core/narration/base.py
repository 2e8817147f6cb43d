"""What every game's narrator shares: the name of a seat, the fallback to the
presenter's event lines for what needs no more words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core import presenters
from bot.core.presenters.base import Presenter, Translate

Event = Mapping[str, Any]


class Narrator:
    """Tells one game's events. Subclasses tell the kinds that need the view
    or more words than one event's line; the rest are the presenter's."""

    game = ""

    @property
    def presenter(self) -> Presenter:
        """The game's presenter (cards as text, the plain event lines)."""
        return presenters.get(self.game)

    def tell(
        self, events: Sequence[Event], view: Mapping[str, Any], names: Sequence[str], t: Translate
    ) -> list[str]:
        """One line per thing that happened, in order."""
        lines = []
        for index, event in enumerate(events):
            line = self.line(event, events[index + 1 :], view, names, t)
            if line:
                lines.append(line)
        return lines

    def line(
        self,
        event: Event,
        after: Sequence[Event],
        view: Mapping[str, Any],
        names: Sequence[str],
        t: Translate,
    ) -> str | None:
        """The line of ``event`` (``after``: the events that followed it in the
        same batch), or ``None`` when it is told with another or not at all."""
        return self.presenter.event(event, names, t)


def who(seat: Any, names: Sequence[str]) -> str:
    """A seat's name ("?" for anything that is not a seat)."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def flag(value: Any) -> str:
    """A boolean as Fluent selects on it."""
    return "true" if value else "false"
