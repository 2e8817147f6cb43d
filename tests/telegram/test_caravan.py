"""Caravan in Telegram: a deck built in the private chat, then a whole game played on it."""

from __future__ import annotations

import io
import logging
import random
import re

import pytest
from PIL import Image

from bot.core.tables import Status
from bot.core.tokens import DeckToken, ExplainToken, MoveToken, decode
from games import registry
from games.core.cards import pretty
from tests.telegram.conftest import ANYA, BORIS, GROUP, Harness, hand, leaks
from tests.telegram.fake_api import StoredMessage

CARAVAN = registry.get("caravan")
USERS = {ANYA: 0, BORIS: 1}
LANGS = {ANYA: "ru", BORIS: "en"}
NAV = ("⬅", "✖")
CARD_CODE = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b|\bX[12]\b")


def builder(h: Harness, user: int) -> StoredMessage:
    """The newest deck-builder message in the user's private chat."""
    return [m for m in h.fake.messages(user) if "🃏" in (m.content or "") and m.buttons][-1]


async def press_label(h: Harness, user: int, message: StoredMessage, label: str) -> dict:
    """Press the button labelled ``label`` (exactly) on ``message``."""
    return await h.press(user, user, message.message_id, message.button_data(label))


async def build_deck_without_diamonds(h: Harness) -> None:
    """Аня builds a 41-card deck by buttons; an invalid save is refused on the way."""
    await h.say(ANYA, ANYA, "/deck")
    deck = builder(h, ANYA)
    assert "Ваша колода для игры «Караван»" in (deck.content or "")
    assert "Карт: 54 (A: 54 · B: 0 · C: 0)" in (deck.content or "")
    assert "Сохранённой колоды нет" in (deck.content or "")
    # The builder edits itself in place: no new message per press.
    count = len(h.fake.messages(ANYA))
    await press_label(h, ANYA, deck, "🗑 Очистить")
    deck = builder(h, ANYA)
    assert "Карт: 0" in (deck.content or "")
    answer = await press_label(h, ANYA, deck, "💾 Сохранить")
    assert answer["show_alert"] and "30" in answer["text"]
    assert await h.service.decks.saved("caravan", "tg:11") is None
    await press_label(h, ANYA, builder(h, ANYA), "↺ Обычная колода")
    await press_label(h, ANYA, builder(h, ANYA), "♦")
    deck = builder(h, ANYA)
    assert "набор A, ♦" in (deck.content or "")
    assert deck.button_texts[2][0] == "✅ A♦"
    await press_label(h, ANYA, deck, "➖ Ни одной из этих")
    deck = builder(h, ANYA)
    assert deck.button_texts[2][0] == "▫️ A♦"
    # One card from set B, then taken out again: a toggle both ways.
    await press_label(h, ANYA, deck, "Набор B")
    await press_label(h, ANYA, builder(h, ANYA), "▫️ 7♦")
    assert "B: 1" in (builder(h, ANYA).content or "")
    await press_label(h, ANYA, builder(h, ANYA), "✅ 7♦")
    answer = await press_label(h, ANYA, builder(h, ANYA), "💾 Сохранить")
    assert "Сохранено: 41 карта" in answer["text"]
    assert "Сохранённая колода: 41 карта, такая же" in (builder(h, ANYA).content or "")
    assert len(h.fake.messages(ANYA)) == count
    saved = await h.service.decks.saved("caravan", "tg:11")
    assert saved is not None and not [c for c in saved if c.endswith("D")]


async def test_deck_link_from_a_group_opens_the_builder(h: Harness) -> None:
    await h.say(BORIS, GROUP, "/deck")
    reply = h.fake.last_message(GROUP)
    url = reply.buttons[0][0]["url"]
    assert url.endswith("?start=deck")
    await h.say(BORIS, BORIS, "/start deck")
    deck = builder(h, BORIS)
    assert "Your deck for Caravan" in (deck.content or "")
    # A builder button pressed in the group (forged there) changes nothing.
    forged = DeckToken("caravan", "A", "S", "clr").encode()
    answer = await h.press(BORIS, GROUP, reply.message_id, forged, strict=False)
    assert answer["show_alert"]
    assert len(await h.service.decks.draft("caravan", "tg:12")) == 54


async def play_one_move(h: Harness, user: int, rng: random.Random, why: list[str]) -> None:
    """The user walks the private menu by buttons until the move is made.

    Now and then "why not?" is pressed first and its answer kept in ``why``.
    """
    while True:
        message = hand(h, user)
        buttons = [b for row in message.buttons for b in row if "callback_data" in b]
        explain = [b for b in buttons if b["text"].startswith("❓")]
        if explain and rng.random() < 0.3:
            token = decode(explain[0]["callback_data"])
            assert isinstance(token, ExplainToken)
            answer = await h.press(user, user, message.message_id, token.encode())
            assert not answer.get("show_alert"), answer
            text = hand(h, user).content or ""
            assert "❓" in text
            why.append(text)
        options = [
            b["callback_data"]
            for b in buttons
            if not b["text"].startswith((*NAV, "❓"))
            # Discards are legal but make long games; take them less often.
            and not (b["text"].startswith(("🗑", "💨")) and rng.random() < 0.8)
        ]
        if not options:
            continue
        token = decode(rng.choice(options))
        assert isinstance(token, MoveToken)
        answer = await h.press(user, user, message.message_id, token.encode())
        assert not answer.get("show_alert"), answer
        table, _ = await h.service.get(token.table_id)
        if table.state_version != token.version:
            return


