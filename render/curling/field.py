"""The field of a curling image: the empty table (ice, zones, house, grid,
labels) and on it the stones and a throw — the thrown stone's path, the
collisions, struck stones' moves from their ghosts, crosses where stones left
the field, a preview's segment numbers and the foul sign.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import common as c
from render.curling.layout import (
    BURST,
    CELL,
    COLS,
    CROSS,
    FIELD_X,
    FIELD_Y,
    GRID,
    GUARD_ZONE,
    HEIGHT,
    HOUSE_CENTRE,
    HOUSE_MIDDLE,
    HOUSE_OUTER,
    ICE,
    LABEL,
    LETTERS,
    LINE,
    MOVE,
    MOVE_W,
    PANEL_X,
    PATH,
    PATH_W,
    ROWS,
    START_CELL,
    START_CELLS,
    START_ROW,
    STONE_D,
    TAG,
    WIDTH,
    Cell,
    adjacent,
    cell_box,
    cell_centre,
    column_label_box,
    exit_point,
    field_box,
    row_label_box,
    step,
    zone_row,
)
from render.curling.parse import Segment, Stone, Throw
from render.curling.sprites import (
    cross,
    ghost,
    number_tag,
    paste_centred,
    stone_sprite,
    warning_sign,
)


def _zone_rect(cols: tuple[int, int], rows: tuple[int, int]) -> c.Box:
    x0, _y0, _x1, y1 = cell_box((cols[0], rows[0]))
    _x0, y0, x1, _y1 = cell_box((cols[1], rows[1]))
    return (x0, y0, x1, y1)


@c.sprite_cache
def empty_table() -> Image.Image:
    """The empty table (field, zones, grid, labels, panel ground) as an RGB image; cached."""
    im = Image.new("RGB", (WIDTH, HEIGHT), c.BACKGROUND)
    d = ImageDraw.Draw(im)
    d.rectangle((PANEL_X, 0, WIDTH, HEIGHT), fill=c.PANEL)
    d.line((PANEL_X, 0, PANEL_X, HEIGHT), fill=c.FAINT, width=2)
    fx0, fy0, fx1, fy1 = field_box()
    d.rectangle((fx0, fy0, fx1 - 1, fy1 - 1), fill=ICE)
    g = _zone_rect((0, 7), (1, 5))
    d.rectangle((g[0], g[1], g[2] - 1, g[3] - 1), fill=GUARD_ZONE)
    s = _zone_rect((0, 7), (0, 0))
    d.rectangle((s[0], s[1], s[2] - 1, s[3] - 1), fill=START_ROW)
    # The house: nested rounded squares, like the rings of a curling target.
    for cols, rows, fill, radius in (
        ((1, 6), (6, 11), HOUSE_OUTER, 30),
        ((2, 5), (7, 10), HOUSE_MIDDLE, 22),
        ((3, 4), (8, 9), HOUSE_CENTRE, 16),
    ):
        x0, y0, x1, y1 = _zone_rect(cols, rows)
        d.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=radius, fill=fill)
    for col in range(1, COLS):
        x = FIELD_X + col * CELL
        d.line((x, fy0, x, fy1 - 1), fill=GRID, width=1)
    for row in range(1, ROWS):
        y = FIELD_Y + row * CELL
        d.line((fx0, y, fx1 - 1, y), fill=GRID, width=1)
    for cols, rows, radius in (((1, 6), (6, 11), 30), ((2, 5), (7, 10), 22), ((3, 4), (8, 9), 16)):
        x0, y0, x1, y1 = _zone_rect(cols, rows)
        d.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=radius, outline=LINE, width=2)
    # The hog line (guard zone | upper field) and the start line.
    for row in (5, 0):
        y = cell_box((0, row))[1]
        d.line((fx0, y, fx1 - 1, y), fill=LINE, width=3)
    d.rectangle((fx0, fy0, fx1 - 1, fy1 - 1), outline=LINE, width=2)
    # Start cells: darker pads, the left pair curling clockwise, the right pair counter-clockwise.
    curl = c.font(30, bold=True)
    for name in START_CELLS:
        x0, y0, x1, y1 = cell_box(name)
        d.rounded_rectangle(
            (x0 + 5, y0 + 5, x1 - 6, y1 - 6), radius=10, fill=START_CELL, outline=LINE, width=2
        )
        symbol = "↻" if name in START_CELLS[:2] else "↺"
        c.draw_centred(d, ((x0 + x1) / 2, (y0 + y1) / 2), symbol, curl, c.PAPER)
    # Labels: letters above and below, row names (and numbers) on the left.
    letter = c.font(32, bold=True)
    for col in range(COLS):
        for top in (True, False):
            x0, y0, x1, y1 = column_label_box(col, top=top)
            c.draw_centred(d, ((x0 + x1) / 2, (y0 + y1) / 2), LETTERS[col], letter, LABEL)
    # Each row's number (as cell names count it) in grey, and the number the
    # rules give it in a tag of its zone's colour: guard rows 1–5 sand, house
    # rows 1–7 blue (a letter for the zone would be one language's word).
    tag_font, number_font = c.font(28, bold=True), c.font(20)
    for row in range(ROWS):
        x0, y0, x1, y1 = row_label_box(row)
        cy = (y0 + y1) / 2
        c.draw_text(d, (x0 + 2, cy), str(row), number_font, c.MUTED, anchor="lm")
        zone = zone_row(row)
        if zone is None:  # the start row: a launch triangle instead of a number
            d.polygon([(x1 - 36, cy + 12), (x1 - 4, cy + 12), (x1 - 20, cy - 14)], fill=LABEL)
            continue
        kind, number = zone
        fill = GUARD_ZONE if kind == "guard" else HOUSE_OUTER
        d.rounded_rectangle((x1 - 42, cy - 20, x1 - 2, cy + 20), radius=8, fill=fill,
                            outline=LINE, width=2)  # fmt: skip
        c.draw_centred(d, (x1 - 22, cy + 1), str(number), tag_font, LABEL)
    return im


def _polyline(
    draw: ImageDraw.ImageDraw, points: Sequence[tuple[int, int]], fill: c.RGB, width: int
) -> None:
    if len(points) >= 2:
        draw.line(list(points), fill=fill, width=width, joint="curve")
    r = width / 2
    for x, y in (points[0], points[-1]) if points else ():
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def _arrow_head(
    draw: ImageDraw.ImageDraw,
    tail: tuple[float, float],
    tip: tuple[float, float],
    size: float,
    fill: c.RGB,
) -> None:
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    draw.polygon(
        [
            tip,
            (bx - uy * size * 0.55, by + ux * size * 0.55),
            (bx + uy * size * 0.55, by - ux * size * 0.55),
        ],
        fill=fill,
    )


def burst_centre(striker: Cell | None, hit: Cell) -> tuple[int, int]:
    """Where a collision is drawn: between the striking stone's cell and the
    struck stone's (``hit``), or on ``hit`` when the striker is not beside it."""
    hx, hy = cell_centre(hit)
    if striker is None or not adjacent(striker, hit):
        return hx, hy
    sx, sy = cell_centre(striker)
    return (sx + hx) // 2, (sy + hy) // 2


