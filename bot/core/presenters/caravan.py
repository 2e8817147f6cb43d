"""Caravan in words: cards with suit symbols, the match line, what each move did."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.presenters.base import CardPresenter, Translate
from games.caravan.actions import DISBAND
from games.core.menu import Menu
from games.core.protocol import Choice

#: Args that hold a card code besides ``card`` (a Jack's or joker's target, a caravan's last card).
CARD_ARGS = ("target", "last")
#: A caravan's choice key: ``c`` + owner seat + pair index.
CARAVAN_KEY = re.compile(r"c(\d)(\d)")


class CaravanPresenter(CardPresenter):
    """Text for Caravan."""

    def args(self, args: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """As the base, plus the other card-valued args."""
        out = super().args(args, names)
        for key in CARD_ARGS:
            if isinstance(args.get(key), str):
                out[key] = self.card(args[key])
        return out

    def prompt(
        self, view: Mapping[str, Any], menu: Menu, names: Sequence[str], t: Translate
    ) -> str | None:
        """Disbanding asks for a caravan, and a lone ✅ for a confirmation; the rest
        is the catalog's numbered prompt (which card, where, on which card)."""
        if [choice.key for choice in menu.taken] == [DISBAND]:
            return t("caravan-prompt-disband")
        if menu.taken and [choice.key for choice in menu.options] == ["ok"]:
            return t("caravan-prompt-confirm")
        return None

    def why_target(self, choice: Choice, names: Sequence[str], t: Translate) -> str | None:
        """A caravan (``c01``: seat 0's caravan 2) or a card in hand."""
        if m := CARAVAN_KEY.fullmatch(choice.key):
            owner = int(m[1])
            player = names[owner] if owner < len(names) else "?"
            return t("caravan-where", player=player, n=int(m[2]) + 1)
        text = self.card(choice.key)
        return None if text == "?" else text

    def caption(self, view: Mapping[str, Any], names: Sequence[str], t: Translate) -> list[str]:
        """The match score (in a match of several games) and the opening-round hint."""
        lines = []
        if view["best_of"] > 1:
            score = " : ".join(str(w) for w in view["wins"])
            lines.append(
                t(
                    "caravan-caption-match",
                    game=view["game_no"],
                    best=view["best_of"],
                    first=names[0],
                    second=names[1],
                    score=score,
                )
            )
        if view["phase"] == "opening":
            lines.append(t("caravan-caption-opening"))
        # Each holder once, with all their pairs: "Ann: pairs 1, 3 · Bob: pair 2".
        held: dict[int, list[int]] = {}
        for pair, seat in enumerate(view["pairs"]):
            if seat is not None:
                held.setdefault(seat, []).append(pair + 1)
        if held and not view["over"]:
            lines.append(
                " · ".join(
                    t(
                        "caravan-caption-pairs",
                        player=names[seat],
                        count=len(pairs),
                        pairs=", ".join(map(str, pairs)),
                    )
                    for seat, pairs in sorted(held.items())
                )
            )
        return lines

    def event(self, event: Mapping[str, Any], names: Sequence[str], t: Translate) -> str | None:
        """A line per move, redeal, lost game and new game; draws and discards stay private."""
        kind = event.get("kind")
        args = self.args(event, names)
        player = args.get("seat", "?")
        if kind == "play":
            return t("caravan-event-play", player=player, card=args["card"], n=event["pair"] + 1)
        if kind == "attach":
            owner = names[event["owner"]]
            return t(
                "caravan-event-attach",
                player=player,
                card=args["card"],
                target=args["target"],
                own="true" if event["owner"] == event.get("seat") else "false",
                owner=owner,
                n=event["pair"] + 1,
                removed=len(event.get("removed", [])),
            )
        if kind == "discard":
            return t("caravan-event-discard", player=player)
        if kind == "disband":
            return t("caravan-event-disband", player=player, n=event["pair"] + 1)
        if kind == "redeal":
            return t("caravan-event-redeal", player=player)
        if kind == "empty_hand":
            return t("caravan-event-empty-hand", player=player)
        if kind == "game_end":
            wins = " : ".join(str(w) for w in event["wins"])
            winner = names[event["winner"]]
            return t("caravan-event-game-end", game=event["game_no"], player=winner, wins=wins)
        if kind == "game_start" and int(event.get("game_no", 1)) > 1:
            opener = names[event["first"]]
            return t("caravan-event-game-start", game=event["game_no"], player=opener)
        return None
