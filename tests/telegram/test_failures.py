"""What must never happen: bad presses, unreachable users, lost messages, floods, restarts."""

from __future__ import annotations

import asyncio
import itertools
import logging
import re
import time

import pytest

from bot.core.pacing import Limits, PressLimit, PressLimiter
from bot.core.service import TableService
from bot.core.tables import Status
from bot.core.tokens import MoveToken, decode
from games import registry
from games.core.menu import build_menu
from tests.conftest import FakeClock
from tests.log_lines import logged
from tests.telegram.conftest import (
    ANYA,
    BORIS,
    GROUP,
    OUTSIDER,
    SEATS,
    VIKA,
    Harness,
    hand,
    make_frontend,
    mover,
    play_moves,
    quick_game,
)

KLAC = registry.get("klac")
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup are "
    "exactly the same as a current content and reply markup of the message"
)


async def leaf_tokens(h: Harness, table_id: str) -> list[str]:
    """Tokens that each complete a different move for the player to move."""
    table, state = await h.service.get(table_id)
    seat = KLAC.to_move(state)[0]
    out = []
    for action in KLAC.legal_actions(state, seat)[:2]:
        path: tuple[int, ...] = ()
        for step in KLAC.choice_path(state, seat, action):
            menu = build_menu(KLAC, state, seat, path)
            path = (*path, [c.key for c in menu.options].index(step.key))
        out.append(MoveToken(table.id, table.state_version, seat, path).encode())
    return out


async def move(h: Harness, table_id: str) -> None:
    """The player to move makes a move with one press of a complete token."""
    user, _ = await mover(h, table_id)
    token = (await leaf_tokens(h, table_id))[0]
    answer = await h.press(user, user, hand(h, user).message_id, token, strict=False)
    assert not answer.get("show_alert"), answer


async def test_foreign_stale_forged_and_outsider_presses_change_nothing(h: Harness) -> None:
    table_id = await quick_game(h)
    user, _ = await mover(h, table_id)
    other = next(u for u in SEATS if u != user)
    token = (await leaf_tokens(h, table_id))[0]
    before = (await h.service.get(table_id))[0].version

    async def refused(presser: int, data: str, expected: str) -> None:
        answer = await h.press(
            presser,
            presser,
            hand(h, presser).message_id if presser in SEATS else 1,
            data,
            strict=False,
        )
        assert answer.get("show_alert") and expected in answer["text"], answer
        assert (await h.service.get(table_id))[0].version == before

    await h.say(OUTSIDER, OUTSIDER, "/start")
    lang = {ANYA: "ru", BORIS: "en", VIKA: "ru"}
    await refused(other, token, "другому игроку" if lang[other] == "ru" else "another player")
    await refused(OUTSIDER, token, "not playing at this table")
    await refused(user, "garbage", "не" if lang[user] == "ru" else "not valid")
    await refused(user, "m:zzzzzzzz:1:0:0", "больше нет" if lang[user] == "ru" else "no longer")
    await refused(user, token[:-1] + "9", "устарела" if lang[user] == "ru" else "out of date")
    await move(h, table_id)
    after = (await h.service.get(table_id))[0].version
    answer = await h.press(user, user, hand(h, user).message_id, token, strict=False)
    assert answer.get("show_alert"), "an old button is refused"
    assert (await h.service.get(table_id))[0].version == after


async def test_two_presses_racing_on_one_version(h: Harness) -> None:
    table_id = await quick_game(h)
    user, _ = await mover(h, table_id)
    first, second = await leaf_tokens(h, table_id)
    before = (await h.service.get(table_id))[0].state_version
    message_id = hand(h, user).message_id
    queries = [h.fake.press(user, user, message_id, t, strict=False) for t in (first, second)]
    answers = [await h.fake.wait_answer(q, timeout=10) for q in queries]
    await h.settle()
    assert (await h.service.get(table_id))[0].state_version == before + 1
    assert sorted(bool(a.get("show_alert")) for a in answers) == [False, True]


