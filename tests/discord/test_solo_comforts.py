"""Alone against the computer in Discord: ↩ on the hand in a DM and on a public
game's table in a server channel, /stop that asks first (its answer replaces
the question), and 🔁 under the finished table. Stale, forged and foreign
presses change nothing and are told why."""

from __future__ import annotations

from typing import Any

from bot.core.tables import Status
from bot.core.tokens import TakeBackToken
from bot.discord import ids
from bot.discord.publisher import TABLE_REF
from games import registry
from tests.core.helpers import computers_move
from tests.discord.conftest import (
    ANYA,
    BORIS,
    CHANNEL,
    Server,
    click,
    interaction_payload,
    move_path,
    table_message,
)
from tests.discord.fake_discord_records import Interaction, StoredMessage
from tests.discord.test_games import move_choices
from tests.discord.test_solo import DM, NEXT_ROUND, button, labels, solo_lobby

UNDO = "↩ Отменить ход"


async def forged(server: Server, message: StoredMessage, custom_id: str, **kw: Any) -> Interaction:
    """A press of ``custom_id`` on ``message`` whatever the message shows (a stale
    copy, a forged id, someone else's), as the gateway would deliver it."""
    data = {"custom_id": custom_id, "component_type": 2}
    kw.setdefault("guild", message.guild_id)
    kw.setdefault("channel", message.channel_id)
    payload = interaction_payload(server.fake, 3, data, message=message, **kw)
    record = await server.harness.inject(payload)
    await server.settle()
    return record


def dm_hand(server: Server, table_msg_id: int) -> StoredMessage:
    """Аня's hand in the DM: the message below the table that is neither it nor the lobby."""
    shown = [m for m in server.fake.messages(DM) if not m.ephemeral and m.attachments]
    return [m for m in shown if m.id != table_msg_id][-1]


async def test_a_move_is_taken_back_from_the_hand_in_a_dm(server: Server) -> None:
    table_id, _ = await solo_lobby(server, "klac", "target=50")
    await computers_move(server.service, server.clock, table_id, server.settle)
    _, state = await server.service.get(table_id)
    before = registry.get("klac").dumps(state)
    table_msg_id = int(await server.store.get_ref(table_id, TABLE_REF) or 0)
    for token in await move_path(server, table_id):
        await click(server, dm_hand(server, table_msg_id), token)
    await computers_move(server.service, server.clock, table_id, server.settle)
    hand = dm_hand(server, table_msg_id)
    undo = button(hand, UNDO)
    # Boris's forged press of it (he has no seat) and a forged position change nothing.
    record = await forged(server, hand, undo, user=BORIS)
    assert server.told(record) == ["Вы не играете за этим столом."]
    record = await forged(server, hand, TakeBackToken(table_id, 4321).encode())
    assert server.told(record) == ["Кнопка устарела: пользуйтесь последним сообщением."]
    untouched, _ = await server.service.get(table_id)
    record = await server.press(hand, undo)
    assert server.told(record) == []
    table, state = await server.service.get(table_id)
    assert registry.get("klac").dumps(state) == before
    assert table.version == untouched.version + 1 and table.takebacks == 1
    # Both messages edited in place: the caption says so, the hand is her menu again.
    table_msg = server.fake.message(DM, table_msg_id)
    assert "↩ Ход отменён: всё как было до него." in table_msg.content
    assert dm_hand(server, table_msg_id).id == hand.id
    assert UNDO not in [i.get("label") for r in hand.components for i in r["components"]]
    assert move_choices(hand, 0)
    record = await forged(server, hand, undo)
    assert server.told(record) == ["Отменять больше нечего."]
    record = await server.command("stats", guild=None, channel=DM)
    assert "↳ ↩ отменённых ходов: 1" in server.told(record)[0]


async def test_a_public_game_in_a_channel_takes_back_on_its_table_message(
    server: Server,
) -> None:
    record = await server.command("play", {"name": "game", "type": 3, "value": "klotho"}, user=ANYA)
    table = await server.service.table_in(ids.chat_key(CHANNEL))
    assert table is not None, server.told(record)
    await server.service.add_computer(table.id, ids.player_key(ANYA), "easy")
    await server.service.start(table.id, ids.player_key(ANYA))
    await server.settle()
    await computers_move(server.service, server.clock, table.id, server.settle)
    _, state = await server.service.get(table.id)
    before = registry.get("klotho").dumps(state)
    for token in await move_path(server, table.id):
        await click(server, await table_message(server, table.id), token)
    shown = await table_message(server, table.id)
    undo = button(shown, UNDO)
    # Boris is in the channel but not at the table.
    record = await server.press(shown, undo, user=BORIS)
    assert server.told(record) == ["Вы не играете за этим столом."]
    record = await server.press(shown, undo)
    assert server.told(record) == []
    _, state = await server.service.get(table.id)
    assert registry.get("klotho").dumps(state) == before
    assert UNDO not in [
        i.get("label") for r in (await table_message(server, table.id)).components
        for i in r["components"]
    ]  # fmt: skip


