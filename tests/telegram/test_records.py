"""/history, /replay, /top, the rating in /stats and /forget in Telegram, after a
whole game in the group."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageSequence

from bot.core.history import KEEP_SECONDS
from bot.core.tables import Status
from bot.core.tokens import BadToken, decode
from bot.telegram import ids
from tests.telegram.conftest import (
    ANYA,
    BORIS,
    GROUP,
    VIKA,
    Harness,
    open_table,
    play_moves,
)
from tests.telegram.fake_api import CALLBACK_DATA_LIMIT
from tests.telegram.test_key_lifetimes import forever, lifetimes


async def finished_klac(h: Harness) -> str:
    """Аня and Boris play Klac! to 50 in the group to its end, each taking their
    first legal action (the cheapest game to finish); the table id."""
    table_id = await open_table(h, "klac", [ANYA, BORIS], {"Игра до": "50"})
    table, _ = await h.service.get(table_id)
    while table.status == Status.PLAYING:
        await play_moves(h.service, table_id, 1)
        table, _ = await h.service.get(table_id)
    await h.settle()
    return table_id


def last_text(h: Harness, chat: int) -> str:
    return h.fake.last_message(chat).content or ""


def frames(gif: bytes) -> int:
    with Image.open(io.BytesIO(gif)) as animation:
        assert animation.format == "GIF"
        return sum(1 for _ in ImageSequence.Iterator(animation))


async def test_a_finished_game_is_listed_replayed_and_rated(h: Harness) -> None:
    await h.say(BORIS, BORIS, "/replay")
    assert last_text(h, BORIS).startswith("Nothing to replay yet")
    table_id = await finished_klac(h)
    table, _ = await h.service.get(table_id)
    assert table.result is not None
    assert forever(await lifetimes(h)) == [], "ratings are kept, the finished game expires"

    await h.say(VIKA, GROUP, "/history")
    listed = h.fake.last_message(GROUP)
    lines = (listed.content or "").split("\n")
    assert lines[0] == "📜 Последние партии здесь:"
    assert lines[1].startswith("1. Клац! · ") and "Аня, Boris" in lines[1] and "🏆" in lines[1]
    ((label,),) = listed.button_texts
    assert label.startswith("🎞 1. Клац! · ")
    data = listed.button_data(label)
    assert len(data.encode()) <= CALLBACK_DATA_LIMIT

    # Anyone in the chat may press: the replay is posted for the whole chat.
    answer = await h.press(VIKA, GROUP, listed.message_id, data)
    assert answer.get("text") == "🎞 Рисую повтор…" and not answer.get("show_alert")
    (posted,) = h.fake.animations(GROUP)
    assert (posted.caption or "").startswith("🎞 Клац! · ")
    assert posted.animation is not None and frames(posted.animation) > 1

    # One replay a minute in a chat: the next is refused until then, button or command.
    await h.say(ANYA, GROUP, "/replay")
    assert last_text(h, GROUP) == (
        "🎞 Повтор здесь только что показывали: следующий можно будет показать через 60 секунд."
    )
    h.clock.advance(45)
    answer = await h.press(VIKA, GROUP, listed.message_id, data)
    assert answer["show_alert"] and answer["text"].endswith("через 15 секунд.")
    assert len(h.fake.animations(GROUP)) == 1
    h.clock.advance(15)
    # The same game again is posted by its file id at once: nothing drawn or uploaded.
    await h.say(ANYA, GROUP, "/replay")
    again = h.fake.messages(GROUP)[-1]
    assert again.animation == posted.animation
    assert isinstance(h.fake.calls_to("sendAnimation")[-1].params["animation"], str)
    await h.say(ANYA, GROUP, "/replay 2")
    assert last_text(h, GROUP) == "Партии с номером 2 здесь нет: список — в /history."
    await h.say(ANYA, GROUP, "/replay два")
    assert last_text(h, GROUP).startswith("Отправьте /replay, чтобы увидеть последнюю партию")

    # Forged, foreign and expired presses are refused and post nothing.
    sent = len(h.fake.calls_to("sendAnimation"))
    answer = await h.press(ANYA, GROUP, listed.message_id, "h:nonsense", strict=False)
    assert answer["text"] == "Эта кнопка недействительна." and answer["show_alert"]
    game, finished = data.rsplit(":", 1)
    forged = f"{game}:{int(finished) - 5}"
    answer = await h.press(ANYA, GROUP, listed.message_id, forged, strict=False)
    assert answer["text"].startswith("Этой партии нет среди сохранённых") and answer["show_alert"]
    elsewhere = h.fake.last_message(BORIS).message_id
    answer = await h.press(BORIS, BORIS, elsewhere, data, strict=False)
    assert answer["text"] == (
        "This game is not among the ones kept in this chat: /history lists them."
    )
    assert len(h.fake.calls_to("sendAnimation")) == sent

    await h.say(VIKA, GROUP, "/top")
    top = last_text(h, GROUP).split("\n")
    winner = table.players[int(table.result["winners"][0])].name
    assert top[0] == "🏅 Клац!: лучшие здесь" and len(top) == 3
    assert top[1].startswith(f"1. {winner} — ") and top[1].endswith("(1 партия)")
    assert {"Аня", "Boris"} == {line.split(" — ")[0][3:] for line in top[1:]}
    await h.say(VIKA, GROUP, "/top chess")
    assert last_text(h, GROUP).startswith("Отправьте /top или /top с названием игры: klac (Клац!)")
    await h.say(ANYA, GROUP, "/stats")
    assert "⭐ рейтинг" in last_text(h, GROUP) and "(1 партия в зачёт)" in last_text(h, GROUP)
    await h.say(BORIS, BORIS, "/stats")
    assert "⭐ rating" in last_text(h, BORIS) and "(1 rated game)" in last_text(h, BORIS)

    # A group that forbids GIFs to the bot hears why the replay did not come.
    h.fake.group(GROUP).bot_status = "member"
    h.fake.set_permissions(GROUP, can_send_other_messages=False)
    h.clock.advance(60)
    await h.press(VIKA, GROUP, listed.message_id, data)
    assert last_text(h, GROUP).startswith("Не получается показать повтор: группа не разрешает")
    assert len(h.fake.animations(GROUP)) == 2

    # Ninety days on, the game is gone from Redis; its button says so.
    sent = len(h.fake.calls_to("sendAnimation"))
    h.clock.advance(KEEP_SECONDS)
    await h.service.history.forget_chat(ids.chat_key(GROUP))
    answer = await h.press(VIKA, GROUP, listed.message_id, data)
    assert answer["text"] == "Эта партия больше не хранится: сыгранные партии хранятся 90 дней."
    assert len(h.fake.calls_to("sendAnimation")) == sent


async def test_forget_deletes_the_callers_records_and_for_an_admin_the_chats(h: Harness) -> None:
    h.fake.set_member_status(GROUP, BORIS, "administrator")
    table_id = await finished_klac(h)
    anya, boris, group = ids.player_key(ANYA), ids.player_key(BORIS), ids.chat_key(GROUP)
    await h.say(ANYA, GROUP, "/forget")
    assert last_text(h, GROUP).split("\n")[:2] == [
        "🧹 Готово: ваша статистика, рейтинги, выбор языка, колоды, место в обучении и отметка,"
        " что мне можно писать вам лично, удалены везде.",
        "Удалить сыгранные партии и таблицы лидеров этого чата может только администратор;"
        " ваши данные удалены.",
    ]
    assert last_text(h, GROUP).split("\n")[2].startswith("Остаются: столы, за которыми")
    assert not await h.tg.frontend.can_message(ANYA), "the note that the bot may write to her"
    assert await h.service.stats(anya) == {} and await h.service.player_ratings(anya) == {}
    assert len(await h.service.finished_games(group)) == 1, "the chat's games stay"
    assert await h.service.player_ratings(boris), "another player's rating stays"

    # In the private chat a person decides for that chat too.
    await h.say(BORIS, BORIS, "/forget")
    assert last_text(h, BORIS).split("\n")[0] == (
        "🧹 Done: your statistics, ratings, language choices, decks, place in the tutorials and"
        " my note that I may write to you privately are deleted everywhere."
    )
    assert len(await h.service.finished_games(group)) == 1
    await h.say(BORIS, GROUP, "/forget")
    assert "язык этого чата тоже удалены" in last_text(h, GROUP)
    assert await h.service.finished_games(group) == []
    assert await h.service.leaderboard("klac", group) == []
    left = [k async for k in h.store.redis.scan_iter(match=f"{h.store.prefix}*", count=500)]
    assert not [k for k in left if anya in k or boris in k], left
    # What stays names them only where the reply says: the finished game's table.
    naming = []
    for key in left:
        kind = await h.store.redis.type(key)
        values = (
            list((await h.store.redis.hgetall(key)).values()) if kind == "hash"
            else list(await h.store.redis.smembers(key)) if kind == "set"
            else [await h.store.redis.get(key)] if kind == "string"
            else []
        )  # fmt: skip
        if any(str(u) in str(v) for v in values for u in (ANYA, BORIS)):
            naming.append(key)
    assert naming and all(f":t:{table_id}" in key for key in naming), naming


async def test_forget_keeps_the_private_chat_open_while_a_game_is_played(h: Harness) -> None:
    await open_table(h, "klac", [ANYA, BORIS], {"Игра до": "50"})
    await h.say(ANYA, ANYA, "/forget")
    assert await h.tg.frontend.can_message(ANYA), "her hand of the game being played needs it"


def test_replay_buttons_are_no_core_token() -> None:
    # The records router takes them before the buttons' router, which decodes core tokens.
    with pytest.raises(BadToken):
        decode("h:AbCd1234:1800000000")
