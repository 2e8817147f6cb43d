"""Buttons that explain the choice they make: Curling's combinations name the
cards their numbers come from and the power they allow."""

from __future__ import annotations

from bot.core.i18n import I18n
from bot.core.screens import Screens
from bot.core.service import TableService
from tests.core.helpers import curling_table_at
from tests.games.curling_positions import make_state


async def test_curling_combination_buttons_name_their_cards_and_power(
    service: TableService, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    # The table: 6♣ 6♠ 7♥ A♦ 9♥, and a 6♦ taken as a substitution card.
    position = make_state(
        variant="cards", deck=36, main="6C 6S 7H AD 9H", subs=("6D", ""), phase="aim",
        throw_no=1, hammer=1,
    )  # fmt: skip
    table, state = await curling_table_at(service, position)
    labels = {}
    for lang in ("en", "ru"):
        screen = await screens.table(table, state, lang)
        labels[lang] = [b.label for row in screen.buttons for b in row]
        assert (
            "its cards give the numbers" in screen.text
            if lang == "en"
            else "её карты дают числа" in screen.text
        )
    assert "pair: 6♣ 6♦ A♦ → 5 1 · ⚡ up to 1" in labels["en"], labels["en"]
    assert "three of a kind: 6♣ 6♠ 7♥ A♦ 6♦ → 5 1 1 · ⚡ up to 3" in labels["en"]
    assert "пара: 6♣ 6♦ A♦ → 5 1 · ⚡ до 1" in labels["ru"], labels["ru"]


async def test_curling_dice_caption_names_the_dice_of_the_combination(
    service: TableService, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    position = make_state("c2:b e3:r", throw_no=3, hammer=0, dice=[3, 3, 1, 5, 2])
    table, state = await curling_table_at(service, position)
    en = await screens.table(table, state, "en")
    assert "Combination: pair ⚂ ⚂ ⚄ → numbers 5 3" in en.text, en.text
    ru = await screens.table(table, state, "ru")
    assert "Комбинация: пара ⚂ ⚂ ⚄ → числа 5 3" in ru.text, ru.text
