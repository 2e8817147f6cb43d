"""One seat's private Caravan hand image, its geometry and its cache key."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import common as c
from render.caravan.cards import card_face, empty_slot
from render.caravan.palette import KEEP, seat_colour
from render.caravan.view import as_list, as_seat, seat_name
from render.targets import Targets, share

HAND_WIDTH = 800
HAND_HEADER_H = 84
HAND_CARD_W = 140
HAND_CARD_H = 196
HAND_INDEX = 40
HAND_GAP = 14
HAND_MARGIN = 24
HAND_ROW = 5  # up to this many cards in one row; more (the opening's 8) take two rows


def _hand(view: Mapping[str, Any]) -> list[str]:
    return [h if isinstance(h, str) else "" for h in as_list(view.get("hand"))][:12]


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


def hand_targets(view: Mapping[str, Any], *, names: Sequence[str]) -> Targets:
    """The cards on :func:`render_hand`'s picture, by the key of the choice
    that plays them (the card's code)."""
    hand = _hand(view)
    width, height = hand_size(len(hand))
    return [
        (card, share(hand_card_box(i, len(hand)), width, height))
        for i, card in enumerate(hand)
        if card
    ]


def _you(view: Mapping[str, Any]) -> int | None:
    return as_seat(view.get("you"))


def hand_key(view: Mapping[str, Any], *, names: Sequence[str]) -> str:
    """Everything :func:`render_hand` draws, as text: equal keys mean identical images."""
    you = _you(view)
    winner = you is not None and bool(view.get("over")) and you in as_list(view.get("winners"))
    return repr((you, _hand(view), seat_name(names, you) if you is not None else "", winner))


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
    winner = you is not None and bool(view.get("over")) and you in as_list(view.get("winners"))
    if winner:
        c.draw_star(draw, (44, cy), 24)
        x = 76
    if you is not None:
        chip = c.chip(str(you + 1), 50, seat_colour(you))
        c.paste(canvas, chip, (x, cy - chip.height // 2))
        x += chip.width + 14
        c.draw_name(draw, (x, cy), seat_name(names, you), width - x - 20, 38, min_size=28)
    for i, code in enumerate(hand):
        box = hand_card_box(i, len(hand))
        c.paste(canvas, card_face(code, HAND_CARD_W, HAND_CARD_H, HAND_INDEX), box[:2])
    if not hand:
        box = hand_card_box(0, 1)
        c.paste(canvas, empty_slot(HAND_CARD_W, HAND_CARD_H, c.FAINT), box[:2])
    return c.encode_png(c.to_palette(canvas, keep=KEEP))