async def test_a_user_who_blocked_the_bot_is_reported_once_and_the_game_goes_on(
    h: Harness,
) -> None:
    table_id = await quick_game(h)
    user, _ = await mover(h, table_id)
    blocked = next(u for u in SEATS if u != user)
    h.fake.block(blocked)
    for _ in range(6):
        table, state = await h.service.get(table_id)
        now_user, seat = await mover(h, table_id)
        if now_user == blocked:
            action = KLAC.legal_actions(state, seat)[0]
            await h.service.play(table_id, f"tg:{blocked}", table.state_version, action)
            await h.settle()
        else:
            await move(h, table_id)
    warnings = [m for m in h.fake.messages(GROUP) if "⚠" in (m.content or "")]
    assert len(warnings) == 1, [m.content for m in warnings]
    assert h.fake.user(blocked).first_name in (warnings[0].content or "")
    assert (await h.service.get(table_id))[0].state_version == 7
    # Coming back: /start re-sends the hand.
    photos = len(h.fake.photos(blocked))
    await h.say(blocked, blocked, "/start")
    assert len(h.fake.photos(blocked)) == photos + 1


async def test_a_deleted_table_message_is_sent_again(h: Harness) -> None:
    table_id = await quick_game(h)
    table_msg = [m for m in h.fake.messages(GROUP) if m.photo is not None][-1]
    h.fake.delete_message(GROUP, table_msg.message_id)
    await move(h, table_id)
    fresh = [m for m in h.fake.messages(GROUP) if m.photo is not None][-1]
    assert fresh.message_id != table_msg.message_id
    await move(h, table_id)
    assert [m for m in h.fake.messages(GROUP) if m.photo is not None][-1] is fresh
    assert len(fresh.edits) == 1, "later moves edit the new message"


async def test_not_modified_and_flood_wait_are_absorbed(h: Harness) -> None:
    table_id = await quick_game(h)
    h.fake.fail_next("editMessageMedia", status=400, description=NOT_MODIFIED, chat_id=GROUP)
    await move(h, table_id)
    h.fake.fail_next("editMessageMedia", status=429, retry_after=1, chat_id=GROUP)
    started = time.monotonic()
    await move(h, table_id)
    await move(h, table_id)
    assert time.monotonic() - started >= 1.0, "retry_after was obeyed"
    table, state = await h.service.get(table_id)
    table_msg = [m for m in h.fake.messages(GROUP) if m.photo is not None][-1]
    expected = await h.tg.frontend.screens.table(table, state, "ru")
    assert table_msg.photo == expected.image, "the latest table is shown after the flood wait"
    failed = [c for c in h.fake.calls_to("editMessageMedia", GROUP) if c.status == 429]
    assert len(failed) == 1


@pytest.mark.parametrize("told", [True, False], ids=["update", "refused-edit"])
async def test_bot_removed_from_the_group_stops_its_game(h: Harness, told: bool) -> None:
    table_id = await quick_game(h)
    await h.say(ANYA, ANYA, "/lang en")
    h.fake.bot_removed(GROUP, deliver=told)
    await h.settle()
    if not told:
        # The update never came: the next edit of the group's table is refused.
        await move(h, table_id)
    table, _ = await h.service.get(table_id)
    assert table.status == Status.ABORTED, "not played out on timeouts nobody sees"
    # Everyone seated is told privately, each in their own language.
    if told:
        assert h.fake.last_message(ANYA).content == (
            "⛔ The Klac! game in “Клуб настолок” is stopped: I was removed from that group."
        )
        assert (h.fake.last_message(VIKA).content or "").startswith("⛔ Игра «Клац!» в группе «")
    else:
        assert (h.fake.last_message(ANYA).content or "").startswith("⛔ Your Klac! game in a group")
    # The refusal that told, and the stopped table's last edit: then no more tries.
    refused = [c for c in h.fake.calls_to(chat_id=GROUP) if c.status == 403]
    assert len(refused) <= 3, refused
    # Added back, the group can start anew.
    h.fake.bot_added(GROUP)
    await h.settle()
    assert "/play" in (h.fake.last_message(GROUP).content or "")
    await h.say(ANYA, GROUP, "/play klac")
    assert (await h.service.table_in(f"tg:{GROUP}")) is not None


async def test_restart_mid_game_keeps_old_buttons_working(
    h: Harness, service: TableService, clock: FakeClock
) -> None:
    table_id = await quick_game(h)
    await move(h, table_id)
    user, _ = await mover(h, table_id)
    old_hand = hand(h, user)
    table_msg = [m for m in h.fake.messages(GROUP) if m.photo is not None][-1]
    # A new process: new bot client, new table service, same Redis.
    await h.restart()
    data = next(b["callback_data"] for row in old_hand.buttons for b in row)
    answer = await h.press(user, user, old_hand.message_id, data)
    assert not answer.get("show_alert")
    assert hand(h, user).message_id == old_hand.message_id
    assert len(hand(h, user).edits) >= 1
    await move(h, table_id)
    assert [m for m in h.fake.messages(GROUP) if m.photo is not None][-1] is table_msg


