"""A group in slow mode with the bot no admin: new messages wait their turn,
the table's edits never do, and the lobby says why the table may come late."""

from __future__ import annotations

from bot.core.tables import Status
from tests.telegram.conftest import ANYA, BORIS, GROUP, VIKA, Harness, play_moves

#: Seconds between two new messages of the bot (Telegram offers 10 s to 1 h; a
#: short one keeps the test short, the behaviour is the same).
DELAY = 3


def sends(h: Harness) -> list[tuple[str, int]]:
    """(method, status) of every new message the bot tried to post in the group."""
    return [
        (c.method, c.status) for c in h.fake.calls_to(chat_id=GROUP) if c.method.startswith("send")
    ]


async def test_new_messages_wait_for_slow_mode_and_edits_never_do(h: Harness) -> None:
    h.fake.group(GROUP).bot_status = "member"
    h.fake.set_slow_mode(GROUP, DELAY)
    await h.say(VIKA, VIKA, "/start")
    await h.say(ANYA, GROUP, "/play klac")
    lobby = h.last_with_buttons(GROUP)
    for user in (BORIS, VIKA):
        await h.press(user, GROUP, lobby.message_id, lobby.button_data("✋ Сесть"))
    lobby = h.fake.message(GROUP, lobby.message_id)
    assert "🐢 В группе включён медленный режим" in (lobby.content or "")
    assert "3 секунд после предыдущего" in (lobby.content or "")
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None and table.status == Status.PLAYING
    photos = [m for m in h.fake.messages(GROUP) if m.photo is not None]
    assert len(photos) == 1, "the table's picture came once its turn did"
    # Telegram (which refuses a message sent too early, as the fake does) was
    # asked at most once too early: later messages waited for the turn without asking.
    assert len([s for s in sends(h) if s[1] == 429]) <= 1

    # A reply waits for slow mode; a move's edit of the table does not wait for it.
    await h.say(BORIS, GROUP, "/help")
    before = len(h.fake.calls)
    h.fake.send_text(VIKA, GROUP, "/rules")
    await h.fake.idle(quiet=0.05, timeout=20)
    await play_moves(h.service, table.id, 1)
    await h.settle()
    after = [c for c in h.fake.calls[before:] if c.params.get("chat_id") == GROUP]
    edit = next(i for i, c in enumerate(after) if c.method.startswith("edit"))
    reply = next(i for i, c in enumerate(after) if c.method == "sendMessage" and c.status == 200)
    assert edit < reply, [(c.method, c.status) for c in after]
    assert not [
        c for c in h.fake.calls_to(chat_id=GROUP) if c.method.startswith("edit") and c.status == 429
    ]


async def test_an_admin_bot_is_not_held_by_slow_mode(h: Harness) -> None:
    h.fake.set_slow_mode(GROUP, DELAY)
    await h.say(ANYA, GROUP, "/play klac")
    lobby = h.last_with_buttons(GROUP)
    assert "🐢" not in (lobby.content or "")
    await h.say(ANYA, GROUP, "/help")
    assert not [s for s in sends(h) if s[1] == 429]
