"""The Klotho table image."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import common as c
from render.klotho.field import draw_field
from render.klotho.header import draw_header
from render.klotho.layout import cell_box, cell_name, image_size
from render.klotho.palette import KEEP
from render.klotho.panel import draw_panel
from render.klotho.view import context
from render.targets import Targets, decisions, share


def render_table(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The Klotho table (field, chips, players, tour, stock, vote) as PNG bytes.

    ``view`` is a Klotho view (``docs/views.md``); it holds only public facts
    (face-down cards are ``null``), and nothing else is drawn. ``names`` are
    display names in seat order. Odd or broken views draw what they can
    instead of raising.
    """
    ctx = context(view, names)
    width, height = image_size(ctx.rows, ctx.cols)
    canvas = Image.new("RGB", (width, height), c.PANEL)
    draw = ImageDraw.Draw(canvas)
    draw_header(canvas, draw, view, ctx, names)
    draw_field(canvas, draw, ctx)
    draw_panel(canvas, ctx, names, height)
    return c.encode_png(c.to_palette(canvas, keep=KEEP))


#: The keys of the choices with nothing drawn to tap for them (``games/klotho/menus.py``).
DECISIONS = decisions("move", "replace", "propose", "vote-*", "claim", "point", "half")


def table_targets(view: Mapping[str, Any], *, names: Sequence[str]) -> Targets:
    """Every cell of the field on :func:`render_table`'s picture, by its name
    (``"B3"``), and the table's decisions: a move or a replace on a cell that
    offers both, a tour's end proposed or voted, a claim, a triplet's choice."""
    ctx = context(view, names)
    width, height = image_size(ctx.rows, ctx.cols)
    cells = [
        (cell_name(row, col), share(cell_box(row, col, ctx.rows, ctx.cols), width, height))
        for row in range(ctx.rows)
        for col in range(ctx.cols)
    ]
    return [*cells, *DECISIONS]
