"""Shared drawing kit for every game renderer: fonts, palette, text, icons, PNG.

Nothing here knows any game. Everything expensive (fonts, the font's
character map, repeated icons) is built lazily on first use and cached, so
importing this module does no work. Cached images are shared between renders
(and threads): paste from them, never draw on them.
"""

from __future__ import annotations

import io
import math
import struct
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache, partial, update_wrapper
from operator import itemgetter
from pathlib import Path
from typing import Generic, Literal, ParamSpec

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR_FONT = FONT_DIR / "DejaVuSans.ttf"
BOLD_FONT = FONT_DIR / "DejaVuSans-Bold.ttf"

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
Shape = Literal["circle", "triangle", "square", "diamond"]

#: Bytes of pixels all renderers' cached sprites hold together. Measured over
#: the five games at once (bench.playground_soak): a bigger budget draws no
#: faster, half of it 25% slower.
SPRITE_BUDGET = 48 * 2**20

P = ParamSpec("P")


class _Sprites:
    """Every renderer's cached sprites in one LRU, bounded by their pixels' bytes.

    Bounded by count, a few caches of big sprites (a Caravan column, a Krendzu
    felt, a Klotho row: 0.2 to 3 MB each, up to 256 of them) held 600 MB; what
    the tables being drawn reuse is a small part of that.
    """

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.size = 0
        self._items: OrderedDict[Hashable, Image.Image] = OrderedDict()
        # Pictures are drawn in worker threads.
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Image.Image | None:
        with self._lock:
            image = self._items.get(key)
            if image is not None:
                self._items.move_to_end(key)
            return image

    def put(self, key: Hashable, image: Image.Image) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.size -= _pixel_bytes(old)
            self._items[key] = image
            self.size += _pixel_bytes(image)
            while self.size > self.budget and len(self._items) > 1:
                self.size -= _pixel_bytes(self._items.popitem(last=False)[1])

    def drop(self, owner: object) -> None:
        with self._lock:
            for key in [k for k in self._items if isinstance(k, tuple) and k[0] is owner]:
                self.size -= _pixel_bytes(self._items.pop(key))


def _pixel_bytes(image: Image.Image) -> int:
    return image.width * image.height * len(image.getbands())


SPRITES = _Sprites(SPRITE_BUDGET)


class _Cached(Generic[P]):
    """A sprite-drawing function whose results are kept in :data:`SPRITES`."""

    def __init__(self, draw: Callable[P, Image.Image]) -> None:
        self._draw = draw
        update_wrapper(self, draw)
        # Forgets this function's sprites; an attribute of each cached function
        # only, as ``lru_cache`` has it (not of this class).
        self.cache_clear: Callable[[], None] = partial(SPRITES.drop, self)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> Image.Image:
        key = (self, args, tuple(sorted(kwargs.items())))
        image = SPRITES.get(key)
        if image is None:
            image = self._draw(*args, **kwargs)
            SPRITES.put(key, image)
        return image


def sprite_cache(draw: Callable[P, Image.Image]) -> _Cached[P]:
    """Cache a function drawing a sprite (arguments hashable, as for ``lru_cache``)
    in the shared, size-bounded :data:`SPRITES`; paste from it, never draw on it."""
    return _Cached(draw)


# Okabe–Ito: distinguishable under the common colour-vision deficiencies.
BLACK: RGB = (0, 0, 0)
ORANGE: RGB = (230, 159, 0)
SKY: RGB = (86, 180, 233)
GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
PURPLE: RGB = (204, 121, 167)

# Neutrals and roles. The highlight is a saturated magenta that sits apart
# from every Okabe–Ito hue, so a "last move" frame never reads as a card colour.
INK: RGB = (28, 28, 32)
PAPER: RGB = (255, 255, 255)
BACKGROUND: RGB = (236, 238, 242)
PANEL: RGB = (246, 247, 250)
MUTED: RGB = (120, 124, 134)
FAINT: RGB = (200, 203, 210)
HIGHLIGHT: RGB = (220, 38, 127)
TURN_BAND: RGB = (255, 236, 153)
TURN_MARK: RGB = (200, 120, 0)
GOLD: RGB = (245, 190, 20)
CARD_BACK: RGB = (52, 64, 96)
CARD_BACK_LINE: RGB = (96, 112, 150)

