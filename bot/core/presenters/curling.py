"""Logical Curling in words: the end and the hammer, the house count, dice or cards,
the limit on the throw, what the last throw did, and what each menu step asks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.presenters.base import CardPresenter, Translate
from games.core.menu import Menu
from games.core.protocol import Choice

#: Die faces for 1–6.
FACES = "⚀⚁⚂⚃⚄⚅"
#: Colour marks by seat colour.
MARKS = {"red": "🔴", "blue": "🔵"}


class CurlingPresenter(CardPresenter):
    """Text for Logical Curling."""

    def args(self, args: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """As the base, plus a die's face for its value and numbers as text."""
        out = super().args(args, names)
        if "die" in args and isinstance(args.get("value"), int):
            out["face"] = FACES[int(args["value"]) - 1]
        if isinstance(args.get("numbers"), list):
            out["numbers"] = " ".join(str(n) for n in args["numbers"])
        return out

    def caption(self, view: Mapping[str, Any], names: Sequence[str], t: Translate) -> list[str]:
        """End, hammer and throw; match and house; the dice or cards; the limit; the last throw."""
        red, blue = (f"{MARKS[c]} {names[s]}" for s, c in enumerate(view["colours"]))
        lines = [
            t(
                "curling-caption-end",
                end=view["end"],
                ends=view["ends"],
                extra="true" if view["end"] > view["ends"] else "false",
                hammer=names[view["hammer"]],
                throw=min(view["throw_no"], 16),
            ),
            t(
                "curling-caption-match",
                red=red,
                blue=blue,
                r=view["match"][0],
                b=view["match"][1],
                hr=view["house"]["score"][0],
                hb=view["house"]["score"][1],
            ),
        ]
        if view.get("dice"):
            dice = " ".join(FACES[d - 1] for d in view["dice"])
            lines.append(t("curling-caption-dice", dice=dice))
        cards = view.get("cards")
        if cards:
            main = " ".join(self.card(c) for c in cards["main"])
            subs = " · ".join(
                f"{names[s]}: {' '.join(self.card(c) for c in held)}"
                for s, held in enumerate(cards["subs"])
                if held
            )
            lines.append(t("curling-caption-cards", main=main, subs=subs or "—"))
        combos = view.get("combinations") or []
        if view["phase"] == "aim" and len(combos) == 1:
            numbers = combos[0]["numbers"]
            lines.append(
                t(
                    "curling-caption-combo",
                    name=combos[0]["name"],
                    numbers="1–5" if numbers is None else " ".join(map(str, numbers)),
                )
            )
        limit = view.get("limit")
        if view["phase"] == "aim" and limit:
            lines.append(
                t(
                    "curling-caption-limit",
                    l=limit["l"],
                    l1=limit["l1"],
                    l2="—" if limit["l2"] is None else limit["l2"],
                )
            )
        last = view.get("last")
        if last is not None:
            lines.append(self._throw_line(last, names, t))
        return lines

    def _throw_line(self, last: Mapping[str, Any], names: Sequence[str], t: Translate) -> str:
        player = names[last["seat"]]
        if last.get("trajectory") is None:
            return t("curling-caption-null", player=player)
        out = sum(1 for move in last.get("moves", []) if move.get("to") is None)
        return t(
            "curling-caption-last",
            player=player,
            trajectory=last["trajectory"],
            numbers=" ".join(str(n) for n in last["numbers"]),
            start=last["start"],
            out=out,
            foul="true" if last.get("foul") else "false",
        )

    def event(self, event: Mapping[str, Any], names: Sequence[str], t: Translate) -> str | None:
        """A void all-six roll, a foul, an end's result, a reshuffle, a new row of cards.

        Throws themselves are told by the caption's last-throw line.
        """
        kind = event.get("kind")
        player = self.args(event, names).get("seat", "?")
        if kind == "roll" and event.get("void"):
            return t("curling-event-void", player=player)
        if kind == "foul":
            return t("curling-event-foul", player=player)
        if kind == "end_over":
            r, b = event["score"]
            mr, mb = event["match"]
            hammer = names[event["hammer"]] if event.get("hammer") is not None else "—"
            return t("curling-event-end", end=event["end"], r=r, b=b, mr=mr, mb=mb, hammer=hammer)
        if kind == "reshuffle":
            return t("curling-event-reshuffle")
        if kind == "deal" and event.get("reason") != "end":
            cards = " ".join(self.card(c) for c in event["main"])
            return t("curling-event-deal", cards=cards)
        return None

    def prompt(
        self, view: Mapping[str, Any], menu: Menu, names: Sequence[str], t: Translate
    ) -> str | None:
        """What the player to act chooses now."""
        keys = [choice.key for choice in menu.options]
        if not keys:
            return None
        if view["phase"] == "draw" and "draw" not in keys:
            # The deck is closed: the first player's cards are taken by name.
            return t("curling-prompt-take")
        if view["phase"] in ("roll", "reroll", "draw"):
            return t(f"curling-prompt-{view['phase']}")
        first = keys[0]
        if first == "ok":
            return t("curling-prompt-confirm")
        if first.startswith("k"):
            return t("curling-prompt-combo")
        if first.startswith("p"):
            return t("curling-prompt-trajectory", l=(view.get("limit") or {}).get("l", 1))
        if first.startswith("n"):
            segment = menu.options[0].args.get("segment", "")
            return t("curling-prompt-number", segment=segment)
        return t("curling-prompt-start")

    def why_target(self, choice: Choice, names: Sequence[str], t: Translate) -> str | None:
        """A trajectory or a number left out."""
        if choice.key.startswith("p"):
            return t("curling-trajectory", trajectory=choice.key[1:])
        if choice.key.startswith("n"):
            return choice.key[1:]
        return None