def _burst(draw: ImageDraw.ImageDraw, centre: tuple[int, int]) -> None:
    cx, cy = centre
    outer, inner = CELL * 0.40, CELL * 0.22
    points = [
        (
            cx + (outer if i % 2 == 0 else inner) * math.cos(math.pi * i / 8 + math.pi / 16),
            cy + (outer if i % 2 == 0 else inner) * math.sin(math.pi * i / 8 + math.pi / 16),
        )
        for i in range(16)
    ]
    draw.polygon(points, fill=BURST, outline=c.INK, width=2)


def _thrown_cell(throw: Throw, stones: Sequence[Stone]) -> Cell | None:
    """Where the thrown stone ends (None: it left the field or the throw was undone)."""
    if throw.foul or throw.left is not None or not throw.path:
        return None
    here = throw.path[-1]
    return here if any(s.cell == here for s in stones) else None


def _segment_polylines(throw: Throw) -> list[tuple[list[tuple[int, int]], Segment]]:
    """Each previewed segment as pixel points, from where the stone was when it began."""
    out = []
    here = throw.start
    for seg in throw.segments:
        points = [cell_centre(p) for p in ([here] if here else []) + list(seg.cells)]
        out.append((points, seg))
        if seg.cells:
            here = seg.cells[-1]
    return out


def segment_label_centre(
    points: Sequence[tuple[int, int]], hits: Sequence[Cell]
) -> tuple[int, int] | None:
    """Where a segment's number tag goes: half way along it, or, for a segment
    that struck at once, beside the collision (left of the way it went)."""
    if len(points) >= 2:
        lengths = [math.dist(a, b) for a, b in itertools.pairwise(points)]
        half = sum(lengths) / 2
        for (a, b), length in zip(itertools.pairwise(points), lengths, strict=True):
            if half <= length and length > 0:
                t = half / length
                return round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)
            half -= length
        return points[-1]
    if points and hits:
        (px, py), (hx, hy) = points[0], cell_centre(hits[0])
        length = math.hypot(hx - px, hy - py) or 1
        side = TAG * 0.95  # clear of the burst drawn at the collision
        return (
            round((px + hx) / 2 + (hy - py) / length * side),
            round((py + hy) / 2 - (hx - px) / length * side),
        )
    return None


