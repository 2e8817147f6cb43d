"""Where everything lies on the Klotho table image: the header, the field's
cards and the panel's rows; and the names of the field's cells."""

from __future__ import annotations

from render import common as c

WIDTH = 1200
HEADER_H = 96
PANEL_W = 380
FIELD_W = WIDTH - PANEL_W
LABEL = 52  # the column-letter strip on top and the row-number strip on the left
GAP = 22  # between cards: room for the last-action frame without touching a neighbour
MARGIN = 20  # felt right of and below the grid
CARD_RATIO = 1.36  # height / width, close to a real card's 88/63
FRAME = 6  # the last-action frame's width, drawn outside the card
MAX_SEATS = 8
MAX_SIDE = 6  # rows or columns beyond this are a corrupt view, not a field to draw
ROW_H_MAX = 160


def default_grid(seats: int) -> tuple[int, int]:
    """(rows, cols) of the field for ``seats`` players, when a view does not say."""
    if seats >= 7:
        return 5, 5
    if seats >= 5:
        return 4, 5
    return 4, 4


def card_size(cols: int) -> tuple[int, int]:
    """(width, height) of one card on a field ``cols`` columns wide."""
    cols = min(max(cols, 1), MAX_SIDE)
    width = (FIELD_W - LABEL - MARGIN - GAP * (cols - 1)) // cols
    return width, round(width * CARD_RATIO)


def field_height(rows: int, cols: int) -> int:
    """Height of the field area (labels, cards, margin) under the header."""
    _w, h = card_size(cols)
    return LABEL + rows * h + (rows - 1) * GAP + MARGIN


def image_size(rows: int, cols: int) -> tuple[int, int]:
    """(width, height) of the table image for a ``rows`` × ``cols`` field."""
    return WIDTH, HEADER_H + field_height(rows, cols)


def cell_box(row: int, col: int, rows: int, cols: int) -> c.Box:
    """Pixel box of the card in ``row``, ``col`` (0-based; A1 is 0, 0) on the image.

    ``rows`` is part of the signature so callers need not know that only the
    column count sets the card size.
    """
    del rows
    w, h = card_size(cols)
    x = LABEL + col * (w + GAP)
    y = HEADER_H + LABEL + row * (h + GAP)
    return (x, y, x + w, y + h)


def chip_centre(box: c.Box) -> tuple[int, int]:
    """Where a chip stands on a card: the bottom-left quarter the face leaves free."""
    x0, y0, x1, y1 = box
    return round(x0 + (x1 - x0) * 0.27), round(y0 + (y1 - y0) * 0.73)


def panel_row_height(seats: int, rows: int, cols: int) -> int:
    """Height of one player's row in the right-hand panel."""
    return min(ROW_H_MAX, field_height(rows, cols) // max(seats, 1))


def panel_row_box(seat: int, seats: int, rows: int, cols: int) -> c.Box:
    """Pixel box of ``seat``'s row in the right-hand panel."""
    h = panel_row_height(seats, rows, cols)
    top = HEADER_H + seat * h
    return (FIELD_W, top, WIDTH, top + h)


def parse_cell(name: object, rows: int, cols: int) -> tuple[int, int] | None:
    """``(row, col)``, 0-based, of a cell name like ``"B3"``; None if off the field."""
    if not isinstance(name, str) or len(name) < 2:
        return None
    letter, digits = name[0].upper(), name[1:]
    # isascii: str.isdigit also accepts "²" and the like, which int() rejects.
    if not (digits.isascii() and digits.isdigit()) or not "A" <= letter <= "Z":
        return None
    row, col = int(digits) - 1, ord(letter) - ord("A")
    return (row, col) if 0 <= row < rows and 0 <= col < cols else None


def cell_name(row: int, col: int) -> str:
    """The name players use for a cell: column letter, row number (``"B3"``)."""
    return f"{chr(ord('A') + col)}{row + 1}"
