"""What every game's narrator shares: the scene a line is told in (what
followed the event, the view after it, the names, the language) and the
fallback to the presenter's event lines for what needs no more words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.core import presenters
from bot.core.presenters.base import Presenter, Translate

Event = Mapping[str, Any]


@dataclass(frozen=True)
class Scene:
    """What one event is told from: ``after``, the events that followed it in
    the same batch; ``view``, the viewer's view right after the batch; the
    seats' ``names``; ``t``, the reader's catalog."""

    after: Sequence[Event]
    view: Mapping[str, Any]
    names: Sequence[str]
    t: Translate

    def who(self, seat: Any) -> str:
        """A seat's name ("?" for anything that is not a seat)."""
        names = self.names
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    def followed_by(self, kind: str) -> Event | None:
        """The first later event of ``kind`` in the batch, if any."""
        return next((e for e in self.after if e.get("kind") == kind), None)


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
            line = self.line(event, Scene(events[index + 1 :], view, names, t))
            if line:
                lines.append(line)
        return lines

    def line(self, event: Event, scene: Scene) -> str | None:
        """The line of ``event``, or ``None`` when it is told with another or
        not at all."""
        return self.presenter.event(event, scene.names, scene.t)

    def cards(self, cards: Sequence[str]) -> str:
        """Cards as the presenter writes them, space-separated."""
        return " ".join(self.presenter.card(card) for card in cards)


def flag(value: Any) -> str:
    """A boolean as Fluent selects on it."""
    return "true" if value else "false"
