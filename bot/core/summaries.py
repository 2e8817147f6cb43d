"""The position that ends a round, as the public saw it at that moment.

A game deals the next round in the same action that ends one, so the state
after it already shows the new deal. What the table looked like when the
round was counted is rebuilt here from public data only: the view before
the move, the move's public events (where each card went, what scored) and
the view after it (a finished round's summary). The result is a public view
the game's renderer draws like any other. Curling needs none: its last
throw's path already ends where every stone came to rest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from games import IllegalAction, registry
from games.krendzu.field import Box, cell_label

View = dict[str, Any]
Event = Mapping[str, Any]
#: Per game: (view before, the move's events, view after) → the final position.
Final = Callable[[View, Sequence[Event], View], View]


def _first(events: Sequence[Event], kind: str) -> Event | None:
    return next((event for event in events if event.get("kind") == kind), None)


def _klac(before: View, events: Sequence[Event], after: View) -> View:
    """Every row as the round's count found it (the summary keeps the rows)."""
    end = _first(events, "round_end")
    play = _first(events, "play")
    assert end is not None
    hands = list(before["hand_sizes"])
    last = before.get("last")
    if play is not None:
        hands[play["seat"]] -= 1
        last = {key: play[key] for key in ("seat", "target", "stack", "card", "how", "merged")}
    return {
        **before,
        "rows": after["last_round"]["rows"],
        "row_scores": list(end["scores"]),
        "hand_sizes": hands,
        "turn": None,
        "last": last,
        "events": [],
    }


def _krendzu(before: View, events: Sequence[Event], after: View) -> View:
    """The whole field with the last cards on it and every combination marked."""
    end = _first(events, "tour_end")
    assert end is not None
    cells = [dict(cell) for cell in before["cells"]]
    scored = [{**window, "new": False} for window in before["scored"]]
    hands = list(before["hand_sizes"])
    placed: list[list[int]] = []
    mover = None
    for event in events:
        if event.get("kind") in ("place", "first", "second"):
            x, y, mover = event["x"], event["y"], event["seat"]
            cells.append({"x": x, "y": y, "card": event["card"], "seat": mover})
            placed.append([x, y])
            hands[mover] -= 1
        elif event.get("kind") == "score":
            scored.append(
                {
                    "cells": event["cells"],
                    "new": True,
                    "seat": event["seat"],
                    "own_goal": event["own_goal"],
                }
            )
    xs, ys = [c["x"] for c in cells], [c["y"] for c in cells]
    box = Box(min(xs) - 1, min(ys) - 1, max(xs) - min(xs) + 3, max(ys) - min(ys) + 3)
    last = before.get("last")
    if placed:
        kind = "two" if len(placed) == 2 or _first(events, "second") else "place"
        labels = [cell_label(x, y, box) for x, y in placed]
        last = {"seat": mover, "kind": kind, "cells": placed, "labels": labels}
    return {
        **before,
        "cells": cells,
        "box": box.as_dict(),
        "scored": scored,
        "hand_sizes": hands,
        "tour_points": list(end["points"]),
        "scores": list(end["scores"]),
        "turn": None,
        "pending": False,
        "last": last,
        "events": [],
    }


def _klotho(before: View, events: Sequence[Event], after: View) -> View:
    """The field with the last card turned and every chip where it stood."""
    end = _first(events, "tour_end")
    assert end is not None
    cells = {cell["cell"]: dict(cell) for cell in before["cells"]}
    last = before.get("last")
    for event in events:
        kind = event.get("kind")
        if kind in ("place", "turn", "move") and event.get("cell") in cells:
            cell = cells[event["cell"]]
            cell["card"] = event["card"]
            if kind != "turn":
                cell["chip"] = event["seat"]
            if kind == "move" and event.get("from") in cells:
                cells[event["from"]]["chip"] = None
            last = {"cell": event["cell"], "seat": event["seat"], "kind": kind}
        elif kind == "replace" and event.get("cell") in cells:
            cells[event["cell"]]["card"] = None
            last = {"cell": event["cell"], "seat": event["seat"], "kind": kind}
    return {
        **before,
        "cells": list(cells.values()),
        "scores": list(end["scores"]),
        "halves": list(end["halves"]),
        "turn": None,
        "triplet": None,
        "claim_window": False,
        "vote": None,
        "last": last,
        "events": [],
    }


def _caravan(before: View, events: Sequence[Event], after: View) -> View:
    """Both sides' caravans as the game ended (the match keeps its last table)."""
    summary = after["last_game"]
    return {
        **before,
        "caravans": summary["caravans"],
        "pairs": summary["pairs"],
        "wins": after["wins"],
        "turn": None,
        "events": [],
    }


#: The games whose rounds end with a new deal, and the event that says so.
FINALS: Mapping[str, tuple[str, Final]] = MappingProxyType(
    {
        "klac": ("round_end", _klac),
        "krendzu": ("tour_end", _krendzu),
        "klotho": ("tour_end", _klotho),
        "caravan": ("game_end", _caravan),
    }
)


def final_view(game: str, before: View, events: Sequence[Event], after: View) -> View | None:
    """The public view of the position a move's round ended on, or ``None``
    when the move ended none (or the game needs no such view)."""
    if game not in FINALS:
        return None
    kind, final = FINALS[game]
    if _first(events, kind) is None:
        return None
    return final(before, events, after)


#: Events after which a preview game (Curling) shows the move that ended a round.
PREVIEWED_ENDS = frozenset({"end_over"})


@dataclass(frozen=True)
class Summary:
    """The position a round ended on, to show apart from the table (which
    goes on to the next deal): a public view, and for a game that draws its
    moves (Curling) the last throw's path over it."""

    view: View
    preview: dict[str, Any] | None = None


def summary_of(
    game_id: str, before: Any, seat: int, action: Sequence[Any], after: Any
) -> Summary | None:
    """The summary of the round that ``action`` (by ``seat``, from the state
    ``before`` to ``after``) ended; ``None`` when it ended none."""
    game = registry.get(game_id)
    shown = game.view(before, None)
    events = game.view(after, None).get("events", [])
    if any(event.get("kind") in PREVIEWED_ENDS for event in events):
        try:
            return Summary(shown, game.preview(before, seat, list(action)))
        except IllegalAction:
            return None
    final = final_view(game_id, shown, events, game.view(after, None))
    return None if final is None else Summary(final)
