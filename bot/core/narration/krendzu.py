"""Krendzu told: every card put down, by its cell as the picture names it,
with the combinations it completed; a round's end with how it was counted."""

from __future__ import annotations

from bot.core.narration.base import Event, Narrator, Scene, flag
from games.core.cards import SUIT_SYMBOLS

#: The events of a card put down, each followed by the combinations it completed.
PLACED = ("place", "first", "second")


class KrendzuNarrator(Narrator):
    """Tells Krendzu."""

    game = "krendzu"

    def line(self, event: Event, scene: Scene) -> str | None:
        """Placements with their combinations, passes, what a seat gave and got."""
        kind, t = event.get("kind"), scene.t
        if kind in PLACED:
            return self._placed(event, scene)
        if kind == "score":
            return None  # told with the card that completed it
        if kind == "pass":
            return t("krendzu-caption-pass", player=scene.who(event.get("seat")))
        if kind == "exchange" and "gave" in event:
            return t("tell-krendzu-gave", cards=self.cards(event["gave"]))
        if kind == "draw":
            # Only the seat dealt them sees which cards; the others see nothing new.
            return (
                t("tell-krendzu-got", cards=self.cards(event["cards"]))
                if "cards" in event
                else None
            )
        if kind == "tour_end":
            return self._tour_end(event, scene)
        return super().line(event, scene)

    def _placed(self, event: Event, scene: Scene) -> str:
        t = scene.t
        text = t(
            f"tell-krendzu-{event['kind']}",
            player=scene.who(event.get("seat")),
            card=self.presenter.card(event["card"]),
            cell=event["cell"],
        )
        scores = []
        for later in scene.after:
            if later.get("kind") != "score":
                break
            scores.append(later)
        if not scores:
            return f"{text}."
        combos = ", ".join(
            t(
                "tell-krendzu-combo",
                kind="suit" if "suit" in score["kinds"] else "progression",
                suit=SUIT_SYMBOLS.get(str(score["cards"][0])[-1], "?"),
                cards=self.cards(score["cards"]),
                own=flag(score.get("own_goal")),
            )
            for score in scores
        )
        attack = ", ".join(scene.who(s) for s in scores[0]["scorers"])
        return f"{text}: " + t(
            "tell-krendzu-scored", combos=combos, count=len(scores), attack=attack
        )

    def _tour_end(self, event: Event, scene: Scene) -> str:
        attackers = [s for s, role in enumerate(event["roles"]) if role == "attack"]
        combos = event["points"][attackers[0]] if attackers else 0
        totals = " · ".join(f"{scene.who(s)} {p}" for s, p in enumerate(event["scores"]))
        return scene.t(
            "tell-krendzu-tour-end",
            tour=event["tour"],
            count=combos,
            attack=", ".join(scene.who(s) for s in attackers),
            totals=totals,
        )
