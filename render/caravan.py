"""Caravan images: the public table (both players' six caravans) and one seat's hand.

Input is only a view dict as documented in ``docs/views.md`` (never a game
state). The images carry no words: names, numbers and symbols only, so the
caption beside them does the talking in the reader's language.

Layout of the table (a fixed 1200 × 1080 canvas, so in-place edits of the
table message never change its size):

- a strip per player: seat 1 along the top edge, seat 0 along the bottom
  (turn arrow or winner's star, seat chip, name, games won, hand size);
- between the strips, three columns (pairs 1–3) on a wooden table: seat 1's
  caravans in the upper half, seat 0's in the lower half, and a band across
  the middle with one plate per caravan (value, direction, suit, sold ✓ or
  bust ✗, and the chip of whoever holds the pair now);
- a gutter on the left: each player's deck next to their caravans, the
  discard pile in the middle band.

Caravans grow away from the middle band, so the two caravans of a pair face
each other across their plates and each player's newest cards lie nearest
that player. Numeral cards overlap and the face cards on a numeral fan out
to its right; every card keeps a corner index (rank and suit) uncovered: at
the top for seat 0's cards, and at the bottom for seat 1's (their cards grow
upward, so the bottom edge is what stays in view). A face card under the
next row shows as a tab (its index strip only), so each row reads as one
numeral and what lies on it. The overlap step shrinks with a caravan's
length (and past ten numerals the cards get shorter), never the canvas, so
nothing is ever clipped.

The last move: a played or attached card gets a frame inside its edge and a
badge with the mover's seat number (and "−N" when a Jack or joker took N
numeral cards away); a Jack's caravan gets its plate framed, a disbanded
caravan its empty slot, a discard the discard pile. The discarded card is
never drawn, even from a seat's view where it is known. In the opening
round, the empty places the player to move must fill are outlined in the
turn colour.

``last_game`` (the previous game of a match) is not drawn: the games-won pips
in the strips already count it and the caption names the winner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import common as c

WIDTH = 1200
HEIGHT = 1080
STRIP_H = 72  # a player's strip (top: seat 1, bottom: seat 0)
BAND_H = 136  # the middle band with the caravans' plates
AREA_H = (HEIGHT - 2 * STRIP_H - BAND_H) // 2  # one player's half of the table
GUTTER = 112  # decks and the discard pile, left of the columns
COL_W = (WIDTH - GUTTER - 8) // 3
CARD_W = 112
CARD_H = 156
CARD_H_MIN = 112  # a very long caravan (11+ numerals) gets shorter cards
STEP_GOAL = 24  # ... so that its steps stay at least this tall while they can
CARD_X = 16  # a caravan's cards start this far into its column
CARD_PAD = 14  # free felt between a caravan and the band or the strip
RIGHT_ROOM = 20  # kept free right of the widest row: half a last-move badge
STEP_MAX = 64  # vertical step between numeral cards, when the caravan is short
INDEX_MAX = 30  # corner index font size on the table (shrinks for long caravans)
INDEX_MIN = 11
MAX_CARDS = 60  # a longer caravan is a corrupt view; draw the first ones only
MAX_FACES = 6
BADGE = 30  # the last-move badge

FELT: c.RGB = (104, 74, 52)  # a worn wooden table
FELT_LINE: c.RGB = (150, 118, 90)
WINNER_BAND: c.RGB = (253, 228, 150)
SOLD: c.RGB = c.GREEN
BUST: c.RGB = (168, 16, 48)
SOLD_PALE: c.RGB = (214, 240, 228)
BUST_PALE: c.RGB = (250, 220, 226)
SOLD_INK: c.RGB = (0, 110, 80)
JOKER_PAPER: c.RGB = (234, 222, 248)
JOKER_HAT: c.RGB = (120, 60, 170)
EMPTY_PLATE: c.RGB = (226, 229, 234)
# Exact in the PNG palette: tests compare pixels with them.
KEEP: tuple[c.RGB, ...] = (
    *c.KEY_COLOURS, *c.CARD_COLOURS, FELT, FELT_LINE, WINNER_BAND, BUST, SOLD_PALE, BUST_PALE,
    SOLD_INK, JOKER_PAPER, JOKER_HAT, EMPTY_PLATE,
)  # fmt: skip

NUMERALS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
FIGURES = ("J", "Q", "K")


# ------------------------------------------------------------------ geometry


def strip_box(seat: int) -> c.Box:
    """Pixel box of a player's strip: seat 1 on top, seat 0 at the bottom."""
    return (0, 0, WIDTH, STRIP_H) if seat == 1 else (0, HEIGHT - STRIP_H, WIDTH, HEIGHT)


def area_box(seat: int, pair: int) -> c.Box:
    """Pixel box of the felt where caravan ``pair`` of ``seat`` lies."""
    x = GUTTER + pair * COL_W
    top = STRIP_H if seat == 1 else STRIP_H + AREA_H + BAND_H
    return (x, top, x + COL_W, top + AREA_H)


def band_box() -> c.Box:
    """Pixel box of the middle band (plates, discard pile)."""
    return (0, STRIP_H + AREA_H, WIDTH, STRIP_H + AREA_H + BAND_H)


PLATE_H = 56
PLATE_GAP = 8
# Where a plate's parts start, from its left edge (room for a 3-digit value first).
PLATE_VALUE_X = 14
PLATE_ARROW_X = 108
PLATE_SUIT_X = 148
PLATE_STATUS_X = 192
STATUS_D = 40


def plate_box(seat: int, pair: int) -> c.Box:
    """Pixel box of the plate that shows caravan ``pair`` of ``seat`` in the middle band."""
    x = GUTTER + pair * COL_W
    top = band_box()[1]
    y = top + PLATE_GAP if seat == 1 else top + BAND_H - PLATE_GAP - PLATE_H
    return (x + 56, y, x + COL_W - 8, y + PLATE_H)


