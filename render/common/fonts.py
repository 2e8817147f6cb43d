"""The bundled font (DejaVu Sans), loaded lazily, and which characters it really has."""

from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
REGULAR_FONT = FONT_DIR / "DejaVuSans.ttf"
BOLD_FONT = FONT_DIR / "DejaVuSans-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at ``size`` px (bold on request), cached.

    The basic layout engine is used on purpose: it is faster than Raqm and
    enough for the left-to-right scripts we draw (Latin, Cyrillic).
    """
    return ImageFont.truetype(
        str(BOLD_FONT if bold else REGULAR_FONT), size, layout_engine=ImageFont.Layout.BASIC
    )


def _cmap_format4(data: bytes, start: int) -> set[int]:
    seg_x2 = struct.unpack_from(">H", data, start + 6)[0]
    segs = seg_x2 // 2
    ends_at = start + 14
    starts_at = ends_at + seg_x2 + 2
    deltas_at = starts_at + seg_x2
    ranges_at = deltas_at + seg_x2
    points: set[int] = set()
    for i in range(segs):
        end = struct.unpack_from(">H", data, ends_at + 2 * i)[0]
        begin = struct.unpack_from(">H", data, starts_at + 2 * i)[0]
        delta = struct.unpack_from(">h", data, deltas_at + 2 * i)[0]
        range_offset = struct.unpack_from(">H", data, ranges_at + 2 * i)[0]
        for cp in range(begin, end + 1):
            if cp == 0xFFFF:
                continue
            if range_offset == 0:
                glyph = (cp + delta) & 0xFFFF
            else:
                at = ranges_at + 2 * i + range_offset + 2 * (cp - begin)
                glyph = struct.unpack_from(">H", data, at)[0]
                if glyph:
                    glyph = (glyph + delta) & 0xFFFF
            if glyph:
                points.add(cp)
    return points


def _cmap_format12(data: bytes, start: int) -> set[int]:
    groups = struct.unpack_from(">I", data, start + 12)[0]
    points: set[int] = set()
    for i in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * i)
        if glyph == 0:
            first += 1  # a group may begin at .notdef; the rest still map
        points.update(range(first, last + 1))
    return points


def font_codepoints(*, bold: bool = False) -> frozenset[int]:
    """Every code point the bundled font maps to a real glyph (from its cmap)."""
    return cmap_points(BOLD_FONT if bold else REGULAR_FONT)


@lru_cache(maxsize=4)
def cmap_points(path: Path) -> frozenset[int]:
    """Every code point the TrueType font at ``path`` maps to a real glyph.

    Pillow cannot tell whether a glyph exists, so we read the ``cmap`` table
    ourselves: format 12 (full Unicode) when present, else format 4 (the BMP).
    """
    data = path.read_bytes()
    num_tables = struct.unpack_from(">H", data, 4)[0]
    cmap_at = None
    for i in range(num_tables):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap_at = offset
    if cmap_at is None:
        return frozenset()
    subtables = struct.unpack_from(">H", data, cmap_at + 2)[0]
    by_format: dict[int, int] = {}
    for i in range(subtables):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap_at + 4 + 8 * i)
        if (platform, encoding) in {(3, 10), (0, 4), (3, 1), (0, 3)}:
            start = cmap_at + offset
            by_format.setdefault(struct.unpack_from(">H", data, start)[0], start)
    if 12 in by_format:
        return frozenset(_cmap_format12(data, by_format[12]))
    if 4 in by_format:
        return frozenset(_cmap_format4(data, by_format[4]))
    return frozenset()


def covers(text: str, *, bold: bool = False) -> bool:
    """True when the bundled font has a real glyph for every character of ``text``."""
    points = font_codepoints(bold=bold)
    return all(ord(ch) in points for ch in text)
