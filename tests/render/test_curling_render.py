"""Logical Curling images, driven by hand-built views that follow docs/views.md
("## Logical Curling") and the field of rules/curling.md.

The rules engine is not needed: a renderer must work from a view alone (one
test replays real games when the engine is registered). Pixel checks use
palette colours, which survive PNG encoding exactly.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

import pytest
from PIL import Image, ImageChops

from render import common as c
from render import curling, registry
from render.curling import field, layout, parse, sprites
from tests.render.helpers import count, png

Box = tuple[int, int, int, int]
MAX_PNG = 150 * 1024
NAMES = ["Алексей Константинопольский", "Bob"]
RED, BLUE = layout.STONE_RED, c.BLUE
LETTERS = "abcdefgh"
ALL_CELLS = [f"{col}{row}" for col in LETTERS for row in range(13)]


# ------------------------------------------------------------------ builders


def stone(cell: str, colour: str, n: int) -> dict[str, Any]:
    return {"cell": cell, "colour": colour, "n": n}


def make_view(stones: Sequence[dict[str, Any]] = (), **kw: Any) -> dict[str, Any]:
    """A public curling view shaped exactly as in docs/views.md (dice variant, aim phase)."""
    view: dict[str, Any] = {
        "game": "curling",
        "variant": "dice",
        "deck": None,
        "colours": ["red", "blue"],
        "ends": 8,
        "end": 1,
        "hammer": 1,
        "throw_no": 3,
        "turn": 0,
        "phase": "aim",
        "stones": list(stones),
        "to_throw": {"red": 6, "blue": 6},
        "out": {"red": 0, "blue": 0},
        "house": {"zones": [[0, 0], [0, 0], [0, 0]], "score": [0, 0]},
        "end_scores": [],
        "match": [0, 0],
        "dice": [3, 3, 1, 5, 2],
        "marked": [False] * 5,
        "cards": None,
        "combinations": [
            {"key": "pair:3,5", "name": "pair", "numbers": [3, 5], "power": 1},
        ],
        "limit": {"l1": 1, "l2": 2, "l": 1},
        "last": None,
        "over": False,
        "winners": [],
        "events": [],
    }
    view.update(kw)
    return view


def cards_view(stones: Sequence[dict[str, Any]] = (), **kw: Any) -> dict[str, Any]:
    defaults: dict[str, Any] = {
        "variant": "cards",
        "deck": 36,
        "phase": "draw",
        "dice": None,
        "marked": [False] * 5,
        "cards": {
            "main": ["QS", "7H", "7D", "AC", "2S"],
            "subs": [["KH", "9C"], ["JD"]],
            "deck": 30,
            "discard": 6,
        },
    }
    return make_view(stones, **{**defaults, **kw})


# The rules' worked example 1: shortened A=5, B=4 from c0 by blue. A blue stone
# waited at c5 and a red at f7; the thrown blue ends at e6, the blue at c6, the red at h9.
EXAMPLE1_LAST: dict[str, Any] = {
    "seat": 1,
    "combo": "two:5,4",
    "trajectory": "shortened",
    "start": "c0",
    "numbers": [5, 4],
    "power": 2,
    "path": ["c1", "c2", "c3", "c4", "d5", "e6"],
    "moves": [
        {"colour": "blue", "n": 1, "from": "c5", "to": "c6"},
        {"colour": "red", "n": 1, "from": "f7", "to": "h9"},
    ],
    "foul": False,
}
EXAMPLE1_AFTER = [stone("c6", "blue", 1), stone("e6", "blue", 2), stone("h9", "red", 1)]

# The rules' worked example 2 as a preview: semaphore A=5, B=3 from e0 by blue.
EXAMPLE2_BEFORE = [
    stone("d5", "blue", 2),
    stone("e5", "blue", 1),
    stone("e8", "red", 1),
    stone("a8", "red", 2),
]
EXAMPLE2_PREVIEW: dict[str, Any] = {
    "seat": 1,
    "combo": "three:5,3,1",
    "trajectory": "semaphore",
    "start": "e0",
    "numbers": [5, 3],
    "power": 5,
    "path": ["e1", "e2", "e3", "e4"],
    "moves": [
        {"colour": "blue", "n": 1, "from": "e5", "to": "e7", "path": ["e6", "e7"]},
        {"colour": "red", "n": 1, "from": "e8", "to": "e12", "path": ["e9", "e10", "e11", "e12"]},
        {"colour": "blue", "n": 2, "from": "d5", "to": "b7", "path": ["c6", "b7"]},
        {"colour": "red", "n": 2, "from": "a8", "to": None, "path": []},
    ],
    "foul": False,
    "stones": [
        stone("e4", "blue", 3),
        stone("e7", "blue", 1),
        stone("b7", "blue", 2),
        stone("e12", "red", 1),
    ],
    "house": {"zones": [[0, 0], [0, 1], [0, 1]], "score": [0, 2]},
    "segments": [
        {"cells": ["e1", "e2", "e3", "e4"], "hits": ["e5"]},
        {"cells": [], "hits": ["d5"]},
    ],
}

# A foul: on throw 3 red (reverse A=1, B=5 from d0) would knock blue's guard at
# g4 off the field; the free guard rule undoes it, so the stones stay put.
FOUL_BEFORE = [stone("g4", "blue", 1), stone("b9", "red", 1)]
FOUL_PREVIEW: dict[str, Any] = {
    "seat": 0,
    "combo": "pair:1,5",
    "trajectory": "reverse",
    "start": "d0",
    "numbers": [1, 5],
    "power": 1,
    "path": ["d1", "e2", "f3"],
    "moves": [{"colour": "blue", "n": 1, "from": "g4", "to": None, "path": ["h5"]}],
    "foul": True,
    "stones": FOUL_BEFORE,
    "house": {"zones": [[0, 0], [0, 0], [1, 0]], "score": [1, 0]},
    "segments": [{"cells": ["d1"], "hits": []}, {"cells": ["e2", "f3"], "hits": ["g4"]}],
}


def example1_view(**kw: Any) -> dict[str, Any]:
    return make_view(
        EXAMPLE1_AFTER,
        last=EXAMPLE1_LAST,
        throw_no=3,
        to_throw={"red": 7, "blue": 6},
        house={"zones": [[0, 0], [0, 0], [0, 2]], "score": [0, 2]},
        **kw,
    )


def render(view: dict[str, Any], names: Sequence[str] = NAMES) -> Image.Image:
    return png(curling.render_table(view, names=names))


def render_preview(
    view: dict[str, Any], preview: dict[str, Any], names: Sequence[str] = NAMES
) -> Image.Image:
    return png(curling.render_preview(view, preview, names=names))


# ------------------------------------------------------------------- helpers


def centre_box(cell: str, half: int = 10) -> Box:
    x, y = layout.cell_centre(cell)
    return (x - half, y - half, x + half, y + half)


def around(point: tuple[int, int], half: int) -> Box:
    return (point[0] - half, point[1] - half, point[0] + half, point[1] + half)


def dark(im: Image.Image, box: Box, level: int = 110) -> int:
    """Pixels in ``box`` darker than ``level`` (text, ink)."""
    return im.crop(box).convert("L").point(lambda v: 255 * (v < level)).histogram()[255]


def mask(im: Image.Image, box: Box, level: int = 110) -> bytes:
    return im.crop(box).convert("L").point(lambda v: 255 * (v < level)).tobytes()


def differs(a: Image.Image, b: Image.Image, box: Box) -> bool:
    """Whether ``box`` really differs between two images (ignoring palette noise)."""
    diff = ImageChops.difference(a.crop(box), b.crop(box)).convert("L")
    return max(diff.tobytes(), default=0) > 100


def blobs(im: Image.Image, box: Box, colour: c.RGB) -> int:
    """How many separate 4-connected blobs of exactly ``colour`` lie in ``box``."""
    region = im.crop(box)
    w, h = region.size
    pixels = region.load()
    assert pixels is not None
    seen: set[tuple[int, int]] = set()
    found = 0
    for y in range(h):
        for x in range(w):
            if (x, y) in seen or pixels[x, y] != colour:
                continue
            found += 1
            todo = [(x, y)]
            seen.add((x, y))
            while todo:
                px, py = todo.pop()
                for nx, ny in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                    inside = 0 <= nx < w and 0 <= ny < h
                    if inside and (nx, ny) not in seen and pixels[nx, ny] == colour:
                        seen.add((nx, ny))
                        todo.append((nx, ny))
    return found


def ring_lightness(im: Image.Image, cell: str) -> float:
    """The share of light pixels on the circle where a stone's ring is drawn."""
    import math

    cx, cy = layout.cell_centre(cell)
    r = layout.STONE_D / 2 * layout.RING
    grey = im.convert("L")
    light = 0
    samples = 144
    for k in range(samples):
        a = 2 * math.pi * k / samples
        value = grey.getpixel((round(cx + r * math.cos(a)), round(cy + r * math.sin(a))))
        assert isinstance(value, int)
        light += value > 170
    return light / samples


