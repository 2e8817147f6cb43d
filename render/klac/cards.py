"""Klac! cards: their colours and shapes, faces, and the marks and pills drawn with them.

Each colour has its own shape as well as its own hue, for colour-blind
players: blue = circle, orange = diamond, green = square, the shapes of the
🔵 🔶 🟩 marks the captions and buttons use for the same colours.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import common as c

# Colour letter -> (fill, shape). Shapes make colours tellable without hue.
COLOURS: Mapping[str, tuple[c.RGB, c.Shape]] = {
    "B": (c.BLUE, "circle"),
    "O": (c.ORANGE, "diamond"),
    "G": (c.GREEN, "square"),
}
COLOUR_ORDER = ("B", "O", "G")
UNKNOWN_CARD: c.RGB = (150, 150, 150)


@dataclass(frozen=True)
class _Card:
    colour: str  # "B", "O", "G", or "" when the code is malformed
    value: str


def _parse(code: object) -> _Card:
    # Never raise on odd input: a renderer must not turn a bad view into a crash.
    if isinstance(code, str) and len(code) >= 2 and code[0] in COLOURS and code[1:].isdigit():
        return _Card(code[0], str(int(code[1:])))
    return _Card("", "?")


@c.sprite_cache
def card_face(code: str, width: int, height: int) -> Image.Image:
    """The face of Klac! card ``code`` (e.g. ``"O14"``) at a size, RGBA, cached."""
    card = _parse(code)
    fill, shape = COLOURS.get(card.colour, (UNKNOWN_CARD, "circle"))
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = max(3, width // 8)
    border = max(1, width // 45)
    d.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=radius, fill=fill, outline=c.INK, width=border
    )
    if card.colour and width >= 64:
        # A big pale outline of the colour's shape behind the value: at phone
        # size the corner marks are specks, but this silhouette still reads.
        side = min(width * 0.78, height * 0.58)
        cx, cy = width / 2, height * 0.54
        box = (int(cx - side / 2), int(cy - side / 2), int(cx + side / 2), int(cy + side / 2))
        # Orange is light already, so its silhouette goes darker, not paler.
        tint = c.mix(fill, c.INK, 0.25) if card.colour == "O" else c.mix(fill, c.PAPER, 0.45)
        c.draw_shape(d, shape, box, fill=None, outline=tint, width=max(2, width // 13))
    # White digits with a dark outline read on all three fills, and at a glance.
    size = int(height * (0.50 if len(card.value) < 2 else 0.44))
    fnt = c.fit_font(card.value, width * 0.86, size, bold=True)
    stroke = max(1, height // 45)
    c.draw_centred(
        d,
        (width / 2, height * 0.54),
        card.value,
        fnt,
        c.PAPER,
        stroke=stroke,
        stroke_fill=c.INK,
    )
    mark = max(8, int(width * 0.24))
    pad = max(3, width // 14)
    outline = max(1, width // 50)
    if card.colour:
        c.draw_shape(d, shape, (pad, pad, pad + mark, pad + mark), fill=c.PAPER,
                     outline=c.INK, width=outline)  # fmt: skip
        x1, y1 = width - pad, height - pad
        c.draw_shape(d, shape, (x1 - mark, y1 - mark, x1, y1), fill=c.PAPER,
                     outline=c.INK, width=outline)  # fmt: skip
    return im


@c.sprite_cache
def depth_pill(depth: int, height: int) -> Image.Image:
    """A stack's depth, "×N", on a pill, RGBA, cached."""
    label = f"×{depth}"
    fnt = c.font(int(height * 0.72), bold=True)
    width = int(fnt.getlength(label) + height * 0.8)
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=height // 2, fill=c.INK,
                        outline=c.PAPER, width=2)  # fmt: skip
    c.draw_centred(d, (width / 2, height / 2), label, fnt, c.PAPER)
    return im


@c.sprite_cache
def colour_marks(present: frozenset[str], size: int, gap: int) -> Image.Image:
    """The three colours' shapes in a row, RGBA, cached: lit when ``present`` among
    the row's top cards, else a hollow grey outline."""
    im = Image.new("RGBA", (3 * size + 2 * gap, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    for i, letter in enumerate(COLOUR_ORDER):
        fill, shape = COLOURS[letter]
        x = i * (size + gap)
        box = (x + 1, 1, x + size - 2, size - 2)
        if letter in present:
            c.draw_shape(d, shape, box, fill=fill, outline=c.INK, width=2)
        else:
            c.draw_shape(d, shape, box, fill=None, outline=c.FAINT, width=3)
    return im


@c.sprite_cache
def empty_slot(width: int, height: int) -> Image.Image:
    """A dashed outline where a card may go, RGBA, cached."""
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = max(3, width // 8)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, outline=c.FAINT, width=3)
    # A dashed look without a dash primitive: cut the outline with gaps.
    step = 18
    for x in range(radius, width - radius, step):
        d.line((x + 9, 0, x + 17, 0), fill=(0, 0, 0, 0), width=4)
        d.line((x + 9, height - 1, x + 17, height - 1), fill=(0, 0, 0, 0), width=4)
    for y in range(radius, height - radius, step):
        d.line((0, y + 9, 0, y + 17), fill=(0, 0, 0, 0), width=4)
        d.line((width - 1, y + 9, width - 1, y + 17), fill=(0, 0, 0, 0), width=4)
    return im


def colours_present(row: list[list[str]]) -> frozenset[str]:
    """The colours among the top cards of a row's stacks."""
    return frozenset(_parse(stack[-1]).colour for stack in row) & frozenset(COLOURS)
