"""Inline mode: a game started by typing ``@bot`` in a private chat between two
people the bot is not in, played to the end on the message it posted, only by
pressing what is shown."""

from __future__ import annotations

import random

from bot.core.pacing import Limits
from bot.core.tables import Status, Table
from bot.core.tokens import MoveToken, SharedToken, decode
from bot.telegram import ids
from bot.telegram.inline.queries import CACHE_SECONDS
from games import registry
from tests.core.helpers import computers_move
from tests.telegram.conftest import ANYA, BORIS, OUTSIDER, VIKA, Harness, hand
from tests.telegram.fake_api import Call, StoredMessage
from tests.telegram.fake_api.inject import chat_instance
from tests.telegram.fake_api.inline import RESULTS_LIMIT
from tests.telegram.test_caravan import CARD_CODE, play_one_move

CARAVAN = registry.get("caravan")
STORAGE = -100900


async def open_inline(h: Harness, user: int, chat: int, typed: str, game: str) -> str:
    """``user`` types ``@bot typed`` in ``chat`` and chooses ``game``; the inline message's id."""
    query = h.fake.inline_query(user, chat, typed)
    await h.settle()
    answer = h.fake.inline_queries[query].answer
    assert answer is not None and answer["is_personal"]
    # Cached only once every game shows its picture.
    pictured = all(r["type"] == "photo" for r in answer["results"])
    assert answer["cache_time"] == (CACHE_SECONDS if pictured else 0)
    assert 1 <= len(answer["results"]) <= RESULTS_LIMIT
    posted = h.fake.choose(query, f"new:{game}")
    await h.settle()
    assert posted.inline_message_id is not None
    return posted.inline_message_id


def labelled(message: StoredMessage, label: str) -> str:
    """The data of the button whose label holds ``label``."""
    return next(
        str(b["callback_data"])
        for row in message.buttons
        for b in row
        if label in b["text"] and "callback_data" in b
    )


async def press(h: Harness, user: int, inline: str, data: str, **kw: object) -> dict:
    """``user`` presses a button of the inline message; the bot's answer."""
    query = h.fake.press_inline(user, inline, data, **kw)  # type: ignore[arg-type]
    answer = await h.fake.wait_answer(query, timeout=10)
    await h.settle()
    return answer


def picture_uploads(h: Harness) -> list[Call]:
    """The uploads of pictures for inline messages (hands are sent with a caption)."""
    return [
        c
        for c in h.fake.calls_to("sendPhoto")
        if c.params.get("disable_notification") and "caption" not in c.params
    ]


def inline_media_edits(h: Harness) -> list[dict]:
    """The parameters of every editMessageMedia of an inline message."""
    return [
        c.params for c in h.fake.calls_to("editMessageMedia") if c.params.get("inline_message_id")
    ]


