"""Helpers every renderer test uses: decode a PNG, count pixels of a colour."""

from __future__ import annotations

import io

from PIL import Image

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
