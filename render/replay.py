"""A replay as an animated GIF: the public table pictures of a game, one per
move, each under a strip naming the move and who made it.

GIF because every chat shows it inline, Pillow writes it without another
dependency, and a table changes little from one move to the next: Pillow
stores only the part of each frame that changed, so a whole game stays small.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.common import INK, PAPER, draw_name, draw_text, font

#: Frames are scaled to this width at most (chat previews are about this wide).
WIDTH = 480
#: Colours of the one palette every frame shares.
COLOURS = 64
#: Height of the strip above each frame.
STRIP = 34
#: How long a frame shows (milliseconds): a move, the opening and the end.
MOVE_MS = 1100
FIRST_MS = 1800
LAST_MS = 4000


@dataclass(frozen=True)
class Frame:
    """One picture of the replay: the table as a PNG, and who made the move
    that led to it (no name: the opening position)."""

    png: bytes
    number: int
    total: int
    mover: str | None


def _strip(frame: Frame, width: int) -> Image.Image:
    strip = Image.new("RGB", (width, STRIP), INK)
    draw = ImageDraw.Draw(strip)
    counter = f"{frame.number}/{frame.total}"
    fnt = font(18, bold=True)
    draw_text(draw, (10, STRIP / 2), counter, fnt, PAPER)
    if frame.mover is not None:
        left = 20 + fnt.getlength(counter)
        draw_text(draw, (left, STRIP / 2), "▶", fnt, PAPER)
        draw_name(draw, (left + 26, STRIP / 2), frame.mover, width - left - 36, 18, PAPER)
    return strip


def _picture(frame: Frame, width: int, height: int) -> Image.Image:
    table = Image.open(io.BytesIO(frame.png)).convert("RGB")
    table = table.resize((width, height), Image.Resampling.LANCZOS)
    canvas = Image.new("RGB", (width, height + STRIP), PAPER)
    canvas.paste(_strip(frame, width), (0, 0))
    canvas.paste(table, (0, STRIP))
    return canvas


def animation(frames: Sequence[Frame]) -> bytes:
    """The frames as a looping GIF, all scaled alike to the first one's shape."""
    with Image.open(io.BytesIO(frames[0].png)) as first:
        scale = min(1.0, WIDTH / first.width)
        width, height = round(first.width * scale), round(first.height * scale)
    pictures = [_picture(frame, width, height) for frame in frames]
    # One palette for the whole game keeps colours steady from frame to frame
    # and lets Pillow store only what changed.
    palette = pictures[-1].quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT)
    indexed = [p.quantize(palette=palette, dither=Image.Dither.NONE) for p in pictures]
    durations = [FIRST_MS, *([MOVE_MS] * (len(indexed) - 2)), LAST_MS][: len(indexed)]
    out = io.BytesIO()
    indexed[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=durations,
        loop=0,
    )
    return out.getvalue()
