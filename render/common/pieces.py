"""Pieces as cached sprites: card backs, seat badges, chips, half tokens, vote icons."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common.colours import CARD_BACK, CARD_BACK_LINE, GOLD, GREEN, INK, PAPER, RGB, contrast
from render.common.shapes import SUPERSAMPLE, draw_check
from render.common.sprites import sprite_cache
from render.common.text import draw_centred, fit_font


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
