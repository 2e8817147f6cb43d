"""Klac! images: the public table and one seat's private hand.

Input is only a view dict as documented in ``docs/views.md`` (never a game
state). The images carry no words: names, numbers and symbols only, so the
caption beside them does the talking in the reader's language.

Each colour has its own shape as well as its own hue, for colour-blind
players: blue = circle, orange = diamond, green = square, the shapes of the
🔵 🔶 🟩 marks the captions and buttons use for the same colours.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import common as c
from render.symbols import round_arrows

TABLE_WIDTH = 1200
HAND_WIDTH = 800

HEADER_H = 96
ROW_H = 200
PANEL_W = 350
PANEL_X = 58  # left of it: the turn arrow / winner star column
MAX_SEATS = 8
SLOTS = 6  # a row ends the round at 6 stacks; 7 is only drawn defensively
DEPTH_STEP = 6
DEPTH_SHOWN = 3  # under-card edges drawn; the "×N" pill gives the exact depth

# Colour letter -> (fill, shape). Shapes make colours tellable without hue.
COLOURS: Mapping[str, tuple[c.RGB, c.Shape]] = {
    "B": (c.BLUE, "circle"),
    "O": (c.ORANGE, "diamond"),
    "G": (c.GREEN, "square"),
}
COLOUR_ORDER = ("B", "O", "G")
UNKNOWN_CARD: c.RGB = (150, 150, 150)
ROW_BG = (c.PANEL, c.PAPER)
WINNER_BAND: c.RGB = (253, 228, 150)


@dataclass(frozen=True)
class _Card:
    colour: str  # "B", "O", "G", or "" when the code is malformed
    value: str


def _parse(code: object) -> _Card:
    # Never raise on odd input: a renderer must not turn a bad view into a crash.
    if isinstance(code, str) and len(code) >= 2 and code[0] in COLOURS and code[1:].isdigit():
        return _Card(code[0], str(int(code[1:])))
    return _Card("", "?")


# ------------------------------------------------------------------ sprites


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
def _depth_pill(depth: int, height: int) -> Image.Image:
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
def _colour_marks(present: frozenset[str], size: int, gap: int) -> Image.Image:
    # Lit = colour present among the row's top cards; unlit = hollow grey outline.
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
def _empty_slot(width: int, height: int) -> Image.Image:
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


# ------------------------------------------------------------------- helpers


def _int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _list(value: object) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def _seat_count(view: Mapping[str, Any], names: Sequence[str]) -> int:
    seats = _int(view.get("seats"), 0)
    if seats <= 0:
        seats = max(len(_list(view.get("rows"))), len(names))
    # The game seats at most 6; the cap only stops a corrupt view making a huge image.
    return min(max(1, seats), MAX_SEATS)


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names) and isinstance(names[seat], str) and names[seat].strip():
        return names[seat]
    return str(seat + 1)


def _rows(view: Mapping[str, Any], seats: int) -> list[list[list[str]]]:
    # Non-string cards become "" (drawn as an unknown card) so sprites stay hashable.
    rows = [
        [[card if isinstance(card, str) else "" for card in _list(stack)] for stack in _list(row)]
        for row in _list(view.get("rows"))
    ]
    rows = [[stack for stack in row if stack] for row in rows]
    return (rows + [[] for _ in range(seats)])[:seats]


def _per_seat(view: Mapping[str, Any], key: str, seats: int) -> list[int]:
    values = [_int(v) for v in _list(view.get(key))]
    return (values + [0] * seats)[:seats]


def _present(row: list[list[str]]) -> frozenset[str]:
    return frozenset(_parse(stack[-1]).colour for stack in row) & frozenset(COLOURS)


def _turn(view: Mapping[str, Any]) -> int | None:
    if view.get("over"):
        return None
    turn = view.get("turn")
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


def _last(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    last = view.get("last")
    return last if isinstance(last, Mapping) else None


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("0" if value == 0 else f"−{-value}")


def _draw_deck(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, x: int, cy: int, count: int, h: int
) -> int:
    """Card-back icon plus count; returns the x after it."""
    w = int(h * 0.74)
    back = c.card_back(w, h)
    c.paste(canvas, back, (x, cy - h // 2))
    fnt = c.font(int(h * 0.7), bold=True)
    c.draw_text(draw, (x + w + 10, cy), str(count), fnt, c.INK)
    return int(x + w + 10 + fnt.getlength(str(count)))


def _draw_round(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, x: int, cy: int, view: Mapping[str, Any]
) -> int:
    """Round number and match target, drawn as "🔄2 ⚑150" (the caption's marks for
    them: a letter would be an abbreviation of one language); returns the x after it."""
    icon = round_arrows(40)
    c.paste(canvas, icon, (x, cy - icon.height // 2))
    x += icon.width + 6
    big = c.font(42, bold=True)
    label = str(max(1, _int(view.get("round"), 1)))
    c.draw_text(draw, (x, cy), label, big, c.INK)
    x += int(big.getlength(label)) + 22
    target = f"⚑{_int(view.get('target'), 150)}"
    mid = c.font(34, bold=True)
    c.draw_text(draw, (x, cy), target, mid, c.MUTED)
    return x + int(mid.getlength(target))


# --------------------------------------------------------------------- table


@dataclass(frozen=True)
class _TableContext:
    names: Sequence[str]
    rows: list[list[list[str]]]
    totals: list[int]
    row_scores: list[int]
    hand_sizes: list[int]
    turn: int | None
    winners: frozenset[int]
    last: tuple[int, int, int] | None  # (target seat, stack index, seat who played)
    last_round: list[int] | None


def _context(view: Mapping[str, Any], names: Sequence[str]) -> _TableContext:
    seats = _seat_count(view, names)
    last = _last(view)
    last_t: tuple[int, int, int] | None = None
    if last is not None:
        target, stack = _int(last.get("target"), -1), _int(last.get("stack"), -1)
        who = _int(last.get("seat"), -1)
        if 0 <= target < seats and stack >= 0 and 0 <= who < seats:
            last_t = (target, stack, who)
    lr = view.get("last_round")
    last_round = None
    if isinstance(lr, Mapping):
        last_round = (([_int(v) for v in _list(lr.get("scores"))]) + [0] * seats)[:seats]
    winners = (
        frozenset(_int(w, -1) for w in _list(view.get("winners")))
        if view.get("over")
        else frozenset()
    )
    return _TableContext(
        names=names,
        rows=_rows(view, seats),
        totals=_per_seat(view, "totals", seats),
        row_scores=_per_seat(view, "row_scores", seats),
        hand_sizes=_per_seat(view, "hand_sizes", seats),
        turn=_turn(view),
        winners=winners,
        last=last_t,
        last_round=last_round,
    )


def _slot_geometry(n_stacks: int) -> tuple[int, int, int, int]:
    """(slot width, card width, card height, first slot x) for a row."""
    x0 = PANEL_W + 22
    area = TABLE_WIDTH - x0 - 14
    slots = max(SLOTS, n_stacks)
    slot_w = area // slots
    depth_room = DEPTH_STEP * DEPTH_SHOWN
    card_h = ROW_H - 18 - depth_room - 20
    card_w = min(int(card_h * 0.74), slot_w - depth_room - 12)
    card_h = min(card_h, int(card_w / 0.70))
    return slot_w, card_w, card_h, x0


def row_box(seat: int) -> c.Box:
    """Pixel box of ``seat``'s row on the table image (for hit areas and tests)."""
    top = HEADER_H + seat * ROW_H
    return (0, top, TABLE_WIDTH, top + ROW_H)


