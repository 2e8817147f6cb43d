"""A Krendzu table in the service: steps inside a move (exchange marks, the first of two
cards) keep the turn clock, ping nobody, leave the group's picture alone, and a
stand-in finishes them when time runs out."""

from __future__ import annotations

from typing import Any

from bot.core.i18n import I18n
from bot.core.screens import Screens
from bot.core.service import Change, TableService
from bot.core.tables import Table
from games import registry
from games.core.cards import pretty
from tests.conftest import FakeClock
from tests.core.helpers import ALICE, BOB
from tests.games.krendzu_positions import make_state

KRENDZU = registry.get("krendzu")


async def krendzu_table(service: TableService, **options: Any) -> tuple[Table, Any]:
    table = await service.create("tg:-100", ALICE, "krendzu", {"turn_seconds": 60, **options})
    await service.join(table.id, BOB)
    await service.start(table.id, ALICE.key)
    return await service.get(table.id)


async def act(
    service: TableService, table: Table, seat: int, action: list[Any]
) -> tuple[Table, Any]:
    return await service.play(table.id, table.players[seat].key, table.state_version, action)


async def to_discard(service: TableService, table: Table, state: Any) -> tuple[Table, Any, int]:
    """Both announce: the first announcer 2 cards, the other none; the discarding seat."""
    first = KRENDZU.to_move(state)[0]
    table, state = await act(service, table, first, ["announce", 2])
    table, state = await act(service, table, 1 - first, ["announce", 0])
    assert KRENDZU.view(state, None)["phase"] == "discard"
    return table, state, first


async def test_marking_cards_keeps_the_clock_and_pings_nobody(
    service: TableService, clock: FakeClock
) -> None:
    changes: list[Change] = []

    async def listen(change: Change) -> None:
        changes.append(change)

    service.subscribe(listen)
    table, state = await krendzu_table(service)
    table, state, seat = await to_discard(service, table, state)
    deadline = table.turn_deadline
    assert changes[-1].ping == [seat]
    clock.advance(20)
    card = KRENDZU.view(state, seat)["hand"][0]
    table, state = await act(service, table, seat, ["toggle", card])
    assert table.turn_deadline == deadline
    assert changes[-1].ping == []
    table, state = await act(service, table, seat, ["toggle", card])
    assert table.turn_deadline == deadline
    # Finishing the exchange is the end of the move: a new turn, a new clock.
    hand = KRENDZU.view(state, seat)["hand"]
    table, state = await act(service, table, seat, ["toggle", hand[1]])
    table, state = await act(service, table, seat, ["toggle", hand[2]])
    table, state = await act(service, table, seat, ["exchange"])
    assert table.turn_deadline == clock() + 60
    assert changes[-1].ping == KRENDZU.to_move(state)


async def test_a_timeout_in_the_middle_of_the_exchange_is_finished_by_the_stand_in(
    service: TableService, clock: FakeClock
) -> None:
    table, state = await krendzu_table(service)
    table, state, seat = await to_discard(service, table, state)
    hand = KRENDZU.view(state, seat)["hand"]
    table, state = await act(service, table, seat, ["toggle", hand[3]])
    clock.advance(61)
    assert await service.run_due() >= 1
    table, state = await service.get(table.id)
    view = KRENDZU.view(state, seat)
    assert view["phase"] == "play"
    assert view["exchange"]["done"][seat]
    log = await service.store.action_log(table.id)
    steps = [entry for entry in log if entry.startswith(f"{seat} ")]
    # The card the player marked stayed marked: one more toggle, then the exchange.
    # (Which card is the computer's choice: in hand order, or its own worst card
    # when the player happened to mark its first choice.)
    assert steps[-3] == f'{seat} ["toggle","{hand[3]}"]'
    assert steps[-2].startswith(f'{seat} ["toggle",') and steps[-2] != steps[-3]
    assert steps[-1] == f'{seat} ["exchange"]'


async def test_a_timeout_between_two_cards_places_the_second(
    service: TableService, clock: FakeClock
) -> None:
    table, state = await krendzu_table(service, exchange=0)
    defender = KRENDZU.to_move(state)[0]
    attacker = 1 - defender
    hands = {s: KRENDZU.view(state, s)["hand"] for s in (0, 1)}
    table, state = await act(service, table, defender, ["place", hands[defender][0], 0, 0])
    table, state = await act(service, table, attacker, ["place", hands[attacker][0], 1, 0])
    table, state = await act(service, table, defender, ["first", hands[defender][1], 2, 0])
    assert KRENDZU.to_move(state) == [defender] and KRENDZU.continues(state, defender)
    clock.advance(61)
    assert await service.run_due() >= 1
    table, state = await service.get(table.id)
    view = KRENDZU.view(state, None)
    assert view["turn"] == attacker and len(view["cells"]) == 4
    assert view["last"]["kind"] == "two" and len(view["last"]["cells"]) == 2


async def test_marks_leave_the_group_picture_as_it_was(service: TableService, i18n: I18n) -> None:
    screens = Screens(service, i18n)
    table, state = await krendzu_table(service)
    table, state, seat = await to_discard(service, table, state)
    before = await screens.table(table, state, "en")
    private_before = await screens.seat(table, state, seat, "en")
    card = KRENDZU.view(state, seat)["hand"][0]
    table, state = await act(service, table, seat, ["toggle", card])
    after = await screens.table(table, state, "en")
    assert after.image_key == before.image_key and after.image == before.image
    private_after = await screens.seat(table, state, seat, "en")
    assert private_after.image_key != private_before.image_key
    assert f"✅ {pretty(card)}" in " ".join(b.label for row in private_after.buttons for b in row)


async def test_a_combination_and_an_own_goal_are_told_in_the_group(
    service: TableService, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    table, _ = await krendzu_table(service, exchange=0)
    # Tour 1: seat 0 deals and attacks, seat 1 defends. Three spades lie in a row.
    position = make_state(2, "6S 7S 8S", ("9S 6H", "10S 9H AC"), turn=0)
    version = table.version
    table.version += 1
    assert await service.store.save(table, KRENDZU.dumps(position), expected=version)
    table, state = await act(service, table, 0, ["place", "9S", 3, 0])
    caption = (await screens.table(table, state, "en")).text
    assert "Алиса puts 9♠ on E2: ⭐ a ♠ line 6♠ 7♠ 8♠ 9♠ — ⚔ Алиса +1" in caption
    # The caption's last-move line would say it again.
    assert "Алиса: 9♠ → E2" not in caption
    # The defender closes 7♠ 8♠ 9♠ 10♠ itself: an own goal, a point for the attacker.
    table, state = await act(service, table, 1, ["place", "10S", 4, 0])
    caption = (await screens.table(table, state, "ru")).text
    assert "Bob кладёт 10♠ на F2: ⭐ линия ♠ 7♠ 8♠ 9♠ 10♠ (автогол) — ⚔ Алиса +1" in caption
    assert "📊 Алиса 2 · Bob 0" in caption
