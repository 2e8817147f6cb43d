"""One seat's private Krendzu hand image, its geometry and its cache key.

The cards wrap to up to three rows; cards marked for the exchange rise, so
the image keeps room for them while this seat may mark.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import common as c
from render.krendzu.cards import card_print, corner_radius, is_figure, slot
from render.krendzu.icons import role_icon, tick_badge, tour_icon
from render.krendzu.palette import KEEP, seat_colour
from render.krendzu.view import MAX_SEATS, ROLES, as_int, as_list, seat_name
from render.symbols import round_arrows
from render.targets import Targets, decisions, share

HAND_W = 800
HAND_HEADER_H = 84
HAND_MARGIN = 20
HAND_GAP = 12
HAND_CARD_MAX = 132
HAND_RATIO = 1.36
MAX_HAND = 36


def _hand_rows(count: int) -> list[int]:
    """Cards per row: one row up to 6, two up to 12, three above (18 is 6 + 6 + 6)."""
    rows = 1 if count <= 6 else 2 if count <= 12 else 3
    per = -(-count // rows) if count else 0
    out = [per] * (count // per) if per else [0]
    if per and count % per:
        out.append(count % per)
    return out


def hand_card_size(count: int) -> tuple[int, int]:
    """(width, height) of each card in a hand of ``count``."""
    per = max(max(_hand_rows(count)), 1)
    width = min(HAND_CARD_MAX, (HAND_W - 2 * HAND_MARGIN - (per - 1) * HAND_GAP) // per)
    return width, round(width * HAND_RATIO)


def _lift(count: int, marking: bool) -> int:
    """How far a marked card rises; 0 (and no room kept) when nothing can be marked."""
    return round(hand_card_size(count)[1] * 0.2) if marking else 0


def hand_size(count: int, *, marking: bool = False) -> tuple[int, int]:
    """(width, height) of the hand image for ``count`` cards (``marking``: during this
    seat's discard, with room for marked cards to rise)."""
    rows = len(_hand_rows(count))
    _w, h = hand_card_size(count)
    step = _lift(count, marking) + h
    return HAND_W, HAND_HEADER_H + HAND_MARGIN + rows * step + (rows - 1) * HAND_GAP + HAND_MARGIN


def hand_card_box(i: int, count: int, *, marking: bool = False, raised: bool = False) -> c.Box:
    """Pixel box of the ``i``-th card of a hand of ``count`` (``raised``: marked, lifted)."""
    rows = _hand_rows(count)
    w, h = hand_card_size(count)
    lift = _lift(count, marking or raised)
    row, col = 0, i
    while row < len(rows) - 1 and col >= rows[row]:
        col -= rows[row]
        row += 1
    n = rows[row]
    total = n * w + (n - 1) * HAND_GAP
    x = (HAND_W - total) // 2 + col * (w + HAND_GAP)
    y = HAND_HEADER_H + HAND_MARGIN + row * (lift + h + HAND_GAP) + lift
    if raised:
        y -= lift
    return (x, y, x + w, y + h)


def tick_box(i: int, count: int) -> c.Box:
    """Where the tick of a marked ``i``-th card goes: in the place it rose from."""
    x0, _y0, x1, y1 = hand_card_box(i, count, raised=True)
    size = _lift(count, True) - 4
    cx = (x0 + x1) // 2
    return (cx - size // 2, y1 + 2, cx - size // 2 + size, y1 + 2 + size)


def _you(view: Mapping[str, Any]) -> int | None:
    you = as_int(view.get("you"), -1)
    return you if 0 <= you < MAX_SEATS else None


@dataclass(frozen=True)
class _Hand:
    you: int | None
    name: str
    cards: tuple[str, ...]
    marked: frozenset[str]
    role: str | None
    tour: int
    tours: int
    discard: tuple[int, int] | None  # (marked, announced) while this seat must discard

    @property
    def marking(self) -> bool:
        """Cards may be (or are) marked: marked cards rise, so the image keeps room."""
        return self.discard is not None or bool(self.marked)


def _hand(view: Mapping[str, Any], names: Sequence[str]) -> _Hand:
    you = _you(view)
    cards = tuple(h if isinstance(h, str) else "" for h in as_list(view.get("hand"))[:MAX_HAND])
    marked = frozenset(m for m in as_list(view.get("marked")) if isinstance(m, str) and m in cards)
    roles = as_list(view.get("roles"))
    role = roles[you] if you is not None and you < len(roles) and roles[you] in ROLES else None
    discard = None
    exchange = view.get("exchange")
    if you is not None and view.get("phase") == "discard" and isinstance(exchange, Mapping):
        announced = as_list(exchange.get("announced"))
        done = as_list(exchange.get("done"))
        n = as_int(announced[you]) if you < len(announced) else 0
        finished = bool(done[you]) if you < len(done) else False
        if n > 0 and not finished:
            discard = (len(marked), n)
    tours = max(1, as_int(view.get("tours"), 1))
    return _Hand(
        you=you,
        name=seat_name(names, you) if you is not None else "",
        cards=cards,
        marked=marked,
        role=role,
        tour=min(max(1, as_int(view.get("tour"), 1)), tours),
        tours=tours,
        discard=discard,
    )


def hand_targets(view: Mapping[str, Any], *, names: Sequence[str]) -> Targets:
    """The cards on :func:`render_hand`'s picture, each three times: by the
    key of the choice that plays it (``"cQH"``), of the one that marks it for
    the exchange (``"tQH"``), and as one card played when the menu first asks
    how many (``"one>cQH"``: the mode, then the card); a menu offers one of
    them. The seat's decisions lie on it too: two cards, a pass and its
    confirmation, the count announced for the exchange and the exchange."""
    h = _hand(view, names)
    count = len(h.cards)
    width, height = hand_size(count, marking=h.marking)
    targets = []
    for i, card in enumerate(h.cards):
        if not card:
            continue
        box = hand_card_box(i, count, marking=h.marking, raised=card in h.marked)
        at = share(box, width, height)
        targets += [(f"c{card}", at), (f"t{card}", at), (f"one>c{card}", at)]
    return [*targets, *decisions("two", "pass", "pass/ok", "n*", "x")]


def hand_key(view: Mapping[str, Any], *, names: Sequence[str]) -> str:
    """Everything :func:`render_hand` draws, as text: equal keys mean identical images.

    The hand, its marks, the seat's role, the tour and (during this seat's
    discard) the count to mark; nothing that changes with other seats' moves.
    """
    h = _hand(view, names)
    return repr((h.you, h.name, h.cards, sorted(h.marked), h.role, h.tour, h.tours, h.discard))


def render_hand(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """One seat's private Krendzu hand (``view["hand"]``) as PNG bytes.

    The cards large, in the view's order, wrapped to up to three rows; the
    cards marked for the exchange lifted, framed and ticked. The header has
    the seat's chip, role, name and the tour, and during this seat's discard
    "🔄 marked/announced" (the exchange's mark, as on its buttons).
    """
    h = _hand(view, names)
    count = len(h.cards)
    width, height = hand_size(count, marking=h.marking)
    canvas = Image.new("RGB", (width, height), c.PAPER)
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, width, HAND_HEADER_H - 1), fill=c.BACKGROUND)
    draw.line((0, HAND_HEADER_H - 1, width, HAND_HEADER_H - 1), fill=c.FAINT, width=2)
    cy = HAND_HEADER_H // 2
    big = c.font(38, bold=True)

    right = width - 20
    label = f"{h.tour}/{h.tours}"
    right -= round(big.getlength(label))
    c.draw_text(draw, (right, cy), label, big, c.INK)
    icon = tour_icon(40)
    right -= icon.width + 10
    c.paste(canvas, icon, (right, cy - icon.height // 2))
    if h.discard is not None:
        text = f"{h.discard[0]}/{h.discard[1]}"
        right -= 28
        done = h.discard[0] == h.discard[1]
        c.draw_text(draw, (right, cy), text, big, c.GREEN if done else c.INK, anchor="rm")
        right -= round(big.getlength(text)) + 8
        swap = round_arrows(36, c.TURN_MARK)
        right -= swap.width
        c.paste(canvas, swap, (right, cy - swap.height // 2))
        right -= 8

    x = 20
    if h.you is not None:
        chip = c.chip(str(h.you + 1), 50, seat_colour(h.you))
        c.paste(canvas, chip, (x, cy - chip.height // 2))
        x += chip.width + 10
    if h.role is not None:
        role = role_icon(h.role, 50)
        c.paste(canvas, role, (x, cy - role.height // 2))
        x += role.width + 12
    if h.you is not None:
        c.draw_name(draw, (x, cy), h.name, right - 20 - x, 36, min_size=24)

    w, ch = hand_card_size(count)
    for i, code in enumerate(h.cards):
        marked = code in h.marked
        box = hand_card_box(i, count, marking=h.marking, raised=marked)
        c.paste(canvas, _hand_card(code, w, ch, marked), box[:2])
        if marked:
            x0, y0, x1, _y1 = tick_box(i, count)
            c.paste(canvas, tick_badge(x1 - x0), (x0, y0))
    if not h.cards:
        box = hand_card_box(0, 1)
        c.paste(canvas, slot(box[2] - box[0], box[3] - box[1], "", c.FAINT), box[:2])
    return c.encode_png(c.to_palette(canvas, keep=KEEP))


@c.sprite_cache
def _hand_card(code: str, width: int, height: int, marked: bool) -> Image.Image:
    """A hand card (RGBA); a marked one has a green frame."""
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=corner_radius(width, height),
                        fill=c.CARD_TINT if is_figure(code) else c.PAPER, outline=c.INK,
                        width=max(1, width // 50))  # fmt: skip
    im.alpha_composite(card_print(code, None, width, height))
    if marked:
        d.rounded_rectangle((0, 0, width - 1, height - 1), radius=corner_radius(width, height),
                            outline=c.GREEN, width=max(4, width // 18))  # fmt: skip
    return im