# ----------------------------------------------------------------- validity


def sample_views() -> dict[str, dict[str, Any]]:
    return {
        "empty": make_view(),
        "example1": example1_view(),
        "cards": cards_view(EXAMPLE1_AFTER, last=EXAMPLE1_LAST),
        "full": make_view(
            [
                stone(cell, "red" if i % 2 else "blue", i % 8 + 1)
                for i, cell in enumerate(ALL_CELLS[::3])
                if cell[1:] != "0"  # no stone stops on the start row
            ],
            last=EXAMPLE1_LAST,
        ),
        "over": make_view(
            EXAMPLE1_AFTER,
            over=True,
            phase="over",
            turn=None,
            winners=[0],
            end=8,
            end_scores=[[1, 0]] * 8,
            match=[8, 0],
        ),
        "extra": make_view(end=10, ends=8, end_scores=[[0, 0]] * 9, match=[3, 3]),
    }


@pytest.mark.parametrize(("name", "view"), sample_views().items(), ids=lambda v: str(v)[:12])
def test_table_is_a_small_png_of_the_fixed_size(name: str, view: dict[str, Any]) -> None:
    data = curling.render_table(view, names=NAMES)
    assert png(data).size == (layout.WIDTH, layout.HEIGHT), name
    assert len(data) <= MAX_PNG, (name, len(data))
    assert 900 <= layout.WIDTH <= 1100


def test_preview_has_the_tables_size_and_stays_small() -> None:
    view = make_view(EXAMPLE2_BEFORE, turn=1)
    data = curling.render_preview(view, EXAMPLE2_PREVIEW, names=NAMES)
    assert png(data).size == render(view).size == (layout.WIDTH, layout.HEIGHT)
    assert len(data) <= MAX_PNG


def test_rendering_is_deterministic() -> None:
    view = example1_view()
    first = curling.render_table(view, names=NAMES)
    sprites.stone_sprite.cache_clear()
    sprites.die_face.cache_clear()
    assert curling.render_table(copy.deepcopy(view), names=NAMES) == first
    before = make_view(EXAMPLE2_BEFORE, turn=1)
    once = curling.render_preview(before, EXAMPLE2_PREVIEW, names=NAMES)
    again = curling.render_preview(
        copy.deepcopy(before), copy.deepcopy(EXAMPLE2_PREVIEW), names=NAMES
    )
    assert once == again


