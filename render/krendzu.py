"""Krendzu (card renju) images: the public table and one seat's hand.

Input is only a view dict as documented in ``docs/views.md`` (never a game
state). The images carry no words: names, numbers, cell labels and symbols
only, so the caption beside them does the talking in the reader's language.

The table is a field of cards on a green felt, cropped to the view's ``box``
(the cards' bounding box plus a one-cell margin), with column letters on top
and row numbers on the left exactly as the game names cells
(:func:`cell_label`). The free cells a card may go to (the frontier) are
faint outlined slots carrying their own label, so a player can name a cell
without counting along the axes. Each card shows its rank and suit large and
centred (four-colour suits, figures on warm paper, since they are the
wildcards of a progression) above a stripe in the colour of the seat that
placed it, with that seat's number on it: colour is never the only cue.

The cell size follows the box: a small field gets big cards and a small
image, a long line or a big block gets smaller cards, never clipped, and the
whole image stays within MAX_W × MAX_H. The players' panel goes on the right
of the field, or under a status strip above it, whichever prints the ranks
bigger once a phone has shrunk the image to its width (:func:`make_layout`).
A long row gets taller cells; a long column gets wide ones, printed with
rank and suit side by side and the seat stripe down the left edge.

Marks on the field:

- the last move: a frame round its card (two cards: framed and numbered
  1 and 2 in square tags, so they never read as seat chips);
- a defender's pending first card (``pending``): a frame and a "1" tag in
  the turn colour, and the cells the second card may go to outlined in it;
- scored windows: a line through the centres of their four cells, under
  the cards' print so ranks stay legible: thick and in the highlight colour
  when completed by the last action, thin and pale gold when older, dashed
  when a defender completed it (an own goal).

The status block shows the tour, the cards set aside, the exchange option
during the exchange, and the last move (the mover's chip and the cells, or
"—" for a pass); once the match is over, a star and the winners' names. Each
player's row shows the turn marker (or a winner's star), seat chip, role
(a sword attacks, a shield defends), name, hand size, the points of this
tour and the match total (Σ), and during the exchange the number announced
("?" until then) with a tick once discarded; the defender who owes the
second card of a two-card move gets a "one of two cards" mark.

``last_tour`` and ``events`` are not drawn: the totals already include the
finished tour and the caption tells what happened.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from render import common as c

MAX_W = 1200  # the whole table image, panel included, never exceeds this ...
MAX_H = 1200  # ... for any field a real game can reach (36 cards in any shape)
PANEL_W = 400  # the players' panel beside the field (a column of it when stacked)
ROW_H = 112  # one player's row in the panel
STATUS_LINE_H = 64  # one line of the status block (two of them beside the field)
STRIP_H = 76  # the status strip across the top when the panel is stacked
CELL_MAX = 116  # cell width for a small field
CELL_MIN = 14  # only a corrupt, huge box gets this small
CELL_RATIO = 1.16  # cell height / width: cards stand upright, diagonals stay near 45°
# Other cell shapes, for fields whose print would be small in upright cells:
# taller for a field limited by its width, wide for one limited by its height.
RATIOS = (CELL_RATIO, 1.45, 0.62, 0.5)
SMALL_PRINT = 24  # a rank this big (px) is big enough: no other cell shape is tried
DISPLAY = (400, 520)  # about the box a phone shows a chat photo in (px)
SIDE_BIAS = 1.05  # the panel beside the field wastes less room: it wins near-ties
FIELD_PAD = 10  # felt right of and below the grid
MAX_SIDE = 80  # a box wider or taller than this is corrupt; it is cut to this size
MAX_SEATS = 4
MAX_CARDS = 200  # more cells than that is a corrupt view

FELT: c.RGB = (38, 100, 72)
FELT_LABEL: c.RGB = (206, 230, 214)
FELT_GRID: c.RGB = (52, 116, 86)
SLOT: c.RGB = (132, 184, 156)  # the outline of a free cell a card may go to
OLD_LINE: c.RGB = (226, 178, 60)  # a window scored before the last action
STEEL: c.RGB = (190, 204, 224)  # the sword's blade (attack)
SHIELD: c.RGB = (64, 92, 168)  # the shield's face (defend)
WINNER_BAND: c.RGB = (253, 228, 150)
ROW_BG = (c.PANEL, c.PAPER)
FIGURES = frozenset({"J", "Q", "K", "A"})
# Exact in the PNG palette: tests compare pixels with them.
KEEP: tuple[c.RGB, ...] = (
    *c.KEY_COLOURS, *c.CARD_COLOURS, FELT, FELT_LABEL, FELT_GRID, SLOT, OLD_LINE, STEEL, SHIELD,
    WINNER_BAND,
)  # fmt: skip

ROLES = ("attack", "defend")
PHASES = ("announce", "discard", "play", "over")
PASS_MARK = "—"


# ------------------------------------------------------------------ labels


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


# ------------------------------------------------------------------- parsing


def _int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _list(value: object) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def _xy(value: object) -> tuple[int, int] | None:
    pair = _list(value)
    if len(pair) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in pair):
        return pair[0], pair[1]
    return None


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names) and isinstance(names[seat], str) and names[seat].strip():
        return names[seat]
    return str(seat + 1)


def seat_colour(seat: int) -> c.RGB:
    """The colour of ``seat``'s chip and of the stripe on the cards it placed."""
    return c.SEAT_COLOURS[seat] if 0 <= seat < len(c.SEAT_COLOURS) else c.MUTED


def _seats(view: Mapping[str, Any], names: Sequence[str]) -> int:
    seats = _int(view.get("seats"))
    if 1 <= seats <= MAX_SEATS:
        return seats
    guess = max(len(_list(view.get("roles"))), len(_list(view.get("hand_sizes"))), len(names))
    return min(max(guess, 2), MAX_SEATS)


def _cells(view: Mapping[str, Any]) -> dict[tuple[int, int], tuple[str, int | None]]:
    """The field, (x, y) -> (card, seat), in the order the cards were placed."""
    out: dict[tuple[int, int], tuple[str, int | None]] = {}
    for raw in _list(view.get("cells"))[:MAX_CARDS]:
        if not isinstance(raw, Mapping):
            continue
        x, y = raw.get("x"), raw.get("y")
        if not (isinstance(x, int) and isinstance(y, int)) or isinstance(x, bool | None):
            continue
        if isinstance(y, bool):
            continue
        card = raw.get("card")
        seat = _int(raw.get("seat"), -1)
        out.pop((x, y), None)  # a repeated cell: the later card lies on top
        out[(x, y)] = (card if isinstance(card, str) else "", seat if 0 <= seat < 8 else None)
    return out


def _box(view: Mapping[str, Any], cells: Mapping[tuple[int, int], object]) -> Box:
    """The view's box when it is sane and holds every card; else one computed from the cards."""
    raw = view.get("box")
    if isinstance(raw, Mapping):
        box = Box(_int(raw.get("left")), _int(raw.get("top")), _int(raw.get("cols")),
                  _int(raw.get("rows")))  # fmt: skip
        if 1 <= box.cols <= MAX_SIDE and 1 <= box.rows <= MAX_SIDE and all(p in box for p in cells):
            return box
    if not cells:
        return Box(0, 0, 1, 1)
    xs = [x for x, _y in cells]
    ys = [y for _x, y in cells]
    left, top = min(xs) - 1, min(ys) - 1
    return Box(left, top, min(max(xs) + 2 - left, MAX_SIDE), min(max(ys) + 2 - top, MAX_SIDE))


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


