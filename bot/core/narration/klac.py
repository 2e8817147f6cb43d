"""Klac! told: where each card went and what the row it joined now scores; a
round's end with every row's top cards and how they count."""

from __future__ import annotations

from bot.core.narration.base import Event, Narrator, Scene, flag
from bot.core.presenters.klac import COLOUR_MARKS
from games.klac.cards import parse_card


class KlacNarrator(Narrator):
    """Tells Klac!."""

    game = "klac"

    def line(self, event: Event, scene: Scene) -> str | None:
        """A play with the target row's score, a private draw, a round's count."""
        kind = event.get("kind")
        if kind == "play":
            return self._play(event, scene)
        if kind == "draw" and "card" in event:
            return scene.t("tell-klac-draw", card=self.presenter.card(event["card"]))
        if kind == "round_end":
            return self._round_end(event, scene)
        return super().line(event, scene)

    def _play(self, event: Event, scene: Scene) -> str:
        target = int(event["target"])
        ended = scene.followed_by("round_end")
        # A play that ends the round is followed by the next deal: the row it
        # joined is counted in the round's end, not in the new round's rows.
        scores = ended["scores"] if ended is not None else scene.view["row_scores"]
        return scene.t(
            "tell-klac-play",
            player=scene.who(event.get("seat")),
            card=self.presenter.card(event["card"]),
            own=flag(target == event.get("seat")),
            target=scene.who(target),
            how=event["how"],
            stack=int(event["stack"]) + 1,
            merged=flag(event.get("merged")),
            row=scores[target],
        )

    def _round_end(self, event: Event, scene: Scene) -> str:
        t = scene.t
        summary = scene.view.get("last_round") or {}
        rows = summary.get("rows") if summary.get("round") == event["round"] else None
        counted = []
        for seat, score in enumerate(event["scores"]):
            tops = [stack[-1] for stack in rows[seat]] if rows else []
            shown = self.cards(tops) or "—"
            missing = [
                mark
                for colour, mark in COLOUR_MARKS.items()
                if colour not in {parse_card(card)[0] for card in tops}
            ]
            player = scene.who(seat)
            if rows is None or not missing:
                counted.append(t("tell-klac-row", player=player, tops=shown, score=score))
            else:
                counted.append(
                    t("tell-klac-row-short", player=player, tops=shown, missing="".join(missing))
                )
        totals = ", ".join(f"{scene.who(s)} {v}" for s, v in enumerate(event["totals"]))
        return t(
            "tell-klac-round-end", round=event["round"], rows=" · ".join(counted), totals=totals
        )