async def test_stop_alone_asks_and_the_answer_replaces_the_question(server: Server) -> None:
    table_id, _ = await solo_lobby(server, "klac", "")
    record = await server.command("stop", guild=None, channel=DM)
    assert server.told(record) == ["⛔ Остановить игру «Клац!»? Она не попадёт в статистику."]
    question = server.fake.message(DM, record.original_id or 0)
    assert question.ephemeral
    assert (await server.service.get(table_id))[0].status == Status.PLAYING
    record = await server.press(question, button(question, "▶ Нет, играть дальше"))
    assert question.content == "▶ Играем дальше." and question.components == []
    assert (await server.service.get(table_id))[0].status == Status.PLAYING
    record = await server.command("stop", guild=None, channel=DM)
    again = server.fake.message(DM, record.original_id or 0)
    yes = button(again, "⛔ Да, остановить")
    await server.press(again, yes)
    assert again.content == "⛔ Игра остановлена." and again.components == []
    table, _ = await server.service.get(table_id)
    assert table.status == Status.ABORTED
    table_msg = server.fake.message(DM, int(await server.store.get_ref(table_id, TABLE_REF) or 0))
    assert "⛔ Игра остановлена." in table_msg.content
    # The same answer once more, pressed late: the game is over already.
    record = await forged(server, question, yes)
    assert server.told(record) == ["Игра окончена."]


async def test_a_rematch_in_a_dm_plays_again_with_the_same_computer_and_options(
    server: Server,
) -> None:
    table_id, _ = await solo_lobby(server, "klac", "target=50 pace=fast")
    record = await server.command("stop", guild=None, channel=DM)
    question = server.fake.message(DM, record.original_id or 0)
    await server.press(question, button(question, "⛔ Да, остановить"))
    old_msg = server.fake.message(DM, int(await server.store.get_ref(table_id, TABLE_REF) or 0))
    record = await server.press(old_msg, button(old_msg, "🔁 Сыграть ещё раз"))
    assert server.told(record) == []
    new = await server.service.table_in(ids.chat_key(DM, dm=True))
    assert new is not None and new.id != table_id and new.status == Status.PLAYING
    assert [(p.name, p.bot, p.level) for p in new.players] == [
        ("Anya", False, "normal"),
        ("Ada", True, "normal"),
    ]
    assert new.options["target"] == 50 and new.pace == "fast"
    new_msg = server.fake.message(DM, int(await server.store.get_ref(new.id, TABLE_REF) or 0))
    assert new_msg.id != old_msg.id and new_msg.attachments
    # The old button once more, the new game on: refused, nothing opened.
    record = await server.press(old_msg, button(old_msg, "🔁 Сыграть ещё раз"))
    assert server.told(record) == [
        "В этом чате уже есть стол. Сначала закончите или остановите игру."
    ]


def with_next_round(server: Server) -> list[StoredMessage]:
    """Аня's DM messages that offer ▶ Next round."""
    return [m for m in server.fake.messages(DM) if NEXT_ROUND in labels(m)]


async def test_after_a_round_the_computer_waits_for_her_press_in_the_dm(server: Server) -> None:
    table_id, _ = await solo_lobby(server, "klac", "target=150")
    await computers_move(server.service, server.clock, table_id, server.settle)
    table_msg_id = int(await server.store.get_ref(table_id, TABLE_REF) or 0)
    hand_id = dm_hand(server, table_msg_id).id
    for _ in range(300):
        for token in await move_path(server, table_id):
            await click(server, server.fake.message(DM, hand_id), token)
        await computers_move(server.service, server.clock, table_id, server.settle)
        table, _ = await server.service.get(table_id)
        if table.held:
            break
    else:
        raise AssertionError("no round ended with the computer to open the next")
    version = table.state_version
    held = "⏸ Партия подсчитана. Компьютеры ждут вас: нажмите ▶, когда будете готовы."
    # The table and the hand, edited in place, say so and offer ▶.
    assert sorted(m.id for m in with_next_round(server)) == sorted([table_msg_id, hand_id])
    assert all(held in m.content for m in with_next_round(server))
    summary = [m for m in server.fake.messages(DM) if "🏁 Подсчёт партии" in m.content]
    assert summary and summary[-1].attachments
    hand = server.fake.message(DM, hand_id)
    go_on = button(hand, NEXT_ROUND)
    record = await forged(server, hand, go_on, user=BORIS)
    assert server.told(record) == ["Вы не играете за этим столом."]
    record = await server.press(hand, go_on)
    assert server.told(record) == []
    await server.settle()
    assert with_next_round(server) == []
    assert held not in server.fake.message(DM, table_msg_id).content
    await computers_move(server.service, server.clock, table_id, server.settle)
    assert (await server.service.get(table_id))[0].state_version > version
    record = await forged(server, hand, go_on)
    assert server.told(record) == ["Кнопка устарела: пользуйтесь последним сообщением."]
