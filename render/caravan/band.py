"""The middle band of the Caravan table: a plate per caravan, and the discard pile.

A plate shows its caravan's value, direction and suit, whether it is sold or
bust, and the chip of whoever holds the pair now; the pile shows only backs.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import common as c
from render.caravan.layout import GUTTER, plate_box
from render.caravan.palette import (
    BUST,
    BUST_PALE,
    EMPTY_PLATE,
    SOLD,
    SOLD_INK,
    SOLD_PALE,
    seat_colour,
)

# Where a plate's parts start, from its left edge (room for a 3-digit value first).
PLATE_VALUE_X = 14
PLATE_ARROW_X = 108
PLATE_SUIT_X = 148
PLATE_STATUS_X = 192
STATUS_D = 40


@c.sprite_cache
def _status_badge(status: str, diameter: int) -> Image.Image:
    """Sold: a green disc with a tick. Bust: a crimson disc with a cross."""
    big = diameter * c.SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    fill = SOLD if status == "sold" else BUST
    d.ellipse((0, 0, big - 1, big - 1), fill=fill, outline=c.INK, width=c.SUPERSAMPLE * 2)
    line = round(big * 0.14)
    if status == "sold":
        c.draw_check(d, (round(big * 0.2), round(big * 0.24), round(big * 0.8), round(big * 0.76)),
                     c.PAPER, width=line)  # fmt: skip
    else:
        a, b = big * 0.3, big * 0.7
        d.line((a, a, b, b), fill=c.PAPER, width=line)
        d.line((a, b, b, a), fill=c.PAPER, width=line)
    return im.resize((diameter, diameter), Image.Resampling.LANCZOS)


@dataclass(frozen=True)
class Plate:
    """Everything a caravan's plate shows; hashable, so plates cache."""

    value: int
    direction: str | None
    suit: str | None
    status: str
    holder: int | None  # the seat whose chip sits here (this plate's seat holds the pair)


@c.sprite_cache
def plate_sprite(p: Plate) -> Image.Image:
    """A caravan's plate: value, direction, suit, sold/bust badge, pair holder; RGB."""
    x0, y0, x1, y1 = plate_box(0, 0)
    w, h = x1 - x0, y1 - y0
    fill, outline, value_ink = {
        "sold": (SOLD_PALE, SOLD, SOLD_INK),
        "bust": (BUST_PALE, BUST, BUST),
        "light": (c.PAPER, c.FAINT, c.INK),
    }.get(p.status, (EMPTY_PLATE, c.FAINT, c.MUTED))
    im = Image.new("RGB", (w, h), c.PANEL)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=14, fill=fill, outline=outline,
                        width=3 if p.status in ("sold", "bust") else 2)  # fmt: skip
    cy = h // 2
    # Fixed columns, so the six plates read like a table: value, arrow, suit, mark.
    label = str(p.value) if p.status != "empty" else "–"
    fnt = c.fit_font(label, PLATE_ARROW_X - PLATE_VALUE_X - 8, 42, bold=True)
    c.draw_text(d, (PLATE_VALUE_X, cy + 1), label, fnt, value_ink)
    # Direction: a solid triangle pointing up (ascending) or down.
    if p.direction in ("up", "down"):
        x, tw, th = PLATE_ARROW_X, 26, 24
        if p.direction == "up":
            points = [(x, cy + th / 2), (x + tw / 2, cy - th / 2), (x + tw, cy + th / 2)]
        else:
            points = [(x, cy - th / 2), (x + tw / 2, cy + th / 2), (x + tw, cy - th / 2)]
        d.polygon(points, fill=c.INK)
    if p.suit is not None:
        symbol, ink = c.SUITS[p.suit]
        c.draw_text(d, (PLATE_SUIT_X, cy), symbol, c.font(38), ink)
    if p.status in ("sold", "bust"):
        badge = _status_badge(p.status, STATUS_D)
        im.paste(badge, (PLATE_STATUS_X, cy - badge.height // 2), badge)
    if p.holder is not None:
        chip = c.chip(str(p.holder + 1), 42, seat_colour(p.holder))
        im.paste(chip, (w - 8 - chip.width, cy - chip.height // 2), chip)
    return im


@c.sprite_cache
def discard_pile() -> Image.Image:
    """The discard pile: card backs thrown crosswise (contents are never shown)."""
    w, h = 46, 64
    im = Image.new("RGBA", (GUTTER, 90), (0, 0, 0, 0))
    back = c.playing_card_back(w, h)
    for angle, dx in ((-24, -12), (14, 10), (-4, 0)):
        turned = back.rotate(angle, expand=True, resample=Image.Resampling.BICUBIC)
        im.alpha_composite(turned, ((GUTTER - turned.width) // 2 + dx, (90 - turned.height) // 2))
    return im
