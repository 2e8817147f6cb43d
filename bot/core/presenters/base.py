"""The presenter interface and the helpers every game's presenter shares."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.core.cards import pretty
from games.core.errors import InvalidCard
from games.core.menu import Menu
from games.core.protocol import Choice

#: ``t(msg_id, **args)`` bound to one language.
Translate = Callable[..., str]


class Presenter:
    """Text for one game. Subclasses override what their game needs."""

    def card(self, card: str) -> str:
        """A card as text (language-neutral: symbols and numbers)."""
        return card

    def caption(self, view: Mapping[str, Any], names: Sequence[str], t: Translate) -> list[str]:
        """Lines under the public table image, after the common header."""
        return []

    def event(self, event: Mapping[str, Any], names: Sequence[str], t: Translate) -> str | None:
        """One line for an event of the last move, or ``None`` to leave it out."""
        return None

    def prompt(
        self, view: Mapping[str, Any], menu: Menu, names: Sequence[str], t: Translate
    ) -> str | None:
        """What a seat's ``menu`` asks for (None: the catalog's numbered prompt
        ``<game>-prompt-<depth>``, if there is one)."""
        return None

    def why_target(self, choice: Choice, names: Sequence[str], t: Translate) -> str | None:
        """Name the target a "why not?" reason is about (from its key), or None."""
        return None

    def args(self, args: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """Fill i18n args: seat indices become names, card codes (``card``, a
        list of ``cards``) become card text."""
        out: dict[str, Any] = {}
        for key, value in args.items():
            if key in ("seat", "target", "first") and isinstance(value, int):
                out[key] = names[value] if 0 <= value < len(names) else str(value)
            elif key == "card" and isinstance(value, str):
                out[key] = self.card(value)
            elif key == "cards" and isinstance(value, list):
                out[key] = " ".join(self.card(str(card)) for card in value)
            elif isinstance(value, bool):
                # Fluent selectors match strings, not Python booleans.
                out[key] = "true" if value else "false"
            else:
                out[key] = value
        return out


class CardPresenter(Presenter):
    """A presenter for games with standard playing cards."""

    def card(self, card: str) -> str:
        """``Q♠``, ``10♥``, ``🃏``; ``?`` for anything that is not a card."""
        try:
            return pretty(card)
        except InvalidCard:
            return "?"
