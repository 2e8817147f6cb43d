"""Playing against the computer in Telegram: alone in the private chat from
/play to the result, and a computer seat beside two people in a group."""

from __future__ import annotations

import random

from bot.core.tables import Status
from bot.core.tokens import MoveToken, decode
from tests.core.helpers import computers_move
from tests.telegram.conftest import ANYA, BORIS, GROUP, Harness, hand


def menu_buttons(h: Harness, chat: int) -> list[tuple[int, str, str]]:
    """(message id, label, data) of every forward move button in ``chat``."""
    return [
        (m.message_id, b["text"], b["callback_data"])
        for m in h.fake.messages(chat)
        for row in m.buttons
        for b in row
        if isinstance(decode(b["callback_data"]), MoveToken)
        and not b["text"].startswith(("⬅", "✖"))
    ]


async def set_option(h: Harness, chat: int, message_id: int, label: str, value: str) -> None:
    """The host (Аня) cycles the lobby option ``label`` until it shows ``value``."""
    for _ in range(10):
        lobby = h.fake.message(chat, message_id)
        option = next(t for row in lobby.button_texts for t in row if label in t)
        if value in option:
            return
        await h.press(ANYA, chat, message_id, lobby.button_data(option))
    raise AssertionError(f"{label} never showed {value}")


async def test_a_whole_game_alone_against_the_computer_in_the_private_chat(h: Harness) -> None:
    await h.say(ANYA, ANYA, "/play")
    menu = h.last_with_buttons(ANYA)
    await h.press(ANYA, ANYA, menu.message_id, menu.button_data("Клац!"))
    lobby = h.last_with_buttons(ANYA)
    # The computer players' buttons are the first thing the lobby offers here.
    assert "🤖 + средний" in [t for row in lobby.button_texts for t in row]
    await h.press(ANYA, ANYA, lobby.message_id, lobby.button_data("🤖 + средний"))
    lobby = h.fake.message(ANYA, lobby.message_id)
    assert "2. Ada 🤖 средний" in (lobby.content or "")
    await h.press(ANYA, ANYA, lobby.message_id, lobby.button_data("⬅ Готово"))
    await set_option(h, ANYA, lobby.message_id, "Игра до", "50")
    await h.press(ANYA, ANYA, lobby.message_id, lobby.button_data("▶ Начать"))
    table = await h.service.table_in(f"tg:{ANYA}")
    assert table is not None and table.status == Status.PLAYING
    rng = random.Random(7)
    breaks = 0
    for _ in range(400):
        await computers_move(h.service, h.clock, table.id, h.settle)
        table, _ = await h.service.get(table.id)
        if table.status != Status.PLAYING:
            break
        if table.held:
            # A round is counted; the computer waits for her ▶ on the hand.
            hand_message = [m for m in h.fake.messages(ANYA) if m.photo is not None][1]
            answer = await h.press(
                ANYA, ANYA, hand_message.message_id, hand_message.button_data("▶ Следующая партия")
            )
            assert not answer.get("show_alert"), answer
            breaks += 1
            continue
        options = menu_buttons(h, ANYA)
        assert options, "Аня is to move but has no buttons"
        message_id, _, data = rng.choice(options)
        answer = await h.press(ANYA, ANYA, message_id, data)
        assert not answer.get("show_alert"), answer
    assert table.status == Status.FINISHED and breaks >= 1
    photos = [m for m in h.fake.messages(ANYA) if m.photo is not None]
    # One table message and one hand message, both edited in place, and no
    # pings; and each round's summary, the rows it was counted on, kept apart.
    photos, summaries = photos[:2], photos[2:]
    assert "🏆" in (photos[0].content or "") + (photos[1].content or "")
    assert table.result is not None and len(summaries) == table.result["rounds"] > 0
    assert all("🏁 Подсчёт партии" in (m.content or "") for m in summaries)
    assert all(len(m.history) == 1 for m in summaries), "a summary is never edited"
    assert not any("Ваш ход" in (m.content or "") for m in h.fake.messages(ANYA))
    # The computer's moves are its own: nobody is told "the bot moved for" them.
    assert not any("сделал бот" in (m.content or "") for m in h.fake.messages(ANYA))
    assert "Ada 🤖" in (photos[0].content or "")


