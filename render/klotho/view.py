"""Reading a Klotho view: what the table image draws, with odd values made harmless."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render.klotho.layout import MAX_SEATS, MAX_SIDE, default_grid, parse_cell


def as_int(value: object, default: int = 0) -> int:
    """``value`` when it is a real int (never a bool), else ``default``."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def as_list(value: object) -> list[Any]:
    """``value`` as a list when it is a list or tuple, else an empty list."""
    return list(value) if isinstance(value, list | tuple) else []


def as_seat(value: object, seats: int) -> int | None:
    """``value`` when it is one of ``seats`` seats, else None."""
    seat = as_int(value, -1)
    return seat if 0 <= seat < seats else None


def _seat_set(values: object, seats: int) -> frozenset[int]:
    return frozenset(s for s in (as_seat(v, seats) for v in as_list(values)) if s is not None)


@dataclass(frozen=True)
class Cell:
    """A place of the field as drawn."""

    card: str | None  # None: face down
    chip: int | None  # seat whose chip stands here


@dataclass(frozen=True)
class Context:
    """Everything the table image draws, read from a view."""

    seats: int
    rows: int
    cols: int
    grid: dict[tuple[int, int], Cell]  # missing positions are drawn as empty places
    turn: int | None
    winners: frozenset[int]
    last: tuple[int, int, int | None, str] | None  # (row, col, seat, kind)
    scores: list[int]
    halves: list[int]
    dealer: int | None
    triplet: int | None
    proposer: int | None
    voters: frozenset[int]
    yes: frozenset[int]


def context(view: Mapping[str, Any], names: Sequence[str]) -> Context:
    """What ``view`` shows, with whatever is missing or broken made harmless."""
    seats = as_int(view.get("seats"), 0)
    if not 1 <= seats <= MAX_SEATS:
        seats = min(max(len(as_list(view.get("scores"))), len(names), 1), MAX_SEATS)
    rows, cols = default_grid(seats)
    v_rows, v_cols = as_int(view.get("rows")), as_int(view.get("cols"))
    if 1 <= v_rows <= MAX_SIDE and 1 <= v_cols <= MAX_SIDE:
        rows, cols = v_rows, v_cols

    grid: dict[tuple[int, int], Cell] = {}
    for i, raw in enumerate(as_list(view.get("cells"))[: rows * cols]):
        if not isinstance(raw, Mapping):
            continue
        # The name wins over the list position; the position is the fallback.
        pos = parse_cell(raw.get("cell"), rows, cols) or divmod(i, cols)
        card = raw.get("card")
        chip = as_int(raw.get("chip"), -1)
        grid[pos] = Cell(
            card=card if isinstance(card, str) else None,
            chip=chip if 0 <= chip < MAX_SEATS else None,
        )

    over = bool(view.get("over"))
    last_raw = view.get("last")
    last = None
    if isinstance(last_raw, Mapping):
        where = parse_cell(last_raw.get("cell"), rows, cols)
        kind = last_raw.get("kind")
        if where is not None:
            who = as_seat(last_raw.get("seat"), seats)
            last = (*where, who, kind if isinstance(kind, str) else "")

    vote = view.get("vote")
    proposer, voters, yes = None, frozenset[int](), frozenset[int]()
    if isinstance(vote, Mapping) and not over:
        proposer = as_seat(vote.get("proposer"), seats)
        voters = _seat_set(vote.get("voters"), seats)
        yes = _seat_set(vote.get("yes"), seats)

    def per_seat(key: str) -> list[int]:
        return ([as_int(v) for v in as_list(view.get(key))] + [0] * seats)[:seats]

    return Context(
        seats=seats,
        rows=rows,
        cols=cols,
        grid=grid,
        turn=None if over else as_seat(view.get("turn"), seats),
        winners=_seat_set(view.get("winners"), seats) if over else frozenset(),
        last=last,
        scores=per_seat("scores"),
        halves=per_seat("halves"),
        dealer=as_seat(view.get("dealer"), seats),
        triplet=None if over else as_seat(view.get("triplet"), seats),
        proposer=proposer,
        voters=voters | yes | ({proposer} if proposer is not None else set()),
        yes=yes,
    )


def seat_name(names: Sequence[str], seat: int) -> str:
    """The display name of ``seat``, or its number (1-based) when it has none."""
    if 0 <= seat < len(names) and isinstance(names[seat], str) and names[seat].strip():
        return names[seat]
    return str(seat + 1)
