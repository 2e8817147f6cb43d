"""Text with emoji on pictures: the bundled font for letters, an emoji font
for what it lacks (a Klac card's 🔵, a stone's 🔴), wrapped to a width.

The words told under a replay's frames are the chat's own lines, emoji and
all; the bundled font has none, so each emoji is drawn from a colour emoji
font (Noto Color Emoji's bitmaps come at one size, 109 px, and are scaled
down) given by the caller. Without one, or for a character it lacks, the
text is drawn as :func:`~render.common.text.clean_text` would draw it.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render.common.colours import RGB
from render.common.fonts import cmap_points, font, font_codepoints
from render.common.text import ELLIPSIS, REPLACEMENT

#: The one size a colour emoji font's bitmaps come at.
EMOJI_SOURCE_SIZE = 109
#: Variation selectors and joiners: drawn as part of the emoji before them.
_SILENT = {0xFE0E, 0xFE0F, 0x200D}


@lru_cache(maxsize=4)
def _emoji_font(path: Path) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), EMOJI_SOURCE_SIZE)


@lru_cache(maxsize=256)
def _emoji(char: str, size: int, path: Path) -> Image.Image:
    """One emoji as an RGBA square of ``size`` px."""
    fnt = _emoji_font(path)
    side = round(fnt.getlength(char)) or EMOJI_SOURCE_SIZE
    big = Image.new("RGBA", (side, round(EMOJI_SOURCE_SIZE * 1.2)), (0, 0, 0, 0))
    ImageDraw.Draw(big).text((0, 0), char, font=fnt, embedded_color=True)
    box = big.getbbox() or (0, 0, side, side)
    return big.crop(box).resize((size, size), Image.Resampling.LANCZOS)


def _parts(text: str, emoji: Path | None) -> Iterator[tuple[str, bool]]:
    """``text`` as runs of letters and single emoji: ``(part, is_emoji)``."""
    letters = font_codepoints()
    drawable = cmap_points(emoji) if emoji is not None else frozenset()
    run = ""
    for char in text:
        point = ord(char)
        if point in _SILENT:
            continue
        if point in letters or char == " ":
            run += char
            continue
        if run:
            yield run, False
            run = ""
        yield (char, True) if point in drawable else (REPLACEMENT, False)
    if run:
        yield run, False


def width(text: str, size: int, emoji: Path | None = None) -> float:
    """How wide :func:`draw` draws ``text`` at ``size`` px."""
    fnt = font(size)
    return sum(size if is_emoji else fnt.getlength(part) for part, is_emoji in _parts(text, emoji))


def wrap(text: str, size: int, max_width: float, emoji: Path | None = None) -> list[str]:
    """``text`` broken into lines at spaces, each at most ``max_width`` px wide
    (a single word wider than that is ellipsized)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and width(candidate, size, emoji) > max_width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return [_fit(line, size, max_width, emoji) for line in lines]


def _fit(line: str, size: int, max_width: float, emoji: Path | None) -> str:
    while len(line) > 1 and width(line, size, emoji) > max_width:
        line = line[:-2] + ELLIPSIS
    return line


def draw(
    canvas: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    emoji: Path | None = None,
) -> None:
    """Draw one line of ``text`` on ``canvas`` from ``xy`` (left, middle)."""
    pen = ImageDraw.Draw(canvas)
    fnt = font(size)
    x, y = xy
    for part, is_emoji in _parts(text, emoji):
        if is_emoji and emoji is not None:
            sprite = _emoji(part, size, emoji)
            canvas.paste(sprite, (round(x), round(y - size / 2)), sprite)
            x += size
        else:
            pen.text((x, y), part, font=fnt, fill=fill, anchor="lm")
            x += fnt.getlength(part)
