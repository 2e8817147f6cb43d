"""Alone against the computer in Telegram: ↩ takes a move back from the hand,
/stop asks first (and "play on" changes nothing), 🔁 under the finished table
plays again with the same computers and options; in a group, 🔁 opens the
lobby with the computers kept. Stale, forged and foreign presses change nothing."""

from __future__ import annotations

from bot.core.tables import Status
from bot.core.tokens import TakeBackToken
from games import registry
from tests.core.helpers import computers_move
from tests.telegram.conftest import ANYA, BORIS, GROUP, OUTSIDER, Harness, hand
from tests.telegram.test_solo import menu_buttons, set_option

KLAC = registry.get("klac")


async def solo_game(h: Harness, target: str = "до: 50 ") -> str:
    """Аня plays Klac! to ``target`` alone against a normal computer; the table
    id, at her turn."""
    await h.say(ANYA, ANYA, "/play klac")
    lobby = h.last_with_buttons(ANYA)
    await h.press(ANYA, ANYA, lobby.message_id, lobby.button_data("🤖 + средний"))
    await h.press(ANYA, ANYA, lobby.message_id, lobby.button_data("⬅ Готово"))
    await set_option(h, ANYA, lobby.message_id, "Игра до", target)
    await h.press(ANYA, ANYA, lobby.message_id, lobby.button_data("▶ Начать"))
    table = await h.service.table_in(f"tg:{ANYA}")
    assert table is not None and table.status == Status.PLAYING
    await computers_move(h.service, h.clock, table.id, h.settle)
    return table.id


async def make_a_move(h: Harness, table_id: str) -> None:
    """Аня presses the first option of her menu until her move is made."""
    table, _ = await h.service.get(table_id)
    version = table.state_version
    for _ in range(5):
        message_id, _, data = menu_buttons(h, ANYA)[0]
        answer = await h.press(ANYA, ANYA, message_id, data)
        assert not answer.get("show_alert"), answer
        table, _ = await h.service.get(table_id)
        if table.state_version > version:
            return
    raise AssertionError("the move was never made")


def labels(h: Harness, user: int) -> list[str]:
    return [t for row in hand(h, user).button_texts for t in row]


async def test_a_move_is_taken_back_from_the_hand_exactly_as_it_was(h: Harness) -> None:
    table_id = await solo_game(h)
    _, state = await h.service.get(table_id)
    before = KLAC.dumps(state)
    assert "↩ Отменить ход" not in labels(h, ANYA)
    await make_a_move(h, table_id)
    # While the computer thinks, the hand already offers it, and so it does on her turn.
    assert labels(h, ANYA) == ["↩ Отменить ход"]
    await computers_move(h.service, h.clock, table_id, h.settle)
    assert "↩ Отменить ход" in labels(h, ANYA)
    photos = [m for m in h.fake.messages(ANYA) if m.photo is not None]
    shown = hand(h, ANYA)
    undo = shown.button_data("↩ Отменить ход")
    # A forged position, and someone else's press forged in his own chat:
    # nothing changes, and each hears why.
    forged = TakeBackToken(table_id, 12345).encode()
    answer = await h.press(ANYA, ANYA, shown.message_id, forged, strict=False)
    assert answer["show_alert"] and "Кнопка устарела" in answer["text"]
    welcome = h.fake.messages(BORIS)[-1]
    answer = await h.press(BORIS, BORIS, welcome.message_id, undo, strict=False)
    assert answer["show_alert"] and answer["text"] == "You are not playing at this table."
    untouched, _ = await h.service.get(table_id)
    answer = await h.press(ANYA, ANYA, shown.message_id, undo)
    assert not answer.get("show_alert"), answer
    table, state = await h.service.get(table_id)
    assert KLAC.dumps(state) == before and table.takebacks == 1
    assert table.version == untouched.version + 1
    # The same two messages, edited: the table says what happened, the hand
    # is her menu again (nothing left to take back).
    assert [m for m in h.fake.messages(ANYA) if m.photo is not None] == photos
    assert "↩ Ход отменён: всё как было до него." in (photos[0].content or "")
    assert "🟢 Ваш ход." in (hand(h, ANYA).content or "")
    assert "↩ Отменить ход" not in labels(h, ANYA)
    # The old button again (a second tap, a stale message): nothing changes.
    answer = await h.press(ANYA, ANYA, shown.message_id, undo, strict=False)
    assert answer["show_alert"] and answer["text"] == "Отменять больше нечего."
    assert (await h.service.get(table_id))[0].version == table.version
    await h.say(ANYA, ANYA, "/stats")
    assert "↳ ↩ отменённых ходов: 1" in (h.fake.messages(ANYA)[-1].content or "")