@dataclass(frozen=True)
class _Scored:
    cells: tuple[tuple[int, int], ...]
    new: bool
    own_goal: bool


@dataclass(frozen=True)
class _Context:
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
    scored: tuple[_Scored, ...]
    tour_points: tuple[int, ...]
    scores: tuple[int, ...]
    over: bool
    winners: frozenset[int]
    dealer: int | None
    tour: int
    tours: int


def _seat(value: object, seats: int) -> int | None:
    seat = _int(value, -1)
    return seat if 0 <= seat < seats else None


def _context(view: Mapping[str, Any], names: Sequence[str]) -> _Context:
    seats = _seats(view, names)
    cells = _cells(view)
    box = _box(view, cells)
    cells = {p: v for p, v in cells.items() if p in box}

    def per_seat(key: str) -> tuple[int, ...]:
        return tuple(([max(0, _int(v)) for v in _list(view.get(key))] + [0] * seats)[:seats])

    roles = tuple(
        (r if r in ROLES else None) for r in ([*_list(view.get("roles"))] + [None] * seats)[:seats]
    )
    over = bool(view.get("over")) or view.get("phase") == "over"
    phase = view.get("phase")
    phase = "over" if over else phase if phase in PHASES else "play"
    turn = None if over else _seat(view.get("turn"), seats)

    exchange = view.get("exchange")
    exchange = exchange if isinstance(exchange, Mapping) else {}
    announced = tuple(
        (None if v is None else max(0, _int(v)))
        for v in ([*_list(exchange.get("announced"))] + [None] * seats)[:seats]
    )
    done = tuple(bool(v) for v in ([*_list(exchange.get("done"))] + [False] * seats)[:seats])

    last = view.get("last")
    last_seat: int | None = None
    last_kind = ""
    last_cells: tuple[tuple[int, int], ...] = ()
    if isinstance(last, Mapping):
        kind = last.get("kind")
        last_kind = kind if kind in ("place", "two", "pass") else ""
        last_seat = _seat(last.get("seat"), seats)
        found = (_xy(v) for v in _list(last.get("cells"))[:2])
        last_cells = tuple(p for p in found if p is not None and p in cells)
        if last_kind == "pass":
            last_cells = ()

    pending = None
    if bool(view.get("pending")) and not over and cells:
        pending = next(reversed(cells))

    scored: list[_Scored] = []
    for raw in _list(view.get("scored"))[:64]:
        if not isinstance(raw, Mapping):
            continue
        found_cells = tuple(p for p in (_xy(v) for v in _list(raw.get("cells"))) if p is not None)
        if len(found_cells) >= 2 and all(p in box for p in found_cells):
            scored.append(_Scored(found_cells, bool(raw.get("new")), bool(raw.get("own_goal"))))

    winners = frozenset(
        s for s in (_seat(v, seats) for v in _list(view.get("winners"))) if s is not None
    )
    tours = max(1, _int(view.get("tours"), 1))
    return _Context(
        seats=seats,
        cells=cells,
        box=box,
        roles=roles,
        phase=phase,
        turn=turn,
        pending=pending,
        exchange_max=max(0, _int(exchange.get("max"))),
        announced=announced,
        done=done,
        hand_sizes=per_seat("hand_sizes"),
        aside=max(0, _int(view.get("aside"))),
        last_seat=last_seat,
        last_kind=last_kind,
        last_cells=last_cells,
        scored=tuple(scored),
        tour_points=per_seat("tour_points"),
        scores=per_seat("scores"),
        over=over,
        winners=winners if over else frozenset(),
        dealer=_seat(view.get("dealer"), seats),
        tour=max(1, _int(view.get("tour"), 1)),
        tours=tours,
    )


# ------------------------------------------------------------------ geometry


@dataclass(frozen=True)
class Layout:
    """Where everything of a table image goes, in canvas pixels.

    ``mode`` is ``"side"`` (panel right of the field, the status block at the
    panel's top) or ``"stack"`` (a status strip across the top, the players in
    two columns under it, the field below). ``grid`` is the canvas position
    of the box's top-left cell; each cell is ``cell_w`` × ``cell_h`` and its
    card sits ``inset`` px inside it.
    """

    mode: str
    width: int
    height: int
    cols: int
    rows: int
    cell_w: int
    cell_h: int
    inset: int
    label_size: int
    field: c.Box
    grid: tuple[int, int]
    status: c.Box
    panel_rows: tuple[c.Box, ...]


def _label_size(cell_w: int, cell_h: int) -> int:
    return max(11, min(30, round(min(cell_w * 0.36, cell_h * 0.5))))


def _strips(cell_w: int, cell_h: int, rows: int) -> tuple[int, int]:
    """(height of the letters strip, width of the numbers strip) for a cell size."""
    size = _label_size(cell_w, cell_h)
    widest = c.font(size, bold=True).getlength(str(rows))
    return round(size * 1.5), round(widest + size * 0.9)


def _inset(cell_w: int, cell_h: int) -> int:
    return max(2, round(min(cell_w, cell_h) * 0.05))


def _field_size(cell_w: int, cell_h: int, cols: int, rows: int) -> tuple[int, int]:
    top, left = _strips(cell_w, cell_h, rows)
    return left + cols * cell_w + FIELD_PAD, top + rows * cell_h + FIELD_PAD


def _canvas(mode: str, cell: tuple[int, int], cols: int, rows: int, seats: int) -> tuple[int, int]:
    """(width, height) of the table image in ``mode`` with cells of ``cell`` px."""
    fw, fh = _field_size(*cell, cols, rows)
    if mode == "side":
        return fw + PANEL_W, max(fh, 2 * STATUS_LINE_H + seats * ROW_H)
    return max(fw, 2 * PANEL_W), STRIP_H + (seats + 1) // 2 * ROW_H + fh


def _fits(mode: str, cell: tuple[int, int], cols: int, rows: int, seats: int) -> bool:
    """True when the canvas in ``mode`` with cells of ``cell`` px stays within the maximum."""
    width, height = _canvas(mode, cell, cols, rows, seats)
    return width <= MAX_W and height <= MAX_H


def _largest(mode: str, ratio: float, cols: int, rows: int, seats: int) -> int:
    """The widest cell of shape ``ratio`` (height / width) that fits, or 0."""
    lo, hi = CELL_MIN, CELL_MAX
    if not _fits(mode, (lo, round(lo * ratio)), cols, rows, seats):
        return 0
    while lo < hi:  # the canvas grows with the cell: bisect
        mid = (lo + hi + 1) // 2
        if _fits(mode, (mid, round(mid * ratio)), cols, rows, seats):
            lo = mid
        else:
            hi = mid - 1
    return lo


def shown_scale(width: int, height: int) -> float:
    """How much a chat client shrinks an image of this size (it shows photos in
    about a DISPLAY box)."""
    return min(DISPLAY[0] / width, DISPLAY[1] / height, 1.0)


