"""Klotho / Prospector in words: tours, points and half victories, what each action did."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.presenters.base import CardPresenter, Translate
from games.core.menu import Menu

#: Events told as they are (:mod:`bot.core.narration.klotho` tells proposals,
#: ballots and a round's end).
TOLD = (
    "place",
    "move",
    "turn",
    "replace",
    "score",
    "triplet",
    "triplet_choice",
    "half_victory",
    "claim",
    "missed",
    "skip",
    "vote_failed",
    "vote_cancelled",
    "tour_start",
)
#: What a cell button can do, in the order the legend names them; each is told
#: by the mark after the cell's name (``klotho-choice-<kind>``).
CELL_KINDS = ("place", "move", "turn", "replace", "cell")


class KlothoPresenter(CardPresenter):
    """Text for Klotho."""

    def caption(self, view: Mapping[str, Any], names: Sequence[str], t: Translate) -> list[str]:
        """Tour, dealer, stock, each player's points and half victories, an open vote."""
        extra = view["tour"] > view["tours"]
        lines = [
            t(
                "klotho-caption-tour",
                tour=view["tour"],
                tours=view["tours"],
                extra="true" if extra else "false",
                dealer=names[view["dealer"]],
                stock=view["stock"],
            ),
            " · ".join(
                t("klotho-caption-score", player=names[s], points=p, halves=view["halves"][s])
                for s, p in enumerate(view["scores"])
            ),
        ]
        vote = view.get("vote")
        if vote:
            lines.append(
                t(
                    "klotho-caption-vote",
                    player=names[vote["proposer"]],
                    yes=", ".join(names[s] for s in vote["yes"]),
                    count=len(vote["yes"]),
                    total=len(vote["voters"]),
                )
            )
        contenders = view.get("contenders") or []
        if extra and contenders:
            lines.append(
                t("klotho-caption-contenders", players=", ".join(names[s] for s in contenders))
            )
        if view.get("claim_window"):
            lines.append(t("klotho-caption-claim-window"))
        if view.get("triplet") is not None:
            lines.append(t("klotho-caption-triplet", player=names[view["triplet"]]))
        return lines

    def prompt(
        self, view: Mapping[str, Any], menu: Menu, names: Sequence[str], t: Translate
    ) -> str | None:
        """Right above the cell buttons, what their marks do (only the marks shown)."""
        shown = {choice.msg.removeprefix("klotho-choice-") for choice in menu.options}
        kinds = [kind for kind in CELL_KINDS if kind in shown]
        if not kinds:
            return None
        legend = " · ".join(t(f"klotho-legend-{kind}") for kind in kinds)
        if menu.taken:
            return t("klotho-prompt-kind", cell=menu.taken[-1].args.get("cell", ""), legend=legend)
        return t("klotho-prompt-cells", legend=legend)

    def event(self, event: Mapping[str, Any], names: Sequence[str], t: Translate) -> str | None:
        """One line per action, score and tour change."""
        kind = event.get("kind")
        if kind not in TOLD:
            return None
        args = self.args(event, names)
        args["player"] = args.get("seat", "")
        if "cells" in event:
            args["cells"] = "-".join(event["cells"])
        if "kinds" in event:
            args["kinds"] = ", ".join(t(f"klotho-kind-{k}") for k in event["kinds"])
        if "choice" in event:
            args["choice"] = str(event["choice"])
        return t(f"klotho-event-{kind.replace('_', '-')}", **args)
