"""The public Krendzu table image: field, status and players' panel in one PNG."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render import common as c
from render.krendzu.field import draw_field
from render.krendzu.layout import card_box, make_layout, pitch
from render.krendzu.palette import KEEP
from render.krendzu.panel import draw_panel, draw_status
from render.krendzu.view import context
from render.targets import Targets, share


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


def table_targets(view: Mapping[str, Any], *, names: Sequence[str]) -> Targets:
    """Where a card goes on :func:`render_table`'s picture: each cell the
    picture shows (``"@3,-1"``, by field coordinates) and each of its rows
    (``"r-1"``, the first step when a move has many cells), by the keys of
    the choices that pick them; a second tap on the chosen cell confirms
    (``"@3,-1/ok"``)."""
    ctx = context(view, names)
    box = ctx.box
    lay = make_layout(box.cols, box.rows, ctx.seats)
    size = (lay.width, lay.height)
    targets = []
    for y in range(box.top, box.top + box.rows):
        first = pitch(lay, box, box.left, y)
        last = pitch(lay, box, box.left + box.cols - 1, y)
        targets.append((f"r{y}", share((first[0], first[1], last[2], last[3]), *size)))
        for x in range(box.left, box.left + box.cols):
            cell = share(card_box(lay, box, x, y), *size)
            targets += [(f"@{x},{y}", cell), (f"@{x},{y}/ok", cell)]
    return targets
