"""Caravan images, driven by hand-written views that follow docs/views.md exactly.

The rules engine is not needed: a renderer must work from a view alone (one
test replays real games when the engine is registered). Pixel checks use
palette colours, which survive PNG encoding exactly.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import pytest
from PIL import Image, ImageChops

from render import caravan as cv
from render import common as c
from render import registry
from render.caravan.band import PLATE_ARROW_X, PLATE_STATUS_X, PLATE_SUIT_X, STATUS_D, _status_badge
from render.caravan.caravans import caravan_tile
from render.caravan.cards import card_face, parse_card
from render.caravan.hand import HAND_HEADER_H, HAND_WIDTH, hand_card_box, hand_size
from render.caravan.layout import (
    HEIGHT,
    RIGHT_ROOM,
    WIDTH,
    Geometry,
    area_box,
    band_box,
    deck_box,
    discard_box,
    geometry,
    plate_box,
    strip_box,
)
from render.caravan.marks import BADGE
from render.caravan.palette import (
    BUST,
    BUST_PALE,
    EMPTY_PLATE,
    FELT,
    FELT_LINE,
    JOKER_HAT,
    JOKER_PAPER,
    SOLD,
    SOLD_PALE,
    WINNER_BAND,
    seat_colour,
)
from tests.render.helpers import count, png

MAX_PNG = 150 * 1024
Box = tuple[int, int, int, int]
Cards = Sequence[tuple[str, Sequence[str]]]
VALUES = {"A": 1, **{str(v): v for v in range(2, 11)}}
NAMES = ["Алиса Селезнёва", "Bob"]
INKS = {"S": c.INK, "H": c.SUIT_RED, "D": c.SUIT_BLUE, "C": c.SUIT_GREEN}


def car(cards: Cards = (), *, direction: str | None = None, suit: str | None = None,
        status: str | None = None, value: int | None = None) -> dict[str, Any]:  # fmt: skip
    """One caravan as in docs/views.md; value, suit and status derived unless given."""
    if value is None:
        value = sum(
            VALUES[card[:-1]] * 2 ** sum(1 for f in faces if f.startswith("K"))
            for card, faces in cards
        )
    if status is None:
        status = (
            "empty" if not cards else
            "sold" if 21 <= value <= 26 else "bust" if value > 26 else "light"
        )  # fmt: skip
    if suit is None and cards:
        suit = cards[-1][0][-1]
    return {
        "cards": [{"card": card, "faces": list(faces)} for card, faces in cards],
        "value": value,
        "direction": direction,
        "suit": suit,
        "status": status,
    }


EMPTY = car()


def make_view(caravans: list[list[dict[str, Any]]] | None = None, **kw: Any) -> dict[str, Any]:
    """A public Caravan view shaped exactly as in docs/views.md."""
    view: dict[str, Any] = {
        "game": "caravan",
        "seats": 2,
        "best_of": 3,
        "game_no": 2,
        "wins": [1, 0],
        "phase": "main",
        "turn": 0,
        "first": 1,
        "caravans": caravans or [[EMPTY] * 3, [EMPTY] * 3],
        "pairs": [None, None, None],
        "deck_sizes": [30, 28],
        "hand_sizes": [5, 5],
        "discard": 3,
        "last": None,
        "last_game": None,
        "over": False,
        "winners": [],
        "events": [],
    }
    view.update(kw)
    if view["over"]:
        view["turn"] = None
        view["phase"] = "over"
    return view


def last(
    kind: str,
    seat: int,
    card: str | None = None,
    owner: int | None = None,
    pair: int | None = None,
    pos: int | None = None,
    removed: int = 0,
) -> dict[str, Any]:
    """A view's "last" move; owner/pair/pos null where they do not apply."""
    return {
        "seat": seat,
        "kind": kind,
        "card": card,
        "owner": owner,
        "pair": pair,
        "pos": pos,
        "removed": removed,
    }


def seat_view(public: dict[str, Any], seat: int, hand: list[str]) -> dict[str, Any]:
    return {**copy.deepcopy(public), "you": seat, "hand": hand}


OPENING = make_view(
    [[car([("7S", ())]), EMPTY, EMPTY], [car([("4H", ())]), car([("9D", ())]), EMPTY]],
    phase="opening",
    hand_sizes=[7, 6],
    deck_sizes=[46, 46],
    discard=0,
    last=last("play", 1, "9D", pair=1),
)

