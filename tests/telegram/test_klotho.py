"""Klotho in a Telegram group: moves on the table message, votes, a triplet, to the end."""

from __future__ import annotations

import random
from typing import Any

from bot.core.tables import Status
from bot.core.tokens import MoveToken, NoopToken, SharedToken, decode
from games import registry
from tests.telegram.conftest import ANYA, BORIS, GROUP, SEATS, VIKA, Harness, mover
from tests.telegram.fake_api import StoredMessage

KLOTHO = registry.get("klotho")
USER_OF = {seat: user for user, seat in SEATS.items()}


async def start_klotho(h: Harness) -> str:
    await h.say(VIKA, VIKA, "/start")
    await h.say(ANYA, GROUP, "/play klotho")
    lobby = h.last_with_buttons(GROUP)
    assert "Клото: новый стол" in (lobby.content or "")
    for user in (BORIS, VIKA):
        await h.press(user, GROUP, lobby.message_id, lobby.button_data("✋ Сесть"))
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None and table.status == Status.PLAYING
    return table.id


def table_message(h: Harness) -> StoredMessage:
    # A round's summary is a photo too, but never has buttons.
    return [m for m in h.fake.messages(GROUP) if m.photo is not None and m.buttons][-1]


def buttons(message: StoredMessage) -> list[dict[str, Any]]:
    return [b for row in message.buttons for b in row]


def shared(message: StoredMessage, label: str) -> str:
    data = message.button_data(label)
    assert isinstance(decode(data), SharedToken)
    return data


async def press_cell(h: Harness, user: int, rng: random.Random) -> None:
    """The player to move presses a cell (and, for a cell with two actions, one of them)."""
    while True:
        message = table_message(h)
        moves = [b["callback_data"] for b in buttons(message)
                 if isinstance(decode(b["callback_data"]), MoveToken)
                 and not b["text"].startswith(("⬅", "✖", "💡"))]  # fmt: skip
        assert moves, message.button_texts
        token = decode(rng.choice(moves))
        assert isinstance(token, MoveToken)
        answer = await h.press(user, GROUP, message.message_id, token.encode())
        assert not answer.get("show_alert"), answer
        table, _ = await h.service.get(token.table_id)
        if table.state_version != token.version:
            return


def put_card(state: Any, cell: int, card: str) -> None:
    """Swap ``card`` (wherever it is: field, stock or discard) onto field ``cell``."""
    for pile in (state.cards, state.stock, state.discard):
        if card in pile:
            at = pile.index(card)
            pile[at], state.cards[cell] = state.cards[cell], card
            return
    raise AssertionError(card)


