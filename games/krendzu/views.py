"""What Krendzu shows: the table view, JSON-able (see ``docs/views.md``)."""

from __future__ import annotations

from typing import Any

from games.core.events import copy_nested
from games.krendzu.field import box_of, cell_label
from games.krendzu.rules import cycle_of, dealer_of, roles_of
from games.krendzu.state import OVER, KrendzuState


def table_view(game: str, state: KrendzuState, seat: int | None) -> dict[str, Any]:
    """The table of ``game`` as ``seat`` sees it (``None``: the public)."""
    box = box_of(state.frontier)
    last, summary = state.last, state.last_tour
    # Every list is built anew, so a caller can never alter the state through a view.
    out: dict[str, Any] = {
        "game": game,
        "seats": state.seats,
        "variant": state.variant if state.seats == 3 else None,
        "tour": state.tour,
        "tours": state.tours,
        "dealer": dealer_of(state.seats, state.tour),
        "roles": list(roles_of(state.seats, state.variant, state.tour)),
        "order": list(cycle_of(state.seats, state.variant, state.tour)),
        "phase": state.phase,
        "turn": state.turn,
        "pending": state.pending,
        "exchange": {
            "max": state.exchange,
            "announced": list(state.announced),
            "done": list(state.done),
        },
        "hand_sizes": [len(hand) for hand in state.hands],
        "aside": len(state.aside),
        "cells": [{"x": p.x, "y": p.y, "card": p.card, "seat": p.seat} for p in state.cells],
        "box": box.as_dict(),
        "last": None
        if last is None
        else {
            "seat": last.seat,
            "kind": last.kind,
            "cells": [[x, y] for x, y in last.cells],
            "labels": [cell_label(x, y, box) for x, y in last.cells],
        },
        "scored": [
            {
                "cells": [[x, y] for x, y in window.cells],
                "new": window.new,
                "seat": window.seat,
                "own_goal": window.own_goal,
            }
            for window in state.scored
        ],
        "tour_points": list(state.tour_points),
        "scores": list(state.scores),
        "last_tour": None
        if summary is None
        else {
            "tour": summary.tour,
            "points": list(summary.points),
            "roles": list(summary.roles),
        },
        "over": state.phase == OVER,
        "winners": list(state.winners),
        "events": [copy_nested(event.seen_by(seat)) for event in state.events],
    }
    if seat is not None:
        out["you"] = seat
        out["hand"] = list(state.hands[seat])
        out["marked"] = list(state.marked[seat])
    return out
