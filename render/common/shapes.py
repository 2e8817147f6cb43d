"""Drawing primitives: frames, symbols, stars, arrows, row markers, ticks, a robot.

Each is a polygon or a line, so none depends on a font glyph.
"""

from __future__ import annotations

import math
from typing import Literal

from PIL import ImageDraw

from render.common.colours import GOLD, GREEN, HIGHLIGHT, INK, PAPER, RGB, TURN_MARK

Box = tuple[int, int, int, int]
Shape = Literal["circle", "triangle", "square", "diamond"]
# Drawn this many times larger and scaled down: Pillow draws ellipses and
# polygons without anti-aliasing, and round pieces look jagged otherwise.
SUPERSAMPLE = 4


def draw_robot(draw: ImageDraw.ImageDraw, at: tuple[float, float, int], fill: RGB) -> None:
    """A robot's head, ``size`` px square, its top-left corner at ``(x, y)``."""
    x, y, size = at
    head_top = y + size * 0.28
    draw.rounded_rectangle((x, head_top, x + size, y + size), radius=size * 0.18, fill=fill)
    eye = size * 0.12
    for cx in (x + size * 0.32, x + size * 0.68):
        cy = head_top + (size - size * 0.28) * 0.42
        draw.ellipse((cx - eye, cy - eye, cx + eye, cy + eye), fill=PAPER)
    mouth = head_top + (size - size * 0.28) * 0.75
    draw.line((x + size * 0.3, mouth, x + size * 0.7, mouth), fill=PAPER, width=max(1, size // 12))
    mid = x + size / 2
    draw.line((mid, y + size * 0.08, mid, head_top), fill=fill, width=max(1, size // 10))
    dot = size * 0.09
    draw.ellipse((mid - dot, y, mid + dot, y + 2 * dot), fill=fill)


def highlight_frame(
    draw: ImageDraw.ImageDraw, box: Box, colour: RGB = HIGHLIGHT, width: int = 6, radius: int = 14
) -> None:
    """A thick rounded frame around ``box`` (drawn outside it, never over it)."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(
        (x0 - width, y0 - width, x1 + width, y1 + width),
        radius=radius + width,
        outline=colour,
        width=width,
    )


def shape_points(kind: Shape, box: Box) -> list[tuple[float, float]]:
    """Polygon points of a symbol inscribed in ``box`` (a circle is a 32-gon)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    w, h = x1 - x0, y1 - y0
    if kind == "triangle":
        return [(cx, y0), (x1, y1 - h * 0.05), (x0, y1 - h * 0.05)]
    if kind == "square":
        inset = w * 0.07
        return [(x0 + inset, y0 + inset), (x1 - inset, y0 + inset), (x1 - inset, y1 - inset),
                (x0 + inset, y1 - inset)]  # fmt: skip
    if kind == "diamond":
        return [(cx, y0), (x1, cy), (cx, y1), (x0, cy)]
    return [
        (cx + w / 2 * math.cos(2 * math.pi * i / 32), cy + h / 2 * math.sin(2 * math.pi * i / 32))
        for i in range(32)
    ]


def draw_shape(
    draw: ImageDraw.ImageDraw,
    kind: Shape,
    box: Box,
    *,
    fill: RGB | None,
    outline: RGB | None = None,
    width: int = 2,
) -> None:
    """Draw a circle, triangle, square or diamond symbol inside ``box``."""
    if kind == "circle":
        draw.ellipse(box, fill=fill, outline=outline, width=width)
    else:
        draw.polygon(shape_points(kind, box), fill=fill, outline=outline, width=width)


def star_points(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """A five-pointed star centred on (cx, cy), point up."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def draw_star(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    radius: float,
    fill: RGB = GOLD,
    outline: RGB = INK,
) -> None:
    """A winner's star (a polygon, so it never depends on a font glyph)."""
    draw.polygon(star_points(*centre, radius), fill=fill, outline=outline, width=2)


def draw_arrow(draw: ImageDraw.ImageDraw, box: Box, fill: RGB = INK) -> None:
    """A solid right-pointing triangle filling ``box`` (the turn marker)."""
    x0, y0, x1, y1 = box
    draw.polygon([(x0, y0), (x1, (y0 + y1) / 2), (x0, y1)], fill=fill)


def draw_row_marker(
    draw: ImageDraw.ImageDraw, height: int, *, turn: bool, winner: bool, size: int
) -> None:
    """The left-edge mark of a player's row: a turn bar and arrow, or a winner's star.

    A solid bar plus an arrow, because the turn must be visible at thumbnail size.
    """
    mid = height // 2
    if turn:
        draw.rectangle((0, 0, 10, height - 1), fill=TURN_MARK)
        draw_arrow(draw, (16, mid - size, 20 + size, mid + size), TURN_MARK)
    elif winner:
        draw_star(draw, (6 + size, mid), size - 2)


def draw_check(draw: ImageDraw.ImageDraw, box: Box, fill: RGB = GREEN, width: int = 0) -> None:
    """A tick mark filling ``box`` (a polyline, so it never depends on a font glyph)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    points = [(x0 + w * 0.08, y0 + h * 0.55), (x0 + w * 0.38, y0 + h * 0.85),
              (x0 + w * 0.92, y0 + h * 0.15)]  # fmt: skip
    draw.line(points, fill=fill, width=width or max(2, round(w / 5)), joint="curve")
