"""Krendzu in Telegram: whole matches for two players and for two teams of two,
played only by pressing the buttons each player is offered in the private chat."""

from __future__ import annotations

import json
import random
import re

from bot.core.tables import Status
from bot.core.tokens import ExplainToken, MoveToken, decode
from games import registry
from games.core.cards import pretty
from tests.telegram.conftest import ANYA, BORIS, GROUP, VIKA, Harness, hand, leaks, open_table

KRENDZU = registry.get("krendzu")
GLEB = 14
LANGS = {ANYA: "ru", BORIS: "en", VIKA: "ru", GLEB: "en"}
NAV = ("⬅", "✖")
CARD_CODE = re.compile(r"\b(?:10|[6-9AJQK])[SHDC]\b")


def buttons_of(h: Harness, user: int) -> list[dict[str, str]]:
    return [b for row in hand(h, user).buttons for b in row if "callback_data" in b]


async def press(h: Harness, user: int, data: str) -> dict:
    answer = await h.press(user, user, hand(h, user).message_id, data)
    assert not answer.get("show_alert"), answer
    return answer


async def play_turn(h: Harness, user: int, rng: random.Random, seen: dict[str, int]) -> None:
    """The user walks the private menu until the table's state version changes.

    Now and then a step is taken back or cancelled, or "why not?" pressed;
    ``seen`` counts what happened, for the test to check it was exercised.
    """
    table_id = ""
    while True:
        buttons = buttons_of(h, user)
        moves = [b for b in buttons if isinstance(decode(b["callback_data"]), MoveToken)]
        token = decode(moves[0]["callback_data"])
        assert isinstance(token, MoveToken)
        table_id = token.table_id
        explain = [b for b in buttons if b["text"].startswith("❓")]
        if explain and rng.random() < 0.3:
            why = decode(explain[0]["callback_data"])
            assert isinstance(why, ExplainToken)
            await press(h, user, why.encode())
            assert "❓" in (hand(h, user).content or "")
            seen["why"] += 1
        nav = [b for b in moves if b["text"].startswith(NAV)]
        if nav and rng.random() < 0.1:
            await press(h, user, rng.choice(nav)["callback_data"])
            seen["nav"] += 1
            continue
        options = [b for b in moves if not b["text"].startswith((*NAV, "❓"))]
        # Passing and two-card moves are legal but make long games; take them less often.
        calm = [b for b in options if not b["text"].startswith(("⏭", "2️⃣"))]
        pick = rng.choice(calm if calm and rng.random() < 0.8 else options)
        before, _ = await h.service.get(table_id)
        await press(h, user, pick["callback_data"])
        after, _ = await h.service.get(table_id)
        if after.state_version != before.state_version:
            seen[pick["text"][:2]] = seen.get(pick["text"][:2], 0) + 1
            return


async def play_match(h: Harness, table_id: str, users: list[int], seed: int) -> dict[str, int]:
    """Play the table to its end by buttons; what the players pressed, counted."""
    rng = random.Random(seed)
    seen = {"why": 0, "nav": 0}
    table, state = await h.service.get(table_id)
    turns = 0
    while table.status == Status.PLAYING:
        seat = KRENDZU.to_move(state)[0]
        await play_turn(h, users[seat], rng, seen)
        table, state = await h.service.get(table_id)
        turns += 1
        assert turns < 1500
    return seen


def check_secrets(h: Harness, users: list[int]) -> None:
    """No card code in anything the group got or in any button data."""
    assert leaks(h, (GROUP, *users), CARD_CODE) == []


async def test_two_players_play_a_whole_match_by_buttons(h: Harness) -> None:
    users = [ANYA, BORIS]
    table_id = await open_table(h, "krendzu", users)
    table_msg = h.fake.last_message(GROUP)
    assert table_msg.photo is not None
    assert "Крэндзю" in (table_msg.content or "")
    assert "Замена (до 3)" in (table_msg.content or "")
    table, state = await h.service.get(table_id)
    view = KRENDZU.view(state, None)
    defender = view["roles"].index("defend")
    # The defender announces first: its menu offers the counts 0..3.
    message = hand(h, users[defender])
    assert [b["text"] for b in buttons_of(h, users[defender])][:4] == [
        "🔄 0",
        "🔄 1",
        "🔄 2",
        "🔄 3",
    ]
    assert "Объявлено" in (message.content or "") or "Announced" in (message.content or "")
    seen = await play_match(h, table_id, users, seed=3)
    table, state = await h.service.get(table_id)
    # Every kind of step was taken by buttons: marks, two-card moves, passes.
    kinds = {
        json.loads(entry.split(" ", 1)[1])[0]
        for entry in await h.service.store.action_log(table_id)
    }
    assert {"announce", "toggle", "exchange", "place", "first", "pass"} <= kinds
    final = h.fake.message(GROUP, table_msg.message_id)
    assert "🏆" in (final.content or ""), final.content
    # A match where both score alike is told as a draw.
    draw = len(KRENDZU.result(state)["winners"]) == 2
    assert ("Ничья: Аня, Boris" in (final.content or "")) == draw
    assert seen["why"] and seen["nav"]
    check_secrets(h, users)
    for seat, user in enumerate(users):
        expected = await h.tg.frontend.screens.seat(table, state, seat, LANGS[user])
        assert hand(h, user).photo == expected.image


