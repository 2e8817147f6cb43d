"""The "🃏 Open the table" button: a direct link under the group's table, the
Mini App itself under each private hand; none when no Mini App is set."""

from __future__ import annotations

from bot.core.service import TableService
from bot.core.store import Store
from bot.telegram.webapp.links import WebAppLinks
from tests.conftest import FakeClock
from tests.telegram.conftest import ANYA, BORIS, GROUP, Harness, hand, quick_game, running

APP = WebAppLinks("https://tables.example.org/webapp/", "table")
LABEL = "🃏 Открыть стол"


def open_buttons(h: Harness, chat: int) -> list[dict[str, object]]:
    """The open buttons of every message in ``chat``."""
    return [
        b
        for message in h.fake.messages(chat)
        for row in message.buttons
        for b in row
        if "🃏" in str(b.get("text"))
    ]


async def test_the_group_table_links_to_the_app_and_each_hand_opens_it(
    service: TableService, store: Store, clock: FakeClock
) -> None:
    async with running(service, store, clock, webapp=APP) as h:
        table_id = await quick_game(h)
        await h.settle()
        (link,) = open_buttons(h, GROUP)
        assert link["text"] == LABEL
        # Groups may not hold web_app buttons: a direct link to the registered app.
        assert link == {
            "text": LABEL,
            "url": f"https://t.me/klac_test_bot/table?startapp={table_id}",
        }
        for user in (ANYA, BORIS):
            buttons = [b for row in hand(h, user).buttons for b in row if "🃏" in str(b["text"])]
            label = LABEL if user == ANYA else "🃏 Open the table"
            assert buttons == [
                {"text": label, "web_app": {"url": f"{APP.url}?table={table_id}"}}
            ], user


async def test_without_an_app_there_is_no_button(
    service: TableService, store: Store, clock: FakeClock
) -> None:
    async with running(service, store, clock) as h:
        await quick_game(h)
        await h.settle()
        assert open_buttons(h, GROUP) == []
        assert not [b for row in hand(h, ANYA).buttons for b in row if "🃏" in str(b["text"])]
