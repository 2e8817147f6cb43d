"""Krendzu images, driven by hand-built views that follow docs/views.md ("## Krendzu").

The rules engine is not imported: a renderer must work from a view alone.
Pixel checks use palette colours, which survive PNG encoding exactly.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterable, Sequence
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import common as c
from render import krendzu as kz
from render import registry
from render.krendzu.cards import card_print
from render.krendzu.field import tag_box
from render.krendzu.hand import HAND_HEADER_H, HAND_W, hand_card_box, hand_size, tick_box
from render.krendzu.icons import role_icon
from render.krendzu.layout import (
    CELL_MAX,
    MAX_H,
    MAX_W,
    cell_box,
    cell_centre,
    column_label_box,
    image_size,
    layout,
    make_layout,
    panel_row_box,
    print_spec,
    row_label_box,
    status_box,
)
from render.krendzu.palette import KEEP, OLD_LINE, SHIELD, SLOT, STEEL, seat_colour
from render.krendzu.panel import ROW_LINE2, role_box
from render.krendzu.view import Box as FieldBox
from render.krendzu.view import cell_label, column_letters, frontier, frontier_of, view_box
from tests.render.helpers import count, png

Box = tuple[int, int, int, int]

Cell = tuple[int, int, str, int]  # x, y, card, seat

DECK = [rank + suit for suit in "SHDC" for rank in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")]
NAMES = ["Алексей Константинопольский", "Bob", "Ёжик 🦔 в тумане", "x" * 80]


def letters(index: int) -> str:
    out = ""
    n = index + 1
    while n:
        n, rest = divmod(n - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def box_of(cells: Sequence[Cell]) -> dict[str, int]:
    """The view's box as docs/views.md defines it: bounding box plus one cell each side."""
    if not cells:
        return {"left": 0, "top": 0, "cols": 1, "rows": 1}
    xs = [x for x, _y, _c, _s in cells]
    ys = [y for _x, y, _c, _s in cells]
    return {
        "left": min(xs) - 1,
        "top": min(ys) - 1,
        "cols": max(xs) - min(xs) + 3,
        "rows": max(ys) - min(ys) + 3,
    }


def label(x: int, y: int, box: dict[str, int]) -> str:
    return f"{letters(x - box['left'])}{y - box['top'] + 1}"


def make_view(
    cells: Sequence[Cell] = (),
    *,
    seats: int = 2,
    last: Sequence[tuple[int, int]] | None = None,
    last_kind: str | None = None,
    last_seat: int | None = None,
    scored: Iterable[dict[str, Any]] = (),
    **kw: Any,
) -> dict[str, Any]:
    """A public Krendzu view shaped exactly as in docs/views.md.

    ``last`` are the cells of the last move (default: the newest card);
    ``last_kind`` "pass" makes it a pass.
    """
    cells = list(cells)
    box = box_of(cells)
    roles = {2: ["defend", "attack"], 3: ["defend", "attack", "attack"],
             4: ["defend", "attack", "defend", "attack"]}[seats]  # fmt: skip
    if last is None and cells and last_kind != "pass":
        last = [cells[-1][:2]]
    last_view = None
    if last_kind == "pass":
        last_view = {"seat": 0 if last_seat is None else last_seat, "kind": "pass", "cells": [],
                     "labels": []}  # fmt: skip
    elif last:
        seat = last_seat
        if seat is None:
            seat = next(s for x, y, _c, s in cells if (x, y) == tuple(last[-1]))
        last_view = {
            "seat": seat,
            "kind": last_kind or ("two" if len(last) == 2 else "place"),
            "cells": [list(p) for p in last],
            "labels": [label(x, y, box) for x, y in last],
        }
    view: dict[str, Any] = {
        "game": "krendzu",
        "seats": seats,
        "variant": "two_attackers" if seats == 3 else None,
        "tour": 1,
        "tours": 2 if seats != 3 else 3,
        "dealer": 1,
        "roles": roles,
        "order": list(range(seats)),
        "phase": "play",
        "turn": 0,
        "pending": False,
        "exchange": {"max": 3, "announced": [1] * seats, "done": [True] * seats},
        "hand_sizes": [10] * seats,
        "aside": 7,
        "cells": [{"x": x, "y": y, "card": card, "seat": s} for x, y, card, s in cells],
        "box": box,
        "last": last_view,
        "scored": list(scored),
        "tour_points": [0] * seats,
        "scores": [0] * seats,
        "last_tour": None,
        "over": False,
        "winners": [],
        "events": [],
    }
    view.update(kw)
    return view


def seat_view(
    view: dict[str, Any], seat: int, hand: Sequence[str], marked: Sequence[str] = ()
) -> dict[str, Any]:
    return {**view, "you": seat, "hand": list(hand), "marked": list(marked)}


# Field shapes: (x, y) in placement order.
def line(n: int, *, vertical: bool = False) -> list[tuple[int, int]]:
    return [(0, i) if vertical else (i, 0) for i in range(n)]


def block(side: int) -> list[tuple[int, int]]:
    return [(x, y) for y in range(side) for x in range(side)]


def snake(n: int, width: int = 6) -> list[tuple[int, int]]:
    """Back and forth in rows of ``width``, joined at alternate ends."""
    out: list[tuple[int, int]] = []
    y = 0
    while len(out) < n:
        row = list(range(width)) if (y // 2) % 2 == 0 else list(range(width - 1, -1, -1))
        if y % 2 == 0:
            out.extend((x, y) for x in row)
        else:
            out.append((row[-1], y))
        y += 1
    return out[:n]


def deal(positions: Sequence[tuple[int, int]], seats: int = 2) -> list[Cell]:
    return [(x, y, DECK[(i * 5) % 36], i % seats) for i, (x, y) in enumerate(positions)]


# ===================================================================== tests

MAX_PNG = 150 * 1024
TWO = [(0, 0, "QS", 0), (1, 0, "KH", 1)]
ALL_SUITS = [(0, 0, "9S", 0), (1, 0, "9H", 1), (2, 0, "9D", 0), (3, 0, "9C", 1)]
INKS = {"S": c.INK, "H": c.SUIT_RED, "D": c.SUIT_BLUE, "C": c.SUIT_GREEN}


def render(view: dict[str, Any], names: Sequence[str] = NAMES) -> Image.Image:
    return png(kz.render_table(view, names=names))


def hand_image(view: dict[str, Any], names: Sequence[str] = NAMES) -> Image.Image:
    return png(kz.render_hand(view, names=names))


def light(im: Image.Image, box: Box) -> int:
    """Pixels in ``box`` much lighter than the felt: label text."""
    r, g, b = (ch.point(lambda v: 255 * (v > 150)) for ch in im.crop(box).split())
    return ImageChops.darker(ImageChops.darker(r, g), b).histogram()[255]


def differs(a: Image.Image, b: Image.Image, box: Box) -> bool:
    """Whether ``box`` really differs between two images (each PNG has its own
    palette, so an anti-aliased edge pixel may shift a few levels: ignore that)."""
    diff = ImageChops.difference(a.crop(box), b.crop(box)).convert("L")
    return max(diff.tobytes(), default=0) > 100


def ring(im: Image.Image, view: dict[str, Any], x: int, y: int, colour: c.RGB) -> int:
    """Pixels of ``colour`` round the card at (x, y), in its cell but off the card,
    where a frame goes. (Inside a card, anti-aliased red print may map to any
    pinkish palette colour, the highlight included.)"""
    return count(im, pitch(view, x, y), colour) - count(im, cell(view, x, y), colour)


def area(box: Box) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])