async def test_exchange_by_toggles_then_a_placement_by_card_cell_and_confirm(h: Harness) -> None:
    users = [ANYA, BORIS]
    table_id = await open_table(h, "krendzu", users)
    _table, state = await h.service.get(table_id)
    defender = KRENDZU.view(state, None)["roles"].index("defend")
    attacker = 1 - defender
    # The defender announces 2 and the attacker 0.
    await press(h, users[defender], hand(h, users[defender]).button_data("🔄 2"))
    group = h.fake.last_message(GROUP).content or ""
    assert "2" in group
    await press(h, users[attacker], hand(h, users[attacker]).button_data("🔄 0"))
    _, state = await h.service.get(table_id)
    mine = KRENDZU.view(state, defender)["hand"]
    photos = len(h.fake.photos(GROUP))
    # Toggles: mark three cards is impossible; mark two, unmark one, mark another.
    first, second, third = (pretty(c) for c in mine[:3])
    await press(h, users[defender], hand(h, users[defender]).button_data(f"▫️ {first}"))
    await press(h, users[defender], hand(h, users[defender]).button_data(f"▫️ {second}"))
    texts = [b["text"] for b in buttons_of(h, users[defender])]
    assert f"✅ {first}" in texts and f"✅ {second}" in texts
    assert f"▫️ {third}" not in texts
    await press(h, users[defender], hand(h, users[defender]).button_data(f"✅ {first}"))
    await press(h, users[defender], hand(h, users[defender]).button_data(f"▫️ {third}"))
    # Marks never changed the group's picture.
    assert len(h.fake.photos(GROUP)) == photos
    exchange = next(t for t in (b["text"] for b in buttons_of(h, users[defender])) if "2" in t)
    await press(h, users[defender], hand(h, users[defender]).button_data(exchange))
    _, state = await h.service.get(table_id)
    view = KRENDZU.view(state, defender)
    assert view["phase"] == "play" and len(view["hand"]) == 12
    # The first move: a card, the only cell A1, then ✅.
    card = pretty(view["hand"][0])
    await press(h, users[defender], hand(h, users[defender]).button_data(card))
    await press(h, users[defender], hand(h, users[defender]).button_data("A1"))
    confirm = f"✅ {card} → A1"
    await press(h, users[defender], hand(h, users[defender]).button_data(confirm))
    _, state = await h.service.get(table_id)
    view = KRENDZU.view(state, None)
    assert view["cells"][0]["x"] == 0 and view["last"]["labels"] == ["B2"]
    caption = h.fake.last_message(GROUP).content or ""
    assert f"кладёт {card} на B2" in caption or f"puts {card} on B2" in caption
    # The attacker's cells are the four around it, named as on the picture,
    # one keyboard row per field row.
    card = pretty(KRENDZU.view(state, attacker)["hand"][0])
    await press(h, users[attacker], hand(h, users[attacker]).button_data(card))
    rows = [[b["text"] for b in row] for row in hand(h, users[attacker]).buttons]
    assert rows[:3] == [["B1"], ["A2", "C2"], ["B3"]]


async def test_two_teams_of_two_play_a_whole_match(h: Harness) -> None:
    users = [ANYA, BORIS, VIKA, GLEB]
    h.fake.add_user(GLEB, "Gleb", language_code="en", started=False)
    table_id = await open_table(h, "krendzu", users)
    table, state = await h.service.get(table_id)
    view = KRENDZU.view(state, None)
    assert view["roles"][0] == view["roles"][2] != view["roles"][1] == view["roles"][3]
    assert sorted(view["hand_sizes"]) == [7, 7, 8, 8]
    await play_match(h, table_id, users, seed=11)
    table, state = await h.service.get(table_id)
    result = KRENDZU.result(state)
    # Partners share every point.
    assert result["scores"][0] == result["scores"][2]
    assert result["scores"][1] == result["scores"][3]
    # The finished table (its rematch button), not the last round's summary.
    final = h.last_with_buttons(GROUP).content or ""
    assert "🏆" in final
    check_secrets(h, users)
    for seat, user in enumerate(users):
        expected = await h.tg.frontend.screens.seat(table, state, seat, LANGS[user])
        assert hand(h, user).photo == expected.image


async def test_stale_foreign_and_forged_presses_change_nothing(h: Harness) -> None:
    users = [ANYA, BORIS]
    table_id = await open_table(h, "krendzu", users)
    _, state = await h.service.get(table_id)
    first = KRENDZU.to_move(state)[0]
    await press(h, users[first], hand(h, users[first]).button_data("🔄 2"))
    await press(h, users[1 - first], hand(h, users[1 - first]).button_data("🔄 0"))
    old = hand(h, users[first])
    card = pretty(KRENDZU.view((await h.service.get(table_id))[1], first)["hand"][0])
    stale = old.button_data(f"▫️ {card}")
    await press(h, users[first], stale)
    table, state = await h.service.get(table_id)
    version, marked = table.state_version, KRENDZU.view(state, first)["marked"]
    assert len(marked) == 1
    # The same button again is out of date now: refused, the mark stays as it was.
    answer = await h.press(users[first], users[first], old.message_id, stale, strict=False)
    assert answer["show_alert"]
    # The other player pressing this player's button (forged into their own chat).
    current = hand(h, users[first]).buttons[0][0]["callback_data"]
    answer = await h.press(
        users[1 - first], users[1 - first], old.message_id, current, strict=False
    )
    assert answer["show_alert"]
    # A path that leads nowhere.
    token = decode(current)
    assert isinstance(token, MoveToken)
    forged = MoveToken(token.table_id, token.version, token.seat, (999,)).encode()
    answer = await h.press(users[first], users[first], old.message_id, forged, strict=False)
    assert answer["show_alert"]
    table, state = await h.service.get(table_id)
    assert table.state_version == version
    assert KRENDZU.view(state, first)["marked"] == marked
