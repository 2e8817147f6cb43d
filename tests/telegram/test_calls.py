"""What a move costs in Telegram: at most 3 Bot API calls on average besides the
press's answer, and at most 6 Redis round trips; a hand is uploaded only when
its picture changed; each player is told once when their turn begins; the
messages a turn leaves behind are deleted in batches."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any

import pytest

from bench import telegram_calls
from bot.core.screen_base import Screen
from bot.core.tables import Status
from bot.core.tokens import MoveToken, decode
from bot.telegram import delivery, publication
from games import registry
from tests.telegram.conftest import (
    ANYA,
    BORIS,
    SEATS,
    VIKA,
    Harness,
    hand,
    mover,
    open_table,
    play_moves,
    quick_game,
)
from tests.telegram.fake_deletion import backdate
from tests.telegram.workers import shows

KLAC = registry.get("klac")
USERS = {seat: user for user, seat in SEATS.items()}
NOTIFYING = ("sendMessage", "sendPhoto")


async def test_a_whole_game_keeps_to_the_targets_move_by_move(redis_url: str, prefix: str) -> None:
    figures = await telegram_calls.play(redis_url, 1, prefix=prefix)
    assert figures.moves > 10
    # A game long enough to leave OLD_BATCH old messages in a private chat
    # pays one deleteMessages per batch (the game's length varies with its
    # deal): every other call keeps to the target.
    deletions = sum(n for method, n in figures.calls.items() if method.startswith("deleteMessages"))
    assert deletions <= len(SEATS) * (figures.moves // delivery.OLD_BATCH), figures.calls
    per_move = figures.calls_per_move - deletions / figures.moves
    assert per_move <= telegram_calls.CALLS_TARGET, figures.calls
    assert figures.answers == figures.moves, "each press answered once"
    assert max(figures.round_trips) <= telegram_calls.ROUND_TRIPS_TARGET, figures.round_trips


def calls_to(h: Harness, chat: int, since: int) -> list[str]:
    return [c.method for c in h.fake.calls[since:] if c.chat_id == chat]


async def test_a_hand_is_uploaded_again_only_when_its_picture_changed(h: Harness) -> None:
    table_id = await quick_game(h)
    user, seat = await mover(h, table_id)
    waiting = USERS[(seat + 2) % 3]
    since = len(h.fake.calls)
    # The first legal move lays a card in the mover's own row: nothing of the
    # third player's changed, so their chat hears nothing.
    await play_moves(h.service, table_id, 1)
    await h.settle()
    assert calls_to(h, waiting, since) == []
    assert calls_to(h, user, since) == ["editMessageMedia"], "the mover's hand changed"
    # A menu step shows other buttons over the same picture: no upload.
    user, _ = await mover(h, table_id)
    turn = hand(h, user)
    step = next(
        b["callback_data"]
        for row in turn.buttons
        for b in row
        if isinstance(token := decode(b["callback_data"]), MoveToken) and len(token.path) == 1
    )
    since = len(h.fake.calls)
    await h.press(user, user, turn.message_id, step)
    assert calls_to(h, user, since) == ["editMessageCaption"]


async def test_each_player_is_told_once_when_their_turn_begins(h: Harness) -> None:
    table_id = await quick_game(h)
    since = len(h.fake.calls)
    turns: Counter[int] = Counter()
    for _ in range(9):
        await play_moves(h.service, table_id, 1)
        await h.settle()
        user, _ = await mover(h, table_id)
        turns[user] += 1
        # Their turn's message is the newest hand: it came anew, with its buttons.
        assert hand(h, user).buttons and len(hand(h, user).history) == 1
    told = Counter(
        c.chat_id for c in h.fake.calls[since:] if c.method in NOTIFYING and c.chat_id in SEATS
    )
    assert told == turns
    assert not any(c.params.get("disable_notification") for c in h.fake.calls[since:])


async def test_the_hands_a_turn_left_behind_are_deleted_in_batches(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(delivery, "OLD_BATCH", 3)
    table_id = await open_table(h, "klac", [ANYA, BORIS, VIKA], {"Игра до": "50"})
    table, _ = await h.service.get(table_id)
    for _ in range(24):
        await play_moves(h.service, table_id, 1)
        await h.settle()
        for user in SEATS:
            photos = [m for m in h.fake.messages(user) if m.photo is not None]
            # The current hand and up to three earlier ones: the next change deletes those.
            assert 1 <= len(photos) <= delivery.OLD_BATCH + 1, len(photos)
    batches = h.fake.calls_to("deleteMessages")
    assert batches, "earlier hands were deleted"
    assert all(len(c.params["message_ids"]) >= delivery.OLD_BATCH for c in batches)
    while table.status == Status.PLAYING:
        await play_moves(h.service, table_id, 1)
        table, _ = await h.service.get(table_id)
    await h.settle()
    # The game is over: each private chat keeps its final hand alone.
    for user in SEATS:
        assert sum(m.photo is not None for m in h.fake.messages(user)) == 1
    assert not [k for k in await refs(h, table_id) if k.startswith(delivery.OLD)]


async def refs(h: Harness, table_id: str) -> list[str]:
    return [str(k) for k in await h.store.redis.hgetall(f"{h.store.table_key(table_id)}:refs")]


async def test_what_can_no_longer_be_deleted_is_left_and_forgotten(h: Harness) -> None:
    chat = ANYA
    ids = [(await h.tg.bot.send_message(chat, f"m{i}")).message_id for i in range(3)]
    now = time.time()
    backdate(h.fake.message(chat, ids[0]), 49 * 3600)
    old = {ids[0]: now - 49 * 3600, ids[1]: now - 60, ids[2]: now}
    changes = await delivery.clear(h.tg.bot, chat, old, now)
    assert changes == {delivery.old_ref(chat, i): None for i in ids}
    assert h.fake.calls_to("deleteMessages")[-1].params["message_ids"] == ids[1:]
    # A message Telegram finds too old, though the record said otherwise, keeps
    # its batch: the batch is forgotten rather than tried for ever.
    late = (await h.tg.bot.send_message(chat, "late")).message_id
    backdate(h.fake.message(chat, late), 49 * 3600)
    assert await delivery.clear(h.tg.bot, chat, {late: now}, now) == {
        delivery.old_ref(chat, late): None
    }
    assert not h.fake.message(chat, late).deleted


async def current_hand(h: Harness, table_id: str, seat: int) -> Screen:
    """What the seat's hand should show now."""
    table, state = await h.service.get(table_id)
    lang = await h.tg.frontend.languages.for_user(table.players[seat].key)
    return await h.tg.frontend.screens.seat(table, state, seat, lang)


