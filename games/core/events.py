"""Events: what an action did, for captions, logs and views.

``public`` is what everyone may know; ``private`` only the acting seat (for
example the card it drew). Views are the single place where private data is
filtered, so frontends and logs can never see another seat's secrets by
reading an event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Event:
    """One thing that happened. ``kind`` is a stable id, e.g. ``"play"``."""

    kind: str
    seat: int | None = None
    public: dict[str, Any] = field(default_factory=dict)
    private: dict[str, Any] = field(default_factory=dict)

    def seen_by(self, viewer: int | None) -> dict[str, Any]:
        """The event as ``viewer`` may see it (``None`` is the public)."""
        # Copies, so a view never shares a list with the state it came from.
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, **_copy_data(self.public)}
        if viewer is not None and viewer == self.seat:
            out.update(_copy_data(self.private))
        return out

    def copy(self) -> Event:
        """An independent copy (event data holds scalars and lists of scalars)."""
        return Event(self.kind, self.seat, _copy_data(self.public), _copy_data(self.private))


def _copy_data(data: dict[str, Any]) -> dict[str, Any]:
    return {key: list(value) if isinstance(value, list) else value for key, value in data.items()}


def copy_nested(data: dict[str, Any]) -> dict[str, Any]:
    """Event data (as ``Event.seen_by`` gives it) with lists of lists copied too,
    for games whose events hold cells or rolls as lists of lists."""
    return {
        key: [list(v) if isinstance(v, list) else v for v in value]
        if isinstance(value, list)
        else value
        for key, value in data.items()
    }