MID = make_view(
    [
        [
            car([("7S", ("KH",)), ("9S", ())], direction="up"),  # 7×2 + 9 = 23: sold
            car([("10H", ()), ("5H", ()), ("2C", ())], direction="down"),
            car([("AD", ()), ("3D", ("QC",)), ("8D", ())], direction="up"),
        ],
        [
            car([("4C", ()), ("6C", ()), ("10C", ("X1",))], direction="up"),
            car([("8H", ()), ("3S", ())], direction="down"),
            car([("6D", ())]),
        ],
    ],
    pairs=[0, None, None],
    last=last("attach", 1, "X1", owner=1, pair=0, pos=2, removed=2),
)

# Long caravans with many faces: the worst case for overlap and readability.
LONG_0 = [("AS", ()), ("2S", ("KH", "KD")), ("3S", ()), ("4H", ("QS",)), ("5D", ()),
          ("6D", ("KC", "QD", "X2")), ("7D", ()), ("8D", ()), ("9C", ()),
          ("10C", ("KS",))]  # fmt: skip
LONG_1 = [("2H", ("KS",)), ("3S", ()), ("4S", ("KD", "KH", "QS")), ("5C", ()), ("6S", ()),
          ("7S", ("QH",)), ("8S", ()), ("9S", ()), ("10S", ("KC",)), ("AS", ()),
          ("2S", ())]  # fmt: skip
LATE = make_view(
    [
        [
            car(LONG_0, direction="up"),
            car(
                [
                    ("10H", ("KH", "KS", "QD")),
                    ("9H", ("QC",)),
                    ("8S", ()),
                    ("7C", ("KD",)),
                    ("6H", ()),
                    ("5S", ()),
                    ("4S", ()),
                    ("3S", ()),
                    ("2D", ()),
                ],
                direction="down",
            ),
            car([("AD", ()), ("3D", ("QC",)), ("8D", ())], direction="up"),
        ],
        [
            car(
                [("4C", ()), ("6C", ()), ("10C", ("X1",)), ("9C", ("KH", "KC")), ("AH", ())],
                direction="down",
            ),
            car(LONG_1, direction="up"),
            car([("6D", ()), ("7D", ("KD",)), ("10S", ())], direction="up"),
        ],
    ],
    pairs=[None, None, 1],
    discard=17,
    deck_sizes=[3, 0],
    hand_sizes=[5, 4],
    last=last("attach", 0, "KS", owner=0, pair=0, pos=9),
)


def render(view: dict[str, Any], names: list[str] | None = None) -> Image.Image:
    return png(cv.render_table(view, names=NAMES if names is None else names))


def differ(a: Image.Image, b: Image.Image, box: Box) -> bool:
    """Whether two images differ in ``box`` beyond a few palette levels (each
    image gets its own palette, so anti-aliased edge pixels may shift slightly)."""
    diff = ImageChops.difference(a.crop(box), b.crop(box)).convert("L")
    return max(diff.tobytes()) > 60


def grow(box: Box, by: int) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def cards_of(view: dict[str, Any], seat: int, pair: int) -> list[tuple[str, list[str]]]:
    return [(x["card"], x["faces"]) for x in view["caravans"][seat][pair]["cards"]]


def geo(view: dict[str, Any], seat: int, pair: int) -> Geometry:
    return geometry(seat, pair, cards_of(view, seat, pair))


def index_zone(box: Box) -> Box:
    """The left end of a card's uncovered strip, where only its corner index has ink
    (a card's big body symbol sits in the middle, away from the left edge)."""
    x0, y0, _x1, y1 = box
    return (x0 + 4, y0, x0 + 24, y1)


def marker(seat: int) -> Box:
    """The turn arrow / winner's star column at the left of a player's strip."""
    x0, y0, _x1, y1 = strip_box(seat)
    return (x0, y0, x0 + 50, y1)


# ----------------------------------------------------------------- validity


@pytest.mark.parametrize("view", [OPENING, MID, LATE, make_view(), make_view(over=True)])
def test_table_is_a_small_png_of_the_fixed_size(view: dict[str, Any]) -> None:
    data = cv.render_table(view, names=NAMES)
    assert png(data).size == (WIDTH, HEIGHT) == (1200, 1080)
    assert len(data) <= MAX_PNG


def test_rendering_is_deterministic() -> None:
    first = cv.render_table(LATE, names=NAMES)
    card_face.cache_clear()
    caravan_tile.cache_clear()
    assert cv.render_table(copy.deepcopy(LATE), names=NAMES) == first


