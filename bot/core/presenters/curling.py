"""Logical Curling in words: the end and the hammer, the match and the house count,
the combination and the limit on the throw's power, what the last throw did, and
what each menu step asks. The dice and cards are left to the picture and the
buttons, which show them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.presenters.base import CardPresenter, Translate
from games.core.menu import Menu
from games.core.protocol import Choice
from games.curling.combo_cards import combo_cards, dice_named
from games.curling.trajectories import CELLS, GUARD_ROW, POWER, TRAJECTORIES

#: Die faces for 1–6.
FACES = "⚀⚁⚂⚃⚄⚅"
#: The strongest trajectory's power: a limit of this much limits nothing.
MAX_POWER = max(POWER.values())
#: Colour marks by seat colour, as the stones are drawn (render/curling/layout.py).
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
        if "l2" in args and args["l2"] is None:
            # The first throw of an end has no previous throw; Fluent selects on text.
            out["l2"] = "none"
        return out

    def caption(self, view: Mapping[str, Any], names: Sequence[str], t: Translate) -> list[str]:
        """End, throw and hammer; match and house; the combination and the power
        limit (as the picture's ⚡ panel shows it); the last throw."""
        red, blue = (f"{MARKS[c]} {names[s]}" for s, c in enumerate(view["colours"]))
        lines = [
            t(
                "curling-caption-end",
                end=view["end"],
                ends=view["ends"],
                extra="true" if view["end"] > view["ends"] else "false",
                # After the last end nobody throws last any more (the picture hides it too).
                over="true" if view["over"] else "false",
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
        power = [] if view["over"] else self._power_lines(view, t)
        combos = view.get("combinations") or []
        if view["phase"] == "aim" and len(combos) == 1:
            numbers = combos[0]["numbers"]
            made = self._made_of(view, combos[0])
            combo = t(
                "curling-caption-combo-made" if made else "curling-caption-combo",
                name=combos[0]["name"],
                numbers="1–5" if numbers is None else " ".join(map(str, numbers)),
                made=made,
            )
            power = [" · ".join([combo, *power])]
        lines += power
        last = view.get("last")
        # A throw just made is told by the narration, with the house after it.
        thrown = any(event.get("kind") == "throw" for event in view.get("events", []))
        if last is not None and not thrown:
            lines.append(self._throw_line(last, names, t))
        return lines

    def _made_of(self, view: Mapping[str, Any], combo: Mapping[str, Any]) -> str:
        """The dice or cards the combination's numbers come from ("" for none)."""
        if combo["name"] == "null":
            return ""
        if view["dice"]:
            return " ".join(FACES[d - 1] for d in dice_named(view["dice"], combo["name"]))
        cards, turn = view["cards"], view["turn"]
        if cards is None or turn is None:
            return ""
        made = combo_cards(tuple(cards["main"]), tuple(cards["subs"][turn]), view["deck"])
        return " ".join(self.card(card) for card in made.get(combo["key"], []))

    def _power_lines(self, view: Mapping[str, Any], t: Translate) -> list[str]:
        """The limit on the throw's power and what sets it, once something does."""
        limit = view.get("limit") or {}
        l1, l2, overall = limit.get("l1"), limit.get("l2"), limit.get("l")
        if overall is not None:
            why = "combo" if l2 is None or l1 < l2 else "throw" if l2 < l1 else "both"
            return [t("curling-caption-limit", l=overall, l1=l1, why=why)]
        if l2 is not None and l2 < MAX_POWER and view.get("turn") is not None:
            return [t("curling-caption-limit-next", l2=l2)]
        return []

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
            after = event.get("hammer")
            hammer = names[after] if after is not None else ""
            upcoming = "true" if after is not None else "false"
            return t(
                "curling-event-end",
                end=event["end"],
                r=r,
                b=b,
                mr=mr,
                mb=mb,
                hammer=hammer,
                next=upcoming,
            )
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
            # With cards, the prompt says how cards count as numbers.
            return t(
                "curling-prompt-combo-cards"
                if view["variant"] == "cards"
                else "curling-prompt-combo"
            )
        if first.startswith("p"):
            return t("curling-prompt-trajectory", l=(view.get("limit") or {}).get("l", 1))
        if first.startswith("n"):
            return self._number_prompt(menu, t)
        return t("curling-prompt-start")

    def _number_prompt(self, menu: Menu, t: Translate) -> str:
        """Which segment the number is for, and what its number counts, in words:
        the rules' segment letters (A, V, B, C) mean nothing to a newcomer."""
        taken = [choice.key for choice in menu.taken]
        name = next((key[1:] for key in taken if key.startswith("p")), "")
        segments = TRAJECTORIES[name].segments if name in TRAJECTORIES else ()
        index = sum(1 for key in taken if key.startswith("n"))
        kind = "side"
        if index < len(segments):
            segment = segments[index]
            if segment.kind != CELLS:
                kind = "guard" if segment.kind == GUARD_ROW else "house"
            elif segment.direction[1]:
                kind = "diagonal"
        return t("curling-prompt-number", n=index + 1, count=len(segments), kind=kind)

    def why_target(self, choice: Choice, names: Sequence[str], t: Translate) -> str | None:
        """A trajectory or a number left out."""
        if choice.key.startswith("p"):
            return t("curling-trajectory", trajectory=choice.key[1:])
        if choice.key.startswith("n"):
            return choice.key[1:]
        return None
