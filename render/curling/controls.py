"""What the panel offers to tap while a player acts: the sign under the dice
that re-throws (or keeps) them, the five trajectories when aiming, and the
sign that takes no more cards.

Each stands for a move button (the caption's 🔁, ✔, the trajectory's name
and ✋) and is drawn only while that button can be shown, from the view alone:
the phase, the dice and their marks, the limit on the throw's power and who
holds which substitution cards. :mod:`render.curling.targets` puts the taps
on them.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import common as c
from render.curling.layout import (
    DICE_ACTION_H,
    FOUL,
    PATH,
    START_CELL,
    TRAJECTORY_H,
    TRAJECTORY_W,
    dice_action_box,
    stop_box,
    trajectory_box,
)
from render.curling.parse import TRAJECTORIES, Context
from render.symbols import round_arrows

SIX = 6
#: The most substitution cards the table holds at once (and one player).
MAX_SUBS = 5
#: The trajectories weakest first: the rules' powers 1–5 in this order.
ORDER = tuple(TRAJECTORIES)
POWER = {name: i + 1 for i, name in enumerate(ORDER)}
#: Each trajectory's segment lengths in its tile: its shape as a player
#: recognises it (reverse: short run, long bend; shortened: the other way round).
_SHAPES = {
    "reverse": (2, 3),
    "shortened": (4, 2),
    "triple": (2, 2, 2),
    "quadruple": (2, 2, 2, 1),
    "semaphore": (5, 2),
}
_UNIT = 14  # a cell of a tile's sketch
_POWER_H = 34  # the tile's power "⚡n" under its sketch


def acting(ctx: Context, phase: str) -> bool:
    """Whether a seat is to act in ``phase`` now."""
    return ctx.turn is not None and not ctx.over and ctx.phase == phase


def dice_action(ctx: Context) -> tuple[str, int]:
    """What the reroll phase's last button does: ``("rethrow", n)`` when dice
    are marked or a six shows (it re-throws ``n`` dice), else ``("keep", 0)``."""
    dice = ctx.dice or ()
    count = sum(
        1 for i, value in enumerate(dice) if value == SIX or (i < len(ctx.marked) and ctx.marked[i])
    )
    return ("rethrow", count) if count else ("keep", 0)


def offered_trajectories(ctx: Context) -> tuple[str, ...]:
    """The trajectories the limit allows (the reverse always), weakest first;
    none unless a seat is aiming."""
    limit = ctx.limit[2] if ctx.limit is not None else None
    if not acting(ctx, "aim") or limit is None:
        return ()
    return tuple(name for name in ORDER if POWER[name] <= limit or POWER[name] == 1)


def draws_from_deck(ctx: Context) -> bool:
    """Whether the seat to act may take a card from the deck (the first player
    of a round, or anyone while the table holds fewer than five)."""
    if not acting(ctx, "draw") or ctx.turn is None:
        return False
    held = ctx.subs[ctx.turn]
    stock = (ctx.deck or 0) + (ctx.discard or 0)
    if len(held) >= MAX_SUBS or not stock:
        return False
    return ctx.turn != ctx.hammer or len(ctx.subs[0]) + len(ctx.subs[1]) < MAX_SUBS


def takes_from_opponent(ctx: Context) -> tuple[str, ...]:
    """The first player's cards the second may take (once the table holds five)."""
    if not acting(ctx, "draw") or ctx.turn is None or ctx.turn != ctx.hammer:
        return ()
    if len(ctx.subs[ctx.turn]) >= MAX_SUBS or len(ctx.subs[0]) + len(ctx.subs[1]) < MAX_SUBS:
        return ()
    return ctx.subs[1 - ctx.turn]


