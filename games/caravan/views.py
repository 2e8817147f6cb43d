"""What Caravan shows: the table view, JSON-able (see ``docs/views.md``)."""

from __future__ import annotations

from typing import Any

from games.caravan.actions import DISCARD
from games.caravan.rules import Caravan, direction_of, pair_holder, status_of, suit_of, value_of
from games.caravan.state import OVER, PAIRS, SEATS, CaravanState, LastMove, Table


def table_view(game: str, state: CaravanState, seat: int | None) -> dict[str, Any]:
    """The table of ``game`` as ``seat`` sees it (``None``: the public)."""
    summary = state.last_game
    caravans = _table_view(state.caravans)
    # Every list is built anew, so a caller can never alter the state through a view.
    out: dict[str, Any] = {
        "game": game,
        "seats": SEATS,
        "best_of": state.best_of,
        "game_no": state.game_no,
        "wins": list(state.wins),
        "phase": state.phase,
        "turn": state.turn,
        "first": state.first,
        "caravans": caravans,
        "pairs": [
            pair_holder(caravans[0][pair]["value"], caravans[1][pair]["value"])
            for pair in range(PAIRS)
        ],
        "deck_sizes": [len(deck) for deck in state.decks],
        "hand_sizes": [len(hand) for hand in state.hands],
        "discard": state.discard,
        "last": _last_view(state.last, seat),
        "last_game": None
        if summary is None
        else {
            "game_no": summary.game_no,
            "winner": summary.winner,
            "pairs": list(summary.pairs),
            "caravans": _table_view(summary.caravans),
        },
        "over": state.phase == OVER,
        "winners": list(state.winners),
        "events": [event.seen_by(seat) for event in state.events],
    }
    if seat is not None:
        out["you"] = seat
        out["hand"] = list(state.hands[seat])
    return out


def _caravan_view(caravan: Caravan) -> dict[str, Any]:
    value = value_of(caravan)
    return {
        "cards": [{"card": card, "faces": list(faces)} for card, faces in caravan],
        "value": value,
        "direction": direction_of(caravan),
        "suit": suit_of(caravan),
        "status": status_of(caravan, value),
    }


def _table_view(table: Table) -> list[list[dict[str, Any]]]:
    return [[_caravan_view(caravan) for caravan in row] for row in table]


def _last_view(last: LastMove | None, seat: int | None) -> dict[str, Any] | None:
    if last is None:
        return None
    out = vars(last).copy()
    if last.kind == DISCARD and seat != last.seat:
        out["card"] = None
    return out
