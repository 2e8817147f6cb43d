"""Caravan cards: reading a card code, and drawing a face, the jester or an empty slot.

:func:`card_face` draws one card at any size (the table's and the hand's);
:func:`index_metrics` and :func:`card_pad` tell the table's geometry how much
of a covered card must stay in view for its corner index to read.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import common as c
from render.caravan.palette import JOKER_HAT, JOKER_PAPER

FIGURES = ("J", "Q", "K")


def parse_card(code: object) -> tuple[str, str]:
    """``(rank, suit letter)`` of a Caravan card code: ``("10", "H")``, ``("X", "")``
    for a joker, ``("?", "")`` for anything else (drawn as an unknown card)."""
    if not isinstance(code, str):
        return "?", ""
    code = code.strip().upper()
    if code.startswith("X") and (len(code) == 1 or code[1:].isalnum()):
        return "X", ""
    parsed = c.parse_playing_card(code)
    if parsed is None:
        return "?", ""
    return parsed


def _ink(suit: str) -> c.RGB:
    return c.SUITS[suit][1] if suit in c.SUITS else c.MUTED


def _star(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = box
    r = min(x1 - x0, y1 - y0) / 2
    draw.polygon(c.star_points((x0 + x1) / 2, (y0 + y1) / 2 + r * 0.08, r), fill=c.GOLD,
                 outline=c.INK, width=max(1, round(r / 8)))  # fmt: skip


@c.sprite_cache
def _index_sprite(rank: str, suit: str, size: int) -> Image.Image:
    """A card's corner index: the rank and its suit symbol side by side, tight RGBA.

    A joker's index is a gold star. The rank sits on the baseline and the
    suit symbol beside it, so one short strip of the card names it.
    """
    ink = _ink(suit)
    big = c.font(size, bold=True)
    if rank == "X":
        side = round(size * 0.86)
        im = Image.new("RGBA", (side * c.SUPERSAMPLE,) * 2, (0, 0, 0, 0))
        _star(ImageDraw.Draw(im), (0, 0, im.width - 1, im.height - 1))
        return im.resize((side, side), Image.Resampling.LANCZOS)
    symbol = c.SUITS[suit][0] if suit in c.SUITS else ""
    small = c.font(max(6, round(size * 0.86)), bold=True)
    gap = max(1, size // 12)
    width = round(big.getlength(rank) + gap + (small.getlength(symbol) if symbol else 0)) + 4
    height = size * 2
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    base = round(size * 1.3)
    d.text((0, base), rank, font=big, fill=ink, anchor="ls")
    if symbol:
        d.text((big.getlength(rank) + gap, base), symbol, font=small, fill=ink, anchor="ls")
    bbox = im.getbbox()
    return im.crop(bbox) if bbox else im


@lru_cache(maxsize=64)
def index_metrics(size: int) -> tuple[int, int]:
    """(width, height) that every corner index fits in at ``size`` (the widest is
    "10" and a suit; "Q" reaches lowest, with its tail)."""
    sprites = [_index_sprite(rank, suit, size) for rank in ("10", "Q", "A") for suit in c.SUITS]
    return max(s.width for s in sprites), max(s.height for s in sprites)


def card_pad(height: int) -> int:
    """Gap between a card's edge and its corner index."""
    return max(3, min(7, height // 22))


def _jester(width: int, height: int) -> Image.Image:
    """A jester's head: a three-pointed cap with drooping bells over a smiling face.

    Drawn with polygons (never a font glyph), so a joker reads as a joker
    even where the index star is covered; the drooping points keep it apart
    from a King's crown.
    """
    s = c.SUPERSAMPLE
    w, h = width * s, height * s
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    line = max(1, round(w / 36))
    brim_top, brim_bottom = h * 0.46, h * 0.56
    # The cap's points: left and right droop outward, the middle one stands up.
    left = [(w * 0.22, brim_top), (w * 0.16, h * 0.2), (w * 0.08, h * 0.42), (w * 0.12, h * 0.22),
            (w * 0.26, h * 0.08), (w * 0.44, brim_top)]  # fmt: skip
    right = [(w - x, y) for x, y in left]
    middle = [(w * 0.36, brim_top), (w * 0.44, h * 0.14), (w * 0.5, h * 0.02),
              (w * 0.56, h * 0.14), (w * 0.64, brim_top)]  # fmt: skip
    for points, fill in ((left, JOKER_HAT), (right, JOKER_HAT), (middle, c.GOLD)):
        d.polygon(points, fill=fill, outline=c.INK, width=line)
    bell = w * 0.07
    for bx, by in ((w * 0.08, h * 0.42), (w * 0.92, h * 0.42), (w * 0.5, h * 0.02)):
        by = max(by, bell)
        d.ellipse((bx - bell, by - bell, bx + bell, by + bell), fill=c.GOLD, outline=c.INK,
                  width=line)  # fmt: skip
    # The face under the brim: eyes and a wide smile.
    fx0, fx1, fy0, fy1 = w * 0.28, w * 0.72, brim_top + h * 0.02, h * 0.98
    d.ellipse((fx0, fy0, fx1, fy1), fill=c.PAPER, outline=c.INK, width=line)
    eye = w * 0.035
    for ex in (w * 0.41, w * 0.59):
        ey = fy0 + (fy1 - fy0) * 0.36
        d.ellipse((ex - eye, ey - eye, ex + eye, ey + eye), fill=c.INK)
    d.arc((w * 0.37, fy0 + (fy1 - fy0) * 0.3, w * 0.63, fy0 + (fy1 - fy0) * 0.8), 20, 160,
          fill=c.INK, width=line)  # fmt: skip
    d.rounded_rectangle((w * 0.18, brim_top, w * 0.82, brim_bottom), radius=round(h * 0.04),
                        fill=c.GOLD, outline=c.INK, width=line)  # fmt: skip
    return im.resize((width, height), Image.Resampling.LANCZOS)


@c.sprite_cache
def card_face(
    code: str, width: int, height: int, index: int, *, flip: bool = False, highlight: bool = False
) -> Image.Image:
    """The face of Caravan card ``code`` (``"10H"``, ``"KS"``, ``"X1"``), RGBA, cached.

    A corner index (rank and suit, or a gold star for a joker) at ``index`` px
    sits top-left, or bottom-left with ``flip`` (cards that grow upward keep
    their bottom edge in view). The rest shows a big suit symbol (numerals),
    a big letter on warm paper (J, Q, K) or a jester's hat on lilac paper
    (jokers). ``highlight`` draws a thick frame inside the edge: the last move.
    An unknown code gives a grey "?" card instead of an error.
    """
    rank, suit = parse_card(code)
    ink = _ink(suit)
    if rank == "X":
        paper = JOKER_PAPER
    elif rank in FIGURES:
        paper = c.CARD_TINT
    elif rank == "?":
        paper = c.FAINT
    else:
        paper = c.PAPER
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = max(3, width // 10)
    border = max(1, width // 60)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=paper, outline=c.INK,
                        width=border)  # fmt: skip

    pad_x = max(4, width // 16)
    sprite = _index_sprite(rank if rank != "?" else "?", suit, index)
    # The index sits where the strip left uncovered starts: 3–7 px in.
    pad_y = card_pad(height)
    iy = height - pad_y - sprite.height if flip else pad_y
    im.alpha_composite(sprite, (pad_x, iy))

    # The body: between the index and the far edge.
    top, bottom = (0, iy) if flip else (iy + sprite.height, height)
    cx, cy = width / 2, (top + bottom) / 2
    room = bottom - top
    if rank == "X":
        hat_h = max(8, min(round(width * 0.95), room - 8))
        hat_w = min(round(width * 0.86), round(hat_h * 1.05))
        hat = _jester(hat_w, hat_h)
        im.alpha_composite(hat, (round(cx - hat_w / 2), round(cy - hat_h / 2)))
    elif rank in FIGURES or rank == "?":
        size = max(8, min(round(room * 0.7), round(width * 0.62)))
        d.text((cx, cy), rank, font=c.font(size, bold=True), fill=ink, anchor="mm")
    elif suit in c.SUITS:
        size = max(8, min(round(room * 0.72), round(width * 0.66)))
        d.text((cx, cy), c.SUITS[suit][0], font=c.font(size), fill=ink, anchor="mm")

    if highlight:
        frame = max(4, width // 18)
        d.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, outline=c.HIGHLIGHT,
                            width=frame)  # fmt: skip
    return im


@c.sprite_cache
def empty_slot(width: int, height: int, colour: c.RGB) -> Image.Image:
    """An empty caravan: a dashed card outline."""
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = max(3, width // 10)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, outline=colour, width=4)
    gap = (0, 0, 0, 0)
    for x in range(radius, width - radius, 18):
        d.line((x + 9, 0, x + 16, 0), fill=gap, width=5)
        d.line((x + 9, height - 1, x + 16, height - 1), fill=gap, width=5)
    for y in range(radius, height - radius, 18):
        d.line((0, y + 9, 0, y + 16), fill=gap, width=5)
        d.line((width - 1, y + 9, width - 1, y + 16), fill=gap, width=5)
    return im
