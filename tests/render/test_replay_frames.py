"""The replay's GIF: frames of different sizes are never stretched."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageSequence

from render.common import encode_png
from render.replay import STRIP, WIDTH, Frame, animation

RED, BLUE = (200, 30, 30), (30, 30, 200)


def png(size: tuple[int, int], colour: tuple[int, int, int]) -> bytes:
    image = Image.new("RGB", size, colour)
    # Both colours in the last frame too: the GIF's one palette is taken from it.
    image.paste(RED, (0, 0, 10, 10))
    return encode_png(image)


def coloured(image: Image.Image, colour: tuple[int, int, int]) -> tuple[int, int, int, int]:
    """The bounding box of the pixels near ``colour``."""
    bands = image.convert("RGB").split()
    mask = Image.new("L", image.size, 255)
    for band, want in zip(bands, colour, strict=True):
        near = band.point(lambda v, want=want: 255 if abs(v - want) < 40 else 0)
        mask = ImageChops.multiply(mask, near)
    box = mask.getbbox()
    assert box is not None
    return box


def test_a_table_that_grows_keeps_its_shape_in_every_frame() -> None:
    # A Krendzu field grows during the game: a small table, then one twice as
    # wide and three times as tall (wider than the GIF, so both are scaled).
    small, large = (600, 200), (1200, 600)
    frames = [
        Frame(png(small, RED), 1, 2, None),
        Frame(png(large, BLUE), 2, 2, "Аня"),
    ]
    with Image.open(io.BytesIO(animation(frames))) as gif:
        assert gif.size == (WIDTH, STRIP + 240)
        first, second = (f.copy() for f in ImageSequence.Iterator(gif))
    left, top, right, bottom = coloured(first, RED)
    assert (right - left, bottom - top) == (240, 80), "scaled alike, not stretched"
    assert top == STRIP and abs(left - (WIDTH - right)) <= 1, "centred under the strip"
    assert coloured(second, BLUE) == (0, STRIP, WIDTH, STRIP + 240), "the largest fills it"