async def test_two_friends_play_caravan_from_an_inline_query(h: Harness) -> None:
    chat = h.fake.add_conversation(ANYA, BORIS)
    # What Anya typed after @bot picks the game, in either language.
    query = h.fake.inline_query(ANYA, chat, "караван")
    await h.settle()
    answer = h.fake.inline_queries[query].answer
    assert answer is not None
    assert [r["id"] for r in answer["results"]] == ["new:caravan"]
    # The answer never waits for an upload: the first time, no picture yet,
    # and not cached; meanwhile the picture is uploaded (through Anya's
    # private chat, where it is deleted at once).
    assert answer["results"][0]["type"] == "article" and answer["cache_time"] == 0
    query = h.fake.inline_query(ANYA, chat, "караван")
    await h.settle()
    answer = h.fake.inline_queries[query].answer
    assert answer is not None
    result = answer["results"][0]
    # Its picture, offered by file id, and one line about the game.
    assert result["type"] == "photo" and result["title"] == "Караван"
    assert "Fallout" in result["description"] and answer["cache_time"] == CACHE_SECONDS
    assert not any(m.photo for m in h.fake.messages(ANYA))
    query = h.fake.inline_query(BORIS, chat, "")
    await h.settle()
    assert len(h.fake.inline_queries[query].result_ids) == 5

    inline = await open_inline(h, ANYA, chat, "caravan", "caravan")
    lobby = h.fake.inline_message(inline)
    assert "Караван" in (lobby.content or "") and "1. Аня" in (lobby.content or "")
    # Someone outside the chat forges a press of "Join" (from another chat): refused.
    elsewhere = h.fake.add_conversation(OUTSIDER, VIKA)
    join = labelled(lobby, "Сесть")
    # The first press from the chat itself tells the bot which chat the message is in.
    await press(h, BORIS, inline, join)
    answer = await press(h, OUTSIDER, inline, join, strict=False, chat=elsewhere)
    assert answer["show_alert"] and "another chat" in answer["text"]
    table = await h.service.table_in(ids.inline_key(inline))
    assert table is not None and [p.name for p in table.players] == ["Аня", "Boris"]
    assert table.records_chat == ids.instance_key(chat_instance(chat))

    await press(h, ANYA, inline, labelled(h.fake.inline_message(inline), "Начать"))
    table, state = await h.service.get(table.id)
    assert table.status == Status.PLAYING
    message = h.fake.inline_message(inline)
    assert message.photo is not None and "Караван" in (message.content or "")
    for user in (ANYA, BORIS):
        assert hand(h, user).photo is not None

    rng = random.Random(5)
    users = {ANYA: 0, BORIS: 1}
    moves = 0
    while table.status == Status.PLAYING:
        seat = CARAVAN.to_move(state)[0]
        user = next(u for u, s in users.items() if s == seat)
        await play_one_move(h, user, rng, [])
        table, state = await h.service.get(table.id)
        moves += 1
        assert moves < 300
    final = h.fake.inline_message(inline)
    assert "🏆" in (final.content or "")
    # Every picture of the message came by file id: never a new upload in an edit.
    edits = inline_media_edits(h)
    assert edits and all(not str(e["media"]["media"]).startswith("attach://") for e in edits)
    assert all(c.ok for c in h.fake.calls_to("editMessageMedia"))
    # Each picture was uploaded once, through a player's private chat, and
    # deleted there at once; the edits show only those uploads.
    uploads = picture_uploads(h)
    assert len(uploads) == len({bytes(next(iter(c.files.values()))) for c in uploads})
    assert all(h.fake.message(c.chat_id, c.result["message_id"]).deleted for c in uploads)
    uploaded = {c.result["photo"][-1]["file_id"] for c in uploads}
    assert {e["media"]["media"] for e in edits} <= uploaded
    # No card code in anything the shared message showed.
    versions = [v.caption or v.text or "" for v in final.history]
    datas = [str(b.get("callback_data")) for v in final.history for row in
             (v.reply_markup or {}).get("inline_keyboard", []) for b in row]  # fmt: skip
    assert not [t for t in versions + datas if CARD_CODE.search(t)]
    # The finished game is kept for the chat the message is in, which has no
    # commands: 🏆 sends its games and leaderboard to the presser privately.
    games = await h.service.finished_games(ids.instance_key(chat_instance(chat)))
    assert [g.id for g in games] == [table.id]
    await press(h, BORIS, inline, labelled(final, "🏆"))
    records = h.fake.last_message(BORIS).content or ""
    assert "The last games here" in records and "Caravan: the best here" in records
    assert "Аня" in records and "Boris" in records
    # Pressed from another chat (a forwarded copy), it names none of this chat's games.
    await press(h, BORIS, inline, labelled(final, "🏆"), strict=False, chat=elsewhere)
    assert "No finished games here yet" in (h.fake.last_message(BORIS).content or "")


