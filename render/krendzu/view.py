"""Reading a Krendzu view (``docs/views.md``) into what the images draw.

Views come from outside, so every field is checked and an odd or broken one
falls back to something drawable instead of raising: :func:`context` gives
the table's :class:`Context`. Also here: how players name cells
(:func:`cell_label`), the box of the field an image shows and its frontier
(the free cells a card may go to), all in field coordinates, not pixels.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

MAX_SIDE = 80  # a box wider or taller than this is corrupt; it is cut to this size
MAX_SEATS = 4
MAX_CARDS = 200  # more cells than that is a corrupt view
ROLES = ("attack", "defend")
PHASES = ("announce", "discard", "play", "over")


def column_letters(index: int) -> str:
    """The letters of column ``index`` (0-based): A … Z, AA, AB, … (bijective base 26)."""
    out = ""
    n = max(index, 0) + 1
    while n:
        n, rest = divmod(n - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


@dataclass(frozen=True)
class Box:
    """The part of the field an image shows: ``cols`` × ``rows`` cells from (left, top)."""

    left: int
    top: int
    cols: int
    rows: int

    def __contains__(self, xy: object) -> bool:
        if not isinstance(xy, tuple) or len(xy) != 2:
            return False
        x, y = xy
        return bool(self.left <= x < self.left + self.cols and self.top <= y < self.top + self.rows)


def cell_label(x: int, y: int, box: Box) -> str:
    """How players name the cell at field coordinates (x, y): ``"C2"`` (as in docs/views.md)."""
    return f"{column_letters(x - box.left)}{y - box.top + 1}"


def as_int(value: object, default: int = 0) -> int:
    """``value`` when it is a real int (never a bool), else ``default``."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def as_list(value: object) -> list[Any]:
    """``value`` as a list when it is a list or tuple, else an empty list."""
    return list(value) if isinstance(value, list | tuple) else []


def _xy(value: object) -> tuple[int, int] | None:
    pair = as_list(value)
    if len(pair) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in pair):
        return pair[0], pair[1]
    return None


def seat_name(names: Sequence[str], seat: int) -> str:
    """The display name of ``seat``, or its number (1-based) when it has none."""
    if 0 <= seat < len(names) and isinstance(names[seat], str) and names[seat].strip():
        return names[seat]
    return str(seat + 1)


def _seats(view: Mapping[str, Any], names: Sequence[str]) -> int:
    seats = as_int(view.get("seats"))
    if 1 <= seats <= MAX_SEATS:
        return seats
    guess = max(len(as_list(view.get("roles"))), len(as_list(view.get("hand_sizes"))), len(names))
    return min(max(guess, 2), MAX_SEATS)


def _cells(view: Mapping[str, Any]) -> dict[tuple[int, int], tuple[str, int | None]]:
    """The field, (x, y) -> (card, seat), in the order the cards were placed."""
    out: dict[tuple[int, int], tuple[str, int | None]] = {}
    for raw in as_list(view.get("cells"))[:MAX_CARDS]:
        if not isinstance(raw, Mapping):
            continue
        x, y = raw.get("x"), raw.get("y")
        if not (isinstance(x, int) and isinstance(y, int)) or isinstance(x, bool | None):
            continue
        if isinstance(y, bool):
            continue
        card = raw.get("card")
        seat = as_int(raw.get("seat"), -1)
        out.pop((x, y), None)  # a repeated cell: the later card lies on top
        out[(x, y)] = (card if isinstance(card, str) else "", seat if 0 <= seat < 8 else None)
    return out


def _box(view: Mapping[str, Any], cells: Mapping[tuple[int, int], object]) -> Box:
    """The view's box when it is sane and holds every card; else one computed from the cards."""
    raw = view.get("box")
    if isinstance(raw, Mapping):
        box = Box(as_int(raw.get("left")), as_int(raw.get("top")), as_int(raw.get("cols")),
                  as_int(raw.get("rows")))  # fmt: skip
        if 1 <= box.cols <= MAX_SIDE and 1 <= box.rows <= MAX_SIDE and all(p in box for p in cells):
            return box
    if not cells:
        return Box(0, 0, 1, 1)
    xs = [x for x, _y in cells]
    ys = [y for _x, y in cells]
    left, top = min(xs) - 1, min(ys) - 1
    return Box(left, top, min(max(xs) + 2 - left, MAX_SIDE), min(max(ys) + 2 - top, MAX_SIDE))


def view_box(view: Mapping[str, Any]) -> Box:
    """The box the table image of ``view`` shows (the view's own, when sane)."""
    cells = _cells(view)
    return _box(view, cells)


def frontier_of(
    cells: Sequence[tuple[int, int]] | set[tuple[int, int]], box: Box
) -> list[tuple[int, int]]:
    """Free cells orthogonally next to a card, inside ``box``, in reading order.

    An empty field has one: the box's top-left cell (A1), where the first card goes.
    """
    taken = set(cells)
    if not taken:
        return [(box.left, box.top)]
    free = {
        (x + dx, y + dy)
        for x, y in taken
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if (x + dx, y + dy) not in taken and (x + dx, y + dy) in box
    }
    return sorted(free, key=lambda p: (p[1], p[0]))