async def test_a_whole_game_with_an_own_deck(h: Harness) -> None:
    await build_deck_without_diamonds(h)
    await h.say(ANYA, GROUP, "/play caravan")
    lobby = h.last_with_buttons(GROUP)
    await h.press(BORIS, GROUP, lobby.message_id, lobby.button_data("✋ Сесть"))
    lobby = h.fake.message(GROUP, lobby.message_id)
    decks_option = next(t for row in lobby.button_texts for t in row if "Колоды" in t)
    assert "обычные" in decks_option
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data(decks_option))
    lobby = h.fake.message(GROUP, lobby.message_id)
    assert "Колоды: свои у каждого" in (lobby.content or "")
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None and table.status == Status.PLAYING
    _, state = await h.service.get(table.id)
    view = CARAVAN.view(state, None)
    assert view["deck_sizes"][0] + view["hand_sizes"][0] == 41
    assert view["deck_sizes"][1] + view["hand_sizes"][1] == 54
    table_msg = h.fake.last_message(GROUP)
    assert table_msg.photo is not None and "Караван" in (table_msg.content or "")
    assert "Начальный раунд" in (table_msg.content or "")
    for user in USERS:
        assert hand(h, user).photo is not None

    rng = random.Random(5)
    why: list[str] = []
    moves = 0
    while table.status == Status.PLAYING:
        seat = CARAVAN.to_move(state)[0]
        user = next(u for u, s in USERS.items() if s == seat)
        await play_one_move(h, user, rng, why)
        table, state = await h.service.get(table.id)
        moves += 1
        assert moves < 300
    final = h.fake.message(GROUP, table_msg.message_id)
    assert "🏆" in (final.content or ""), final.content
    assert why, "nobody asked why a card could not go somewhere"
    assert any("Почему нельзя" in text for text in why)
    # The table picture is the same size all game; hands are the hand size.
    sizes = {Image.open(io.BytesIO(p)).size for p in h.fake.photos(GROUP)}
    assert len(sizes) == 1
    # Nothing the group received names a card code, and no button data does.
    assert leaks(h, (GROUP, *USERS), CARD_CODE) == []
    # Each player's final hand is theirs, drawn from their own seat's view.
    for user, seat in USERS.items():
        expected = await h.tg.frontend.screens.seat(table, state, seat, LANGS[user])
        assert hand(h, user).photo == expected.image


async def test_a_discard_never_names_the_card_in_the_group(h: Harness) -> None:
    await h.say(ANYA, GROUP, "/play caravan")
    lobby = h.last_with_buttons(GROUP)
    await h.press(BORIS, GROUP, lobby.message_id, lobby.button_data("✋ Сесть"))
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None
    _, state = await h.service.get(table.id)
    rng = random.Random(1)
    # Through the opening round (six numeral cards) by buttons.
    while CARAVAN.view(state, None)["phase"] == "opening":
        seat = CARAVAN.to_move(state)[0]
        user = next(u for u, s in USERS.items() if s == seat)
        await play_one_move(h, user, rng, [])
        _, state = await h.service.get(table.id)
    seat = CARAVAN.to_move(state)[0]
    user = next(u for u, s in USERS.items() if s == seat)
    card = CARAVAN.view(state, seat)["hand"][0]
    message = hand(h, user)
    await h.press(user, user, message.message_id, message.button_data(pretty(card)))
    message = hand(h, user)
    discard = h.tg.frontend.i18n.t(LANGS[user], "caravan-choice-discard")
    await h.press(user, user, message.message_id, message.button_data(discard))
    message = hand(h, user)
    confirm = next(t for row in message.button_texts for t in row if t.startswith("✅"))
    assert pretty(card) in confirm
    await h.press(user, user, message.message_id, message.button_data(confirm))
    table, state = await h.service.get(table.id)
    assert CARAVAN.view(state, None)["last"]["kind"] == "discard"
    caption = h.fake.last_message(GROUP).content or ""
    assert "сбрасывает карту" in caption
    on_table = {c["card"] for row in CARAVAN.view(state, None)["caravans"] for car in row
                for c in car["cards"]}  # fmt: skip
    if card not in on_table:
        assert pretty(card) not in caption


async def test_a_builder_button_pressed_on_a_picture_sends_the_builder(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    await h.say(BORIS, BORIS, "/play klac")
    lobby = h.last_with_buttons(BORIS)
    # Boris's Telegram speaks English: so does his game alone in the private chat.
    await h.press(BORIS, BORIS, lobby.message_id, lobby.button_data("🤖 + normal"))
    await h.press(BORIS, BORIS, lobby.message_id, lobby.button_data("⬅ Done"))
    await h.press(BORIS, BORIS, lobby.message_id, lobby.button_data("▶ Start"))
    photo = next(m for m in h.fake.messages(BORIS) if m.photo is not None)
    count = len(h.fake.messages(BORIS))
    forged = DeckToken("caravan", "A", "S", "clr").encode()
    answer = await h.press(BORIS, BORIS, photo.message_id, forged, strict=False)
    assert not answer.get("show_alert"), answer
    assert len(h.fake.messages(BORIS)) == count + 1
    assert "Your deck for Caravan" in (builder(h, BORIS).content or "")
    assert photo.photo is not None and h.fake.message(BORIS, photo.message_id).photo is not None
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
