"""PNG output: a fast 8-bit palette that keeps the key colours exact, and encoding."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter

from PIL import Image

from render.common.colours import (
    BACKGROUND,
    BLACK,
    BLUE,
    CARD_BACK,
    CARD_BACK_LINE,
    FAINT,
    GOLD,
    GREEN,
    HIGHLIGHT,
    INK,
    MUTED,
    ORANGE,
    PANEL,
    PAPER,
    PURPLE,
    RGB,
    SKY,
    TURN_BAND,
    TURN_MARK,
    VERMILLION,
    YELLOW,
)

# Always in the palette and reproduced exactly. No two may lie within ~5 levels
# of each other's 6-bit cell corner, or Pillow's palette cache merges them
# (PANEL was nudged off white for that reason); a test guards it.
KEY_COLOURS: tuple[RGB, ...] = (
    BLACK, ORANGE, SKY, GREEN, YELLOW, BLUE, VERMILLION, PURPLE, INK, PAPER, BACKGROUND,
    PANEL, MUTED, FAINT, HIGHLIGHT, TURN_BAND, TURN_MARK, GOLD, CARD_BACK, CARD_BACK_LINE,
)  # fmt: skip


@lru_cache(maxsize=4)
def _shadowing(keep: tuple[RGB, ...]) -> frozenset[RGB]:
    """Colours that would steal a ``keep`` colour's pixels in Pillow's palette cache.

    Pillow maps a pixel through a cache slot per 6-bit cell and fills the slot
    with the palette entry nearest the slot's *lower corner* (``c & ~3``), first
    entry winning ties. So a keep colour is reproduced exactly only if no other
    entry is strictly nearer that corner than it is; those are listed here.
    """
    out: set[RGB] = set()
    for colour in keep:
        corner = tuple(v & ~3 for v in colour)
        radius = sum((v - w) ** 2 for v, w in zip(colour, corner, strict=True))
        span = range(-5, 6)
        for dr in span:
            for dg in span:
                for db in span:
                    if dr * dr + dg * dg + db * db < radius:
                        r, g, b = corner[0] + dr, corner[1] + dg, corner[2] + db
                        if min(r, g, b) >= 0 and max(r, g, b) <= 255:
                            out.add((r, g, b))
    return frozenset(out - set(keep))


def to_palette(image: Image.Image, *, keep: Sequence[RGB] = KEY_COLOURS) -> Image.Image:
    """An RGB image as an 8-bit palette image, fast and without dithering.

    Our pictures are flat colours plus anti-aliased edges, so a palette of the
    ``keep`` colours and the most frequent others loses nothing visible at
    phone size (at worst an edge pixel shifts a few levels), while
    the PNG shrinks about twofold and encodes about four times faster. The
    frequencies come from a 1-in-4 pixel sample, and only one colour per
    6-bit-per-channel cell is kept, because that is the resolution of Pillow's
    nearest-colour cache: a second colour in the same cell would be wasted.
    Colours that would shadow a ``keep`` colour in that cache are left out, so
    the ``keep`` colours come back exact (tests compare pixels with them).
    """
    image = image.convert("RGB") if image.mode != "RGB" else image
    w, h = image.size
    sample = image.resize((max(1, w // 2), max(1, h // 2)), Image.Resampling.NEAREST)
    # A small hash cap keeps getcolors fast (it sizes its table by the cap); an
    # image busier than that falls back to Pillow's octree for its extra colours.
    counted = sample.getcolors(1 << 14)
    frequent: list[Sequence[int]]
    if counted is None:
        octree = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        flat = octree.getpalette() or []
        frequent = [flat[i : i + 3] for i in range(0, len(flat) - 2, 3)]
    else:
        # (count, colour) pairs; an RGB image's colours are 3-tuples.
        ranked = sorted(counted, key=itemgetter(0), reverse=True)
        frequent = [colour for _n, colour in ranked if isinstance(colour, tuple)]
    keep = tuple(keep)
    shadowing = _shadowing(keep)
    chosen: list[tuple[int, int, int]] = []
    cells: set[tuple[int, int, int]] = set()
    for rgb in [*keep, *frequent]:
        r, g, b = rgb[:3]
        cell = (r >> 2, g >> 2, b >> 2)
        if cell in cells or (r, g, b) in shadowing:
            continue
        cells.add(cell)
        chosen.append((r, g, b))
        if len(chosen) == 256:
            break
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for rgb in chosen for v in rgb])
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def encode_png(image: Image.Image, *, level: int = 1, palette: bool = True) -> bytes:
    """PNG bytes of ``image`` with a fast zlib level.

    By default the image is first reduced to an 8-bit palette
    (:func:`to_palette`): a third of the bytes to deflate, so both faster and
    smaller than RGB for flat drawings.
    """
    if palette and image.mode in {"RGB", "RGBA"}:
        image = to_palette(image)
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=level)
    return buf.getvalue()
