"""A curling view read into frozen data: the stones, the last or previewed throw
and everything the panel shows.

Forgiving by design: a missing, mistyped or out-of-range entry becomes a
default (or is dropped), so a broken view still draws. Where the view leaves
out how a stone left the field, :class:`Throw` works it out from the
trajectory and the stones that struck it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from render.curling.layout import (
    COLS,
    MAX_MARKS,
    Cell,
    adjacent,
    on_field,
    parse_cell,
    raw_cell,
    step,
)


def _int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _list(value: object) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def _map(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _pair(value: object) -> tuple[int, int]:
    items = [_int(v) for v in _list(value)[:2]]
    padded = [*items, 0, 0]
    return padded[0], padded[1]


@dataclass(frozen=True)
class Stone:
    """A stone on the field: its cell, colour and throw number."""

    cell: Cell
    colour: str
    n: int | None


@dataclass(frozen=True)
class Move:
    """A stone the throw struck: where it stood and where it went."""

    colour: str
    n: int | None
    start: Cell | None  # where it stood
    end: Cell | None  # where it ends; None: it left the field
    path: tuple[Cell, ...]  # the cells it entered, when the view says
    exit: Cell  # the step it left the field by, when it did

    def trail(self) -> list[Cell]:
        """Every cell the stone stood on, from its old place to its new one."""
        trail = ([self.start] if self.start else []) + list(self.path)
        if self.end is not None and (not trail or trail[-1] != self.end):
            trail.append(self.end)
        return trail


@dataclass(frozen=True)
class Segment:
    """One segment of a previewed throw: the cells entered, the stones struck."""

    cells: tuple[Cell, ...]
    hits: tuple[Cell, ...]


@dataclass(frozen=True)
class Throw:
    """The last throw, or the previewed one, with everything it moved."""

    seat: int | None
    colour: str
    start: Cell | None
    path: tuple[Cell, ...]  # on-field cells the thrown stone entered
    left: Cell | None  # the step by which the thrown stone left the field, if it did
    stuck: bool  # it never left the start row (blocked at once): out of play there
    numbers: tuple[int, ...]
    power: int | None
    moves: tuple[Move, ...]
    foul: bool
    segments: tuple[Segment, ...]


def _stones(raw: object) -> tuple[Stone, ...]:
    out: dict[Cell, Stone] = {}
    for item in _list(raw)[:MAX_MARKS]:
        item = _map(item)
        cell = parse_cell(item.get("cell"))
        colour = item.get("colour")
        if cell is None or cell in out:
            continue
        n = _int(item.get("n"), -1)
        out[cell] = Stone(
            cell, colour if isinstance(colour, str) else "", n if 0 <= n < 100 else None
        )
    return tuple(out.values())


def _cells(raw: object) -> list[Cell]:
    return [cell for cell in (raw_cell(v) for v in _list(raw)[:MAX_MARKS]) if cell is not None]


# Each trajectory's segment directions from a left start cell (rules/curling.md,
# "Trajectories"); a right start mirrors them.
TRAJECTORIES: Mapping[str, tuple[Cell, ...]] = {
    "reverse": ((0, 1), (1, 1)),
    "shortened": ((0, 1), (1, 1)),
    "triple": ((-1, 1), (0, 1), (1, 1)),
    "quadruple": ((-1, 1), (0, 1), (1, 1), (1, 0)),
    "semaphore": ((0, 1), (1, 1)),
}


def trajectory_steps(trajectory: object, start: Cell | None) -> tuple[Cell, ...]:
    """The step of each segment of ``trajectory`` thrown from ``start``
    (mirrored for the right start cells e0, f0); empty if unknown."""
    steps = TRAJECTORIES.get(trajectory, ()) if isinstance(trajectory, str) else ()
    if start is not None and start[0] >= COLS // 2:
        return tuple((-dc, dr) for dc, dr in steps)
    return steps


def _moves(raw: object) -> tuple[Move, ...]:
    out = []
    for item in _list(raw)[:MAX_MARKS]:
        item = _map(item)
        colour = item.get("colour")
        n = _int(item.get("n"), -1)
        start = parse_cell(item.get("from"))
        out.append(
            Move(
                colour=colour if isinstance(colour, str) else "",
                n=n if 0 <= n < 100 else None,
                start=start,
                end=parse_cell(item.get("to")),
                path=tuple(p for p in _cells(item.get("path")) if on_field(p)),
                exit=(0, 0),
            )
        )
    return tuple(out)


def _pushed_steps(
    moves: Sequence[Move], start: Cell | None, path: Sequence[Cell], segments: Sequence[Segment]
) -> list[Cell]:
    """The step each struck stone last moved by ((0, 0) when nothing tells).

    A stone's own cells give it. A stone knocked straight on (or off the
    field) without entering a cell goes the way its striker went: the
    thrown stone at the end of a segment, or a stone of the same chain.
    """
    known: dict[int, Cell] = {}
    busy: set[int] = set()

    def pushed(i: int) -> Cell:
        if i in known:
            return known[i]
        trail = moves[i].trail()
        if len(trail) >= 2:
            known[i] = step(trail[-2], trail[-1])
            return known[i]
        known[i] = (0, 0)
        if not trail or i in busy:
            return known[i]
        busy.add(i)
        cell = trail[-1]
        here = start
        for seg in segments:  # struck by the thrown stone where a segment ended
            end = seg.cells[-1] if seg.cells else here
            if end is not None and cell in seg.hits and adjacent(end, cell):
                known[i] = step(end, cell)
                return known[i]
            here = end
        for j, other in enumerate(moves):  # struck by a stone of a chain
            ends = other.trail()
            if j != i and ends:
                dc, dr = pushed(j)
                if (dc, dr) != (0, 0) and (ends[-1][0] + dc, ends[-1][1] + dr) == cell:
                    known[i] = (dc, dr)
                    return known[i]
        for q in reversed(([start] if start else []) + list(path)):  # a last throw: no segments
            if adjacent(q, cell):
                known[i] = step(q, cell)
                break
        return known[i]

    return [pushed(i) for i in range(len(moves))]


def _thrown_exit(trail: Sequence[Cell], steps: Sequence[Cell], played: int) -> Cell:
    """The step by which the thrown stone left the field from the end of ``trail``:
    the segment it was playing (``played`` segments, when the view tells) or its
    last step, or a later segment's, whichever leads off the field from there."""
    here = trail[-1]
    candidates: list[Cell] = []
    if 0 < played <= len(steps):
        candidates.append(steps[played - 1])
    if len(trail) >= 2:
        last = step(trail[-2], trail[-1])
        candidates.append(last)
        if last in steps:
            candidates.extend(steps[steps.index(last) + 1 :])
    for dc, dr in candidates:
        if not on_field((here[0] + dc, here[1] + dr)):
            return dc, dr
    return candidates[0] if candidates else (0, 1)


