"""The small pictures a curling image is pasted together from, each cached:
stones, a struck stone's ghost, the cross of a stone that left, the warning
sign, the hammer, the house as an icon, the preview's eye, dice, a segment's
number tag and the discard pile.

Drawn supersampled and shrunk with a box filter, so flat areas keep their
exact palette colour.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render import common as c
from render.curling.layout import (
    FOUL,
    HALO,
    HOUSE_CENTRE,
    HOUSE_MIDDLE,
    HOUSE_OUTER,
    LINE,
    PATH,
    PREVIEW,
    RING,
    STONE_COLOURS,
    WOOD,
)


def _supersampled(size: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    big = size * c.SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    return im, ImageDraw.Draw(im), big


def _down(im: Image.Image, size: int) -> Image.Image:
    # A box filter, not Lanczos: flat areas keep their exact colour (no ringing),
    # so a stone's fill stays one palette colour and pixel checks can count it.
    return im.resize((size, size), Image.Resampling.BOX)


def stone_colour(colour: str) -> c.RGB:
    """The fill of a stone of ``colour`` ("red", "blue"; grey for anything else)."""
    return STONE_COLOURS.get(colour, c.MUTED)


@c.sprite_cache
def stone_sprite(colour: str, n: int | None, diameter: int, *, halo: bool = False) -> Image.Image:
    """A stone, RGBA, cached: red has one continuous light ring, blue a dashed one,
    so they differ by more than hue; ``n`` (if given) is printed on it.
    ``halo`` rings it in the path colour (the thrown stone); the sprite then
    grows by :data:`HALO` on every side."""
    extra = HALO if halo else 0
    size = diameter + 2 * extra
    im, d, big = _supersampled(size)
    s = c.SUPERSAMPLE
    if halo:
        d.ellipse((0, 0, big - 1, big - 1), fill=PATH)
    o = extra * s
    disc = (o, o, big - 1 - o, big - 1 - o)
    d.ellipse(
        disc, fill=stone_colour(colour), outline=c.INK, width=max(s, round(diameter / 24 * s))
    )
    width = max(s, round(diameter * (0.09 if colour == "blue" else 0.05) * s))
    # Pillow draws an outline inside its box: grow the box by half the width
    # so the ring's middle runs at RING × the stone's radius.
    ring_r = (big - 2 * o) / 2 * RING + width / 2
    ring = (big / 2 - ring_r, big / 2 - ring_r, big / 2 + ring_r, big / 2 + ring_r)
    if colour == "blue":
        for k in range(8):
            start = k * 45 + 8
            d.arc(ring, start, start + 26, fill=c.PAPER, width=width)
    elif colour == "red":
        d.ellipse(ring, outline=c.PAPER, width=width)
    im = _down(im, size)
    if n is not None:
        label = str(n)
        fnt = c.fit_font(label, diameter * 0.56, round(diameter * 0.62), bold=True, min_size=8)
        ImageDraw.Draw(im).text(
            (size / 2, size / 2 + 1),
            label,
            font=fnt,
            fill=c.PAPER,
            anchor="mm",
            stroke_width=max(1, diameter // 22),
            stroke_fill=c.INK,
        )
    return im


@c.sprite_cache
def ghost(colour: str, diameter: int) -> Image.Image:
    """Where a struck stone stood: a dashed circle in its colour."""
    im, d, big = _supersampled(diameter)
    width = round(3 * c.SUPERSAMPLE)
    for k in range(12):
        d.arc(
            (width, width, big - width, big - width),
            k * 30,
            k * 30 + 18,
            fill=stone_colour(colour),
            width=width,
        )
    return _down(im, diameter)


@c.sprite_cache
def cross(colour: str, size: int) -> Image.Image:
    """A stone that left the field: a thick cross in its colour, outlined in ink."""
    im, d, big = _supersampled(size)
    m = big * 0.14
    for width, fill in ((big * 0.30, c.INK), (big * 0.18, stone_colour(colour))):
        d.line((m, m, big - m, big - m), fill=fill, width=round(width))
        d.line((m, big - m, big - m, m), fill=fill, width=round(width))
    return _down(im, size)


@c.sprite_cache
def warning_sign(size: int) -> Image.Image:
    """A red warning triangle with a white "!" (drawn, not a font glyph): a foul."""
    im, d, big = _supersampled(size)
    top, bottom = big * 0.06, big * 0.92
    d.polygon(
        [(big / 2, top), (big * 0.98, bottom), (big * 0.02, bottom)],
        fill=FOUL,
        outline=c.INK,
        width=max(1, round(big * 0.025)),
    )
    w = big * 0.055
    d.rounded_rectangle(
        (big / 2 - w, big * 0.34, big / 2 + w, big * 0.66), radius=round(w), fill=c.PAPER
    )
    d.ellipse(
        (big / 2 - w * 1.1, big * 0.72, big / 2 + w * 1.1, big * 0.72 + 2.2 * w), fill=c.PAPER
    )
    return _down(im, size)


@c.sprite_cache
def hammer_icon(size: int) -> Image.Image:
    """The hammer (the last throw of the end): a wooden handle and an ink head."""
    im, d, big = _supersampled(size)
    d.line((big * 0.16, big * 0.86, big * 0.62, big * 0.36), fill=WOOD, width=round(big * 0.14))
    dx, dy = 0.46 / math.hypot(0.46, -0.5), -0.5 / math.hypot(0.46, -0.5)  # along the handle
    px, py = -dy, dx  # across it
    cx, cy = big * 0.64, big * 0.34
    half_l, half_w = big * 0.34, big * 0.13
    points = [
        (cx + sx * px * half_l + sy * dx * half_w, cy + sx * py * half_l + sy * dy * half_w)
        for sx, sy in ((1, 1), (1, -1), (-1, -1), (-1, 1))
    ]
    d.polygon(points, fill=c.INK)
    return _down(im, size)


@c.sprite_cache
def target(size: int) -> Image.Image:
    """The house as an icon: three rings, outer blue, middle white, centre gold."""
    im, d, big = _supersampled(size)
    width = max(1, round(big * 0.03))
    for frac, fill in ((1.0, HOUSE_OUTER), (0.64, HOUSE_MIDDLE), (0.30, HOUSE_CENTRE)):
        r = (big - 2) / 2 * frac
        d.ellipse(
            (big / 2 - r, big / 2 - r, big / 2 + r, big / 2 + r),
            fill=fill,
            outline=LINE,
            width=width,
        )
    return _down(im, size)


@c.sprite_cache
def eye(size: int) -> Image.Image:
    """The preview's eye: "what would happen"."""
    im, d, big = _supersampled(size)
    h = big * 0.34
    upper = [
        (big * (0.5 - 0.47 * math.cos(t)), big / 2 - h * math.sin(t))
        for t in (i * math.pi / 24 for i in range(25))
    ]
    lower = [(x, big - y) for x, y in reversed(upper)]
    d.polygon(upper + lower, fill=c.PAPER, outline=PREVIEW, width=round(big * 0.07))
    r = big * 0.17
    d.ellipse((big / 2 - r, big / 2 - r, big / 2 + r, big / 2 + r), fill=PREVIEW)
    return _down(im, size)


