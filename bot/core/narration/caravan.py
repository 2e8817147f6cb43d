"""Caravan told: each card played with what its caravan is worth now; a
discard named to the one who made it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.narration.base import Event, Narrator
from bot.core.presenters.base import Translate


class CaravanNarrator(Narrator):
    """Tells Caravan."""

    game = "caravan"

    def line(
        self,
        event: Event,
        after: Sequence[Event],
        view: Mapping[str, Any],
        names: Sequence[str],
        t: Translate,
    ) -> str | None:
        """Plays and attachments with the caravan's value; private discards and draws."""
        kind = event.get("kind")
        if kind in ("play", "attach"):
            told = self.presenter.event(event, names, t) or ""
            owner = event.get("owner", event.get("seat"))
            caravan = self._caravans(after, view)[owner][event["pair"]]
            worth = t("tell-caravan-value", value=caravan["value"], status=caravan["status"])
            return f"{told} {worth}"
        if kind == "discard" and "card" in event:
            return t("tell-caravan-discard", card=self.presenter.card(event["card"]))
        if kind == "draw" and "card" in event:
            return t("tell-caravan-draw", card=self.presenter.card(event["card"]))
        return super().line(event, after, view, names, t)

    @staticmethod
    def _caravans(after: Sequence[Event], view: Mapping[str, Any]) -> Any:
        """The caravans right after the move: a move that ends a game is
        followed by the next deal, and the game's last table is kept apart."""
        if any(e.get("kind") == "game_end" for e in after) and view.get("last_game"):
            return view["last_game"]["caravans"]
        return view["caravans"]
