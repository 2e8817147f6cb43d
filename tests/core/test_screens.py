"""Screens: lobby, public table and private seats; a whole game played through buttons."""

from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image

from bot.core.errors import ServiceError
from bot.core.i18n import I18n
from bot.core.screen_base import Screen
from bot.core.screens import Screens
from bot.core.service import Notice, TableService
from bot.core.store import Store
from bot.core.tables import Status
from bot.core.tokens import MoveToken, decode
from games import registry
from tests.core.helpers import ALICE, BOB, CAROL, PLAYERS, player_to_move, started_table

KLAC = registry.get("klac")


@pytest.fixture
def screens(service: TableService, i18n: I18n) -> Screens:
    return Screens(service, i18n)


def all_tokens(screen: Screen) -> list[str]:
    return [b.token for row in screen.buttons for b in row if b.token]


async def test_lobby_screen_in_both_languages(service: TableService, screens: Screens) -> None:
    table = await service.create("tg:-100", ALICE, "klac")
    table = await service.join(table.id, BOB)
    ru = screens.lobby(table, "ru")
    en = screens.lobby(table, "en")
    assert "Клац!" in ru.text and "Алиса" in ru.text and "(хозяин)" in ru.text
    assert "Klac!" in en.text and "Play to: 150 points" in en.text
    labels = [b.label for row in en.buttons for b in row]
    assert labels[:2] == ["✋ Join", "🚪 Leave"] and labels[-3:-1] == ["▶ Start", "✖ Cancel"]
    assert labels[-1] == "📖 How to play"
    assert "🤖 Computer players" in labels
    assert "⚙ Hints: on" in labels and "⚙ Computer moves: every 1.5 s" in labels
    assert "⚙ Computers’ pause after a round: 5 s" in labels
    assert len(all_tokens(en)) == 13 and all(len(t.encode()) <= 64 for t in all_tokens(en))


@pytest.mark.parametrize(
    ("lang", "klac", "caravan"),
    [
        ("ru", "Игроков: 2 (от 2 до 6)", "Игроков: 1 из 2"),
        ("en", "Players: 2 (from 2 to 6)", "Players: 1 of 2"),
    ],
)
async def test_lobby_gives_a_range_of_seats_only_where_there_is_one(
    service: TableService, screens: Screens, lang: str, klac: str, caravan: str
) -> None:
    table = await service.create("tg:-100", ALICE, "klac")
    table = await service.join(table.id, BOB)
    assert klac in screens.lobby(table, lang).text.splitlines()
    # Caravan is for exactly two: no "from 2 to 2".
    table = await service.create("tg:-101", ALICE, "caravan")
    assert caravan in screens.lobby(table, lang).text.splitlines()


async def test_lobby_buttons_work_through_press(service: TableService, screens: Screens) -> None:
    table = await service.create("tg:-100", ALICE, "klac")
    tokens = all_tokens(screens.lobby(table, "en"))
    join, leave, target, turn, timeout, _, _, _, _, _, start, cancel, _learn = tokens
    await service.press(BOB, join, chat="tg:-100")
    await service.press(CAROL, join, chat="tg:-100")
    outcome = await service.press(CAROL, leave, chat="tg:-100")
    assert [p.key for p in outcome.table.players] == [ALICE.key, BOB.key]
    outcome = await service.press(ALICE, target, chat="tg:-100")
    assert outcome.table.options["target"] == 200
    assert (await service.press(ALICE, turn, chat="tg:-100")).table.turn_seconds == 900
    assert (await service.press(ALICE, timeout, chat="tg:-100")).table.on_timeout == "bot"
    with pytest.raises(ServiceError):
        await service.press(BOB, target, chat="tg:-100")
    with pytest.raises(ServiceError):
        await service.press(BOB, cancel, chat="tg:-100")
    outcome = await service.press(ALICE, start, chat="tg:-100")
    assert outcome.table.status == Status.PLAYING


async def test_seat_screen_walks_the_choice_tree(service: TableService, screens: Screens) -> None:
    table, state = await started_table(service, seats=3)
    seat, player = player_to_move(table, state)
    top = await screens.seat(table, state, seat, "en")
    assert top.text.startswith("🟢 Your turn")
    cards = [b.token for row in top.buttons for b in row if b.choice and b.token]
    assert len(cards) == len(set(state.hands[seat]))
    assert [b.label for b in top.buttons[-1]] == ["💡 Hint"]
    outcome = await service.press(player, cards[0])
    assert outcome.path == (0,)
    second = await screens.seat(table, state, seat, "en", outcome.path)
    targets = [b for row in second.buttons for b in row]
    assert [b.label for b in targets[-2:]] == ["⬅ Back", "✖ Cancel"]
    # The player's own row comes first, then the others in seat order.
    expected = [f"→ {PLAYERS[(seat + i) % 3].name}" for i in range(3)]
    assert [b.label for b in targets[:3]] == expected
    back = decode(targets[-2].token)
    assert isinstance(back, MoveToken) and back.path == ()
    third = await screens.seat(table, state, seat, "en", (0, 0))
    assert "➕ New stack" in [b.label for row in third.buttons for b in row]
    waiting_seat = (seat + 1) % 3
    waiting = await screens.seat(table, state, waiting_seat, "ru")
    assert waiting.text.startswith("⏳ Сейчас не ваш ход") and waiting.buttons == ()