def grow(box: Box, by: int) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def cell(view: dict[str, Any], x: int, y: int) -> Box:
    return cell_box(view, x, y)


def pitch(view: dict[str, Any], x: int, y: int) -> Box:
    """The whole cell (card and the felt round it)."""
    lay = layout(view)
    x0, y0, x1, y1 = cell(view, x, y)
    return grow((x0, y0, x1, y1), lay.inset)


def rank_box(view: dict[str, Any], x: int, y: int) -> Box:
    """The card minus its seat stripe: where rank and suit are printed."""
    x0, y0, x1, y1 = cell(view, x, y)
    spec = print_spec(x1 - x0, y1 - y0, True)
    return (x0 + spec.stripe, y0, x1, y1) if spec.landscape else (x0, y0, x1, y1 - spec.stripe)


def stripe_box(view: dict[str, Any], x: int, y: int) -> Box:
    x0, y0, x1, y1 = cell(view, x, y)
    spec = print_spec(x1 - x0, y1 - y0, True)
    return (x0, y0, x0 + spec.stripe, y1) if spec.landscape else (x0, y1 - spec.stripe, x1, y1)


def field_area(view: dict[str, Any]) -> Box:
    return layout(view).field


def marker_column(view: dict[str, Any], seat: int) -> Box:
    """The left end of a panel row: the turn arrow or the winner's star."""
    x0, y0, _x1, y1 = panel_row_box(view, seat)
    return (x0, y0, x0 + 46, y1)


def line2_right(view: dict[str, Any], seat: int) -> Box:
    """The right end of a panel row's second line: the exchange count and tick."""
    _x0, y0, x1, y1 = panel_row_box(view, seat)
    return (x1 - 130, y0 + 58, x1, y1 - 4)