def test_registry_has_the_table_and_the_preview_last() -> None:
    entry = registry.get("curling")
    assert entry.table is curling.render_table
    assert entry.private is None
    assert entry.preview is curling.render_preview
    assert list(registry.RENDERERS)[-1] == "curling"
    assert registry.get("caravan").preview is None


def test_the_key_colours_are_distinct() -> None:
    assert len(set(layout.KEEP)) == len(layout.KEEP)
    zones = list(layout.ZONE_COLOURS.values())
    assert len(set(zones)) == len(zones)
    assert not {RED, BLUE} & set(zones)


@pytest.mark.parametrize(
    "view",
    [
        {},
        {"stones": "x", "last": 5, "dice": "no", "cards": [1], "limit": 3},
        {"stones": [{"cell": "z99"}, {"cell": "c3", "colour": 7, "n": "x"}, None, 4]},
        {"last": {"path": ["c1", None, 5, "q77", "c2"], "moves": [None, {"from": "x"}]}},
        {"last": {"seat": 9, "start": "zz", "moves": [{"from": "a1", "to": None}] * 200}},
        {"dice": [9, -1, None, 3], "marked": [True] * 9, "end": -3, "ends": 10**9},
        {"variant": "cards", "cards": {"main": [None, 5, "ZZ"], "subs": ["x", [1, "KH"] * 9]}},
        {"over": True, "winners": [0, 1, 5, "x"], "end_scores": [[1], "x", [None, 2]] * 30},
        {"house": {"score": "x"}, "match": [10**12, -5], "to_throw": {"red": 10**9}},
    ],
)
def test_malformed_views_still_render(view: dict[str, Any]) -> None:
    assert render(view).size == (layout.WIDTH, layout.HEIGHT)
    preview = {"stones": view.get("stones"), "segments": [None, {"cells": 5, "hits": ["a1"]}]}
    assert render_preview(view, preview).size == (layout.WIDTH, layout.HEIGHT)


# ------------------------------------------------------------------ geometry


def test_cells_are_named_as_the_rules_do() -> None:
    assert layout.parse_cell("a0") == (0, 0)
    assert layout.parse_cell("h12") == (7, 12)
    assert layout.parse_cell("D8") == (3, 8)
    for bad in ("i3", "a13", "a-1", "", "c", "c²", None, 5, "cc3"):
        assert layout.parse_cell(bad) is None, bad
    assert layout.cell_name((2, 6)) == "c6"
    # The rules' rows: guard rows 1–5, then the rows a trajectory counts up to in the house.
    assert [layout.zone_row(r) for r in range(13)] == [
        None, *(("guard", n) for n in range(1, 6)), *(("house", n) for n in range(1, 8)),
    ]  # fmt: skip


def test_the_field_is_upright_square_and_inside_the_image() -> None:
    fx0, fy0, fx1, fy1 = layout.field_box()
    boxes = {name: layout.cell_box(name) for name in ALL_CELLS}
    for name, (x0, y0, x1, y1) in boxes.items():
        assert x1 - x0 == y1 - y0 == layout.CELL, name
        assert fx0 <= x0 and x1 <= fx1 and fy0 <= y0 and y1 <= fy1, name
    # Row 12 on top, row 0 at the bottom, a on the left, h on the right.
    assert boxes["a12"][:2] == (fx0, fy0)
    assert boxes["h0"][2:] == (fx1, fy1)
    assert boxes["c1"][1] == boxes["c0"][1] - layout.CELL
    assert boxes["d5"][0] == boxes["c5"][0] + layout.CELL
    assert layout.cell_box((3, 8)) == boxes["d8"]
    assert len({b[:2] for b in boxes.values()}) == 13 * 8
    assert fx1 < layout.player_box(0)[0]


def test_zones_follow_the_rules() -> None:
    zones = {name: layout.zone_of(name) for name in ALL_CELLS}
    assert sorted(n for n, z in zones.items() if z == "centre") == ["d8", "d9", "e8", "e9"]
    by_zone = {z: sum(1 for v in zones.values() if v == z) for z in set(zones.values())}
    assert by_zone == {"centre": 4, "middle": 12, "outer": 20, "guard": 40, "start": 8, "field": 20}
    for name in ("c7", "f10", "c10", "e7"):
        assert zones[name] == "middle", name
    for name in ("b6", "g11", "b8", "d11", "g6"):
        assert zones[name] == "outer", name
    for name in ("a6", "h8", "a12", "d12", "h11"):  # beside and behind the house
        assert zones[name] == "field", name
    assert zones["d5"] == "guard" and zones["a1"] == "guard" and zones["h0"] == "start"


def test_exit_points_lie_just_outside_the_border_where_the_stone_left() -> None:
    fx0, fy0, fx1, _fy1 = layout.field_box()
    x, y = layout.exit_point("d12", (0, 1))  # over the back
    assert y < fy0 and abs(x - layout.cell_centre("d12")[0]) <= 1
    x, y = layout.exit_point("h9", (1, 1))  # off the right side, past the cell's top corner
    assert x > fx1 and layout.cell_box("h9")[1] - 20 < y < layout.cell_box("h9")[1]
    x, y = layout.exit_point("a8", (-1, 1))
    assert x < fx0 and y < layout.cell_box("a8")[1]
    x, y = layout.exit_point("a3", (0, 0))  # unknown direction: the nearest border
    assert x < fx0 and layout.cell_box("a3")[1] < y < layout.cell_box("a3")[3]
    # A step that stays on the field goes on to the border.
    assert layout.exit_point("d9", (1, 0)) == layout.exit_point("h9", (1, 0))
    for point in (layout.exit_point("h12", (1, 1)), layout.exit_point("a1", (-1, 0))):
        assert 0 <= point[0] < layout.WIDTH and 0 <= point[1] < layout.HEIGHT
        assert point[0] < layout.player_box(0)[0]


