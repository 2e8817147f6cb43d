"""Where everything lies on the Klac! table image: the header, the rows, the stacks."""

from __future__ import annotations

from render import common as c

TABLE_WIDTH = 1200

HEADER_H = 96
ROW_H = 200
PANEL_W = 350
PANEL_X = 58  # left of it: the turn arrow / winner star column
SLOTS = 6  # a row ends the round at 6 stacks; 7 is only drawn defensively
DEPTH_STEP = 6
DEPTH_SHOWN = 3  # under-card edges drawn; the "×N" pill gives the exact depth


def slot_geometry(n_stacks: int) -> tuple[int, int, int, int]:
    """(slot width, card width, card height, first slot x) for a row."""
    x0 = PANEL_W + 22
    area = TABLE_WIDTH - x0 - 14
    slots = max(SLOTS, n_stacks)
    slot_w = area // slots
    depth_room = DEPTH_STEP * DEPTH_SHOWN
    card_h = ROW_H - 18 - depth_room - 20
    card_w = min(int(card_h * 0.74), slot_w - depth_room - 12)
    card_h = min(card_h, int(card_w / 0.70))
    return slot_w, card_w, card_h, x0


def row_box(seat: int) -> c.Box:
    """Pixel box of ``seat``'s row on the table image (for hit areas and tests)."""
    top = HEADER_H + seat * ROW_H
    return (0, top, TABLE_WIDTH, top + ROW_H)


def stack_box(seat: int, index: int, n_stacks: int) -> c.Box:
    """Pixel box of the top card of stack ``index`` in ``seat``'s row.

    ``n_stacks`` is the row's length (7 stacks narrow every slot). Cards under
    the top one peek out up to ``DEPTH_STEP * DEPTH_SHOWN`` px up and right.
    """
    slot_w, card_w, card_h, x0 = slot_geometry(n_stacks)
    x = x0 + index * slot_w
    y = row_box(seat)[3] - 28 - card_h
    return (x, y, x + card_w, y + card_h)