async def test_stop_alone_asks_first_and_the_answer_replaces_the_question(h: Harness) -> None:
    table_id = await solo_game(h)
    await h.say(ANYA, ANYA, "/stop")
    question = h.fake.messages(ANYA)[-1]
    assert question.content == "⛔ Остановить игру «Клац!»? Она не попадёт в статистику."
    assert question.button_texts == [["⛔ Да, остановить", "▶ Нет, играть дальше"]]
    table, _ = await h.service.get(table_id)
    assert table.status == Status.PLAYING
    # Boris cannot answer it (pressed from his own chat, forged).
    yes = question.button_data("⛔ Да, остановить")
    welcome = h.fake.messages(BORIS)[-1]
    answer = await h.press(BORIS, BORIS, welcome.message_id, yes, strict=False)
    assert answer["show_alert"]
    answer = await h.press(
        ANYA, ANYA, question.message_id, question.button_data("▶ Нет, играть дальше")
    )
    assert not answer.get("show_alert")
    assert question.content == "▶ Играем дальше." and question.buttons == []
    assert (await h.service.get(table_id))[0].version == table.version
    await h.say(ANYA, ANYA, "/stop")
    again = h.fake.messages(ANYA)[-1]
    assert again.message_id != question.message_id
    answer = await h.press(ANYA, ANYA, again.message_id, again.button_data("⛔ Да, остановить"))
    assert not answer.get("show_alert")
    table, _ = await h.service.get(table_id)
    assert table.status == Status.ABORTED
    assert again.content == "⛔ Игра остановлена." and again.buttons == []
    # No second message says it: the answered question does, and the table's caption.
    assert [m.content for m in h.fake.messages(ANYA)].count("⛔ Игра остановлена.") == 1
    # The first question's "yes", pressed late: the game is over already.
    answer = await h.press(ANYA, ANYA, question.message_id, yes, strict=False)
    assert answer["show_alert"] and answer["text"] == "Игра окончена."


async def test_a_rematch_alone_deals_again_with_the_same_computer_and_options(
    h: Harness,
) -> None:
    table_id = await solo_game(h)
    await h.say(ANYA, ANYA, "/stop")
    question = h.fake.messages(ANYA)[-1]
    await h.press(ANYA, ANYA, question.message_id, question.button_data("⛔ Да, остановить"))
    old_table = next(m for m in h.fake.messages(ANYA) if m.photo is not None)
    assert "⛔ Игра остановлена." in (old_table.content or "")
    answer = await h.press(
        ANYA, ANYA, old_table.message_id, old_table.button_data("🔁 Сыграть ещё раз")
    )
    assert not answer.get("show_alert"), answer
    new = await h.service.table_in(f"tg:{ANYA}")
    assert new is not None and new.id != table_id and new.status == Status.PLAYING
    assert [(p.name, p.level) for p in new.players] == [("Аня", "normal"), ("Ada", "normal")]
    assert new.options["target"] == 50
    # A new table message and hand below the old ones; the old table keeps its picture.
    photos = [m for m in h.fake.messages(ANYA) if m.photo is not None]
    assert photos[0] == old_table and len(photos) >= 3
    assert "🔁 Сыграть ещё раз" in [t for row in old_table.button_texts for t in row]
    # Pressed again while the new game is on: refused, nothing opened.
    answer = await h.press(
        ANYA, ANYA, old_table.message_id, old_table.button_data("🔁 Сыграть ещё раз")
    )
    assert answer["show_alert"] and "уже есть стол" in answer["text"]
    assert (await h.service.table_in(f"tg:{ANYA}")) == new


