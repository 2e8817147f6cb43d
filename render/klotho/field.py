"""The Klotho field: the felt with its coordinates, the cards and the chips on them."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import common as c
from render.klotho.layout import (
    FIELD_W,
    FRAME,
    HEADER_H,
    LABEL,
    card_size,
    cell_box,
    chip_centre,
    field_height,
)
from render.klotho.palette import FELT, FELT_LABEL, seat_colour
from render.klotho.sprites import card_sprite, empty_place
from render.klotho.view import Context


@c.sprite_cache
def _labels(rows: int, cols: int) -> Image.Image:
    """The felt with its column letters and row numbers, as an RGB tile; cached per grid."""
    im = Image.new("RGB", (FIELD_W, field_height(rows, cols)), FELT)
    d = ImageDraw.Draw(im)
    fnt = c.font(38, bold=True)
    for col in range(cols):
        x0, _y0, x1, _y1 = cell_box(0, col, rows, cols)
        c.draw_centred(d, ((x0 + x1) / 2, LABEL / 2 + 1), chr(ord("A") + col), fnt, FELT_LABEL)
    for row in range(rows):
        _x0, y0, _x1, y1 = cell_box(row, 0, rows, cols)
        mid = (y0 + y1) / 2 - HEADER_H
        c.draw_centred(d, (LABEL / 2 + 2, mid), str(row + 1), fnt, FELT_LABEL)
    return im


@c.sprite_cache
def _cell_tile(
    code: str | None, chip: int | None, turn: bool, width: int, height: int
) -> Image.Image:
    """A card on the felt, with its chip if any, as an opaque RGB tile; cached.

    Opaque tiles paste without a mask, several times faster than compositing
    card and chip sprites on every render; a cell rarely changes per move.
    """
    tile = Image.new("RGB", (width, height), FELT)
    c.paste(tile, card_sprite(code, width, height), (0, 0))
    if chip is not None:
        # The player to move has a halo round their chip: where they act from.
        diameter = round(width * 0.46)
        sprite = c.chip(
            str(chip + 1), diameter, seat_colour(chip), ring=c.TURN_MARK if turn else None
        )
        cx, cy = chip_centre((0, 0, width, height))
        c.paste(tile, sprite, (cx - sprite.width // 2, cy - sprite.height // 2))
    return tile


def draw_field(canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: Context) -> None:
    """Draw the felt, every card and chip, and the frame of the last action."""
    canvas.paste(_labels(ctx.rows, ctx.cols), (0, HEADER_H))
    w, h = card_size(ctx.cols)
    for row in range(ctx.rows):
        for col in range(ctx.cols):
            box = cell_box(row, col, ctx.rows, ctx.cols)
            cell = ctx.grid.get((row, col))
            if cell is None:
                c.paste(canvas, empty_place(w, h), box[:2])
                continue
            turn = cell.chip is not None and cell.chip == ctx.turn
            canvas.paste(_cell_tile(cell.card, cell.chip, turn, w, h), box[:2])
    if ctx.last is not None:
        row, col, seat, _kind = ctx.last
        box = cell_box(row, col, ctx.rows, ctx.cols)
        c.highlight_frame(draw, box, width=FRAME, radius=max(3, w // 9))
        if seat is not None:
            # Who acted, on the frame's top-right corner: that corner of a face is empty.
            badge = c.seat_badge(seat + 1, 30, c.HIGHLIGHT)
            c.paste(canvas, badge, (box[2] + FRAME // 2 - 20, box[1] - FRAME // 2 - 10))