def _draw_dice_action(canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: Context) -> None:
    """The re-throw sign (🔄 and how many dice) or the keep sign (✔)."""
    x0, y0, x1, y1 = dice_action_box()
    draw.rounded_rectangle(
        (x0, y0, x1, y1), radius=14, fill=c.TURN_BAND, outline=c.TURN_MARK, width=3
    )
    kind, count = dice_action(ctx)
    cy = (y0 + y1) // 2
    if kind == "keep":
        side = DICE_ACTION_H - 18
        cx = (x0 + x1) // 2
        c.draw_check(draw, (cx - side // 2, cy - side // 2, cx + side // 2, cy + side // 2))
        return
    arrows = round_arrows(44)
    c.paste(canvas, arrows, (x0 + 22, cy - arrows.height // 2))
    c.draw_text(draw, (x0 + 80, cy), str(count), c.font(36, bold=True), c.INK)


@c.sprite_cache
def trajectory_tile(name: str, power: int, offered: bool) -> Image.Image:
    """A trajectory's tile: its sketch from a left start cell (bending
    clockwise, as on the field) over its power; greyed when over the limit."""
    im = Image.new("RGB", (TRAJECTORY_W, TRAJECTORY_H), c.PAPER if offered else c.BACKGROUND)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (0, 0, TRAJECTORY_W - 1, TRAJECTORY_H - 1),
        radius=10,
        outline=c.TURN_MARK if offered else c.FAINT,
        width=3 if offered else 2,
    )
    points = [(0, 0)]
    for (dc, dr), length in zip(TRAJECTORIES[name], _SHAPES[name], strict=True):
        x, y = points[-1]
        points.append((x + dc * length, y + dr * length))
    left = min(x for x, _ in points)
    right = max(x for x, _ in points)
    base_x = TRAJECTORY_W / 2 - (left + right) * _UNIT / 2
    base_y = TRAJECTORY_H - _POWER_H - 12
    pixels = [(base_x + x * _UNIT, base_y - y * _UNIT) for x, y in points]
    sx, sy = pixels[0]
    d.rounded_rectangle((sx - 9, sy - 9, sx + 9, sy + 9), radius=4,
                        fill=START_CELL if offered else c.FAINT)  # fmt: skip
    ink = PATH if offered else c.MUTED
    d.line(pixels, fill=ink, width=5, joint="curve")
    for bx, by in pixels[1:-1]:
        d.ellipse((bx - 4, by - 4, bx + 4, by + 4), fill=ink)
    c.draw_centred(
        d,
        (TRAJECTORY_W / 2, TRAJECTORY_H - _POWER_H / 2 - 4),
        f"⚡{power}",
        c.font(24, bold=True),
        c.INK if offered else c.MUTED,
    )
    return im


def _draw_trajectories(canvas: Image.Image, ctx: Context) -> None:
    offered = offered_trajectories(ctx)
    for i, name in enumerate(ORDER):
        canvas.paste(trajectory_tile(name, POWER[name], name in offered), trajectory_box(i)[:2])


def _draw_stop(draw: ImageDraw.ImageDraw) -> None:
    """A stop sign: a red octagon with a white rim and bar."""
    x0, y0, x1, y1 = stop_box()
    side = y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = side / 2
    k = r * 0.414  # half an octagon's side
    octagon = [(cx - k, cy - r), (cx + k, cy - r), (cx + r, cy - k), (cx + r, cy + k),
               (cx + k, cy + r), (cx - k, cy + r), (cx - r, cy + k), (cx - r, cy - k)]  # fmt: skip
    draw.polygon(octagon, fill=FOUL, outline=c.PAPER, width=2)
    draw.rectangle((cx - r * 0.55, cy - r * 0.16, cx + r * 0.55, cy + r * 0.16), fill=c.PAPER)


def draw_controls(canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: Context) -> None:
    """Whatever the phase offers to tap, under the dice or on the cards' line."""
    if ctx.variant == "dice" and acting(ctx, "reroll"):
        _draw_dice_action(canvas, draw, ctx)
    elif ctx.variant == "dice" and offered_trajectories(ctx):
        _draw_trajectories(canvas, ctx)
    elif ctx.variant == "cards" and acting(ctx, "draw"):
        _draw_stop(draw)