def _throw(raw: object, view: Mapping[str, Any], stones: Sequence[Stone]) -> Throw | None:
    if not isinstance(raw, Mapping):
        return None
    colours = _colours(view)
    seat = _int(raw.get("seat"), -1)
    colour = colours[seat] if 0 <= seat < 2 else ""
    start = parse_cell(raw.get("start"))
    segments = []
    for seg in _list(raw.get("segments"))[:8]:
        seg = _map(seg)
        segments.append(
            Segment(
                cells=tuple(p for p in _cells(seg.get("cells")) if on_field(p)),
                hits=tuple(p for p in _cells(seg.get("hits")) if on_field(p)),
            )
        )
    path = tuple(p for p in _cells(raw.get("path")) if on_field(p))
    if not path and segments:
        path = tuple(p for s in segments for p in s.cells)
    foul = raw.get("foul") is True
    moves = _moves(raw.get("moves"))
    steps = _pushed_steps(moves, start, path, segments)
    moves = tuple(
        replace(m, exit=way) if m.end is None else m for m, way in zip(moves, steps, strict=True)
    )
    # The thrown stone left the field when it is not where its path ends
    # (after a foul it is taken off anyway: nothing to mark).
    left: Cell | None = None
    here = path[-1] if path else None
    if (
        not foul
        and colour
        and here
        and not any(s.cell == here and s.colour == colour for s in stones)
    ):
        trail = ([start] if start else []) + list(path)
        left = _thrown_exit(trail, trajectory_steps(raw.get("trajectory"), start), len(segments))
    numbers = tuple(v for v in (_int(x, -1) for x in _list(raw.get("numbers"))[:8]) if v >= 0)
    power = _int(raw.get("power"), -1)
    return Throw(
        seat=seat if 0 <= seat < 2 else None,
        colour=colour,
        start=start,
        path=path,
        left=left,
        stuck=not foul and start is not None and not path and bool(colour),
        numbers=numbers,
        power=power if 0 <= power < 100 else None,
        moves=moves,
        foul=foul,
        segments=tuple(segments),
    )


def _colours(view: Mapping[str, Any]) -> tuple[str, str]:
    raw = _list(view.get("colours"))
    if len(raw) >= 2 and all(isinstance(v, str) for v in raw[:2]):
        return raw[0], raw[1]
    return "red", "blue"