@c.sprite_cache
def die_face(value: int, size: int, *, marked: bool = False) -> Image.Image:
    """A die showing ``value`` pips (0: not thrown yet, a blank grey face); RGBA,
    cached. A die ``marked`` for the re-throw gets a thick turn-coloured frame."""
    im, d, big = _supersampled(size)
    s = c.SUPERSAMPLE
    frame = round(4 * s) if marked else round(2 * s)
    d.rounded_rectangle(
        (0, 0, big - 1, big - 1),
        radius=round(big * 0.18),
        fill=c.PAPER if value else c.BACKGROUND,
        outline=c.TURN_MARK if marked else c.MUTED,
        width=frame,
    )
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.27, 0.27), (0.73, 0.73)],
        3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
        6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
    }.get(value, [])
    r = big * 0.085
    for fx, fy in spots:
        d.ellipse((big * fx - r, big * fy - r, big * fx + r, big * fy + r), fill=c.INK)
    return _down(im, size)


@c.sprite_cache
def number_tag(label: str, size: int) -> Image.Image:
    """A segment's number on the previewed path: ink on white in a path-coloured square."""
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (0, 0, size - 1, size - 1),
        radius=size // 5,
        fill=c.PAPER,
        outline=PATH,
        width=max(2, size // 9),
    )
    fnt = c.fit_font(label, size * 0.7, round(size * 0.7), bold=True, min_size=8)
    d.text((size / 2, size / 2 + 1), label, font=fnt, fill=c.INK, anchor="mm")
    return im


@c.sprite_cache
def discard_icon(width: int, height: int) -> Image.Image:
    """A pile of face-up blank cards: the discard pile."""
    im = Image.new("RGBA", (width + 8, height + 6), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    for k, (dx, dy) in enumerate(((8, 0), (4, 3), (0, 6))):
        fill = c.FAINT if k < 2 else c.PAPER
        d.rounded_rectangle(
            (dx, dy, dx + width - 1, dy + height - 1), radius=4, fill=fill, outline=c.MUTED, width=2
        )
    return im


def paste_centred(canvas: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Paste ``sprite`` onto ``canvas`` with its middle at ``centre``."""
    c.paste(
        canvas, sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2))
    )
