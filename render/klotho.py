"""Klotho / Prospector images: the field of cards, the chips and the players.

Input is only a view dict as documented in ``docs/views.md`` (never a game
state); everything in Klotho is public, so there is one table image and no
private one. The image carries no words: names, numbers, coordinates and
symbols only, so the caption beside it does the talking in the reader's
language.

Layout: a header (tour, stock, vote or triplet choice, last action), the field
on a green felt with column letters and row numbers, and a panel with one row
per player on the right. Chips carry the seat number as well as the seat's
colour, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import common as c
from render.symbols import dealer_button

WIDTH = 1200
HEADER_H = 96
PANEL_W = 380
FIELD_W = WIDTH - PANEL_W
LABEL = 52  # the column-letter strip on top and the row-number strip on the left
GAP = 22  # between cards: room for the last-action frame without touching a neighbour
MARGIN = 20  # felt right of and below the grid
CARD_RATIO = 1.36  # height / width, close to a real card's 88/63
FRAME = 6  # the last-action frame's width, drawn outside the card
MAX_SEATS = 8
MAX_SIDE = 6  # rows or columns beyond this are a corrupt view, not a field to draw
ROW_H_MAX = 160

FELT: c.RGB = (38, 100, 72)
FELT_LABEL: c.RGB = (206, 230, 214)
WINNER_BAND: c.RGB = (253, 228, 150)
ROW_BG = (c.PANEL, c.PAPER)
VOTE_PENDING: c.RGB = c.MUTED
FIGURES = frozenset({"J", "Q", "K", "A"})
# Exact in the PNG palette: tests compare pixels with them.
KEEP: tuple[c.RGB, ...] = (*c.KEY_COLOURS, *c.CARD_COLOURS, FELT, FELT_LABEL, WINNER_BAND)

# Last action kind -> symbol drawn in the header after the actor's badge. A
# replacement shows the ♻ its button wears; the font has no glyph for the
# other buttons' emoji, and the caption says in words what was done.
KIND_SYMBOLS: Mapping[str, str] = {"place": "⬇", "move": "➜", "turn": "↻", "replace": "♻"}


# ------------------------------------------------------------------ geometry


def _default_grid(seats: int) -> tuple[int, int]:
    if seats >= 7:
        return 5, 5
    if seats >= 5:
        return 4, 5
    return 4, 4


def card_size(cols: int) -> tuple[int, int]:
    """(width, height) of one card on a field ``cols`` columns wide."""
    cols = min(max(cols, 1), MAX_SIDE)
    width = (FIELD_W - LABEL - MARGIN - GAP * (cols - 1)) // cols
    return width, round(width * CARD_RATIO)


def field_height(rows: int, cols: int) -> int:
    """Height of the field area (labels, cards, margin) under the header."""
    _w, h = card_size(cols)
    return LABEL + rows * h + (rows - 1) * GAP + MARGIN


def image_size(rows: int, cols: int) -> tuple[int, int]:
    """(width, height) of the table image for a ``rows`` × ``cols`` field."""
    return WIDTH, HEADER_H + field_height(rows, cols)


def cell_box(row: int, col: int, rows: int, cols: int) -> c.Box:
    """Pixel box of the card in ``row``, ``col`` (0-based; A1 is 0, 0) on the image.

    ``rows`` is part of the signature so callers need not know that only the
    column count sets the card size.
    """
    del rows
    w, h = card_size(cols)
    x = LABEL + col * (w + GAP)
    y = HEADER_H + LABEL + row * (h + GAP)
    return (x, y, x + w, y + h)


def chip_centre(box: c.Box) -> tuple[int, int]:
    """Where a chip stands on a card: the bottom-left quarter the face leaves free."""
    x0, y0, x1, y1 = box
    return round(x0 + (x1 - x0) * 0.27), round(y0 + (y1 - y0) * 0.73)


def panel_row_height(seats: int, rows: int, cols: int) -> int:
    """Height of one player's row in the right-hand panel."""
    return min(ROW_H_MAX, field_height(rows, cols) // max(seats, 1))


def panel_row_box(seat: int, seats: int, rows: int, cols: int) -> c.Box:
    """Pixel box of ``seat``'s row in the right-hand panel."""
    h = panel_row_height(seats, rows, cols)
    top = HEADER_H + seat * h
    return (FIELD_W, top, WIDTH, top + h)


# ------------------------------------------------------------------- parsing


def _int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _list(value: object) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def _seat(value: object, seats: int) -> int | None:
    seat = _int(value, -1)
    return seat if 0 <= seat < seats else None


def _seat_set(values: object, seats: int) -> frozenset[int]:
    return frozenset(s for s in (_seat(v, seats) for v in _list(values)) if s is not None)


def parse_cell(name: object, rows: int, cols: int) -> tuple[int, int] | None:
    """``(row, col)``, 0-based, of a cell name like ``"B3"``; None if off the field."""
    if not isinstance(name, str) or len(name) < 2:
        return None
    letter, digits = name[0].upper(), name[1:]
    # isascii: str.isdigit also accepts "²" and the like, which int() rejects.
    if not (digits.isascii() and digits.isdigit()) or not "A" <= letter <= "Z":
        return None
    row, col = int(digits) - 1, ord(letter) - ord("A")
    return (row, col) if 0 <= row < rows and 0 <= col < cols else None


def cell_name(row: int, col: int) -> str:
    """The name players use for a cell: column letter, row number (``"B3"``)."""
    return f"{chr(ord('A') + col)}{row + 1}"


def seat_colour(seat: int) -> c.RGB:
    """The colour of ``seat``'s chip (grey beyond the eighth seat)."""
    return c.SEAT_COLOURS[seat] if 0 <= seat < len(c.SEAT_COLOURS) else c.MUTED


@dataclass(frozen=True)
class _Cell:
    card: str | None  # None: face down
    chip: int | None  # seat whose chip stands here


@dataclass(frozen=True)
class _Context:
    seats: int
    rows: int
    cols: int
    grid: dict[tuple[int, int], _Cell]  # missing positions are drawn as empty places
    turn: int | None
    winners: frozenset[int]
    last: tuple[int, int, int | None, str] | None  # (row, col, seat, kind)
    scores: list[int]
    halves: list[int]
    dealer: int | None
    triplet: int | None
    proposer: int | None
    voters: frozenset[int]
    yes: frozenset[int]


def _context(view: Mapping[str, Any], names: Sequence[str]) -> _Context:
    seats = _int(view.get("seats"), 0)
    if not 1 <= seats <= MAX_SEATS:
        seats = min(max(len(_list(view.get("scores"))), len(names), 1), MAX_SEATS)
    rows, cols = _default_grid(seats)
    v_rows, v_cols = _int(view.get("rows")), _int(view.get("cols"))
    if 1 <= v_rows <= MAX_SIDE and 1 <= v_cols <= MAX_SIDE:
        rows, cols = v_rows, v_cols

    grid: dict[tuple[int, int], _Cell] = {}
    for i, raw in enumerate(_list(view.get("cells"))[: rows * cols]):
        if not isinstance(raw, Mapping):
            continue
        # The name wins over the list position; the position is the fallback.
        pos = parse_cell(raw.get("cell"), rows, cols) or divmod(i, cols)
        card = raw.get("card")
        chip = _int(raw.get("chip"), -1)
        grid[pos] = _Cell(
            card=card if isinstance(card, str) else None,
            chip=chip if 0 <= chip < MAX_SEATS else None,
        )

    over = bool(view.get("over"))
    last_raw = view.get("last")
    last = None
    if isinstance(last_raw, Mapping):
        where = parse_cell(last_raw.get("cell"), rows, cols)
        kind = last_raw.get("kind")
        if where is not None:
            who = _seat(last_raw.get("seat"), seats)
            last = (*where, who, kind if isinstance(kind, str) else "")

    vote = view.get("vote")
    proposer, voters, yes = None, frozenset[int](), frozenset[int]()
    if isinstance(vote, Mapping) and not over:
        proposer = _seat(vote.get("proposer"), seats)
        voters = _seat_set(vote.get("voters"), seats)
        yes = _seat_set(vote.get("yes"), seats)

    def per_seat(key: str) -> list[int]:
        return ([_int(v) for v in _list(view.get(key))] + [0] * seats)[:seats]

    return _Context(
        seats=seats,
        rows=rows,
        cols=cols,
        grid=grid,
        turn=None if over else _seat(view.get("turn"), seats),
        winners=_seat_set(view.get("winners"), seats) if over else frozenset(),
        last=last,
        scores=per_seat("scores"),
        halves=per_seat("halves"),
        dealer=_seat(view.get("dealer"), seats),
        triplet=None if over else _seat(view.get("triplet"), seats),
        proposer=proposer,
        voters=voters | yes | ({proposer} if proposer is not None else set()),
        yes=yes,
    )


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names) and isinstance(names[seat], str) and names[seat].strip():
        return names[seat]
    return str(seat + 1)


