"""Text on pictures: user strings made safe for the font, fitted, ellipsized; names."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from PIL import ImageDraw, ImageFont

from render.common.colours import INK, RGB
from render.common.fonts import font, font_codepoints
from render.common.shapes import draw_robot

ELLIPSIS = "…"
# Drawn once for a run of characters the font lacks (emoji, rare scripts):
# a deliberate placeholder reads better than FreeType's .notdef box per code point.
REPLACEMENT = "□"


def clean_text(text: str, *, bold: bool = False) -> str:
    """Make a user-supplied string safe to draw with the bundled font.

    Control and format characters (joiners, direction marks) and variation
    selectors are dropped, so an emoji ZWJ sequence does not turn into a row
    of boxes; a run of other characters the font lacks becomes one ``□`` so
    it still takes up a visible place. Whitespace runs collapse to one space.
    """
    points = font_codepoints(bold=bold)
    out: list[str] = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if cat in {"Cc", "Cf", "Cs"} or 0xFE00 <= ord(ch) <= 0xFE0F:
            continue
        if ord(ch) in points:
            out.append(ch)
        elif cat in {"Mn", "Me", "Co", "Cn"}:
            continue
        elif not out or out[-1] != REPLACEMENT:
            out.append(REPLACEMENT)
    return "".join(out).strip()


def ellipsize(text: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text`` cut to fit ``max_width`` px, ending in "…" when cut."""
    if fnt.getlength(text) <= max_width:
        return text
    lo, hi = 0, len(text)
    # Binary search over prefix length: getlength is the costly call.
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fnt.getlength(text[:mid].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ELLIPSIS


def fit_font(
    text: str, max_width: float, size: int, *, bold: bool = False, min_size: int = 10
) -> ImageFont.FreeTypeFont:
    """The largest font from ``size`` down to ``min_size`` in which ``text`` fits."""
    while size > min_size and font(size, bold=bold).getlength(text) > max_width:
        size -= max(1, size // 10)
    return font(max(size, min_size), bold=bold)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: RGB,
    *,
    anchor: str = "lm",
    stroke: int = 0,
    stroke_fill: RGB | None = None,
) -> None:
    """Draw ``text`` at ``xy`` with a Pillow anchor (default left/middle)."""
    draw.text(
        xy,
        text,
        font=fnt,
        fill=fill,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=stroke_fill if stroke else None,
    )


def draw_centred(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: RGB,
    *,
    stroke: int = 0,
    stroke_fill: RGB | None = None,
) -> None:
    """Draw ``text`` centred on ``centre`` (both axes)."""
    draw_text(draw, centre, text, fnt, fill, anchor="mm", stroke=stroke, stroke_fill=stroke_fill)


@lru_cache(maxsize=256)
def fit_name(
    name: str, max_width: float, size: int, min_size: int = 0, *, bold: bool = True
) -> tuple[str, int]:
    """A display name ready to draw: cleaned, shrunk from ``size`` towards
    ``min_size`` (when given) and then ellipsized to ``max_width``; cached, as
    the same names are drawn on every move. Returns ``(text, font size)``."""
    text = clean_text(name, bold=bold) or REPLACEMENT
    floor = min_size or size
    while size > floor and font(size, bold=bold).getlength(text) > max_width:
        size -= 2
    size = max(size, floor)
    return ellipsize(text, font(size, bold=bold), max_width), size


#: How a computer player's name is marked (``"Ada 🤖"``).
COMPUTER_MARK = " 🤖"
#: Between the names of several winners.
NAME_SEPARATOR = ", "


def _robot_room(size: int) -> tuple[int, int]:
    """The robot drawn for :data:`COMPUTER_MARK` at ``size`` px and the gap before it."""
    return round(size * 0.9), round(size * 0.3)


def draw_name(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    name: str,
    max_width: float,
    size: int,
    fill: RGB = INK,
    *,
    bold: bool = True,
    anchor: str = "lm",
    min_size: int = 0,
) -> float:
    """Draw a player's display name, cleaned, fitted and ellipsized; return its width.

    A computer player's name ends with :data:`COMPUTER_MARK`; the bundled font
    has no emoji, so the mark is drawn as a small robot after the name.
    """
    computer = name.endswith(COMPUTER_MARK)
    robot, gap = _robot_room(size) if computer else (0, 0)
    text, size = fit_name(
        name.removesuffix(COMPUTER_MARK), max_width - robot - gap, size, min_size, bold=bold
    )
    fnt = font(size, bold=bold)
    width = fnt.getlength(text)
    total = width + gap + robot
    x, y = xy
    left = x - {"l": 0.0, "m": total / 2, "r": total}[anchor[0]]
    draw_text(draw, (left, y), text, fnt, fill, anchor="l" + anchor[1])
    if computer:
        middle = y if anchor[1] == "m" else y - size / 2
        draw_robot(draw, (left + width + gap, middle - robot / 2, robot), fill)
    return total


def _name_width(name: str, size: int, *, bold: bool) -> float:
    """How wide :func:`draw_name` draws ``name`` at ``size`` px when it is not cut."""
    text = clean_text(name.removesuffix(COMPUTER_MARK), bold=bold) or REPLACEMENT
    robot, gap = _robot_room(size) if name.endswith(COMPUTER_MARK) else (0, 0)
    return font(size, bold=bold).getlength(text) + gap + robot


def draw_names(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    names: Sequence[str],
    max_width: float,
    size: int,
    *,
    bold: bool = True,
    min_size: int = 0,
) -> float:
    """Draw several players' names in a row from ``xy`` (left, middle), comma-separated,
    each as :func:`draw_name` draws it; return the row's width.

    Each name goes through :func:`draw_name` on its own, so every computer's
    mark becomes a robot (cleaned as one string, the marks would be boxes).
    Too long a row is first shrunk towards ``min_size`` (when given), then
    ends in the first name that does not fit, cut, or in a bare "…" where
    not even that name's robot would: either says that more names follow.
    """

    def measure(size: int) -> tuple[list[float], float]:
        """Each name's width at ``size``, and all the separators' together."""
        separator = font(size, bold=bold).getlength(NAME_SEPARATOR)
        return [_name_width(n, size, bold=bold) for n in names], separator * max(0, len(names) - 1)

    floor = min_size or size
    natural, separators = measure(size)
    while size > floor and sum(natural) + separators > max_width:
        size = max(floor, size - 2)
        natural, separators = measure(size)
    fnt = font(size, bold=bold)
    separator, ellipsis = fnt.getlength(NAME_SEPARATOR), fnt.getlength(ELLIPSIS)
    x, y = xy
    right = x + max_width
    for i, name in enumerate(names):
        if i:
            draw_text(draw, (x, y), NAME_SEPARATOR, fnt, INK)
            x += separator
        # A whole name leaves room for ", …" after it while more names follow.
        tail = separator + ellipsis if i < len(names) - 1 else 0.0
        room = right - x
        if natural[i] + tail <= room:
            x += draw_name(draw, (x, y), name, room, size, bold=bold)
            continue
        computer = name.endswith(COMPUTER_MARK)
        if room >= _name_width(ELLIPSIS + COMPUTER_MARK, size, bold=bold) or not computer:
            x += draw_name(draw, (x, y), name, room, size, bold=bold)
        else:
            draw_text(draw, (x, y), ELLIPSIS, fnt, INK)
            x += ellipsis
        break
    return x - xy[0]