async def test_images_are_pngs_and_cached_per_version(
    service: TableService, screens: Screens
) -> None:
    table, state = await started_table(service, seats=3)
    public = await screens.table(table, state, "ru")
    assert public.image is not None and Image.open(io.BytesIO(public.image)).format == "PNG"
    again = await screens.table(table, state, "en")
    assert again.image is public.image, "the language-neutral image is rendered once"
    hand = await screens.seat(table, state, 0, "en")
    assert hand.image is not None and hand.image != public.image


async def test_public_screen_does_not_depend_on_hidden_cards(
    service: TableService, screens: Screens
) -> None:
    table, state = await started_table(service, seats=3)
    shuffled = copy.deepcopy(state)
    shuffled.hands = [shuffled.hands[1], shuffled.hands[2], shuffled.hands[0]]
    shuffled.deck = list(reversed(shuffled.deck))
    other = copy.deepcopy(table)
    other.state_version += 1000  # defeat the image cache
    a = await screens.table(table, state, "en")
    b = await screens.table(other, shuffled, "en")
    assert a.text == b.text and a.image == b.image
    seat_a = await screens.seat(table, state, 0, "en")
    seat_b = await screens.seat(other, shuffled, 0, "en")
    assert seat_a.image != seat_b.image, "the private image does show the hand"


async def test_vote_buttons_on_the_table(service: TableService, screens: Screens) -> None:
    table, state = await started_table(service, seats=3)
    table, state = await service.propose(table.id, BOB.key, "abort")
    screen = await screens.table(table, state, "en")
    assert "Vote to stop the game: 1 of 3 agree." in screen.text
    yes, no = all_tokens(screen)
    with pytest.raises(ServiceError) as twice:
        await service.press(BOB, no, chat="tg:-100")
    assert twice.value.code == "vote-already-voted"
    table2 = (await service.press(CAROL, yes, chat="tg:-100")).table
    assert table2.status == Status.ABORTED


async def test_errors_and_notices_in_words(service: TableService, screens: Screens) -> None:
    table, _ = await started_table(service, seats=2)
    assert (
        screens.error(ServiceError("table-full", max=6), "en") == "The table is full (6 players)."
    )
    assert screens.error(RuntimeError("boom"), "ru") == "Что-то пошло не так. Попробуйте ещё раз."
    text = screens.notice(table, Notice("auto-move", {"seat": 1, "reason": "timeout"}), "en")
    assert text == "⏰ Bob ran out of time; the bot moved for them."


async def test_whole_klac_game_through_buttons_only(
    service: TableService, screens: Screens, store: Store
) -> None:
    """Klac! end to end below the chat layer: every move is a press of a shown button."""
    table = await service.create("tg:-100", ALICE, "klac", {"target": 50})
    lobby = all_tokens(screens.lobby(table, "ru"))
    for player in (BOB, CAROL):
        await service.press(player, lobby[0], chat="tg:-100")
    start = next(
        b.token for row in screens.lobby(table, "ru").buttons for b in row if b.label == "▶ Начать"
    )
    assert start in lobby
    await service.press(ALICE, start, chat="tg:-100")
    table, state = await service.get(table.id)
    rng = random.Random(11)
    presses = 0
    while table.status == Status.PLAYING:
        seat, player = player_to_move(table, state)
        screen = await screens.seat(table, state, seat, "en")
        for other in range(3):
            if other != seat:
                assert all_tokens(await screens.seat(table, state, other, "en")) == []
        while True:
            options = [
                b.token
                for row in screen.buttons
                for b in row
                if b.token and not b.label.startswith(("⬅", "✖"))
            ]
            outcome = await service.press(player, rng.choice(options))
            presses += 1
            if outcome.path is None:
                break
            screen = await screens.seat(table, state, seat, "en", outcome.path)
        table, state = await service.get(table.id)
        assert presses < 20000
    assert table.status == Status.FINISHED
    final = await screens.table(table, state, "en")
    assert "🏆" in final.text
    assert len(await store.action_log(table.id)) == table.state_version - 1
