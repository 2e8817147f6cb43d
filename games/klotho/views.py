"""What Klotho shows: the table view, the same for everybody, JSON-able
(see ``docs/views.md``)."""

from __future__ import annotations

from typing import Any

from games.klotho.actions import occupants
from games.klotho.rules import geometry, turn_order
from games.klotho.state import OVER, KlothoState


def table_view(game: str, state: KlothoState, seat: int | None) -> dict[str, Any]:
    """The table of ``game``; ``seat`` (``None``: the public) only adds ``you``."""
    geo = geometry(state.seats)
    chips_on = occupants(state)
    vote = state.vote
    out: dict[str, Any] = {
        "game": game,
        "seats": state.seats,
        "rows": geo.rows,
        "cols": geo.cols,
        "cells": [
            {
                "cell": name,
                "card": state.cards[i] if state.up[i] else None,
                "chip": chips_on[i],
            }
            for i, name in enumerate(geo.names)
        ],
        "tour": state.tour,
        "tours": state.tours,
        "dealer": state.dealer,
        "order": turn_order(state.dealer, state.seats),
        "phase": state.phase,
        "turn": state.turn,
        "stock": len(state.stock),
        "discard": len(state.discard),
        "scores": list(state.scores),
        "halves": list(state.halves),
        "last": None if state.last is None else vars(state.last).copy(),
        "triplet": state.pending[0].seat if state.pending and not state.claims else None,
        # Who may claim is for the players to notice, so only the window shows.
        "claim_window": bool(state.claims),
        "full_tie": state.full_tie,
        "scoring": state.scoring,
        "contenders": list(state.contenders),
        "vote": None
        if vote is None
        else {
            "proposer": vote.proposer,
            "yes": list(vote.yes),
            "voters": list(range(state.seats)),
        },
        "cooldown": list(state.cooldown),
        "over": state.phase == OVER,
        "winners": list(state.winners),
        "events": [event.seen_by(seat) for event in state.events],
    }
    if seat is not None:
        out["you"] = seat
    return out
