"""The Klotho table's own colours, on top of the shared palette."""

from __future__ import annotations

from render import common as c

FELT: c.RGB = (38, 100, 72)
FELT_LABEL: c.RGB = (206, 230, 214)
WINNER_BAND: c.RGB = (253, 228, 150)
ROW_BG = (c.PANEL, c.PAPER)
VOTE_PENDING: c.RGB = c.MUTED
# Exact in the PNG palette: tests compare pixels with them.
KEEP: tuple[c.RGB, ...] = (*c.KEY_COLOURS, *c.CARD_COLOURS, FELT, FELT_LABEL, WINNER_BAND)


def seat_colour(seat: int) -> c.RGB:
    """The colour of ``seat``'s chip (grey beyond the eighth seat)."""
    return c.SEAT_COLOURS[seat] if 0 <= seat < len(c.SEAT_COLOURS) else c.MUTED