def frontier(view: Mapping[str, Any]) -> list[tuple[int, int]]:
    """The free cells drawn as slots on the table image of ``view``."""
    cells = _cells(view)
    box = _box(view, cells)
    return frontier_of([p for p in cells if p in box], box)


@dataclass(frozen=True)
class Scored:
    """A scored window as drawn: its cells, whether the last action scored it, and
    whether a defender did (an own goal)."""

    cells: tuple[tuple[int, int], ...]
    new: bool
    own_goal: bool


@dataclass(frozen=True)
class Context:
    """Everything the table image shows, read from a view and made safe to draw."""

    seats: int
    cells: dict[tuple[int, int], tuple[str, int | None]]
    box: Box
    roles: tuple[str | None, ...]
    phase: str
    turn: int | None
    pending: tuple[int, int] | None  # the first card of a two-card move, still alone
    exchange_max: int
    announced: tuple[int | None, ...]
    done: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    aside: int
    last_seat: int | None
    last_kind: str
    last_cells: tuple[tuple[int, int], ...]
    scored: tuple[Scored, ...]
    tour_points: tuple[int, ...]
    scores: tuple[int, ...]
    over: bool
    winners: frozenset[int]
    dealer: int | None
    tour: int
    tours: int


def _seat(value: object, seats: int) -> int | None:
    seat = as_int(value, -1)
    return seat if 0 <= seat < seats else None


def context(view: Mapping[str, Any], names: Sequence[str]) -> Context:
    """The table's :class:`Context` from ``view``; odd fields fall back to defaults."""
    seats = _seats(view, names)
    cells = _cells(view)
    box = _box(view, cells)
    cells = {p: v for p, v in cells.items() if p in box}

    def per_seat(key: str) -> tuple[int, ...]:
        return tuple(([max(0, as_int(v)) for v in as_list(view.get(key))] + [0] * seats)[:seats])

    roles = tuple(
        (r if r in ROLES else None)
        for r in ([*as_list(view.get("roles"))] + [None] * seats)[:seats]
    )
    over = bool(view.get("over")) or view.get("phase") == "over"
    phase = view.get("phase")
    phase = "over" if over else phase if phase in PHASES else "play"
    turn = None if over else _seat(view.get("turn"), seats)

    exchange = view.get("exchange")
    exchange = exchange if isinstance(exchange, Mapping) else {}
    announced = tuple(
        (None if v is None else max(0, as_int(v)))
        for v in ([*as_list(exchange.get("announced"))] + [None] * seats)[:seats]
    )
    done = tuple(bool(v) for v in ([*as_list(exchange.get("done"))] + [False] * seats)[:seats])

    last = view.get("last")
    last_seat: int | None = None
    last_kind = ""
    last_cells: tuple[tuple[int, int], ...] = ()
    if isinstance(last, Mapping):
        kind = last.get("kind")
        last_kind = kind if kind in ("place", "two", "pass") else ""
        last_seat = _seat(last.get("seat"), seats)
        found = (_xy(v) for v in as_list(last.get("cells"))[:2])
        last_cells = tuple(p for p in found if p is not None and p in cells)
        if last_kind == "pass":
            last_cells = ()

    pending = None
    if bool(view.get("pending")) and not over and cells:
        pending = next(reversed(cells))

    scored: list[Scored] = []
    for raw in as_list(view.get("scored"))[:64]:
        if not isinstance(raw, Mapping):
            continue
        found_cells = tuple(p for p in (_xy(v) for v in as_list(raw.get("cells"))) if p is not None)
        if len(found_cells) >= 2 and all(p in box for p in found_cells):
            scored.append(Scored(found_cells, bool(raw.get("new")), bool(raw.get("own_goal"))))

    winners = frozenset(
        s for s in (_seat(v, seats) for v in as_list(view.get("winners"))) if s is not None
    )
    tours = max(1, as_int(view.get("tours"), 1))
    return Context(
        seats=seats,
        cells=cells,
        box=box,
        roles=roles,
        phase=phase,
        turn=turn,
        pending=pending,
        exchange_max=max(0, as_int(exchange.get("max"))),
        announced=announced,
        done=done,
        hand_sizes=per_seat("hand_sizes"),
        aside=max(0, as_int(view.get("aside"))),
        last_seat=last_seat,
        last_kind=last_kind,
        last_cells=last_cells,
        scored=tuple(scored),
        tour_points=per_seat("tour_points"),
        scores=per_seat("scores"),
        over=over,
        winners=winners if over else frozenset(),
        dealer=_seat(view.get("dealer"), seats),
        tour=max(1, as_int(view.get("tour"), 1)),
        tours=tours,
    )