def test_registry_has_table_hand_and_key() -> None:
    entry = registry.get("caravan")
    assert entry.table is cv.render_table
    assert entry.private is cv.render_hand
    assert entry.private_key is cv.hand_key
    assert "caravan" in registry.names()


# ------------------------------------------------------------------- layout


def test_empty_opening_table_shows_dashed_slots_and_nothing_highlighted() -> None:
    view = make_view(phase="opening", turn=1, discard=0, hand_sizes=[8, 8])
    im = render(view)
    for seat in (0, 1):
        for pair in range(3):
            area = area_box(seat, pair)
            for ink in (c.SUIT_RED, c.SUIT_BLUE, c.SUIT_GREEN, c.PAPER):
                assert count(im, area, ink) == 0, (seat, pair)
            # Seat 1 must fill its caravans now: its slots are in the turn colour.
            turn_slot = count(im, area, c.TURN_MARK)
            plain_slot = count(im, area, FELT_LINE)
            assert (turn_slot > 800) == (seat == 1), (seat, pair)
            assert (plain_slot > 800) == (seat == 0), (seat, pair)
            assert count(im, plate_box(seat, pair), EMPTY_PLATE) > 5000
    assert count(im, (0, 0, im.width, im.height), c.HIGHLIGHT) == 0


def test_in_the_main_phase_empty_slots_are_plain() -> None:
    im = render(make_view(turn=1))
    assert count(im, (0, 0, im.width, im.height), c.TURN_MARK) < 2000  # the strip's arrow only
    assert count(im, area_box(1, 0), c.TURN_MARK) == 0


def test_caravans_lie_on_their_own_side_and_column() -> None:
    view = make_view(
        [[car([("9H", ())]), EMPTY, EMPTY], [EMPTY, EMPTY, car([("9D", ())])]], turn=None
    )
    im = render(view)
    assert count(im, area_box(0, 0), c.SUIT_RED) > 800
    assert count(im, area_box(1, 2), c.SUIT_BLUE) > 800
    for seat, pair in ((0, 1), (0, 2), (1, 0), (1, 1)):
        assert count(im, area_box(seat, pair), c.PAPER) == 0
    # Seat 1 sits on top, facing seat 0 across the band.
    assert area_box(1, 0)[3] <= band_box()[1] < band_box()[3] <= area_box(0, 0)[1]


@pytest.mark.parametrize(("seat", "pair"), [(0, 0), (0, 1), (1, 1), (1, 0)])
def test_long_caravans_stay_inside_their_felt(seat: int, pair: int) -> None:
    im = render(LATE)
    g = geo(LATE, seat, pair)
    area = area_box(seat, pair)
    boxes = [*g.numerals, *(b for row in g.faces for b in row)]
    assert len(g.numerals) >= 5
    for x0, y0, x1, y1 in boxes:
        assert area[0] <= x0 and x1 <= area[2] - RIGHT_ROOM // 2, (x0, x1)
        assert area[1] <= y0 and y1 <= area[3], (y0, y1)
    # The outermost card (nearest its player) is drawn whole, inside the canvas.
    outer = g.numerals[-1]
    assert outer[1] > 0 and outer[3] < im.height
    assert count(im, outer, c.PAPER) + count(im, outer, c.CARD_TINT) > 4000


def test_every_card_of_a_long_caravan_keeps_its_index_in_view() -> None:
    # Alternate red and green numerals, so each strip must show its own card's ink.
    for seat in (0, 1):
        numerals = [(f"{r}{'H' if i % 2 else 'C'}", ()) for i, r in enumerate(
            ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "A"])]  # fmt: skip
        caravans = [[EMPTY] * 3, [EMPTY] * 3]
        caravans[seat][1] = car(numerals, direction="up")
        view = make_view(caravans)
        im = render(view)
        g = geo(view, seat, 1)
        assert g.step < 30, "this caravan is meant to be squeezed"
        for k, (code, _faces) in enumerate(numerals):
            ink = INKS[code[-1]]
            other = c.SUIT_GREEN if ink == c.SUIT_RED else c.SUIT_RED
            zone = index_zone(g.visible[k])
            assert count(im, zone, ink) > 6, (seat, k, code)
            assert count(im, zone, other) == 0, (seat, k, code)