def stack_box(seat: int, index: int, n_stacks: int) -> c.Box:
    """Pixel box of the top card of stack ``index`` in ``seat``'s row.

    ``n_stacks`` is the row's length (7 stacks narrow every slot). Cards under
    the top one peek out up to ``DEPTH_STEP * DEPTH_SHOWN`` px up and right.
    """
    slot_w, card_w, card_h, x0 = _slot_geometry(n_stacks)
    x = x0 + index * slot_w
    y = row_box(seat)[3] - 28 - card_h
    return (x, y, x + card_w, y + card_h)


@dataclass(frozen=True)
class _Panel:
    """Everything the left panel of a row shows; hashable, so panels cache."""

    seat: int
    name: str
    bg: c.RGB
    turn: bool
    winner: bool
    total: int
    last_round: str | None  # the last round's points, e.g. "+22", after a 🔄
    present: frozenset[str]
    score: int
    hand: int


@c.sprite_cache
def _panel_sprite(p: _Panel) -> Image.Image:
    """A row's left panel as an opaque RGB tile; panels rarely change per move."""
    im = Image.new("RGB", (PANEL_W, ROW_H), p.bg)
    draw = ImageDraw.Draw(im)
    draw.line((0, ROW_H - 1, PANEL_W, ROW_H - 1), fill=c.FAINT, width=2)
    c.draw_row_marker(draw, ROW_H, turn=p.turn, winner=p.winner, size=24)

    # Seat badge + name, total (+ last round), colour marks + row score, hand size.
    c.paste(im, c.seat_badge(p.seat + 1, 40), (PANEL_X, 14))
    name_x = PANEL_X + 50
    c.draw_name(draw, (name_x, 34), p.name, PANEL_W - name_x - 8, 34, min_size=26)

    total_font = c.font(40, bold=True)
    line2 = 92
    c.draw_text(draw, (PANEL_X + 2, line2), "Σ", c.font(34), c.MUTED)
    total = str(p.total)
    c.draw_text(draw, (PANEL_X + 32, line2), total, total_font, c.INK)
    if p.last_round is not None:
        tx = PANEL_X + 32 + int(total_font.getlength(total)) + 16
        icon = round_arrows(24, c.MUTED)
        c.paste(im, icon, (tx, line2 + 4 - icon.height // 2))
        c.draw_text(draw, (tx + icon.width + 4, line2 + 4), p.last_round, c.font(26), c.MUTED)

    line3 = 150
    marks = _colour_marks(p.present, 30, 8)
    c.paste(im, marks, (PANEL_X + 2, line3 - 15))
    complete = len(p.present) == 3
    c.draw_text(
        draw, (PANEL_X + 2 + marks.width + 14, line3), _signed(p.score), c.font(34, bold=True),
        c.INK if complete else c.MUTED,
    )  # fmt: skip

    fan = c.fan_of_backs(min(p.hand, 4), 24, 34, 13)
    fx = PANEL_W - 14 - max(fan.width, 24)
    if p.hand:
        c.paste(im, fan, (fx, line3 - 17))
    else:
        draw.rounded_rectangle((fx, line3 - 17, fx + 23, line3 + 16), radius=4,
                               outline=c.FAINT, width=2)  # fmt: skip
    if p.hand > 4:
        c.draw_text(draw, (fx - 6, line3), str(p.hand), c.font(22, bold=True), c.INK, anchor="rm")
    return im


def _draw_row(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    seat: int,
    y: int,
    ctx: _TableContext,
) -> None:
    row = ctx.rows[seat]
    is_turn = ctx.turn == seat
    is_winner = seat in ctx.winners
    bg = c.TURN_BAND if is_turn else WINNER_BAND if is_winner else ROW_BG[seat % 2]
    draw.rectangle((PANEL_W, y, TABLE_WIDTH, y + ROW_H - 1), fill=bg)
    draw.line((PANEL_W, y + ROW_H - 1, TABLE_WIDTH, y + ROW_H - 1), fill=c.FAINT, width=2)
    last_round = None
    if ctx.last_round is not None:
        last_round = _signed(ctx.last_round[seat])
    panel = _Panel(
        seat=seat,
        name=_name(ctx.names, seat),
        bg=bg,
        turn=is_turn,
        winner=is_winner,
        total=ctx.totals[seat],
        last_round=last_round,
        present=_present(row),
        score=ctx.row_scores[seat],
        hand=ctx.hand_sizes[seat],
    )
    canvas.paste(_panel_sprite(panel), (0, y))

    # Stacks.
    _slot_w, card_w, card_h, _x0 = _slot_geometry(len(row))
    if not row:
        empty = stack_box(seat, 0, 1)
        c.paste(canvas, _empty_slot(card_w, card_h), (empty[0], empty[1]))
        return
    last = ctx.last
    for i, stack in enumerate(row):
        x, card_y, _x1, _y1 = stack_box(seat, i, len(row))
        sprite = _stack_sprite(tuple(stack[-DEPTH_SHOWN - 1 :]), len(stack), card_w, card_h)
        if last is not None and last[0] == seat and last[1] == i:
            # Frame first: the depth pill then sits on top of its bottom edge.
            off = DEPTH_STEP * min(len(stack) - 1, DEPTH_SHOWN)
            c.highlight_frame(draw, (x, card_y - off, x + card_w + off, card_y + card_h))
            c.paste(canvas, sprite, (x, card_y - DEPTH_STEP * DEPTH_SHOWN))
            who = c.seat_badge(last[2] + 1, 32, c.HIGHLIGHT)
            c.paste(canvas, who, (x - 16, card_y - off - 18))
        else:
            c.paste(canvas, sprite, (x, card_y - DEPTH_STEP * DEPTH_SHOWN))


@c.sprite_cache
def _stack_sprite(visible: tuple[str, ...], depth: int, card_w: int, card_h: int) -> Image.Image:
    """A whole stack (under-card edges, top card, "×N" pill) as one sprite.

    Stacks rarely change between moves, so caching them turns a row into a
    handful of pastes. ``visible`` is the top card plus up to DEPTH_SHOWN
    cards under it, bottom → top.
    """
    room = DEPTH_STEP * DEPTH_SHOWN
    pill_h = 28
    im = Image.new("RGBA", (card_w + room, room + card_h + pill_h // 2 + 2), (0, 0, 0, 0))
    under = visible[:-1]
    # Deepest first, each one step up-right, so their edges peek out in their colours.
    for k, code in enumerate(under):
        off = DEPTH_STEP * (len(under) - k)
        face = card_face(code, card_w, card_h)
        im.alpha_composite(face, (off, room - off))
    im.alpha_composite(card_face(visible[-1], card_w, card_h), (0, room))
    if depth > 1:
        pill = _depth_pill(depth, pill_h)
        im.alpha_composite(pill, ((card_w - pill.width) // 2, room + card_h - pill_h // 2))
    return im


def _draw_header(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    ctx: _TableContext,
    width: int,
) -> None:
    draw.rectangle((0, 0, width, HEADER_H - 1), fill=c.BACKGROUND)
    draw.line((0, HEADER_H - 1, width, HEADER_H - 1), fill=c.FAINT, width=2)
    cy = HEADER_H // 2
    x = _draw_round(canvas, draw, 22, cy, view)
    x = _draw_deck(canvas, draw, x + 40, cy, _int(view.get("deck")), 58)

    if ctx.winners:
        # Over: the winners' names after a star, in place of the last play.
        sx = x + 50
        c.draw_star(draw, (sx + 22, cy), 24)
        label = ", ".join(c.clean_text(_name(ctx.names, w), bold=True) for w in sorted(ctx.winners))
        c.draw_name(draw, (sx + 56, cy), label, width - sx - 56 - 20, 34)
        return
    last = _last(view)
    if last is None or ctx.last is None:
        return
    # Last play: who ▸ card → whose row. Right-aligned so it never meets the deck.
    target, _stack, who = ctx.last
    card = last.get("card")
    mini = card_face(card if isinstance(card, str) else "", 46, 62)
    arrow = c.font(40, bold=True)
    parts_w = 40 + 10 + mini.width + 14 + int(arrow.getlength("→")) + 14 + 40
    rx = width - 24 - parts_w
    c.paste(canvas, c.seat_badge(who + 1, 40, c.HIGHLIGHT), (rx, cy - 20))
    rx += 50
    c.paste(canvas, mini, (rx, cy - mini.height // 2))
    rx += mini.width + 14
    c.draw_text(draw, (rx, cy), "→", arrow, c.INK)
    rx += int(arrow.getlength("→")) + 14
    c.paste(canvas, c.seat_badge(target + 1, 40), (rx, cy - 20))


def render_table(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The public Klac! table as PNG bytes.

    ``view`` is a Klac! view (``docs/views.md``); only public fields are read,
    so a stray ``"hand"`` never reaches the image. ``names`` are display names
    in seat order.
    """
    ctx = _context(view, names)
    height = HEADER_H + ROW_H * len(ctx.rows)
    canvas = Image.new("RGB", (TABLE_WIDTH, height), c.PAPER)
    draw = ImageDraw.Draw(canvas)
    _draw_header(canvas, draw, view, ctx, TABLE_WIDTH)
    for seat in range(len(ctx.rows)):
        _draw_row(canvas, draw, seat, HEADER_H + seat * ROW_H, ctx)
    return c.encode_png(canvas)


# ---------------------------------------------------------------------- hand

HAND_CARD_W = 200
HAND_CARD_H = 280
HAND_HEADER_H = 96
HAND_GAP = 28
HAND_FOOTER_H = 96


def hand_key(view: Mapping[str, Any], *, names: Sequence[str]) -> str:
    """Everything :func:`render_hand` draws, as text: equal keys mean identical images.

    Lets a caller reuse a hand image across moves that did not touch it
    instead of drawing it again.
    """
    ctx = _context(view, names)
    you = _int(view.get("you"), -1)
    hand = [h for h in _list(view.get("hand")) if isinstance(h, str)][:5]
    mine = 0 <= you < len(ctx.rows)
    return repr((
        you, hand, ctx.turn == you, you in ctx.winners, _name(names, you) if you >= 0 else "",
        ctx.rows[you] if mine else None, ctx.row_scores[you] if mine else None,
        ctx.totals[you] if mine else None,
    ))  # fmt: skip


def render_hand(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """One seat's private Klac! hand (``view["hand"]``) as PNG bytes.

    Shows the hand large, the player's name (a highlighted band and arrow when
    it is this seat's turn), and the seat's own row (top cards, colour marks,
    row score, total) as context for the move. It deliberately leaves out
    what changes on every move elsewhere (deck size, whose turn), so a
    frontend only has to update a hand when something of this seat's changed.
    """
    ctx = _context(view, names)
    you = _int(view.get("you"), -1)
    hand = [h for h in _list(view.get("hand")) if isinstance(h, str)][:5]
    height = HAND_HEADER_H + HAND_GAP + HAND_CARD_H + 24 + HAND_FOOTER_H
    canvas = Image.new("RGB", (HAND_WIDTH, height), c.PAPER)
    draw = ImageDraw.Draw(canvas)

    # Header: your badge and name.
    your_turn = ctx.turn is not None and ctx.turn == you
    draw.rectangle((0, 0, HAND_WIDTH, HAND_HEADER_H - 1),
                   fill=c.TURN_BAND if your_turn else c.BACKGROUND)  # fmt: skip
    cy = HAND_HEADER_H // 2
    x = 20
    if your_turn:
        draw.rectangle((0, 0, 10, HAND_HEADER_H - 1), fill=c.TURN_MARK)
        c.draw_arrow(draw, (20, cy - 22, 46, cy + 22), c.TURN_MARK)
        x = 58
    elif you in ctx.winners:
        c.draw_star(draw, (42, cy), 22)
        x = 72
    if you >= 0:
        c.paste(canvas, c.seat_badge(you + 1, 44), (x, cy - 22))
        x += 56
    c.draw_name(draw, (x, cy), _name(names, you) if you >= 0 else "", HAND_WIDTH - x - 20, 38)
    draw.line((0, HAND_HEADER_H - 1, HAND_WIDTH, HAND_HEADER_H - 1), fill=c.FAINT, width=2)

    cards_y = HAND_HEADER_H + HAND_GAP

    # The hand, centred; empty places are outlined so 2 cards read as "2 of 3".
    slots = max(3, len(hand))
    gap = 40
    card_w = min(HAND_CARD_W, (HAND_WIDTH - 40 - gap * (slots - 1)) // slots)
    card_h = min(HAND_CARD_H, int(card_w * 1.4))
    total_w = slots * card_w + (slots - 1) * gap
    x0 = (HAND_WIDTH - total_w) // 2
    for i in range(slots):
        x = x0 + i * (card_w + gap)
        if i < len(hand):
            c.paste(canvas, card_face(hand[i], card_w, card_h), (x, cards_y))
        else:
            c.paste(canvas, _empty_slot(card_w, card_h), (x, cards_y))

    # Footer: your row as it stands (public), so the hand can be read against it.
    fy = height - HAND_FOOTER_H
    draw.rectangle((0, fy, HAND_WIDTH, height), fill=c.BACKGROUND)
    draw.line((0, fy, HAND_WIDTH, fy), fill=c.FAINT, width=2)
    fcy = fy + HAND_FOOTER_H // 2
    if 0 <= you < len(ctx.rows):
        row = ctx.rows[you]
        present = _present(row)
        marks = _colour_marks(present, 30, 8)
        c.paste(canvas, marks, (20, fcy - 15))
        sx = 20 + marks.width + 12
        score_font = c.font(34, bold=True)
        score = _signed(ctx.row_scores[you])
        c.draw_text(draw, (sx, fcy), score, score_font, c.INK if len(present) == 3 else c.MUTED)
        sx += int(score_font.getlength(score)) + 26
        c.draw_text(draw, (sx, fcy), "Σ", c.font(30), c.MUTED)
        c.draw_text(draw, (sx + 26, fcy), str(ctx.totals[you]), score_font, c.INK)
        mw, mh = 46, 64
        mx = HAND_WIDTH - 20 - len(row) * (mw + 8) + 8
        for i, stack in enumerate(row):
            c.paste(canvas, card_face(stack[-1], mw, mh), (mx + i * (mw + 8), fcy - mh // 2))
        if not row:
            c.paste(canvas, _empty_slot(mw, mh), (HAND_WIDTH - 20 - mw, fcy - mh // 2))
    return c.encode_png(canvas)
