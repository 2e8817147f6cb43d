"""Krendzu cards on the field: blank paper, the print, and the free-cell slot.

:func:`card_print` draws the rank and suit (and the placing seat's stripe)
on a transparent sprite, so scored lines can go between the paper and the
print. Sizes come from :func:`render.krendzu.layout.print_spec`.
"""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw

from render import common as c
from render.krendzu.layout import (
    CELL_RATIO,
    RANK_GAP,
    SIDE_GAP,
    PrintSpec,
    card_border,
    glyph_metrics,
    print_spec,
)
from render.krendzu.palette import FELT, SLOT, seat_colour

FIGURES = frozenset({"J", "Q", "K", "A"})


def corner_radius(width: int, height: int) -> int:
    """Corner radius of a card of that size (the field's, the hand's and the slots')."""
    return max(2, min(width, height) // 9)


def is_figure(code: str) -> bool:
    """True for a J, Q, K or A: the wildcards of a progression, printed on warm paper."""
    parsed = c.parse_playing_card(code)
    return parsed is not None and parsed[0] in FIGURES


@c.sprite_cache
def blank_card(width: int, height: int, figure: bool) -> Image.Image:
    """A blank card on the felt (opaque RGB): white, or warm paper for a figure."""
    im = Image.new("RGB", (width, height), FELT)
    ImageDraw.Draw(im).rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=corner_radius(width, height),
        fill=c.CARD_TINT if figure else c.PAPER, outline=c.INK, width=card_border(width, height),
    )  # fmt: skip
    return im


def _stripe(
    im: Image.Image, seat: int, spec: PrintSpec, width: int, height: int, border: int
) -> None:
    """The placing seat's stripe (its colour and number), clipped to the card's corners."""
    band = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    bd = ImageDraw.Draw(band)
    fill = seat_colour(seat)
    if spec.landscape:
        area: c.Box = (0, 0, spec.stripe, height)
        edge = ((spec.stripe, border), (spec.stripe, height - 1 - border))
    else:
        area = (0, height - spec.stripe, width, height)
        edge = ((border, height - spec.stripe), (width - 1 - border, height - spec.stripe))
    bd.rectangle(area, fill=fill)
    card = Image.new("L", (width, height), 0)
    ImageDraw.Draw(card).rounded_rectangle(
        (border, border, width - 1 - border, height - 1 - border),
        radius=max(1, corner_radius(width, height) - border), fill=255,
    )  # fmt: skip
    band.putalpha(ImageChops.multiply(band.getchannel("A"), card))
    im.alpha_composite(band)
    d = ImageDraw.Draw(im)
    d.line(edge, fill=c.INK, width=border)
    text = c.PAPER if c.contrast(fill, c.PAPER) >= c.contrast(fill, c.INK) else c.INK
    label = str(seat + 1)
    if spec.landscape:
        size = max(6, round(min(spec.stripe * 0.9, height * 0.5)))
        centre = (spec.stripe / 2 + border / 2, height / 2)
    else:
        size = max(6, round(spec.stripe * 0.8))
        centre = (width / 2, height - spec.stripe / 2)
    fnt = c.fit_font(label, area[2] - area[0] - 2, size, bold=True, min_size=6)
    d.text(centre, label, font=fnt, fill=text, anchor="mm")


@c.sprite_cache
def card_print(code: str, seat: int | None, width: int, height: int) -> Image.Image:
    """What is printed on a card (RGBA, transparent paper), cached.

    The rank big and the suit symbol under it (beside it on a wide card),
    centred, in the suit's ink; with a ``seat``, a stripe in that seat's
    colour with its number. An unknown code prints "?". Drawn over the
    paper and over any scored line, so lines never hide it.
    """
    parsed = c.parse_playing_card(code)
    rank, suit = parsed if parsed else ("?", "")
    symbol, ink = c.SUITS.get(suit, ("", c.MUTED))
    spec = print_spec(width, height, seat is not None)
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    border = card_border(width, height)
    if seat is not None:
        _stripe(im, seat, spec, width, height, border)
    d = ImageDraw.Draw(im)
    cap, _ten, _suit_h, _suit_w = glyph_metrics()
    rank_font = c.fit_font(rank, width * 0.9, spec.rank, bold=True, min_size=6)
    suit_font = c.font(spec.suit)
    cap_h = cap * spec.rank
    if spec.landscape:
        left = spec.stripe + border
        rank_w = rank_font.getlength(rank)
        gap = SIDE_GAP * spec.rank
        sym = suit_font.getbbox(symbol, anchor="ls") if symbol else (0, 0, 0, 0)
        total = rank_w + (gap + sym[2] - sym[0] if symbol else 0)
        x = left + (width - border - left - total) / 2
        base = height / 2 + cap_h / 2
        d.text((x, base), rank, font=rank_font, fill=ink, anchor="ls")
        if symbol:
            sym_mid = (sym[1] + sym[3]) / 2  # the symbol's ink centred on the rank's
            d.text((x + rank_w + gap - sym[0], height / 2 - sym_mid), symbol, font=suit_font,
                   fill=ink, anchor="ls")  # fmt: skip
        return im
    bottom = height - spec.stripe - border
    sym = suit_font.getbbox(symbol, anchor="ls") if symbol else (0, 0, 0, 0)
    gap = RANK_GAP * spec.rank
    total = cap_h + (gap + sym[3] - sym[1] if symbol else 0)
    top = border + (bottom - border - total) / 2
    base = top + cap_h
    d.text((width / 2, base), rank, font=rank_font, fill=ink, anchor="ms")
    if symbol:
        sym_x = width / 2 - (sym[0] + sym[2]) / 2
        d.text((sym_x, base + gap - sym[1]), symbol, font=suit_font, fill=ink, anchor="ls")
    return im


@c.sprite_cache
def slot(width: int, height: int, label: str, colour: c.RGB) -> Image.Image:
    """A free cell a card may go to: a faint outline with the cell's label inside."""
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    line = max(1, width // 36) if colour == SLOT else max(2, width // 20)
    radius = corner_radius(width, height)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, outline=colour, width=line)
    size = round(min(width, height / CELL_RATIO) * 0.27)
    fnt = c.font(size, bold=True)
    if size >= 10 and fnt.getlength(label) <= width - 2 * line - 4:
        d.text((width / 2, height / 2), label, font=fnt, fill=colour, anchor="mm")
    return im
