"""Logical Curling told: the dice rolled and rerolled or the cards taken, then
the throw (combination, trajectory, numbers, start) and the house after it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.narration.base import Event, Narrator, Scene, flag
from bot.core.presenters.curling import MARKS


class CurlingNarrator(Narrator):
    """Tells Logical Curling."""

    game = "curling"

    def line(self, event: Event, scene: Scene) -> str | None:
        """Each step of a throw in turn; the table's own events as presented."""
        kind, t = event.get("kind"), scene.t
        seat = event.get("seat")
        player = scene.who(seat)
        if kind == "roll":
            rolled = t("tell-curling-roll", player=player, dice=_dice(event["dice"]))
            void = super().line(event, scene)
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
            return t(
                "tell-curling-draw",
                player=player,
                card=self.presenter.card(event["card"]),
                source=event["source"],
                opponent=scene.who(1 - int(seat or 0)),
            )
        if kind == "stop":
            return t("tell-curling-stop", player=player, count=event["count"])
        if kind == "throw":
            return self._throw(event, scene)
        if kind == "end_over" and "zones" in event:
            (cr, cb), (mr, mb), (orr, ob) = event["zones"]
            zones = t(
                "tell-curling-zones",
                centre=f"{cr} : {cb}",
                middle=f"{mr} : {mb}",
                outer=f"{orr} : {ob}",
            )
            return f"{super().line(event, scene)} {zones}"
        return super().line(event, scene)

    def _throw(self, event: Event, scene: Scene) -> str:
        t = scene.t
        player = scene.who(event.get("seat"))
        name, _, numbers = str(event["combo"]).partition(":")
        combo = " ".join([t("curling-combo", name=name), *numbers.split(",")]).strip()
        if event.get("trajectory") is None:
            text = t("tell-curling-null", player=player, combo=combo)
        else:
            text = t(
                "tell-curling-throw",
                mark=MARKS[scene.view["colours"][event["seat"]]],
                player=player,
                combo=combo,
                trajectory=event["trajectory"],
                numbers=" ".join(str(n) for n in event["numbers"]),
                start=event["start"],
                power=event["power"],
                out=len(event["out"]),
                foul=flag(event.get("foul")),
            )
        if scene.followed_by("end_over"):
            # The end's count follows; the view already shows the next end.
            return text
        red, blue = scene.view["house"]["score"]
        house = t("tell-curling-house", red=f"{MARKS['red']} {red}", blue=f"{blue} {MARKS['blue']}")
        return f"{text} {house}"


def _dice(dice: Sequence[int]) -> str:
    return " ".join(str(d) for d in dice)
