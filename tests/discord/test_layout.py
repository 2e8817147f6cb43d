"""Neutral button rows fitted into Discord's limits (5 rows × 5 buttons, 25 per select)."""

from __future__ import annotations

import random

import pytest

from bot.core.screen_base import Button
from bot.discord.layout import Key, Picker, TooManyChoices, fit
from games import registry
from games.core.menu import build_menu, movers


def choices(n: int, prefix: str = "m:TBL1:3:0:") -> list[Button]:
    return [Button(f"card {i}", f"{prefix}{i}", choice=True) for i in range(n)]


def control(label: str) -> Button:
    return Button(label, f"m:TBL1:3:0:{label}")


def test_rows_that_fit_stay_buttons_in_their_layout() -> None:
    grid = tuple(tuple(choices(4, f"m:TBL1:3:0:{r}.")) for r in range(4))
    rows = fit(grid, (Button("hand", "H:TBL1"),), placeholder="Choose")
    assert len(rows) == 5
    assert all(isinstance(row, tuple) and len(row) == 4 for row in rows[:4])
    assert rows[4] == (Key("hand", "H:TBL1"),)


def test_a_long_row_is_split_into_rows_of_five() -> None:
    rows = fit((tuple(choices(8)),), placeholder="Choose")
    assert [len(row) for row in rows if isinstance(row, tuple)] == [5, 3]


def test_too_many_rows_become_select_menus_and_controls_stay_buttons() -> None:
    menu = [(b,) for b in choices(30)]
    nav = (control("back"), control("cancel"))
    rows = fit((*menu, nav), (Button("dm", "D:1"),), placeholder="Choose")
    pickers = [row for row in rows if isinstance(row, Picker)]
    assert [len(p.options) for p in pickers] == [25, 5]
    assert [p.custom_id for p in pickers] == ["S:0", "S:1"]
    assert pickers[0].placeholder == "Choose (1/2)"
    assert pickers[0].options[0] == ("card 0", "m:TBL1:3:0:0")
    buttons = [row for row in rows if isinstance(row, tuple)]
    assert [[k.label for k in row] for row in buttons] == [["back", "cancel", "dm"]]
    assert len(rows) <= 5


def test_blank_cells_are_disabled_with_unique_ids_and_left_out_of_selects() -> None:
    blank = Button("·", "z:TBL1", choice=True)
    grid = ((blank, *choices(2)), (blank, blank))
    rows = fit(grid, placeholder="Choose")
    keys = [k for row in rows if isinstance(row, tuple) for k in row]
    blanks = [k for k in keys if k.disabled]
    assert len(blanks) == 3 and len({k.custom_id for k in blanks}) == 3
    big = tuple((blank, b) for b in choices(40))
    picked = fit(big, placeholder="Choose")
    values = [v for row in picked if isinstance(row, Picker) for _, v in row.options]
    assert len(values) == 40 and not any(v.startswith("z:") for v in values)


def test_labels_are_cut_to_discords_limits() -> None:
    long = Button("x" * 200, "m:TBL1:3:0:0", choice=True)
    (row,) = fit(((long,),), placeholder="Choose")
    assert isinstance(row, tuple) and len(row[0].label) == 80 and row[0].label.endswith("…")
    many = tuple((Button("y" * 200, f"m:TBL1:3:0:{i}", choice=True),) for i in range(6))
    picker = fit(many, placeholder="Choose")[0]
    assert isinstance(picker, Picker) and len(picker.options[0][0]) == 100


def test_more_than_five_selects_worth_is_refused() -> None:
    with pytest.raises(TooManyChoices):
        fit(tuple((b,) for b in choices(126)), placeholder="Choose")


@pytest.mark.parametrize("name", ["klac", "klotho", "krendzu", "caravan", "curling"])
def test_every_menu_of_random_games_fits_in_one_message(name: str) -> None:
    """Menus (each level, several seeded games) fit in select menus plus a row of
    controls, whatever the game; the longest seen is some 30 options."""
    game = registry.get(name)
    longest = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(min(game.min_seats + seed % 2, game.max_seats), {}, seed)
        for _ in range(150):
            if game.is_over(state):
                break
            seat = movers(game, state)[0]
            path: tuple[int, ...] = ()
            while (menu := build_menu(game, state, seat, path)).action is None:
                buttons = tuple((Button(c.msg, "m:TBL1:1:0:0", choice=True),) for c in menu.options)
                fit((*buttons, (control("back"), control("why"))), placeholder="Choose")
                longest = max(longest, len(menu.options))
                path = (*path, rng.randrange(len(menu.options)))
            state = game.apply(state, seat, menu.action)
    assert longest > 1