def test_face_cards_fan_out_with_readable_indexes() -> None:
    im = render(LATE)
    for seat, pair in ((0, 0), (1, 1), (0, 1)):
        g = geo(LATE, seat, pair)
        for k, (_card, faces) in enumerate(cards_of(LATE, seat, pair)):
            for j, face in enumerate(faces):
                box = g.faces_visible[k][j]
                assert box[2] - box[0] >= g.face_step
                assert box[0] >= g.numerals[k][0] + g.face_step * (j + 1)
                zone = index_zone(box)
                if face.startswith("X"):
                    assert count(im, zone, c.GOLD) > 3, (seat, pair, k, face)
                else:
                    assert count(im, zone, INKS[face[-1]]) > 3, (seat, pair, k, face)


def test_face_cards_sit_on_warm_paper_and_jokers_on_lilac_with_a_jester() -> None:
    view = make_view([[car([("5S", ("X2",))]), car([("5H", ("QH",))]), EMPTY], [EMPTY] * 3], turn=1)
    im = render(view)
    joker = geo(view, 0, 0).faces[0][0]
    queen = geo(view, 0, 1).faces[0][0]
    assert count(im, joker, JOKER_PAPER) > 3000
    assert count(im, joker, JOKER_HAT) > 300
    assert count(im, joker, c.GOLD) > 300
    assert count(im, queen, c.CARD_TINT) > 3000
    assert count(im, queen, JOKER_HAT) == 0
    # A joker is not a "?" card: known jokers never draw as unknown.
    assert parse_card("X1") == ("X", "") == parse_card("x2")
    assert parse_card("ZZ") == ("?", "")


# ------------------------------------------------------------------- plates