async def test_a_player_who_never_opened_the_bot_gets_the_link_and_sits(h: Harness) -> None:
    chat = h.fake.add_conversation(ANYA, VIKA)
    inline = await open_inline(h, ANYA, chat, "", "klac")
    answer = await press(h, VIKA, inline, labelled(h.fake.inline_message(inline), "Сесть"))
    table = await table_of(h, inline)
    assert answer["url"].endswith(f"?start=join_{table.id}")
    # The link passed on to someone outside the chat seats nobody.
    await h.say(OUTSIDER, OUTSIDER, f"/start join_{table.id}")
    assert "press “Join”" in (h.fake.last_message(OUTSIDER).content or "")
    await h.say(VIKA, VIKA, f"/start join_{table.id}")
    table = await table_of(h, inline)
    assert [p.name for p in table.players] == ["Аня", "Вика"]
    # /stop in the host's private chat closes the lobby of the inline message.
    await h.say(ANYA, ANYA, "/stop")
    assert "лобби этого стола закрыто" in (h.fake.inline_message(inline).content or "")
    assert await h.service.table_in(ids.inline_key(inline)) is None


async def test_without_inline_feedback_the_first_press_opens_the_lobby(h: Harness) -> None:
    h.fake.inline_feedback = False
    chat = h.fake.add_conversation(ANYA, BORIS)
    query = h.fake.inline_query(BORIS, chat, "curling")
    await h.settle()
    posted = h.fake.choose(query, "new:curling")
    await h.settle()
    inline = posted.inline_message_id
    assert inline is not None and "Curling" in (posted.content or "")
    assert await h.service.table_in(ids.inline_key(inline)) is None
    opening = labelled(posted, "Open the table")
    await press(h, ANYA, inline, opening)
    table = await table_of(h, inline)
    # Opened by the one who pressed, in their language; the choice reported late opens nothing more.
    assert [p.name for p in table.players] == ["Аня"]
    assert "Логический керлинг" in (h.fake.inline_message(inline).content or "")
    answer = await press(h, BORIS, inline, opening, strict=False)
    assert (await table_of(h, inline)).id == table.id and not answer.get("show_alert")


async def table_of(h: Harness, inline: str) -> Table:
    """The active table of the inline message."""
    table = await h.service.table_in(ids.inline_key(inline))
    assert table is not None
    return table


async def use_storage_chat(h: Harness) -> None:
    """Run the bot again with a storage chat for pictures."""
    h.fake.add_group(STORAGE, "Картинки")
    h.fake.group(STORAGE).bot_status = "administrator"
    await h.restart(storage_chat=STORAGE)