def _draw_throw(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, throw: Throw, stones: Sequence[Stone]
) -> None:
    """Everything a throw draws under the stones: path, bends, bursts, ghosts, moves."""
    if throw.start is not None:
        x0, y0, x1, y1 = cell_box(throw.start)
        draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 4, y1 - 4), radius=12, outline=PATH, width=4)
    trail = ([throw.start] if throw.start else []) + list(throw.path)
    points = [cell_centre(p) for p in trail]
    if throw.left is not None and trail:
        points.append(exit_point(trail[-1], throw.left))
    _polyline(draw, points, PATH, PATH_W)
    # A dot at every bend, so the segments read apart.
    for a, b, d in zip(trail, trail[1:], trail[2:], strict=False):
        if step(a, b) != step(b, d):
            x, y = cell_centre(b)
            draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill=PATH, outline=c.PAPER, width=2)
    here = throw.start
    for seg in throw.segments:
        here = seg.cells[-1] if seg.cells else here
        for hit in seg.hits:
            _burst(draw, burst_centre(here, hit))
    occupied = {s.cell for s in stones}
    for move in throw.moves:
        if move.start is not None and move.start not in occupied:
            paste_centred(canvas, ghost(move.colour, STONE_D), cell_centre(move.start))
    for move in throw.moves:
        trail_m = move.trail()
        pts: list[tuple[float, float]] = [cell_centre(p) for p in trail_m]
        if move.end is None and trail_m:
            pts.append(exit_point(trail_m[-1], move.exit))
        if len(pts) < 2:
            continue
        tip, tail = pts[-1], pts[-2]
        if move.end is not None:  # stop at the stone's rim, so the head shows
            dx, dy = tip[0] - tail[0], tip[1] - tail[1]
            length = math.hypot(dx, dy) or 1
            back = min(STONE_D / 2 + 2, length * 0.6)
            tip = (tip[0] - dx / length * back, tip[1] - dy / length * back)
            pts[-1] = tip
        draw.line([(round(x), round(y)) for x, y in pts], fill=MOVE, width=MOVE_W, joint="curve")
        _arrow_head(draw, tail, tip, 14, MOVE)


def _draw_throw_marks(canvas: Image.Image, throw: Throw, *, preview: bool) -> None:
    """Everything a throw draws over the stones: crosses, segment numbers, foul sign."""
    trail = ([throw.start] if throw.start else []) + list(throw.path)
    if throw.left is not None and trail:
        paste_centred(canvas, cross(throw.colour, CROSS), exit_point(trail[-1], throw.left))
    if throw.stuck and throw.start is not None:
        paste_centred(canvas, cross(throw.colour, CROSS + 8), cell_centre(throw.start))
    for move in throw.moves:
        if move.end is None:
            last = ([move.start] if move.start else []) + list(move.path)
            if last:
                paste_centred(canvas, cross(move.colour, CROSS), exit_point(last[-1], move.exit))
    if preview:
        for i, (points, seg) in enumerate(_segment_polylines(throw)):
            where = segment_label_centre(points, seg.hits)
            if where is not None and i < len(throw.numbers):
                paste_centred(canvas, number_tag(str(throw.numbers[i]), TAG), where)
    if throw.foul and trail:
        # Where the thrown stone would have stopped: the foul took it off, so the cell is free.
        paste_centred(canvas, warning_sign(CELL - 16), cell_centre(trail[-1]))


def draw_field(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    stones: Sequence[Stone],
    throw: Throw | None,
    *,
    preview: bool,
) -> None:
    """Draw ``stones`` and ``throw`` on the field of ``canvas``: the throw's path
    and moves under the stones, its crosses (and, for a ``preview``, its segment
    numbers) and foul sign over them."""
    if throw is not None:
        _draw_throw(canvas, draw, throw, stones)
    thrown = _thrown_cell(throw, stones) if throw is not None else None
    for stone in stones:
        sprite = stone_sprite(stone.colour, stone.n, STONE_D, halo=stone.cell == thrown)
        paste_centred(canvas, sprite, cell_centre(stone.cell))
    if throw is not None:
        _draw_throw_marks(canvas, throw, preview=preview)
