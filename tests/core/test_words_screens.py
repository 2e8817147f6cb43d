"""Clear words around the pictures: the marks on buttons are explained right above
them, the captions name colours and shapes as the pictures draw them, Curling's
caption is short and plain, and a move asks for what it really needs."""

from __future__ import annotations

import random
import re
from functools import partial
from typing import Any

import pytest

from bot.core import presenters
from bot.core.i18n import I18n
from bot.core.screen_base import Screen
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.tables import Table
from games import registry
from games.core.menu import build_menu
from render import klac as klac_render
from render.curling import layout as curling_layout
from tests.core.helpers import ALICE, BOB, CAROL, curling_table_at, play_first_legal, put_state
from tests.games.curling_positions import make_state

LANGS = ("ru", "en")
#: What each Klotho cell button's mark does, by its mark.
KLOTHO_MARKS = ("📍", "🚶", "🃏", "♻️", "…")


@pytest.fixture
def screens(service: TableService, i18n: I18n) -> Screens:
    return Screens(service, i18n)


def labels(screen: Screen) -> list[str]:
    return [button.label for row in screen.buttons for button in row]


async def klotho_table(service: TableService) -> tuple[Table, Any]:
    table = await service.create("tg:-100", ALICE, "klotho")
    await service.join(table.id, BOB)
    await service.join(table.id, CAROL)
    await service.start(table.id, ALICE.key)
    return await service.get(table.id)


@pytest.mark.parametrize("lang", LANGS)
async def test_klotho_explains_its_cell_marks_right_above_the_buttons(
    service: TableService, screens: Screens, lang: str
) -> None:
    table, state = await klotho_table(service)
    seen: set[str] = set()
    for _ in range(12):  # the placements, then moves from the chips
        screen = await screens.table(table, state, lang)
        marks = {m for label in labels(screen) for m in KLOTHO_MARKS if label.endswith(m)}
        legend = screen.text.splitlines()[-1]  # the caption's last line: above the keyboard
        for mark in marks:
            # Each mark on a button is named, and followed by words saying what it does.
            assert re.search(re.escape(mark) + r" \w\w+", legend), (mark, legend)
        assert all(m in "".join(labels(screen)) for m in KLOTHO_MARKS if m in legend), legend
        seen |= marks
        table, state = await play_first_legal(service, table, state)
    assert {"📍", "🃏"} <= seen and len(seen) >= 3, seen


@pytest.mark.parametrize("lang", LANGS)
async def test_klac_names_its_marks_as_the_picture_draws_them(
    service: TableService, screens: Screens, lang: str
) -> None:
    # The caption's and buttons' colour marks have the shapes the cards show.
    shapes = {"🔵": "circle", "🔶": "diamond", "🟩": "square"}
    marks = presenters.klac.COLOUR_MARKS
    assert {colour: shapes[mark] for colour, mark in marks.items()} == {
        colour: shape for colour, (_fill, shape) in klac_render.COLOURS.items()
    }
    table = await service.create("tg:-100", ALICE, "klac")
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE.key)
    table, state = await service.get(table.id)
    text = (await screens.table(table, state, lang)).text
    legend = next(line for line in text.splitlines() if "🔵🔶🟩" in line)
    assert "Σ" in legend and "🔄" in text  # the picture's total and round marks, in words


@pytest.mark.parametrize("lang", LANGS)
async def test_curlings_caption_is_short_plain_and_names_the_stones_as_drawn(
    service: TableService, screens: Screens, lang: str
) -> None:
    position = make_state("c2:b e3:r d8:r", throw_no=5, hammer=0, dice=[3, 3, 1, 5, 2])
    table, state = await curling_table_at(service, position)
    screen = await screens.table(table, state, lang)
    lines = screen.text.splitlines()
    assert len(lines) <= 7, lines
    # No jargon: neither the rules' letters for limits and power nor segment letters.
    assert not re.search(r"\b(L1|L2|P\d|[AVBC] =)", screen.text + " ".join(labels(screen)))
    assert "⚡" in screen.text  # the power limit, as the picture's ⚡ shows it
    red, blue = curling_layout.STONE_COLOURS["red"], curling_layout.STONE_COLOURS["blue"]
    assert red[0] > 2 * max(red[1:]) and blue[2] > 2 * blue[0]  # drawn red and blue…
    assert "🔴" in screen.text and "🔵" in screen.text and "🟠" not in screen.text  # …said so


@pytest.mark.parametrize("lang", LANGS)
async def test_curling_asks_for_a_segments_number_in_words(
    service: TableService, screens: Screens, lang: str
) -> None:
    position = make_state("", throw_no=3, hammer=0, dice=[3, 3, 1, 5, 2])
    table, state = await curling_table_at(service, position)
    game = registry.get("curling")
    seat = game.to_move(state)[0]
    path: tuple[int, ...] = ()
    while not (menu := build_menu(game, state, seat, path)).options[0].key.startswith("n"):
        path = (*path, 0)
    screen = await screens.table(table, state, lang, path)
    prompt = screen.text.splitlines()[-1]
    assert re.search(r"1 \S+ 2", prompt), prompt  # segment 1 of 2
    numbers = labels(screen)[: len(menu.options)]  # the options come first, then ⬅ ✖
    assert numbers and all(label.isdigit() for label in numbers), numbers
    assert menu.options[0].args["segment"] not in prompt.split()


async def caravan_table_where_disbanding_is_possible(service: TableService) -> tuple[Table, Any]:
    game = registry.get("caravan")
    table = await service.create("tg:-100", ALICE, "caravan")
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE.key)
    table, state = await service.get(table.id)
    rng = random.Random(4)
    while "disband" not in [a[0] for a in game.legal_actions(state, game.to_move(state)[0])]:
        seat = game.to_move(state)[0]
        actions = [a for a in game.legal_actions(state, seat) if a[0] != "disband"]
        state = game.apply(state, seat, rng.choice(actions))
    return await put_state(service, table.id, state)


@pytest.mark.parametrize(("lang", "word"), [("ru", "караван"), ("en", "caravan")])
async def test_caravans_disband_asks_which_caravan(
    service: TableService, screens: Screens, lang: str, word: str
) -> None:
    table, state = await caravan_table_where_disbanding_is_possible(service)
    game = registry.get("caravan")
    seat = game.to_move(state)[0]
    root = build_menu(game, state, seat, ())
    disband = [c.key for c in root.options].index("disband")
    asks = (await screens.seat(table, state, seat, lang, (disband,))).text.splitlines()[-1]
    assert word in asks.lower() and "?" in asks, asks
    assert not re.search("карт|card", asks), asks
    confirm = (await screens.seat(table, state, seat, lang, (disband, 0))).text.splitlines()[-1]
    assert not re.search("карт|card", confirm), confirm


@pytest.mark.parametrize(
    ("lang", "removed", "said"),
    [
        ("en", 1, "1 card leaves the table"),
        ("en", 2, "2 cards leave the table"),
        ("ru", 1, "уходит 1 карта"),
        ("ru", 3, "уходят 3 карты"),
        ("ru", 5, "уходят 5 карт"),
    ],
)
def test_caravan_counts_removed_cards_with_agreement(
    i18n: I18n, lang: str, removed: int, said: str
) -> None:
    event = {"kind": "attach", "seat": 0, "owner": 1, "pair": 0, "card": "JH", "target": "9S"}
    event["removed"] = ["9S", "KS", "2H", "3H", "4H"][:removed]
    line = presenters.get("caravan").event(event, ["Аня", "Bob"], partial(i18n.t, lang))
    assert line is not None and said in line, line
