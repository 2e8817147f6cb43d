"""Before confirming a Krendzu or Caravan placement the seat reads what it would
do; after an exchange the hand says which cards came back (to that seat
alone); a Curling player who takes a card is told which."""

from __future__ import annotations

from typing import Any

from bot.core import presenters
from bot.core.i18n import I18n
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.tables import Table
from games import registry
from games.core.menu import build_menu
from tests.core.helpers import ALICE, BOB, put_state
from tests.games import caravan_positions, krendzu_positions

KRENDZU = registry.get("krendzu")
CARAVAN = registry.get("caravan")


async def table_of(service: TableService, game: str, state: Any) -> tuple[Table, Any]:
    table = await service.create("tg:-100", ALICE, game)
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE.key)
    return await put_state(service, table.id, state)


def confirm_path(game: Any, state: Any, seat: int, action: Any) -> tuple[int, ...]:
    """The menu path of ``action`` up to (not including) its confirm step."""
    path: list[int] = []
    for step in game.choice_path(state, seat, action)[:-1]:
        options = build_menu(game, state, seat, path).options
        path.append(next(i for i, c in enumerate(options) if c.key == step.key))
    return tuple(path)


async def test_a_krendzu_placement_says_what_it_completes_before_it_is_confirmed(
    service: TableService, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    state = krendzu_positions.make_state(2, "7S 8S 9S", ("6H QD JC 10C", "AH KD 7H 6C"), turn=0)
    table, state = await table_of(service, "krendzu", state)
    scoring = confirm_path(KRENDZU, state, 0, ("place", "6H", -1, 0))
    en = await screens.seat(table, state, 0, "en", scoring)
    assert "↪ Completes 6♥ 7♠ 8♠ 9♠: a point for your side." in en.text, en.text
    ru = await screens.seat(table, state, 0, "ru", scoring)
    assert "↪ Завершает 6♥ 7♠ 8♠ 9♠: очко вашей стороне." in ru.text
    # The picture is the table as the move leaves it, not the hand.
    assert en.image_key is not None and ":preview:" in en.image_key
    # Before the confirm step nothing is said yet, and the hand is shown.
    earlier = await screens.seat(table, state, 0, "en", scoring[:-1])
    assert "↪" not in earlier.text and ":preview:" not in str(earlier.image_key)
    # A quiet cell says so.
    quiet = confirm_path(KRENDZU, state, 0, ("place", "QD", 0, 1))
    assert "↪ Completes no combination." in (await screens.seat(table, state, 0, "en", quiet)).text
    # The position is as it was: a preview plays nothing.
    assert KRENDZU.dumps((await service.get(table.id))[1]) == KRENDZU.dumps(state)


async def test_a_caravan_placement_says_the_caravans_new_value(
    service: TableService, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    state = caravan_positions.make_state(
        ("8H 10H", "2C", "3C", "9D", "4D", "5D"), ("6H 2H QS", "6S 8S")
    )
    table, state = await table_of(service, "caravan", state)
    sells = confirm_path(CARAVAN, state, 0, ("play", "6H", 0))
    en = await screens.seat(table, state, 0, "en", sells)
    assert "↪ Алиса: caravan 1 18 → 24 — sold" in en.text, en.text
    ru = await screens.seat(table, state, 0, "ru", sells)
    assert "↪ Алиса: караван 1 18 → 24 — продан" in ru.text
    # The preview never tells the card the move would draw (the deck's top is 4C).
    assert "4♣" not in en.text and "4♣" not in ru.text


async def test_the_exchange_tells_each_seat_which_cards_came_back(
    service: TableService, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    table = await service.create("tg:-100", ALICE, "krendzu")
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE.key)
    table, state = await service.get(table.id)
    first = KRENDZU.to_move(state)[0]
    other = 1 - first
    for seat, count in ((first, 2), (other, 0)):
        table, state = await service.play(
            table.id, table.players[seat].key, table.state_version, ["announce", count]
        )
    before = list(state.hands[first])
    for card in before[:2]:
        table, state = await service.play(
            table.id, table.players[first].key, table.state_version, ["toggle", card]
        )
    table, state = await service.play(
        table.id, table.players[first].key, table.state_version, ["exchange"]
    )
    got = [c for c in state.hands[first] if c not in before[2:]]
    assert len(got) == 2
    mine = await screens.seat(table, state, first, "en", ())
    told = [line for line in mine.text.splitlines() if line.startswith("🔄 Back from the exchange")]
    card = presenters.get("krendzu").card
    assert len(told) == 1, mine.text
    named = told[0].removeprefix("🔄 Back from the exchange: ").split()
    assert sorted(named) == sorted(card(c) for c in got)
    ru = await screens.seat(table, state, first, "ru", ())
    assert "🔄 После обмена пришли: " in ru.text
    # The other seat is told nothing about them.
    theirs = await screens.seat(table, state, other, "en", ())
    assert "🔄 Back" not in theirs.text
    public = await screens.table(table, state, "en")
    assert "Back from the exchange" not in public.text


async def test_a_move_that_ends_the_tour_previews_no_picture_of_the_next_deal(
    service: TableService, i18n: I18n
) -> None:
    """The table after a tour's last card shows the next tour's deal: the
    future's, so the confirm step says what the card does, but draws nothing."""
    screens = Screens(service, i18n)
    state = krendzu_positions.make_state(2, "7S 8S 9S", ("6H", ""), turn=0)
    table, state = await table_of(service, "krendzu", state)
    last = confirm_path(KRENDZU, state, 0, ("place", "6H", -1, 0))
    screen = await screens.seat(table, state, 0, "en", last)
    assert "↪ Completes 6♥ 7♠ 8♠ 9♠" in screen.text
    assert ":preview:" not in str(screen.image_key)
