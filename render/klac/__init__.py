"""Klac! images: the public table and one seat's private hand.

Input is only a view dict as documented in ``docs/views.md`` (never a game
state). The images carry no words: names, numbers and symbols only, so the
caption beside them does the talking in the reader's language.

Modules, from the bottom up: ``layout`` (sizes and boxes), ``cards`` (card
colours, shapes and faces), ``view`` (reading a view), ``row`` (a player's
row), ``table`` and ``hand`` (the two images). Besides the images, this
package gives the geometry and colours tests and the captions' words use.
"""

from render.klac.cards import COLOURS, card_face
from render.klac.hand import (
    HAND_FOOTER_H,
    HAND_HEADER_H,
    HAND_WIDTH,
    hand_key,
    hand_targets,
    render_hand,
)
from render.klac.layout import (
    DEPTH_SHOWN,
    DEPTH_STEP,
    HEADER_H,
    PANEL_W,
    PANEL_X,
    ROW_H,
    TABLE_WIDTH,
    row_box,
    stack_box,
)
from render.klac.table import render_table, table_targets

__all__ = [
    "COLOURS",
    "DEPTH_SHOWN",
    "DEPTH_STEP",
    "HAND_FOOTER_H",
    "HAND_HEADER_H",
    "HAND_WIDTH",
    "HEADER_H",
    "PANEL_W",
    "PANEL_X",
    "ROW_H",
    "TABLE_WIDTH",
    "card_face",
    "hand_key",
    "hand_targets",
    "render_hand",
    "render_table",
    "row_box",
    "stack_box",
    "table_targets",
]