async def test_a_rematch_in_a_group_opens_the_lobby_with_the_computer_kept(h: Harness) -> None:
    await h.say(ANYA, GROUP, "/play klac")
    lobby = h.last_with_buttons(GROUP)
    await h.press(BORIS, GROUP, lobby.message_id, lobby.button_data("✋ Сесть"))
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("🤖 Компьютерные игроки"))
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("🤖 + сильный"))
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("⬅ Готово"))
    await set_option(h, GROUP, lobby.message_id, "Игра до", "до: 50 ")
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None
    # Two people: no take-back, and /stop is a vote (Boris says yes).
    assert not any("↩" in t for t in labels(h, ANYA) + labels(h, BORIS))
    await h.say(ANYA, GROUP, "/stop")
    vote = [m for m in h.fake.messages(GROUP) if m.photo is not None][-1]
    await h.press(BORIS, GROUP, vote.message_id, vote.button_data("👍 Да"))
    old_table = h.fake.message(GROUP, vote.message_id)
    rematch = old_table.button_data("🔁 Сыграть ещё раз")
    answer = await h.press(OUTSIDER, GROUP, old_table.message_id, rematch)
    assert answer["show_alert"] and answer["text"] == "You are not playing at this table."
    answer = await h.press(BORIS, GROUP, old_table.message_id, rematch)
    assert not answer.get("show_alert"), answer
    new = await h.service.table_in(f"tg:{GROUP}")
    assert new is not None and new.status == Status.LOBBY and new.id != table.id
    new_lobby = h.last_with_buttons(GROUP)
    assert "1. Boris (хозяин)\n2. Ada 🤖 сильный" in (new_lobby.content or "")
    assert "Игра до: 50 очков" in (new_lobby.content or "")
    await h.press(ANYA, GROUP, new_lobby.message_id, new_lobby.button_data("✋ Сесть"))
    await h.press(BORIS, GROUP, new_lobby.message_id, new_lobby.button_data("▶ Начать"))
    started = await h.service.table_in(f"tg:{GROUP}")
    assert started is not None and started.status == Status.PLAYING
    assert [p.name for p in started.players] == ["Boris", "Ada", "Аня"]


def next_round_buttons(h: Harness) -> list[tuple[int, str]]:
    """(message id, data) of every ▶ Next round in Аня's chat."""
    return [
        (m.message_id, b["callback_data"])
        for m in h.fake.messages(ANYA)
        for row in m.buttons
        for b in row
        if b["text"] == "▶ Следующая партия"
    ]


async def test_after_a_round_the_computer_waits_for_her_press(h: Harness) -> None:
    table_id = await solo_game(h, "до: 150 ")
    for _ in range(300):
        await make_a_move(h, table_id)
        await computers_move(h.service, h.clock, table_id, h.settle)
        table, _ = await h.service.get(table_id)
        if table.held:
            break
    else:
        raise AssertionError("no round ended with the computer to open the next")
    version = table.state_version
    summary = [m for m in h.fake.messages(ANYA) if m.photo is not None][-1]
    assert "🏁 Подсчёт партии" in (summary.content or "")
    held = "⏸ Партия подсчитана. Компьютеры ждут вас: нажмите ▶, когда будете готовы."
    # The table and her hand both say so, and both offer ▶ (the same button).
    shown = next_round_buttons(h)
    assert len(shown) == 2 and len({data for _, data in shown}) == 1
    assert all(held in (h.fake.message(ANYA, m).content or "") for m, _ in shown)
    # An hour later nothing has moved: the timers wait for her too.
    h.clock.advance(3600)
    await h.service.run_due()
    await h.settle()
    assert (await h.service.get(table_id))[0].state_version == version
    welcome = h.fake.messages(BORIS)[-1]
    message_id, data = shown[-1]
    answer = await h.press(BORIS, BORIS, welcome.message_id, data, strict=False)
    assert answer["show_alert"] and answer["text"] == "You are not playing at this table."
    answer = await h.press(ANYA, ANYA, message_id, data)
    assert not answer.get("show_alert"), answer
    # Both messages are edited: the button and the line are gone.
    assert next_round_buttons(h) == []
    assert not any(held in (h.fake.message(ANYA, m).content or "") for m, _ in shown)
    await computers_move(h.service, h.clock, table_id, h.settle)
    assert (await h.service.get(table_id))[0].state_version > version
    answer = await h.press(ANYA, ANYA, message_id, data, strict=False)
    assert answer["show_alert"] and "Кнопка устарела" in answer["text"]
