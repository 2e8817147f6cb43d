"""Logical Curling's tap targets: each lies inside the picture over what it
stands for (a die, the sign under the dice, a trajectory's tile, a start
cell, the deck, a card, the stop sign), and at every step of a seat's menu the
targets a page offers are exactly the buttons shown (the dice variant), or
all of them but the steps with no place on the picture (the card variant's
combinations, trajectories and null throw).

Positions come from real games of the engine, played with random legal
moves; the menu is the one the buttons use (``choice_paths``), and a target is
offered as the seat page offers it (``bot/webpage/static/seat.js``: ``a/b``
only right after the choice ``a``; see ``tests/render/menus.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
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


def unseen_numbers(view: Mapping[str, Any], seat: int) -> set[str]:
    """The number keys no die or card of the seat's shows: a combination whose
    numbers are free (poker, four) offers them with no place on the picture."""
    if view["variant"] == "dice":
        shown = set(view["dice"] or ())
    else:
        codes = [*view["cards"]["main"], *view["cards"]["subs"][seat]]
        shown = {card_number(code) for code in codes}
    return {f"n{v}" for v in range(1, 6) if v not in shown}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_step_of_a_dice_move_has_a_target_for_each_of_its_buttons(seed: int) -> None:
    phases = set()
    for state, seat in positions("dice", seed):
        targets = targets_of(state)
        unseen = unseen_numbers(GAME.view(state, None), seat)
        for chosen, keys in levels(state, seat):
            missing = set(keys) - offered(targets, chosen, keys) - unseen
            assert not missing, (state.phase, chosen, keys, targets)
            phases.add(state.phase)
    assert phases == {"roll", "reroll", "aim"}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_card_move_is_tapped_but_for_combinations_trajectories_and_the_null_throw(
    seed: int,
) -> None:
    tapped: set[str] = set()
    for state, seat in positions("cards", seed):
        targets = targets_of(state)
        unseen = unseen_numbers(GAME.view(state, None), seat)
        for chosen, keys in levels(state, seat):
            shown = offered(targets, chosen, keys)
            tapped |= shown
            # The null throw's confirmation (alone, or after its combination).
            null = chosen in ((), ("knull",))
            no_place = {k for k in keys if k[0] in "kp" or (k == "ok" and null)}
            missing = set(keys) - shown - no_place - unseen
            assert not missing, (state.phase, chosen, keys, targets)
    # The deck, the first player's cards, the stop sign, numbers, start cells, a throw.
    assert {"draw", "stop", "ok"} <= tapped
    assert {key[0] for key in tapped if key != "draw"} >= {"d", "n", "s"}


@pytest.mark.parametrize("variant", ["dice", "cards"])
def test_every_target_is_a_choice_of_the_seat_s_menu(variant: str) -> None:
    for state, seat in positions(variant, 4, moves=80):
        menu = list(levels(state, seat))
        for target, _box in targets_of(state):
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
        if key.startswith(("p", "s")):
            assert drawn_under(preview, key, pixels(share), view), key


def test_nobody_to_act_means_no_targets_and_odd_views_give_none() -> None:
    over = next(GAME.view(s, None) for s, _ in positions("dice", 7, moves=1000) if s.phase == "aim")
    assert curling.table_targets({**over, "over": True, "turn": None}, names=NAMES) == []
    for odd in ({}, {"turn": 0, "phase": "reroll", "dice": "x"}, {"turn": 5, "phase": "aim"}):
        targets = curling.table_targets(odd, names=NAMES)
        assert all(not key.startswith(("t", "n")) for key, _ in targets), targets
    assert renderers.get("curling").table_targets is curling.table_targets
