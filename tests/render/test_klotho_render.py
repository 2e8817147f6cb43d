"""Klotho / Prospector images, driven by hand-written views that follow docs/views.md exactly.

The rules engine is not imported: a renderer must work from a view alone.
Pixel checks use palette colours, which survive PNG encoding exactly.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import Image, ImageChops

from render import common as c
from render import klotho, registry
from tests.render.helpers import count, png

MAX_PNG = 150 * 1024
DECK = [rank + suit for suit in "SHDC" for rank in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")]
NAMES8 = [
    "Алексей Константинопольский",
    "Bob",
    "Ёжик 🦔 в тумане",
    "Мария-Антуанетта фон Шлезвиг-Гольштейн-Зондербург",
    "👨\u200d👩\u200d👧 family",
    "Zoë",
    "李小龙",
    "x" * 80,
]
Box = tuple[int, int, int, int]


def grid_for(seats: int) -> tuple[int, int]:
    return (5, 5) if seats >= 7 else (4, 5) if seats >= 5 else (4, 4)


def name_of(row: int, col: int) -> str:
    return f"{'ABCDE'[col]}{row + 1}"


def make_view(
    seats: int,
    cards: dict[str, str] | None = None,
    chips: dict[str, int] | None = None,
    **kw: Any,
) -> dict[str, Any]:
    """A Klotho view shaped exactly as in docs/views.md; ``cards`` and ``chips`` by cell name."""
    rows, cols = grid_for(seats)
    cards = cards or {}
    chips = chips or {}
    dealer = kw.pop("dealer", 0)
    view: dict[str, Any] = {
        "game": "klotho",
        "seats": seats,
        "rows": rows,
        "cols": cols,
        "cells": [
            {
                "cell": name_of(r, k),
                "card": cards.get(name_of(r, k)),
                "chip": chips.get(name_of(r, k)),
            }
            for r in range(rows)
            for k in range(cols)
        ],
        "tour": 1,
        "tours": seats,
        "dealer": dealer,
        "order": [(dealer + 1 + i) % seats for i in range(seats)],
        "phase": "main" if chips else "placement",
        "turn": (dealer + 1) % seats,
        "stock": 36 - rows * cols,
        "discard": 0,
        "scores": [0] * seats,
        "halves": [0] * seats,
        "last": None,
        "triplet": None,
        "vote": None,
        "cooldown": [0] * seats,
        "over": False,
        "winners": [],
        "events": [],
    }
    view.update(kw)
    if view["over"]:
        view["turn"] = None
        view["phase"] = "over"
    return view


def full_cards(seats: int, *, skip_every: int = 0) -> dict[str, str]:
    """Every cell face up (or every ``skip_every``-th left face down), distinct cards."""
    rows, cols = grid_for(seats)
    out = {}
    for i in range(rows * cols):
        if skip_every and i % skip_every == skip_every - 1:
            continue
        out[name_of(*divmod(i, cols))] = DECK[(i * 7) % 36]
    return out


def busy_view(seats: int) -> dict[str, Any]:
    """Late in a tour: most cards up, every chip out, a vote open, half victories."""
    rows, cols = grid_for(seats)
    chips = {name_of(*divmod((i * 3) % (rows * cols), cols)): i for i in range(seats)}
    cards = full_cards(seats, skip_every=4)
    cards.update({name: "QH" for name in chips if name not in cards})  # chips stand on cards up
    return make_view(
        seats,
        cards,
        chips,
        tour=seats + 1,
        scores=[3 * i + 1 for i in range(seats)],
        halves=[i % 2 for i in range(seats)],
        last={"cell": next(iter(chips)), "seat": 0, "kind": "move"},
        vote={"proposer": 1, "yes": [1, 0], "voters": list(range(seats))},
        stock=2,
        discard=5,
    )


def render(view: dict[str, Any], names: list[str] | None = None) -> Image.Image:
    return png(klotho.render_table(view, names=NAMES8 if names is None else names))


def grow(box: Box, by: int) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def cell(view: dict[str, Any], name: str) -> Box:
    row, col = klotho.parse_cell(name, view["rows"], view["cols"]) or (-1, -1)
    return klotho.cell_box(row, col, view["rows"], view["cols"])


def area(box: Box) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])


def row_box(view: dict[str, Any], seat: int) -> Box:
    return klotho.panel_row_box(seat, view["seats"], view["rows"], view["cols"])


def marker_column(view: dict[str, Any], seat: int) -> Box:
    """The strip left of a panel row's chip: the turn arrow or the winner's star."""
    x0, y0, _x1, y1 = row_box(view, seat)
    return (x0, y0, x0 + 48, y1)


def mark_slot(view: dict[str, Any], seat: int) -> Box:
    """The right end of a panel row's second line: vote and triplet marks."""
    _x0, y0, x1, y1 = row_box(view, seat)
    return (x1 - 60, (y0 + y1) // 2, x1 - 4, y1 - 3)


# ----------------------------------------------------------------- validity


@pytest.mark.parametrize("seats", range(2, 9))
def test_every_player_count_gives_a_valid_png_of_its_grid_size(seats: int) -> None:
    view = busy_view(seats)
    data = klotho.render_table(view, names=NAMES8[:seats])
    im = png(data)
    assert (view["rows"], view["cols"]) == grid_for(seats)
    assert im.size == klotho.image_size(*grid_for(seats))
    assert 1000 <= im.width <= 1200
    assert len(data) <= MAX_PNG


def test_sizes_depend_on_the_grid_only() -> None:
    sizes: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for seats in range(2, 9):
        for view in (make_view(seats), busy_view(seats), make_view(seats, full_cards(seats))):
            sizes.setdefault(grid_for(seats), set()).add(render(view).size)
    assert {grid: len(found) for grid, found in sizes.items()} == {
        (4, 4): 1,
        (4, 5): 1,
        (5, 5): 1,
    }


@pytest.mark.parametrize("seats", [4, 8])
def test_full_busy_fields_stay_under_150_kb(seats: int) -> None:
    rows, cols = grid_for(seats)
    chips = {name_of(0, i % cols) if i < cols else name_of(1, i - cols): i for i in range(seats)}
    view = busy_view(seats)
    view["cells"] = make_view(seats, full_cards(seats), chips)["cells"]
    data = klotho.render_table(view, names=NAMES8[:seats])
    assert len(data) <= MAX_PNG
    assert png(data).size == klotho.image_size(rows, cols)


def test_rendering_is_deterministic() -> None:
    view = busy_view(8)
    first = klotho.render_table(view, names=NAMES8)
    klotho.card_sprite.cache_clear()
    assert klotho.render_table(copy.deepcopy(view), names=NAMES8) == first


def test_every_seat_view_draws_the_same_table() -> None:
    # A seat's view is the public one plus "you"; the image is public, so "you"
    # and any stray key must not change a byte.
    public = busy_view(3)
    image = klotho.render_table(public, names=NAMES8[:3])
    for seat in range(3):
        assert klotho.render_table({**public, "you": seat}, names=NAMES8[:3]) == image
    forged = {**public, "stock_cards": ["AS", "AH"], "hand": ["KS"], "discard_pile": ["6C"]}
    assert klotho.render_table(forged, names=NAMES8[:3]) == image


def test_registry_has_a_public_only_klotho_renderer() -> None:
    entry = registry.get("klotho")
    assert entry.table is klotho.render_table
    assert entry.private is None
    assert "klotho" in registry.names()


# ------------------------------------------------------------------- cards


def test_empty_field_shows_only_card_backs_and_no_highlight() -> None:
    view = make_view(3)  # tour start: everything face down, no chips, no last action
    im = render(view)
    for r in range(4):
        for k in range(4):
            box = cell(view, name_of(r, k))
            assert count(im, box, c.CARD_BACK) > area(box) * 0.4
            for ink in (c.SUIT_RED, c.SUIT_BLUE, c.SUIT_GREEN, c.CARD_TINT):
                assert count(im, box, ink) == 0
    assert count(im, (0, 0, im.width, im.height), c.HIGHLIGHT) == 0


@pytest.mark.parametrize("seats", [2, 6, 8])
def test_full_field_shows_only_faces(seats: int) -> None:
    view = make_view(seats, full_cards(seats))
    im = render(view)
    for r in range(view["rows"]):
        for k in range(view["cols"]):
            box = cell(view, name_of(r, k))
            paper = count(im, box, c.PAPER) + count(im, box, c.CARD_TINT)
            assert paper > area(box) * 0.5
            assert count(im, box, c.CARD_BACK) == 0


def test_face_down_and_face_up_cells_differ() -> None:
    view = make_view(3, {"B2": "9S"})
    im = render(view)
    up, down = cell(view, "B2"), cell(view, "C2")
    assert count(im, up, c.PAPER) > area(up) * 0.5
    assert count(im, up, c.CARD_BACK) == 0
    assert count(im, down, c.CARD_BACK) > area(down) * 0.4
    assert count(im, down, c.PAPER) < area(down) * 0.3  # only the white margin
    assert im.crop(up).tobytes() != im.crop(down).tobytes()


def test_each_suit_has_its_own_ink_red_apart_from_black() -> None:
    view = make_view(3, {"A1": "9S", "B1": "9H", "C1": "9D", "D1": "9C"})
    im = render(view)
    inks = {"A1": c.INK, "B1": c.SUIT_RED, "C1": c.SUIT_BLUE, "D1": c.SUIT_GREEN}
    for name, ink in inks.items():
        box = cell(view, name)
        for other_name, other in inks.items():
            if other_name == name:
                assert count(im, box, ink) > 800, name
            elif other != c.INK:  # ink also draws every card's border
                assert count(im, box, other) == 0, (name, other_name)
    # Red and black cards differ beyond the colour too: the suit symbols.
    spade = klotho.card_sprite("9S", 160, 218).convert("L").point(lambda v: 255 * (v < 128))
    heart = klotho.card_sprite("9H", 160, 218).convert("L").point(lambda v: 255 * (v < 200))
    assert ImageChops.difference(spade, heart).getbbox() is not None


def test_figures_are_on_tinted_paper() -> None:
    view = make_view(3, {"A1": "JS", "B1": "10S", "C1": "AH", "D1": "6D"})
    im = render(view)
    for name, figure in (("A1", True), ("B1", False), ("C1", True), ("D1", False)):
        box = cell(view, name)
        assert (count(im, box, c.CARD_TINT) > area(box) * 0.4) == figure, name


def test_unknown_or_odd_card_codes_draw_a_face_anyway() -> None:
    assert c.parse_playing_card("10h") == ("10", "H")
    assert c.parse_playing_card("QS") == ("Q", "S")
    for bad in ("1H", "10", "X", "", "QX", None, 7):
        assert c.parse_playing_card(bad) is None
    view = make_view(3, {"A1": "ZZ", "B1": "", "C1": "10"})
    im = render(view)
    for name in ("A1", "B1", "C1"):
        assert count(im, cell(view, name), c.PAPER) > 1000


def test_card_sprites_are_cached() -> None:
    assert klotho.card_sprite("QS", 100, 136) is klotho.card_sprite("QS", 100, 136)
    assert c.playing_card_face("QS", 100, 136) is c.playing_card_face("QS", 100, 136)
    assert c.playing_card_back(100, 136) is c.playing_card_back(100, 136)
    assert c.chip("3", 40, c.GREEN) is c.chip("3", 40, c.GREEN)


def test_the_font_covers_every_symbol_drawn() -> None:
    text = "♠♥♦♣Σ×/+?ABCDE0123456789" + "".join(klotho.KIND_SYMBOLS.values())
    assert c.covers(text, bold=True)
    assert c.covers("♠♥♦♣Σ")


# ------------------------------------------------------------------- chips


@pytest.mark.parametrize("seats", [3, 6, 8])
def test_each_chip_is_drawn_on_its_cell_in_its_colour(seats: int) -> None:
    rows, cols = grid_for(seats)
    cards = full_cards(seats)
    names = [name_of(*divmod(i, cols)) for i in range(rows * cols)]
    chips = {names[(2 * i + 1) % len(names)]: i for i in range(seats)}
    view = make_view(seats, cards, chips, turn=None)
    im = render(view)
    for name in names:
        box = cell(view, name)
        for seat in range(seats):
            colour = klotho.seat_colour(seat)
            n = count(im, box, colour)
            if chips.get(name) == seat:
                assert n > 300, (name, seat, n)
            else:
                assert n == 0, (name, seat, n)


def test_chip_colours_are_distinct_and_carry_the_seat_number() -> None:
    colours = [klotho.seat_colour(s) for s in range(8)]
    assert len(set(colours)) == 8
    assert set(colours) <= set(c.KEY_COLOURS)
    assert not set(colours) & {c.SUIT_RED, c.SUIT_BLUE, c.SUIT_GREEN, c.INK}
    # Same colour, other number: other pixels (colour is never the only cue).
    one = c.chip("1", 60, c.BLUE).tobytes()
    two = c.chip("2", 60, c.BLUE).tobytes()
    assert one != two


def test_chip_leaves_the_rank_and_suit_visible() -> None:
    plain = make_view(3, {"B2": "10H"})
    with_chip = make_view(3, {"B2": "10H"}, {"B2": 1}, turn=0)
    a, b = render(plain), render(with_chip)
    box = cell(plain, "B2")
    red_a, red_b = count(a, box, c.SUIT_RED), count(b, box, c.SUIT_RED)
    assert red_b > red_a * 0.97, (red_a, red_b)


def test_the_chip_of_the_player_to_move_has_a_halo() -> None:
    view = make_view(3, {"A1": "6S", "B1": "7S", "C1": "8S"}, {"A1": 0, "B1": 1, "C1": 2}, turn=1)
    im = render(view)
    for name, seat in (("A1", 0), ("B1", 1), ("C1", 2)):
        assert (count(im, cell(view, name), c.TURN_MARK) > 100) == (seat == 1), name


def test_cells_are_placed_by_name_not_list_order() -> None:
    view = make_view(3, {"C3": "AS"}, {"C3": 2})
    reordered = {**view, "cells": list(reversed(view["cells"]))}
    assert klotho.render_table(reordered, names=NAMES8) == klotho.render_table(view, names=NAMES8)


# ------------------------------------------------------------ last action


@pytest.mark.parametrize("kind", ["place", "move", "turn", "replace"])
def test_last_action_cell_is_framed_and_no_other(kind: str) -> None:
    view = busy_view(5)
    view["last"] = {"cell": "C2", "seat": 3, "kind": kind}
    im = render(view)
    framed = grow(cell(view, "C2"), klotho.FRAME)
    assert count(im, framed, c.HIGHLIGHT) > 1000
    for r in range(view["rows"]):
        for k in range(view["cols"]):
            if name_of(r, k) != "C2":
                assert count(im, grow(cell(view, name_of(r, k)), 3), c.HIGHLIGHT) == 0
    # The header repeats it: who (a badge in the frame's colour) and where.
    header = (im.width // 2, 0, im.width, klotho.HEADER_H)
    assert count(im, header, c.HIGHLIGHT) > 300


def test_moving_the_last_action_moves_the_frame() -> None:
    view = busy_view(8)
    view["last"] = {"cell": "E5", "seat": 7, "kind": "turn"}
    im = render(view)
    assert count(im, grow(cell(view, "E5"), klotho.FRAME), c.HIGHLIGHT) > 1000
    assert count(im, grow(cell(view, "A1"), klotho.FRAME), c.HIGHLIGHT) == 0


def test_last_action_off_the_field_is_ignored() -> None:
    view = busy_view(3)
    view["last"] = {"cell": "Z9", "seat": 0, "kind": "move"}
    im = render(view)
    field = (0, klotho.HEADER_H, klotho.FIELD_W, im.height)
    assert count(im, field, c.HIGHLIGHT) == 0


# ------------------------------------------------------------------ panel


@pytest.mark.parametrize(("seats", "turn"), [(2, 0), (4, 3), (6, 2), (8, 7)])
def test_turn_marker_is_on_the_player_to_move_only(seats: int, turn: int) -> None:
    view = busy_view(seats)
    view["turn"] = turn
    im = render(view)
    for seat in range(seats):
        marker = count(im, marker_column(view, seat), c.TURN_MARK)
        _x0, y0, x1, _y1 = row_box(view, seat)
        band = count(im, (x1 - 10, y0 + 2, x1, y0 + 12), c.TURN_BAND)  # an empty corner
        if seat == turn:
            assert marker > 800 and band == 100, seat
        else:
            assert marker == 0 and band == 0, seat


def test_game_over_stars_the_winners_and_marks_no_turn() -> None:
    view = busy_view(6)
    view.update(over=True, winners=[1, 4], turn=None, phase="over")
    im = render(view)
    for seat in range(6):
        star = count(im, marker_column(view, seat), c.GOLD)
        assert (star > 300) == (seat in (1, 4)), seat
        assert count(im, marker_column(view, seat), c.TURN_MARK) == 0
    # The header names the winners after a star; a finished game has no open vote.
    header = (0, 0, im.width, klotho.HEADER_H)
    assert count(im, header, c.GOLD) > 300
    assert count(im, (400, 0, im.width, klotho.HEADER_H), c.GREEN) == 0


def test_half_victories_are_shown_per_player() -> None:
    view = make_view(4, halves=[0, 1, 0, 2])
    im = render(view)
    golds = [count(im, row_box(view, seat), c.GOLD) for seat in range(4)]
    assert golds[0] == golds[2] == 0
    assert golds[1] > 100
    assert golds[3] > golds[1] * 1.6


def test_dealer_button_sits_in_the_dealers_row_only() -> None:
    a = render(make_view(4, dealer=0))
    b = render(make_view(4, dealer=2, turn=1))
    view = make_view(4)
    # Only rows 0 and 2 change (and the turn band, which both put on seat 1).
    # (Edge pixels may shift a few levels: each image gets its own palette.)
    for seat in (0, 2, 3):
        box = row_box(view, seat)
        diff = ImageChops.difference(a.crop(box), b.crop(box)).convert("L")
        assert (max(diff.tobytes()) > 100) == (seat != 3), seat


def test_vote_marks_appear_only_while_a_vote_is_open() -> None:
    # No chips on the field, so no cell tags sit where the marks go.
    view = make_view(4, full_cards(4), turn=None, phase="main")
    view["vote"] = {"proposer": 2, "yes": [2, 0], "voters": [0, 1, 2, 3]}
    voting = render(view)
    view["vote"] = None
    quiet = render(view)
    # The proposer gets the ballot box; the others who said yes, a tick.
    for seat in range(4):
        box = mark_slot(view, seat)
        assert (count(voting, box, c.CARD_BACK_LINE) > 300) == (seat == 2), seat
        assert (count(voting, box, c.GREEN) > 30) == (seat == 0), seat
        assert count(quiet, box, c.GREEN) == count(quiet, box, c.CARD_BACK_LINE) == 0
    # Those still to answer: an empty ring.
    for seat in (1, 3):
        assert count(voting, mark_slot(view, seat), klotho.VOTE_PENDING) > 30
        assert count(quiet, mark_slot(view, seat), klotho.VOTE_PENDING) == 0
    # The header shows the ballot box and the tally.
    status = (300, 0, 900, klotho.HEADER_H)
    assert count(voting, status, c.GREEN) > 60
    assert count(quiet, status, c.GREEN) == 0


def test_triplet_choice_is_marked_only_when_pending() -> None:
    view = make_view(4, {"A1": "9S", "B2": "9H", "C3": "9D"}, {"B2": 2}, turn=2)
    view["last"] = {"cell": "C3", "seat": 2, "kind": "turn"}
    quiet = render(view)
    choosing = render({**view, "triplet": 2})
    for seat in range(4):
        box = row_box(view, seat)
        assert count(quiet, box, c.HIGHLIGHT) == 0
        assert (count(choosing, box, c.HIGHLIGHT) > 500) == (seat == 2), seat
    status = (300, 0, 850, klotho.HEADER_H)
    assert count(choosing, status, c.HIGHLIGHT) > 500
    assert count(quiet, status, c.HIGHLIGHT) == 0


def test_extra_tours_get_a_mark_in_the_header() -> None:
    normal = render(make_view(3, tour=3, tours=3))
    extra = render(make_view(3, tour=4, tours=3))
    header = (0, 0, 400, klotho.HEADER_H)
    assert count(normal, header, c.TURN_MARK) == 0
    assert count(extra, header, c.TURN_MARK) > 300


def test_legend_only_where_the_panel_has_room() -> None:
    # 2-4 players leave room under the panel rows for the scoring legend.
    few, many = make_view(2), make_view(8)
    for view, shown in ((few, True), (many, False)):
        im = render(view)
        bottom = (klotho.FIELD_W, im.height - 120, im.width, im.height)
        assert (count(im, bottom, c.SUIT_RED) > 50) == shown


# ---------------------------------------------------------------- robustness


@pytest.mark.parametrize(
    "names",
    [
        ["", "   ", "\n"],
        ["😀" * 40, "🦔🦔🦔", "👨\u200d👩\u200d👧"],
        ["Константин Константинович Константинопольский-Рождественский", "x" * 300, "Ё"],
        ["a\u200d\u200db\x00\n\tc", "\ufe0f", "\u202eRTL"],
        ["Only one name"],
        [],
    ],
)
def test_odd_names_never_crash(names: list[str]) -> None:
    view = busy_view(3)
    view.update(over=True, winners=[0, 1, 2], turn=None)
    assert render(view, names).size == klotho.image_size(4, 4)
    assert render(busy_view(3), names).size == klotho.image_size(4, 4)


@pytest.mark.parametrize(
    "view",
    [
        {},
        {"game": "klotho"},
        {"seats": 0, "rows": 0, "cols": 0, "cells": None},
        {"seats": 99, "rows": 40, "cols": 40},
        {"seats": "3", "rows": "4", "cols": 4.0, "cells": "A1"},
        {
            "seats": 3,
            "rows": 4,
            "cols": 4,
            "cells": [
                None,
                7,
                {"cell": "Q9", "card": 5, "chip": "x"},
                {"cell": "B1", "card": "AS", "chip": 42},
                {"cell": "C1", "card": "10H", "chip": True},
                {"card": "KD", "chip": -1},
            ]
            + [{"cell": "A1", "card": None, "chip": None}] * 30,
            "scores": None,
            "halves": [1, "x"],
            "turn": 99,
            "dealer": -3,
            "tour": "two",
            "tours": -1,
            "stock": None,
            "last": {"cell": 5, "seat": "me", "kind": None},
            "triplet": 17,
            "vote": {"proposer": 9, "yes": "all", "voters": [0, 0, None]},
            "winners": "nobody",
            "over": "yes",
        },
        {"seats": 2, "last": {"cell": "A1", "seat": 1, "kind": "teleport"}, "vote": []},
        {"seats": 8, "rows": 1, "cols": 6, "halves": [9] * 8, "scores": [10**12] * 8},
        {"seats": 3, "rows": 4, "cols": 4, "last": {"cell": "A²", "seat": 0, "kind": "move"}},
    ],
)
def test_malformed_views_still_render(view: dict[str, Any]) -> None:
    im = render(view, ["a", "b", "c"])
    assert im.width == klotho.WIDTH
    assert im.height <= 1400


def test_cell_names_parse_to_field_positions() -> None:
    assert klotho.parse_cell("A1", 4, 4) == (0, 0)
    assert klotho.parse_cell("e5", 5, 5) == (4, 4)
    assert klotho.cell_name(4, 4) == "E5"
    for bad in ("E1", "A5", "A0", "A²", "A", "", "11", None, 3):
        assert klotho.parse_cell(bad, 4, 4) is None, bad


def test_missing_cells_are_drawn_as_empty_places() -> None:
    view = make_view(3, {"A1": "QS"})
    view["cells"] = view["cells"][:1]
    im = render(view)
    box = cell(view, "D4")
    assert count(im, box, c.CARD_BACK) == 0
    assert count(im, box, klotho.FELT) > area(box) * 0.8
