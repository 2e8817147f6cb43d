"""The public Krendzu table image: field, status and players' panel in one PNG."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render import common as c
from render.krendzu.field import draw_field
from render.krendzu.layout import make_layout
from render.krendzu.palette import KEEP
from render.krendzu.panel import draw_panel, draw_status
from render.krendzu.view import context


def render_table(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The public Krendzu table (field, scored windows, players, tour) as PNG bytes.

    ``view`` is a Krendzu view (``docs/views.md``). Only public fields are
    read: a stray ``"hand"``, ``"marked"`` or ``"you"`` never reaches the
    image. ``names`` are display names in seat order. Odd or broken views
    draw what they can instead of raising.
    """
    ctx = context(view, names)
    lay = make_layout(ctx.box.cols, ctx.box.rows, ctx.seats)
    canvas = Image.new("RGB", (lay.width, lay.height), c.PANEL)
    draw_field(canvas, lay, ctx)
    draw_status(canvas, lay, ctx, names)
    draw_panel(canvas, lay, ctx, names)
    return c.encode_png(c.to_palette(canvas, keep=KEEP))