# Playing cards: a four-colour deck (♠ ink, ♥ red, ♦ blue, ♣ green), so the
# suit reads from the hue before the symbol is made out, and red ♥ stays apart
# from blue ♦ (a two-colour deck only splits red from black). The inks are
# darker than the Okabe–Ito seat colours and differ from them, so a chip never
# looks like a suit mark and pixel checks can tell them apart.
SUIT_RED: RGB = (204, 24, 40)
SUIT_BLUE: RGB = (28, 84, 200)
SUIT_GREEN: RGB = (16, 128, 48)
# A warm card paper a game may use to set some faces apart (e.g. figures).
CARD_TINT: RGB = (255, 243, 214)
# Colours of seat pieces (chips, tokens), seat 0 first. All Okabe–Ito, so
# they survive the common colour-vision deficiencies; the two orange-ish ones
# are as far apart in the order as they can be (seats 2 and 7).
SEAT_COLOURS: tuple[RGB, ...] = (BLUE, VERMILLION, GREEN, PURPLE, SKY, YELLOW, ORANGE, BLACK)

ELLIPSIS = "…"
# Drawn once for a run of characters the font lacks (emoji, rare scripts):
# a deliberate placeholder reads better than FreeType's .notdef box per code point.
REPLACEMENT = "□"


# --------------------------------------------------------------------- fonts


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


@lru_cache(maxsize=2)
def font_codepoints(*, bold: bool = False) -> frozenset[int]:
    """Every code point the bundled font maps to a real glyph (from its cmap).

    Pillow cannot tell whether a glyph exists, so we read the TrueType
    ``cmap`` table ourselves: format 12 (full Unicode) when present, else
    format 4 (the BMP).
    """
    data = (BOLD_FONT if bold else REGULAR_FONT).read_bytes()
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


# ---------------------------------------------------------------------- text


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


def text_width(text: str, fnt: ImageFont.FreeTypeFont) -> float:
    """Advance width of ``text`` in pixels."""
    return fnt.getlength(text)


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
    robot = round(size * 0.9) if computer else 0
    gap = round(size * 0.3) if computer else 0
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


# --------------------------------------------------------------------- shapes


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


