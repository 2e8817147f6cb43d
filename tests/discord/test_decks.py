"""Caravan's deck builder in Discord: ephemeral, toggles in a select menu, saved decks dealt."""

from __future__ import annotations

from bot.core.tables import Status
from games import registry
from tests.discord.conftest import ANYA, BORIS, CHANNEL, GUILD, Server, user_json
from tests.discord.fake_discord_records import StoredMessage
from tests.discord.test_games import items, open_table


def builder(server: Server, record_id: int) -> StoredMessage:
    message = server.fake.message(CHANNEL, record_id)
    assert message.ephemeral
    return message


def button(message: StoredMessage, label: str) -> str:
    return next(b["custom_id"] for b in items(message, 2) if label in b["label"])


async def test_a_deck_is_built_with_a_select_menu_and_dealt(server: Server) -> None:
    record = await server.command("deck", user=ANYA)
    assert record.original_id is not None
    message = builder(server, record.original_id)
    assert "54" in message.content and len(message.components) <= 5
    (toggles,) = items(message, 3)
    assert len(toggles["options"]) == 13 and toggles["options"][0]["label"].startswith("✅")
    # Take the whole ♠ suit of set A out: 41 cards, still valid.
    for _ in range(13):
        message = builder(server, record.original_id)
        (toggles,) = items(message, 3)
        first_in = next(o for o in toggles["options"] if o["label"].startswith("✅"))
        await server.press(message, toggles["custom_id"], first_in["value"], user=ANYA)
    message = builder(server, record.original_id)
    assert "41" in message.content
    (toggles,) = items(message, 3)
    assert all(o["label"].startswith("▫️") for o in toggles["options"])
    await server.press(message, button(message, "💾"), user=ANYA)
    message = builder(server, record.original_id)
    assert "41" in message.content and "💾" in message.content, message.content

    table_id = await open_table(server, "caravan", [ANYA, BORIS], "decks=own")
    table, state = await server.service.get(table_id)
    assert table.status == Status.PLAYING
    view = registry.get("caravan").view(state, None)
    assert view["deck_sizes"][0] + view["hand_sizes"][0] == 41
    assert view["deck_sizes"][1] + view["hand_sizes"][1] == 54


async def test_the_builder_is_never_pressed_in_public(server: Server) -> None:
    record = await server.command("deck", user=ANYA)
    assert record.original_id is not None
    message = builder(server, record.original_id)
    # The same buttons on a message everyone sees (a forged interaction).
    public = server.fake.post_user_message(CHANNEL, user_json(ANYA), "x", GUILD)
    public.components = message.components
    answer = await server.press(public, button(message, "💾"), user=ANYA)
    assert server.told(answer) == ["Эта кнопка недействительна."]
    assert await server.service.decks.saved("caravan", f"dc:{ANYA}") is None
