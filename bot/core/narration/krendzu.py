"""Krendzu told: every card put down, by its cell as the picture names it,
with the combinations it completed; a round's end with how it was counted."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.narration.base import Event, Narrator, flag, who
from bot.core.presenters.base import Translate
from games.core.cards import SUIT_SYMBOLS

#: The events of a card put down, each followed by the combinations it completed.
PLACED = ("place", "first", "second")


class KrendzuNarrator(Narrator):
    """Tells Krendzu."""

    game = "krendzu"

    def line(
        self,
        event: Event,
        after: Sequence[Event],
        view: Mapping[str, Any],
        names: Sequence[str],
        t: Translate,
    ) -> str | None:
        """Placements with their combinations, passes, what a seat gave and got."""
        kind = event.get("kind")
        player = who(event.get("seat"), names)
        if kind in PLACED:
            return self._placed(event, after, names, t)
        if kind == "score":
            return None  # told with the card that completed it
        if kind == "pass":
            return t("krendzu-caption-pass", player=player)
        if kind == "exchange" and "gave" in event:
            return t("tell-krendzu-gave", cards=self._cards(event["gave"]))
        if kind == "draw":
            # Only the seat dealt them sees which cards; the others see nothing new.
            return (
                t("tell-krendzu-got", cards=self._cards(event["cards"]))
                if "cards" in event
                else None
            )
        if kind == "tour_end":
            return self._tour_end(event, names, t)
        return super().line(event, after, view, names, t)

    def _cards(self, cards: Sequence[str]) -> str:
        return " ".join(self.presenter.card(card) for card in cards)

    def _placed(
        self, event: Event, after: Sequence[Event], names: Sequence[str], t: Translate
    ) -> str:
        text = t(
            f"tell-krendzu-{event['kind']}",
            player=who(event.get("seat"), names),
            card=self.presenter.card(event["card"]),
            cell=event["cell"],
        )
        scores = []
        for later in after:
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
                cards=self._cards(score["cards"]),
                own=flag(score.get("own_goal")),
            )
            for score in scores
        )
        attack = ", ".join(who(s, names) for s in scores[0]["scorers"])
        return f"{text}: " + t(
            "tell-krendzu-scored", combos=combos, count=len(scores), attack=attack
        )

    def _tour_end(self, event: Event, names: Sequence[str], t: Translate) -> str:
        roles = event["roles"]
        attackers = [s for s, role in enumerate(roles) if role == "attack"]
        combos = event["points"][attackers[0]] if attackers else 0
        totals = " · ".join(f"{who(s, names)} {p}" for s, p in enumerate(event["scores"]))
        return t(
            "tell-krendzu-tour-end",
            tour=event["tour"],
            count=combos,
            attack=", ".join(who(s, names) for s in attackers),
            totals=totals,
        )
