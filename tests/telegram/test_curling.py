"""Logical Curling in a Telegram group: two-end matches in the dice and the card
variant, played on the table message by the player to move, with previews of
every throw before it is confirmed, and back/cancel on the way."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.core import presenters
from bot.core.tables import Status
from bot.core.tokens import MoveToken, decode
from games import registry
from tests.telegram.conftest import ANYA, BORIS, GROUP, Harness, open_table
from tests.telegram.fake_api import StoredMessage

CURLING = registry.get("curling")
USERS = [ANYA, BORIS]
NAV = ("⬅", "✖")


def table_message(h: Harness) -> StoredMessage:
    # A round's summary is a photo too, but never has buttons.
    return [m for m in h.fake.messages(GROUP) if m.photo is not None and m.buttons][-1]


def moves_of(message: StoredMessage) -> list[dict[str, Any]]:
    return [
        b
        for row in message.buttons
        for b in row
        if "callback_data" in b and isinstance(decode(b["callback_data"]), MoveToken)
    ]


def confirming(message: StoredMessage) -> bool:
    """True when the message's menu is at a throw's confirm step."""
    options = [b for b in moves_of(message) if not b["text"].startswith(NAV)]
    return len(options) == 1 and options[0]["text"].startswith("✅")


async def play_turn(h: Harness, user: int, rng: random.Random, seen: dict[str, int]) -> None:
    """The player to move walks the table's menu until the state changes.

    At every confirm step the picture is the throw's preview, not the table;
    stepping back from it shows the table again.
    """
    table_photo = table_message(h).photo
    while True:
        message = table_message(h)
        moves = moves_of(message)
        assert moves, message.button_texts
        nav = [b for b in moves if b["text"].startswith(NAV)]
        # Now and then a step back or a cancel, more often from a preview.
        at_confirm = confirming(message)
        if nav and rng.random() < (0.3 if at_confirm else 0.08):
            back = rng.choice(nav)["callback_data"]
            answer = await h.press(user, GROUP, message.message_id, back)
            assert not answer.get("show_alert"), answer
            seen["nav"] += 1
            if at_confirm:
                assert h.fake.message(GROUP, message.message_id).photo == table_photo
                seen["back from preview"] += 1
            continue
        # The hint is the mover's alone: an alert, no move (see test_klotho).
        options = [b for b in moves if not b["text"].startswith((*NAV, "💡"))]
        token = decode(rng.choice(options)["callback_data"])
        assert isinstance(token, MoveToken)
        answer = await h.press(user, GROUP, message.message_id, token.encode())
        assert not answer.get("show_alert"), answer
        table, _ = await h.service.get(token.table_id)
        if table.state_version != token.version:
            return
        shown = h.fake.message(GROUP, message.message_id)
        if confirming(shown):
            assert shown.photo != table_photo
            seen["preview"] += 1


@pytest.mark.parametrize(
    ("options", "seed"),
    [({"Эндов": "2"}, 1), ({"Вариант": "карты", "Эндов": "2"}, 2)],
    ids=["dice", "cards"],
)
async def test_a_two_end_match_by_buttons(h: Harness, options: dict[str, str], seed: int) -> None:
    table_id = await open_table(h, "curling", USERS, options)
    rng = random.Random(seed)
    seen = {"nav": 0, "preview": 0, "back from preview": 0}
    table, state = await h.service.get(table_id)
    turns = 0
    while table.status == Status.PLAYING:
        seat = CURLING.to_move(state)[0]
        await play_turn(h, USERS[seat], rng, seen)
        table, state = await h.service.get(table_id)
        turns += 1
        # A tied match plays extra ends, so the bound is per end played.
        assert turns < 250 * CURLING.view(state, None)["end"], turns
    final = table_message(h)
    assert "🏆" in (final.content or ""), final.content
    assert seen["preview"] and seen["nav"] and seen["back from preview"]


async def test_other_players_and_stale_buttons_change_nothing(h: Harness) -> None:
    table_id = await open_table(h, "curling", USERS, {"Эндов": "2"})
    table, state = await h.service.get(table_id)
    seat = CURLING.to_move(state)[0]
    player, other = USERS[seat], USERS[1 - seat]
    message = table_message(h)
    roll = message.button_data("🎲 Бросить кубики")
    answer = await h.press(other, GROUP, message.message_id, roll, strict=False)
    assert answer["show_alert"]
    assert (await h.service.get(table_id))[0].state_version == table.state_version
    await h.press(player, GROUP, message.message_id, roll)
    # The same button again belongs to a state that is gone.
    answer = await h.press(player, GROUP, message.message_id, roll, strict=False)
    assert answer["show_alert"]
    after, state = await h.service.get(table_id)
    assert after.state_version == table.state_version + 1
    assert CURLING.view(state, None)["phase"] in ("reroll", "aim")


async def test_taking_a_card_tells_the_taker_which(h: Harness) -> None:
    table_id = await open_table(h, "curling", USERS, {"Вариант": "карты", "Эндов": "2"})
    _, state = await h.service.get(table_id)
    seat = CURLING.to_move(state)[0]
    message = table_message(h)
    answer = await h.press(
        USERS[seat], GROUP, message.message_id, message.button_data("🃏 Взять карту из колоды")
    )
    _, state = await h.service.get(table_id)
    taken = state.cards.subs[seat][-1]
    # To the taker alone, in their language (Аня reads Russian, Boris English).
    said = "🃏 Вы взяли " if USERS[seat] == ANYA else "🃏 You took "
    card = presenters.get("curling").card(taken)
    assert answer["text"] == f"{said}{card}" and not answer.get("show_alert"), answer
