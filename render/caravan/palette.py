"""Caravan's colours: the wooden table, sold and bust plates, jokers and the seats.

``KEEP`` lists every colour the PNG palette must hold exactly (tests compare
pixels with them); a colour added here belongs in it too.
"""

from __future__ import annotations

from render import common as c

FELT: c.RGB = (104, 74, 52)  # a worn wooden table
FELT_LINE: c.RGB = (150, 118, 90)
WINNER_BAND: c.RGB = (253, 228, 150)
SOLD: c.RGB = c.GREEN
BUST: c.RGB = (168, 16, 48)
SOLD_PALE: c.RGB = (214, 240, 228)
BUST_PALE: c.RGB = (250, 220, 226)
SOLD_INK: c.RGB = (0, 110, 80)
JOKER_PAPER: c.RGB = (234, 222, 248)
JOKER_HAT: c.RGB = (120, 60, 170)
EMPTY_PLATE: c.RGB = (226, 229, 234)
# Exact in the PNG palette: tests compare pixels with them.
KEEP: tuple[c.RGB, ...] = (
    *c.KEY_COLOURS, *c.CARD_COLOURS, FELT, FELT_LINE, WINNER_BAND, BUST, SOLD_PALE, BUST_PALE,
    SOLD_INK, JOKER_PAPER, JOKER_HAT, EMPTY_PLATE,
)  # fmt: skip


def seat_colour(seat: int) -> c.RGB:
    """The colour of ``seat``'s chip."""
    return c.SEAT_COLOURS[seat] if 0 <= seat < len(c.SEAT_COLOURS) else c.MUTED