async def test_klotho_votes_triplet_and_a_whole_game(h: Harness) -> None:
    table_id = await start_klotho(h)
    rng = random.Random(3)
    message = table_message(h)
    # Placement: the field keyboard is laid out like the 4×4 field, every cell offered.
    grid = [row for row in message.buttons if len(row) == 4]
    assert len(grid) == 4 and grid[0][0]["text"] == "A1 📍" and grid[3][3]["text"] == "D4 📍"
    user, _ = await mover(h, table_id)
    outsider = next(u for u in SEATS if u != user)
    answer = await h.press(outsider, GROUP, message.message_id, grid[0][0]["callback_data"])
    assert answer["show_alert"], "only the player to move may press the field"
    for _ in range(3):
        user, _ = await mover(h, table_id)
        await press_cell(h, user, rng)
    table, state = await h.service.get(table_id)
    assert state.phase == "main"

    # A vote that fails: Boris proposes, Вика says no.
    await h.press(BORIS, GROUP, table_message(h).message_id,
                  shared(table_message(h), "🤝 Предложить закончить тур"))  # fmt: skip
    assert "предлагает закончить тур" in (table_message(h).content or "")
    await h.press(VIKA, GROUP, table_message(h).message_id,
                  shared(table_message(h), "👎 Играть дальше"))  # fmt: skip
    assert "отклонено" in (table_message(h).content or "")
    answer = await h.press(BORIS, GROUP, table_message(h).message_id,
                           shared(table_message(h), "🤝 Предложить закончить тур"))  # fmt: skip
    assert answer["show_alert"], "no new proposal during the cooldown"

    # A triplet: set up 9-9-9 with the mover's chip on the middle card and the
    # right-hand 9 face down; then the mover turns it.
    table, state = await h.service.get(table_id)
    seat = KLOTHO.to_move(state)[0]
    others = {c for s, c in enumerate(state.chips) if s != seat}
    middle = next(c for c in (5, 6, 9, 10) if not {c - 1, c, c + 1} & others)
    left, right = middle - 1, middle + 1
    for cell, card in zip((left, middle, right), ("9S", "9H", "9D"), strict=True):
        put_card(state, cell, card)
    state.chips[seat] = middle
    state.up[left] = state.up[middle] = True
    state.up[right] = False
    loaded = await h.store.load(table_id)
    assert loaded is not None
    record = loaded[0]
    record.version += 1
    assert await h.store.save(record, KLOTHO.dumps(state), expected=record.version - 1)
    table, state = await h.service.get(table_id)
    action = ("turn", KLOTHO.view(state, None)["cells"][right]["cell"])
    await h.service.play(table_id, table.players[seat].key, table.state_version, action)
    await h.settle()
    message = table_message(h)
    assert "❗" in (message.content or "")
    await h.press(USER_OF[seat], GROUP, message.message_id, message.button_data("½ победы"))
    table, state = await h.service.get(table_id)
    assert state.halves[seat] == 1
    assert "половину победы" in (table_message(h).content or "")

    # A vote that ends the tour: proposed by Вика (no cooldown), everyone agrees.
    tour = state.tour
    proposer = VIKA
    await h.press(proposer, GROUP, table_message(h).message_id,
                  shared(table_message(h), "🤝 Предложить закончить тур"))  # fmt: skip
    for user in SEATS:
        if user != proposer:
            await h.press(user, GROUP, table_message(h).message_id,
                          shared(table_message(h), "👍 Закончить тур"))  # fmt: skip
    table, state = await h.service.get(table_id)
    assert state.tour == tour + 1 or table.status == Status.FINISHED

    # Play to the end by pressing the field.
    presses = 0
    while table.status == Status.PLAYING:
        seat = KLOTHO.to_move(state)[0]
        if state.pending:
            choice = rng.choice(["1 очко", "½ победы"])
            await h.press(USER_OF[seat], GROUP, table_message(h).message_id,
                          table_message(h).button_data(choice))  # fmt: skip
        else:
            await press_cell(h, USER_OF[seat], rng)
        table, state = await h.service.get(table_id)
        presses += 1
        assert presses < 600
    assert "🏆" in (table_message(h).content or "")
    # Placeholders keep the keyboard's shape and do nothing.
    for b in buttons(table_message(h)):
        assert not isinstance(decode(b["callback_data"]), NoopToken | MoveToken)
    # Klotho has no private hands: nobody got a private photo.
    for user in SEATS:
        assert h.fake.photos(user) == []


async def test_a_hint_on_the_groups_table_is_told_to_the_mover_alone(h: Harness) -> None:
    table_id = await start_klotho(h)
    message = table_message(h)
    before = (message.content, message.button_texts, len(message.history))
    user, _ = await mover(h, table_id)
    other = next(u for u in (ANYA, BORIS, VIKA) if u != user)
    hint = message.button_data("💡 Подсказка")
    refused = await h.press(other, GROUP, message.message_id, hint)
    assert refused["show_alert"] and "💡" not in refused["text"], refused
    answer = await h.press(user, GROUP, message.message_id, hint)
    # In the presser's own language, which may not be the group's.
    assert answer["show_alert"] and answer["text"].startswith("💡 The computer would play: ")
    assert "\nWhy: " in answer["text"], answer  # the reason, from the computer's evaluation
    shown = table_message(h)
    assert (shown.content, shown.button_texts, len(shown.history)) == before
    assert not any("💡 " in t for row in shown.button_texts for t in row if t != "💡 Подсказка")
    assert (await h.service.stats(f"tg:{user}"))["klotho"]["hints"] == 1