def test_trajectory_steps_bend_clockwise_from_the_left_and_mirror_from_the_right() -> None:
    assert parse.trajectory_steps("semaphore", (2, 0)) == ((0, 1), (1, 1))
    assert parse.trajectory_steps("semaphore", (4, 0)) == ((0, 1), (-1, 1))
    assert parse.trajectory_steps("quadruple", (3, 0)) == ((-1, 1), (0, 1), (1, 1), (1, 0))
    assert parse.trajectory_steps("quadruple", (5, 0)) == ((1, 1), (0, 1), (-1, 1), (-1, 0))
    assert parse.trajectory_steps("nonsense", (2, 0)) == ()


# --------------------------------------------------------------------- field


def test_every_zone_is_shaded_in_its_own_colour() -> None:
    im = render(make_view(dice=None, limit=None))
    for name in ALL_CELLS:
        x, y = layout.cell_centre(name)
        pixel = im.getpixel((x + layout.CELL // 4, y + layout.CELL // 4))
        if name in ("c0", "d0", "e0", "f0"):
            assert pixel == layout.START_CELL, name  # the start pads
        else:
            assert pixel == layout.ZONE_COLOURS[layout.zone_of(name)], name


def test_the_start_pads_curl_their_way() -> None:
    im = render(make_view())

    def curl(name: str) -> bytes:  # the white curl arrow on the pad
        return im.crop(centre_box(name, 16)).convert("L").point(lambda v: 255 * (v > 220)).tobytes()

    left = curl("c0")
    assert left.count(255) > 60
    assert curl("d0") == left
    assert curl("e0") == curl("f0") != left
    assert count(im, layout.cell_box("b0"), layout.START_CELL) == 0


def test_every_row_and_column_is_labelled() -> None:
    im = render(make_view())
    rows = [mask(im, layout.row_label_box(r)) for r in range(13)]
    for r in range(13):
        assert dark(im, layout.row_label_box(r)) > 30, r
    assert len(set(rows)) == 13
    for top in (True, False):
        cols = [mask(im, layout.column_label_box(k, top=top)) for k in range(8)]
        assert all(dark(im, layout.column_label_box(k, top=top)) > 30 for k in range(8))
        assert len(set(cols)) == 8
    # The same letter above and below each column.
    for k in range(8):
        assert mask(im, layout.column_label_box(k)) == mask(
            im, layout.column_label_box(k, top=False)
        )
    # A row's label sits level with the row.
    for r in (0, 6, 12):
        assert layout.row_label_box(r)[1::2] == layout.cell_box((0, r))[1::2]


def test_every_stone_is_drawn_at_its_cell_in_its_colour_and_style() -> None:
    reds = ["b2", "d8", "h12", "a6", "g3"]
    blues = ["c1", "e9", "a12", "h6", "f5"]
    stones = [stone(x, "red", i + 1) for i, x in enumerate(reds)]
    stones += [stone(x, "blue", i + 1) for i, x in enumerate(blues)]
    im = render(make_view(stones))
    for name in ALL_CELLS:
        box = layout.cell_box(name)
        red, blue = count(im, box, RED), count(im, box, BLUE)
        if name in reds:
            assert red > 700 and blue == 0, (name, red, blue)
            assert ring_lightness(im, name) > 0.8, name  # one continuous light ring
        elif name in blues:
            assert blue > 700 and red == 0, (name, red, blue)
            assert 0.25 < ring_lightness(im, name) < 0.75, name  # a dashed ring
        else:
            assert red == blue == 0, name


def test_stones_carry_their_numbers() -> None:
    stones = [stone("b2", "red", 3), stone("g9", "red", 3), stone("d3", "red", 4)]
    stones += [stone("c4", "blue", 7), stone("h11", "blue", 7), stone("e5", "blue", 8)]
    im = render(make_view(stones))
    inner = {s["cell"]: mask(im, centre_box(s["cell"], 14), 60) for s in stones}
    assert all(m.count(255) > 20 for m in inner.values())
    assert inner["b2"] == inner["g9"] != inner["d3"]
    assert inner["c4"] == inner["h11"] != inner["e5"]
    assert inner["b2"] != inner["c4"]


def read_digit(im: Image.Image, cell: str) -> int:
    """The number printed on the stone at ``cell``, read by matching its white
    print against the digits 1–8 drawn in the bundled bold font."""
    from PIL import ImageDraw

    box = centre_box(cell, 15)
    seen = im.crop(box).convert("L").point(lambda v: 255 * (v > 200))
    best, score = 0, -1.0
    for digit in range(1, 9):
        ref = Image.new("L", seen.size, 0)
        ImageDraw.Draw(ref).text((15, 16), str(digit), font=c.font(33, bold=True), fill=255,
                                 anchor="mm")  # fmt: skip
        ref = ref.point(lambda v: 255 * (v > 127))
        both = ImageChops.darker(seen, ref).histogram()[255]
        either = ImageChops.lighter(seen, ref).histogram()[255]
        if both / max(either, 1) > score:
            best, score = digit, both / max(either, 1)
    return best


def test_each_stone_shows_its_own_throw_number() -> None:
    cells = ["b2", "d8", "h12", "a6", "g3", "c10", "f5", "e1"]
    for colour in ("red", "blue"):
        im = render(make_view([stone(x, colour, i + 1) for i, x in enumerate(cells)]))
        assert [read_digit(im, x) for x in cells] == list(range(1, 9)), colour


def test_the_last_throw_is_a_path_through_its_cells() -> None:
    im = render(example1_view())
    path = {"c0", *EXAMPLE1_LAST["path"]}
    for name in ALL_CELLS:
        found = count(im, centre_box(name, 8), layout.PATH)
        if name in path - {"e6"}:
            assert found > 40, name
        elif name != "e6":  # the thrown stone stands on its last cell
            assert found == 0, name
    # The thrown stone wears a halo in the path colour; the others do not.
    assert count(im, layout.cell_box("e6"), layout.PATH) > 150
    assert count(im, layout.cell_box("c6"), layout.PATH) == 0
    # The start cell is framed.
    x0, y0, x1, _y1 = layout.cell_box("c0")
    assert count(im, (x0, y0, x1, y0 + 8), layout.PATH) > 60


def test_no_last_throw_draws_no_path() -> None:
    im = render(make_view(EXAMPLE1_AFTER))
    assert count(im, layout.field_box(), layout.PATH) == 0
    assert count(im, layout.last_box(), c.INK) == 0


def test_struck_stones_leave_a_ghost_and_an_arrow() -> None:
    im = render(example1_view())
    plain = render(make_view(EXAMPLE1_AFTER))
    # A dashed ghost in the stone's colour where it stood, and ink of the arrow.
    for name, colour in (("f7", RED), ("c5", BLUE)):
        ghost = count(im, layout.cell_box(name), colour)
        assert 30 < ghost < 400, (name, ghost)
        assert count(plain, layout.cell_box(name), colour) == 0
    assert count(im, centre_box("g8", 6), c.INK) > 10  # f7 -> h9 passes g8
    assert count(plain, centre_box("g8", 6), c.INK) == 0
    # The arrow's head at the rim of the stone where it ended (h9), pointing up-right.
    hx, hy = layout.cell_centre("h9")
    reach = (layout.STONE_D / 2 + 2 + 7) / 2**0.5
    head = around((round(hx - reach), round(hy + reach)), 7)
    assert count(im, head, c.INK) > 80


def test_stones_that_left_the_field_are_crossed_out_at_the_border() -> None:
    last = {
        "seat": 0,
        "trajectory": "reverse",
        "start": "e0",
        "numbers": [3, 5],
        "power": 1,
        "path": ["e1", "e2", "e3", "d4"],
        "moves": [{"colour": "blue", "n": 1, "from": "c5", "to": None}],
        "foul": False,
    }
    after = [stone("d4", "red", 1)]
    im = render(make_view(after, last=last))
    # The blue went on up-left through b6, a7 and off: a blue cross past a7's corner.
    where = around(layout.exit_point("a7", (-1, 1)), 10)
    assert count(im, where, BLUE) > 40
    assert count(im, around(layout.exit_point("a7", (-1, 0)), 6), BLUE) == 0
    # When it stays on the field, no cross.
    kept = {**last, "moves": [{"colour": "blue", "n": 1, "from": "c5", "to": "a7"}]}
    im2 = render(make_view([*after, stone("a7", "blue", 1)], last=kept))
    assert count(im2, where, BLUE) == 0
    # The thrown stone itself: gone from the end of its path, crossed where it left.
    flew = {**last, "moves": [], "path": ["e1", "e2", "e3", "d4", "c5", "b6", "a7"]}
    im3 = render(make_view([], last=flew))
    assert count(im3, where, RED) > 40
    assert count(im3, centre_box("a7", 24), RED) == 0


def test_a_stone_struck_off_the_field_goes_the_way_the_thrown_stone_struck_it() -> None:
    # Triple from c0: up-left 3 meets a red at a2 after b1 and knocks it off up-left
    # with the 2 left; then up to H1 (b2..b6) and up-right 2 (c7, d8). Passing b2,
    # beside a2, must not make it look as if the red went off to the left.
    preview = {
        "seat": 1,
        "trajectory": "triple",
        "start": "c0",
        "numbers": [3, 1, 2],
        "power": 3,
        "path": ["b1", "b2", "b3", "b4", "b5", "b6", "c7", "d8"],
        "moves": [{"colour": "red", "n": 1, "from": "a2", "to": None, "path": []}],
        "foul": False,
        "stones": [stone("d8", "blue", 1)],
        "house": {"zones": [[0, 1], [0, 0], [0, 0]], "score": [0, 1]},
        "segments": [
            {"cells": ["b1"], "hits": ["a2"]},
            {"cells": ["b2", "b3", "b4", "b5", "b6"], "hits": []},
            {"cells": ["c7", "d8"], "hits": []},
        ],
    }
    im = render_preview(make_view([stone("a2", "red", 1)], turn=1), preview)
    assert count(im, around(layout.exit_point("a2", (-1, 1)), 10), RED) > 40
    assert count(im, around(layout.exit_point("a2", (-1, 0)), 6), RED) == 0


def test_a_thrown_stone_stuck_on_the_start_row_is_crossed_out_there() -> None:
    last = {"seat": 1, "trajectory": "reverse", "start": "d0", "numbers": [1, 4], "power": 1,
            "path": [], "moves": [{"colour": "blue", "n": 6, "from": "d1", "to": "d2"}],
            "foul": False}  # fmt: skip
    im = render(make_view([stone("d2", "blue", 6)], last=last))
    assert count(im, centre_box("d0", 12), BLUE) > 60
    assert count(render(make_view([stone("d2", "blue", 6)])), centre_box("d0", 12), BLUE) == 0


def test_the_foul_sign_shows_only_for_a_foul() -> None:
    foul = {k: v for k, v in FOUL_PREVIEW.items() if k not in ("stones", "house", "segments")}
    im = render(make_view(FOUL_BEFORE, last=foul))
    assert count(im, layout.foul_box(), layout.FOUL) > 1500
    assert count(im, layout.field_box(), layout.FOUL) > 100  # and a small one at the path's end
    for last in (None, {**foul, "foul": False}, EXAMPLE1_LAST):
        clean = render(make_view(FOUL_BEFORE, last=last))
        assert count(clean, (0, 0, layout.WIDTH, layout.HEIGHT), layout.FOUL) == 0
    # The undone throw removed its stone: nothing is crossed out as having left.
    assert count(im, around(layout.exit_point("f3", (1, 1)), 10), RED) == 0


# --------------------------------------------------------------------- panel


def test_dice_show_their_pips_and_marked_dice_are_raised() -> None:
    for dice in ([1, 2, 3, 4, 5], [5, 4, 6, 2, 1]):
        marked = [False, True, False, False, True]
        im = render(make_view(dice=dice, marked=marked, phase="reroll"))
        for i, value in enumerate(dice):
            box = layout.die_box(i, raised=marked[i])
            assert blobs(im, box, c.INK) == value, (dice, i)
            frame = count(im, box, c.TURN_MARK)
            assert (frame > 150) == marked[i], (i, frame)
            low = layout.die_box(i)
            strip = (low[0], box[3] + 1, low[2], low[3])  # under a raised die: bare panel
            if marked[i]:
                assert count(im, strip, c.PANEL) == (strip[2] - strip[0]) * (strip[3] - strip[1])
    # Before the roll: blank faces, no pips.
    im = render(make_view(dice=None, phase="roll"))
    for i in range(5):
        assert blobs(im, layout.die_box(i), c.INK) == 0
        assert count(im, layout.die_box(i), c.BACKGROUND) > 1000
    # A short list (a broken view) leaves the missing dice blank.
    im = render(make_view(dice=[2, 2]))
    assert [blobs(im, layout.die_box(i), c.INK) for i in range(5)] == [2, 2, 0, 0, 0]


def test_the_card_variant_draws_main_and_substitution_cards_and_no_dice() -> None:
    view = cards_view()
    im = render(view)
    inks = {"S": c.INK, "H": c.SUIT_RED, "D": c.SUIT_BLUE, "C": c.SUIT_GREEN}
    for i, code in enumerate(view["cards"]["main"]):
        box = layout.main_card_box(i, 5)
        assert count(im, box, inks[code[-1]]) > 100, code
        assert count(im, box, c.PAPER) > 1000, code
    for seat, subs in enumerate(view["cards"]["subs"]):
        for j in range(5):
            box = layout.sub_card_box(seat, j)
            if j < len(subs):
                assert count(im, box, inks[subs[j][-1]]) > 60, (seat, j)
            else:
                assert count(im, box, c.PAPER) == 0, (seat, j)
    assert count(im, layout.deck_box(), c.CARD_BACK) > 100
    # Six main cards (full deck) fit in the row too.
    six = cards_view(cards={**view["cards"], "main": ["2S", "3H", "4D", "5C", "6S", "JH"]})
    im6 = render(six)
    for i, code in enumerate(six["cards"]["main"]):
        assert count(im6, layout.main_card_box(i, 6), inks[code[-1]]) > 80, code
    assert layout.main_card_box(5, 6)[2] <= layout.WIDTH - 8
    # The dice variant shows no card ink in the same place.
    dice = render(make_view())
    assert count(dice, layout.main_card_box(1, 5), c.SUIT_RED) == 0


def test_hammer_lies_by_the_seat_that_has_it() -> None:
    for seat in (0, 1):
        im = render(make_view(hammer=seat))
        assert count(im, layout.hammer_box(seat), layout.WOOD) > 40
        assert count(im, layout.hammer_box(1 - seat), layout.WOOD) == 0


@pytest.mark.parametrize("turn", [0, 1])
def test_turn_marker_is_in_the_movers_row_only(turn: int) -> None:
    im = render(make_view(turn=turn))
    assert count(im, layout.marker_box(turn), c.TURN_MARK) > 300
    assert count(im, layout.marker_box(1 - turn), c.TURN_MARK) == 0


def test_a_finished_match_stars_the_winner_and_marks_no_turn() -> None:
    view = sample_views()["over"]
    im = render(view)
    assert count(im, layout.marker_box(0), c.GOLD) > 200
    assert count(im, layout.marker_box(1), c.GOLD) == 0
    assert count(im, layout.marker_box(0), c.TURN_MARK) == 0
    assert count(im, layout.winner_box(), c.GOLD) > 300
    assert count(im, layout.winner_box(), RED) > 300  # the winner's stone
    assert count(im, layout.winner_box(), BLUE) == 0
    running = render({**view, "over": False, "turn": 0})
    assert count(running, layout.winner_box(), c.GOLD) == 0


def test_stones_to_throw_and_stones_out_are_counted() -> None:
    im = render(make_view(to_throw={"red": 3, "blue": 8}, out={"red": 2, "blue": 0}))
    for seat, colour, left in ((0, RED, 3), (1, BLUE, 8)):
        for i in range(8):
            found = count(im, layout.to_throw_box(seat, i), colour)
            assert (found > 60) == (i < left), (seat, i, found)
    assert count(im, layout.out_box(0), RED) > 40
    assert dark(im, layout.out_box(0)) > 40
    assert count(im, layout.out_box(1), BLUE) == 0 and dark(im, layout.out_box(1)) == 0


def test_the_match_score_is_the_biggest_number() -> None:
    a = render(make_view(match=[3, 0]))
    b = render(make_view(match=[0, 3]))
    left, right = layout.match_number_box(0), layout.match_number_box(1)
    assert mask(a, left) == mask(b, right)  # the same "3" on either side
    assert mask(a, right) == mask(b, left)  # ... and the same "0"
    assert mask(a, left) != mask(a, right)
    assert dark(a, left) > 400  # big
    # Red's number is the left one: only it follows red's total.
    c1 = render(make_view(match=[3, 1]))
    assert mask(c1, left) == mask(a, left) and mask(c1, right) != mask(a, right)
    # Each side's stone stands by its number, red left, blue right.
    _x0, y0, _x1, y1 = layout.match_box()
    red_side = (layout.PANEL_X, y0, left[0], y1)
    blue_side = (right[2], y0, layout.WIDTH, y1)
    assert count(a, red_side, RED) > 300 and count(a, red_side, BLUE) == 0
    assert count(a, blue_side, BLUE) > 300 and count(a, blue_side, RED) == 0
    # The house count does not touch it.
    house = render(make_view(match=[3, 0], house={"zones": [], "score": [2, 0]}))
    assert not differs(a, house, layout.match_box())


def test_the_current_ends_column_holds_its_house_count() -> None:
    view = make_view(end=2, end_scores=[[1, 0]], house={"zones": [], "score": [0, 2]})
    im = render(view)
    for side in (0, 1):
        live = layout.scoreboard_cell(side + 1, 1, 8)
        assert count(im, live, c.TURN_MARK) > 20, side  # not final yet: the turn's colour
        other = render({**view, "house": {"zones": [], "score": [3, 1]}})
        assert differs(im, other, live), side
    assert count(im, layout.scoreboard_cell(1, 0, 8), c.TURN_MARK) == 0  # a finished end: ink
    over = render({**view, "over": True, "turn": None, "winners": [0]})
    assert count(over, layout.scoreboard_cell(1, 1, 8), c.TURN_MARK) == 0


def test_the_scoreboard_lists_finished_ends_and_the_totals() -> None:
    view = make_view(end=4, end_scores=[[2, 0], [0, 1], [0, 0]], match=[2, 1])
    im = render(view)
    for k in range(8):
        for row in (1, 2):
            ink = dark(im, layout.scoreboard_cell(row, k, 8), 160)
            assert (ink > 10) == (k <= 3), (k, row)  # end 4's column: its house count
    assert dark(im, layout.scoreboard_cell(1, 8, 8)) > 10  # Σ
    totals = render({**view, "match": [5, 1]})
    assert differs(im, totals, layout.scoreboard_cell(1, 8, 8))
    assert not differs(im, totals, layout.scoreboard_cell(2, 8, 8))
    # The current end's column is highlighted.
    assert count(im, layout.scoreboard_cell(0, 3, 8), c.TURN_BAND) > 100
    assert count(im, layout.scoreboard_cell(0, 2, 8), c.TURN_BAND) == 0
    # Different scores, different cells.
    other = render({**view, "end_scores": [[3, 0], [0, 1], [0, 0]]})
    assert differs(im, other, layout.scoreboard_cell(1, 0, 8))
    assert not differs(im, other, layout.scoreboard_cell(2, 0, 8))


def test_the_end_and_an_extra_end_are_shown() -> None:
    normal = render(make_view(end=8, ends=8))
    extra = render(make_view(end=9, ends=8, end_scores=[[0, 0]] * 8))
    assert count(normal, layout.end_box(), c.TURN_MARK) == 0
    assert count(extra, layout.end_box(), c.TURN_MARK) > 300  # the "+1" pill
    assert differs(render(make_view(end=3)), render(make_view(end=4)), layout.end_box())


def test_the_limit_shows_the_power_and_what_sets_it() -> None:
    base = render(make_view(limit={"l1": 3, "l2": 2, "l": 2}))
    box = layout.limit_box()
    assert dark(base, box) > 100
    assert count(base, box, c.TURN_MARK) > 50  # ⚡≤L in its pill
    # The opponent's previous throw is their stone (blue, as red is to move).
    assert count(base, box, BLUE) > 100 and count(base, box, RED) == 0
    assert differs(base, render(make_view(limit={"l1": 3, "l2": 4, "l": 3})), box)
    assert differs(base, render(make_view(limit={"l1": 5, "l2": 2, "l": 2})), box)
    first = render(make_view(limit={"l1": 3, "l2": None, "l": 3}))  # no previous throw
    assert count(first, box, BLUE) == 0 and count(first, box, c.TURN_MARK) > 50
    none = render(make_view(limit=None))
    assert dark(none, box) == 0
    # Before the roll only the previous throw limits, and a limit of 5 limits nothing.
    rolling = {"l1": None, "l": None}
    assert count(render(make_view(phase="roll", limit={**rolling, "l2": 2})), box, BLUE) > 100
    assert dark(render(make_view(phase="roll", limit={**rolling, "l2": 5})), box) == 0


@pytest.mark.parametrize(
    "names",
    [
        ["Мария-Антуанетта фон Шлезвиг-Гольштейн-Зондербург", "W" * 90],
        ["🦔🦔🦔🦔 ёжик", "👨\u200d👩\u200d👧 семья"],
        ["", "   "],
        [],
    ],
)
def test_long_and_odd_names_are_fitted_into_their_place(names: list[str]) -> None:
    im = render(make_view(hammer=None), names)
    for seat in (0, 1):
        x0, y0, x1, y1 = layout.name_box(seat)
        assert dark(im, (x0, y0, x1, y1)) > 20, seat
        # Nothing spills past the panel's inset.
        assert dark(im, (x1 + 1, y0, layout.WIDTH, y1)) == 0, seat


# ------------------------------------------------------------------- preview


def test_a_preview_is_framed_and_marked_while_the_table_is_not() -> None:
    view = make_view(EXAMPLE2_BEFORE, turn=1)
    table = render(view)
    im = render_preview(view, EXAMPLE2_PREVIEW)
    edge = (0, 0, layout.WIDTH, 8)
    assert count(im, edge, layout.PREVIEW) > 1000
    assert count(im, (0, 0, 8, layout.HEIGHT), layout.PREVIEW) > 1000
    assert count(table, (0, 0, layout.WIDTH, layout.HEIGHT), layout.PREVIEW) == 0
    assert count(im, layout.preview_mark_box(), layout.PREVIEW) > 300


def test_a_preview_draws_the_stones_where_they_would_end() -> None:
    view = make_view(EXAMPLE2_BEFORE, turn=1)
    im = render_preview(view, EXAMPLE2_PREVIEW)
    after = {s["cell"]: s["colour"] for s in EXAMPLE2_PREVIEW["stones"]}
    for name in ALL_CELLS:
        box = layout.cell_box(name)
        if name in after:
            colour = RED if after[name] == "red" else BLUE
            assert count(im, box, colour) > 700, name
        elif name in ("e5", "d5", "e8", "a8"):  # old places: ghosts only
            assert count(im, box, RED) + count(im, box, BLUE) < 400, name
    # The thrown stone (e4) wears the halo.
    assert count(im, layout.cell_box("e4"), layout.PATH) > 150


def test_a_preview_draws_every_segment_numbered_and_every_collision() -> None:
    view = make_view(EXAMPLE2_BEFORE, turn=1)
    im = render_preview(view, EXAMPLE2_PREVIEW)
    for name in ("e0", "e1", "e3"):  # e2 holds the first segment's number
        assert count(im, centre_box(name, 8), layout.PATH) > 40, name
    assert (
        count(im, centre_box("f4", 8), layout.PATH)
        == count(im, centre_box("c3", 8), layout.PATH)
        == 0
    )
    # A burst where the thrown stone struck: e4 -> e5 and e4 -> d5.
    for hit in ("e5", "d5"):
        point = field.burst_centre(layout.parse_cell("e4"), layout.parse_cell(hit))  # type: ignore[arg-type]
        assert count(im, around(point, 14), layout.BURST) > 40, hit
    no_hits = {**EXAMPLE2_PREVIEW, "segments": [{"cells": s["cells"], "hits": []}
                                                for s in EXAMPLE2_PREVIEW["segments"]]}  # fmt: skip
    assert count(render_preview(view, no_hits), layout.field_box(), layout.BURST) == 0
    # Segment numbers: the first halfway along e0..e4, the second towards d5.
    first = around((layout.cell_centre("e2")[0], layout.cell_centre("e2")[1]), 12)
    assert dark(im, first, 80) > 20
    renumbered = {**EXAMPLE2_PREVIEW, "numbers": [4, 3]}
    assert differs(im, render_preview(view, renumbered), first)
    tag = field.segment_label_centre([layout.cell_centre("e4")], [(3, 5)])
    assert tag is not None
    assert count(im, around(tag, 8), c.PAPER) > 20
    second = around(tag, 10)
    assert differs(im, render_preview(view, {**EXAMPLE2_PREVIEW, "numbers": [5, 2]}), second)
    # Struck stones' paths: e8 -> e12 passes e10.
    assert count(im, centre_box("e10", 5), c.INK) > 10
    # The red knocked off a8 went on up-left (as the blue that struck it): crossed there.
    assert count(im, around(layout.exit_point("a8", (-1, 1)), 10), RED) > 40


def test_a_preview_shows_the_house_count_after_the_throw() -> None:
    view = make_view(EXAMPLE2_BEFORE, turn=1, house={"zones": [], "score": [1, 0]})
    im = render_preview(view, EXAMPLE2_PREVIEW)
    table = render(view)
    for side in (0, 1):
        box = layout.scoreboard_cell(side + 1, 0, 8)
        assert count(im, box, layout.PREVIEW) > 20, side  # in the preview's colour
        assert mask(im, box) != mask(table, box), side  # 0 : 2 after it, 1 : 0 before


def test_a_foul_preview_has_its_big_sign_and_a_clean_one_has_none() -> None:
    view = make_view(FOUL_BEFORE)
    foul = render_preview(view, FOUL_PREVIEW)
    assert count(foul, layout.foul_box(), layout.FOUL) > 2500
    clean = render_preview(view, {**FOUL_PREVIEW, "foul": False})
    assert count(clean, (0, 0, layout.WIDTH, layout.HEIGHT), layout.FOUL) == 0
    # The guard it would knock off is shown going over the edge.
    assert count(foul, around(layout.exit_point("h5", (1, 1)), 10), BLUE) > 40


# --------------------------------------------------------------- real games


def test_real_playouts_render_tables_and_previews() -> None:
    try:
        from games import registry as games

        game = games.get("curling")
    except Exception:  # pragma: no cover - the engine is not there yet
        pytest.skip("no curling engine registered")
    for variant, seed in (("dice", 1), ("cards", 2)):
        state = game.new_game(2, {"variant": variant, "ends": 2}, seed=seed)
        rng = random.Random(seed)
        for step in range(2000):
            if game.is_over(state):
                break
            view = game.view(state, None)
            seat = game.to_move(state)[0]
            actions = game.legal_actions(state, seat)
            if step % 9 == 0:
                im = render(view)
                assert im.size == (layout.WIDTH, layout.HEIGHT)
                for item in view["stones"]:
                    colour = RED if item["colour"] == "red" else BLUE
                    assert count(im, layout.cell_box(item["cell"]), colour) > 500, item
                throws = [a for a in actions if a[0] == "throw"]
                if throws:
                    preview = game.preview(state, seat, rng.choice(throws))
                    assert preview is not None
                    pim = render_preview(view, preview)
                    assert pim.size == (layout.WIDTH, layout.HEIGHT)
                    for item in preview["stones"]:
                        colour = RED if item["colour"] == "red" else BLUE
                        assert count(pim, layout.cell_box(item["cell"]), colour) > 500, item
            state = game.apply(state, seat, rng.choice(actions))
        assert game.is_over(state)
        assert render(game.view(state, None)).size == (layout.WIDTH, layout.HEIGHT)
