"""Logical Curling's tap targets: each lies inside the picture over what it
stands for (a die, the sign under the dice, a trajectory's tile, a start
cell, the deck, a card, the stop sign), and at every step of a seat's menu the
targets a page offers are exactly the buttons shown: the steps with nothing
drawn to tap for them (the card variant's combinations, trajectories and null
throw, a poker's free numbers) are the picture's decisions, chips over it.

Positions come from real games of the engine, played with random legal
moves; the menu is the one the buttons use (``choice_paths``), and a target is
offered as the seat page offers it (``bot/webpage/static/seat.js``: ``a/b``
only right after the choice ``a``; see ``tests/render/menus.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from games import registry
from render import common as c
from render import curling
from render import registry as renderers
from render.curling import layout
from render.curling.targets import card_number
from tests.render import menus
from tests.render.helpers import count, png
from tests.render.menus import Level, offered

GAME = registry.get("curling")
NAMES = ["Anya", "Bob"]


def positions(variant: str, seed: int, moves: int = 150) -> Iterator[tuple[Any, int]]:
    """Each position of a short match with random legal moves, and its seat to act."""
    return menus.positions("curling", seed, moves, {"variant": variant, "ends": 2})


def levels(state: Any, seat: int) -> Iterator[Level]:
    """Every level of the seat's menu: the keys chosen to reach it, and its options' keys."""
    return menus.levels("curling", state, seat)


def targets_of(state: Any) -> list[tuple[str, Any]]:
    return list(curling.table_targets(GAME.view(state, None), names=NAMES))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_step_of_a_dice_move_has_a_target_for_each_of_its_buttons(seed: int) -> None:
    phases = set()
    for state, seat in positions("dice", seed):
        targets = targets_of(state)
        for chosen, keys in levels(state, seat):
            missing = set(keys) - offered(targets, chosen, keys)
            assert not missing, (state.phase, chosen, keys, targets)
            phases.add(state.phase)
    assert phases == {"roll", "reroll", "aim"}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_card_move_is_tapped_and_its_combinations_trajectories_null_throw_decided(
    seed: int,
) -> None:
    tapped: set[str] = set()
    decided: set[str] = set()
    for state, seat in positions("cards", seed):
        targets = targets_of(state)
        boxed = [(key, box) for key, box in targets if box is not None]
        for chosen, keys in levels(state, seat):
            shown = offered(targets, chosen, keys)
            assert set(keys) == shown, (state.phase, chosen, keys, targets)
            on_picture = offered(boxed, chosen, keys)
            tapped |= on_picture
            decided |= {key[0] for key in shown - on_picture}
            # Nothing on the picture stands for a combination or a trajectory.
            assert not {key for key in on_picture if key[0] in "kp"}, (chosen, on_picture)
    # The deck, the first player's cards, the stop sign, numbers, start cells, a throw.
    assert {"draw", "stop", "ok"} <= tapped
    assert {key[0] for key in tapped if key != "draw"} >= {"d", "n", "s"}
    # Combinations, trajectories and the null throw's confirmation, as chips.
    assert decided >= {"k", "p", "o"}, decided


@pytest.mark.parametrize("variant", ["dice", "cards"])
def test_every_target_is_a_choice_of_the_seat_s_menu(variant: str) -> None:
    for state, seat in positions(variant, 4, moves=80):
        menu = list(levels(state, seat))
        # (A decision is met only where its step is: see the tests above.)
        for target, _box in (t for t in targets_of(state) if t[1] is not None):
            assert any(menus.stands_for(target, chosen, keys) for chosen, keys in menu), (
                state.phase,
                target,
            )


def pixels(box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    return (
        round(x0 * layout.WIDTH),
        round(y0 * layout.HEIGHT),
        round(x1 * layout.WIDTH),
        round(y1 * layout.HEIGHT),
    )


def area(box: tuple[int, int, int, int]) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])


def drawn_under(im: Image.Image, key: str, box: tuple[int, int, int, int], view: Any) -> bool:
    """Whether the picture shows at ``box`` the thing target ``key`` stands for."""
    kind = key[0]  # "sc0/ok" stands on the start cell, as "sc0" does
    if key == "roll":  # five blank dice
        return count(im, box, c.BACKGROUND) > 5 * 1500
    if key in ("rethrow", "keep"):
        mark = c.INK if key == "rethrow" else c.GREEN
        return count(im, box, c.TURN_BAND) > area(box) // 2 and count(im, box, mark) > 100
    if key == "stop":
        return count(im, box, layout.FOUL) > area(box) // 3
    if key == "draw":
        return count(im, box, c.CARD_BACK) > 300
    if kind == "p":
        return count(im, box, layout.PATH) > 150
    if kind == "s":
        return count(im, box, layout.START_CELL) > area(box) // 3
    if kind in "tn" and view["variant"] == "dice":
        # Exactly a die's place; a die shows its pips as ink on white.
        dice = view["dice"]
        places = [(i, layout.die_box(i, raised=bool(view["marked"][i]))) for i in range(len(dice))]
        i = next((i for i, place in places if place == box), None)
        if i is None or count(im, box, c.PAPER) < area(box) // 2:
            return False
        return kind == "t" or dice[i] == int(key[1:])
    # A card: the face of a main or substitution card with that code or number.
    cards = view["cards"]
    faces = [
        *(
            (code, layout.main_card_box(i, len(cards["main"])))
            for i, code in enumerate(cards["main"])
        ),
        *(
            (code, layout.sub_card_box(seat, j))
            for seat in (0, 1)
            for j, code in enumerate(cards["subs"][seat])
        ),
    ]
    code = next((code for code, place in faces if place == box), None)
    if code is None or count(im, box, c.PAPER) < area(box) // 3:
        return False
    return code == key[1:] if kind == "d" else card_number(code) == int(key[1:])


@pytest.mark.parametrize("variant", ["dice", "cards"])
def test_each_target_lies_inside_the_picture_over_what_it_stands_for(variant: str) -> None:
    seen = set()
    for state, _seat in positions(variant, 5, moves=60):
        view = GAME.view(state, None)
        im = png(curling.render_table(view, names=NAMES))
        for key, share in curling.table_targets(view, names=NAMES):
            if share is None:
                continue
            x0, y0, x1, y1 = share
            assert 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1, (key, share)
            box = pixels(share)
            assert drawn_under(im, key, box, view), (state.phase, key, box)
            seen.add(key[0])
    assert seen >= ({"r", "t", "p", "n", "s"} if variant == "dice" else {"d", "s", "n"})


def test_a_preview_shows_the_tables_targets_where_they_were() -> None:
    state, seat = next((s, seat) for s, seat in positions("dice", 6) if s.phase == "aim")
    view = GAME.view(state, None)
    action = GAME.legal_actions(state, seat)[0]
    preview = png(curling.render_preview(view, GAME.preview(state, seat, action), names=NAMES))
    for key, share in curling.table_targets(view, names=NAMES):
        if share is not None and key.startswith(("p", "s")):
            assert drawn_under(preview, key, pixels(share), view), key


def test_nobody_to_act_means_no_targets_and_odd_views_give_none() -> None:
    over = next(GAME.view(s, None) for s, _ in positions("dice", 7, moves=1000) if s.phase == "aim")
    assert curling.table_targets({**over, "over": True, "turn": None}, names=NAMES) == []
    for odd in ({}, {"turn": 0, "phase": "reroll", "dice": "x"}, {"turn": 5, "phase": "aim"}):
        targets = curling.table_targets(odd, names=NAMES)
        assert all(not key.startswith(("t", "n")) for key, box in targets if box), targets
    assert renderers.get("curling").table_targets is curling.table_targets