@sprite_cache
def card_back(width: int, height: int) -> Image.Image:
    """A face-down card (RGBA, transparent corners), cached by size."""
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = max(2, min(width, height) // 7)
    border = max(1, width // 24)
    d.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=radius, fill=CARD_BACK, outline=INK, width=border
    )
    inset = max(3, width // 7)
    d.rounded_rectangle(
        (inset, inset, width - 1 - inset, height - 1 - inset),
        radius=max(1, radius // 2),
        outline=CARD_BACK_LINE,
        width=max(1, width // 16),
    )
    return im


@sprite_cache
def seat_badge(number: int, diameter: int, fill: RGB = INK, text: RGB = PAPER) -> Image.Image:
    """A round badge with a seat number (1-based), cached; RGBA."""
    im = Image.new("RGBA", (diameter, diameter), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.ellipse((0, 0, diameter - 1, diameter - 1), fill=fill)
    label = str(number)
    fnt = fit_font(label, diameter * 0.72, int(diameter * 0.62), bold=True)
    draw_centred(d, (diameter / 2, diameter / 2 + 1), label, fnt, text)
    return im


def paste(canvas: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an RGBA sprite onto ``canvas`` using its own alpha."""
    canvas.paste(sprite, xy, sprite)


@sprite_cache
def fan_of_backs(count: int, card_w: int, card_h: int, step: int) -> Image.Image:
    """``count`` face-down cards overlapped by ``step`` px (a hand-size icon), cached."""
    count = max(count, 0)
    width = card_w + step * max(count - 1, 0)
    im = Image.new("RGBA", (max(width, 1), card_h), (0, 0, 0, 0))
    back = card_back(card_w, card_h)
    for i in range(count):
        im.paste(back, (i * step, 0), back)
    return im


# ------------------------------------------------------- cards and pieces

# Suit letter (as in card codes like "10H") -> (symbol, ink). DejaVu Sans has
# all four symbols in both weights (tests/render/test_common.py checks).
SUITS: dict[str, tuple[str, RGB]] = {
    "S": ("♠", INK),
    "H": ("♥", SUIT_RED),
    "D": ("♦", SUIT_BLUE),
    "C": ("♣", SUIT_GREEN),
}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# The colours a playing-card picture needs exact in the PNG palette, on top of
# KEY_COLOURS (pass ``keep=KEY_COLOURS + CARD_COLOURS`` to :func:`to_palette`).
CARD_COLOURS: tuple[RGB, ...] = (SUIT_RED, SUIT_BLUE, SUIT_GREEN, CARD_TINT)
# Drawn this many times larger and scaled down: Pillow draws ellipses and
# polygons without anti-aliasing, and round pieces look jagged otherwise.
SUPERSAMPLE = 4


def parse_playing_card(code: object) -> tuple[str, str] | None:
    """``(rank, suit letter)`` of a code like ``"10H"`` or ``"qs"``; None if it is not one."""
    if not isinstance(code, str):
        return None
    code = code.strip().upper()
    rank, suit = code[:-1], code[-1:]
    if suit in SUITS and rank in RANKS:
        return rank, suit
    return None


def _ink_sprite(text: str, fnt: ImageFont.FreeTypeFont, fill: RGB, max_width: int) -> Image.Image:
    """``text`` as a tight RGBA sprite, squeezed sideways (down to 3/4) to fit ``max_width``.

    Squeezing keeps "10" as tall as "9" on a card, as printed decks do, where
    a smaller font would make the ten look like a lesser card.
    """
    bbox = fnt.getbbox(text, anchor="ls")
    left, top = math.floor(bbox[0]), math.floor(bbox[1])
    w, h = max(1, math.ceil(bbox[2]) - left), max(1, math.ceil(bbox[3]) - top)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor="ls")
    if w > max_width > 0:
        mask = mask.resize((max(max_width, w * 3 // 4), h), Image.Resampling.LANCZOS)
    sprite = Image.new("RGBA", mask.size, (*fill, 255))
    sprite.putalpha(mask)
    return sprite


@sprite_cache
def playing_card_face(
    code: str, width: int, height: int, *, index: bool = True, fill: RGB = PAPER
) -> Image.Image:
    """The face of playing card ``code`` (e.g. ``"10H"``, ``"QS"``), RGBA, cached.

    Laid out for a phone: a big rank in the top-left corner and a big suit
    symbol in the bottom-right, both in the suit's ink. With ``index`` a small
    suit symbol also sits top-right, so the top strip alone names the card
    (for cards overlapped in a column). The bottom-left quarter is always
    left empty, so a piece (:func:`chip`) can stand on the card there without
    hiding it. An unknown code gives a "?" face instead of an error.
    ``fill`` is the card paper (e.g. :data:`CARD_TINT` to set a card apart).
    """
    parsed = parse_playing_card(code)
    rank, suit = parsed if parsed else ("?", "")
    symbol, ink = SUITS.get(suit, ("", MUTED))
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = max(3, width // 9)
    border = max(1, width // 60)
    d.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=radius, fill=fill, outline=INK, width=border
    )
    pad_x, pad_y = round(width * 0.08), round(height * 0.065)
    rank_size = max(8, round(height * 0.40))
    rank_room = round(width * (0.56 if index else 0.66))
    sprite = _ink_sprite(rank, font(rank_size, bold=True), ink, rank_room)
    if sprite.width > rank_room:  # still too wide after squeezing: a tiny card
        scale = rank_room / sprite.width
        sprite = sprite.resize((rank_room, max(1, round(sprite.height * scale))))
    im.alpha_composite(sprite, (pad_x, pad_y))
    if symbol:
        big = font(max(8, round(height * 0.44)))
        d.text((width * 0.71, height * 0.725), symbol, font=big, fill=ink, anchor="mm")
        if index:
            small = font(max(6, round(height * 0.18)))
            d.text((width * 0.84, pad_y + height * 0.09), symbol, font=small, fill=ink,
                   anchor="mm")  # fmt: skip
    return im


@sprite_cache
def playing_card_back(width: int, height: int) -> Image.Image:
    """A face-down playing card (RGBA), cached by size.

    A white margin round a dark lattice, like a printed deck: the margin makes
    the card stand out on any table colour, and the lattice reads as "back"
    at a glance, unlike a plain dark block.
    """
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = max(3, width // 9)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=PAPER, outline=INK,
                        width=max(1, width // 60))  # fmt: skip
    inset = max(3, width // 13)
    inner = (inset, inset, width - 1 - inset, height - 1 - inset)
    pattern = Image.new("RGBA", (width, height), (*CARD_BACK, 255))
    pd = ImageDraw.Draw(pattern)
    step = max(6, width // 7)
    line = max(1, width // 45)
    for k in range(-height, width + height, step):
        pd.line((k, 0, k + height, height), fill=CARD_BACK_LINE, width=line)
        pd.line((k, 0, k - height, height), fill=CARD_BACK_LINE, width=line)
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, radius=max(1, radius - inset // 2), fill=255)
    im.paste(pattern, (0, 0), mask)
    d.rounded_rectangle(inner, radius=max(1, radius - inset // 2), outline=CARD_BACK,
                        width=max(1, width // 40))  # fmt: skip
    return im


def _smooth_disc(diameter: int, fill: RGB, outline: RGB, outline_width: float) -> Image.Image:
    """An anti-aliased filled circle with an outline, as an RGBA sprite."""
    big = diameter * SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    ImageDraw.Draw(im).ellipse(
        (0, 0, big - 1, big - 1),
        fill=fill,
        outline=outline,
        width=max(1, round(outline_width * SUPERSAMPLE)),
    )
    return im.resize((diameter, diameter), Image.Resampling.LANCZOS)


@sprite_cache
def chip(label: str, diameter: int, fill: RGB, *, ring: RGB | None = None) -> Image.Image:
    """A player's round chip in ``fill`` with ``label`` (a seat number) on it, RGBA, cached.

    Styled as a poker chip (white spots round the rim), so it reads as a
    piece standing on a card rather than a printed mark. The label is in ink
    or white, whichever contrasts more with ``fill``, so the chip never relies
    on colour alone. ``ring`` draws a thick halo round it (e.g. the player to
    move); the sprite then grows by the halo on every side.
    """
    halo = max(3, diameter // 10) if ring is not None else 0
    size = diameter + 2 * halo
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    if ring is not None:
        im.alpha_composite(_smooth_disc(size, ring, ring, 1))
    outline = max(1.5, diameter / 26)
    disc = _smooth_disc(diameter, fill, INK, outline)
    # Rim spots: six short white arcs, drawn supersampled like the disc.
    big = diameter * SUPERSAMPLE
    spots = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    sd = ImageDraw.Draw(spots)
    r_out = big / 2 - outline * SUPERSAMPLE * 1.6
    band = max(2.0, big * 0.085)
    box = (big / 2 - r_out, big / 2 - r_out, big / 2 + r_out, big / 2 + r_out)
    for i in range(6):
        start = i * 60 - 12
        sd.arc(box, start, start + 24, fill=PAPER, width=round(band))
    disc.alpha_composite(spots.resize((diameter, diameter), Image.Resampling.LANCZOS))
    im.alpha_composite(disc, (halo, halo))
    d = ImageDraw.Draw(im)
    text = PAPER if contrast(fill, PAPER) >= contrast(fill, INK) else INK
    other = INK if text == PAPER else PAPER
    fnt = fit_font(label, diameter * 0.58, round(diameter * 0.50), bold=True, min_size=6)
    d.text((size / 2, size / 2), label, font=fnt, fill=text, anchor="mm",
           stroke_width=max(1, diameter // 30), stroke_fill=other)  # fmt: skip
    return im


@sprite_cache
def half_token(diameter: int, fill: RGB = GOLD) -> Image.Image:
    """A circle with its left half filled: one "half" (e.g. a half victory), RGBA, cached."""
    big = diameter * SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    width = max(1, round(diameter / 12 * SUPERSAMPLE))
    d.ellipse((0, 0, big - 1, big - 1), fill=PAPER)
    d.pieslice((0, 0, big - 1, big - 1), 90, 270, fill=fill)
    d.line((big / 2, 0, big / 2, big), fill=INK, width=width)
    d.ellipse((0, 0, big - 1, big - 1), outline=INK, width=width)
    return im.resize((diameter, diameter), Image.Resampling.LANCZOS)


def draw_check(draw: ImageDraw.ImageDraw, box: Box, fill: RGB = GREEN, width: int = 0) -> None:
    """A tick mark filling ``box`` (a polyline, so it never depends on a font glyph)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    points = [(x0 + w * 0.08, y0 + h * 0.55), (x0 + w * 0.38, y0 + h * 0.85),
              (x0 + w * 0.92, y0 + h * 0.15)]  # fmt: skip
    draw.line(points, fill=fill, width=width or max(2, round(w / 5)), joint="curve")


@sprite_cache
def tick(size: int) -> Image.Image:
    """A green tick on a transparent ``size``-square sprite ("yes", "done")."""
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw_check(ImageDraw.Draw(im), (2, 4, size - 2, size - 4), GREEN, width=max(3, size // 6))
    return im


@sprite_cache
def ballot_box(size: int) -> Image.Image:
    """A ballot box with a ticked paper going in (the "vote" icon), RGBA, cached."""
    big = size * SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    line = max(1, round(big / 18))
    # The paper first, so the box front hides its lower half.
    paper = (big * 0.28, big * 0.02, big * 0.72, big * 0.50)
    d.rectangle(paper, fill=PAPER, outline=INK, width=line)
    draw_check(d, (round(big * 0.34), round(big * 0.06), round(big * 0.66), round(big * 0.36)),
               GREEN, width=max(1, round(big / 14)))  # fmt: skip
    d.rectangle((big * 0.06, big * 0.40, big * 0.94, big * 0.97), fill=CARD_BACK_LINE,
                outline=INK, width=line)  # fmt: skip
    d.rectangle((big * 0.22, big * 0.38, big * 0.78, big * 0.46), fill=INK)
    return im.resize((size, size), Image.Resampling.LANCZOS)


# ----------------------------------------------------------------------- PNG


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


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (0 = a, 1 = b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(colour: Sequence[int]) -> float:
    """Relative luminance (WCAG) of an sRGB colour, 0..1."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else float(((v + 0.055) / 1.055) ** 2.4)

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Sequence[int], b: Sequence[int]) -> float:
    """WCAG contrast ratio between two colours (1..21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
