"""Geometry of the table image: its sizes and where everything lands, in pixels.

:func:`make_layout` picks the arrangement (panel beside or above the field)
and the cell size and shape; it compares them by how big a card's rank
prints, so the card print metrics (:func:`print_spec`) live here too. The
box helpers (:func:`cell_box`, :func:`status_box`, …) give the pixel box of
a thing on the image of a view, for the drawing code and for tests.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from render import common as c
from render.krendzu.view import Box, context, view_box

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

SUIT_SCALE = 0.82  # suit symbol size / rank size
RANK_GAP = 0.24  # free space under the rank's baseline (J and Q dip below it), in rank sizes
SIDE_GAP = 0.16  # between rank and suit side by side


def card_border(width: int, height: int) -> int:
    """Width of a card's outline, for a card of that size."""
    return max(1, min(width, height) // 50)


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
def glyph_metrics() -> tuple[float, float, float, float]:
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


@lru_cache(maxsize=256)
def print_spec(width: int, height: int, striped: bool) -> PrintSpec:
    """The print of a ``width`` × ``height`` card (``striped``: with a seat stripe)."""
    cap, ten, suit_h, suit_w = glyph_metrics()
    border = card_border(width, height)
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


def label_strips(cell_w: int, cell_h: int, rows: int) -> tuple[int, int]:
    """(height of the letters strip, width of the numbers strip) for a cell size."""
    size = _label_size(cell_w, cell_h)
    widest = c.font(size, bold=True).getlength(str(rows))
    return round(size * 1.5), round(widest + size * 0.9)


def _inset(cell_w: int, cell_h: int) -> int:
    return max(2, round(min(cell_w, cell_h) * 0.05))


def _field_size(cell_w: int, cell_h: int, cols: int, rows: int) -> tuple[int, int]:
    top, left = label_strips(cell_w, cell_h, rows)
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
    top, left = label_strips(cell_w, cell_h, rows)
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
    ctx = context(view, names)
    return make_layout(ctx.box.cols, ctx.box.rows, ctx.seats)


def image_size(view: Mapping[str, Any], names: Sequence[str] = ()) -> tuple[int, int]:
    """(width, height) of the table image of ``view``."""
    lay = layout(view, names)
    return lay.width, lay.height


def pitch(lay: Layout, box: Box, x: int, y: int) -> c.Box:
    """Pixel box of the whole cell at field coordinates (x, y), margin included."""
    px = lay.grid[0] + (x - box.left) * lay.cell_w
    py = lay.grid[1] + (y - box.top) * lay.cell_h
    return (px, py, px + lay.cell_w, py + lay.cell_h)


def card_box(lay: Layout, box: Box, x: int, y: int) -> c.Box:
    """Pixel box of the card in the cell at field coordinates (x, y)."""
    px, py, qx, qy = pitch(lay, box, x, y)
    i = lay.inset
    return (px + i, py + i, qx - i, qy - i)


def cell_box(view: Mapping[str, Any], x: int, y: int) -> c.Box:
    """Pixel box of the card at field coordinates (x, y) on the table image of ``view``."""
    return card_box(layout(view), view_box(view), x, y)


def cell_centre(view: Mapping[str, Any], x: int, y: int) -> tuple[float, float]:
    """Pixel centre of the cell at field coordinates (x, y)."""
    x0, y0, x1, y1 = pitch(layout(view), view_box(view), x, y)
    return (x0 + x1) / 2, (y0 + y1) / 2


def column_label_box(view: Mapping[str, Any], x: int) -> c.Box:
    """Pixel box of the letters above column ``x`` (field coordinate)."""
    lay, box = layout(view), view_box(view)
    x0, y0, x1, _y1 = pitch(lay, box, x, box.top)
    top, _left = label_strips(lay.cell_w, lay.cell_h, lay.rows)
    return (x0, y0 - top, x1, y0)


def row_label_box(view: Mapping[str, Any], y: int) -> c.Box:
    """Pixel box of the number left of row ``y`` (field coordinate)."""
    lay, box = layout(view), view_box(view)
    x0, y0, _x1, y1 = pitch(lay, box, box.left, y)
    _top, left = label_strips(lay.cell_w, lay.cell_h, lay.rows)
    return (x0 - left, y0, x0, y1)


def panel_row_box(view: Mapping[str, Any], seat: int, names: Sequence[str] = ()) -> c.Box:
    """Pixel box of ``seat``'s row in the players' panel."""
    return layout(view, names).panel_rows[seat]


def status_box(view: Mapping[str, Any], names: Sequence[str] = ()) -> c.Box:
    """Pixel box of the status block (tour, set-aside cards, exchange, last move)."""
    return layout(view, names).status