@dataclass(frozen=True)
class Context:
    """Everything of the view that the panel shows."""

    colours: tuple[str, str]
    ends: int
    end: int
    hammer: int | None
    turn: int | None
    over: bool
    winners: frozenset[int]
    stones: tuple[Stone, ...]
    to_throw: tuple[int, int]
    out: tuple[int, int]
    house: tuple[int, int]
    end_scores: tuple[tuple[int, int], ...]
    match: tuple[int, int]
    variant: str
    dice: tuple[int, ...] | None
    marked: tuple[bool, ...]
    main: tuple[str, ...]
    subs: tuple[tuple[str, ...], tuple[str, ...]]
    deck: int | None
    discard: int | None
    limit: tuple[int | None, int | None, int | None] | None
    phase: str
    numbers: frozenset[int]  # the numbers the combinations on offer give (1–5 if one is free)


def _seat(value: object) -> int | None:
    seat = _int(value, -1)
    return seat if 0 <= seat < 2 else None


def _by_colour(raw: object, colours: tuple[str, str]) -> tuple[int, int]:
    m = _map(raw)
    return max(0, _int(m.get(colours[0]))), max(0, _int(m.get(colours[1])))


def _numbers(raw: object) -> frozenset[int]:
    """The numbers of the combinations on offer: any of 1–5 for a combination
    whose numbers are free (``None``), none for the null one."""
    out: set[int] = set()
    for item in _list(raw)[:MAX_MARKS]:
        combo = _map(item)
        numbers = combo.get("numbers")
        if "numbers" in combo and numbers is None:
            out.update(range(1, 6))
        out.update(n for n in (_int(v) for v in _list(numbers)[:5]) if 1 <= n <= 5)
    return frozenset(out)


def context(view: Mapping[str, Any]) -> Context:
    """What the panel shows of ``view`` (forgiving, like everything here)."""
    colours = _colours(view)
    over = view.get("over") is True
    dice_raw = view.get("dice")
    dice = None
    if isinstance(dice_raw, list | tuple):
        dice = tuple(min(max(_int(v), 0), 6) for v in dice_raw[:5])
    marked = tuple(v is True for v in _list(view.get("marked"))[:5])
    cards = _map(view.get("cards"))
    subs_raw = _list(cards.get("subs"))
    subs = tuple(
        tuple(str(v) for v in _list(subs_raw[i] if i < len(subs_raw) else None)[:5])
        for i in range(2)
    )
    limit_raw = view.get("limit")
    limit = None
    if isinstance(limit_raw, Mapping):

        def value(key: str) -> int | None:
            v = _int(limit_raw.get(key), -1)
            return v if 0 <= v < 100 else None

        limit = (value("l1"), value("l2"), value("l"))
    variant = view.get("variant")
    deck, discard = _int(cards.get("deck"), -1), _int(cards.get("discard"), -1)
    return Context(
        colours=colours,
        ends=min(max(_int(view.get("ends"), 8), 1), 99),
        end=min(max(_int(view.get("end"), 1), 1), 999),
        hammer=_seat(view.get("hammer")),
        turn=None if over else _seat(view.get("turn")),
        over=over,
        winners=frozenset(s for s in map(_seat, _list(view.get("winners"))) if s is not None)
        if over
        else frozenset(),
        stones=_stones(view.get("stones")),
        to_throw=_by_colour(view.get("to_throw"), colours),
        out=_by_colour(view.get("out"), colours),
        house=_pair(_map(view.get("house")).get("score")),
        end_scores=tuple(_pair(v) for v in _list(view.get("end_scores"))[:99]),
        match=_pair(view.get("match")),
        variant="cards" if variant == "cards" or (cards and variant != "dice") else "dice",
        dice=dice,
        marked=marked,
        main=tuple(str(v) for v in _list(cards.get("main"))[:6]),
        subs=(subs[0], subs[1]),
        deck=deck if deck >= 0 else None,
        discard=discard if discard >= 0 else None,
        limit=limit,
        phase="over" if over else _text(view.get("phase")),
        numbers=_numbers(view.get("combinations")),
    )


@dataclass(frozen=True)
class Scene:
    """What one picture shows: the panel's context, the stones on the field,
    the throw drawn (the last one, or the previewed one) and the house count."""

    context: Context
    stones: tuple[Stone, ...]
    throw: Throw | None
    house: tuple[int, int]


def scene(view: Mapping[str, Any], preview: Mapping[str, Any] | None) -> Scene:
    """Read ``view`` as it stands, or, given ``preview`` (``game.preview``'s
    answer), as it would be after that throw: its stones and house count."""
    view = _map(view)
    ctx = context(view)
    if preview is None:
        stones = ctx.stones
        throw = _throw(view.get("last"), view, stones)
        house = ctx.house
    else:
        preview = _map(preview)
        stones = _stones(preview.get("stones"))
        throw = _throw({**preview, "segments": preview.get("segments") or []}, view, stones)
        house = _pair(_map(preview.get("house")).get("score"))
    return Scene(ctx, stones, throw, house)
