"""A replay as an animated GIF: the public table pictures of a game, one per
move, each under a strip naming the move, who made it and, in words, what it
did; and, when a table chose to show them, every seat's hand drawn under the
table (:func:`with_hands`).

GIF because every chat shows it inline, Pillow writes it without another
dependency, and a table changes little from one move to the next: Pillow
stores only the part of each frame that changed, so a whole game stays small.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

from render.common import INK, PAPER, draw_name, draw_text, encode_png, font, rich

#: Frames are scaled to this width at most (chat previews are about this wide).
WIDTH = 480
#: Colours of the one palette every frame shares.
COLOURS = 64
#: Height of the strip above each frame (its first line: the move and who made it).
STRIP = 34
#: The words under that line: their size, line height and most lines (the
#: last cut short with "…"); a frame narrower than NARROW shows none.
SAID_SIZE = 15
SAID_LINE = 20
SAID_LINES = 6
NARROW = 320
#: How long a frame shows (milliseconds): a move, the opening and the end.
MOVE_MS = 1100
FIRST_MS = 1800
LAST_MS = 4000
#: A frame that ends a round (its count told under it) is held as long as the end.
HOLD_MS = LAST_MS
#: Each hand is fitted into a box this many times as tall as it is wide, so a
#: frame keeps its size however many cards the hands hold.
HAND_BOX = 2 / 3
#: Pixels around and between the hands' boxes.
HAND_GAP = 8
#: Behind the hands: a shade apart from the table's and the hands' own white.
HAND_BACKDROP = (214, 220, 226)


@dataclass(frozen=True)
class Frame:
    """One picture of the replay: the table as a PNG, who made the move that
    led to it (no name: the opening position), what it did in words, and
    whether it is held (it shows how a round was counted)."""

    png: bytes
    number: int
    total: int
    mover: str | None
    said: tuple[str, ...] = ()
    hold: bool = False


def _said(frame: Frame, width: int, emoji: Path | None) -> list[str]:
    """The frame's words wrapped to the strip, at most :data:`SAID_LINES`."""
    if width < NARROW:
        return []
    lines = [line for said in frame.said for line in rich.wrap(said, SAID_SIZE, width - 20, emoji)]
    if len(lines) > SAID_LINES:
        lines = [*lines[: SAID_LINES - 1], lines[SAID_LINES - 1].rstrip(".…") + "…"]
    return lines


def _strip(
    frame: Frame, width: int, said: list[str], height: int, emoji: Path | None
) -> Image.Image:
    strip = Image.new("RGB", (width, height), INK)
    draw = ImageDraw.Draw(strip)
    counter = f"{frame.number}/{frame.total}"
    fnt = font(18, bold=True)
    draw_text(draw, (10, STRIP / 2), counter, fnt, PAPER)
    if frame.mover is not None:
        left = 20 + fnt.getlength(counter)
        draw_text(draw, (left, STRIP / 2), "▶", fnt, PAPER)
        draw_name(draw, (left + 26, STRIP / 2), frame.mover, width - left - 36, 18, PAPER)
    for number, line in enumerate(said):
        rich.draw(
            strip, (10, STRIP + SAID_LINE * (number + 0.5) - 4), line, SAID_SIZE, PAPER, emoji
        )
    return strip


def _picture(
    frame: Frame,
    said: list[str],
    scale: float,
    width: int,
    height: int,
    strip: int,
    emoji: Path | None,
) -> Image.Image:
    table = Image.open(io.BytesIO(frame.png)).convert("RGB")
    if scale != 1.0:
        size = (round(table.width * scale), round(table.height * scale))
        table = table.resize(size, Image.Resampling.LANCZOS)
    canvas = Image.new("RGB", (width, height + strip), PAPER)
    canvas.paste(_strip(frame, width, said, strip, emoji), (0, 0))
    canvas.paste(table, ((width - table.width) // 2, strip))
    return canvas


def animation(
    frames: Sequence[Frame],
    *,
    width: int = WIDTH,
    colours: int = COLOURS,
    emoji: Path | None = None,
) -> bytes:
    """The frames as a looping GIF of at most ``width`` pixels and ``colours``
    colours. A GIF has one size, and a table may grow during a game (Krendzu's
    field does): every frame is scaled alike, to fit the widest in ``width``,
    and centred on a canvas that holds the largest, so no picture is ever
    stretched; the strip above is as tall as the most words of a frame need.
    ``emoji``: a colour emoji font for the emoji of the words (none: each is
    drawn as a box)."""
    sizes = []
    for frame in frames:
        with Image.open(io.BytesIO(frame.png)) as opened:
            sizes.append(opened.size)
    widest = max(w for w, _ in sizes)
    scale = min(1.0, width / widest)
    size = round(widest * scale), round(max(h for _, h in sizes) * scale)
    said = [_said(frame, size[0], emoji) for frame in frames]
    most = max(len(lines) for lines in said)
    strip = STRIP + SAID_LINE * most + (6 if most else 0)
    pictures = [
        _picture(frame, lines, scale, *size, strip, emoji)
        for frame, lines in zip(frames, said, strict=True)
    ]
    # One palette for the whole game keeps colours steady from frame to frame
    # and lets Pillow store only what changed.
    palette = pictures[-1].quantize(colors=colours, method=Image.Quantize.MEDIANCUT)
    indexed = [p.quantize(palette=palette, dither=Image.Dither.NONE) for p in pictures]
    durations = [HOLD_MS if frame.hold else MOVE_MS for frame in frames]
    durations[-1] = LAST_MS
    durations[0] = FIRST_MS
    out = io.BytesIO()
    indexed[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=durations,
        loop=0,
    )
    return out.getvalue()


def hand_columns(seats: int) -> int:
    """Hands side by side under the table: all of up to three, else two rows."""
    return seats if seats <= 3 else math.ceil(seats / 2)


def with_hands(table: bytes, hands: Sequence[bytes]) -> bytes:
    """The table picture with the seats' hand pictures under it, in seat order."""
    with Image.open(io.BytesIO(table)) as opened:
        top = opened.convert("RGB")
    columns = hand_columns(len(hands))
    rows = math.ceil(len(hands) / columns)
    box_w = (top.width - HAND_GAP * (columns + 1)) // columns
    box_h = round(box_w * HAND_BOX)
    height = top.height + rows * (box_h + HAND_GAP) + HAND_GAP
    canvas = Image.new("RGB", (top.width, height), HAND_BACKDROP)
    canvas.paste(top, (0, 0))
    for seat, png in enumerate(hands):
        hand = _shrunk(png, box_w, box_h)
        row, column = divmod(seat, columns)
        left = HAND_GAP + column * (box_w + HAND_GAP) + (box_w - hand.width) // 2
        canvas.paste(hand, (left, top.height + HAND_GAP + row * (box_h + HAND_GAP)))
    return encode_png(canvas)


# A hand mostly stays as it was from one frame to the next: each seat's last
# one is kept shrunk (the pictures are only read from, never changed).
@lru_cache(maxsize=16)
def _shrunk(png: bytes, width: int, height: int) -> Image.Image:
    with Image.open(io.BytesIO(png)) as opened:
        hand = opened.convert("RGB")
    # Shrunk into its box keeping its shape: a card is never stretched.
    hand.thumbnail((width, height), Image.Resampling.LANCZOS)
    return hand
