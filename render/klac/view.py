"""Reading a Klac! view: what the images draw, with odd values made harmless."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

MAX_SEATS = 8


def as_int(value: object, default: int = 0) -> int:
    """``value`` when it is a real int (never a bool), else ``default``."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def as_list(value: object) -> list[Any]:
    """``value`` as a list when it is a list or tuple, else an empty list."""
    return list(value) if isinstance(value, list | tuple) else []


def _seat_count(view: Mapping[str, Any], names: Sequence[str]) -> int:
    seats = as_int(view.get("seats"), 0)
    if seats <= 0:
        seats = max(len(as_list(view.get("rows"))), len(names))
    # The game seats at most 6; the cap only stops a corrupt view making a huge image.
    return min(max(1, seats), MAX_SEATS)


def seat_name(names: Sequence[str], seat: int) -> str:
    """The display name of ``seat``, or its number (1-based) when it has none."""
    if 0 <= seat < len(names) and isinstance(names[seat], str) and names[seat].strip():
        return names[seat]
    return str(seat + 1)


def _rows(view: Mapping[str, Any], seats: int) -> list[list[list[str]]]:
    # Non-string cards become "" (drawn as an unknown card) so sprites stay hashable.
    rows = [
        [
            [card if isinstance(card, str) else "" for card in as_list(stack)]
            for stack in as_list(row)
        ]
        for row in as_list(view.get("rows"))
    ]
    rows = [[stack for stack in row if stack] for row in rows]
    return (rows + [[] for _ in range(seats)])[:seats]


def _per_seat(view: Mapping[str, Any], key: str, seats: int) -> list[int]:
    values = [as_int(v) for v in as_list(view.get(key))]
    return (values + [0] * seats)[:seats]


def _turn(view: Mapping[str, Any]) -> int | None:
    if view.get("over"):
        return None
    turn = view.get("turn")
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


def last_play(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The view's last play, if it has one."""
    last = view.get("last")
    return last if isinstance(last, Mapping) else None


@dataclass(frozen=True)
class TableContext:
    """Everything the images draw, read from a view."""

    names: Sequence[str]
    rows: list[list[list[str]]]
    totals: list[int]
    row_scores: list[int]
    hand_sizes: list[int]
    turn: int | None
    winners: frozenset[int]
    last: tuple[int, int, int] | None  # (target seat, stack index, seat who played)
    last_round: list[int] | None


def context(view: Mapping[str, Any], names: Sequence[str]) -> TableContext:
    """What ``view`` shows, with whatever is missing or broken made harmless."""
    seats = _seat_count(view, names)
    last = last_play(view)
    last_t: tuple[int, int, int] | None = None
    if last is not None:
        target, stack = as_int(last.get("target"), -1), as_int(last.get("stack"), -1)
        who = as_int(last.get("seat"), -1)
        if 0 <= target < seats and stack >= 0 and 0 <= who < seats:
            last_t = (target, stack, who)
    lr = view.get("last_round")
    last_round = None
    if isinstance(lr, Mapping):
        last_round = (([as_int(v) for v in as_list(lr.get("scores"))]) + [0] * seats)[:seats]
    winners = (
        frozenset(as_int(w, -1) for w in as_list(view.get("winners")))
        if view.get("over")
        else frozenset()
    )
    return TableContext(
        names=names,
        rows=_rows(view, seats),
        totals=_per_seat(view, "totals", seats),
        row_scores=_per_seat(view, "row_scores", seats),
        hand_sizes=_per_seat(view, "hand_sizes", seats),
        turn=_turn(view),
        winners=winners,
        last=last_t,
        last_round=last_round,
    )
