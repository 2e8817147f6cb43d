"""What the last change tells one seat alone, in words: the cards a Krendzu
exchange brought back (on that seat's hand), the card a Curling player took
(to the presser, whose table everyone sees).

Read from the seat's own view of the last action's events, so nothing here can
name what the seat may not know.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.core import presenters

Translate = Callable[..., str]

#: Per game and event kind, the message telling the seat what it got.
HAND_LINES: Mapping[tuple[str, str], str] = {("krendzu", "draw"): "krendzu-told-drawn"}
MOVER_LINES: Mapping[tuple[str, str], str] = {("curling", "draw"): "curling-told-drawn"}


def hand_lines(
    game: str, view: Mapping[str, Any], seat: int, names: Sequence[str], t: Translate
) -> list[str]:
    """Lines for ``seat``'s own screen about what the last change gave it."""
    return _lines(HAND_LINES, game, view, seat, names, t)


def tells_mover(game: str, view: Mapping[str, Any], seat: int) -> bool:
    """Whether :func:`mover_line` has anything to say (checked before a
    frontend looks up the mover's language)."""
    return any(
        (game, str(event.get("kind"))) in MOVER_LINES and event.get("seat") == seat
        for event in view.get("events", [])
    )


def mover_line(
    game: str, view: Mapping[str, Any], seat: int, names: Sequence[str], t: Translate
) -> str | None:
    """What ``seat``'s own move just gave it, for a notice to it alone (None: nothing)."""
    lines = _lines(MOVER_LINES, game, view, seat, names, t)
    return "\n".join(lines) if lines else None


def _lines(
    messages: Mapping[tuple[str, str], str],
    game: str,
    view: Mapping[str, Any],
    seat: int,
    names: Sequence[str],
    t: Translate,
) -> list[str]:
    presenter = presenters.get(game)
    out = []
    for event in view.get("events", []):
        msg = messages.get((game, str(event.get("kind"))))
        if msg is not None and event.get("seat") == seat:
            out.append(t(msg, **presenter.args(event, names)))
    return out