async def test_hidden_cards_never_reach_logs_or_button_data(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    table_id = await quick_game(h)
    for _ in range(5):
        await move(h, table_id)
    card = re.compile(r"\b[BOG]\d{1,2}\b")
    assert caplog.records
    assert [line for line in logged(caplog.records) if card.search(line)] == []
    for chat in (GROUP, *SEATS):
        for message in h.fake.messages(chat):
            for row in message.buttons:
                for button in row:
                    assert not card.search(button.get("callback_data", ""))
    # The group's messages never carry a private token of a seat.
    for message in h.fake.messages(GROUP):
        for row in message.buttons:
            for button in row:
                if "callback_data" in button:
                    assert not isinstance(decode(button["callback_data"]), MoveToken)


async def test_press_on_a_message_too_old_to_read(h: Harness) -> None:
    table_id = await quick_game(h)
    user, _ = await mover(h, table_id)
    token = (await leaf_tokens(h, table_id))[0]
    message_id = hand(h, user).message_id
    h.fake.delete_message(user, message_id)
    before = (await h.service.get(table_id))[0].version
    query = h.fake.press(user, user, message_id, token, strict=False)
    answer = await asyncio.wait_for(h.fake.wait_answer(query), 10)
    assert answer.get("show_alert")
    assert (await h.service.get(table_id))[0].version == before


async def test_a_burst_of_moves_is_paced_and_coalesced(
    h: Harness, service: TableService, clock: FakeClock
) -> None:
    table_id = await quick_game(h)
    await h.restart(Limits(chat_interval=0.3))
    calls_before = len(h.fake.calls_to(chat_id=GROUP))
    await play_moves(h.service, table_id, 8)
    await h.settle()
    group_calls = h.fake.calls_to(chat_id=GROUP)[calls_before:]
    times = [c.time for c in group_calls]
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert all(g >= 0.29 for g in gaps), f"calls closer than 0.3 s: {gaps}"
    assert len(group_calls) < 8, f"8 moves became {len(group_calls)} group calls"
    table, state = await h.service.get(table_id)
    table_msg = [m for m in h.fake.messages(GROUP) if m.photo is not None][-1]
    expected = await h.tg.frontend.screens.table(table, state, "ru")
    assert table_msg.photo == expected.image


async def test_an_unexpected_failure_still_answers_the_press(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id = await quick_game(h)
    user, _ = await mover(h, table_id)
    token = (await leaf_tokens(h, table_id))[0]

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(h.tg.frontend.service, "press", broken)
    answer = await h.press(user, user, hand(h, user).message_id, token, strict=False)
    assert answer.get("show_alert")
    assert answer["text"] in (
        "Что-то пошло не так. Попробуйте ещё раз.",
        "Something went wrong. Please try again.",
    )


async def test_a_person_pressing_too_fast_is_told_to_slow_down_privately(h: Harness) -> None:
    h.service.presses = PressLimiter(h.store.redis, PressLimit(3, 60), prefix=h.store.prefix)
    await h.say(ANYA, GROUP, "/play klac")
    lobby = h.last_with_buttons(GROUP)
    join, leave = lobby.button_data("✋ Сесть"), lobby.button_data("🚪 Выйти")
    for data in (join, leave, join):
        answer = await h.press(BORIS, GROUP, lobby.message_id, data)
        assert not answer.get("show_alert"), answer
    group_calls = len(h.fake.calls_to(chat_id=GROUP))
    answer = await h.press(BORIS, GROUP, lobby.message_id, leave)
    assert answer.get("show_alert") and "Not so fast" in answer["text"], answer
    assert len(h.fake.calls_to(chat_id=GROUP)) == group_calls, "the group heard nothing"
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None and table.seat_of(f"tg:{BORIS}") is not None, "nothing changed"


async def test_a_press_delivered_after_a_restart_is_made_without_an_error(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    table_id = await quick_game(h)
    user, _ = await mover(h, table_id)
    token = (await leaf_tokens(h, table_id))[0]
    version = (await h.service.get(table_id))[0].state_version
    # Pressed while no worker ran: delivered when one starts, after Telegram
    # stopped waiting for its answer.
    await h.stop_polling()
    query = h.fake.press(user, user, hand(h, user).message_id, token, strict=False)
    h.fake.presses[query].time -= 60
    h.tg = await make_frontend(h.fake, h.service, h.store)
    await h.start_polling()
    await h.settle()
    assert (await h.service.get(table_id))[0].state_version == version + 1, "the move is made"
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert "event=press-answered-late" in caplog.text
