"""Klotho told: every action already has its line (the presenter's); a
round's end adds where everybody stands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.narration.base import Event, Narrator, flag, who
from bot.core.presenters.base import Translate


class KlothoNarrator(Narrator):
    """Tells Klotho."""

    game = "klotho"

    def line(
        self,
        event: Event,
        after: Sequence[Event],
        view: Mapping[str, Any],
        names: Sequence[str],
        t: Translate,
    ) -> str | None:
        """Proposals and ballots (the caption's vote line shows only the open
        vote), a round's end with the points and half victories; the rest as
        presented."""
        kind = event.get("kind")
        if kind == "propose":
            return t("tell-klotho-propose", player=who(event.get("seat"), names))
        if kind == "vote":
            return t("tell-klotho-vote", player=who(event.get("seat"), names), vote=event["vote"])
        if kind != "tour_end":
            return super().line(event, after, view, names, t)
        standing = " · ".join(
            t("klotho-caption-score", player=who(seat, names), points=points, halves=halves)
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
