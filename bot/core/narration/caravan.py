"""Caravan told: each card played with what its caravan is worth now; a
discard named to the one who made it."""

from __future__ import annotations

from typing import Any

from bot.core.narration.base import Event, Narrator, Scene


class CaravanNarrator(Narrator):
    """Tells Caravan."""

    game = "caravan"

    def line(self, event: Event, scene: Scene) -> str | None:
        """Plays and attachments with the caravan's value; private discards and draws."""
        kind = event.get("kind")
        if kind in ("play", "attach"):
            told = super().line(event, scene) or ""
            owner = event.get("owner", event.get("seat"))
            caravan = self._caravans(scene)[owner][event["pair"]]
            worth = scene.t("tell-caravan-value", value=caravan["value"], status=caravan["status"])
            return f"{told} {worth}"
        if kind in ("discard", "draw") and "card" in event:
            return scene.t(f"tell-caravan-{kind}", card=self.presenter.card(event["card"]))
        return super().line(event, scene)

    @staticmethod
    def _caravans(scene: Scene) -> Any:
        """The caravans right after the move: a move that ends a game is
        followed by the next deal, and the game's last table is kept apart."""
        if scene.followed_by("game_end") and scene.view.get("last_game"):
            return scene.view["last_game"]["caravans"]
        return scene.view["caravans"]
