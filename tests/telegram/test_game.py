"""A whole Klac! game in a Telegram group, through the real aiogram client."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from bot.core.tables import Status
from bot.core.tokens import MoveToken, decode
from games import registry
from tests.telegram.conftest import ANYA, BORIS, GROUP, VIKA, Harness, hand, leaks

KLAC = registry.get("klac")
CARD_CODE = re.compile(r"\b[BOG]\d{1,2}\b")
NAV = ("⬅", "✖")


async def open_klac_lobby(h: Harness) -> int:
    """Аня opens the /play menu and picks Klac!; returns the lobby message id."""
    await h.say(ANYA, GROUP, "/play")
    menu = h.fake.last_message(GROUP)
    assert menu.button_texts == [
        ["Клац!"],
        ["Клото"],
        ["Крэндзю"],
        ["Караван"],
        ["Логический керлинг"],
        ["📖 Обучение"],
    ]
    await h.press(ANYA, GROUP, menu.message_id, menu.button_data("Клац!"))
    lobby = h.fake.last_message(GROUP)
    assert "Клац!: новый стол" in (lobby.content or "")
    return lobby.message_id


async def seat_three(h: Harness) -> tuple[int, str]:
    """Аня's lobby with Boris (button) and Вика (deep link); returns (lobby id, table id)."""
    lobby_id = await open_klac_lobby(h)
    join = h.fake.message(GROUP, lobby_id).button_data("✋ Сесть")
    table_id = decode(join).table_id  # type: ignore[union-attr]
    answer = await h.press(BORIS, GROUP, lobby_id, join)
    assert answer.get("text") in (None, "")
    # Вика never opened the bot: the press answers with the deep link instead.
    answer = await h.press(VIKA, GROUP, lobby_id, join)
    link = f"https://t.me/{h.fake.bot_username}?start=join_{table_id}"
    assert answer["url"] == link
    assert [
        b["url"] for row in h.fake.message(GROUP, lobby_id).buttons for b in row if b.get("url")
    ] == [link]
    await h.say(VIKA, VIKA, f"/start join_{table_id}")
    assert "Вы сели за стол" in (h.fake.last_message(VIKA).content or "")
    seats = h.fake.message(GROUP, lobby_id).content or ""
    assert "1. Аня (хозяин)" in seats and "2. Boris" in seats and "3. Вика" in seats
    return lobby_id, table_id


async def play_one_move(h: Harness, user: int, rng: random.Random) -> int:
    """The user walks their hand menu by pressing buttons until a move is made."""
    presses = 0
    while True:
        message = hand(h, user)
        options = [
            b["callback_data"]
            for row in message.buttons
            for b in row
            if "callback_data" in b and not b["text"].startswith(NAV)
        ]
        assert options, f"no move buttons for {user}: {message.content}"
        token = decode(rng.choice(options))
        assert isinstance(token, MoveToken)
        before = token.version
        answer = await h.press(user, user, message.message_id, token.encode())
        assert not answer.get("show_alert"), answer
        presses += 1
        table, _ = await h.service.get(token.table_id)
        if table.state_version != before:
            return presses


@pytest.mark.cluster
async def test_a_whole_game_from_play_to_final_scores(harness: Harness) -> None:
    h = harness
    lobby_id, table_id = await seat_three(h)
    # The host shortens the match: the target option cycles 150 → 200 → 250 → 300 → 50.
    for _ in range(4):
        option = h.fake.message(GROUP, lobby_id).button_texts[1][0]
        await h.press(ANYA, GROUP, lobby_id, h.fake.message(GROUP, lobby_id).button_data(option))
    assert "Игра до: 50 очков" in (h.fake.message(GROUP, lobby_id).content or "")
    await h.press(ANYA, GROUP, lobby_id, h.fake.message(GROUP, lobby_id).button_data("▶ Начать"))
    table, state = await h.service.get(table_id)
    assert table.status == Status.PLAYING
    users = {ANYA: 0, BORIS: 1, VIKA: 2}
    # One table message with the picture; a hand photo in each private chat.
    table_msg = h.fake.last_message(GROUP)
    assert table_msg.photo is not None and "Партия 1" in (table_msg.content or "")
    for user in users:
        assert hand(h, user).photo is not None
    first = users_by_seat(users)[KLAC.to_move(state)[0]]
    assert any(
        "Ваш ход" in (m.content or "") or "Your turn" in (m.content or "")
        for m in h.fake.messages(first)
    )
    rng = random.Random(4)
    moves = 0
    while table.status == Status.PLAYING:
        seat = KLAC.to_move(state)[0]
        await play_one_move(h, users_by_seat(users)[seat], rng)
        table, state = await h.service.get(table_id)
        moves += 1
        assert moves < 400
    final = h.fake.message(GROUP, table_msg.message_id)
    assert "🏆" in (final.content or ""), final.content
    # The group saw only table-sized pictures; never a hand.
    for photo in h.fake.photos(GROUP):
        assert Image.open(io.BytesIO(photo)).width == 1200
    for user, seat in users.items():
        private = h.fake.messages(user)
        for message in private:
            for row in message.buttons:
                for button in row:
                    token = decode(button["callback_data"]) if "callback_data" in button else None
                    assert not isinstance(token, MoveToken) or token.seat == seat
        assert all(Image.open(io.BytesIO(p)).width == 800 for p in h.fake.photos(user))
    # Each private chat shows its own seat's final hand, exactly.
    lang = {ANYA: "ru", BORIS: "en", VIKA: "ru"}
    for user, seat in users.items():
        expected = await h.tg.frontend.screens.seat(table, state, seat, lang[user])
        assert hand(h, user).photo == expected.image
    # No card code in anything the group received or any button's data.
    assert leaks(h, (GROUP, *users), CARD_CODE) == []


def users_by_seat(users: dict[int, int]) -> dict[int, int]:
    return {seat: user for user, seat in users.items()}
