"""The field of the table image: felt, grid, labels, cards and their marks.

The free cells a card may go to, the scored windows (lines through four
cells), and the last move's frames and order tags are drawn here.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render import common as c
from render.krendzu.cards import blank_card, card_print, corner_radius, is_figure, slot
from render.krendzu.icons import order_tag
from render.krendzu.layout import Layout, card_box, label_strips, pitch
from render.krendzu.palette import FELT, FELT_GRID, FELT_LABEL, OLD_LINE, SLOT
from render.krendzu.view import Box, Context, Scored, cell_label, column_letters, frontier_of


@c.sprite_cache
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
    top, left = label_strips(w, h, lay.rows)
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


def _draw_window(draw: ImageDraw.ImageDraw, lay: Layout, box: Box, window: Scored) -> None:
    """A scored window: a line through the centres of its cells, past both ends."""
    centres = [
        ((p[0] + p[2]) / 2, (p[1] + p[3]) / 2)
        for p in (pitch(lay, box, x, y) for x, y in window.cells)
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
    px, py, qx, qy = pitch(lay, box, *xy)
    width = lay.inset + 1  # over the card's outline only, never over its stripe
    radius = corner_radius(lay.cell_w, lay.cell_h) + lay.inset
    draw.rounded_rectangle((px + 1, py + 1, qx - 2, qy - 2), radius=radius, outline=colour,
                           width=width)  # fmt: skip


def tag_box(lay: Layout, box: Box, xy: tuple[int, int]) -> c.Box:
    """Where the order tag (1 or 2) of a two-card move's card goes: on its cell's
    top-right corner, over the empty corners of the cards around it, never over
    a rank or suit."""
    size = max(14, round(min(lay.cell_w, lay.cell_h) * 0.3))
    _px, py, qx, _qy = pitch(lay, box, *xy)
    x, y = qx - size // 2, py - size // 2
    return (x, y, x + size, y + size)


def draw_field(canvas: Image.Image, lay: Layout, ctx: Context) -> None:
    """Draw the field onto ``canvas``: felt, free cells, cards, scored windows and the
    last move's frames and tags, in that order so each lies over the one before."""
    box = ctx.box
    canvas.paste(_felt(lay), lay.field[:2])
    w = lay.cell_w - 2 * lay.inset
    h = lay.cell_h - 2 * lay.inset
    second: set[tuple[int, int]] = set()
    if ctx.pending is not None:
        second = set(frontier_of([ctx.pending], box)) - set(ctx.cells)
    for x, y in frontier_of(list(ctx.cells), box):
        colour = c.TURN_MARK if (x, y) in second else SLOT
        c.paste(canvas, slot(w, h, cell_label(x, y, box), colour), card_box(lay, box, x, y)[:2])
    for (x, y), (code, _seat) in ctx.cells.items():
        canvas.paste(blank_card(w, h, is_figure(code)), card_box(lay, box, x, y)[:2])
    draw = ImageDraw.Draw(canvas)
    # Older windows first, so a new line lies on top where lines cross.
    for window in sorted(ctx.scored, key=lambda s: s.new):
        _draw_window(draw, lay, box, window)
    for (x, y), (code, seat) in ctx.cells.items():
        c.paste(canvas, card_print(code, seat, w, h), card_box(lay, box, x, y)[:2])
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
        c.paste(canvas, order_tag(number, x1 - x0, colour), (x0, y0))