SHAPES: dict[str, list[tuple[int, int]]] = {
    "row36": line(36),
    "column36": line(36, vertical=True),
    "block6x6": block(6),
    "snake36": snake(36),
    "snake36-narrow": snake(36, width=3),
    "diagonal-steps": [(i // 2, (i + 1) // 2) for i in range(36)],
}


# ----------------------------------------------------------------- validity


def sample_views() -> dict[str, dict[str, Any]]:
    views = {
        "empty": make_view(),
        "two": make_view(TWO),
        "exchange4": make_view(
            seats=4,
            phase="announce",
            exchange={
                "max": 3,
                "announced": [2, 0, None, None],
                "done": [False, True, False, False],
            },
        ),
        "over3": make_view(
            deal(snake(20), 3),
            seats=3,
            over=True,
            phase="over",
            turn=None,
            winners=[1, 2],
            scores=[4, 7, 7],
        ),
    }
    for name, shape in SHAPES.items():
        views[name] = make_view(deal(shape, 4), seats=4, last=[shape[-2], shape[-1]])
    return views


@pytest.mark.parametrize(("name", "view"), sample_views().items(), ids=lambda v: str(v)[:20])
def test_table_is_a_small_png_within_the_maximum_canvas(name: str, view: dict[str, Any]) -> None:
    data = kz.render_table(view, names=NAMES)
    im = png(data)
    assert im.size == image_size(view)
    assert im.width <= MAX_W and im.height <= MAX_H, name
    assert len(data) <= MAX_PNG, (name, len(data))


def test_a_small_field_gives_a_small_image() -> None:
    small, big = image_size(make_view(TWO)), image_size(make_view(deal(block(6))))
    assert small[0] * small[1] < 0.6 * big[0] * big[1]
    empty = image_size(make_view())
    assert empty[0] < 800 and empty[1] < 700


def test_registry_has_table_hand_and_key_in_order() -> None:
    entry = registry.get("krendzu")
    assert entry.table is kz.render_table
    assert entry.private is kz.render_hand
    assert entry.private_key is kz.hand_key
    order = list(registry.RENDERERS)
    assert order.index("klotho") + 1 == order.index("krendzu") == order.index("caravan") - 1


def test_rendering_is_deterministic() -> None:
    view = sample_views()["snake36"]
    first = kz.render_table(view, names=NAMES)
    card_print.cache_clear()
    make_layout.cache_clear()
    assert kz.render_table(copy.deepcopy(view), names=NAMES) == first
    hand = seat_view(view, 1, DECK[:9], ["7S"])
    assert kz.render_hand(hand, names=NAMES) == kz.render_hand(copy.deepcopy(hand), names=NAMES)


def test_the_table_draws_the_public_view_only() -> None:
    # A seat's view adds its hand and marks; the table image must not change a byte.
    public = make_view(TWO, phase="play")
    image = kz.render_table(public, names=NAMES)
    for seat in (0, 1):
        mine = seat_view(public, seat, ["AS", "AH", "AD", "AC", "6S"], ["AS"])
        assert kz.render_table(mine, names=NAMES) == image
    forged = {**public, "aside_cards": ["AS"], "discards": [["6C"]], "hands": [["KS"]]}
    assert kz.render_table(forged, names=NAMES) == image
    # ... and no hand card's ink reaches the image (only spades and hearts lie on the field).
    im = png(kz.render_table(seat_view(public, 0, ["AD", "AC", "6D"]), names=NAMES))
    assert count(im, field_area(public), c.SUIT_BLUE) == 0
    assert count(im, field_area(public), c.SUIT_GREEN) == 0


def test_the_key_colours_are_distinct() -> None:
    assert len(set(KEEP)) == len(KEEP)


# ------------------------------------------------------------------- labels


def test_column_letters_and_cell_labels_follow_the_views_doc() -> None:
    assert [column_letters(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA",
    ]  # fmt: skip
    box = FieldBox(-1, -1, 4, 3)  # the doc's example: QS at (0, 0), KH at (1, 0)
    assert cell_label(1, 0, box) == "C2"
    assert cell_label(-1, -1, box) == "A1"
    assert cell_label(2, 1, box) == "D3"
    for x, y, _card, _seat in TWO:
        assert cell_label(x, y, box) == label(x, y, box_of(TWO))


def test_the_image_uses_the_views_box() -> None:
    view = make_view(TWO)
    assert view_box(view) == FieldBox(-1, -1, 4, 3)
    # A box without the cards in it is a broken view: the cards' own box is used.
    broken = {**view, "box": {"left": 5, "top": 5, "cols": 1, "rows": 1}}
    assert view_box(broken) == FieldBox(-1, -1, 4, 3)
    assert view_box(make_view()) == FieldBox(0, 0, 1, 1)
    # A sane box is the view's own even when wider than needed: buttons name cells by it.
    wide = {**view, "box": {"left": -2, "top": -1, "cols": 6, "rows": 3}}
    assert view_box(wide) == FieldBox(-2, -1, 6, 3)
    assert frontier(wide) == frontier(view)
    assert cell_box(wide, 0, 0)[0] > cell_box(view, 0, 0)[0] - layout(view).cell_w
    assert image_size(wide)[0] > image_size(view)[0] or layout(wide).mode == "stack"


def _label_crop(im: Image.Image, box: Box) -> bytes:
    return im.crop(box).tobytes()


@pytest.mark.parametrize("shape", ["two", "row36", "column36", "snake36"])
def test_every_column_and_row_is_labelled(shape: str) -> None:
    positions = line(2) if shape == "two" else SHAPES[shape]
    view = make_view(deal(positions))
    im = render(view)
    box = view_box(view)
    crops = []
    for x in range(box.left, box.left + box.cols):
        label_box = column_label_box(view, x)
        assert light(im, label_box) > 5, (shape, x)
        crops.append(_label_crop(im, label_box))
    assert len(set(crops)) == len(crops)  # A, B, C … all differ
    crops = []
    for y in range(box.top, box.top + box.rows):
        label_box = row_label_box(view, y)
        assert light(im, label_box) > 5, (shape, y)
        crops.append(_label_crop(im, label_box))
    assert len(set(crops)) == len(crops)
    # Labels sit beside the grid, never over a card.
    labels = [column_label_box(view, x) for x in range(box.left, box.left + box.cols)]
    labels += [row_label_box(view, y) for y in range(box.top, box.top + box.rows)]
    for x, y in positions:
        card = cell(view, x, y)
        for lb in labels:
            assert not (lb[0] < card[2] and card[0] < lb[2] and lb[1] < card[3] and card[1] < lb[3])


def _glyph_mask(text: str, size: tuple[int, int], font_size: int) -> Image.Image:
    im = Image.new("L", size, 0)
    ImageDraw.Draw(im).text((size[0] / 2, size[1] / 2), text, font=c.font(font_size, bold=True),
                            fill=255, anchor="mm")  # fmt: skip
    return im.point(lambda v: 255 * (v > 127))


def _mismatch(a: Image.Image, b: Image.Image) -> int:
    """Pixels set in one mask and not the other, after aligning their ink boxes."""
    ba, bb = a.getbbox(), b.getbbox()
    if ba is None or bb is None:
        return a.width * a.height
    a, b = a.crop(ba), b.crop(bb)
    w, h = max(a.width, b.width), max(a.height, b.height)
    pa, pb = Image.new("L", (w, h), 0), Image.new("L", (w, h), 0)
    pa.paste(a)
    pb.paste(b)
    return sum(1 for v in ImageChops.difference(pa, pb).tobytes() if v)


def reads_as(mask: Image.Image, candidates: Iterable[str], font_size: int) -> str:
    """Which of ``candidates`` (drawn in bold at ``font_size``) ``mask`` looks most like."""
    scores = {t: _mismatch(mask, _glyph_mask(t, mask.size, font_size)) for t in candidates}
    return min(scores, key=lambda t: scores[t])


def test_column_labels_read_as_the_letters_of_the_box() -> None:
    # Each drawn label matches the letters cell_label gives for that column
    # better than any other column's letters.
    view = make_view(deal(line(28)))
    im = render(view)
    lay = layout(view)
    box = view_box(view)
    wanted = {x: column_letters(x - box.left) for x in (-1, 0, 1, 25, 26)}
    assert wanted[26] == "AB"
    for x, text in wanted.items():
        x0, y0, x1, y1 = column_label_box(view, x)
        drawn = im.crop((x0, y0, x1, y1)).convert("L").point(lambda v: 255 * (v > 150))
        size = c.fit_font(text, x1 - x0 - 2, lay.label_size, bold=True, min_size=6).size
        scores = {t: _mismatch(drawn, _glyph_mask(t, drawn.size, size)) for t in wanted.values()}
        assert min(scores, key=lambda t: scores[t]) == text, scores


def test_row_labels_read_as_the_numbers_of_the_box() -> None:
    view = make_view(deal(line(12, vertical=True)))
    im = render(view)
    lay = layout(view)
    box = view_box(view)
    wanted = {y: str(y - box.top + 1) for y in (-1, 0, 1, 8, 9, 10)}
    assert wanted[-1] == "1" and wanted[10] == "12"
    for y, text in wanted.items():
        x0, y0, x1, y1 = row_label_box(view, y)
        drawn = im.crop((x0, y0, x1, y1)).convert("L").point(lambda v: 255 * (v > 150))
        scores = {
            t: _mismatch(drawn, _glyph_mask(t, drawn.size, lay.label_size)) for t in wanted.values()
        }
        assert min(scores, key=lambda t: scores[t]) == text, scores


# ----------------------------------------------------------------- frontier


def test_frontier_is_the_free_cells_next_to_cards() -> None:
    box = FieldBox(-1, -1, 4, 3)
    assert frontier_of([(0, 0), (1, 0)], box) == [(0, -1), (1, -1), (-1, 0), (2, 0), (0, 1),
                                                      (1, 1)]  # fmt: skip
    assert frontier(make_view()) == [(0, 0)]
    assert frontier(make_view(TWO)) == frontier_of([(0, 0), (1, 0)], box)


def test_free_cells_next_to_cards_are_slots_and_other_free_cells_are_not() -> None:
    view = make_view(deal([(0, 0), (1, 0), (1, 1)]), last=[])
    im = render(view)
    box = view_box(view)
    free = set(frontier(view))
    assert free == {(0, -1), (1, -1), (-1, 0), (2, 0), (0, 1), (2, 1), (1, 2)}
    for y in range(box.top, box.top + box.rows):
        for x in range(box.left, box.left + box.cols):
            slot = count(im, cell(view, x, y), SLOT)
            if (x, y) in free:
                assert slot > 100, (x, y)
            else:
                assert slot == 0, (x, y)


def test_slots_carry_their_cell_label() -> None:
    view = make_view(TWO)
    im = render(view)
    # Same outline, other label: the two slots differ inside, so each names its cell.
    a, b = cell(view, 0, -1), cell(view, 1, -1)
    assert im.crop(a).tobytes() != im.crop(b).tobytes()
    middle = (a[0] + 10, (a[1] + a[3]) // 2 - 8, a[2] - 10, (a[1] + a[3]) // 2 + 8)
    assert count(im, middle, SLOT) > 40


def test_the_empty_field_shows_the_single_slot_a1() -> None:
    view = make_view(phase="announce", turn=0)
    im = render(view)
    assert view_box(view) == FieldBox(0, 0, 1, 1)
    assert count(im, cell(view, 0, 0), SLOT) > 200
    assert count(im, field_area(view), c.PAPER) == 0  # no card


# -------------------------------------------------------------------- cards


def test_each_card_shows_its_suit_ink_and_no_other() -> None:
    view = make_view(ALL_SUITS, last=[])
    im = render(view)
    for x, _y, code, _seat in ALL_SUITS:
        box = rank_box(view, x, 0)
        for suit, ink in INKS.items():
            n = count(im, box, ink)
            if suit == code[-1]:
                assert n > 300, (code, n)
            elif ink != c.INK:  # ink also draws every card's outline
                assert n == 0, (code, suit, n)


def test_red_and_black_differ_beyond_colour() -> None:
    # A colour-blind reader still tells suits apart: the symbols differ in shape.
    masks = [
        card_print(code, None, 100, 136).getchannel("A").point(lambda v: 255 * (v > 127))
        for code in ("9S", "9H", "9D", "9C")
    ]
    for i, a in enumerate(masks):
        for b in masks[i + 1 :]:
            assert ImageChops.difference(a, b).getbbox() is not None


def test_each_card_has_a_stripe_in_its_seats_colour_with_the_number() -> None:
    cells = [(i, 0, DECK[i], i) for i in range(4)]
    view = make_view(cells, seats=4, last=[])
    im = render(view)
    for x, _y, _code, seat in cells:
        stripe = stripe_box(view, x, 0)
        for other in range(4):
            n = count(im, stripe, seat_colour(other))
            assert (n > 0.4 * area(stripe)) == (other == seat), (x, other, n)
    assert seat_colour(0) != seat_colour(1)
    assert set(map(seat_colour, range(4))) <= set(c.KEY_COLOURS)
    assert not set(map(seat_colour, range(4))) & {c.SUIT_RED, c.SUIT_BLUE, c.SUIT_GREEN}


@pytest.mark.parametrize("size", [(100, 120), (28, 41), (46, 26)])
def test_the_stripe_carries_the_seat_number(size: tuple[int, int]) -> None:
    # Colour is never the only cue: each seat's stripe shows its own digit.
    w, h = size
    spec = print_spec(w, h, True)
    region = (0, 0, spec.stripe, h) if spec.landscape else (0, h - spec.stripe, w, h)
    masks = []
    for seat in range(4):
        colour = seat_colour(seat)
        sprite = card_print("6S", seat, w, h)
        flat = Image.new("RGB", (w, h), colour)
        flat.paste(sprite, (0, 0), sprite)
        pixels = flat.crop(region).tobytes()
        # Off-colour pixels in the stripe: its edge line and the digit.
        digit = tuple(
            max(abs(pixels[i + k] - colour[k]) for k in range(3)) > 60
            for i in range(0, len(pixels), 3)
        )
        masks.append(digit)
    # Without a digit the four masks would be the same edge line.
    assert len(set(masks)) == 4


def test_figures_are_on_warm_paper() -> None:
    cells = [(0, 0, "JS", 0), (1, 0, "10S", 1), (2, 0, "AH", 0), (3, 0, "6D", 1)]
    view = make_view(cells, last=[])
    im = render(view)
    for x, _y, code, _seat in cells:
        box = rank_box(view, x, 0)
        tinted = count(im, box, c.CARD_TINT) > 0.3 * area(box)
        assert tinted == (code[0] in "JQKA"), code


def test_unknown_card_codes_still_draw_a_card() -> None:
    cells = [(0, 0, "ZZ", 0), (1, 0, "", 1), (2, 0, "1H", 0)]
    im = render(make_view(cells, last=[]))
    view = make_view(cells, last=[])
    for x in range(3):
        assert count(im, cell(view, x, 0), c.PAPER) > 0.3 * area(cell(view, x, 0))


# ------------------------------------------------------------- big fields


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_big_fields_fit_without_clipping_and_stay_readable(shape: str) -> None:
    positions = SHAPES[shape]
    view = make_view(deal(positions, 4), seats=4)
    lay = layout(view)
    im = render(view)
    assert im.size == (lay.width, lay.height)
    assert lay.width <= MAX_W and lay.height <= MAX_H
    fx0, fy0, fx1, fy1 = lay.field
    boxes = []
    for x, y in positions:
        x0, y0, x1, y1 = cell(view, x, y)
        assert fx0 <= x0 < x1 <= fx1 and fy0 <= y0 < y1 <= fy1, (shape, x, y)
        boxes.append((x0, y0, x1, y1))
    # No two cards overlap, and no card reaches the panel.
    ordered = sorted(boxes)
    for a, b in itertools.pairwise(ordered):
        assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])
    for panel in lay.panel_rows:
        for b in boxes:
            assert not (b[0] < panel[2] and panel[0] < b[2] and b[1] < panel[3] and panel[1] < b[3])
    # Every card is drawn: its suit's ink shows in its print area.
    for (x, y), (_x, _y, code, _seat) in zip(positions, deal(positions, 4), strict=True):
        ink = INKS[code[-1]]
        assert count(im, rank_box(view, x, y), ink) > 12, (shape, code)
    # The rank stays readable (at full size): at least a 14 px font.
    w, h = boxes[0][2] - boxes[0][0], boxes[0][3] - boxes[0][1]
    assert print_spec(w, h, True).rank >= 14, (shape, w, h)


def test_a_long_column_gets_wide_cells_with_rank_and_suit_side_by_side() -> None:
    tall = layout(make_view(deal(line(36, vertical=True))))
    assert tall.cell_w > tall.cell_h
    x0, y0, x1, y1 = cell_box(make_view(deal(line(36, vertical=True))), 0, 0)
    assert print_spec(x1 - x0, y1 - y0, True).landscape
    # A small field keeps upright cards.
    small = layout(make_view(TWO))
    assert small.cell_h > small.cell_w and small.cell_w == CELL_MAX


def test_corrupt_huge_boxes_render_without_clipping() -> None:
    cells = [(0, 0, "6S", 0), (70, 70, "7S", 1)]
    view = make_view(cells)
    im = render(view)
    for x, y, _code, _seat in cells:
        x0, y0, x1, y1 = cell(view, x, y)
        assert x0 >= 0 and y0 >= 0 and x1 <= im.width and y1 <= im.height


# ---------------------------------------------------------------- last move


def highlight_in(im: Image.Image, view: dict[str, Any], x: int, y: int) -> int:
    return ring(im, view, x, y, c.HIGHLIGHT)


def test_a_one_card_move_frames_that_card_only() -> None:
    positions = snake(12)
    view = make_view(deal(positions), last=[positions[5]], last_seat=1)
    im = render(view)
    box = view_box(view)
    for y in range(box.top, box.top + box.rows):
        for x in range(box.left, box.left + box.cols):
            n = highlight_in(im, view, x, y)
            if (x, y) == positions[5]:
                assert n > 0.5 * (area(pitch(view, x, y)) - area(cell(view, x, y))), n
            else:
                assert n == 0, (x, y, n)


def test_a_two_card_move_frames_both_and_numbers_them() -> None:
    positions = snake(12)
    first, second = positions[10], positions[11]
    view = make_view(deal(positions), last=[first, second], last_seat=0)
    im = render(view)
    lay, box = layout(view), view_box(view)
    for xy in (first, second):
        assert highlight_in(im, view, *xy) > 200
    others = [p for p in positions if p not in (first, second)]
    tags = [tag_box(lay, box, first), tag_box(lay, box, second)]
    for p in others:
        inner = grow(cell(view, *p), -4)
        clear = all(not (t[0] < inner[2] and inner[0] < t[2] and t[1] < inner[3]
                         and inner[1] < t[3]) for t in tags)  # fmt: skip
        if clear:
            assert highlight_in(im, view, *p) == 0, p
    for tag, digit in zip(tags, "12", strict=True):
        assert count(im, tag, c.HIGHLIGHT) > 0.4 * area(tag)
        # The tag reads "1" on the first card and "2" on the second (white on magenta).
        inner = grow(tag, -((tag[2] - tag[0]) // 6))  # inside the white rim
        white = im.crop(inner).convert("L").point(lambda v: 255 * (v > 200))
        assert reads_as(white, "12", round((tag[2] - tag[0]) * 0.72)) == digit
    single = render(make_view(deal(positions), last=[second], last_seat=0))
    assert count(single, tags[1], c.HIGHLIGHT) < count(im, tags[1], c.HIGHLIGHT) * 0.5


def test_order_tags_never_cover_a_rank() -> None:
    view = make_view(deal(block(4)), last=[(1, 1), (2, 1)], last_seat=0)
    lay, box = layout(view), view_box(view)
    for xy in ((1, 1), (2, 1)):
        t = tag_box(lay, box, xy)
        for x, y in block(4):
            r = rank_box(view, x, y)
            # The print sits in the middle of the card; the tag only on the corners.
            middle = grow(r, -round((r[2] - r[0]) * 0.12))
            assert not (t[0] < middle[2] and middle[0] < t[2] and t[1] < middle[3]
                        and middle[1] < t[3]) or (x, y) == xy, (xy, x, y)  # fmt: skip


def test_a_pass_is_shown_in_the_status_with_the_movers_chip() -> None:
    cells = deal([(0, 0), (1, 0), (1, 1)])
    passed = make_view(cells, last_kind="pass", last_seat=0, turn=1)
    placed = make_view(cells, last=[(1, 1)], turn=1)
    a, b = render(passed), render(placed)
    for x, y, _code, _seat in cells:
        assert highlight_in(a, passed, x, y) == 0
    assert highlight_in(b, placed, 1, 1) > 200
    status = status_box(passed)
    assert status_box(placed) == status
    # The pass: the mover's chip (seat 1 is blue) and an ink dash, no highlight.
    assert count(a, status, seat_colour(0)) > 300
    assert count(a, status, c.HIGHLIGHT) == 0
    # A placement names the cell in the highlight colour.
    assert count(b, status, c.HIGHLIGHT) > 100
    assert a.crop(status).tobytes() != b.crop(status).tobytes()


def test_the_status_names_the_last_cells_with_their_labels() -> None:
    # Same move, other box position: the label text differs, so the status does.
    cells = deal([(0, 0), (1, 0)])
    a = make_view(cells, last=[(1, 0)])
    more = deal([(0, 0), (1, 0), (-1, 0)])
    b = make_view(more, last=[(1, 0)], last_seat=1)
    assert label(1, 0, a["box"]) == "C2" and label(1, 0, b["box"]) == "D2"
    sa, sb = render(a).crop(status_box(a)), render(b).crop(status_box(b))
    assert sa.tobytes() != sb.tobytes()


def test_no_last_move_no_highlight() -> None:
    view = make_view(TWO, last=[])
    assert view["last"] is None
    im = render(view)
    box = view_box(view)
    for y in range(box.top, box.top + box.rows):
        for x in range(box.left, box.left + box.cols):
            assert highlight_in(im, view, x, y) == 0
    assert count(im, status_box(view), c.HIGHLIGHT) == 0


def test_a_pending_first_card_is_marked_in_the_turn_colour_with_its_free_neighbours() -> None:
    positions = [(0, 0), (1, 0), (1, 1), (2, 1)]
    cells = deal(positions)
    # As the engine leaves it: the defender's first card is the newest, "last" is that card.
    view = make_view(cells, pending=True, turn=1, last=[(2, 1)], last_seat=1, last_kind="two")
    im = render(view)
    assert count(im, pitch(view, 2, 1), c.TURN_MARK) > 200
    assert highlight_in(im, view, 2, 1) == 0
    second = {(3, 1), (2, 2), (2, 0)}  # (1, 1) holds a card
    for xy in frontier(view):
        n = count(im, cell(view, *xy), c.TURN_MARK)
        assert (n > 100) == (xy in second), (xy, n)
    for xy in positions[:-1]:
        assert count(im, cell(view, *xy), c.TURN_MARK) == 0
    # The defender's row says "one of two cards": turn-colour pixels right of the name.
    quiet = render({**view, "pending": False})
    _x0, y0, x1, _y1 = panel_row_box(view, 1)
    right = (x1 - 150, y0, x1, y0 + 60)
    assert count(im, right, c.TURN_MARK) > 100
    assert count(quiet, right, c.TURN_MARK) == 0


# ------------------------------------------------------------ scored windows


def window(cells: Sequence[tuple[int, int]], *, new: bool, own_goal: bool = False,
           seat: int = 1) -> dict[str, Any]:  # fmt: skip
    return {"cells": [list(p) for p in cells], "new": new, "seat": seat, "own_goal": own_goal}


def gap_points(view: dict[str, Any], cells: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Points on the line between neighbouring cells' centres, in the felt between cards."""
    out = []
    for a, b in itertools.pairwise(cells):
        ca, cb = cell_centre(view, *a), cell_centre(view, *b)
        out.append((round((ca[0] + cb[0]) / 2), round((ca[1] + cb[1]) / 2)))
    return out


ROW4 = [(0, 0), (1, 0), (2, 0), (3, 0)]
DIAG4 = [(0, 0), (1, 1), (2, 2), (3, 3)]


@pytest.mark.parametrize("cells", [ROW4, DIAG4], ids=["row", "diagonal"])
def test_a_new_window_has_a_strong_line_and_an_old_one_a_faint_one(
    cells: list[tuple[int, int]],
) -> None:
    field = deal(block(4))
    new = make_view(field, scored=[window(cells, new=True)], last=[])
    old = make_view(field, scored=[window(cells, new=False)], last=[])
    none = make_view(field, last=[])
    a, b, z = render(new), render(old), render(none)
    for x, y in gap_points(new, cells):
        assert a.getpixel((x, y)) == c.HIGHLIGHT, (x, y)
        assert b.getpixel((x, y)) == OLD_LINE, (x, y)
        assert z.getpixel((x, y)) not in (c.HIGHLIGHT, OLD_LINE)
    whole = field_area(new)
    strong, faint = count(a, whole, c.HIGHLIGHT), count(b, whole, OLD_LINE)
    assert strong > 1.6 * faint > 0
    assert count(b, whole, c.HIGHLIGHT) == 0 and count(z, whole, OLD_LINE) == 0


def test_a_window_line_runs_under_the_print() -> None:
    # The rank and suit stay whole where a line crosses them.
    cells = [(0, 0), (0, 1), (0, 2), (0, 3)]  # a column: the line crosses every rank
    field = deal(block(4))
    lined = render(make_view(field, scored=[window(cells, new=True)], last=[]))
    plain = render(make_view(field, last=[]))
    view = make_view(field, last=[])
    for (x, y), (_x, _y, code, _s) in zip(block(4), field, strict=True):
        if (x, y) in cells:
            ink = INKS[code[-1]]
            box = rank_box(view, x, y)
            assert count(lined, box, ink) >= 0.97 * count(plain, box, ink), code


def test_own_goals_are_dashed() -> None:
    field = deal(block(4))
    solid = render(make_view(field, scored=[window(ROW4, new=True)], last=[]))
    dashed_view = make_view(field, scored=[window(ROW4, new=True, own_goal=True)], last=[])
    dashed = render(dashed_view)
    whole = field_area(dashed_view)
    assert count(dashed, whole, c.HIGHLIGHT) < 0.85 * count(solid, whole, c.HIGHLIGHT)
    # Along the line some felt or paper shows between dashes.
    a, b = cell_centre(dashed_view, 0, 0), cell_centre(dashed_view, 3, 0)
    y = round(a[1])
    row = [dashed.getpixel((x, y)) for x in range(round(a[0]), round(b[0]))]
    runs = sum(1 for p, q in itertools.pairwise(row) if p != c.HIGHLIGHT == q)
    assert runs >= 3
    old = render(make_view(field, scored=[window(ROW4, new=False, own_goal=True)], last=[]))
    assert (
        0
        < count(old, whole, OLD_LINE)
        < count(
            render(make_view(field, scored=[window(ROW4, new=False)], last=[])), whole, OLD_LINE
        )
    )


# -------------------------------------------------------------------- panel


@pytest.mark.parametrize(("seats", "turn"), [(2, 0), (3, 2), (4, 3)])
def test_the_turn_marker_is_on_the_player_to_move_only(seats: int, turn: int) -> None:
    view = make_view(deal(snake(8), seats), seats=seats, turn=turn)
    im = render(view)
    for seat in range(seats):
        n = count(im, marker_column(view, seat), c.TURN_MARK)
        assert (n > 500) == (seat == turn), (seat, n)


def test_roles_are_a_sword_or_a_shield() -> None:
    for seats in (2, 3, 4):
        view = make_view(TWO, seats=seats)
        im = render(view)
        for seat, role in enumerate(view["roles"]):
            icon = role_box(view, seat)
            steel, shield = count(im, icon, STEEL), count(im, icon, SHIELD)
            if role == "attack":
                assert steel > 40 and shield == 0, (seats, seat)
            else:
                assert shield > 150 and steel == 0, (seats, seat)
    # The two icons differ in shape, not only in colour.
    sword = role_icon("attack", 48).getchannel("A").point(lambda v: 255 * (v > 127))
    shield = role_icon("defend", 48).getchannel("A").point(lambda v: 255 * (v > 127))
    differ = sum(1 for v in ImageChops.difference(sword, shield).tobytes() if v)
    assert differ > 600


def test_counts_and_scores_change_their_own_row_only() -> None:
    base = make_view(TWO, seats=3, hand_sizes=[9, 8, 8], tour_points=[0, 1, 1],
                     scores=[2, 3, 3])  # fmt: skip
    a = render(base)
    for key, value in (("hand_sizes", [9, 7, 8]), ("tour_points", [0, 2, 1]),
                       ("scores", [2, 4, 3])):  # fmt: skip
        b = render({**base, key: value})
        for seat in range(3):
            row = panel_row_box(base, seat)
            assert differs(a, b, row) == (seat == 1), (key, seat)


def test_the_status_shows_tour_and_cards_set_aside() -> None:
    view = make_view(TWO)
    a = render(view)
    status = status_box(view)
    for key, value in (("tour", 2), ("aside", 12), ("tours", 4)):
        b = render({**view, key: value})
        assert differs(a, b, status), key
        assert not differs(a, b, field_area(view)), key


def test_exchange_shows_each_announcement_or_a_question_mark_and_ticks_when_done() -> None:
    view = make_view(seats=4, phase="discard", turn=2,
                     exchange={"max": 3, "announced": [2, 0, 3, None],
                               "done": [True, True, False, False]})  # fmt: skip
    im = render(view)
    for seat, done in enumerate([True, True, False, False]):
        assert (count(im, line2_right(view, seat), c.GREEN) > 40) == done, seat
    # Each row reads its own announcement: 2, 0, 3 and "?".
    for seat, wanted in enumerate("203?"):
        _x0, y0, x1, _y1 = panel_row_box(view, seat)
        cy = y0 + ROW_LINE2
        digit = im.crop((x1 - 78, cy - 20, x1 - 50, cy + 20)).convert("L")
        assert reads_as(digit.point(lambda v: 255 * (v < 140)), "0123?", 34) == wanted, seat
    # Out of the exchange: no marks at all, and the status drops the exchange option.
    play = render(make_view(TWO, seats=4))
    for seat in range(4):
        assert count(play, line2_right(view, seat), c.GREEN) == 0
    status = status_box(view)
    assert count(im, status, c.TURN_MARK) > 60
    assert count(play, status_box(make_view(TWO, seats=4)), c.TURN_MARK) < 20


def test_the_end_of_the_match_stars_the_winners() -> None:
    view = make_view(deal(snake(16), 4), seats=4, over=True, phase="over", turn=None,
                     winners=[1, 3], scores=[3, 5, 3, 5])  # fmt: skip
    im = render(view)
    for seat in range(4):
        assert (count(im, marker_column(view, seat), c.GOLD) > 200) == (seat in (1, 3)), seat
        assert count(im, marker_column(view, seat), c.TURN_MARK) == 0
    assert count(im, status_box(view), c.GOLD) > 200
    running = render({**view, "over": False, "phase": "play", "turn": 0})
    assert count(running, status_box(view), c.GOLD) == 0


@pytest.mark.parametrize(
    "names",
    [
        ["", "   ", "\n", "\t"],
        ["😀" * 40, "🦔🦔🦔", "👨\u200d👩\u200d👧", "Zoë"],
        ["Константин Константинович Константинопольский-Рождественский", "x" * 300, "李小龙", "W"],
        ["a\u200d\u200db\x00\n\tc", "\ufe0f", "\u202eRTL", "WWWWWWWWWWWWWWWWWWWWWWWW"],
        ["Only one name"],
        [],
    ],
)
def test_long_and_odd_names_stay_in_their_row(names: list[str]) -> None:
    view = make_view(TWO, seats=4, over=True, phase="over", turn=None, winners=[0, 1, 2, 3])
    im = render(view, names)
    assert im.size == image_size(view)
    # The name never runs into the next row or past the image: each row's bottom
    # line is intact.
    for seat in range(4):
        x0, _y0, x1, y1 = panel_row_box(view, seat)
        assert count(im, (x0 + 60, y1 - 1, x1, y1), c.FAINT) == x1 - x0 - 60
    running = make_view(TWO, seats=4)
    assert render(running, names).size == image_size(running)


def test_name_widths_are_fitted() -> None:
    wide = ["W" * 60, "Bob", "Ann", "Eve"]
    view = make_view(TWO, seats=4)
    im = render(view, wide)
    _x0, y0, x1, _y1 = panel_row_box(view, 0)
    # The ellipsized name ends before the row's right edge.
    strip = (x1 - 10, y0 + 10, x1, y0 + 54)
    assert count(im, strip, c.INK) == 0


@pytest.mark.parametrize(
    "view",
    [
        {},
        {"game": "krendzu"},
        {"seats": 0, "cells": None, "box": None},
        {"seats": 99, "box": {"left": 0, "top": 0, "cols": 10**6, "rows": -3}},
        {"seats": "3", "cells": "A1", "scored": 5, "last": [], "exchange": 7},
        {
            "seats": 3,
            "cells": [
                None,
                7,
                {"x": "1", "y": 0, "card": "QS"},
                {"x": 0, "y": 0, "card": 5},
                {"x": True, "y": 1, "card": "KH", "seat": 9},
                {"x": 1, "y": 0, "card": "KH", "seat": -1},
            ],
            "box": {"left": "a"},
            "roles": ["attack", "sword"],
            "turn": 99,
            "pending": True,
            "exchange": {"max": -1, "announced": ["x", None], "done": "yes"},
            "last": {"seat": "me", "kind": "teleport", "cells": [[9, 9], "x", [0]]},
            "scored": [
                {"cells": [[0, 0]]},
                {"cells": "no"},
                None,
                {"cells": [[0, 0], [1, 0], [50, 0], [51, 0]], "new": True},
            ],
            "hand_sizes": None,
            "scores": [10**12, "x"],
            "winners": "nobody",
            "over": "yes",
        },
        {"seats": 2, "cells": [{"x": 0, "y": 0, "card": "6S", "seat": 0}] * 3},
        {"seats": 4, "cells": [{"x": i, "y": -i, "card": "6S", "seat": 0} for i in range(300)]},
    ],
)
def test_malformed_views_still_render(view: dict[str, Any]) -> None:
    im = render(view, ["a", "b", "c"])
    assert 300 <= im.width <= 2 * MAX_W
    assert 300 <= im.height <= 2 * MAX_H


# --------------------------------------------------------------------- hand

HAND15 = ["6S", "QS", "AS", "7H", "10H", "KH", "8D", "9D", "JD", "AC", "6C", "7C", "8C", "9C",
          "10C"]  # fmt: skip
DISCARD = make_view(
    seats=3,
    phase="discard",
    turn=0,
    exchange={"max": 3, "announced": [2, 0, None], "done": [False, True, False]},
)


@pytest.mark.parametrize("size", [0, 1, 4, 6, 7, 12, 13, 15, 18])
def test_hands_of_any_size_fit_in_at_most_three_rows(size: int) -> None:
    hand = DECK[:size]
    data = kz.render_hand(seat_view(make_view(TWO), 0, hand), names=NAMES)
    im = png(data)
    assert im.size == hand_size(size)
    assert len(data) <= MAX_PNG
    boxes = [hand_card_box(i, size) for i in range(size)]
    assert len({b[1] for b in boxes}) <= 3
    for code, (x0, y0, x1, y1) in zip(hand, boxes, strict=True):
        assert x0 >= 0 and y0 > HAND_HEADER_H and x1 <= im.width and y1 <= im.height
        assert count(im, (x0, y0, x1, y1), INKS[code[-1]]) > 300, code
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])
    if size:
        assert boxes[0][2] - boxes[0][0] >= 100  # large, even with 18 cards


def test_hand_cards_keep_the_views_order() -> None:
    hand = ["10C", "6S", "AH"]
    im = hand_image(seat_view(make_view(), 0, hand))
    for i, code in enumerate(hand):
        assert count(im, hand_card_box(i, 3), INKS[code[-1]]) > 300, code


def test_marked_cards_are_raised_framed_and_ticked() -> None:
    marked = ["QS", "8D"]
    view = seat_view(DISCARD, 0, HAND15, marked)
    im = hand_image(view)
    n = len(HAND15)
    assert im.size == hand_size(n, marking=True)
    for i, code in enumerate(HAND15):
        lifted = hand_card_box(i, n, marking=True, raised=True)
        resting = hand_card_box(i, n, marking=True)
        assert lifted[1] < resting[1]
        tick = tick_box(i, n)
        above = (lifted[0], lifted[1], lifted[2], resting[1])  # only a raised card reaches here
        if code in marked:
            assert count(im, above, c.GREEN) > 2 * (lifted[2] - lifted[0]), code
            assert count(im, lifted, c.GREEN) > 400, code
            assert count(im, tick, c.GREEN) > 0.2 * area(tick), code
            assert count(im, lifted, INKS[code[-1]]) > 300
        else:
            assert count(im, resting, c.GREEN) == 0 if code[-1] != "C" else True
            assert count(im, tick, c.GREEN) == 0, code
            assert count(im, above, c.INK) == 0, code
            assert count(im, resting, INKS[code[-1]]) > 300


def test_the_hand_shows_the_discard_count_while_marking() -> None:
    header = (400, 0, HAND_W, HAND_HEADER_H)
    one = hand_image(seat_view(DISCARD, 0, HAND15, ["QS"]))
    two = hand_image(seat_view(DISCARD, 0, HAND15, ["QS", "8D"]))
    assert one.crop(header).tobytes() != two.crop(header).tobytes()
    assert count(two, header, c.GREEN) > 100  # all marked: the count turns green
    assert count(one, header, c.GREEN) == 0
    # Not this seat's discard: no count, no room for raised cards.
    done = {**DISCARD, "exchange": {"max": 3, "announced": [2, 0, None],
                                    "done": [True, True, False]}}  # fmt: skip
    im = hand_image(seat_view(done, 0, HAND15))
    assert im.size == hand_size(len(HAND15))
    assert count(im, header, c.TURN_MARK) == 0
    assert count(two, header, c.TURN_MARK) > 60


def test_the_hand_header_has_the_role_and_the_tour() -> None:
    view = make_view(TWO)
    defend = hand_image(seat_view(view, 0, DECK[:5]))
    attack = hand_image(seat_view(view, 1, DECK[:5]))
    header = (0, 0, 300, HAND_HEADER_H)
    assert count(defend, header, SHIELD) > 150 and count(defend, header, STEEL) == 0
    assert count(attack, header, STEEL) > 40 and count(attack, header, SHIELD) == 0
    later = hand_image(seat_view({**view, "tour": 2}, 0, DECK[:5]))
    right = (HAND_W - 200, 0, HAND_W, HAND_HEADER_H)
    assert later.crop(right).tobytes() != defend.crop(right).tobytes()


def test_hand_key_changes_exactly_when_the_hand_image_does() -> None:
    base = seat_view(DISCARD, 0, HAND15, ["QS"])

    def key(view: dict[str, Any]) -> str:
        return kz.hand_key(view, names=NAMES)

    def image(view: dict[str, Any]) -> bytes:
        return kz.render_hand(view, names=NAMES)

    changed = [
        {**base, "hand": HAND15[:-1]},
        {**base, "hand": list(reversed(HAND15))},
        {**base, "marked": ["QS", "8D"]},
        {**base, "marked": ["8D"]},  # as many marks, another card
        {**base, "marked": []},
        {**base, "roles": ["attack", "defend", "attack"]},
        {**base, "tour": 2},
        {**base, "tours": 6},
        {**base, "you": 1, "roles": ["defend", "defend", "attack"]},
        {**base, "exchange": {"max": 3, "announced": [3, 0, None], "done": [False, True, False]}},
        {**base, "phase": "play", "marked": []},
    ]
    for view in changed:
        assert key(view) != key(base)
        assert image(view) != image(base)
    same = [
        {**base, "turn": 2},
        {
            **base,
            "cells": [{"x": 0, "y": 0, "card": "6D", "seat": 1}],
            "box": {"left": -1, "top": -1, "cols": 3, "rows": 3},
        },
        {**base, "scores": [5, 5, 5], "tour_points": [1, 1, 1], "hand_sizes": [1, 2, 3]},
        {**base, "exchange": {"max": 3, "announced": [2, 1, 3], "done": [False, True, True]}},
        {**base, "aside": 3, "last": {"seat": 1, "kind": "pass", "cells": [], "labels": []}},
        {**base, "marked": ["QS", "QS"]},
        copy.deepcopy(base),
    ]
    for view in same:
        assert key(view) == key(base)
        assert image(view) == image(base)
    # Another name is another image.
    assert kz.hand_key(base, names=["Zed", *NAMES[1:]]) != key(base)


# ------------------------------------------------------------- real games


def test_real_playouts_render_and_hand_keys_hold() -> None:
    from games import registry as games

    game = games.get("krendzu")
    for seats, seed in ((2, 1), (3, 2), (4, 3)):
        state = game.new_game(seats, None, seed=seed)
        rng = random.Random(seed)
        seen: dict[tuple[int, str], bytes] = {}
        for step in range(400):
            if game.is_over(state):
                break
            view = game.view(state, None)
            if step % 7 == 0 or view["pending"]:
                im = png(kz.render_table(view, names=NAMES))
                assert im.size == image_size(view)
                assert view_box(view) == FieldBox(**view["box"])
                for item in view["cells"]:
                    x0, y0, x1, y1 = cell_box(view, item["x"], item["y"])
                    assert x0 >= 0 and y0 >= 0 and x1 <= im.width and y1 <= im.height
            for seat in range(seats):
                mine = game.view(state, seat)
                key = (seat, kz.hand_key(mine, names=NAMES))
                if key not in seen or step % 5 == 0:
                    data = kz.render_hand(mine, names=NAMES)
                    assert seen.setdefault(key, data) == data
            mover = game.to_move(state)[0]
            state = game.apply(state, mover, rng.choice(game.legal_actions(state, mover)))
        final = game.view(state, None)
        assert png(kz.render_table(final, names=NAMES)).size == image_size(final)