async def test_two_people_and_a_computer_play_a_whole_game_in_a_group(h: Harness) -> None:
    await h.say(ANYA, GROUP, "/play klac")
    lobby = h.last_with_buttons(GROUP)
    await h.press(BORIS, GROUP, lobby.message_id, lobby.button_data("✋ Сесть"))
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("🤖 Компьютерные игроки"))
    lobby = h.fake.message(GROUP, lobby.message_id)
    answer = await h.press(BORIS, GROUP, lobby.message_id, lobby.button_data("🤖 + сильный"))
    assert answer["show_alert"], "only the host adds computers"
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("🤖 + сильный"))
    lobby = h.fake.message(GROUP, lobby.message_id)
    assert "3. Ada 🤖 сильный" in (lobby.content or "")
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("⬅ Готово"))
    await set_option(h, GROUP, lobby.message_id, "Игра до", "50")
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None and table.status == Status.PLAYING
    users = {0: ANYA, 1: BORIS}
    rng = random.Random(3)
    for _ in range(600):
        await computers_move(h.service, h.clock, table.id, h.settle)
        table, state = await h.service.get(table.id)
        if table.status != Status.PLAYING:
            break
        seat = state.turn
        user = users[seat]
        message_id, _, data = rng.choice(menu_buttons(h, user))
        answer = await h.press(user, user, message_id, data)
        assert not answer.get("show_alert"), answer
    assert table.status == Status.FINISHED
    group_photos = [m for m in h.fake.messages(GROUP) if m.photo is not None]
    group_table = group_photos[0]
    # Every round's count is posted in the group as a picture of its own.
    summaries = [m for m in group_photos[1:] if "🏁 Подсчёт партии" in (m.content or "")]
    assert table.result is not None and len(summaries) == table.result["rounds"]
    assert "Ada 🤖" in (group_table.content or "") and "🏆" in (group_table.content or "")
    # The people were told on their turns, each by the hand it sent anew (the
    # earlier ones deleted with the game's end); nobody tried to write to the computer.
    sent = [m.history[0] for m in h.fake.messages(ANYA, include_deleted=True)]
    assert any("Ваш ход" in (v.caption or v.text or "") for v in sent)
    assert hand(h, BORIS).photo is not None


async def test_stop_in_the_private_chat_ends_a_game_alone_against_the_computer(
    h: Harness,
) -> None:
    await h.say(ANYA, ANYA, "/play klac")
    lobby = h.last_with_buttons(ANYA)
    await h.press(ANYA, ANYA, lobby.message_id, lobby.button_data("🤖 + средний"))
    lobby = h.fake.message(ANYA, lobby.message_id)
    await h.press(ANYA, ANYA, lobby.message_id, lobby.button_data("⬅ Готово"))
    await h.press(ANYA, ANYA, lobby.message_id, lobby.button_data("▶ Начать"))
    table = await h.service.table_in(f"tg:{ANYA}")
    assert table is not None and table.status == Status.PLAYING
    before = len(h.fake.messages(ANYA))
    await h.say(ANYA, ANYA, "/stop")
    # One person at the table needs no vote, so /stop asks first; the answer stops it.
    [question] = h.fake.messages(ANYA)[before:]
    await h.press(ANYA, ANYA, question.message_id, question.button_data("⛔ Да, остановить"))
    table, _ = await h.service.get(table.id)
    assert table.status != Status.PLAYING
    assert [m.content for m in h.fake.messages(ANYA)[before:]] == ["⛔ Игра остановлена."]
    await h.say(ANYA, ANYA, "/stop")
    assert "⛔" not in (h.fake.messages(ANYA)[-1].content or ""), "a second /stop has no game"
