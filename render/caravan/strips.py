"""The players' strips along the Caravan table's top and bottom edges, and their decks.

A strip shows the turn marker or winner's star, seat chip, name, games won
and hand size; a deck (backs and count) lies in the gutter beside its
player's caravans.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import common as c
from render.caravan.layout import GUTTER, STRIP_H, WIDTH
from render.caravan.palette import FELT_LINE, WINNER_BAND, seat_colour


@dataclass(frozen=True)
class Strip:
    """Everything a player's strip shows; hashable, so strips cache."""

    seat: int
    name: str
    turn: bool
    winner: bool
    hand: int
    wins: int
    needed: int  # games needed to win the match; 1 = a single game, no pips


@c.sprite_cache
def _hand_icon() -> Image.Image:
    return c.fan_of_backs(3, 26, 38, 10)


@c.sprite_cache
def strip_sprite(s: Strip) -> Image.Image:
    """A player's strip (RGB, WIDTH × STRIP_H), cached."""
    bg = c.TURN_BAND if s.turn else WINNER_BAND if s.winner else c.BACKGROUND
    im = Image.new("RGB", (WIDTH, STRIP_H), bg)
    d = ImageDraw.Draw(im)
    edge = STRIP_H - 1 if s.seat == 0 else 0
    d.line((0, STRIP_H - 1 - edge, WIDTH, STRIP_H - 1 - edge), fill=c.FAINT, width=2)
    c.draw_row_marker(d, STRIP_H, turn=s.turn, winner=s.winner, size=22)
    cy = STRIP_H // 2
    chip = c.chip(str(s.seat + 1), 46, seat_colour(s.seat))
    c.paste(im, chip, (56, cy - chip.height // 2))
    right = WIDTH - 20
    # Hand size: a fan of backs and the count.
    fnt = c.font(34, bold=True)
    count = str(s.hand)
    right -= round(fnt.getlength(count))
    c.draw_text(d, (right, cy), count, fnt, c.INK)
    fan = _hand_icon()
    right -= fan.width + 10
    c.paste(im, fan, (right, cy - fan.height // 2))
    # Games won: gold pips out of the games needed to win the match.
    if s.needed > 1:
        pip, gap = 26, 8
        right -= 36 + s.needed * (pip + gap)
        for i in range(s.needed):
            x = right + i * (pip + gap)
            box = (x, cy - pip // 2, x + pip, cy + pip // 2)
            if i < s.wins:
                d.ellipse(box, fill=c.GOLD, outline=c.INK, width=2)
            else:
                d.ellipse(box, fill=None, outline=c.MUTED, width=3)
    name_x = 56 + chip.width + 14
    c.draw_name(d, (name_x, cy), s.name, right - 30 - name_x, 36, min_size=26)
    return im


@c.sprite_cache
def deck_icon(count: int) -> Image.Image:
    """A deck: a few card backs stacked with their edges showing, and the count below."""
    w, h = 58, 80
    im = Image.new("RGBA", (GUTTER, 130), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    x = (GUTTER - w) // 2 - 4
    if count:
        back = c.playing_card_back(w, h)
        layers = min(3, count)
        for i in range(layers - 1, -1, -1):
            im.alpha_composite(back, (x + 3 * i, 4 + 3 * (layers - 1 - i)))
    else:
        d.rounded_rectangle((x, 10, x + w, 10 + h), radius=6, outline=FELT_LINE, width=3)
    c.draw_centred(d, (GUTTER // 2, 112), str(count), c.font(32, bold=True), c.PAPER,
                   stroke=3, stroke_fill=c.INK)  # fmt: skip
    return im
