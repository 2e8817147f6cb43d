"""One seat's private Klac! hand image, and the key that says when it changed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import common as c
from render.klac.cards import card_face, colour_marks, colours_present, empty_slot
from render.klac.row import signed
from render.klac.view import as_int, as_list, context, seat_name
from render.targets import Targets, share

HAND_WIDTH = 800
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
    ctx = context(view, names)
    you = as_int(view.get("you"), -1)
    hand = _hand(view)
    mine = 0 <= you < len(ctx.rows)
    return repr((
        you, hand, ctx.turn == you, you in ctx.winners, seat_name(names, you) if you >= 0 else "",
        ctx.rows[you] if mine else None, ctx.row_scores[you] if mine else None,
        ctx.totals[you] if mine else None,
    ))  # fmt: skip


def _height() -> int:
    return HAND_HEADER_H + HAND_GAP + HAND_CARD_H + 24 + HAND_FOOTER_H


def _card_boxes(cards: int) -> list[c.Box]:
    """Where the hand's places lie: at least three, centred in a row."""
    slots = max(3, cards)
    gap = 40
    card_w = min(HAND_CARD_W, (HAND_WIDTH - 40 - gap * (slots - 1)) // slots)
    card_h = min(HAND_CARD_H, int(card_w * 1.4))
    x0 = (HAND_WIDTH - (slots * card_w + (slots - 1) * gap)) // 2
    y = HAND_HEADER_H + HAND_GAP
    return [
        (x0 + i * (card_w + gap), y, x0 + i * (card_w + gap) + card_w, y + card_h)
        for i in range(slots)
    ]


def hand_targets(view: Mapping[str, Any], *, names: Sequence[str]) -> Targets:
    """The cards on :func:`render_hand`'s picture, by the key of the choice
    that plays them (the card's code)."""
    hand = _hand(view)
    boxes = _card_boxes(len(hand))
    return [
        (card, share(box, HAND_WIDTH, _height())) for card, box in zip(hand, boxes, strict=False)
    ]


def _hand(view: Mapping[str, Any]) -> list[str]:
    return [h for h in as_list(view.get("hand")) if isinstance(h, str)][:5]


def render_hand(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """One seat's private Klac! hand (``view["hand"]``) as PNG bytes.

    Shows the hand large, the player's name (a highlighted band and arrow when
    it is this seat's turn), and the seat's own row (top cards, colour marks,
    row score, total) as context for the move. It deliberately leaves out
    what changes on every move elsewhere (deck size, whose turn), so a
    frontend only has to update a hand when something of this seat's changed.
    """
    ctx = context(view, names)
    you = as_int(view.get("you"), -1)
    hand = _hand(view)
    height = _height()
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
    c.draw_name(draw, (x, cy), seat_name(names, you) if you >= 0 else "", HAND_WIDTH - x - 20, 38)
    draw.line((0, HAND_HEADER_H - 1, HAND_WIDTH, HAND_HEADER_H - 1), fill=c.FAINT, width=2)

    # The hand, centred; empty places are outlined so 2 cards read as "2 of 3".
    boxes = _card_boxes(len(hand))
    for i, (x, y, x1, y1) in enumerate(boxes):
        if i < len(hand):
            c.paste(canvas, card_face(hand[i], x1 - x, y1 - y), (x, y))
        else:
            c.paste(canvas, empty_slot(x1 - x, y1 - y), (x, y))

    # Footer: your row as it stands (public), so the hand can be read against it.
    fy = height - HAND_FOOTER_H
    draw.rectangle((0, fy, HAND_WIDTH, height), fill=c.BACKGROUND)
    draw.line((0, fy, HAND_WIDTH, fy), fill=c.FAINT, width=2)
    fcy = fy + HAND_FOOTER_H // 2
    if 0 <= you < len(ctx.rows):
        row = ctx.rows[you]
        present = colours_present(row)
        marks = colour_marks(present, 30, 8)
        c.paste(canvas, marks, (20, fcy - 15))
        sx = 20 + marks.width + 12
        score_font = c.font(34, bold=True)
        score = signed(ctx.row_scores[you])
        c.draw_text(draw, (sx, fcy), score, score_font, c.INK if len(present) == 3 else c.MUTED)
        sx += int(score_font.getlength(score)) + 26
        c.draw_text(draw, (sx, fcy), "Σ", c.font(30), c.MUTED)
        c.draw_text(draw, (sx + 26, fcy), str(ctx.totals[you]), score_font, c.INK)
        mw, mh = 46, 64
        mx = HAND_WIDTH - 20 - len(row) * (mw + 8) + 8
        for i, stack in enumerate(row):
            c.paste(canvas, card_face(stack[-1], mw, mh), (mx + i * (mw + 8), fcy - mh // 2))
        if not row:
            c.paste(canvas, empty_slot(mw, mh), (HAND_WIDTH - 20 - mw, fcy - mh // 2))
    return c.encode_png(canvas)