def pair_label_centre(pair: int) -> tuple[int, int]:
    """Where the pair number (1–3) sits in the band, left of the two plates."""
    band = band_box()
    return GUTTER + pair * COL_W + 30, (band[1] + band[3]) // 2


def deck_box(seat: int) -> c.Box:
    """Pixel box of a player's deck icon and count in the left gutter."""
    h = 130
    if seat == 1:
        return (0, STRIP_H + 12, GUTTER, STRIP_H + 12 + h)
    return (0, HEIGHT - STRIP_H - 12 - h, GUTTER, HEIGHT - STRIP_H - 12)


def discard_box() -> c.Box:
    """Pixel box of the discard pile (icon and count) in the middle band."""
    band = band_box()
    return (0, band[1], GUTTER, band[3])


@dataclass(frozen=True)
class Geometry:
    """Where one caravan's cards lie, in canvas pixels.

    ``numerals[k]`` is the full box of the k-th numeral card (bottom → top of
    the caravan); ``faces[k][j]`` the full box of the j-th face card on it.
    ``visible[k]`` and ``faces_visible[k][j]`` are the parts left uncovered by
    later cards: the strips with the corner index.
    """

    step: int
    face_step: int
    index: int
    card_h: int
    flip: bool
    numerals: tuple[c.Box, ...]
    faces: tuple[tuple[c.Box, ...], ...]
    visible: tuple[c.Box, ...]
    faces_visible: tuple[tuple[c.Box, ...], ...]


@lru_cache(maxsize=64)
def _index_metrics(size: int) -> tuple[int, int]:
    """(width, height) that every corner index fits in at ``size`` (the widest is
    "10" and a suit; "Q" reaches lowest, with its tail)."""
    sprites = [_index_sprite(rank, suit, size) for rank in ("10", "Q", "A") for suit in c.SUITS]
    return max(s.width for s in sprites), max(s.height for s in sprites)


