"""Klac! in words: coloured cards, round and score lines, what the last move did."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.presenters.base import Presenter, Translate
from games.core.errors import InvalidCard
from games.klac.cards import parse_card

# Each colour also has its own shape, so the text reads without colour vision;
# the pictures draw the same shapes (render/klac/cards.py).
COLOUR_MARKS = {"B": "🔵", "O": "🔶", "G": "🟩"}


class KlacPresenter(Presenter):
    """Text for Klac!."""

    def card(self, card: str) -> str:
        """``🔵4``, ``🔶14``, ``🟩7``."""
        try:
            colour, value = parse_card(card)
        except InvalidCard:
            return "?"
        return f"{COLOUR_MARKS[colour]}{value}"

    def caption(self, view: Mapping[str, Any], names: Sequence[str], t: Translate) -> list[str]:
        """Round, deck, each player's total with the current row score, and (while
        the match runs) what the picture's colour marks and sums mean."""
        lines = [
            t("klac-caption-round", round=view["round"], target=view["target"], deck=view["deck"])
        ]
        # Once the match is over the totals already hold the last round.
        msg = "klac-caption-total" if view["over"] else "klac-caption-score"
        scores = [
            t(msg, player=names[seat], total=total, row=view["row_scores"][seat])
            for seat, total in enumerate(view["totals"])
        ]
        lines.append(" · ".join(scores))
        if not view["over"]:
            previous = "true" if view.get("last_round") else "false"
            lines.append(t("klac-caption-legend", previous=previous))
        return lines

    def event(self, event: Mapping[str, Any], names: Sequence[str], t: Translate) -> str | None:
        """A new round's first player (plays and round ends are told by
        :mod:`bot.core.narration.klac`, which knows the rows)."""
        if event.get("kind") == "round_start" and int(event.get("round", 1)) > 1:
            args = self.args(event, names)
            args["player"] = args.get("first", "?")
            return t("klac-event-round-start", **args)
        return None
