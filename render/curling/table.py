"""The two ways in: the table as it stands (:func:`render_table`) and as it
would be after a throw not yet made (:func:`render_preview`), each the field
and the panel drawn on the empty table and encoded as a PNG.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from render import common as c
from render.curling.field import draw_field, empty_table
from render.curling.layout import HEIGHT, KEEP, PREVIEW, WIDTH
from render.curling.panel import draw_panel
from render.curling.parse import scene


def _dashed_frame(draw: ImageDraw.ImageDraw) -> None:
    """The preview's frame: indigo dashes all round the image."""
    width, dash, gap = 8, 34, 18
    for x in range(0, WIDTH, dash + gap):
        draw.rectangle((x, 0, min(x + dash, WIDTH) - 1, width - 1), fill=PREVIEW)
        draw.rectangle((x, HEIGHT - width, min(x + dash, WIDTH) - 1, HEIGHT - 1), fill=PREVIEW)
    for y in range(0, HEIGHT, dash + gap):
        draw.rectangle((0, y, width - 1, min(y + dash, HEIGHT) - 1), fill=PREVIEW)
        draw.rectangle((WIDTH - width, y, WIDTH - 1, min(y + dash, HEIGHT) - 1), fill=PREVIEW)


def _render(
    view: Mapping[str, Any], names: Sequence[str], preview: Mapping[str, Any] | None
) -> bytes:
    seen = scene(view, preview)
    canvas = empty_table().copy()
    draw = ImageDraw.Draw(canvas)
    draw_field(canvas, draw, seen.stones, seen.throw, preview=preview is not None)
    draw_panel(
        canvas, draw, seen.context, names, seen.house, seen.throw, preview=preview is not None
    )
    if preview is not None:
        _dashed_frame(draw)
    return c.encode_png(c.to_palette(canvas, keep=KEEP))


def render_table(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The Logical Curling table (field, stones, last throw, players) as PNG bytes.

    ``view`` is a curling view (``docs/views.md``); ``names`` are display
    names in seat order. Odd or broken views draw what they can instead of
    raising.
    """
    return _render(view, names, None)


def render_preview(
    view: Mapping[str, Any], preview: Mapping[str, Any], *, names: Sequence[str]
) -> bytes:
    """The table as it would be after a throw not yet made, as PNG bytes.

    ``preview`` is what the game's ``preview`` returns (``docs/views.md``):
    the throw's data as in ``last`` plus ``stones``, ``house`` and
    ``segments``. Same size as :func:`render_table`; a dashed frame and an
    eye mark it as a preview.
    """
    return _render(view, names, preview)