def into_row_of(state: Any, seat: int, target: int) -> tuple[Any, ...]:
    return next(a for a in KLAC.legal_actions(state, seat) if a[0] == "extend" and a[2] == target)


async def card_into_a_waiting_row(h: Harness) -> tuple[str, int, int]:
    """A new game whose first mover lays a card in the row of the seat that
    moves last; the table, that seat, and the number of calls made before."""
    table_id = await quick_game(h)
    table, state = await h.service.get(table_id)
    seat = KLAC.to_move(state)[0]
    waiting = (seat + 2) % 3
    since = len(h.fake.calls)
    await h.service.play(
        table_id, table.players[seat].key, table.state_version, into_row_of(state, seat, waiting)
    )
    await h.settle()
    return table_id, waiting, since


async def test_a_waiting_hand_that_only_changed_in_its_picture_catches_up_lazily(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(publication, "LAZY_SECONDS", 1.0)
    table_id, waiting, since = await card_into_a_waiting_row(h)
    # A card in their row: left behind for now …
    assert calls_to(h, USERS[waiting], since) == []
    current = await current_hand(h, table_id, waiting)
    assert not shows(hand(h, USERS[waiting]), current)
    # … and caught up within a second or so, by the sweep: one edit of the picture.
    for _ in range(50):
        if shows(hand(h, USERS[waiting]), current):
            break
        await asyncio.sleep(0.1)
    assert calls_to(h, USERS[waiting], since) == ["editMessageMedia"]


async def test_a_waiting_hand_left_behind_is_shown_by_the_message_of_its_turn(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(publication, "LAZY_SECONDS", 60.0)
    table_id, waiting, since = await card_into_a_waiting_row(h)
    await play_moves(h.service, table_id, 1)
    await h.settle()
    _, state = await h.service.get(table_id)
    assert KLAC.to_move(state) == [waiting]
    assert calls_to(h, USERS[waiting], since) == ["sendPhoto"], "no edit was spent on it"
    assert shows(hand(h, USERS[waiting]), await current_hand(h, table_id, waiting))


async def test_a_reminder_is_a_message_of_its_own_deleted_with_the_next_batch(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(delivery, "OLD_BATCH", 1)
    table_id = await quick_game(h)
    user, _ = await mover(h, table_id)
    turn = hand(h, user)
    h.clock.advance(240)
    assert await h.service.run_due() == 1
    await h.settle()
    reminder = h.fake.last_message(user)
    assert reminder.photo is None and "⏰" in (reminder.content or ""), reminder.content
    assert hand(h, user) is turn, "the hand stays as it was"
    await play_moves(h.service, table_id, 1)
    await h.settle()
    assert h.fake.message(user, reminder.message_id).deleted
    assert not h.fake.message(user, turn.message_id).deleted
