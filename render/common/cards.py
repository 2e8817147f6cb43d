"""Playing cards: suits and ranks, card codes, faces and backs of a four-colour deck."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw, ImageFont

from render.common.colours import (
    CARD_BACK,
    CARD_BACK_LINE,
    CARD_TINT,
    INK,
    MUTED,
    PAPER,
    RGB,
    SUIT_BLUE,
    SUIT_GREEN,
    SUIT_RED,
)
from render.common.fonts import font
from render.common.sprites import sprite_cache

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
