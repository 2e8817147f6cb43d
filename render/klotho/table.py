"""The Klotho table image."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import common as c
from render.klotho.field import draw_field
from render.klotho.header import draw_header
from render.klotho.layout import image_size
from render.klotho.palette import KEEP
from render.klotho.panel import draw_panel
from render.klotho.view import context


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
