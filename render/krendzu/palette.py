"""Krendzu's colours: the felt, the marks on it, the role icons and the seats.

``KEEP`` lists every colour the PNG palette must hold exactly (tests compare
pixels with them); a colour added here belongs in it too.
"""

from __future__ import annotations

from render import common as c

FELT: c.RGB = (38, 100, 72)
FELT_LABEL: c.RGB = (206, 230, 214)
FELT_GRID: c.RGB = (52, 116, 86)
SLOT: c.RGB = (132, 184, 156)  # the outline of a free cell a card may go to
OLD_LINE: c.RGB = (226, 178, 60)  # a window scored before the last action
STEEL: c.RGB = (190, 204, 224)  # the sword's blade (attack)
SHIELD: c.RGB = (64, 92, 168)  # the shield's face (defend)
WINNER_BAND: c.RGB = (253, 228, 150)
ROW_BG = (c.PANEL, c.PAPER)
# Exact in the PNG palette: tests compare pixels with them.
KEEP: tuple[c.RGB, ...] = (
    *c.KEY_COLOURS, *c.CARD_COLOURS, FELT, FELT_LABEL, FELT_GRID, SLOT, OLD_LINE, STEEL, SHIELD,
    WINNER_BAND,
)  # fmt: skip


def seat_colour(seat: int) -> c.RGB:
    """The colour of ``seat``'s chip and of the stripe on the cards it placed."""
    return c.SEAT_COLOURS[seat] if 0 <= seat < len(c.SEAT_COLOURS) else c.MUTED
