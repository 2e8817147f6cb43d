"""Names and other text as people typed them, made safe to store and show.

A name may hold anything a client can send: a lone surrogate (JSON's
``"\\ud800"`` decodes to one, and no UTF-8 encoder takes it, so Redis could not
store it), control characters, line breaks. Those are dropped here once, where
names come in.
"""

from __future__ import annotations

#: The longest name shown in seat lists and pictures.
NAME_LIMIT = 32


def printable(text: str) -> str:
    """``text`` on one line, without lone surrogates or control characters."""
    text = text.encode("utf-8", "ignore").decode("utf-8")
    return " ".join("".join(c if c.isprintable() else " " for c in text).split())


def short_name(*candidates: str | None) -> str:
    """The first candidate that is not empty once :func:`printable`, cut to
    :data:`NAME_LIMIT` characters with an ellipsis (empty if none is left)."""
    for candidate in candidates:
        name = printable(candidate or "")
        if name:
            return clip(name, NAME_LIMIT)
    return ""


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, the last one an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
