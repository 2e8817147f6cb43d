"""Slash commands as Discord users meet them: registration, answers, languages, votes."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.core.service import PlayerInfo
from bot.core.tables import Status
from bot.core.tokens import LobbyToken, VoteToken
from bot.discord import ids
from games import registry
from tests.discord.conftest import (
    ANYA,
    BORIS,
    CHANNEL,
    GUILD,
    MEMBER_PERMISSIONS,
    OUTSIDER,
    VIKA,
    Server,
    finished_klac,
    my_hand,
    open_table,
    option,
    ref_message,
    table_message,
)

COMMANDS = (
    "play", "hand", "rules", "stop", "stats", "lang", "deck", "history", "replay", "top",
    "forget", "learn", "help",
)  # fmt: skip
GAMES = ("klac", "klotho", "krendzu", "caravan", "curling")
#: The Attach Files permission bit.
ATTACH_FILES = 1 << 15
DM = 1_200_000_000_000_000_500  # the DM channel of whoever runs a command with guild=None


def t(server: Server, lang: str, msg: str, **args: Any) -> str:
    return server.dc.frontend.i18n.t(lang, msg, **args)


async def test_commands_are_synced_globally_with_russian_names_and_choices(
    server: Server,
) -> None:
    synced = {c["name"]: c for c in server.fake.global_commands}
    assert tuple(synced) == COMMANDS
    assert server.fake.guild_commands == {}
    for name, command in synced.items():
        assert command["name_localizations"]["ru"] == t(server, "ru", f"dc-cmd-{name}")
        assert command["description_localizations"]["ru"] == t(server, "ru", f"dc-cmd-{name}-desc")
        assert command["description"], name
    # Commands that need a channel's table are offered in servers only.
    assert {n for n, c in synced.items() if c["dm_permission"] is False} == {"hand"}
    for name in ("play", "rules"):
        game = next(o for o in synced[name]["options"] if o["name"] == "game")
        assert game["name_localizations"]["ru"] == "игра"
        assert [c["value"] for c in game["choices"]] == list(GAMES)
        assert [c["name_localizations"]["ru"] for c in game["choices"]] == [
            "Клац!",
            "Клото",
            "Крэндзю",
            "Караван",
            "Логический керлинг",
        ]
        assert [c["name"] for c in game["choices"]][-1] == "Logical Curling"
    play = {o["name"]: o for o in synced["play"]["options"]}
    assert list(play) == ["game", "turn_time", "on_timeout", "options"]
    assert play["game"]["required"] and not play["options"]["required"]
    assert play["options"]["name_localizations"]["ru"] == "настройки"
    turn = {c["value"]: c["name_localizations"]["ru"] for c in play["turn_time"]["choices"]}
    assert turn[0] == "без ограничения" and turn[300] == "5 мин"
    languages = synced["lang"]["options"][0]["choices"]
    assert [(c["name"], c["value"]) for c in languages] == [("Русский", "ru"), ("English", "en")]


async def test_help_in_each_users_language_and_only_to_them(server: Server) -> None:
    record = await server.command("help")
    assert server.told(record) == [t(server, "ru", "dc-help")]
    assert record.callback_type == 5  # deferred at once, then filled in
    record = await server.command("help", user=BORIS, locale="en-US")
    assert server.told(record) == [t(server, "en", "dc-help")]
    assert "/play" in server.told(record)[0]
    assert server.channel() == [], "nothing public"


async def test_rules_of_one_game_of_the_channels_game_or_of_all(server: Server) -> None:
    record = await server.command("rules", option("game", "klotho"))
    assert server.told(record) == [f"**Клото**\n\n{t(server, 'ru', 'rules-klotho')}"]
    # No game named, no table here: all five.
    record = await server.command("rules", user=BORIS, locale="en-GB")
    told = server.told(record)
    assert len(told) == 5
    assert [text.split("\n")[0] for text in told] == [
        "**Klac!**",
        "**Klotho**",
        "**Krendzu**",
        "**Caravan**",
        "**Logical Curling**",
    ]
    # In a DM there is no channel table: all five too.
    record = await server.command("rules", guild=None, channel=DM)
    assert len(server.told(record)) == 5
    # With a table in the channel: that game's rules.
    await open_table(server, "curling", ANYA, start=False)
    record = await server.command("rules", user=VIKA)
    assert server.told(record) == [f"**Логический керлинг**\n\n{t(server, 'ru', 'rules-curling')}"]


async def test_stats_zeros_then_after_a_finished_game(server: Server) -> None:
    record = await server.command("stats", user=OUTSIDER)
    lines = server.told(record)[0].split("\n")
    assert lines[0] == "📊 Zed"
    assert lines[1:] == [
        f"{t(server, 'ru', f'game-{g}')}: сыграно 0, побед 0" for g in registry.names()
    ]
    table_id = await finished_klac(server)
    table, _ = await server.service.get(table_id)
    assert table.status == Status.FINISHED and table.result is not None
    winners = {table.players[int(s)].key for s in table.result["winners"]}
    for user in (ANYA, BORIS):
        record = await server.command("stats", user=user, locale="en-US")
        won = int(ids.player_key(user) in winners)
        lines = server.told(record)[0].split("\n")
        assert f"Klac!: played 1, won {won}" in lines
        assert "Klotho: played 0, won 0" in lines
    assert (await server.service.stats(ids.player_key(VIKA))) == {}


async def test_lang_in_a_channel_rerenders_the_lobby_then_the_table(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS, start=False)
    lobby = await ref_message(server, table_id, "dc:lobby")
    assert lobby.content.startswith("🎲 Клац!: новый стол")
    record = await server.command("lang", option("language", "en"), user=BORIS)
    assert server.told(record) == ["✅ I will speak English in this channel."]
    assert lobby.content.startswith("🎲 Klac!: a new table"), lobby.content
    assert "⚙ Options" in str(lobby.components)
    # Each user's own answers keep their own language.
    record = await server.command("help", user=BORIS)
    assert server.told(record) == [t(server, "ru", "dc-help")]
    await server.press(lobby, LobbyToken(table_id, "s").encode(), user=ANYA)
    table_msg = await table_message(server, table_id)
    assert table_msg.content.startswith("Klac!\n")
    assert "🂠 My hand" in str(table_msg.components)
    edits = table_msg.edits
    record = await server.command("lang", option("language", "ru"), user=ANYA, locale="en-US")
    assert server.told(record) == ["✅ В этом канале я буду говорить по-русски."]
    assert table_msg.edits == edits + 1
    assert table_msg.content.startswith("Клац!\n"), table_msg.content
    assert "🂠 Моя рука" in str(table_msg.components)
    assert len(server.channel()) == 3, "re-rendered in place, nothing sent anew"


async def test_lang_in_a_dm_sets_the_users_language(server: Server) -> None:
    record = await server.command("lang", option("language", "en"), guild=None, channel=DM)
    assert server.told(record) == ["✅ I will speak English to you."]
    assert await server.dc.frontend.languages.for_user(ids.player_key(ANYA), "ru") == "en"
    # Chosen beats what the Discord client reports, in the channel too…
    record = await server.command("help", locale="ru")
    assert server.told(record) == [t(server, "en", "dc-help")]
    # …while the channel's own language did not change.
    assert await server.dc.frontend.languages.for_chat(ids.chat_key(CHANNEL)) == "ru"
    await open_table(server, "klac", ANYA, start=False)
    assert server.channel()[-1].content.startswith("🎲 Клац!: новый стол")


async def test_play_with_game_options_turn_time_and_timeout(server: Server) -> None:
    record = await server.command(
        "play",
        option("game", "klotho"),
        option("turn_time", 60),
        option("on_timeout", "bot"),
        option("options", "rounds=2"),
    )
    assert server.told(record) == [
        "✅ Лобби игры «Клото» открыто в этом канале: игроки нажимают «✋ Сесть»."
    ]
    table = await server.service.table_in(ids.chat_key(CHANNEL))
    assert table is not None
    assert table.options["rounds"] == 2
    assert table.turn_seconds == 60 and table.on_timeout == "bot"
    assert table.creator == ids.player_key(ANYA)
    [lobby] = server.channel()
    assert lobby.id == int(await server.store.get_ref(table.id, "dc:lobby") or 0)
    assert "1 мин" in lobby.content and not lobby.ephemeral
    assert lobby.custom_ids == [
        f"l:{table.id}:j",
        f"l:{table.id}:l",
        f"O:{table.id}",
        f"l:{table.id}:b",
        f"l:{table.id}:s",
        f"l:{table.id}:c",
        "t:klotho:0:g",
    ]


async def test_play_with_bad_options_says_what_is_wrong_and_opens_nothing(
    server: Server,
) -> None:
    for raw, problem in (
        ("rounds=9", "rounds=9 (1, 2, 3)"),
        ("colour=red", "colour=red"),
        ("rounds", "rounds"),
        # A pasted page is quoted back cut short (Fluent would show "{???}").
        ("x" * 6000, "x" * 39 + "…"),
    ):
        record = await server.command(
            "play", option("game", "klotho"), option("options", raw), locale="en-US"
        )
        [told] = server.told(record)
        assert told.startswith(f"I don’t understand “{problem}”. Options are written key=value")
        assert "rounds=1|2|3" in told and "turn_seconds=" in told
    assert await server.service.table_in(ids.chat_key(CHANNEL)) is None
    assert server.channel() == []


async def test_play_where_a_table_is_already_open(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, start=False)
    record = await server.command("play", option("game", "curling"), user=BORIS)
    assert server.told(record) == [t(server, "ru", "error-chat-busy")]
    assert len(server.channel()) == 1, "no second lobby"
    table = await server.service.table_in(ids.chat_key(CHANNEL))
    assert table is not None and table.id == table_id and table.game == "klac"


async def test_hand_in_a_dm_is_for_servers_only(server: Server) -> None:
    record = await server.command("hand", guild=None, channel=DM)
    assert server.told(record) == ["Эта команда работает в канале сервера."]
    assert [m for m in server.fake.messages(DM) if not m.ephemeral] == []


async def test_play_without_attach_files_names_the_missing_permission(server: Server) -> None:
    lacking = str(int(MEMBER_PERMISSIONS) & ~ATTACH_FILES)
    record = await server.command("play", option("game", "klac"), app_permissions=lacking)
    [told] = server.told(record)
    assert told.startswith("⚠ Мне не хватает прав в этом канале: Прикреплять файлы.")
    assert "Отправлять сообщения" not in told
    record = await server.command(
        "play", option("game", "klac"), app_permissions=lacking, locale="en-US"
    )
    assert server.told(record)[0].startswith("⚠ I lack permissions in this channel: Attach Files.")
    assert await server.service.table_in(ids.chat_key(CHANNEL)) is None
    assert server.channel() == []


async def test_hand_command_sends_the_hand_to_players_only(server: Server) -> None:
    record = await server.command("hand")
    assert server.told(record) == ["Вы не играете в этом канале."]
    table_id = await open_table(server, "klac", ANYA, BORIS)
    record = await server.command("hand", user=BORIS)
    hand = server.fake.message(CHANNEL, record.original_id or 0)
    assert hand.ephemeral and hand.attachments and "D:1" in hand.custom_ids
    table, state = await server.service.get(table_id)
    seat = table.seat_of(ids.player_key(BORIS))
    assert seat is not None
    screen = await server.dc.frontend.screens.seat(table, state, seat, "ru")
    assert hand.attachments[0].data == screen.image
    record = await server.command("hand", user=OUTSIDER)
    assert server.told(record) == ["Вы не играете в этом канале."]
    # Once Борис hands his seat to the bot, the hand it plays is not his to see.
    await server.service.propose(table_id, ids.player_key(BORIS), "remove", subject=seat)
    record = await server.command("hand", user=BORIS)
    assert server.told(record) == ["Вы не играете в этом канале."]
    table_msg = await table_message(server, table_id)
    record = await server.press(table_msg, ids.hand_id(table_id), user=BORIS)
    assert server.told(record) == ["За вас теперь играет бот."]


async def test_stop_closes_the_lobby_for_the_host_only(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS, start=False)
    lobby = await ref_message(server, table_id, "dc:lobby")
    record = await server.command("stop", user=BORIS)
    assert server.told(record) == [t(server, "ru", "error-not-allowed")]
    assert (await server.service.get(table_id))[0].status == Status.LOBBY
    record = await server.command("stop")
    assert server.told(record) == ["✅ Лобби закрыто."]
    assert (await server.service.get(table_id))[0].status != Status.LOBBY
    assert await server.service.table_in(ids.chat_key(CHANNEL)) is None
    assert lobby.content == "Клац!: лобби этого стола закрыто."
    assert lobby.custom_ids == []
    record = await server.command("stop")
    assert server.told(record) == [t(server, "ru", "error-table-not-found")]


async def test_stop_in_a_game_is_a_vote_on_the_table_message(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS, VIKA)
    table_msg = await table_message(server, table_id)
    record = await server.command("stop", user=BORIS)
    assert server.told(record) == [t(server, "ru", "dc-vote-started")]
    assert "За — 1 из 3" in table_msg.content, table_msg.content
    table, _ = await server.service.get(table_id)
    [vote] = table.votes
    yes = VoteToken(table_id, vote.id, True).encode()
    no = VoteToken(table_id, vote.id, False).encode()
    assert yes in table_msg.custom_ids and no in table_msg.custom_ids
    assert len(server.channel()) == 3, "the vote is shown on the table message, not sent"
    record = await server.command("stop", user=VIKA)
    assert server.told(record) == [t(server, "ru", "error-vote-open")]
    record = await server.press(table_msg, yes, user=OUTSIDER)
    assert server.told(record) == [t(server, "ru", "error-not-seated")]
    record = await server.press(table_msg, yes, user=BORIS)
    assert server.told(record) == [t(server, "ru", "error-vote-already-voted")]
    assert (await server.service.get(table_id))[0].status == Status.PLAYING
    record = await server.press(table_msg, yes, user=VIKA)
    assert server.told(record) == []
    assert (await server.service.get(table_id))[0].status == Status.ABORTED
    assert "⛔ Игра остановлена." in table_msg.content
    assert yes not in table_msg.custom_ids and f"H:{table_id}" not in table_msg.custom_ids
    assert await server.service.table_in(ids.chat_key(CHANNEL)) is None


async def test_a_command_in_another_server_channel_is_independent(server: Server) -> None:
    other = CHANNEL + 1000
    server.fake.add_channel(other, GUILD)
    await open_table(server, "klac", ANYA, BORIS)
    record = await server.command("play", option("game", "klotho"), user=VIKA, channel=other)
    assert "Клото" in server.told(record)[0]
    table = await server.service.table_in(ids.chat_key(other))
    assert table is not None and table.game == "klotho"
    record = await server.command("hand", user=BORIS, channel=other)
    assert server.told(record) == ["Вы не играете в этом канале."]
    hand = await my_hand(server, (await server.service.table_in(ids.chat_key(CHANNEL))).id, BORIS)  # type: ignore[union-attr]
    assert hand.ephemeral


async def test_another_platforms_table_is_not_this_bots_to_show(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    # One process serves Telegram and Discord from one service: a Telegram
    # table's changes reach this publisher too, and are left alone.
    table = await server.service.create("tg:-100", PlayerInfo("tg:5", "Аня"), "klac")
    await server.service.join(table.id, PlayerInfo("tg:6", "Boris"))
    await server.settle()
    assert server.channel() == []
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
