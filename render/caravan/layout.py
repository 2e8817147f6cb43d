"""Geometry of the Caravan table image (a fixed WIDTH × HEIGHT), in pixels.

The boxes of the strips, the six caravans' areas, the middle band with its
plates, and the gutter's decks and discard pile; and :func:`geometry`, which
fits a caravan of any length into its area by shrinking the overlap step,
the index size and, past ten numerals, the cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from render import common as c
from render.caravan.cards import card_pad, index_metrics
from render.caravan.view import MAX_CARDS, MAX_FACES

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
PLATE_H = 56
PLATE_GAP = 8


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


def tab_height(step: int, index: int, card_h: int) -> int:
    """How much of a face card under the next row shows: its index strip, no more."""
    return max(1, min(step, index_metrics(index)[1] + 2 * card_pad(card_h) + 2))


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
        w, h = index_metrics(candidate)
        fits_h = n <= 1 or _index_pad(step) + h <= step - 2
        if fits_h and pad_x + w + 4 <= face_room:
            size = candidate
            break
    w, _h = index_metrics(size)
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
