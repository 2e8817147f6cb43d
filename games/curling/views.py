"""What Logical Curling shows: the table view and a throw's preview, JSON-able
(see ``docs/views.md``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core.events import copy_nested
from games.curling.actions import board, l2_limit, offered_combos, throw_limit
from games.curling.checks import Throw
from games.curling.combos import Combo
from games.curling.field import INDEX, NAMES, keep_last_zero, zone_counts
from games.curling.play import last_of, outcome
from games.curling.rules import COLOURS, THROWS
from games.curling.state import AIM, CARDS, DICE, OVER, CurlingState, LastThrow, Stone

#: Stones per seat and end.
STONES = 8


def table_view(game: str, state: CurlingState, seat: int | None) -> dict[str, Any]:
    """The table of ``game`` (everything but the deck's order) as ``seat`` sees it."""
    turn = state.turn
    combos: tuple[Combo, ...] = ()
    l2 = None
    if turn is not None:
        l2 = l2_limit(state, turn)
        if state.phase == AIM:
            combos = offered_combos(state, turn)
    l1 = max((c.power for c in combos), default=None)
    cards = state.cards
    out: dict[str, Any] = {
        "game": game,
        "variant": state.variant,
        "deck": state.deck_size if state.variant == CARDS else None,
        "colours": list(COLOURS),
        "ends": state.ends,
        "end": state.end,
        "hammer": state.hammer,
        "throw_no": min(state.throw_no, THROWS),
        "turn": turn,
        "phase": state.phase,
        "stones": stones_view(state.stones),
        "to_throw": {c: STONES - state.thrown[s] for s, c in enumerate(COLOURS)},
        "out": {c: state.out[s] for s, c in enumerate(COLOURS)},
        "house": house_view(board(state)),
        "end_scores": [list(score) for score in state.end_scores],
        "match": list(state.match),
        "dice": None if state.dice is None else list(state.dice),
        "marked": list(state.marked) if state.variant == DICE else None,
        "cards": None
        if cards is None
        else {
            "main": list(cards.main),
            "subs": [list(held) for held in cards.subs],
            "deck": len(cards.deck),
            "discard": len(cards.discard),
        },
        "combinations": [_combo_view(c) for c in combos],
        "limit": {
            "l1": l1,
            "l2": l2,
            "l": None if l1 is None else throw_limit(l1, l2),
        },
        "last": None if state.last is None else last_view(state.last),
        "over": state.phase == OVER,
        "winners": list(state.winners),
        "events": [copy_nested(event.seen_by(seat)) for event in state.events],
    }
    if seat is not None:
        out["you"] = seat
    return out


def throw_preview(state: CurlingState, seat: int, move: Throw) -> dict[str, Any]:
    """The view's ``last`` for the validated throw ``move`` plus ``stones``,
    ``house`` and ``segments`` after it, each struck stone's ``moves`` entry with
    its ``path``; the state is left as it was."""
    stones, result = outcome(state, seat, move)
    last = last_of(state, seat, move, result)
    out = last_view(last)
    if result is not None:
        paths = {(stone & 1, stone >> 1): path for stone, (_, path) in result.moves.items()}
        for entry, moved in zip(out["moves"], last.moves, strict=True):
            entry["path"] = [NAMES[cell] for cell in paths[(moved.seat, moved.n)]]
    out["stones"] = stones_view(stones)
    out["house"] = house_view({INDEX[s.cell]: s.seat for s in stones})
    out["segments"] = (
        []
        if result is None
        else [
            {"cells": [NAMES[c] for c in cells], "hits": [NAMES[c] for c in hits]}
            for cells, hits in result.segments
        ]
    )
    return out


def stones_view(stones: Sequence[Stone]) -> list[dict[str, Any]]:
    """The stones as ``{"cell", "colour", "n"}`` entries."""
    return [{"cell": s.cell, "colour": COLOURS[s.seat], "n": s.n} for s in stones]


def house_view(board: dict[int, int]) -> dict[str, Any]:
    """``{"zones": [[red, blue]…], "score": [red, blue]}`` of a board whose values'
    lowest bit is the seat."""
    zones = zone_counts({cell: stone & 1 for cell, stone in board.items()})
    return {"zones": [list(z) for z in zones], "score": list(keep_last_zero(zones))}


def last_view(last: LastThrow) -> dict[str, Any]:
    """The view's ``last``: the throw, its path and the stones it moved."""
    return {
        "seat": last.seat,
        "combo": last.combo,
        "trajectory": last.trajectory,
        "start": last.start,
        "numbers": list(last.numbers),
        "power": last.power,
        "path": list(last.path),
        "moves": [
            {"colour": COLOURS[m.seat], "n": m.n, "from": m.src, "to": m.dst} for m in last.moves
        ],
        "foul": last.foul,
    }


def _combo_view(combo: Combo) -> dict[str, Any]:
    return {
        "key": combo.key,
        "name": combo.name,
        "numbers": None if combo.numbers is None else list(combo.numbers),
        "power": combo.power,
    }