@lru_cache(maxsize=64)
def make_layout(cols: int, rows: int, seats: int) -> Layout:
    """The layout of a table image for a box of ``cols`` × ``rows`` and ``seats`` players.

    Each arrangement (panel beside the field, or above it) gets the largest
    cell (up to CELL_MAX wide) with which the image stays within MAX_W ×
    MAX_H; the one whose ranks come out biggest on a phone (print size times
    :func:`shown_scale`) wins, beside the field unless above it is clearly
    better (SIDE_BIAS). Cells are upright (CELL_RATIO) unless that prints
    ranks under SMALL_PRINT px: then a taller cell (a field limited by its
    width, such as a long row) or a wide one with rank and suit side by side
    (limited by its height, such as a long column) is used if it prints them
    bigger. A box too big even for CELL_MIN cells (only a corrupt view) gets
    CELL_MIN cells on a larger canvas: nothing is clipped.
    """
    found: list[tuple[float, int, bool, int, float, str]] = []
    for ratio in RATIOS:
        for mode in ("side", "stack"):
            cell_w = _largest(mode, ratio, cols, rows, seats)
            if not cell_w:
                continue
            cell_h = round(cell_w * ratio)
            inset = _inset(cell_w, cell_h)
            rank = print_spec(cell_w - 2 * inset, cell_h - 2 * inset, True).rank
            shown = rank * shown_scale(*_canvas(mode, (cell_w, cell_h), cols, rows, seats))
            if mode == "side":
                shown *= SIDE_BIAS
            found.append((shown, rank, mode == "side", cell_w, ratio, mode))
    upright = [f for f in found if f[4] == CELL_RATIO]
    if upright and max(f[1] for f in upright) >= SMALL_PRINT:
        found = upright
    if found:
        _shown, _rank, _side, cell_w, ratio, mode = max(found)
    else:
        cell_w, ratio, mode = CELL_MIN, CELL_RATIO, "side"
    cell_h = round(cell_w * ratio)
    fw, fh = _field_size(cell_w, cell_h, cols, rows)
    top, left = _strips(cell_w, cell_h, rows)
    grid_w, grid_h = fw, fh
    if mode == "side":
        width = fw + PANEL_W
        height = max(fh, 2 * STATUS_LINE_H + seats * ROW_H)
        field = (0, 0, fw, height)
        status = (fw, 0, width, 2 * STATUS_LINE_H)
        panel = tuple(
            (fw, 2 * STATUS_LINE_H + s * ROW_H, width, 2 * STATUS_LINE_H + (s + 1) * ROW_H)
            for s in range(seats)
        )
    else:
        width = max(fw, 2 * PANEL_W)
        panel_h = (seats + 1) // 2 * ROW_H
        height = STRIP_H + panel_h + fh
        field = (0, STRIP_H + panel_h, width, height)
        status = (0, 0, width, STRIP_H)
        half = width // 2
        panel = tuple(
            (
                (s % 2) * half,
                STRIP_H + (s // 2) * ROW_H,
                half if s % 2 == 0 else width,
                STRIP_H + (s // 2 + 1) * ROW_H,
            )
            for s in range(seats)
        )
    # The grid (labels and cells) is centred on its felt.
    gx = field[0] + (field[2] - field[0] - grid_w) // 2 + left
    gy = field[1] + (field[3] - field[1] - grid_h) // 2 + top
    return Layout(
        mode=mode,
        width=width,
        height=height,
        cols=cols,
        rows=rows,
        cell_w=cell_w,
        cell_h=cell_h,
        inset=_inset(cell_w, cell_h),
        label_size=_label_size(cell_w, cell_h),
        field=field,
        grid=(gx, gy),
        status=status,
        panel_rows=panel,
    )


def layout(view: Mapping[str, Any], names: Sequence[str] = ()) -> Layout:
    """The layout :func:`render_table` uses for ``view``."""
    ctx = _context(view, names)
    return make_layout(ctx.box.cols, ctx.box.rows, ctx.seats)


def image_size(view: Mapping[str, Any], names: Sequence[str] = ()) -> tuple[int, int]:
    """(width, height) of the table image of ``view``."""
    lay = layout(view, names)
    return lay.width, lay.height


def view_box(view: Mapping[str, Any]) -> Box:
    """The box the table image of ``view`` shows (the view's own, when sane)."""
    cells = _cells(view)
    return _box(view, cells)


def _pitch(lay: Layout, box: Box, x: int, y: int) -> c.Box:
    px = lay.grid[0] + (x - box.left) * lay.cell_w
    py = lay.grid[1] + (y - box.top) * lay.cell_h
    return (px, py, px + lay.cell_w, py + lay.cell_h)


def _card_box(lay: Layout, box: Box, x: int, y: int) -> c.Box:
    px, py, qx, qy = _pitch(lay, box, x, y)
    i = lay.inset
    return (px + i, py + i, qx - i, qy - i)


def cell_box(view: Mapping[str, Any], x: int, y: int) -> c.Box:
    """Pixel box of the card at field coordinates (x, y) on the table image of ``view``."""
    return _card_box(layout(view), view_box(view), x, y)


def cell_centre(view: Mapping[str, Any], x: int, y: int) -> tuple[float, float]:
    """Pixel centre of the cell at field coordinates (x, y)."""
    x0, y0, x1, y1 = _pitch(layout(view), view_box(view), x, y)
    return (x0 + x1) / 2, (y0 + y1) / 2


def column_label_box(view: Mapping[str, Any], x: int) -> c.Box:
    """Pixel box of the letters above column ``x`` (field coordinate)."""
    lay, box = layout(view), view_box(view)
    x0, y0, x1, _y1 = _pitch(lay, box, x, box.top)
    top, _left = _strips(lay.cell_w, lay.cell_h, lay.rows)
    return (x0, y0 - top, x1, y0)


def row_label_box(view: Mapping[str, Any], y: int) -> c.Box:
    """Pixel box of the number left of row ``y`` (field coordinate)."""
    lay, box = layout(view), view_box(view)
    x0, y0, _x1, y1 = _pitch(lay, box, box.left, y)
    _top, left = _strips(lay.cell_w, lay.cell_h, lay.rows)
    return (x0 - left, y0, x0, y1)


def frontier(view: Mapping[str, Any]) -> list[tuple[int, int]]:
    """The free cells drawn as slots on the table image of ``view``."""
    cells = _cells(view)
    box = _box(view, cells)
    return frontier_of([p for p in cells if p in box], box)


def panel_row_box(view: Mapping[str, Any], seat: int, names: Sequence[str] = ()) -> c.Box:
    """Pixel box of ``seat``'s row in the players' panel."""
    return layout(view, names).panel_rows[seat]


def status_box(view: Mapping[str, Any], names: Sequence[str] = ()) -> c.Box:
    """Pixel box of the status block (tour, set-aside cards, exchange, last move)."""
    return layout(view, names).status


# ------------------------------------------------------------------- sprites


def _supersampled(size: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    im = Image.new("RGBA", (size[0] * c.SUPERSAMPLE, size[1] * c.SUPERSAMPLE), (0, 0, 0, 0))
    return im, ImageDraw.Draw(im)


def _down(im: Image.Image, size: tuple[int, int]) -> Image.Image:
    return im.resize(size, Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def role_icon(role: str, size: int) -> Image.Image:
    """A sword (attack) or a shield (defend), RGBA, cached; an empty sprite otherwise.

    The two differ in silhouette first (a thin diagonal against a broad
    badge), in colour second (steel against blue).
    """
    im, d = _supersampled((size, size))
    s = size * c.SUPERSAMPLE
    line = max(2, round(s / 22))
    if role == "attack":
        ux, uy = 1 / math.sqrt(2), -1 / math.sqrt(2)  # along the blade, towards its tip
        vx, vy = -uy, ux

        def at(t: float, w: float) -> tuple[float, float]:
            return (s * (0.5 + t * ux + w * vx), s * (0.5 + t * uy + w * vy))

        blade = [at(-0.14, -0.11), at(0.48, -0.11), at(0.65, 0), at(0.48, 0.11),
                 at(-0.14, 0.11)]  # fmt: skip
        guard = [at(-0.22, -0.27), at(-0.12, -0.27), at(-0.12, 0.27), at(-0.22, 0.27)]
        grip = [at(-0.47, -0.05), at(-0.21, -0.05), at(-0.21, 0.05), at(-0.47, 0.05)]
        thin = max(2, round(line * 0.7))
        d.polygon(grip, fill=c.INK)
        d.polygon(blade, fill=STEEL, outline=c.INK, width=thin)
        d.polygon(guard, fill=c.GOLD, outline=c.INK, width=thin)
        px, py = at(-0.52, 0)
        r = s * 0.08
        d.ellipse((px - r, py - r, px + r, py + r), fill=c.GOLD, outline=c.INK, width=thin)
    elif role == "defend":
        top, bottom, left, right = s * 0.08, s * 0.95, s * 0.13, s * 0.87
        mid = (left + right) / 2
        shoulder = s * 0.5
        outline = [(left, top), (right, top), (right, shoulder)]
        for i in range(1, 9):  # the lower edges curve in to the point
            t = i / 9
            outline.append((right - (right - mid) * t**1.6, shoulder + (bottom - shoulder) * t))
        outline.append((mid, bottom))
        for i in range(8, 0, -1):
            t = i / 9
            outline.append((left + (mid - left) * t**1.6, shoulder + (bottom - shoulder) * t))
        outline.append((left, shoulder))
        d.polygon(outline, fill=SHIELD, outline=c.INK, width=line)
        band = max(2, round(s * 0.08))  # a gold cross: no blend of it with the blue looks steel
        d.rectangle((mid - band / 2, top + line, mid + band / 2, bottom - s * 0.1), fill=c.GOLD)
        d.rectangle((left + line, s * 0.33 - band / 2, right - line, s * 0.33 + band / 2),
                    fill=c.GOLD)  # fmt: skip
    return _down(im, (size, size))


@lru_cache(maxsize=8)
def _tour_icon(size: int) -> Image.Image:
    """Five little cards in a cross: a field, i.e. a tour."""
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    gap = max(2, size // 14)
    cell = (size - 2 * gap) / 3
    for col, row in ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)):
        x, y = col * (cell + gap), row * (cell + gap)
        d.rounded_rectangle((x, y, x + cell - 1, y + cell - 1), radius=2, fill=FELT)
    return im


@lru_cache(maxsize=8)
def _aside_icon(height: int) -> Image.Image:
    """Two face-down cards lying crosswise: the cards set aside."""
    w, h = round(height * 0.62), round(height * 0.84)
    back = c.playing_card_back(w, h)
    im = Image.new("RGBA", (round(height * 1.1), height), (0, 0, 0, 0))
    for angle, dx in ((18, -height * 0.12), (-10, height * 0.1)):
        turned = back.rotate(angle, expand=True, resample=Image.Resampling.BICUBIC)
        x = round((im.width - turned.width) / 2 + dx)
        im.alpha_composite(turned, (max(0, x), max(0, (height - turned.height) // 2)))
    return im


@lru_cache(maxsize=8)
def _window_icon(height: int) -> Image.Image:
    """Four little cards in a row struck through: a scored window (tour points)."""
    cell = round(height * 0.54)
    gap = max(2, height // 8)
    width = 4 * cell + 3 * gap
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    y0 = (height - cell) // 2
    for i in range(4):
        x = i * (cell + gap)
        d.rounded_rectangle((x, y0, x + cell - 1, y0 + cell - 1), radius=2, fill=c.PAPER,
                            outline=c.MUTED, width=1)  # fmt: skip
    d.line((cell // 3, height // 2, width - cell // 3, height // 2), fill=OLD_LINE,
           width=max(3, height // 5))  # fmt: skip
    return im


@lru_cache(maxsize=8)
def _pending_icon(height: int) -> Image.Image:
    """A card down and an empty place next to it: one card of two placed."""
    w = round(height * 0.66)
    gap = max(3, height // 8)
    im = Image.new("RGBA", (2 * w + gap, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    line = max(2, height // 12)
    d.rounded_rectangle((0, 0, w - 1, height - 1), radius=max(2, w // 6), fill=c.PAPER,
                        outline=c.INK, width=max(1, line // 2))  # fmt: skip
    d.rounded_rectangle((w + gap, 0, 2 * w + gap - 1, height - 1), radius=max(2, w // 6),
                        outline=c.TURN_MARK, width=line)  # fmt: skip
    fnt = c.font(round(height * 0.5), bold=True)
    d.text((w / 2, height / 2), "1", font=fnt, fill=c.INK, anchor="mm")
    d.text((w + gap + w / 2, height / 2), "2", font=fnt, fill=c.TURN_MARK, anchor="mm")
    return im


@lru_cache(maxsize=8)
def _tick_badge(diameter: int) -> Image.Image:
    """A green disc with a white tick: a hand card marked for the exchange."""
    im, d = _supersampled((diameter, diameter))
    big = diameter * c.SUPERSAMPLE
    d.ellipse((0, 0, big - 1, big - 1), fill=c.GREEN, outline=c.PAPER, width=c.SUPERSAMPLE * 3)
    c.draw_check(d, (round(big * 0.22), round(big * 0.26), round(big * 0.78), round(big * 0.74)),
                 c.PAPER, width=round(big * 0.13))  # fmt: skip
    return _down(im, (diameter, diameter))


@lru_cache(maxsize=32)
def _order_tag(number: int, size: int, colour: c.RGB) -> Image.Image:
    """A square tag with ``number``: the order of a two-card move's cards."""
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, size - 1, size - 1), radius=max(2, size // 5), fill=colour,
                        outline=c.PAPER, width=max(1, size // 12))  # fmt: skip
    fnt = c.font(max(8, round(size * 0.72)), bold=True)
    d.text((size / 2, size / 2 + 1), str(number), font=fnt, fill=c.PAPER, anchor="mm")
    return im


def _radius(width: int, height: int) -> int:
    return max(2, min(width, height) // 9)


@lru_cache(maxsize=64)
def _paper(width: int, height: int, figure: bool) -> Image.Image:
    """A blank card on the felt (opaque RGB): white, or warm paper for a figure."""
    im = Image.new("RGB", (width, height), FELT)
    ImageDraw.Draw(im).rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=_radius(width, height),
        fill=c.CARD_TINT if figure else c.PAPER, outline=c.INK, width=_border(width, height),
    )  # fmt: skip
    return im


def _border(width: int, height: int) -> int:
    return max(1, min(width, height) // 50)


def _is_figure(code: str) -> bool:
    parsed = c.parse_playing_card(code)
    return parsed is not None and parsed[0] in FIGURES


@dataclass(frozen=True)
class PrintSpec:
    """How a card of a size is printed: font sizes and the seat stripe's thickness.

    Upright cards stack the rank over the suit and have the stripe along the
    bottom; wide cards (``landscape``) put them side by side and the stripe
    down the left edge, so a short card still prints a tall rank.
    """

    landscape: bool
    stripe: int  # 0: no stripe
    rank: int  # font size of the rank (bold)
    suit: int  # font size of the suit symbol


@lru_cache(maxsize=1)
def _glyph_metrics() -> tuple[float, float, float, float]:
    """Per font px: rank cap height, width of "10" (the widest rank), and the
    tallest and widest suit symbol."""
    ref = 200
    bold, plain = c.font(ref, bold=True), c.font(ref)
    cap = -bold.getbbox("0", anchor="ls")[1] / ref
    ten = bold.getlength("10") / ref
    boxes = [plain.getbbox(sym, anchor="ls") for sym, _ink in c.SUITS.values()]
    suit_h = max(b[3] - b[1] for b in boxes) / ref
    suit_w = max(b[2] - b[0] for b in boxes) / ref
    return cap, ten, suit_h, suit_w


SUIT_SCALE = 0.82  # suit symbol size / rank size
RANK_GAP = 0.24  # free space under the rank's baseline (J and Q dip below it), in rank sizes
SIDE_GAP = 0.16  # between rank and suit side by side


@lru_cache(maxsize=256)
def print_spec(width: int, height: int, striped: bool) -> PrintSpec:
    """The print of a ``width`` × ``height`` card (``striped``: with a seat stripe)."""
    cap, ten, suit_h, suit_w = _glyph_metrics()
    border = _border(width, height)
    landscape = width > height * 1.1
    if landscape:
        stripe = max(7, round(width * 0.17)) if striped else 0
        room_w = (width - stripe - 2 * border) * 0.9
        room_h = (height - 2 * border) * 0.8
        rank = min(room_h / max(cap, suit_h * SUIT_SCALE),
                   room_w / (ten + SIDE_GAP + suit_w * SUIT_SCALE))  # fmt: skip
    else:
        stripe = max(7, round(height * 0.18)) if striped else 0
        room_w = (width - 2 * border) * 0.86
        room_h = (height - stripe - 2 * border) * 0.86
        rank = min(room_h / (cap + RANK_GAP + suit_h * SUIT_SCALE), room_w / ten)
    size = max(6, math.floor(rank))
    return PrintSpec(landscape, stripe, size, max(6, round(size * SUIT_SCALE)))


def _stripe(
    im: Image.Image, seat: int, spec: PrintSpec, width: int, height: int, border: int
) -> None:
    """The placing seat's stripe (its colour and number), clipped to the card's corners."""
    band = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    bd = ImageDraw.Draw(band)
    fill = seat_colour(seat)
    if spec.landscape:
        area: c.Box = (0, 0, spec.stripe, height)
        edge = ((spec.stripe, border), (spec.stripe, height - 1 - border))
    else:
        area = (0, height - spec.stripe, width, height)
        edge = ((border, height - spec.stripe), (width - 1 - border, height - spec.stripe))
    bd.rectangle(area, fill=fill)
    card = Image.new("L", (width, height), 0)
    ImageDraw.Draw(card).rounded_rectangle(
        (border, border, width - 1 - border, height - 1 - border),
        radius=max(1, _radius(width, height) - border), fill=255,
    )  # fmt: skip
    band.putalpha(ImageChops.multiply(band.getchannel("A"), card))
    im.alpha_composite(band)
    d = ImageDraw.Draw(im)
    d.line(edge, fill=c.INK, width=border)
    text = c.PAPER if c.contrast(fill, c.PAPER) >= c.contrast(fill, c.INK) else c.INK
    label = str(seat + 1)
    if spec.landscape:
        size = max(6, round(min(spec.stripe * 0.9, height * 0.5)))
        centre = (spec.stripe / 2 + border / 2, height / 2)
    else:
        size = max(6, round(spec.stripe * 0.8))
        centre = (width / 2, height - spec.stripe / 2)
    fnt = c.fit_font(label, area[2] - area[0] - 2, size, bold=True, min_size=6)
    d.text(centre, label, font=fnt, fill=text, anchor="mm")


@lru_cache(maxsize=512)
def card_print(code: str, seat: int | None, width: int, height: int) -> Image.Image:
    """What is printed on a card (RGBA, transparent paper), cached.

    The rank big and the suit symbol under it (beside it on a wide card),
    centred, in the suit's ink; with a ``seat``, a stripe in that seat's
    colour with its number. An unknown code prints "?". Drawn over the
    paper and over any scored line, so lines never hide it.
    """
    parsed = c.parse_playing_card(code)
    rank, suit = parsed if parsed else ("?", "")
    symbol, ink = c.SUITS.get(suit, ("", c.MUTED))
    spec = print_spec(width, height, seat is not None)
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    border = _border(width, height)
    if seat is not None:
        _stripe(im, seat, spec, width, height, border)
    d = ImageDraw.Draw(im)
    cap, _ten, _suit_h, _suit_w = _glyph_metrics()
    rank_font = c.fit_font(rank, width * 0.9, spec.rank, bold=True, min_size=6)
    suit_font = c.font(spec.suit)
    cap_h = cap * spec.rank
    if spec.landscape:
        left = spec.stripe + border
        rank_w = rank_font.getlength(rank)
        gap = SIDE_GAP * spec.rank
        sym = suit_font.getbbox(symbol, anchor="ls") if symbol else (0, 0, 0, 0)
        total = rank_w + (gap + sym[2] - sym[0] if symbol else 0)
        x = left + (width - border - left - total) / 2
        base = height / 2 + cap_h / 2
        d.text((x, base), rank, font=rank_font, fill=ink, anchor="ls")
        if symbol:
            sym_mid = (sym[1] + sym[3]) / 2  # the symbol's ink centred on the rank's
            d.text((x + rank_w + gap - sym[0], height / 2 - sym_mid), symbol, font=suit_font,
                   fill=ink, anchor="ls")  # fmt: skip
        return im
    bottom = height - spec.stripe - border
    sym = suit_font.getbbox(symbol, anchor="ls") if symbol else (0, 0, 0, 0)
    gap = RANK_GAP * spec.rank
    total = cap_h + (gap + sym[3] - sym[1] if symbol else 0)
    top = border + (bottom - border - total) / 2
    base = top + cap_h
    d.text((width / 2, base), rank, font=rank_font, fill=ink, anchor="ms")
    if symbol:
        sym_x = width / 2 - (sym[0] + sym[2]) / 2
        d.text((sym_x, base + gap - sym[1]), symbol, font=suit_font, fill=ink, anchor="ls")
    return im


@lru_cache(maxsize=64)
def _slot(width: int, height: int, label: str, colour: c.RGB) -> Image.Image:
    """A free cell a card may go to: a faint outline with the cell's label inside."""
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    line = max(1, width // 36) if colour == SLOT else max(2, width // 20)
    radius = _radius(width, height)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, outline=colour, width=line)
    size = round(min(width, height / CELL_RATIO) * 0.27)
    fnt = c.font(size, bold=True)
    if size >= 10 and fnt.getlength(label) <= width - 2 * line - 4:
        d.text((width / 2, height / 2), label, font=fnt, fill=colour, anchor="mm")
    return im


# --------------------------------------------------------------------- field


@lru_cache(maxsize=32)
def _felt(lay: Layout) -> Image.Image:
    """The field's felt with grid lines, column letters and row numbers (RGB), cached."""
    x0, y0, x1, y1 = lay.field
    im = Image.new("RGB", (x1 - x0, y1 - y0), FELT)
    d = ImageDraw.Draw(im)
    gx, gy = lay.grid[0] - x0, lay.grid[1] - y0
    w, h = lay.cell_w, lay.cell_h
    right, bottom = gx + lay.cols * w, gy + lay.rows * h
    for i in range(lay.cols + 1):
        d.line((gx + i * w, gy, gx + i * w, bottom), fill=FELT_GRID, width=1)
    for j in range(lay.rows + 1):
        d.line((gx, gy + j * h, right, gy + j * h), fill=FELT_GRID, width=1)
    fnt = c.font(lay.label_size, bold=True)
    top, left = _strips(w, h, lay.rows)
    for i in range(lay.cols):
        label = column_letters(i)
        size = c.fit_font(label, w - 2, lay.label_size, bold=True, min_size=6)
        c.draw_centred(d, (gx + i * w + w / 2, gy - top / 2), label, size, FELT_LABEL)
    for j in range(lay.rows):
        c.draw_centred(d, (gx - left / 2, gy + j * h + h / 2), str(j + 1), fnt, FELT_LABEL)
    return im


def _dashes(
    start: tuple[float, float], end: tuple[float, float], dash: float, gap: float
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Segments of a dashed line from ``start`` to ``end``."""
    (ax, ay), (bx, by) = start, end
    length = math.hypot(bx - ax, by - ay)
    if length == 0:
        return []
    ux, uy = (bx - ax) / length, (by - ay) / length
    out = []
    t = 0.0
    while t < length:
        u = min(t + dash, length)
        out.append(((ax + ux * t, ay + uy * t), (ax + ux * u, ay + uy * u)))
        t = u + gap
    return out


def _draw_window(draw: ImageDraw.ImageDraw, lay: Layout, box: Box, window: _Scored) -> None:
    """A scored window: a line through the centres of its cells, past both ends."""
    centres = [
        ((p[0] + p[2]) / 2, (p[1] + p[3]) / 2)
        for p in (_pitch(lay, box, x, y) for x, y in window.cells)
    ]
    a, b = max(
        ((p, q) for p in centres for q in centres),
        key=lambda pq: (pq[0][0] - pq[1][0]) ** 2 + (pq[0][1] - pq[1][1]) ** 2,
    )
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    reach = lay.cell_w * 0.34
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    start = (a[0] - ux * reach, a[1] - uy * reach)
    end = (b[0] + ux * reach, b[1] + uy * reach)
    colour = c.HIGHLIGHT if window.new else OLD_LINE
    width = max(5, round(lay.cell_w * 0.17)) if window.new else max(3, round(lay.cell_w * 0.08))
    if window.own_goal:
        segments = _dashes(start, end, lay.cell_w * 0.36, lay.cell_w * 0.24)
    else:
        segments = [(start, end)]
    r = width / 2
    for p, q in segments:
        draw.line((p, q), fill=colour, width=width)
        for x, y in (p, q):  # round caps
            draw.ellipse((x - r + 0.5, y - r + 0.5, x + r - 0.5, y + r - 0.5), fill=colour)


def _frame(
    draw: ImageDraw.ImageDraw, lay: Layout, box: Box, xy: tuple[int, int], colour: c.RGB
) -> None:
    """A thick frame round a card, in its cell's margin and over the card's edge."""
    px, py, qx, qy = _pitch(lay, box, *xy)
    width = lay.inset + 1  # over the card's outline only, never over its stripe
    radius = _radius(lay.cell_w, lay.cell_h) + lay.inset
    draw.rounded_rectangle((px + 1, py + 1, qx - 2, qy - 2), radius=radius, outline=colour,
                           width=width)  # fmt: skip


def tag_box(lay: Layout, box: Box, xy: tuple[int, int]) -> c.Box:
    """Where the order tag (1 or 2) of a two-card move's card goes: on its cell's
    top-right corner, over the empty corners of the cards around it, never over
    a rank or suit."""
    size = max(14, round(min(lay.cell_w, lay.cell_h) * 0.3))
    _px, py, qx, _qy = _pitch(lay, box, *xy)
    x, y = qx - size // 2, py - size // 2
    return (x, y, x + size, y + size)


def _draw_field(canvas: Image.Image, lay: Layout, ctx: _Context) -> None:
    box = ctx.box
    canvas.paste(_felt(lay), lay.field[:2])
    w = lay.cell_w - 2 * lay.inset
    h = lay.cell_h - 2 * lay.inset
    second: set[tuple[int, int]] = set()
    if ctx.pending is not None:
        second = set(frontier_of([ctx.pending], box)) - set(ctx.cells)
    for x, y in frontier_of(list(ctx.cells), box):
        colour = c.TURN_MARK if (x, y) in second else SLOT
        c.paste(canvas, _slot(w, h, cell_label(x, y, box), colour), _card_box(lay, box, x, y)[:2])
    for (x, y), (code, _seat) in ctx.cells.items():
        canvas.paste(_paper(w, h, _is_figure(code)), _card_box(lay, box, x, y)[:2])
    draw = ImageDraw.Draw(canvas)
    # Older windows first, so a new line lies on top where lines cross.
    for window in sorted(ctx.scored, key=lambda s: s.new):
        _draw_window(draw, lay, box, window)
    for (x, y), (code, seat) in ctx.cells.items():
        c.paste(canvas, card_print(code, seat, w, h), _card_box(lay, box, x, y)[:2])
    tags: list[tuple[tuple[int, int], int, c.RGB]] = []
    for i, xy in enumerate(ctx.last_cells):
        if xy == ctx.pending:
            continue
        _frame(draw, lay, box, xy, c.HIGHLIGHT)
        if len(ctx.last_cells) == 2:
            tags.append((xy, i + 1, c.HIGHLIGHT))
    if ctx.pending is not None:
        _frame(draw, lay, box, ctx.pending, c.TURN_MARK)
        tags.append((ctx.pending, 1, c.TURN_MARK))
    for xy, number, colour in tags:
        x0, y0, x1, _y1 = tag_box(lay, box, xy)
        c.paste(canvas, _order_tag(number, x1 - x0, colour), (x0, y0))


# ------------------------------------------------------------------ panel


ROW_LINE1, ROW_LINE2 = 32, 82  # centre lines of a panel row's two lines
ROLE_X, ROLE_SIZE = 102, 42  # the role icon, right of the seat chip


def role_box(view: Mapping[str, Any], seat: int, names: Sequence[str] = ()) -> c.Box:
    """Pixel box of the role icon (sword or shield) in ``seat``'s panel row."""
    x0, y0, _x1, _y1 = panel_row_box(view, seat, names)
    top = y0 + ROW_LINE1 - ROLE_SIZE // 2
    return (x0 + ROLE_X, top, x0 + ROLE_X + ROLE_SIZE, top + ROLE_SIZE)


@dataclass(frozen=True)
class _Row:
    """Everything one player's panel row shows; hashable, so rows cache."""

    seat: int
    name: str
    width: int
    bg: c.RGB
    turn: bool
    winner: bool
    dealer: bool
    role: str | None
    hand: int
    points: int | None  # this tour's points; None during the exchange
    score: int
    exchange: str  # "" outside the exchange, else the number announced or "?"
    done: bool
    pending: bool


@lru_cache(maxsize=128)
def _row_sprite(r: _Row) -> Image.Image:
    h = ROW_H
    im = Image.new("RGB", (r.width, h), r.bg)
    draw = ImageDraw.Draw(im)
    draw.line((0, h - 1, r.width, h - 1), fill=c.FAINT, width=2)
    c.draw_row_marker(draw, h, turn=r.turn, winner=r.winner, size=20)
    line1, line2 = ROW_LINE1, ROW_LINE2
    chip = c.chip(str(r.seat + 1), 44, seat_colour(r.seat))
    c.paste(im, chip, (50, line1 - chip.height // 2))
    x = ROLE_X + ROLE_SIZE + 8
    if r.role is not None:
        icon = role_icon(r.role, ROLE_SIZE)
        c.paste(im, icon, (ROLE_X, line1 - icon.height // 2))
    right = r.width - 12
    if r.dealer:
        button = c.dealer_button(30)
        c.paste(im, button, (right - button.width, line1 - button.height // 2))
        right -= button.width + 8
    if r.pending:
        icon = _pending_icon(38)
        c.paste(im, icon, (right - icon.width, line1 - icon.height // 2))
        right -= icon.width + 8
    c.draw_name(draw, (x, line1), r.name, right - x, 32, min_size=22)

    big = c.font(34, bold=True)
    x = 52
    fan = c.fan_of_backs(3, 20, 30, 7)
    c.paste(im, fan, (x, line2 - fan.height // 2))
    x += fan.width + 6
    c.draw_text(draw, (x, line2), str(r.hand), big, c.INK)
    x += round(big.getlength(str(r.hand))) + 20
    if r.points is not None:
        icon = _window_icon(24)
        c.paste(im, icon, (x, line2 - icon.height // 2))
        x += icon.width + 6
        c.draw_text(draw, (x, line2), str(r.points), big, c.INK)
        x += round(big.getlength(str(r.points))) + 20
    c.draw_text(draw, (x, line2 + 2), "Σ", c.font(30), c.MUTED)
    x += 24
    c.draw_text(draw, (x, line2), str(r.score), big, c.INK)

    right = r.width - 12
    if r.exchange:
        if r.done:
            tick = c.tick(34)
            c.paste(im, tick, (right - tick.width, line2 - tick.height // 2))
        right -= 40
        ink = c.MUTED if r.exchange == "?" else c.INK
        c.draw_text(draw, (right, line2), r.exchange, big, ink, anchor="rm")
        right -= round(big.getlength(r.exchange)) + 6
        c.draw_text(draw, (right, line2 + 1), "⇄", c.font(30, bold=True), c.MUTED, anchor="rm")
    return im


def _draw_panel(canvas: Image.Image, lay: Layout, ctx: _Context, names: Sequence[str]) -> None:
    exchange = ctx.phase in ("announce", "discard")
    for seat in range(ctx.seats):
        turn, winner = ctx.turn == seat, seat in ctx.winners
        x0, y0, x1, _y1 = lay.panel_rows[seat]
        announced = ctx.announced[seat]
        row = _Row(
            seat=seat,
            name=_name(names, seat),
            width=x1 - x0,
            bg=c.TURN_BAND if turn else WINNER_BAND if winner else ROW_BG[seat % 2],
            turn=turn,
            winner=winner,
            dealer=ctx.dealer == seat,
            role=ctx.roles[seat],
            hand=ctx.hand_sizes[seat],
            points=None if exchange else ctx.tour_points[seat],
            score=ctx.scores[seat],
            exchange=("?" if announced is None else str(announced)) if exchange else "",
            done=exchange and ctx.done[seat],
            pending=ctx.pending is not None and turn,
        )
        canvas.paste(_row_sprite(row), (x0, y0))


def _status_left(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, x: int, cy: int, ctx: _Context
) -> None:
    """Tour, cards set aside and, during the exchange, the exchange option."""
    big = c.font(38, bold=True)
    icon = _tour_icon(40)
    c.paste(canvas, icon, (x, cy - icon.height // 2))
    x += icon.width + 10
    label = f"{min(ctx.tour, ctx.tours)}/{ctx.tours}"
    c.draw_text(draw, (x, cy), label, big, c.INK)
    # Gaps narrow enough that the exchange limit fits the panel's width too.
    x += round(big.getlength(label)) + 18
    pile = _aside_icon(48)
    c.paste(canvas, pile, (x, cy - pile.height // 2))
    x += pile.width + 8
    c.draw_text(draw, (x, cy), str(ctx.aside), big, c.INK)
    x += round(big.getlength(str(ctx.aside))) + 18
    if ctx.phase in ("announce", "discard"):
        c.draw_text(draw, (x, cy + 1), "⇄", c.font(38, bold=True), c.TURN_MARK)
        x += 40
        c.draw_text(draw, (x, cy), f"≤{ctx.exchange_max}", big, c.INK)


def _status_right(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    span: tuple[int, int],
    cy: int,
    ctx: _Context,
    names: Sequence[str],
) -> None:
    """The last move (mover's chip and cells, or "—" for a pass), or the winners."""
    left, right = span
    if ctx.over:
        if ctx.winners:
            c.draw_star(draw, (left + 24, cy), 22)
            label = ", ".join(c.clean_text(_name(names, w), bold=True) for w in sorted(ctx.winners))
            c.draw_name(draw, (left + 56, cy), label, right - left - 56, 32, min_size=22)
        return
    if ctx.last_seat is None or not (ctx.last_cells or ctx.last_kind == "pass"):
        return
    box = ctx.box
    text = (PASS_MARK if ctx.last_kind == "pass"
            else " ".join(cell_label(x, y, box) for x, y in ctx.last_cells))  # fmt: skip
    chip = c.chip(str(ctx.last_seat + 1), 42, seat_colour(ctx.last_seat))
    fnt = c.fit_font(text, right - left - chip.width - 14, 40, bold=True, min_size=20)
    width = chip.width + 12 + round(fnt.getlength(text))
    x = max(left, right - width)
    c.paste(canvas, chip, (x, cy - chip.height // 2))
    x += chip.width + 12
    # A pending first card is framed in the turn colour on the field: so is its label.
    ink = c.INK if ctx.last_kind == "pass" else c.TURN_MARK if ctx.pending else c.HIGHLIGHT
    c.draw_text(draw, (x, cy), text, fnt, ink)


def _draw_status(canvas: Image.Image, lay: Layout, ctx: _Context, names: Sequence[str]) -> None:
    x0, y0, x1, y1 = lay.status
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=c.BACKGROUND)
    draw.line((x0, y1 - 1, x1, y1 - 1), fill=c.FAINT, width=2)
    if lay.mode == "side":
        _status_left(canvas, draw, x0 + 18, y0 + STATUS_LINE_H // 2, ctx)
        _status_right(canvas, draw, (x0 + 18, x1 - 18), y0 + STATUS_LINE_H * 3 // 2, ctx, names)
    else:
        cy = (y0 + y1) // 2
        _status_left(canvas, draw, x0 + 20, cy, ctx)
        _status_right(canvas, draw, (x0 + 520, x1 - 20), cy, ctx, names)


# --------------------------------------------------------------------- table


def render_table(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The public Krendzu table (field, scored windows, players, tour) as PNG bytes.

    ``view`` is a Krendzu view (``docs/views.md``). Only public fields are
    read: a stray ``"hand"``, ``"marked"`` or ``"you"`` never reaches the
    image. ``names`` are display names in seat order. Odd or broken views
    draw what they can instead of raising.
    """
    ctx = _context(view, names)
    lay = make_layout(ctx.box.cols, ctx.box.rows, ctx.seats)
    canvas = Image.new("RGB", (lay.width, lay.height), c.PANEL)
    _draw_field(canvas, lay, ctx)
    _draw_status(canvas, lay, ctx, names)
    _draw_panel(canvas, lay, ctx, names)
    return c.encode_png(c.to_palette(canvas, keep=KEEP))


# ----------------------------------------------------------------------- hand

HAND_W = 800
HAND_HEADER_H = 84
HAND_MARGIN = 20
HAND_GAP = 12
HAND_CARD_MAX = 132
HAND_RATIO = 1.36
MAX_HAND = 36


def _hand_rows(count: int) -> list[int]:
    """Cards per row: one row up to 6, two up to 12, three above (18 is 6 + 6 + 6)."""
    rows = 1 if count <= 6 else 2 if count <= 12 else 3
    per = -(-count // rows) if count else 0
    out = [per] * (count // per) if per else [0]
    if per and count % per:
        out.append(count % per)
    return out


def hand_card_size(count: int) -> tuple[int, int]:
    """(width, height) of each card in a hand of ``count``."""
    per = max(max(_hand_rows(count)), 1)
    width = min(HAND_CARD_MAX, (HAND_W - 2 * HAND_MARGIN - (per - 1) * HAND_GAP) // per)
    return width, round(width * HAND_RATIO)


def _lift(count: int, marking: bool) -> int:
    """How far a marked card rises; 0 (and no room kept) when nothing can be marked."""
    return round(hand_card_size(count)[1] * 0.2) if marking else 0


def hand_size(count: int, *, marking: bool = False) -> tuple[int, int]:
    """(width, height) of the hand image for ``count`` cards (``marking``: during this
    seat's discard, with room for marked cards to rise)."""
    rows = len(_hand_rows(count))
    _w, h = hand_card_size(count)
    step = _lift(count, marking) + h
    return HAND_W, HAND_HEADER_H + HAND_MARGIN + rows * step + (rows - 1) * HAND_GAP + HAND_MARGIN


def hand_card_box(i: int, count: int, *, marking: bool = False, raised: bool = False) -> c.Box:
    """Pixel box of the ``i``-th card of a hand of ``count`` (``raised``: marked, lifted)."""
    rows = _hand_rows(count)
    w, h = hand_card_size(count)
    lift = _lift(count, marking or raised)
    row, col = 0, i
    while row < len(rows) - 1 and col >= rows[row]:
        col -= rows[row]
        row += 1
    n = rows[row]
    total = n * w + (n - 1) * HAND_GAP
    x = (HAND_W - total) // 2 + col * (w + HAND_GAP)
    y = HAND_HEADER_H + HAND_MARGIN + row * (lift + h + HAND_GAP) + lift
    if raised:
        y -= lift
    return (x, y, x + w, y + h)


def tick_box(i: int, count: int) -> c.Box:
    """Where the tick of a marked ``i``-th card goes: in the place it rose from."""
    x0, _y0, x1, y1 = hand_card_box(i, count, raised=True)
    size = _lift(count, True) - 4
    cx = (x0 + x1) // 2
    return (cx - size // 2, y1 + 2, cx - size // 2 + size, y1 + 2 + size)


def _you(view: Mapping[str, Any]) -> int | None:
    you = _int(view.get("you"), -1)
    return you if 0 <= you < MAX_SEATS else None


@dataclass(frozen=True)
class _Hand:
    you: int | None
    name: str
    cards: tuple[str, ...]
    marked: frozenset[str]
    role: str | None
    tour: int
    tours: int
    discard: tuple[int, int] | None  # (marked, announced) while this seat must discard

    @property
    def marking(self) -> bool:
        """Cards may be (or are) marked: marked cards rise, so the image keeps room."""
        return self.discard is not None or bool(self.marked)


def _hand(view: Mapping[str, Any], names: Sequence[str]) -> _Hand:
    you = _you(view)
    cards = tuple(h if isinstance(h, str) else "" for h in _list(view.get("hand"))[:MAX_HAND])
    marked = frozenset(m for m in _list(view.get("marked")) if isinstance(m, str) and m in cards)
    roles = _list(view.get("roles"))
    role = roles[you] if you is not None and you < len(roles) and roles[you] in ROLES else None
    discard = None
    exchange = view.get("exchange")
    if you is not None and view.get("phase") == "discard" and isinstance(exchange, Mapping):
        announced = _list(exchange.get("announced"))
        done = _list(exchange.get("done"))
        n = _int(announced[you]) if you < len(announced) else 0
        finished = bool(done[you]) if you < len(done) else False
        if n > 0 and not finished:
            discard = (len(marked), n)
    tours = max(1, _int(view.get("tours"), 1))
    return _Hand(
        you=you,
        name=_name(names, you) if you is not None else "",
        cards=cards,
        marked=marked,
        role=role,
        tour=min(max(1, _int(view.get("tour"), 1)), tours),
        tours=tours,
        discard=discard,
    )


def hand_key(view: Mapping[str, Any], *, names: Sequence[str]) -> str:
    """Everything :func:`render_hand` draws, as text: equal keys mean identical images.

    The hand, its marks, the seat's role, the tour and (during this seat's
    discard) the count to mark; nothing that changes with other seats' moves.
    """
    h = _hand(view, names)
    return repr((h.you, h.name, h.cards, sorted(h.marked), h.role, h.tour, h.tours, h.discard))


def render_hand(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """One seat's private Krendzu hand (``view["hand"]``) as PNG bytes.

    The cards large, in the view's order, wrapped to up to three rows; the
    cards marked for the exchange lifted, framed and ticked. The header has
    the seat's chip, role, name and the tour, and during this seat's discard
    "⇄ marked/announced".
    """
    h = _hand(view, names)
    count = len(h.cards)
    width, height = hand_size(count, marking=h.marking)
    canvas = Image.new("RGB", (width, height), c.PAPER)
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, width, HAND_HEADER_H - 1), fill=c.BACKGROUND)
    draw.line((0, HAND_HEADER_H - 1, width, HAND_HEADER_H - 1), fill=c.FAINT, width=2)
    cy = HAND_HEADER_H // 2
    big = c.font(38, bold=True)

    right = width - 20
    label = f"{h.tour}/{h.tours}"
    right -= round(big.getlength(label))
    c.draw_text(draw, (right, cy), label, big, c.INK)
    icon = _tour_icon(40)
    right -= icon.width + 10
    c.paste(canvas, icon, (right, cy - icon.height // 2))
    if h.discard is not None:
        text = f"{h.discard[0]}/{h.discard[1]}"
        right -= 28
        done = h.discard[0] == h.discard[1]
        c.draw_text(draw, (right, cy), text, big, c.GREEN if done else c.INK, anchor="rm")
        right -= round(big.getlength(text)) + 8
        c.draw_text(draw, (right, cy + 1), "⇄", big, c.TURN_MARK, anchor="rm")
        right -= 44

    x = 20
    if h.you is not None:
        chip = c.chip(str(h.you + 1), 50, seat_colour(h.you))
        c.paste(canvas, chip, (x, cy - chip.height // 2))
        x += chip.width + 10
    if h.role is not None:
        role = role_icon(h.role, 50)
        c.paste(canvas, role, (x, cy - role.height // 2))
        x += role.width + 12
    if h.you is not None:
        c.draw_name(draw, (x, cy), h.name, right - 20 - x, 36, min_size=24)

    w, ch = hand_card_size(count)
    for i, code in enumerate(h.cards):
        marked = code in h.marked
        box = hand_card_box(i, count, marking=h.marking, raised=marked)
        c.paste(canvas, _hand_card(code, w, ch, marked), box[:2])
        if marked:
            x0, y0, x1, _y1 = tick_box(i, count)
            c.paste(canvas, _tick_badge(x1 - x0), (x0, y0))
    if not h.cards:
        box = hand_card_box(0, 1)
        c.paste(canvas, _slot(box[2] - box[0], box[3] - box[1], "", c.FAINT), box[:2])
    return c.encode_png(c.to_palette(canvas, keep=KEEP))


@lru_cache(maxsize=128)
def _hand_card(code: str, width: int, height: int, marked: bool) -> Image.Image:
    """A hand card (RGBA); a marked one has a green frame."""
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=_radius(width, height),
                        fill=c.CARD_TINT if _is_figure(code) else c.PAPER, outline=c.INK,
                        width=max(1, width // 50))  # fmt: skip
    im.alpha_composite(card_print(code, None, width, height))
    if marked:
        d.rounded_rectangle((0, 0, width - 1, height - 1), radius=_radius(width, height),
                            outline=c.GREEN, width=max(4, width // 18))  # fmt: skip
    return im
