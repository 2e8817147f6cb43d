"""Commands, languages, forum topics, deadlines and votes as players see them in Telegram."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.config import DEFAULT_COMMAND_LIMIT
from bot.core.pacing import Limits, PressLimiter
from bot.core.service import BOT_DELAY_SECONDS, PlayerInfo
from bot.core.tables import Status
from tests.telegram.conftest import (
    ANYA,
    BORIS,
    GROUP,
    OUTSIDER,
    SEATS,
    VIKA,
    Harness,
    hand,
    mover,
    play_moves,
    quick_game,
)


def texts(h: Harness, chat: int) -> list[str]:
    return [m.content or "" for m in h.fake.messages(chat)]


async def test_command_menus_are_set_per_scope_and_language(h: Harness) -> None:
    group_ru = h.fake.commands({"type": "all_group_chats"}, "ru")
    private_en = h.fake.commands({"type": "all_private_chats"}, "en")
    assert [c["command"] for c in group_ru] == [
        "play",
        "hand",
        "rules",
        "stop",
        "history",
        "replay",
        "top",
        "lang",
        "stats",
        "forget",
        "learn",
        "help",
    ]
    assert "play" not in [c["command"] for c in private_en]
    assert {"history", "replay", "forget", "learn"} <= {c["command"] for c in private_en}
    assert group_ru[0]["description"] == "начать игру в этом чате"
    assert private_en[0]["description"] == "send me my hand again"


async def test_help_rules_lang_and_stats(h: Harness) -> None:
    await h.say(ANYA, GROUP, "/help")
    assert "/play — начать игру" in texts(h, GROUP)[-1]
    # In a group the rules are one short message; its button opens them privately.
    sent = len(h.fake.messages(GROUP))
    await h.say(ANYA, GROUP, "/rules")
    assert len(h.fake.messages(GROUP)) == sent + 1
    short = h.fake.messages(GROUP)[-1]
    text = short.content or ""
    assert text.startswith("Правила (Клац!, Клото") and len(text) < 200
    assert short.buttons[0][0]["url"] == f"https://t.me/{h.fake.bot_username}?start=rules"
    await h.say(ANYA, ANYA, "/start rules")
    rules = texts(h, ANYA)[-5:]
    assert "расширить" in rules[0] and "Клото" in rules[1]
    assert "Крэндзю" in rules[2] and "Караван" in rules[3] and "керлинг" in rules[4]
    await h.say(ANYA, GROUP, "/lang de")
    assert texts(h, GROUP)[-1] == "Отправьте /lang ru или /lang en."
    await h.say(ANYA, GROUP, "/lang en")
    assert texts(h, GROUP)[-1] == "✅ I will speak English here."
    await h.say(ANYA, GROUP, "/rules klac")
    short = h.fake.messages(GROUP)[-1]
    assert short.content == (
        "The rules (Klac!) are long, so I send them privately: press the button."
    )
    assert short.buttons[0][0]["url"].endswith("?start=rules_klac")
    await h.say(BORIS, BORIS, "/start rules_klac")
    assert "extend" in texts(h, BORIS)[-1]
    # Private messages follow each user's own language, not the group's.
    await h.say(ANYA, ANYA, "/help")
    assert "/play — начать игру" in texts(h, ANYA)[-1]
    await h.say(BORIS, GROUP, "/stats")
    assert texts(h, GROUP)[-1] == (
        "📊 Boris\nKlac!: played 0, won 0\nKlotho: played 0, won 0\n"
        "Krendzu: played 0, won 0\nCaravan: played 0, won 0\n"
        "Logical Curling: played 0, won 0"
    )


async def test_play_in_private_hand_outside_a_game_and_stop_without_a_table(h: Harness) -> None:
    await h.say(ANYA, ANYA, "/play")
    assert texts(h, ANYA)[-1] == "Во что играем?"  # a game against the computer
    await h.say(BORIS, BORIS, "/hand")
    assert texts(h, BORIS)[-1] == "You are not in a running game."
    await h.say(ANYA, GROUP, "/stop")
    assert texts(h, GROUP)[-1] == "Этого стола больше нет."
    await h.say(ANYA, GROUP, "/play chess")
    assert texts(h, GROUP)[-1] == "Такой игры нет."


async def test_one_table_per_chat_and_per_forum_topic(h: Harness) -> None:
    forum = -100777
    h.fake.add_group(forum, "Форум", forum=True)
    await h.say(ANYA, forum, "/play klac", thread=7)
    await h.say(BORIS, forum, "/play klac", thread=8)
    await h.say(BORIS, forum, "/play klac", thread=7)
    topic7 = [m for m in h.fake.messages(forum) if m.thread_id == 7]
    topic8 = [m for m in h.fake.messages(forum) if m.thread_id == 8]
    assert "новый стол" in (topic7[0].content or "") and "новый стол" in (topic8[0].content or "")
    assert topic7[-1].content == "В этом чате уже есть стол. Сначала закончите или остановите игру."
    assert {t.id for t in await h.service.tables_of("tg:11")} != set()
    table7 = await h.service.table_in(f"tg:{forum}/7")
    table8 = await h.service.table_in(f"tg:{forum}/8")
    assert table7 is not None and table8 is not None and table7.id != table8.id


async def test_hand_command_resends_the_hand(h: Harness) -> None:
    await quick_game(h)
    old = hand(h, BORIS)
    await h.say(BORIS, GROUP, "/hand")
    assert hand(h, BORIS).message_id != old.message_id
    await h.say(OUTSIDER, GROUP, "/hand")
    assert texts(h, GROUP)[-1] == "Вы не играете в этом чате."
    # Once Борис hands his seat to the bot, the hand it plays is not his to see.
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None
    seat = table.seat_of(f"tg:{BORIS}")
    await h.service.propose(table.id, f"tg:{BORIS}", "remove", subject=seat)
    shown = hand(h, BORIS)
    await h.say(BORIS, GROUP, "/hand")
    assert texts(h, GROUP)[-1] == "Вы не играете в этом чате."
    assert hand(h, BORIS).message_id == shown.message_id


async def test_starting_needs_every_player_reachable_privately(h: Harness) -> None:
    await h.say(ANYA, GROUP, "/play klac")
    lobby = h.last_with_buttons(GROUP)
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None
    # Вика was seated another way (say, before she blocked the bot): Start is refused.
    await h.service.join(table.id, PlayerInfo(f"tg:{VIKA}", "Вика"))
    answer = await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
    assert answer["show_alert"] and "Вика" in answer["text"]
    assert (await h.service.get(table.id))[0].status == Status.LOBBY
    await h.say(VIKA, VIKA, "/start")
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
    assert (await h.service.get(table.id))[0].status == Status.PLAYING


async def test_deep_link_only_for_members_of_the_group(h: Harness) -> None:
    await h.say(ANYA, GROUP, "/play klac")
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None
    h.fake.set_member_status(GROUP, OUTSIDER, "left")
    await h.say(OUTSIDER, OUTSIDER, f"/start join_{table.id}")
    assert texts(h, OUTSIDER)[-1].startswith("Join from the group")
    assert (await h.service.get(table.id))[0].seat_of(f"tg:{OUTSIDER}") is None
    # The lobby's own join button, forged into a press in the private chat.
    join = h.fake.message(GROUP, h.last_with_buttons(GROUP).message_id).button_data("✋ Сесть")
    private = h.fake.last_message(OUTSIDER).message_id
    answer = await h.press(OUTSIDER, OUTSIDER, private, join, strict=False)
    assert answer["show_alert"] and answer["text"].startswith("Join from the group"), answer
    assert (await h.service.get(table.id))[0].seat_of(f"tg:{OUTSIDER}") is None
    h.fake.set_member_status(GROUP, OUTSIDER, "member")
    answer = await h.press(OUTSIDER, OUTSIDER, private, join, strict=False)
    assert not answer.get("show_alert"), answer
    assert (await h.service.get(table.id))[0].seat_of(f"tg:{OUTSIDER}") is not None


async def test_stop_vote_from_the_group(h: Harness) -> None:
    table_id = await quick_game(h)
    await h.say(BORIS, GROUP, "/stop")
    table_msg = [m for m in h.fake.messages(GROUP) if m.photo is not None][-1]
    assert "Голосование за остановку игры. За — 1 из 3." in (table_msg.content or "")
    yes = table_msg.button_data("👍 Да")
    answer = await h.press(OUTSIDER, GROUP, table_msg.message_id, yes)
    assert answer["show_alert"]
    await h.press(VIKA, GROUP, table_msg.message_id, yes)
    assert (await h.service.get(table_id))[0].status == Status.ABORTED
    assert "⛔" in (h.fake.message(GROUP, table_msg.message_id).content or "")


async def test_deadline_reminder_auto_move_and_voting_out_an_absent_player(h: Harness) -> None:
    await h.say(VIKA, VIKA, "/start")
    await h.say(ANYA, GROUP, "/play klac")
    lobby = h.last_with_buttons(GROUP)
    # Turn time cycles 300 → 900 → 3600 → 86400 → 0 → 30; "when time runs out" → none.
    for _ in range(5):
        option = h.fake.message(GROUP, lobby.message_id).button_texts[2][0]
        await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data(option))
    for _ in range(2):
        option = h.fake.message(GROUP, lobby.message_id).button_texts[3][0]
        await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data(option))
    content = h.fake.message(GROUP, lobby.message_id).content or ""
    assert "Время на ход: 30 с" in content and "только напоминание" in content
    for user in (BORIS, VIKA):
        await h.press(user, GROUP, lobby.message_id, lobby.button_data("✋ Сесть"))
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None
    late, seat = await mover(h, table.id)
    h.clock.advance(23)
    await h.service.run_due()
    await h.settle()
    reminder = texts(h, late)[-1]
    assert "⏰" in reminder and "7" in reminder
    h.clock.advance(7)
    await h.service.run_due()
    await h.settle()
    name = h.fake.user(late).first_name
    assert any(f"У игрока {name} вышло время" in t for t in texts(h, GROUP))
    table_msg = [m for m in h.fake.messages(GROUP) if m.photo is not None][-1]
    remove = table_msg.button_data(f"🗳 Отдать боту место игрока {name}")
    voters = [u for u in SEATS if u != late]
    await h.press(voters[0], GROUP, table_msg.message_id, remove)
    table_msg = h.fake.message(GROUP, table_msg.message_id)
    await h.press(voters[1], GROUP, table_msg.message_id, table_msg.button_data("👍 Да"))
    assert any("дальше на этом месте играет бот" in t for t in texts(h, GROUP))
    h.clock.advance(BOT_DELAY_SECONDS)
    await h.service.run_due()
    await h.settle()
    after, _ = await h.service.get(table.id)
    assert after.players[seat].bot and after.state_version == 2


async def test_a_name_with_a_lone_surrogate_or_control_characters_is_cleaned(h: Harness) -> None:
    # JSON's "\ud800" decodes to a lone surrogate, which Redis cannot store.
    h.fake.add_user(77, "\ud800", last_name="Ким\x07\nЛи", language_code="ru")
    await h.say(77, GROUP, "/play klac")
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None and [p.name for p in table.players] == ["Ким Ли"]
    assert "Ким Ли" in (h.last_with_buttons(GROUP).content or "")


async def test_the_alert_naming_unreachable_players_keeps_to_200_characters(h: Harness) -> None:
    await h.say(ANYA, GROUP, "/play klac")
    lobby = h.last_with_buttons(GROUP)
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None
    # Five players with long names, seated before they blocked the bot.
    for n in range(5):
        await h.service.join(
            table.id, PlayerInfo(f"tg:{500 + n}", f"Игрок с очень длинным именем {n}")
        )
    answer = await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
    assert answer["show_alert"] and len(answer["text"]) == 200 and answer["text"].endswith("…")
    assert "Игрок с очень длинным именем 0" in answer["text"]


async def test_an_old_game_menu_pressed_in_a_busy_group_answers_the_presser_only(
    h: Harness,
) -> None:
    await h.say(ANYA, GROUP, "/play")
    menu = h.last_with_buttons(GROUP)
    await h.say(ANYA, GROUP, "/play klac")
    before = len(h.fake.messages(GROUP))
    for _ in range(3):
        answer = await h.press(
            BORIS, GROUP, menu.message_id, menu.button_data("Логический керлинг")
        )
        assert (
            answer["show_alert"]
            and answer["text"] == "This chat already has a table. Finish or stop it first."
        )
    # The group's message budget goes to the game, not to refusals.
    assert len(h.fake.messages(GROUP)) == before


async def test_privacy_mode_a_bare_play_after_another_bot_wrote(h: Harness) -> None:
    # The bot is a plain member (an administrator sees every message).
    h.fake.group(GROUP).bot_status = "member"
    h.fake.other_bot_writes(GROUP)
    await h.say(ANYA, GROUP, "/play klac")
    assert await h.service.table_in(f"tg:{GROUP}") is None, "Telegram did not deliver it"
    await h.say(ANYA, GROUP, f"/play@{h.fake.bot_username} klac")
    assert await h.service.table_in(f"tg:{GROUP}") is not None
    # Once the bot has written, a bare command reaches it again.
    await h.say(ANYA, GROUP, "/stop")
    assert await h.service.table_in(f"tg:{GROUP}") is None


async def test_a_seat_only_for_members_of_the_group_whichever_way_they_ask(h: Harness) -> None:
    await h.say(ANYA, GROUP, "/play klac")
    lobby = h.last_with_buttons(GROUP)
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None
    join = lobby.button_data("✋ Сесть")
    # A public group's visitors see its buttons: one who left, or was banned, is no member.
    for status in ("left", "kicked"):
        h.fake.set_member_status(GROUP, OUTSIDER, status)
        answer = await h.press(OUTSIDER, GROUP, lobby.message_id, join)
        assert answer["show_alert"] and answer["text"].startswith("Only members"), answer
        assert (await h.service.get(table.id))[0].seat_of(f"tg:{OUTSIDER}") is None
    # Restricted and gone from the group: Telegram says so with is_member false.
    h.fake.set_member_status(GROUP, OUTSIDER, "restricted", is_member=False)
    await h.say(OUTSIDER, OUTSIDER, f"/start join_{table.id}")
    assert texts(h, OUTSIDER)[-1].startswith("Join from the group")
    private = h.fake.last_message(OUTSIDER).message_id
    answer = await h.press(OUTSIDER, OUTSIDER, private, join, strict=False)
    assert answer["show_alert"] and answer["text"].startswith("Join from the group"), answer
    assert (await h.service.get(table.id))[0].seat_of(f"tg:{OUTSIDER}") is None
    # Restricted but still in the group (say, muted): a member all the same.
    h.fake.set_member_status(GROUP, OUTSIDER, "restricted")
    answer = await h.press(OUTSIDER, GROUP, lobby.message_id, join)
    assert not answer.get("show_alert"), answer
    assert (await h.service.get(table.id))[0].seat_of(f"tg:{OUTSIDER}") is not None


async def test_a_join_link_to_another_platforms_table_is_answered(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    discord = await h.service.create("dc:1:2", PlayerInfo("dc:9", "Ivy"), "klac")
    await h.say(OUTSIDER, OUTSIDER, f"/start join_{discord.id}")
    reply = texts(h, OUTSIDER)[-1]
    assert reply and not reply.startswith("Join from the group"), reply
    assert (await h.service.get(discord.id))[0].seat_of(f"tg:{OUTSIDER}") is None
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_members_command_spam_never_holds_the_table_up(h: Harness) -> None:
    # Telegram's twenty messages a minute in a group, made 30 to keep the test short.
    await h.restart(Limits(chat_interval=0.0, group_per_minute=30, global_per_second=100_000))
    h.service.commands = PressLimiter(
        h.store.redis, DEFAULT_COMMAND_LIMIT, prefix=f"{h.store.prefix}cmd:", clock=h.clock
    )
    table_id = await quick_game(h)
    before = len(h.fake.calls)
    spam = ["/stats", "/help", "/rules", "/top", "/history", "/lang"] * 5
    for text in spam:
        h.fake.send_text(VIKA, GROUP, text)
    # Every command handled, their replies waiting for the group's budget; then a move.
    await h.fake.idle(quiet=0.05, timeout=20)
    await asyncio.wait_for(h.tg.handling.idle.wait(), 20)
    await play_moves(h.service, table_id, 1)
    await h.settle()
    calls = h.fake.calls[before:]
    to_group = [c for c in calls if c.params.get("chat_id") == GROUP]
    replies = [i for i, c in enumerate(to_group) if c.method == "sendMessage"]
    table = [i for i, c in enumerate(to_group) if c.method.startswith("editMessage")]
    # Six commands in 30 s, her /start that opened the bot among them; the rest
    # ignored (and two equal replies waiting at once are one).
    assert 1 <= len(replies) <= DEFAULT_COMMAND_LIMIT.presses - 1
    # The table's picture went out after at most the reply that was being sent.
    assert table and table[0] < replies[1], [c.method for c in to_group]
    # The same reply, waiting already, is said once more at most (Аня has five
    # commands left of her six).
    sent = len(h.fake.calls_to("sendMessage", chat_id=GROUP))
    for _ in range(5):
        h.fake.send_text(ANYA, GROUP, "/top")
    await h.settle()
    assert 1 <= len(h.fake.calls_to("sendMessage", chat_id=GROUP)) - sent <= 2