def _card_pad(height: int) -> int:
    """Gap between a card's edge and its corner index."""
    return max(3, min(7, height // 22))


def tab_height(step: int, index: int, card_h: int) -> int:
    """How much of a face card under the next row shows: its index strip, no more."""
    return max(1, min(step, _index_metrics(index)[1] + 2 * _card_pad(card_h) + 2))


def _index_pad(step: int) -> int:
    return max(3, min(7, step // 8))


@lru_cache(maxsize=256)
def _fit(n: int, max_faces: int) -> tuple[int, int, int, int]:
    """(step, face step, index size, card height) for a caravan of ``n`` numerals
    with up to ``max_faces`` faces on one of them: the largest index that stays
    readable in the uncovered strips, and steps that keep the whole caravan on
    its felt. Cards get shorter (down to CARD_H_MIN) before the steps drop
    below STEP_GOAL.
    """
    free = AREA_H - 2 * CARD_PAD
    card_h = max(CARD_H_MIN, min(CARD_H, free - (n - 1) * STEP_GOAL))
    room = free - card_h
    step = STEP_MAX if n <= 1 else max(1, min(STEP_MAX, room // (n - 1)))
    wide = COL_W - CARD_X - RIGHT_ROOM - CARD_W
    face_room = wide // max_faces if max_faces else wide
    pad_x = max(4, CARD_W // 16)
    size = INDEX_MIN
    for candidate in range(INDEX_MAX, INDEX_MIN - 1, -1):
        w, h = _index_metrics(candidate)
        fits_h = n <= 1 or _index_pad(step) + h <= step - 2
        if fits_h and pad_x + w + 4 <= face_room:
            size = candidate
            break
    w, _h = _index_metrics(size)
    face_step = min(pad_x + w + 6, face_room) if max_faces else 0
    return step, max(1, face_step), size, card_h


def geometry(seat: int, pair: int, caravan: Sequence[tuple[str, Sequence[str]]]) -> Geometry:
    """Where the cards of a caravan (numeral, faces on it) lie on the table image."""
    cards = list(caravan)[:MAX_CARDS]
    n = len(cards)
    max_faces = max((min(len(f), MAX_FACES) for _card, f in cards), default=0)
    step, face_step, index, card_h = _fit(n, max_faces)
    area = area_box(seat, pair)
    flip = seat == 1
    x = area[0] + CARD_X
    numerals: list[c.Box] = []
    faces: list[tuple[c.Box, ...]] = []
    visible: list[c.Box] = []
    faces_visible: list[tuple[c.Box, ...]] = []
    for k, (_card, on) in enumerate(cards):
        y = area[3] - CARD_PAD - card_h - k * step if flip else area[1] + CARD_PAD + k * step
        box = (x, y, x + CARD_W, y + card_h)
        numerals.append(box)
        last_row = k == n - 1
        if last_row:
            vy0, vy1 = y, y + card_h
        elif flip:
            vy0, vy1 = y + card_h - step, y + card_h
        else:
            vy0, vy1 = y, y + step
        m = min(len(on), MAX_FACES)
        visible.append((x, vy0, x + (face_step if m else CARD_W), vy1))
        row = tuple((x + (j + 1) * face_step, y, x + (j + 1) * face_step + CARD_W, y + card_h)
                    for j in range(m))  # fmt: skip
        faces.append(row)
        # A face under the next row shows as a tab: its index strip only.
        fy0, fy1 = vy0, vy1
        if not last_row:
            tab = tab_height(step, index, card_h)
            fy0, fy1 = (vy1 - tab, vy1) if flip else (vy0, vy0 + tab)
        faces_visible.append(
            tuple(
                (b[0], fy0, b[0] + (face_step if j < m - 1 else CARD_W), fy1)
                for j, b in enumerate(row)
            )
        )
    return Geometry(
        step=step,
        face_step=face_step,
        index=index,
        card_h=card_h,
        flip=flip,
        numerals=tuple(numerals),
        faces=tuple(faces),
        visible=tuple(visible),
        faces_visible=tuple(faces_visible),
    )


def seat_colour(seat: int) -> c.RGB:
    """The colour of ``seat``'s chip."""
    return c.SEAT_COLOURS[seat] if 0 <= seat < len(c.SEAT_COLOURS) else c.MUTED


# ------------------------------------------------------------------- parsing


def _int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _list(value: object) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def _seat(value: object) -> int | None:
    seat = _int(value, -1)
    return seat if seat in (0, 1) else None


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names) and isinstance(names[seat], str) and names[seat].strip():
        return names[seat]
    return str(seat + 1)


def parse_card(code: object) -> tuple[str, str]:
    """``(rank, suit letter)`` of a Caravan card code: ``("10", "H")``, ``("X", "")``
    for a joker, ``("?", "")`` for anything else (drawn as an unknown card)."""
    if not isinstance(code, str):
        return "?", ""
    code = code.strip().upper()
    if code.startswith("X") and (len(code) == 1 or code[1:].isalnum()):
        return "X", ""
    parsed = c.parse_playing_card(code)
    if parsed is None:
        return "?", ""
    return parsed


def _code(value: object) -> str:
    return value if isinstance(value, str) else ""


@dataclass(frozen=True)
class _Caravan:
    cards: tuple[tuple[str, tuple[str, ...]], ...]  # (numeral, faces on it), bottom → top
    value: int
    direction: str | None  # "up" | "down" | None
    suit: str | None
    status: str  # "empty" | "light" | "sold" | "bust"


def _caravan(raw: object) -> _Caravan:
    if not isinstance(raw, Mapping):
        return _Caravan((), 0, None, None, "empty")
    cards: list[tuple[str, tuple[str, ...]]] = []
    for item in _list(raw.get("cards"))[:MAX_CARDS]:
        if isinstance(item, Mapping):
            faces = tuple(_code(f) for f in _list(item.get("faces"))[:MAX_FACES])
            cards.append((_code(item.get("card")), faces))
    value = _int(raw.get("value"))
    direction = raw.get("direction")
    suit = raw.get("suit")
    status = raw.get("status")
    if status not in ("empty", "light", "sold", "bust"):
        status = "empty" if not cards else "sold" if 21 <= value <= 26 else (
            "bust" if value > 26 else "light")  # fmt: skip
    return _Caravan(
        cards=tuple(cards),
        value=value,
        direction=direction if direction in ("up", "down") else None,
        suit=suit if isinstance(suit, str) and suit in c.SUITS else None,
        status=str(status),
    )


@dataclass(frozen=True)
class _Mark:
    """The last move as drawn: which card, slot, plate or pile to highlight."""

    seat: int  # who moved
    kind: str  # "card" | "slot" | "plate" | "discard"
    owner: int = 0
    pair: int = 0
    pos: int = -1  # numeral index
    face: int = -1  # face index on it; -1: the numeral itself
    removed: int = 0


@dataclass(frozen=True)
class _Context:
    caravans: tuple[tuple[_Caravan, ...], ...]  # by seat, then pair
    pairs: tuple[int | None, ...]
    deck_sizes: tuple[int, int]
    hand_sizes: tuple[int, int]
    discard: int
    turn: int | None
    winners: frozenset[int]
    wins: tuple[int, int]
    best_of: int
    opening: bool
    mark: _Mark | None


def _find_face(caravan: _Caravan, pos: int, card: str | None) -> tuple[int, int] | None:
    """(numeral, face) index of the face card ``card`` just attached at ``pos``.

    A joker may have removed cards below its target in the same caravan, so
    the target is looked for by the card when ``pos`` no longer holds it.
    """
    rows = caravan.cards
    if 0 <= pos < len(rows) and rows[pos][1]:
        faces = rows[pos][1]
        if card is None or card not in faces:
            return pos, len(faces) - 1
        return pos, len(faces) - 1 - faces[::-1].index(card)
    if card:
        for k in range(len(rows) - 1, -1, -1):
            if card in rows[k][1]:
                return k, len(rows[k][1]) - 1 - rows[k][1][::-1].index(card)
    return None


def _mark(view: Mapping[str, Any], caravans: tuple[tuple[_Caravan, ...], ...]) -> _Mark | None:
    last = view.get("last")
    if not isinstance(last, Mapping):
        return None
    who = _seat(last.get("seat"))
    kind = last.get("kind")
    if who is None or not isinstance(kind, str):
        return None
    removed = max(0, _int(last.get("removed")))
    if kind == "discard":
        return _Mark(who, "discard")
    owner = _seat(last.get("owner"))
    owner = who if owner is None else owner
    pair = _int(last.get("pair"), -1)
    if not 0 <= pair < 3:
        return None
    caravan = caravans[owner][pair]
    if kind == "disband" or not caravan.cards:
        return _Mark(who, "slot" if not caravan.cards else "plate", owner, pair, removed=removed)
    if kind == "play":
        return _Mark(who, "card", owner, pair, len(caravan.cards) - 1)
    if kind == "attach":
        # Never drawn from the view: only used to find the card on the table.
        card = last.get("card")
        code = card if isinstance(card, str) else None
        if code is not None and parse_card(code)[0] == "J":
            return _Mark(who, "plate", owner, pair, removed=removed)
        found = _find_face(caravan, _int(last.get("pos"), -1), code)
        if found is None:
            return _Mark(who, "plate", owner, pair, removed=removed)
        return _Mark(who, "card", owner, pair, found[0], found[1], removed)
    return None


def _context(view: Mapping[str, Any]) -> _Context:
    raw = _list(view.get("caravans"))
    caravans = tuple(
        tuple(_caravan(p) for p in (_list(raw[s]) if s < len(raw) else []) + [None] * 3)[:3]
        for s in range(2)
    )
    pairs = tuple(_seat(p) for p in (_list(view.get("pairs")) + [None] * 3)[:3])

    def two(key: str) -> tuple[int, int]:
        values = [max(0, _int(v)) for v in _list(view.get(key))] + [0, 0]
        return values[0], values[1]

    over = bool(view.get("over"))
    return _Context(
        caravans=caravans,
        pairs=pairs,
        deck_sizes=two("deck_sizes"),
        hand_sizes=two("hand_sizes"),
        discard=max(0, _int(view.get("discard"))),
        turn=None if over else _seat(view.get("turn")),
        winners=frozenset(s for s in map(_seat, _list(view.get("winners"))) if s is not None)
        if over
        else frozenset(),
        wins=two("wins"),
        best_of=max(1, min(_int(view.get("best_of"), 1), 9)),
        opening=view.get("phase") == "opening" and not over,
        mark=_mark(view, caravans),
    )


# ------------------------------------------------------------------- sprites


def _ink(suit: str) -> c.RGB:
    return c.SUITS[suit][1] if suit in c.SUITS else c.MUTED


def _star(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = box
    r = min(x1 - x0, y1 - y0) / 2
    draw.polygon(c.star_points((x0 + x1) / 2, (y0 + y1) / 2 + r * 0.08, r), fill=c.GOLD,
                 outline=c.INK, width=max(1, round(r / 8)))  # fmt: skip


@lru_cache(maxsize=256)
def _index_sprite(rank: str, suit: str, size: int) -> Image.Image:
    """A card's corner index: the rank and its suit symbol side by side, tight RGBA.

    A joker's index is a gold star. The rank sits on the baseline and the
    suit symbol beside it, so one short strip of the card names it.
    """
    ink = _ink(suit)
    big = c.font(size, bold=True)
    if rank == "X":
        side = round(size * 0.86)
        im = Image.new("RGBA", (side * c.SUPERSAMPLE,) * 2, (0, 0, 0, 0))
        _star(ImageDraw.Draw(im), (0, 0, im.width - 1, im.height - 1))
        return im.resize((side, side), Image.Resampling.LANCZOS)
    symbol = c.SUITS[suit][0] if suit in c.SUITS else ""
    small = c.font(max(6, round(size * 0.86)), bold=True)
    gap = max(1, size // 12)
    width = round(big.getlength(rank) + gap + (small.getlength(symbol) if symbol else 0)) + 4
    height = size * 2
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    base = round(size * 1.3)
    d.text((0, base), rank, font=big, fill=ink, anchor="ls")
    if symbol:
        d.text((big.getlength(rank) + gap, base), symbol, font=small, fill=ink, anchor="ls")
    bbox = im.getbbox()
    return im.crop(bbox) if bbox else im


def _jester(width: int, height: int) -> Image.Image:
    """A jester's head: a three-pointed cap with drooping bells over a smiling face.

    Drawn with polygons (never a font glyph), so a joker reads as a joker
    even where the index star is covered; the drooping points keep it apart
    from a King's crown.
    """
    s = c.SUPERSAMPLE
    w, h = width * s, height * s
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    line = max(1, round(w / 36))
    brim_top, brim_bottom = h * 0.46, h * 0.56
    # The cap's points: left and right droop outward, the middle one stands up.
    left = [(w * 0.22, brim_top), (w * 0.16, h * 0.2), (w * 0.08, h * 0.42), (w * 0.12, h * 0.22),
            (w * 0.26, h * 0.08), (w * 0.44, brim_top)]  # fmt: skip
    right = [(w - x, y) for x, y in left]
    middle = [(w * 0.36, brim_top), (w * 0.44, h * 0.14), (w * 0.5, h * 0.02),
              (w * 0.56, h * 0.14), (w * 0.64, brim_top)]  # fmt: skip
    for points, fill in ((left, JOKER_HAT), (right, JOKER_HAT), (middle, c.GOLD)):
        d.polygon(points, fill=fill, outline=c.INK, width=line)
    bell = w * 0.07
    for bx, by in ((w * 0.08, h * 0.42), (w * 0.92, h * 0.42), (w * 0.5, h * 0.02)):
        by = max(by, bell)
        d.ellipse((bx - bell, by - bell, bx + bell, by + bell), fill=c.GOLD, outline=c.INK,
                  width=line)  # fmt: skip
    # The face under the brim: eyes and a wide smile.
    fx0, fx1, fy0, fy1 = w * 0.28, w * 0.72, brim_top + h * 0.02, h * 0.98
    d.ellipse((fx0, fy0, fx1, fy1), fill=c.PAPER, outline=c.INK, width=line)
    eye = w * 0.035
    for ex in (w * 0.41, w * 0.59):
        ey = fy0 + (fy1 - fy0) * 0.36
        d.ellipse((ex - eye, ey - eye, ex + eye, ey + eye), fill=c.INK)
    d.arc((w * 0.37, fy0 + (fy1 - fy0) * 0.3, w * 0.63, fy0 + (fy1 - fy0) * 0.8), 20, 160,
          fill=c.INK, width=line)  # fmt: skip
    d.rounded_rectangle((w * 0.18, brim_top, w * 0.82, brim_bottom), radius=round(h * 0.04),
                        fill=c.GOLD, outline=c.INK, width=line)  # fmt: skip
    return im.resize((width, height), Image.Resampling.LANCZOS)


@lru_cache(maxsize=1024)
def card_face(
    code: str, width: int, height: int, index: int, *, flip: bool = False, highlight: bool = False
) -> Image.Image:
    """The face of Caravan card ``code`` (``"10H"``, ``"KS"``, ``"X1"``), RGBA, cached.

    A corner index (rank and suit, or a gold star for a joker) at ``index`` px
    sits top-left, or bottom-left with ``flip`` (cards that grow upward keep
    their bottom edge in view). The rest shows a big suit symbol (numerals),
    a big letter on warm paper (J, Q, K) or a jester's hat on lilac paper
    (jokers). ``highlight`` draws a thick frame inside the edge: the last move.
    An unknown code gives a grey "?" card instead of an error.
    """
    rank, suit = parse_card(code)
    ink = _ink(suit)
    if rank == "X":
        paper = JOKER_PAPER
    elif rank in FIGURES:
        paper = c.CARD_TINT
    elif rank == "?":
        paper = c.FAINT
    else:
        paper = c.PAPER
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = max(3, width // 10)
    border = max(1, width // 60)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=paper, outline=c.INK,
                        width=border)  # fmt: skip

    pad_x = max(4, width // 16)
    sprite = _index_sprite(rank if rank != "?" else "?", suit, index)
    # The index sits where the strip left uncovered starts: 3–7 px in.
    pad_y = _card_pad(height)
    iy = height - pad_y - sprite.height if flip else pad_y
    im.alpha_composite(sprite, (pad_x, iy))

    # The body: between the index and the far edge.
    top, bottom = (0, iy) if flip else (iy + sprite.height, height)
    cx, cy = width / 2, (top + bottom) / 2
    room = bottom - top
    if rank == "X":
        hat_h = max(8, min(round(width * 0.95), room - 8))
        hat_w = min(round(width * 0.86), round(hat_h * 1.05))
        hat = _jester(hat_w, hat_h)
        im.alpha_composite(hat, (round(cx - hat_w / 2), round(cy - hat_h / 2)))
    elif rank in FIGURES or rank == "?":
        size = max(8, min(round(room * 0.7), round(width * 0.62)))
        d.text((cx, cy), rank, font=c.font(size, bold=True), fill=ink, anchor="mm")
    elif suit in c.SUITS:
        size = max(8, min(round(room * 0.72), round(width * 0.66)))
        d.text((cx, cy), c.SUITS[suit][0], font=c.font(size), fill=ink, anchor="mm")

    if highlight:
        frame = max(4, width // 18)
        d.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, outline=c.HIGHLIGHT,
                            width=frame)  # fmt: skip
    return im


@lru_cache(maxsize=16)
def _slot(width: int, height: int, colour: c.RGB) -> Image.Image:
    """An empty caravan: a dashed card outline."""
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = max(3, width // 10)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, outline=colour, width=4)
    gap = (0, 0, 0, 0)
    for x in range(radius, width - radius, 18):
        d.line((x + 9, 0, x + 16, 0), fill=gap, width=5)
        d.line((x + 9, height - 1, x + 16, height - 1), fill=gap, width=5)
    for y in range(radius, height - radius, 18):
        d.line((0, y + 9, 0, y + 16), fill=gap, width=5)
        d.line((width - 1, y + 9, width - 1, y + 16), fill=gap, width=5)
    return im


def _tab(sprite: Image.Image, height: int, flip: bool) -> Image.Image:
    """The index strip of a face card under the next row, with a clean edge."""
    h = max(1, min(height, sprite.height))
    tab = sprite.crop((0, sprite.height - h, sprite.width, sprite.height) if flip
                      else (0, 0, sprite.width, h))  # fmt: skip
    edge = 0 if flip else h - 1
    ImageDraw.Draw(tab).line((1, edge, sprite.width - 2, edge), fill=c.INK, width=1)
    return tab


@lru_cache(maxsize=256)
def _caravan_tile(
    cards: tuple[tuple[str, tuple[str, ...]], ...],
    seat: int,
    marked: tuple[int, int] | None,
    slot: c.RGB,
) -> Image.Image:
    """One caravan on its felt as an opaque RGB tile (COL_W × AREA_H), cached.

    ``marked`` is the (numeral, face) drawn with the highlight frame;
    ``slot`` the outline colour of an empty caravan.
    """
    tile = Image.new("RGB", (COL_W, AREA_H), FELT)
    area = area_box(seat, 0)
    geo = geometry(seat, 0, cards)
    ox, oy = area[0], area[1]
    if not cards:
        x = CARD_X
        y = AREA_H - CARD_PAD - CARD_H if seat == 1 else CARD_PAD
        c.paste(tile, _slot(CARD_W, CARD_H, slot), (x, y))
        return tile
    for k, (code, faces) in enumerate(cards):
        box = geo.numerals[k]
        sprite = card_face(code, CARD_W, geo.card_h, geo.index, flip=geo.flip,
                           highlight=marked == (k, -1))  # fmt: skip
        c.paste(tile, sprite, (box[0] - ox, box[1] - oy))
        last_row = k == len(cards) - 1
        for j, face in enumerate(faces):
            fb = geo.faces[k][j]
            sprite = card_face(face, CARD_W, geo.card_h, geo.index, flip=geo.flip,
                               highlight=marked == (k, j))  # fmt: skip
            if not last_row:
                # Tucked under the next row: only its index strip shows, as a
                # tab, so a long caravan reads row by row.
                sprite = _tab(sprite, tab_height(geo.step, geo.index, geo.card_h), geo.flip)
            dy = geo.card_h - sprite.height if geo.flip else 0
            c.paste(tile, sprite, (fb[0] - ox, fb[1] - oy + dy))
    return tile


@lru_cache(maxsize=1)
def _felt() -> Image.Image:
    """The whole table between the strips: wood, band, gutter; an RGB tile."""
    im = Image.new("RGB", (WIDTH, HEIGHT - 2 * STRIP_H), FELT)
    d = ImageDraw.Draw(im)
    band = band_box()
    top = band[1] - STRIP_H
    d.rectangle((0, top, WIDTH, top + BAND_H - 1), fill=c.PANEL)
    d.rectangle((0, top, WIDTH, top + 1), fill=c.FAINT)
    d.rectangle((0, top + BAND_H - 2, WIDTH, top + BAND_H - 1), fill=c.FAINT)
    for pair in range(1, 3):
        x = GUTTER + pair * COL_W
        d.line((x, top + 10, x, top + BAND_H - 10), fill=c.FAINT, width=2)
    d.line((GUTTER, 0, GUTTER, im.height), fill=FELT_LINE, width=2)
    fnt = c.font(34, bold=True)
    for pair in range(3):
        cx, cy = pair_label_centre(pair)
        cy -= STRIP_H
        d.ellipse((cx - 21, cy - 21, cx + 21, cy + 21), fill=c.PAPER, outline=c.MUTED, width=2)
        c.draw_centred(d, (cx, cy + 1), str(pair + 1), fnt, c.INK)
    return im


@lru_cache(maxsize=8)
def _status_badge(status: str, diameter: int) -> Image.Image:
    """Sold: a green disc with a tick. Bust: a crimson disc with a cross."""
    big = diameter * c.SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    fill = SOLD if status == "sold" else BUST
    d.ellipse((0, 0, big - 1, big - 1), fill=fill, outline=c.INK, width=c.SUPERSAMPLE * 2)
    line = round(big * 0.14)
    if status == "sold":
        c.draw_check(d, (round(big * 0.2), round(big * 0.24), round(big * 0.8), round(big * 0.76)),
                     c.PAPER, width=line)  # fmt: skip
    else:
        a, b = big * 0.3, big * 0.7
        d.line((a, a, b, b), fill=c.PAPER, width=line)
        d.line((a, b, b, a), fill=c.PAPER, width=line)
    return im.resize((diameter, diameter), Image.Resampling.LANCZOS)


@dataclass(frozen=True)
class _Plate:
    value: int
    direction: str | None
    suit: str | None
    status: str
    holder: int | None  # the seat whose chip sits here (this plate's seat holds the pair)


@lru_cache(maxsize=256)
def _plate_sprite(p: _Plate) -> Image.Image:
    """A caravan's plate: value, direction, suit, sold/bust badge, pair holder; RGB."""
    x0, y0, x1, y1 = plate_box(0, 0)
    w, h = x1 - x0, y1 - y0
    fill, outline, value_ink = {
        "sold": (SOLD_PALE, SOLD, SOLD_INK),
        "bust": (BUST_PALE, BUST, BUST),
        "light": (c.PAPER, c.FAINT, c.INK),
    }.get(p.status, (EMPTY_PLATE, c.FAINT, c.MUTED))
    im = Image.new("RGB", (w, h), c.PANEL)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=14, fill=fill, outline=outline,
                        width=3 if p.status in ("sold", "bust") else 2)  # fmt: skip
    cy = h // 2
    # Fixed columns, so the six plates read like a table: value, arrow, suit, mark.
    label = str(p.value) if p.status != "empty" else "–"
    fnt = c.fit_font(label, PLATE_ARROW_X - PLATE_VALUE_X - 8, 42, bold=True)
    c.draw_text(d, (PLATE_VALUE_X, cy + 1), label, fnt, value_ink)
    # Direction: a solid triangle pointing up (ascending) or down.
    if p.direction in ("up", "down"):
        x, tw, th = PLATE_ARROW_X, 26, 24
        if p.direction == "up":
            points = [(x, cy + th / 2), (x + tw / 2, cy - th / 2), (x + tw, cy + th / 2)]
        else:
            points = [(x, cy - th / 2), (x + tw / 2, cy + th / 2), (x + tw, cy - th / 2)]
        d.polygon(points, fill=c.INK)
    if p.suit is not None:
        symbol, ink = c.SUITS[p.suit]
        c.draw_text(d, (PLATE_SUIT_X, cy), symbol, c.font(38), ink)
    if p.status in ("sold", "bust"):
        badge = _status_badge(p.status, STATUS_D)
        im.paste(badge, (PLATE_STATUS_X, cy - badge.height // 2), badge)
    if p.holder is not None:
        chip = c.chip(str(p.holder + 1), 42, seat_colour(p.holder))
        im.paste(chip, (w - 8 - chip.width, cy - chip.height // 2), chip)
    return im


@lru_cache(maxsize=8)
def _deck_icon(count: int) -> Image.Image:
    """A deck: a few card backs stacked with their edges showing, and the count below."""
    w, h = 58, 80
    im = Image.new("RGBA", (GUTTER, 130), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    x = (GUTTER - w) // 2 - 4
    if count:
        back = c.playing_card_back(w, h)
        layers = min(3, count)
        for i in range(layers - 1, -1, -1):
            im.alpha_composite(back, (x + 3 * i, 4 + 3 * (layers - 1 - i)))
    else:
        d.rounded_rectangle((x, 10, x + w, 10 + h), radius=6, outline=FELT_LINE, width=3)
    c.draw_centred(d, (GUTTER // 2, 112), str(count), c.font(32, bold=True), c.PAPER,
                   stroke=3, stroke_fill=c.INK)  # fmt: skip
    return im


@lru_cache(maxsize=4)
def _discard_pile() -> Image.Image:
    """The discard pile: card backs thrown crosswise (contents are never shown)."""
    w, h = 46, 64
    im = Image.new("RGBA", (GUTTER, 90), (0, 0, 0, 0))
    back = c.playing_card_back(w, h)
    for angle, dx in ((-24, -12), (14, 10), (-4, 0)):
        turned = back.rotate(angle, expand=True, resample=Image.Resampling.BICUBIC)
        im.alpha_composite(turned, ((GUTTER - turned.width) // 2 + dx, (90 - turned.height) // 2))
    return im


@lru_cache(maxsize=4)
def _hand_icon() -> Image.Image:
    return c.fan_of_backs(3, 26, 38, 10)


# --------------------------------------------------------------------- strips


@dataclass(frozen=True)
class _Strip:
    """Everything a player's strip shows; hashable, so strips cache."""

    seat: int
    name: str
    turn: bool
    winner: bool
    hand: int
    wins: int
    needed: int  # games needed to win the match; 1 = a single game, no pips


@lru_cache(maxsize=64)
def _strip_sprite(s: _Strip) -> Image.Image:
    bg = c.TURN_BAND if s.turn else WINNER_BAND if s.winner else c.BACKGROUND
    im = Image.new("RGB", (WIDTH, STRIP_H), bg)
    d = ImageDraw.Draw(im)
    edge = STRIP_H - 1 if s.seat == 0 else 0
    d.line((0, STRIP_H - 1 - edge, WIDTH, STRIP_H - 1 - edge), fill=c.FAINT, width=2)
    c.draw_row_marker(d, STRIP_H, turn=s.turn, winner=s.winner, size=22)
    cy = STRIP_H // 2
    chip = c.chip(str(s.seat + 1), 46, seat_colour(s.seat))
    c.paste(im, chip, (56, cy - chip.height // 2))
    right = WIDTH - 20
    # Hand size: a fan of backs and the count.
    fnt = c.font(34, bold=True)
    count = str(s.hand)
    right -= round(fnt.getlength(count))
    c.draw_text(d, (right, cy), count, fnt, c.INK)
    fan = _hand_icon()
    right -= fan.width + 10
    c.paste(im, fan, (right, cy - fan.height // 2))
    # Games won: gold pips out of the games needed to win the match.
    if s.needed > 1:
        pip, gap = 26, 8
        right -= 36 + s.needed * (pip + gap)
        for i in range(s.needed):
            x = right + i * (pip + gap)
            box = (x, cy - pip // 2, x + pip, cy + pip // 2)
            if i < s.wins:
                d.ellipse(box, fill=c.GOLD, outline=c.INK, width=2)
            else:
                d.ellipse(box, fill=None, outline=c.MUTED, width=3)
    name_x = 56 + chip.width + 14
    c.draw_name(d, (name_x, cy), s.name, right - 30 - name_x, 36, min_size=26)
    return im


# ---------------------------------------------------------------------- table


def _draw_badge(canvas: Image.Image, seat: int, centre: tuple[int, int], removed: int) -> None:
    """Who made the last move (a badge in the highlight colour), and what it removed."""
    badge = c.seat_badge(seat + 1, BADGE, c.HIGHLIGHT)
    cx, cy = centre
    c.paste(canvas, badge, (cx - BADGE // 2, cy - BADGE // 2))
    if removed > 0:
        pill = _removed_pill(removed)
        px = min(cx - pill.width // 2, WIDTH - 4 - pill.width)
        c.paste(canvas, pill, (px, cy + BADGE // 2 + 2))


@lru_cache(maxsize=16)
def _removed_pill(count: int) -> Image.Image:
    """ "−N": numeral cards a Jack or joker took off the table."""
    label = f"−{count}"
    fnt = c.font(22, bold=True)
    w, h = round(fnt.getlength(label)) + 18, 28
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=h // 2, fill=c.HIGHLIGHT, outline=c.PAPER,
                        width=2)  # fmt: skip
    c.draw_centred(d, (w / 2, h / 2), label, fnt, c.PAPER)
    return im


def _draw_mark(canvas: Image.Image, draw: ImageDraw.ImageDraw, ctx: _Context) -> None:
    mark = ctx.mark
    if mark is None:
        return
    if mark.kind == "discard":
        box = discard_box()
        inner = (box[0] + 10, box[1] + 8, box[2] - 10, box[1] + 96)
        c.highlight_frame(draw, inner, width=4, radius=10)
        _draw_badge(canvas, mark.seat, (inner[2] - 4, inner[1] + 6), 0)
        return
    if mark.kind == "plate":
        # A Jack took its card away: frame the caravan's plate, and put the
        # badge on the felt where that caravan meets the band.
        box = plate_box(mark.owner, mark.pair)
        c.highlight_frame(draw, box, width=5, radius=14)
        area = area_box(mark.owner, mark.pair)
        y = area[3] - BADGE if mark.owner == 1 else area[1] + BADGE // 2 + 2
        if mark.owner == 1 and mark.removed:
            y -= 30  # room for the pill under the badge
        _draw_badge(canvas, mark.seat, (area[2] - BADGE, y), mark.removed)
        return
    caravan = ctx.caravans[mark.owner][mark.pair]
    geo = geometry(mark.owner, mark.pair, caravan.cards)
    if mark.kind == "slot":
        x, y = area_box(mark.owner, mark.pair)[:2]
        y = y + AREA_H - CARD_PAD - CARD_H if mark.owner == 1 else y + CARD_PAD
        box = (x + CARD_X, y, x + CARD_X + CARD_W, y + CARD_H)
        c.highlight_frame(draw, box, width=5, radius=10)
        _draw_badge(canvas, mark.seat, (box[2], (box[1] + box[3]) // 2), mark.removed)
        return
    if not 0 <= mark.pos < len(geo.numerals):
        return
    vis = geo.visible[mark.pos] if mark.face < 0 else geo.faces_visible[mark.pos][mark.face]
    full = geo.numerals[mark.pos] if mark.face < 0 else geo.faces[mark.pos][mark.face]
    _draw_badge(canvas, mark.seat, (full[2], (vis[1] + vis[3]) // 2), mark.removed)


def render_table(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The public Caravan table as PNG bytes (always WIDTH × HEIGHT).

    ``view`` is a Caravan view (``docs/views.md``). Only public fields are
    read: a stray ``"hand"`` or ``"you"`` never reaches the image, and the card
    of the last move is only used to find that card on the table, so a hidden
    discard never shows. ``names`` are display names in seat order. Odd or
    broken views draw what they can instead of raising.
    """
    ctx = _context(view)
    canvas = Image.new("RGB", (WIDTH, HEIGHT), c.PANEL)
    draw = ImageDraw.Draw(canvas)
    canvas.paste(_felt(), (0, STRIP_H))
    needed = ctx.best_of // 2 + 1
    for seat in (0, 1):
        strip = _Strip(
            seat=seat,
            name=_name(names, seat),
            turn=ctx.turn == seat,
            winner=seat in ctx.winners,
            hand=ctx.hand_sizes[seat],
            wins=min(ctx.wins[seat], needed),
            needed=needed,
        )
        canvas.paste(_strip_sprite(strip), strip_box(seat)[:2])
        deck = deck_box(seat)
        c.paste(canvas, _deck_icon(ctx.deck_sizes[seat]), deck[:2])
        for pair in range(3):
            caravan = ctx.caravans[seat][pair]
            mark = ctx.mark
            marked = None
            if mark is not None and mark.kind == "card" and (mark.owner, mark.pair) == (seat, pair):
                marked = (mark.pos, mark.face)
            slot = c.TURN_MARK if ctx.opening and ctx.turn == seat else FELT_LINE
            if mark is not None and mark.kind == "slot" and (mark.owner, mark.pair) == (seat, pair):
                slot = c.HIGHLIGHT
            tile = _caravan_tile(caravan.cards, seat, marked, slot)
            canvas.paste(tile, area_box(seat, pair)[:2])
            plate = _Plate(
                value=caravan.value,
                direction=caravan.direction,
                suit=caravan.suit,
                status=caravan.status,
                holder=seat if ctx.pairs[pair] == seat else None,
            )
            canvas.paste(_plate_sprite(plate), plate_box(seat, pair)[:2])
    box = discard_box()
    c.paste(canvas, _discard_pile(), (box[0], box[1] + 6))
    c.draw_centred(draw, (GUTTER // 2, box[1] + 112), str(ctx.discard), c.font(30, bold=True),
                   c.INK)  # fmt: skip
    _draw_mark(canvas, draw, ctx)
    return c.encode_png(c.to_palette(canvas, keep=KEEP))


# ----------------------------------------------------------------------- hand

HAND_WIDTH = 800
HAND_HEADER_H = 84
HAND_CARD_W = 140
HAND_CARD_H = 196
HAND_INDEX = 40
HAND_GAP = 14
HAND_MARGIN = 24
HAND_ROW = 5  # up to this many cards in one row; more (the opening's 8) take two rows


def _hand(view: Mapping[str, Any]) -> list[str]:
    return [h if isinstance(h, str) else "" for h in _list(view.get("hand"))][:12]


def _rows(count: int) -> list[int]:
    if count <= HAND_ROW:
        return [count]
    first = (count + 1) // 2
    return [first, count - first]


def hand_size(count: int) -> tuple[int, int]:
    """(width, height) of the hand image for ``count`` cards (two rows above five)."""
    rows = len(_rows(count))
    height = HAND_HEADER_H + HAND_MARGIN + rows * HAND_CARD_H + (rows - 1) * HAND_GAP + HAND_MARGIN
    return HAND_WIDTH, height


def hand_card_box(i: int, count: int) -> c.Box:
    """Pixel box of the ``i``-th card of a hand of ``count`` on the hand image."""
    rows = _rows(count)
    row, col = (0, i) if i < rows[0] else (1, i - rows[0])
    n = rows[row]
    total = n * HAND_CARD_W + (n - 1) * HAND_GAP
    x = (HAND_WIDTH - total) // 2 + col * (HAND_CARD_W + HAND_GAP)
    y = HAND_HEADER_H + HAND_MARGIN + row * (HAND_CARD_H + HAND_GAP)
    return (x, y, x + HAND_CARD_W, y + HAND_CARD_H)


def _you(view: Mapping[str, Any]) -> int | None:
    return _seat(view.get("you"))


def hand_key(view: Mapping[str, Any], *, names: Sequence[str]) -> str:
    """Everything :func:`render_hand` draws, as text: equal keys mean identical images."""
    you = _you(view)
    winner = you is not None and bool(view.get("over")) and you in _list(view.get("winners"))
    return repr((you, _hand(view), _name(names, you) if you is not None else "", winner))


def render_hand(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """One seat's private Caravan hand (``view["hand"]``) as PNG bytes.

    The cards large (phone-readable), under a header with the seat's chip and
    name (and a star once the seat has won the match). Nothing that changes
    when only the other player moves (decks, turn, caravans) is drawn, so the
    image changes only when the hand does.
    """
    you = _you(view)
    hand = _hand(view)
    width, height = hand_size(len(hand))
    canvas = Image.new("RGB", (width, height), c.PAPER)
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, width, HAND_HEADER_H - 1), fill=c.BACKGROUND)
    draw.line((0, HAND_HEADER_H - 1, width, HAND_HEADER_H - 1), fill=c.FAINT, width=2)
    cy = HAND_HEADER_H // 2
    x = 20
    winner = you is not None and bool(view.get("over")) and you in _list(view.get("winners"))
    if winner:
        c.draw_star(draw, (44, cy), 24)
        x = 76
    if you is not None:
        chip = c.chip(str(you + 1), 50, seat_colour(you))
        c.paste(canvas, chip, (x, cy - chip.height // 2))
        x += chip.width + 14
        c.draw_name(draw, (x, cy), _name(names, you), width - x - 20, 38, min_size=28)
    for i, code in enumerate(hand):
        box = hand_card_box(i, len(hand))
        c.paste(canvas, card_face(code, HAND_CARD_W, HAND_CARD_H, HAND_INDEX), box[:2])
    if not hand:
        box = hand_card_box(0, 1)
        c.paste(canvas, _slot(HAND_CARD_W, HAND_CARD_H, c.FAINT), box[:2])
    return c.encode_png(c.to_palette(canvas, keep=KEEP))
