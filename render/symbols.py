"""Pictograms that stand in for words on the pictures, each a cached RGBA sprite.

The pictures are shared by every language, so what a word or its initial
would say (a round, the dealer) is drawn as a symbol the caption can repeat
with the matching emoji (🔄 for a round; the dealer's fanned cards).
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render import common as c


def _arrow_head(
    d: ImageDraw.ImageDraw, tip: tuple[float, float], angle: float, size: float, fill: c.RGB
) -> None:
    """A solid arrow head whose tip is at ``tip``, pointing along ``angle`` (radians)."""
    x, y = tip
    back = angle + math.pi
    left = (x + size * math.cos(back - 0.55), y + size * math.sin(back - 0.55))
    right = (x + size * math.cos(back + 0.55), y + size * math.sin(back + 0.55))
    d.polygon([tip, left, right], fill=fill)


@c.sprite_cache
def round_arrows(size: int, fill: c.RGB = c.INK) -> Image.Image:
    """Two arrows chasing each other round a circle, like 🔄: "a round"."""
    big = size * c.SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    line = round(big * 0.14)
    head = big * 0.3
    radius = big * 0.33
    centre = big / 2
    box = (centre - radius, centre - radius, centre + radius, centre + radius)
    for start in (190.0, 10.0):
        # Each arc stops short of the other's start, and a head caps its end.
        end = start + 125
        d.arc(box, start, end, fill=fill, width=line)
        rad = math.radians(end)
        # The tangent of a clockwise arc (screen coordinates) points along +90°.
        tangent = rad + math.pi / 2
        along, ahead = radius - line / 2, head * 0.75
        tip = (
            centre + along * math.cos(rad) + ahead * math.cos(tangent),
            centre + along * math.sin(rad) + ahead * math.sin(tangent),
        )
        _arrow_head(d, tip, tangent, head, fill)
    return im.resize((size, size), Image.Resampling.LANCZOS)


@c.sprite_cache
def dealer_button(diameter: int) -> Image.Image:
    """The dealer's button: a white disc with two fanned card backs on it.

    Card tables mark the dealer with a "D"; a letter means nothing in every
    language, the cards being dealt read the same everywhere.
    """
    big = diameter * c.SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.ellipse((0, 0, big - 1, big - 1), fill=c.PAPER, outline=c.INK,
              width=max(1, round(big / 14)))  # fmt: skip
    w, h = big * 0.36, big * 0.52
    for angle, dx in ((18, -0.09), (-18, 0.09)):
        card = Image.new("RGBA", (round(w), round(h)), (0, 0, 0, 0))
        ImageDraw.Draw(card).rounded_rectangle(
            (0, 0, card.width - 1, card.height - 1),
            radius=round(w * 0.18),
            fill=c.CARD_BACK,
            outline=c.INK,
            width=max(1, round(big / 40)),
        )
        inset = round(w * 0.2)
        ImageDraw.Draw(card).rounded_rectangle(
            (inset, inset, card.width - 1 - inset, card.height - 1 - inset),
            radius=round(w * 0.08),
            outline=c.CARD_BACK_LINE,
            width=max(1, round(big / 50)),
        )
        turned = card.rotate(angle, expand=True, resample=Image.Resampling.BICUBIC)
        x = round(big / 2 + dx * big - turned.width / 2)
        y = round(big / 2 - turned.height / 2)
        im.alpha_composite(turned, (x, y))
    return im.resize((diameter, diameter), Image.Resampling.LANCZOS)
