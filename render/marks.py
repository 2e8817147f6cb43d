"""What a tutorial step points at: rings drawn over a game's real pictures.

A tutorial shows the table a player would see (and, for games with a hand,
that hand below it) with the things the step talks about ringed. The rings
are a colour no game uses for its pieces, doubled with a dark edge so they
stand out on light felt and dark cards alike.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.common import INK, PAPER, encode_png

Box = tuple[int, int, int, int]

#: The ring's colour: a vivid magenta, unlike any suit, seat or zone colour.
RING = (214, 0, 150)
RING_WIDTH = 7
#: How far a ring stands off the box it marks.
PAD = 6


def marked_picture(
    table: bytes, hand: bytes | None, table_boxes: Sequence[Box], hand_boxes: Sequence[Box] = ()
) -> bytes:
    """The table picture (and the hand below it, centred) with rings around
    ``table_boxes`` (table pixels) and ``hand_boxes`` (the hand's own pixels)."""
    top = Image.open(io.BytesIO(table)).convert("RGB")
    if hand is None:
        canvas = top
        offset = (0, 0)
    else:
        bottom = Image.open(io.BytesIO(hand)).convert("RGB")
        width = max(top.width, bottom.width)
        canvas = Image.new("RGB", (width, top.height + bottom.height), PAPER)
        canvas.paste(top, ((width - top.width) // 2, 0))
        offset = ((width - bottom.width) // 2, top.height)
        canvas.paste(bottom, offset)
        table_boxes = [_shift(box, ((width - top.width) // 2, 0)) for box in table_boxes]
    draw = ImageDraw.Draw(canvas)
    for box in [*table_boxes, *(_shift(b, offset) for b in hand_boxes)]:
        _ring(draw, box)
    return encode_png(canvas, palette=False)


def _shift(box: Box, by: tuple[int, int]) -> Box:
    return (box[0] + by[0], box[1] + by[1], box[2] + by[0], box[3] + by[1])


def _ring(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, y1 = box[0] - PAD, box[1] - PAD, box[2] + PAD, box[3] + PAD
    radius = min(18, (x1 - x0) // 3, (y1 - y0) // 3)
    edge = RING_WIDTH + 4
    draw.rounded_rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), radius + 2, outline=INK, width=edge)
    draw.rounded_rectangle((x0, y0, x1, y1), radius, outline=RING, width=RING_WIDTH)


def union(boxes: Sequence[Box]) -> Box:
    """The smallest box holding every box of ``boxes``."""
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