# ------------------------------------------------------------------- sprites


@c.sprite_cache
def card_sprite(code: str | None, width: int, height: int) -> Image.Image:
    """A field card: the face of ``code``, or the back when None; RGBA, cached.

    Figures (J, Q, K, A) get a warm paper: "three figures" scores, and the
    tint lets a player spot such lines without reading every rank.
    """
    if code is None:
        return c.playing_card_back(width, height)
    parsed = c.parse_playing_card(code)
    fill = c.CARD_TINT if parsed and parsed[0] in FIGURES else c.PAPER
    return c.playing_card_face(code, width, height, index=False, fill=fill)


@c.sprite_cache
def _empty_place(width: int, height: int) -> Image.Image:
    # Only a corrupt view leaves a place without a card; show a hole, not a card.
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(im).rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=max(3, width // 9), outline=FELT_LABEL, width=3
    )
    return im


@c.sprite_cache
def _triplet_pill(height: int, *, plain: bool = False) -> Image.Image:
    """The choice a triplet offers, a point or a half victory: "+1 / ◐ ?".

    On a highlight-coloured pill while someone must choose; ``plain`` (ink, no
    pill, no "?") is the same choice shown as a rule in the legend.
    """
    fnt = c.font(round(height * 0.62), bold=True)
    token = c.half_token(round(height * 0.66))
    pad = 0 if plain else height // 3
    gap = height // 6
    ink = c.INK if plain else c.PAPER
    parts = ["+1", "/"] if plain else ["+1", "/", "?"]
    widths = [round(fnt.getlength(p)) for p in parts]
    width = pad * 2 + sum(widths) + token.width + gap * len(parts)
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    if not plain:
        d.rounded_rectangle((0, 0, width - 1, height - 1), radius=height // 2, fill=c.HIGHLIGHT)
    x = pad
    cy = height / 2
    for text, w in zip(parts[:2], widths[:2], strict=True):
        d.text((x, cy), text, font=fnt, fill=ink, anchor="lm")
        x += w + gap
    im.alpha_composite(token, (x, round(cy - token.height / 2)))
    x += token.width + gap
    if not plain:
        d.text((x, cy), "?", font=fnt, fill=ink, anchor="lm")
    return im


@c.sprite_cache
def _pending_mark(size: int) -> Image.Image:
    # A voter who has not answered yet: an empty ring where the tick will go.
    big = size * c.SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    ImageDraw.Draw(im).ellipse(
        (big * 0.1, big * 0.1, big * 0.9, big * 0.9),
        outline=VOTE_PENDING,
        width=round(big * 0.14),
    )
    return im.resize((size, size), Image.Resampling.LANCZOS)


@c.sprite_cache
def _cell_tag(label: str, height: int) -> Image.Image:
    """A cell coordinate in a small outlined box ("B3"): where a chip stands."""
    fnt = c.font(round(height * 0.62), bold=True)
    width = round(fnt.getlength(label)) + height // 2
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=6, fill=c.PAPER, outline=c.MUTED,
                        width=2)  # fmt: skip
    d.text((width / 2, height / 2), label, font=fnt, fill=c.INK, anchor="mm")
    return im


