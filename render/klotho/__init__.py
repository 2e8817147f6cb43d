"""Klotho / Prospector images: the field of cards, the chips and the players.

Input is only a view dict as documented in ``docs/views.md`` (never a game
state); everything in Klotho is public, so there is one table image and no
private one. The image carries no words: names, numbers, coordinates and
symbols only, so the caption beside it does the talking in the reader's
language.

Layout: a header (tour, stock, vote or triplet choice, last action), the field
on a green felt with column letters and row numbers, and a panel with one row
per player on the right. Chips carry the seat number as well as the seat's
colour, so colour is never the only cue.

Modules, from the bottom up: ``layout`` (sizes, boxes, cell names),
``palette`` (colours), ``view`` (reading a view), ``sprites`` (cards, marks,
icons, the scoring legend), ``panel``, ``field`` and ``header`` (the parts of
the image), ``table`` (the image). Besides the image, this package gives the
geometry tests and hit areas use.
"""

from render.klotho.header import KIND_SYMBOLS
from render.klotho.layout import (
    FIELD_W,
    FRAME,
    HEADER_H,
    WIDTH,
    cell_box,
    cell_name,
    image_size,
    panel_row_box,
    parse_cell,
)
from render.klotho.palette import FELT, KEEP, VOTE_PENDING, seat_colour
from render.klotho.sprites import card_sprite
from render.klotho.table import render_table, table_targets

__all__ = [
    "FELT",
    "FIELD_W",
    "FRAME",
    "HEADER_H",
    "KEEP",
    "KIND_SYMBOLS",
    "VOTE_PENDING",
    "WIDTH",
    "card_sprite",
    "cell_box",
    "cell_name",
    "image_size",
    "panel_row_box",
    "parse_cell",
    "render_table",
    "seat_colour",
    "table_targets",
]
