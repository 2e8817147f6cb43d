"""Helpers the renderer tests use: decode a PNG, count pixels of a colour, record texts drawn."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import common as c

Box = tuple[int, int, int, int]


def png(data: bytes) -> Image.Image:
    """A valid PNG's pixels as RGB (fails on anything that is not a PNG)."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    im = Image.open(io.BytesIO(data))
    im.load()
    return im.convert("RGB")


def count(im: Image.Image, box: Box, colour: c.RGB) -> int:
    """How many pixels in ``box`` are exactly ``colour``."""
    region = im.crop(box)
    colours = region.getcolors(region.width * region.height) or []
    return sum(n for n, rgb in colours if rgb == colour)


@dataclass(frozen=True)
class Drawn:
    """A text a renderer drew: the string, the font's size and its file."""

    text: str
    size: float
    font_file: str


@contextmanager
def recorded_texts() -> Iterator[list[Drawn]]:
    """Every text the renderers draw meanwhile.

    Their sprites are cached, so the caches are emptied first: nothing drawn
    earlier is left out.
    """
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()
    seen: list[Drawn] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        font = kwargs.get("font")
        size = float(getattr(font, "size", 0))
        seen.append(Drawn(str(text), size, str(getattr(font, "path", ""))))
        original(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]
