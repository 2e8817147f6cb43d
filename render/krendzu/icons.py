"""Small pictograms of the Krendzu images, each a cached RGBA sprite.

The role icons (sword, shield), the tour, the cards set aside, a scored
window and a pending two-card move for the panel and the hand's header; the
order tag of a two-card move's cards for the field; the tick on a hand card
marked for the exchange.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render import common as c
from render.krendzu.palette import FELT, OLD_LINE, SHIELD, STEEL


def _supersampled(size: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    im = Image.new("RGBA", (size[0] * c.SUPERSAMPLE, size[1] * c.SUPERSAMPLE), (0, 0, 0, 0))
    return im, ImageDraw.Draw(im)


def _down(im: Image.Image, size: tuple[int, int]) -> Image.Image:
    return im.resize(size, Image.Resampling.LANCZOS)


@c.sprite_cache
def role_icon(role: str, size: int) -> Image.Image:
    """A sword (attack) or a shield (defend), RGBA, cached; an empty sprite otherwise.

    The two differ in silhouette first (a thin diagonal against a broad
    badge), in colour second (steel against blue).
    """
    im, d = _supersampled((size, size))
    s = size * c.SUPERSAMPLE
    line = max(2, round(s / 22))
    if role == "attack":
        ux, uy = 1 / math.sqrt(2), -1 / math.sqrt(2)  # along the blade, towards its tip
        vx, vy = -uy, ux

        def at(t: float, w: float) -> tuple[float, float]:
            return (s * (0.5 + t * ux + w * vx), s * (0.5 + t * uy + w * vy))

        blade = [at(-0.14, -0.11), at(0.48, -0.11), at(0.65, 0), at(0.48, 0.11),
                 at(-0.14, 0.11)]  # fmt: skip
        guard = [at(-0.22, -0.27), at(-0.12, -0.27), at(-0.12, 0.27), at(-0.22, 0.27)]
        grip = [at(-0.47, -0.05), at(-0.21, -0.05), at(-0.21, 0.05), at(-0.47, 0.05)]
        thin = max(2, round(line * 0.7))
        d.polygon(grip, fill=c.INK)
        d.polygon(blade, fill=STEEL, outline=c.INK, width=thin)
        d.polygon(guard, fill=c.GOLD, outline=c.INK, width=thin)
        px, py = at(-0.52, 0)
        r = s * 0.08
        d.ellipse((px - r, py - r, px + r, py + r), fill=c.GOLD, outline=c.INK, width=thin)
    elif role == "defend":
        top, bottom, left, right = s * 0.08, s * 0.95, s * 0.13, s * 0.87
        mid = (left + right) / 2
        shoulder = s * 0.5
        outline = [(left, top), (right, top), (right, shoulder)]
        for i in range(1, 9):  # the lower edges curve in to the point
            t = i / 9
            outline.append((right - (right - mid) * t**1.6, shoulder + (bottom - shoulder) * t))
        outline.append((mid, bottom))
        for i in range(8, 0, -1):
            t = i / 9
            outline.append((left + (mid - left) * t**1.6, shoulder + (bottom - shoulder) * t))
        outline.append((left, shoulder))
        d.polygon(outline, fill=SHIELD, outline=c.INK, width=line)
        band = max(2, round(s * 0.08))  # a gold cross: no blend of it with the blue looks steel
        d.rectangle((mid - band / 2, top + line, mid + band / 2, bottom - s * 0.1), fill=c.GOLD)
        d.rectangle((left + line, s * 0.33 - band / 2, right - line, s * 0.33 + band / 2),
                    fill=c.GOLD)  # fmt: skip
    return _down(im, (size, size))


@c.sprite_cache
def tour_icon(size: int) -> Image.Image:
    """Five little cards in a cross: a field, i.e. a tour."""
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    gap = max(2, size // 14)
    cell = (size - 2 * gap) / 3
    for col, row in ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)):
        x, y = col * (cell + gap), row * (cell + gap)
        d.rounded_rectangle((x, y, x + cell - 1, y + cell - 1), radius=2, fill=FELT)
    return im


@c.sprite_cache
def aside_icon(height: int) -> Image.Image:
    """Two face-down cards lying crosswise: the cards set aside."""
    w, h = round(height * 0.62), round(height * 0.84)
    back = c.playing_card_back(w, h)
    im = Image.new("RGBA", (round(height * 1.1), height), (0, 0, 0, 0))
    for angle, dx in ((18, -height * 0.12), (-10, height * 0.1)):
        turned = back.rotate(angle, expand=True, resample=Image.Resampling.BICUBIC)
        x = round((im.width - turned.width) / 2 + dx)
        im.alpha_composite(turned, (max(0, x), max(0, (height - turned.height) // 2)))
    return im


@c.sprite_cache
def window_icon(height: int) -> Image.Image:
    """Four little cards in a row struck through: a scored window (tour points)."""
    cell = round(height * 0.54)
    gap = max(2, height // 8)
    width = 4 * cell + 3 * gap
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    y0 = (height - cell) // 2
    for i in range(4):
        x = i * (cell + gap)
        # Inked like the hand-size fan beside it: a faint outline vanished at phone size.
        d.rounded_rectangle((x, y0, x + cell - 1, y0 + cell - 1), radius=2, fill=c.PAPER,
                            outline=c.INK, width=max(1, height // 14))  # fmt: skip
    d.line((cell // 3, height // 2, width - cell // 3, height // 2), fill=OLD_LINE,
           width=max(3, height // 5))  # fmt: skip
    return im


@c.sprite_cache
def pending_icon(height: int) -> Image.Image:
    """A card down and an empty place next to it: one card of two placed."""
    w = round(height * 0.66)
    gap = max(3, height // 8)
    im = Image.new("RGBA", (2 * w + gap, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    line = max(2, height // 12)
    d.rounded_rectangle((0, 0, w - 1, height - 1), radius=max(2, w // 6), fill=c.PAPER,
                        outline=c.INK, width=max(1, line // 2))  # fmt: skip
    d.rounded_rectangle((w + gap, 0, 2 * w + gap - 1, height - 1), radius=max(2, w // 6),
                        outline=c.TURN_MARK, width=line)  # fmt: skip
    fnt = c.font(round(height * 0.5), bold=True)
    d.text((w / 2, height / 2), "1", font=fnt, fill=c.INK, anchor="mm")
    d.text((w + gap + w / 2, height / 2), "2", font=fnt, fill=c.TURN_MARK, anchor="mm")
    return im


@c.sprite_cache
def tick_badge(diameter: int) -> Image.Image:
    """A green disc with a white tick: a hand card marked for the exchange."""
    im, d = _supersampled((diameter, diameter))
    big = diameter * c.SUPERSAMPLE
    d.ellipse((0, 0, big - 1, big - 1), fill=c.GREEN, outline=c.PAPER, width=c.SUPERSAMPLE * 3)
    c.draw_check(d, (round(big * 0.22), round(big * 0.26), round(big * 0.78), round(big * 0.74)),
                 c.PAPER, width=round(big * 0.13))  # fmt: skip
    return _down(im, (diameter, diameter))


@c.sprite_cache
def order_tag(number: int, size: int, colour: c.RGB) -> Image.Image:
    """A square tag with ``number``: the order of a two-card move's cards."""
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, size - 1, size - 1), radius=max(2, size // 5), fill=colour,
                        outline=c.PAPER, width=max(1, size // 12))  # fmt: skip
    fnt = c.font(max(8, round(size * 0.72)), bold=True)
    d.text((size / 2, size / 2 + 1), str(number), font=fnt, fill=c.PAPER, anchor="mm")
    return im
