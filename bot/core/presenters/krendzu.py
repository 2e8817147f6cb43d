"""Krendzu in words: sides and tours, the exchange, moves named by cell, combinations."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.presenters.base import CardPresenter, Translate
from games.core.menu import Menu
from games.core.protocol import Choice

#: Events whose narration tells the last move (so the caption need not).
TOLD_MOVES = {"place", "first", "second", "pass"}
#: Menu keys of a defender's modes, as "why not?" names them.
MODES = {"pass": "krendzu-choice-pass", "two": "krendzu-choice-two"}


class KrendzuPresenter(CardPresenter):
    """Text for Krendzu."""

    def caption(self, view: Mapping[str, Any], names: Sequence[str], t: Translate) -> list[str]:
        """Tour and sides, the exchange counts, the scores, the last move by cell,
        and (while the match runs) what the marks by the players' names count."""
        exchange = view["phase"] in ("announce", "discard")
        lines = [
            t(
                "krendzu-caption-tour",
                tour=view["tour"],
                tours=view["tours"],
                attack=_side(view, names, "attack"),
                defend=_side(view, names, "defend"),
                aside=view["aside"],
            )
        ]
        if exchange:
            lines.append(
                t(
                    "krendzu-caption-exchange",
                    max=view["exchange"]["max"],
                    list=_announced(view, names),
                )
            )
        if any(view["scores"]) or view["tour"] > 1:
            points = " · ".join(f"{names[s]} {p}" for s, p in enumerate(view["scores"]))
            lines.append(t("krendzu-caption-score", list=points))
        last = view.get("last")
        told = {event.get("kind") for event in view.get("events", [])} & TOLD_MOVES
        # A move just made is told by the narration; the line stays for later changes.
        if last is not None and view["phase"] == "play" and not told:
            player = names[last["seat"]]
            if last["kind"] == "pass":
                lines.append(t("krendzu-caption-pass", player=player))
            else:
                cards = _cards_at(view, last["cells"])
                placed = ", ".join(
                    f"{self.card(card)} → {label}"
                    for card, label in zip(cards, last["labels"], strict=True)
                )
                lines.append(t("krendzu-caption-move", player=player, cards=placed))
        if view.get("pending") and view.get("turn") is not None:
            lines.append(t("krendzu-caption-second", player=names[view["turn"]]))
        if not view["over"]:
            lines.append(t("krendzu-caption-legend", exchange="true" if exchange else "false"))
        return lines

    def event(self, event: Mapping[str, Any], names: Sequence[str], t: Translate) -> str | None:
        """Announcements, the exchange, skips and a new tour (placements with
        their combinations and a tour's end are told by
        :mod:`bot.core.narration.krendzu`)."""
        kind = event.get("kind")
        player = self.args(event, names).get("seat", "?")
        if kind == "announce":
            return t("krendzu-event-announce", player=player, count=event["count"])
        if kind == "exchange":
            return t("krendzu-event-exchange", player=player, count=event["count"])
        if kind == "skip":
            return t("krendzu-event-skip", player=player)
        if kind == "tour_start" and int(event["tour"]) > 1:
            attack = ", ".join(names[s] for s in event["attackers"])
            defend = ", ".join(names[s] for s in event["defenders"])
            return t("krendzu-event-tour-start", tour=event["tour"], attack=attack, defend=defend)
        return None

    def prompt(
        self, view: Mapping[str, Any], menu: Menu, names: Sequence[str], t: Translate
    ) -> str | None:
        """What the menu asks next; in the exchange also what the others announced."""
        if view["phase"] in ("announce", "discard"):
            announced = t("krendzu-announced", list=_announced(view, names))
            if view["phase"] == "announce":
                ask = t("krendzu-prompt-announce", max=view["exchange"]["max"])
            else:
                count = view["exchange"]["announced"][view["you"]]
                ask = t("krendzu-prompt-toggle", count=count, marked=len(view["marked"]))
            return f"{ask}\n{announced}"
        keys = {choice.key for choice in menu.options}
        last = menu.taken[-1].key if menu.taken else None
        if keys & {"one", "two"}:
            return t("krendzu-prompt-mode")
        if last is None and view.get("pending"):
            return t("krendzu-prompt-second")
        if last is None or last in ("one", "two"):
            return t("krendzu-prompt-card")
        if last.startswith("c") and any(key.startswith("r") for key in keys):
            return t("krendzu-prompt-row")
        if last.startswith(("c", "r")):
            return t("krendzu-prompt-cell")
        return t("krendzu-prompt-confirm")

    def why_target(self, choice: Choice, names: Sequence[str], t: Translate) -> str | None:
        """A mode (pass, two cards) or a card left out of the exchange marks."""
        if choice.key in MODES:
            return t(MODES[choice.key])
        if choice.key.startswith("t"):
            return self.card(choice.key[1:])
        return None


def _side(view: Mapping[str, Any], names: Sequence[str], role: str) -> str:
    return ", ".join(names[s] for s, r in enumerate(view["roles"]) if r == role)


def _announced(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """``Борис 2 ✓ · Аня ?`` in the order counts are announced."""
    exchange = view["exchange"]
    order = list(dict.fromkeys(view["order"]))
    parts = []
    for seat in order:
        count = exchange["announced"][seat]
        done = " ✓" if exchange["done"][seat] and count else ""
        parts.append(f"{names[seat]} {'?' if count is None else count}{done}")
    return " · ".join(parts)


def _cards_at(view: Mapping[str, Any], cells: Sequence[Sequence[int]]) -> list[str]:
    by_cell = {(c["x"], c["y"]): c["card"] for c in view["cells"]}
    return [by_cell.get((x, y), "?") for x, y in cells]