@c.sprite_cache
def _field_icon(size: int) -> Image.Image:
    """A 3×3 grid of tiny card backs: "a field", the tour icon."""
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    gap = max(2, size // 11)
    cell = (size - 2 * gap) / 3
    for row in range(3):
        for col in range(3):
            x, y = col * (cell + gap), row * (cell + gap)
            d.rounded_rectangle((x, y, x + cell - 1, y + cell - 1), radius=2, fill=c.CARD_BACK)
    return im


# What scores, as pictures: three cards in a line and what the middle chip
# gets; None is the triplet's choice of a point or a half victory.
LEGEND: tuple[tuple[tuple[str, str, str], str | None], ...] = (
    (("6S", "KS", "9S"), "+1"),  # one suit
    (("JH", "QC", "AD"), "+1"),  # three figures
    (("8D", "9C", "10H"), "+1"),  # a sequence
    (("7S", "7H", "7C"), None),  # a triplet
)
LEGEND_CARD = (56, 76)
LEGEND_ROW_H = 90


@c.sprite_cache
def _legend() -> Image.Image:
    """The scoring combinations as mini lines of cards, for a panel with room to spare.

    A grey chip stands on each middle card: only the middle chip scores.
    """
    w, h = LEGEND_CARD
    step = w + 6
    im = Image.new("RGBA", (PANEL_W, LEGEND_ROW_H * len(LEGEND)), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    chip = c.chip("", round(w * 0.56), c.FAINT)
    fnt = c.font(32, bold=True)
    for i, (cards, gain) in enumerate(LEGEND):
        y = i * LEGEND_ROW_H + (LEGEND_ROW_H - h) // 2
        x = 44
        for k, code in enumerate(cards):
            im.alpha_composite(card_sprite(code, w, h), (x + k * step, y))
        cx, cy = chip_centre((x + step, y, x + step + w, y + h))
        im.alpha_composite(chip, (cx - chip.width // 2, cy - chip.height // 2))
        gx = x + 3 * step + 12
        mid = y + h // 2
        if gain is None:
            pill = _triplet_pill(50, plain=True)
            im.alpha_composite(pill, (gx, mid - pill.height // 2))
        else:
            d.text((gx, mid), gain, font=fnt, fill=c.INK, anchor="lm")
    return im


# --------------------------------------------------------------------- panel


@dataclass(frozen=True)
class _Row:
    """Everything one player's panel row shows; hashable, so rows cache."""

    seat: int
    name: str
    height: int
    bg: c.RGB
    turn: bool
    winner: bool
    dealer: bool
    score: int
    halves: int
    cell: str | None  # where this seat's chip stands
    vote: str  # "" | "proposer" | "yes" | "pending"
    triplet: bool


@c.sprite_cache
def _row_sprite(r: _Row) -> Image.Image:
    """A player's panel row as an opaque RGB tile; most rows survive a move unchanged."""
    h = r.height
    im = Image.new("RGB", (PANEL_W, h), r.bg)
    draw = ImageDraw.Draw(im)
    draw.line((0, h - 1, PANEL_W, h - 1), fill=c.FAINT, width=2)
    c.draw_row_marker(draw, h, turn=r.turn, winner=r.winner, size=22)

    line1, line2 = round(h * 0.31), round(h * 0.72)
    chip = c.chip(str(r.seat + 1), 46, seat_colour(r.seat))
    c.paste(im, chip, (52, line1 - chip.height // 2))
    name_x = 108
    right = PANEL_W - 12
    if r.dealer:
        button = dealer_button(40)
        c.paste(im, button, (right - button.width, line1 - button.height // 2))
        right -= button.width + 10
    c.draw_name(draw, (name_x, line1), r.name, right - name_x, 32, min_size=24)

    c.draw_text(draw, (56, line2 + 2), "Σ", c.font(30), c.MUTED)
    score = str(r.score)
    score_font = c.font(40, bold=True)
    c.draw_text(draw, (84, line2), score, score_font, c.INK)
    x = 84 + round(score_font.getlength(score)) + 14
    token = c.half_token(30)
    shown = min(r.halves, 3)
    for i in range(shown):
        c.paste(im, token, (x + i * (token.width + 6), line2 - token.height // 2))
    x += shown * (token.width + 6)
    if r.halves > shown:
        c.draw_text(draw, (x, line2), f"×{r.halves}", c.font(26, bold=True), c.INK)

    # Right end of the second line: the vote or triplet mark, then the chip's cell.
    right = PANEL_W - 12
    mark: Image.Image | None = None
    if r.triplet:
        mark = _triplet_pill(36)
    elif r.vote == "proposer":
        mark = c.ballot_box(42)
    elif r.vote == "yes":
        mark = c.tick(36)
    elif r.vote == "pending":
        mark = _pending_mark(32)
    if mark is not None:
        c.paste(im, mark, (right - mark.width, line2 - mark.height // 2))
        right -= mark.width + 12
    if r.cell is not None:
        tag = _cell_tag(r.cell, 34)
        if right - tag.width > x + 4:
            c.paste(im, tag, (right - tag.width, line2 - tag.height // 2))
    return im


def _draw_panel(canvas: Image.Image, ctx: _Context, names: Sequence[str], height: int) -> None:
    chips = {cell.chip: pos for pos, cell in ctx.grid.items() if cell.chip is not None}
    row_h = panel_row_height(ctx.seats, ctx.rows, ctx.cols)
    canvas.paste(c.PANEL, (FIELD_W, HEADER_H, WIDTH, height))
    for seat in range(ctx.seats):
        turn, winner = ctx.turn == seat, seat in ctx.winners
        vote = ""
        if seat == ctx.proposer:
            vote = "proposer"
        elif seat in ctx.yes:
            vote = "yes"
        elif seat in ctx.voters:
            vote = "pending"
        pos = chips.get(seat)
        row = _Row(
            seat=seat,
            name=_name(names, seat),
            height=row_h,
            bg=c.TURN_BAND if turn else WINNER_BAND if winner else ROW_BG[seat % 2],
            turn=turn,
            winner=winner,
            dealer=ctx.dealer == seat,
            score=ctx.scores[seat],
            halves=ctx.halves[seat],
            cell=cell_name(*pos) if pos is not None else None,
            vote=vote,
            triplet=ctx.triplet == seat,
        )
        canvas.paste(_row_sprite(row), (FIELD_W, HEADER_H + seat * row_h))
    legend = _legend()
    free_top = HEADER_H + ctx.seats * row_h
    if height - free_top >= legend.height + 40:
        c.paste(canvas, legend, (FIELD_W, height - legend.height - 20))


# --------------------------------------------------------------------- field


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


def _draw_field(canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: _Context) -> None:
    canvas.paste(_labels(ctx.rows, ctx.cols), (0, HEADER_H))
    w, h = card_size(ctx.cols)
    for row in range(ctx.rows):
        for col in range(ctx.cols):
            box = cell_box(row, col, ctx.rows, ctx.cols)
            cell = ctx.grid.get((row, col))
            if cell is None:
                c.paste(canvas, _empty_place(w, h), box[:2])
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


# -------------------------------------------------------------------- header


def _draw_header(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    ctx: _Context,
    names: Sequence[str],
) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=c.BACKGROUND)
    draw.line((0, HEADER_H - 1, WIDTH, HEADER_H - 1), fill=c.FAINT, width=2)
    cy = HEADER_H // 2

    # Tour: a small field icon (each tour is a new field) and "2/3"; extra tours "3/3 +1".
    x = 22
    icon = _field_icon(44)
    c.paste(canvas, icon, (x, cy - icon.height // 2))
    x += icon.width + 12
    tours = max(1, _int(view.get("tours"), 1))
    tour = max(1, _int(view.get("tour"), 1))
    big = c.font(42, bold=True)
    label = f"{min(tour, tours)}/{tours}"
    c.draw_text(draw, (x, cy), label, big, c.INK)
    x += round(big.getlength(label)) + 12
    if tour > tours:
        extra = f"+{tour - tours}"
        fnt = c.font(30, bold=True)
        w = round(fnt.getlength(extra)) + 20
        draw.rounded_rectangle((x, cy - 20, x + w, cy + 20), radius=20, fill=c.TURN_MARK)
        c.draw_centred(draw, (x + w / 2, cy), extra, fnt, c.PAPER)
        x += w + 12

    # Stock: a card back and the count.
    x += 28
    back = c.playing_card_back(42, 58)
    c.paste(canvas, back, (x, cy - 29))
    x += back.width + 10
    stock = str(max(0, _int(view.get("stock"))))
    c.draw_text(draw, (x, cy), stock, big, c.INK)
    x += round(big.getlength(stock)) + 48

    if ctx.winners:
        c.draw_star(draw, (x + 22, cy), 24)
        label = ", ".join(c.clean_text(_name(names, w), bold=True) for w in sorted(ctx.winners))
        c.draw_name(draw, (x + 56, cy), label, WIDTH - x - 56 - 20, 34)
        return
    if ctx.triplet is not None:
        chip = c.chip(str(ctx.triplet + 1), 44, seat_colour(ctx.triplet))
        c.paste(canvas, chip, (x, cy - chip.height // 2))
        pill = _triplet_pill(48)
        c.paste(canvas, pill, (x + chip.width + 10, cy - pill.height // 2))
    elif ctx.proposer is not None:
        ballot = c.ballot_box(60)
        c.paste(canvas, ballot, (x, cy - 32))
        x += ballot.width + 10
        chip = c.chip(str(ctx.proposer + 1), 44, seat_colour(ctx.proposer))
        c.paste(canvas, chip, (x, cy - chip.height // 2))
        x += chip.width + 16
        c.paste(canvas, c.tick(40), (x, cy - 20))
        x += 46
        tally = f"{len(ctx.yes | {ctx.proposer})}/{len(ctx.voters)}"
        c.draw_text(draw, (x, cy), tally, big, c.INK)

    if ctx.last is None:
        return
    # Last action, right-aligned: who (badge in the frame's colour), what, where.
    row, col, seat, kind = ctx.last
    where = cell_name(row, col)
    symbol = KIND_SYMBOLS.get(kind, "")
    sym_font = c.font(40, bold=True)
    where_font = c.font(42, bold=True)
    width = (
        (50 if seat is not None else 0)
        + (round(sym_font.getlength(symbol)) + 12 if symbol else 0)
        + round(where_font.getlength(where))
    )
    rx = WIDTH - 24 - width
    if seat is not None:
        c.paste(canvas, c.seat_badge(seat + 1, 40, c.HIGHLIGHT), (rx, cy - 20))
        rx += 50
    if symbol:
        c.draw_text(draw, (rx, cy), symbol, sym_font, c.INK)
        rx += round(sym_font.getlength(symbol)) + 12
    c.draw_text(draw, (rx, cy), where, where_font, c.HIGHLIGHT)


# --------------------------------------------------------------------- table


def render_table(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The Klotho table (field, chips, players, tour, stock, vote) as PNG bytes.

    ``view`` is a Klotho view (``docs/views.md``); it holds only public facts
    (face-down cards are ``null``), and nothing else is drawn. ``names`` are
    display names in seat order. Odd or broken views draw what they can
    instead of raising.
    """
    ctx = _context(view, names)
    width, height = image_size(ctx.rows, ctx.cols)
    canvas = Image.new("RGB", (width, height), c.PANEL)
    draw = ImageDraw.Draw(canvas)
    _draw_header(canvas, draw, view, ctx, names)
    _draw_field(canvas, draw, ctx)
    _draw_panel(canvas, ctx, names, height)
    return c.encode_png(c.to_palette(canvas, keep=KEEP))