def test_sold_and_bust_caravans_are_marked_by_symbol_and_colour() -> None:
    view = make_view(
        [
            [
                car([("10S", ()), ("9S", ()), ("4S", ())]),  # 23 sold
                car([("10H", ()), ("9H", ()), ("8H", ())]),  # 27 bust
                car([("10D", ()), ("9D", ())]),  # 19 light
            ],
            [EMPTY, car([("10C", ("KC",)), ("7C", ())]), car([("AC", ())])],  # 27 bust, 1 light
        ],
        turn=None,
    )
    assert [x["status"] for x in view["caravans"][0]] == ["sold", "bust", "light"]
    im = render(view)
    expect = {(0, 0): "sold", (0, 1): "bust", (0, 2): "light", (1, 0): "empty",
              (1, 1): "bust", (1, 2): "light"}  # fmt: skip
    for (seat, pair), status in expect.items():
        plate = plate_box(seat, pair)
        # The badge itself (a disc with a tick or a cross), not only the plate's tint.
        mid = (plate[1] + plate[3]) // 2
        x = plate[0] + PLATE_STATUS_X
        badge = (x, mid - STATUS_D // 2, x + STATUS_D, mid + STATUS_D // 2)
        assert (count(im, badge, SOLD) > 300) == (status == "sold"), (seat, pair)
        assert (count(im, badge, BUST) > 300) == (status == "bust"), (seat, pair)
        if status in ("sold", "bust"):
            assert count(im, badge, c.PAPER) > 60, (seat, pair)  # the white tick or cross
        sold, bust = count(im, plate, SOLD), count(im, plate, BUST)
        assert (sold > 400) == (status == "sold"), (seat, pair, sold)
        assert (bust > 400) == (status == "bust"), (seat, pair, bust)
        assert (count(im, plate, SOLD_PALE) > 3000) == (status == "sold")
        assert (count(im, plate, BUST_PALE) > 3000) == (status == "bust")
    # Not colour alone: the tick and the cross are different shapes.
    tick = _status_badge("sold", 40).convert("L").point(lambda v: 255 * (v > 200))
    cross = _status_badge("bust", 40).convert("L").point(lambda v: 255 * (v > 200))
    differ = sum(a != b for a, b in zip(tick.tobytes(), cross.tobytes(), strict=True))
    assert differ > 80


def test_plate_shows_value_direction_and_suit() -> None:
    def plate_of(caravan: dict[str, Any]) -> Image.Image:
        im = render(make_view([[caravan, EMPTY, EMPTY], [EMPTY] * 3], turn=None))
        return im.crop(plate_box(0, 0))

    up = plate_of(car([("4H", ()), ("7H", ())], direction="up"))
    down = plate_of(car([("7H", ()), ("4H", ())], direction="down"))
    none = plate_of(car([("4H", ())]))
    club = plate_of(car([("4H", ()), ("7C", ())], direction="up"))
    # The arrow sits between the value and the suit: ink heavier low for ▲, high for ▼.
    arrow_x = (PLATE_ARROW_X, PLATE_SUIT_X - 4)
    h = up.height

    def ink(im: Image.Image, y0: int, y1: int) -> int:
        return count(im, (arrow_x[0], y0, arrow_x[1], y1), c.INK)

    assert ink(up, h // 2, h) > ink(up, 0, h // 2) + 60
    assert ink(down, 0, h // 2) > ink(down, h // 2, h) + 60
    assert ink(none, 0, h) == 0
    assert count(up, (0, 0, up.width, h), c.SUIT_RED) > 200
    assert count(club, (0, 0, up.width, h), c.SUIT_GREEN) > 200
    assert count(club, (0, 0, up.width, h), c.SUIT_RED) == 0
    # The value: 11 and 4 differ where the number is.
    number = (0, 0, PLATE_ARROW_X, h)
    assert up.crop(number).tobytes() != none.crop(number).tobytes()
    assert count(up, number, c.INK) > 300


def test_the_holder_of_a_pair_has_its_chip_on_its_plate() -> None:
    view = copy.deepcopy(MID)
    view["pairs"] = [0, 1, None]
    im = render(view)
    for seat in (0, 1):
        for pair in range(3):
            for colour_of in (0, 1):
                chip = count(im, plate_box(seat, pair), seat_colour(colour_of))
                holds = view["pairs"][pair] == seat == colour_of
                assert (chip > 300) == holds, (seat, pair, colour_of, chip)


# ---------------------------------------------------------------- last move


def test_a_played_numeral_is_framed_with_the_movers_badge() -> None:
    im = render(OPENING)
    box = geo(OPENING, 1, 1).numerals[-1]
    assert count(im, box, c.HIGHLIGHT) > 400
    for seat in (0, 1):
        for pair in range(3):
            if (seat, pair) != (1, 1):
                assert count(im, area_box(seat, pair), c.HIGHLIGHT) == 0, (seat, pair)
    assert count(im, discard_box(), c.HIGHLIGHT) == 0


def test_a_numeral_played_on_a_long_caravan_frames_its_newest_card_only() -> None:
    for seat, pair in ((0, 1), (1, 0)):
        view = copy.deepcopy(MID)
        view["last"] = last("play", seat, view["caravans"][seat][pair]["cards"][-1]["card"],
                            owner=seat, pair=pair, pos=2)  # fmt: skip
        im = render(view)
        g = geo(view, seat, pair)
        assert count(im, g.visible[-1], c.HIGHLIGHT) > 400
        for k in range(len(g.numerals) - 1):
            assert count(im, g.visible[k], c.HIGHLIGHT) == 0, (seat, k)


def test_a_face_under_the_next_row_shows_only_its_index_tab() -> None:
    # The King on the first card of two: only its index strip shows; the felt
    # right of the next card is not covered by the rest of the King.
    view = make_view([[car([("4H", ("KC",)), ("7H", ())], direction="up"), EMPTY, EMPTY],
                      [EMPTY] * 3])  # fmt: skip
    im = render(view)
    for seat_view_of in (view, _mirrored(view)):
        seat = 0 if seat_view_of is view else 1
        g = geo(seat_view_of, seat, 0)
        im = render(seat_view_of)
        tab = g.faces_visible[0][0]
        face = g.faces[0][0]
        assert count(im, index_zone(tab), c.SUIT_GREEN) > 5
        assert tab[3] - tab[1] < g.step, "a tab is shorter than a full step here"
        beside = g.numerals[1][2] + 4, face[0] + 4
        if seat == 0:
            free = (beside[0], tab[3] + 3, face[2] - 4, face[3] - 4)
        else:
            free = (beside[0], face[1] + 4, face[2] - 4, tab[1] - 3)
        assert count(im, free, FELT) == (free[2] - free[0]) * (free[3] - free[1]), seat


def _mirrored(view: dict[str, Any]) -> dict[str, Any]:
    """The same view with the two seats' caravans swapped."""
    out = copy.deepcopy(view)
    out["caravans"] = [out["caravans"][1], out["caravans"][0]]
    return out


def test_an_attached_face_is_framed_where_it_lies_even_on_the_opponents_side() -> None:
    # Seat 1 puts a King on seat 0's caravan 2, on its first numeral card.
    view = copy.deepcopy(MID)
    view["caravans"][0][1]["cards"][0]["faces"] = ["KS"]
    view["last"] = last("attach", 1, "KS", owner=0, pair=1, pos=0)
    im = render(view)
    g = geo(view, 0, 1)
    face = g.faces_visible[0][0]
    assert count(im, face, c.HIGHLIGHT) > 150
    # The numeral under it is not framed, nor any other caravan.
    assert count(im, (g.numerals[0][0], face[1], face[0] - 1, face[3]), c.HIGHLIGHT) == 0
    for seat in (0, 1):
        for pair in range(3):
            if (seat, pair) != (0, 1):
                assert count(im, area_box(seat, pair), c.HIGHLIGHT) == 0, (seat, pair)
    # The badge names the mover (seat 2), not the caravan's owner.
    assert c.seat_badge(2, BADGE, c.HIGHLIGHT) is not c.seat_badge(1, BADGE, c.HIGHLIGHT)
    with_two = render(view)
    view["last"]["seat"] = 0
    with_one = render(view)
    assert with_two.crop(area_box(0, 1)).tobytes() != with_one.crop(area_box(0, 1)).tobytes()


def test_a_joker_that_removed_cards_shows_how_many() -> None:
    im = render(MID)
    g = geo(MID, 1, 0)
    joker = g.faces[2][0]
    assert count(im, g.faces_visible[2][0], c.HIGHLIGHT) > 400
    near = (joker[0], joker[1] - 10, joker[2] + 60, joker[3] + 10)
    quiet = copy.deepcopy(MID)
    quiet["last"]["removed"] = 0
    plain = render(quiet)
    assert count(im, near, c.HIGHLIGHT) > count(plain, near, c.HIGHLIGHT) + 300


def test_a_jack_highlights_the_plate_of_the_caravan_it_hit() -> None:
    view = copy.deepcopy(MID)
    view["last"] = last("attach", 0, "JD", owner=1, pair=1, pos=1, removed=1)
    im = render(view)
    assert count(im, grow(plate_box(1, 1), 6), c.HIGHLIGHT) > 800
    # The mover's badge and the "−1" lie on that caravan's felt; no card is framed.
    assert count(im, area_box(1, 1), c.HIGHLIGHT) > 600
    for seat in (0, 1):
        for pair in range(3):
            if (seat, pair) != (1, 1):
                assert count(im, area_box(seat, pair), c.HIGHLIGHT) == 0
                assert count(im, plate_box(seat, pair), c.HIGHLIGHT) == 0


def test_a_disbanded_caravan_is_an_empty_framed_slot() -> None:
    view = copy.deepcopy(MID)
    view["caravans"][0][2] = EMPTY
    view["last"] = last("disband", 0, owner=0, pair=2)
    im = render(view)
    area = area_box(0, 2)
    assert count(im, area, c.HIGHLIGHT) > 1000
    assert count(im, area, c.PAPER) < 200  # the badge's digit; no card
    assert count(im, area_box(1, 0), c.HIGHLIGHT) == 0


def test_a_discard_marks_the_discard_pile_and_never_shows_the_card() -> None:
    view = copy.deepcopy(MID)
    view["last"] = last("discard", 1, None)
    im = render(view)
    assert count(im, discard_box(), c.HIGHLIGHT) > 500
    for seat in (0, 1):
        for pair in range(3):
            assert count(im, area_box(seat, pair), c.HIGHLIGHT) == 0
    # Even in the discarder's own view (card known), the table image is the same.
    known = copy.deepcopy(view)
    known["last"]["card"] = "KH"
    known["you"] = 1
    assert cv.render_table(known, names=NAMES) == cv.render_table(view, names=NAMES)


def test_no_last_move_no_highlight() -> None:
    view = copy.deepcopy(LATE)
    view["last"] = None
    assert count(render(view), (0, 0, WIDTH, HEIGHT), c.HIGHLIGHT) == 0


# ------------------------------------------------------------------ players


@pytest.mark.parametrize("turn", [0, 1])
def test_turn_marker_is_in_the_movers_strip_only(turn: int) -> None:
    im = render(make_view(turn=turn))
    for seat in (0, 1):
        n = count(im, marker(seat), c.TURN_MARK)
        assert (n > 500) == (seat == turn), seat
        strip = strip_box(seat)
        corner = (strip[2] - 260, strip[1] + 4, strip[2] - 250, strip[1] + 12)
        assert (count(im, corner, c.TURN_BAND) == 80) == (seat == turn), seat


def test_game_over_stars_the_winner_and_marks_no_turn() -> None:
    view = copy.deepcopy(LATE)
    view.update(over=True, winners=[1], turn=None, phase="over", wins=[1, 2])
    im = render(view)
    for seat in (0, 1):
        assert (count(im, marker(seat), c.GOLD) > 300) == (seat == 1), seat
        assert count(im, marker(seat), c.TURN_MARK) == 0
    assert count(im, strip_box(1), WINNER_BAND) > 20_000
    assert count(im, strip_box(0), WINNER_BAND) == 0


def test_games_won_are_pips_only_in_a_match() -> None:
    def gold(view: dict[str, Any], seat: int) -> int:
        strip = strip_box(seat)
        return count(render(view), (600, strip[1], strip[2], strip[3]), c.GOLD)

    match = make_view(best_of=5, wins=[2, 0])
    assert gold(match, 1) == 0
    two = gold(match, 0)
    assert two > 400
    assert gold(make_view(best_of=5, wins=[1, 0]), 0) < two * 0.7
    single = make_view(best_of=1, wins=[0, 0])
    im = render(single)
    strip = strip_box(0)
    assert count(im, (600, strip[1], strip[2], strip[3]), c.MUTED) < 50  # no hollow pips


def test_deck_hand_and_discard_counts_are_drawn() -> None:
    a = render(make_view(deck_sizes=[30, 28], hand_sizes=[5, 5], discard=3))
    b = render(make_view(deck_sizes=[29, 28], hand_sizes=[5, 4], discard=12))
    assert differ(a, b, deck_box(0))
    assert not differ(a, b, deck_box(1))
    assert differ(a, b, discard_box())
    assert differ(a, b, strip_box(1))
    assert not differ(a, b, strip_box(0))
    # An empty deck is an outline, not a card back.
    empty = render(make_view(deck_sizes=[0, 28]))
    assert count(empty, deck_box(0), c.CARD_BACK) == 0
    assert count(empty, deck_box(1), c.CARD_BACK) > 500


def test_cyrillic_names_are_drawn_with_real_glyphs() -> None:
    assert c.covers("Алиса Селезнёва", bold=True)
    a = render(MID, ["Алиса Селезнёва", "Борис"])
    b = render(MID, ["Жанна Ёлкина", "Борис"])
    strip = strip_box(0)
    name = (110, strip[1], 700, strip[3])
    assert differ(a, b, name)
    assert count(a, name, c.INK) > 500
    assert not differ(a, b, strip_box(1))


@pytest.mark.parametrize(
    "names",
    [[], ["", "   "], ["😀" * 40, "🦔"], ["x" * 300, "a\u200d\u200db\x00\n\tc"], ["solo"]],
)
def test_odd_names_never_crash(names: list[str]) -> None:
    assert render(LATE, names).size == (WIDTH, HEIGHT)
    assert png(cv.render_hand(seat_view(MID, 0, ["AS"]), names=names)).width == HAND_WIDTH


@pytest.mark.parametrize(
    "view",
    [
        {},
        {"game": "caravan", "caravans": None, "pairs": "x", "turn": 7, "wins": None},
        {"caravans": [[{"cards": [None, 5, {"card": 7, "faces": "KH"}], "value": "x"}], None]},
        {
            "caravans": [[{"cards": [{"card": "5H", "faces": ["KH"] * 20}] * 200}] * 3] * 2,
            "last": {"seat": 0, "kind": "play", "pair": 0},
        },
        {"last": {"seat": 5, "kind": "attach", "owner": 9, "pair": 7, "pos": 99}},
        {"last": {"seat": 0, "kind": "attach", "card": "KH", "owner": 1, "pair": 0, "pos": 3}},
        {"last": {"seat": True, "kind": None}, "best_of": 10**9, "wins": [10**9, -1]},
        {"over": "yes", "winners": "nobody", "phase": 3, "discard": -4, "deck_sizes": [None]},
    ],
)
def test_malformed_views_still_render(view: dict[str, Any]) -> None:
    assert render(view).size == (WIDTH, HEIGHT)


# ------------------------------------------------------------------ secrets


def test_table_ignores_a_forged_hand_in_the_public_view() -> None:
    for public in (OPENING, MID, LATE):
        clean = cv.render_table(public, names=NAMES)
        forged = seat_view(public, 0, ["X1", "X2", "KS", "10H", "AS"])
        assert cv.render_table(forged, names=NAMES) == clean
        forged["hand"] = ["QS"] * 8
        forged["you"] = 1
        assert cv.render_table(forged, names=NAMES) == clean


# --------------------------------------------------------------------- hand


def hand_image(hand: list[str], **kw: Any) -> Image.Image:
    return png(cv.render_hand(seat_view(make_view(**kw), 0, hand), names=NAMES))


def test_hand_draws_each_card_large_in_its_ink() -> None:
    hand = ["AS", "7H", "10D", "QC", "X1"]
    im = hand_image(hand)
    assert im.size == hand_size(5) == (800, im.height)
    assert 300 <= im.height <= 400
    for i, code in enumerate(hand):
        box = hand_card_box(i, 5)
        assert box[2] - box[0] >= 130, "phone-readable"
        if code.startswith("X"):
            assert count(im, box, JOKER_PAPER) > 10_000
            assert count(im, box, JOKER_HAT) > 500
        else:
            assert count(im, box, INKS[code[-1]]) > 600, code
            for suit, ink in INKS.items():
                if suit != code[-1] and ink != c.INK:
                    assert count(im, box, ink) == 0, (code, suit)
    assert count(im, hand_card_box(3, 5), c.CARD_TINT) > 10_000


@pytest.mark.parametrize("size", [0, 1, 5, 6, 7, 8])
def test_hands_of_any_size_fit(size: int) -> None:
    hand = ["AS", "2C", "7H", "10D", "JS", "QD", "KC", "X2"][:size]
    data = cv.render_hand(seat_view(OPENING, 0, hand), names=NAMES)
    im = png(data)
    assert im.size == hand_size(size)
    assert len(data) <= MAX_PNG
    for i in range(size):
        x0, y0, x1, y1 = hand_card_box(i, size)
        assert x0 >= 0 and x1 <= im.width and y1 <= im.height
        assert count(im, (x0, y0, x1, y1), c.INK) > 300
    if size > 5:
        assert hand_card_box(size - 1, size)[1] > hand_card_box(0, size)[3]


def test_hand_image_and_key_change_with_the_hand_only() -> None:
    names = NAMES
    a = seat_view(MID, 0, ["AS", "7H", "10D", "QC", "X1"])
    b = seat_view(MID, 0, ["AS", "7H", "10D", "QC", "KH"])
    assert cv.render_hand(a, names=names) != cv.render_hand(b, names=names)
    assert cv.hand_key(a, names=names) != cv.hand_key(b, names=names)
    # The opponent moves: turn, decks, caravans, discard change; the hand does not.
    later = seat_view(LATE, 0, ["AS", "7H", "10D", "QC", "X1"])
    later.update(turn=1, discard=40, deck_sizes=[2, 1])
    assert cv.hand_key(later, names=names) == cv.hand_key(a, names=names)
    assert cv.render_hand(later, names=names) == cv.render_hand(a, names=names)
    # Another seat, another name: another image and key.
    other = {**a, "you": 1}
    assert cv.hand_key(other, names=names) != cv.hand_key(a, names=names)
    assert cv.render_hand(other, names=names) != cv.render_hand(a, names=names)


def test_hand_of_the_match_winner_has_a_star() -> None:
    won = seat_view(make_view(over=True, winners=[0]), 0, [])
    lost = seat_view(make_view(over=True, winners=[1]), 0, [])
    header = (0, 0, 100, HAND_HEADER_H)
    assert count(png(cv.render_hand(won, names=NAMES)), header, c.GOLD) > 300
    assert count(png(cv.render_hand(lost, names=NAMES)), header, c.GOLD) == 0
    assert cv.hand_key(won, names=NAMES) != cv.hand_key(lost, names=NAMES)


def test_equal_hand_keys_mean_identical_hand_images_over_real_games() -> None:
    import random

    from games import registry as games

    try:
        game = games.get("caravan")
    except ValueError:
        pytest.skip("the Caravan engine is not registered")
    for seed in range(2):
        state = game.new_game(2, None, seed=seed)
        rng = random.Random(seed)
        seen: dict[tuple[int, str], bytes] = {}
        for _ in range(50):
            if game.is_over(state):
                break
            for seat in (0, 1):
                view = game.view(state, seat)
                key = (seat, cv.hand_key(view, names=NAMES))
                assert seen.setdefault(key, cv.render_hand(view, names=NAMES)) == seen[key]
                assert cv.render_hand(view, names=NAMES) == seen[key]
                # The public table of a real game renders too.
            assert png(cv.render_table(game.view(state, None), names=NAMES)).size == (1200, 1080)
            mover = game.to_move(state)[0]
            state = game.apply(state, mover, rng.choice(game.legal_actions(state, mover)))
        assert len(seen) < 100, "some hands were unchanged between moves"