async def test_klotho_alone_against_the_computer_on_an_inline_message(h: Harness) -> None:
    await use_storage_chat(h)
    chat = h.fake.add_conversation(ANYA, BORIS)
    inline = await open_inline(h, ANYA, chat, "клото", "klotho")
    # The covers went to the storage chat, and stay there.
    assert len(h.fake.messages(STORAGE)) >= 1
    await press(h, ANYA, inline, labelled(h.fake.inline_message(inline), "🤖"))
    await press(h, ANYA, inline, labelled(h.fake.inline_message(inline), "🤖 + средний"))
    await press(h, ANYA, inline, labelled(h.fake.inline_message(inline), "Готово"))
    await press(h, ANYA, inline, labelled(h.fake.inline_message(inline), "Начать"))
    table = await table_of(h, inline)
    assert table.status == Status.PLAYING
    rng = random.Random(3)
    hinted = False
    for _ in range(600):
        await computers_move(h.service, h.clock, table.id, h.settle)
        table, state = await h.service.get(table.id)
        if table.status != Status.PLAYING:
            break
        if table.held:
            # A tour is counted; the computer opens the next once she says so.
            await press(h, ANYA, inline, labelled(h.fake.inline_message(inline), "▶ Следующий тур"))
            continue
        if registry.get("klotho").to_move(state)[0] != 0:
            continue
        message = h.fake.inline_message(inline)
        options = [b["callback_data"] for row in message.buttons for b in row
                   if isinstance(decode(b["callback_data"]), MoveToken | SharedToken)
                   and not b["text"].startswith(("⬅", "✖", "💡", "↩"))]  # fmt: skip
        assert options, message.button_texts
        hint = [b["callback_data"] for row in message.buttons for b in row
                if b["text"].startswith("💡")]  # fmt: skip
        if hint and not hinted:
            # The advice is the mover's alone: an alert, the shared message unchanged.
            before = message.history[-1]
            answer = await press(h, ANYA, inline, hint[0])
            assert answer["show_alert"] and answer["text"]
            assert h.fake.inline_message(inline).history[-1] is before
            hinted = True
        answer = await press(h, ANYA, inline, rng.choice(options))
        assert not answer.get("show_alert") or "💡" not in answer.get("text", ""), answer
    assert table.status == Status.FINISHED
    final = h.fake.inline_message(inline)
    assert "🏆" in (final.content or "") and hinted
    # 🎞 sends the game's replay to the presser's private chat.
    answer = await press(h, ANYA, inline, labelled(final, "🎞"))
    await h.fake.wait_until(lambda: bool(h.fake.animations(ANYA)), timeout=60)
    await h.settle()
    assert "Клото" in (h.fake.animations(ANYA)[-1].content or "")
    # 🔁 in the same message: alone against the computer, dealt at once.
    await press(h, ANYA, inline, labelled(final, "🔁"))
    again = await table_of(h, inline)
    assert again.id != table.id and again.status == Status.PLAYING
    assert again.records_chat == table.records_chat
    assert "Клото" in (h.fake.inline_message(inline).content or "")
    # Every upload went to the storage chat, and stays there; every picture
    # edit was by file id; no picture was uploaded twice.
    uploads = picture_uploads(h)
    assert uploads and {c.chat_id for c in uploads} == {STORAGE}
    assert len(h.fake.messages(STORAGE)) == len(uploads)
    assert len(uploads) == len({bytes(next(iter(c.files.values()))) for c in uploads})
    edits = inline_media_edits(h)
    assert edits and all(not str(e["media"]["media"]).startswith("attach://") for e in edits)
    # Alone against the computer: no picture in Anya's private chat but the replay.
    assert not [m for m in h.fake.messages(ANYA) if m.photo]

    # The players delete the game's message: the game stops and Anya is told privately.
    h.fake.delete_message(chat, h.fake.inline_message(inline).message_id)
    await computers_move(h.service, h.clock, again.id, h.settle)
    table, state = await h.service.get(again.id)
    if table.status == Status.PLAYING:
        message = h.fake.inline_message(inline)
        moves = [b["callback_data"] for row in message.buttons for b in row
                 if isinstance(decode(b["callback_data"]), MoveToken)
                 and not b["text"].startswith(("⬅", "✖", "💡", "↩"))]  # fmt: skip
        await press(h, ANYA, inline, moves[0], strict=False)
        await computers_move(h.service, h.clock, again.id, h.settle)
    table, _ = await h.service.get(again.id)
    assert table.status == Status.ABORTED
    assert "сообщение удалили" in (h.fake.last_message(ANYA).content or "")


async def test_when_the_storage_chats_minute_is_spent_pictures_go_through_a_players_chat(
    h: Harness,
) -> None:
    h.fake.add_group(STORAGE, "Картинки")
    # A group takes 20 messages a minute; here one, so the second upload cannot wait there.
    one_a_minute = Limits(chat_interval=0.0, group_per_minute=1, global_per_second=100_000)
    await h.restart(one_a_minute, storage_chat=STORAGE)
    chat = h.fake.add_conversation(ANYA, BORIS)
    for _ in range(2):
        query = h.fake.inline_query(ANYA, chat, "")
        await h.settle()
    answer = h.fake.inline_queries[query].answer
    assert answer is not None and {r["type"] for r in answer["results"]} == {"photo"}
    uploads = picture_uploads(h)
    assert [c.chat_id for c in uploads] == [STORAGE, ANYA, ANYA, ANYA, ANYA]
    assert len(h.fake.messages(STORAGE)) == 1
    assert not [m for m in h.fake.messages(ANYA) if m.photo]
