"""Groups whose permissions keep the bot from posting text or pictures: said at
/play and at Start, plainly, to whoever can hear it."""

from __future__ import annotations

from bot.core.tables import Status
from tests.telegram.conftest import ANYA, BORIS, GROUP, Harness

PHOTOS_RU = "группа не разрешает мне отправлять фото"


def texts(h: Harness, chat: int) -> list[str]:
    return [m.content or "" for m in h.fake.messages(chat)]


async def test_no_photos_for_members_is_said_at_play(h: Harness) -> None:
    h.fake.group(GROUP).bot_status = "member"
    h.fake.set_permissions(GROUP, can_send_photos=False)
    await h.say(ANYA, GROUP, "/play klac")
    assert PHOTOS_RU in texts(h, GROUP)[-1]
    assert await h.service.table_in(f"tg:{GROUP}") is None
    # The fake refuses the picture as Telegram would.
    assert not [c for c in h.fake.calls_to("sendPhoto", GROUP) if c.status == 200]


async def test_an_admin_bot_is_not_bound_by_members_permissions(h: Harness) -> None:
    h.fake.set_permissions(GROUP, can_send_photos=False, can_send_messages=False)
    await h.say(ANYA, GROUP, "/play klac")
    assert await h.service.table_in(f"tg:{GROUP}") is not None


async def test_a_restricted_bot_hears_its_own_restrictions(h: Harness) -> None:
    h.fake.restrict_bot(GROUP, can_send_photos=False)
    await h.say(ANYA, GROUP, "/play klac")
    assert PHOTOS_RU in texts(h, GROUP)[-1]
    assert await h.service.table_in(f"tg:{GROUP}") is None


async def test_no_text_at_all_is_said_privately_to_the_one_who_asked(h: Harness) -> None:
    h.fake.group(GROUP).bot_status = "member"
    h.fake.set_permissions(GROUP, can_send_messages=False)
    before = len(h.fake.messages(GROUP))
    await h.say(BORIS, GROUP, "/play klac")
    assert len(h.fake.messages(GROUP)) == before
    assert "this group doesn’t let me send messages" in texts(h, BORIS)[-1]


async def test_rights_lost_in_the_lobby_are_said_at_start(h: Harness) -> None:
    await h.say(ANYA, GROUP, "/play klac")
    lobby = h.last_with_buttons(GROUP)
    await h.press(BORIS, GROUP, lobby.message_id, lobby.button_data("✋ Сесть"))
    h.fake.group(GROUP).bot_status = "member"
    h.fake.set_permissions(GROUP, can_send_photos=False)
    answer = await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
    assert answer["show_alert"] and PHOTOS_RU in answer["text"], answer
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None and table.status == Status.LOBBY
    h.fake.set_permissions(GROUP, can_send_photos=True)
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None and table.status == Status.PLAYING
    assert h.fake.photos(GROUP), "the table is shown"
