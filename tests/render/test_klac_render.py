"""Klac! images, driven by hand-written views that follow docs/views.md exactly.

The rules engine is not imported: a renderer must work from a view alone.
Pixel checks use the palette colours, which survive PNG encoding exactly.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import pytest
from PIL import ImageChops

from render import common as c
from render import klac
from tests.render.helpers import count, png

MAX_PNG = 150 * 1024
COLOUR_OF = {"B": c.BLUE, "O": c.ORANGE, "G": c.GREEN}


def row_score(row: Sequence[Sequence[str]]) -> int:
    tops = [stack[-1] for stack in row]
    if {t[0] for t in tops} >= {"B", "O", "G"}:
        return sum(int(t[1:]) for t in tops)
    return 0


def make_view(
    rows: list[list[list[str]]],
    *,
    turn: int | None = 0,
    deck: int = 40,
    hand_sizes: list[int] | None = None,
    totals: list[int] | None = None,
    last: dict[str, Any] | None = None,
    last_round: dict[str, Any] | None = None,
    over: bool = False,
    winners: list[int] | None = None,
    round_no: int = 1,
) -> dict[str, Any]:
    """A public Klac! view, shaped exactly as in docs/views.md."""
    seats = len(rows)
    return {
        "game": "klac",
        "seats": seats,
        "round": round_no,
        "target": 150,
        "turn": None if over else turn,
        "deck": deck,
        "hand_sizes": hand_sizes if hand_sizes is not None else [3] * seats,
        "rows": rows,
        "totals": totals if totals is not None else [0] * seats,
        "row_scores": [row_score(r) for r in rows],
        "last": last,
        "last_round": last_round,
        "over": over,
        "winners": winners or [],
        "events": [],
    }


def seat_view(public: dict[str, Any], seat: int, hand: list[str]) -> dict[str, Any]:
    """A seat's view: the public view plus "you" and that seat's "hand"."""
    return {**copy.deepcopy(public), "you": seat, "hand": hand}


BUSY_ROWS = [
    [["B1", "B4"], ["O14"], ["G7", "G3", "G13", "G6"], ["B12"], ["O5", "O2"], ["G11"]],
    [["O9"], ["B15", "B8"], ["G6"], ["O10", "O14", "O2"], ["B4"]],
    [["G13"], ["O2"], ["B8"], ["G3", "G7"], ["O14"], ["B1", "B12", "B15"]],
    [["B15"], ["G11", "G13"], ["O9"], ["O5"], ["G3"]],
    [["O10"], ["B4", "B1"], ["G7"], ["B12"], ["O2"], ["G6", "G3"]],
    [["G3"], ["B8", "B4", "B1", "B12", "B15"], ["O9", "O14"], ["G11"], ["O5"]],
]
NAMES6 = [
    "Алексей Константинопольский",
    "Bob",
    "Ёжик 🦔 в тумане",
    "Мария-Антуанетта фон Шлезвиг-Гольштейн-Зондербург",
    "👨\u200d👩\u200d👧 family",
    "Zoë",
]


def busy_view(**kw: Any) -> dict[str, Any]:
    params: dict[str, Any] = {
        "turn": 2,
        "deck": 11,
        "hand_sizes": [3, 3, 2, 3, 3, 3],
        "totals": [64, 112, 38, 0, 97, 141],
        "last": {"seat": 4, "target": 2, "stack": 3, "card": "G7", "how": "cover", "merged": False},
        "last_round": {
            "round": 2,
            "rows": BUSY_ROWS,
            "scores": [22, 0, 38, 0, 45, 60],
            "totals": [64, 112, 38, 0, 97, 141],
        },
        "round_no": 3,
    }
    params.update(kw)
    return make_view(copy.deepcopy(BUSY_ROWS), **params)


def grow(box: tuple[int, int, int, int], by: int) -> tuple[int, int, int, int]:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def table_height(seats: int) -> int:
    return klac.HEADER_H + klac.ROW_H * seats


# ----------------------------------------------------------------- validity


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_table_is_a_png_of_the_expected_size(seats: int) -> None:
    rows = copy.deepcopy(BUSY_ROWS[:seats])
    data = klac.render_table(make_view(rows, turn=seats - 1), names=NAMES6[:seats])
    im = png(data)
    assert im.size == (klac.TABLE_WIDTH, table_height(seats))
    assert len(data) <= MAX_PNG


def test_busy_six_player_table_is_under_150_kb() -> None:
    data = klac.render_table(busy_view(), names=NAMES6)
    assert png(data).size == (1200, table_height(6))
    assert len(data) <= MAX_PNG


def test_rendering_is_deterministic() -> None:
    assert klac.render_table(busy_view(), names=NAMES6) == klac.render_table(
        busy_view(), names=NAMES6
    )


def test_start_of_round_with_empty_rows_shows_empty_slots() -> None:
    view = make_view([[], [], []], deck=81, last=None)
    im = png(klac.render_table(view, names=["Аня", "Борис", "Вика"]))
    for seat in range(3):
        slot = klac.stack_box(seat, 0, 1)
        assert count(im, slot, c.FAINT) > 100, "empty slot outline missing"
        for colour in COLOUR_OF.values():
            assert count(im, klac.row_box(seat), colour) == 0
    # No last play yet: nothing is highlighted anywhere.
    assert count(im, (0, 0, im.width, im.height), c.HIGHLIGHT) == 0


def test_over_state_marks_winners_with_a_star_and_no_turn() -> None:
    view = busy_view(over=True, winners=[1, 5], totals=[120, 160, 80, 30, 140, 160])
    im = png(klac.render_table(view, names=NAMES6))
    for seat in range(6):
        left = klac.row_box(seat)
        left = (0, left[1], klac.PANEL_X - 4, left[3])
        stars = count(im, left, c.GOLD)
        assert (stars > 200) == (seat in (1, 5)), seat
        assert count(im, left, c.TURN_MARK) == 0
    # The header names the winners after a star.
    assert count(im, (0, 0, im.width, klac.HEADER_H), c.GOLD) > 200


def test_last_round_summary_is_drawn_when_present() -> None:
    with_summary = klac.render_table(busy_view(), names=NAMES6)
    without = klac.render_table(busy_view(last_round=None), names=NAMES6)
    assert with_summary != without
    a, b = png(with_summary), png(without)
    # Only the panels change (the "R2 +22" notes), not the stacks. (Edge pixels
    # may differ: each image gets its own palette for anti-aliasing shades.)
    for seat in range(6):
        top = klac.row_box(seat)
        stacks = (klac.PANEL_W, top[1], top[2], top[3])
        diff = ImageChops.difference(a.crop(stacks), b.crop(stacks)).convert("L")
        assert max(diff.tobytes()) <= 48, seat
        panel = (0, top[1], klac.PANEL_W, top[3])
        assert a.crop(panel).tobytes() != b.crop(panel).tobytes()


@pytest.mark.parametrize(
    "names",
    [
        ["", "   "],
        ["😀" * 40, "🦔🦔🦔"],
        ["Константин Константинович Константинопольский-Рождественский", "x" * 300],
        ["a\u200d\u200db\x00\n\tc", "\ufe0f"],
        ["Only one name"],
        [],
    ],
)
def test_odd_names_never_crash(names: list[str]) -> None:
    view = make_view([[["B1"]], [["O2"], ["G3"]]], turn=1)
    assert png(klac.render_table(view, names=names)).size == (1200, table_height(2))
    hand = seat_view(view, 0, ["B4", "O5", "G6"])
    assert png(klac.render_hand(hand, names=names)).size[0] == klac.HAND_WIDTH


def test_malformed_views_still_render() -> None:
    weird: dict[str, Any] = {
        "game": "klac",
        "seats": 3,
        "rows": [[["B1", "X9", 7, None], [], ["O"]], None, [["G7"]] * 7],
        "hand_sizes": [3, "three"],
        "totals": None,
        "turn": 99,
        "last": {"seat": 7, "target": 0, "stack": 1},
        "last_round": {"round": "x", "scores": None},
        "winners": "nobody",
    }
    im = png(klac.render_table(weird, names=["a", "b", "c"]))
    assert im.size == (1200, table_height(3))
    assert png(klac.render_table({}, names=["solo"])).size == (1200, table_height(1))
    assert png(klac.render_hand({"you": 5, "hand": [None, "Q"]}, names=[])).width == 800


def test_seven_stacks_fit_inside_the_image() -> None:
    row = [["B1"], ["O2"], ["G3"], ["B4"], ["O5"], ["G6"], ["B8", "B12"]]
    view = make_view([row, []], turn=0)
    im = png(klac.render_table(view, names=["a", "b"]))
    last = klac.stack_box(0, 6, 7)
    assert last[2] + klac.DEPTH_STEP * klac.DEPTH_SHOWN <= im.width
    first = klac.stack_box(0, 0, 7)
    assert first[0] >= klac.PANEL_W
    assert count(im, last, c.BLUE) > 1000


# ---------------------------------------------------------------- semantics


def test_last_play_stack_is_framed_and_others_are_not() -> None:
    view = busy_view()
    im = png(klac.render_table(view, names=NAMES6))
    n = len(view["rows"][2])
    framed = grow(klac.stack_box(2, 3, n), 8)
    framed = (framed[0], framed[1] - klac.DEPTH_STEP * klac.DEPTH_SHOWN, *framed[2:])
    assert count(im, framed, c.HIGHLIGHT) > 500
    for seat, stacks in enumerate(view["rows"]):
        for index in range(len(stacks)):
            if seat == 2 and index in (2, 3, 4):
                continue  # the frame and its badge may touch the neighbours' margins
            box = grow(klac.stack_box(seat, index, len(stacks)), 4)
            assert count(im, box, c.HIGHLIGHT) == 0, (seat, index)
    # The header repeats it: who played (a badge in the highlight colour).
    assert count(im, (0, 0, im.width, klac.HEADER_H), c.HIGHLIGHT) > 300


def test_moving_the_last_play_moves_the_frame() -> None:
    last = {"seat": 0, "target": 5, "stack": 0, "card": "G3", "how": "extend", "merged": False}
    im = png(klac.render_table(busy_view(last=last), names=NAMES6))
    assert count(im, grow(klac.stack_box(5, 0, 5), 8), c.HIGHLIGHT) > 500
    assert count(im, grow(klac.stack_box(2, 3, 6), 8), c.HIGHLIGHT) == 0


@pytest.mark.parametrize("turn", [0, 3, 5])
def test_turn_marker_is_on_the_row_to_move_only(turn: int) -> None:
    im = png(klac.render_table(busy_view(turn=turn), names=NAMES6))
    for seat in range(6):
        top = klac.row_box(seat)
        marker = (0, top[1], klac.PANEL_X - 4, top[3])
        band = (klac.PANEL_W - 10, top[1], klac.PANEL_W, top[1] + 10)
        if seat == turn:
            assert count(im, marker, c.TURN_MARK) > 1500
            assert count(im, band, c.TURN_BAND) == 100
        else:
            assert count(im, marker, c.TURN_MARK) == 0
            assert count(im, band, c.TURN_BAND) == 0


def test_colour_marks_light_only_the_colours_on_top() -> None:
    rows = [
        [["B1"], ["O2"], ["G3"]],  # all three colours: scores 6
        [["B1"], ["O2"]],  # no green: scores 0
        [["O5", "B4"], ["G7", "O9"]],  # tops B4, O9: green and orange under, not on top
    ]
    view = make_view(rows, turn=None)
    assert view["row_scores"] == [6, 0, 0]
    im = png(klac.render_table(view, names=["a", "b", "c"]))

    def panel(seat: int) -> tuple[int, int, int, int]:
        top = klac.row_box(seat)
        return (0, top[1], klac.PANEL_W, top[3])

    assert all(count(im, panel(0), col) > 200 for col in COLOUR_OF.values())
    assert count(im, panel(1), c.BLUE) > 200
    assert count(im, panel(1), c.ORANGE) > 200
    assert count(im, panel(1), c.GREEN) == 0
    assert count(im, panel(2), c.GREEN) == 0


def test_stack_depth_shows_the_cards_underneath() -> None:
    view = make_view([[["O5", "B4"], ["G3"]], []], turn=0)
    im = png(klac.render_table(view, names=["a", "b"]))
    x0, y0, x1, y1 = klac.stack_box(0, 0, 2)
    # The orange card under the blue top peeks out to the upper right.
    strip = (x1 + 1, y0 + 20, x1 + klac.DEPTH_STEP - 1, y1 - 20)
    assert count(im, strip, c.ORANGE) > 50
    # A single card has nothing under it.
    gx0, gy0, gx1, gy1 = klac.stack_box(0, 1, 2)
    assert count(im, (gx1 + 1, gy0 + 20, gx1 + klac.DEPTH_STEP - 1, gy1 - 20), c.GREEN) == 0
    # The depth pill ("×2") sits on the bottom edge of the deep stack only.
    assert count(im, (x0, y1, x1, y1 + 14), c.INK) > 100
    assert count(im, (gx0 + 10, gy1 + 3, gx1 - 10, gy1 + 14), c.INK) == 0


def test_each_colour_has_its_own_shape_on_the_card() -> None:
    w, h = 120, 160
    corners = {}
    for code in ("B4", "O5", "G6"):
        face = klac.card_face(code, w, h).convert("RGB")
        # Fill colour is the Okabe–Ito hue of that colour.
        assert face.getpixel((w // 2, h - 12)) == COLOUR_OF[code[0]]
        # The corner mark only (digits start lower down), as a white/other mask.
        corner = face.crop((0, 0, w * 3 // 8, w * 3 // 8)).convert("L")
        corner = corner.point(lambda v: 255 * (v > 240))
        corners[code] = corner.tobytes()
    codes = list(corners)
    for i, a in enumerate(codes):
        for b in codes[i + 1 :]:
            differ = sum(1 for x, y in zip(corners[a], corners[b], strict=True) if x != y)
            assert differ > 80, (a, b, differ)
    # Same colour, other value: the same shape.
    b4 = klac.card_face("B4", w, h).convert("RGB").crop((0, 0, w // 2, w // 4)).tobytes()
    b8 = klac.card_face("B8", w, h).convert("RGB").crop((0, 0, w // 2, w // 4)).tobytes()
    assert b4 == b8


def test_card_faces_are_cached_by_code_and_size() -> None:
    assert klac.card_face("O14", 100, 140) is klac.card_face("O14", 100, 140)
    assert klac.card_face("O14", 100, 140) is not klac.card_face("O14", 80, 112)


# ------------------------------------------------------------------ secrets


def test_table_ignores_a_forged_hand_in_the_public_view() -> None:
    public = busy_view()
    clean = klac.render_table(public, names=NAMES6)
    forged = seat_view(public, 2, ["B15", "O14", "G13"])
    assert klac.render_table(forged, names=NAMES6) == clean
    forged["hand"] = ["O10", "O10", "O10"]
    assert klac.render_table(forged, names=NAMES6) == clean


# --------------------------------------------------------------------- hand


def test_hand_shows_the_seats_cards() -> None:
    public = make_view([[], [["O5"]]], turn=1)
    blue = png(klac.render_hand(seat_view(public, 0, ["B4", "B8", "B12"]), names=["a", "b"]))
    mixed = png(klac.render_hand(seat_view(public, 0, ["O9", "G7", "B1"]), names=["a", "b"]))
    assert blue.size == mixed.size == (klac.HAND_WIDTH, blue.height)
    cards = (0, klac.HAND_HEADER_H, blue.width, blue.height - klac.HAND_FOOTER_H)
    assert count(blue, cards, c.BLUE) > 20_000
    assert count(blue, cards, c.ORANGE) == 0
    assert count(blue, cards, c.GREEN) == 0
    assert all(count(mixed, cards, col) > 20_000 for col in COLOUR_OF.values())


@pytest.mark.parametrize("size", [0, 1, 2, 3])
def test_hand_of_any_size_renders(size: int) -> None:
    public = make_view([[], []], turn=0, deck=0)
    data = klac.render_hand(seat_view(public, 0, ["B1", "O2", "G3"][:size]), names=["Ёж", "Уж"])
    assert len(data) <= MAX_PNG
    assert png(data).width == klac.HAND_WIDTH


def test_hand_marks_your_turn() -> None:
    public = busy_view(turn=2)
    header = (0, 0, klac.HAND_WIDTH, klac.HAND_HEADER_H)
    mine = png(klac.render_hand(seat_view(public, 2, ["B1"]), names=NAMES6))
    theirs = png(klac.render_hand(seat_view(public, 0, ["B1"]), names=NAMES6))
    assert count(mine, header, c.TURN_BAND) > 10_000
    assert count(mine, header, c.TURN_MARK) > 500
    assert count(theirs, header, c.TURN_BAND) == 0


def test_hand_does_not_change_with_other_seats_turns_or_the_deck() -> None:
    # Frontends edit a private hand only when it changes; what changes on
    # every move elsewhere must not be drawn on it.
    first = seat_view(busy_view(turn=1), 0, ["B1", "O2"])
    later = {**seat_view(busy_view(turn=3), 0, ["B1", "O2"]), "deck": 3}
    assert klac.render_hand(first, names=NAMES6) == klac.render_hand(later, names=NAMES6)


def test_hand_of_a_winner_has_a_star() -> None:
    public = busy_view(over=True, winners=[0])
    im = png(klac.render_hand(seat_view(public, 0, []), names=NAMES6))
    assert count(im, (0, 0, 100, klac.HAND_HEADER_H), c.GOLD) > 200


def test_equal_hand_keys_mean_identical_hand_images() -> None:
    # Screens reuse a cached hand image whenever the key is unchanged, so the
    # key must change whenever the image would. Checked over real games.
    import random

    from games import registry

    game = registry.get("klac")
    for seed in range(3):
        state = game.new_game(4, None, seed=seed)
        rng = random.Random(seed)
        seen: dict[tuple[int, str], bytes] = {}
        for _ in range(60):
            for seat in range(4):
                view = game.view(state, seat)
                image = klac.render_hand(view, names=NAMES6[:4])
                key = (seat, klac.hand_key(view, names=NAMES6[:4]))
                assert seen.setdefault(key, image) == image
            mover = game.to_move(state)[0]
            state = game.apply(state, mover, rng.choice(game.legal_actions(state, mover)))
        assert len(seen) < 60 * 4, "some hands were unchanged between moves"
