"""Logical Curling told: the dice rolled and rerolled or the cards taken, then
the throw (combination, trajectory, numbers, start) and the house after it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.narration.base import Event, Narrator, flag, who
from bot.core.presenters.base import Translate
from bot.core.presenters.curling import MARKS


class CurlingNarrator(Narrator):
    """Tells Logical Curling."""

    game = "curling"

    def line(
        self,
        event: Event,
        after: Sequence[Event],
        view: Mapping[str, Any],
        names: Sequence[str],
        t: Translate,
    ) -> str | None:
        """Each step of a throw in turn; the table's own events as presented."""
        kind = event.get("kind")
        seat = event.get("seat")
        player = who(seat, names)
        if kind == "roll":
            rolled = t("tell-curling-roll", player=player, dice=_dice(event["dice"]))
            void = self.presenter.event(event, names, t)
            return rolled if void is None else f"{void} {rolled}"
        if kind == "rethrow":
            return t(
                "tell-curling-rethrow",
                player=player,
                count=len(event["rethrown"]),
                dice=_dice(event["dice"]),
            )
        if kind == "keep":
            return t("tell-curling-keep", player=player, dice=_dice(event["dice"]))
        if kind == "draw":
            opponent = who(1 - int(seat or 0), names)
            return t(
                "tell-curling-draw",
                player=player,
                card=self.presenter.card(event["card"]),
                source=event["source"],
                opponent=opponent,
            )
        if kind == "stop":
            return t("tell-curling-stop", player=player, count=event["count"])
        if kind == "throw":
            return self._throw(event, after, view, names, t)
        if kind == "end_over" and "zones" in event:
            told = self.presenter.event(event, names, t)
            (cr, cb), (mr, mb), (orr, ob) = event["zones"]
            zones = t(
                "tell-curling-zones",
                centre=f"{cr} : {cb}",
                middle=f"{mr} : {mb}",
                outer=f"{orr} : {ob}",
            )
            return f"{told} {zones}"
        return super().line(event, after, view, names, t)

    def _throw(
        self,
        event: Event,
        after: Sequence[Event],
        view: Mapping[str, Any],
        names: Sequence[str],
        t: Translate,
    ) -> str:
        player = who(event.get("seat"), names)
        name, _, numbers = str(event["combo"]).partition(":")
        combo = " ".join([t("curling-combo", name=name), *numbers.split(",")]).strip()
        if event.get("trajectory") is None:
            text = t("tell-curling-null", player=player, combo=combo)
        else:
            text = t(
                "tell-curling-throw",
                mark=MARKS[view["colours"][event["seat"]]],
                player=player,
                combo=combo,
                trajectory=event["trajectory"],
                numbers=" ".join(str(n) for n in event["numbers"]),
                start=event["start"],
                power=event["power"],
                out=len(event["out"]),
                foul=flag(event.get("foul")),
            )
        if any(e.get("kind") == "end_over" for e in after):
            # The end's count follows; the view already shows the next end.
            return text
        red, blue = view["house"]["score"]
        return (
            text
            + " "
            + t("tell-curling-house", red=f"{MARKS['red']} {red}", blue=f"{blue} {MARKS['blue']}")
        )


def _dice(dice: Sequence[int]) -> str:
    return " ".join(str(d) for d in dice)
