"""Klotho told: every action already has its line (the presenter's); a
round's end adds where everybody stands."""

from __future__ import annotations

from bot.core.narration.base import Event, Narrator, Scene, flag


class KlothoNarrator(Narrator):
    """Tells Klotho."""

    game = "klotho"

    def line(self, event: Event, scene: Scene) -> str | None:
        """Proposals and ballots (the caption's vote line shows only the open
        vote), a round's end with the points and half victories; the rest as
        presented."""
        kind, t = event.get("kind"), scene.t
        player = scene.who(event.get("seat"))
        if kind == "propose":
            return t("tell-klotho-propose", player=player)
        if kind == "vote":
            return t("tell-klotho-vote", player=player, vote=event["vote"])
        if kind != "tour_end":
            return super().line(event, scene)
        standing = " · ".join(
            t("klotho-caption-score", player=scene.who(seat), points=points, halves=halves)
            for seat, (points, halves) in enumerate(
                zip(event["scores"], event["halves"], strict=True)
            )
        )
        return t(
            "tell-klotho-tour-end",
            tour=event["tour"],
            vote=flag(event.get("reason") == "vote"),
            scores=standing,
        )
