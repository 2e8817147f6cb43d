"""The Telegram harness: the real aiogram bot, our frontend, a fake Bot API server."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.pacing import Limits
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store
from bot.core.tables import Status
from bot.telegram.app import TelegramFrontend, build, set_commands, start_polling
from bot.telegram.webapp.links import WebAppLinks
from games import registry
from tests.conftest import FakeClock
from tests.telegram.fake_api import FakeTelegram, StoredMessage

# Real limits would make a whole game take minutes; pacing has its own tests.
FAST = Limits(chat_interval=0.0, group_per_minute=100_000, global_per_second=100_000)
GROUP = -100500
ANYA, BORIS, VIKA, OUTSIDER = 11, 12, 13, 99


@dataclass
class Harness:
    """A running bot against the fake server, with helpers to act as users."""

    fake: FakeTelegram
    tg: TelegramFrontend
    service: TableService
    store: Store
    clock: FakeClock
    polling: asyncio.Task[None] | None = None
    sweeping: asyncio.Task[None] | None = None
    stopping: asyncio.Event | None = None

    async def settle(self) -> None:
        """Wait until the bot has handled every update and sent everything it queued."""
        for _ in range(2):
            await self.fake.idle(quiet=0.03, timeout=20)
            await asyncio.wait_for(self.tg.handling.idle.wait(), 20)
            await asyncio.wait_for(self.tg.outbox.drain(), 20)
        assert not self.fake.pending_updates, "the bot left updates unhandled"

    async def say(self, user: int, chat: int, text: str, thread: int | None = None) -> None:
        """``user`` writes ``text`` in ``chat`` and the bot reacts."""
        self.fake.send_text(user, chat, text, thread_id=thread)
        await self.settle()

    async def press(self, user: int, chat: int, message_id: int, data: str, **kw: Any) -> Any:
        """``user`` presses a button; returns the bot's answer to the press."""
        query = self.fake.press(user, chat, message_id, data, **kw)
        answer = await self.fake.wait_answer(query, timeout=10)
        await self.settle()
        return answer

    def last_with_buttons(self, chat: int) -> StoredMessage:
        """The newest bot message in ``chat`` that has buttons."""
        return [m for m in self.fake.messages(chat) if m.buttons][-1]

    async def start_polling(self) -> None:
        """Run the bot as ``bot.telegram.app.run`` does: polling, and the sweep for
        pending screens."""
        self.stopping = asyncio.Event()
        self.sweeping = asyncio.create_task(self.tg.publisher.sync.sweep(self.stopping))
        self.polling = asyncio.create_task(start_polling(self.tg, polling_timeout=1))
        await self.fake.wait_until(lambda: self.fake.waiting_polls > 0, timeout=10)

    async def restart(self, limits: Limits = FAST, storage_chat: int | None = None) -> None:
        """A new process: a new bot client and table service on the same Redis
        (``storage_chat``: where it uploads inline messages' pictures)."""
        await self.stop_polling()
        self.service = TableService(self.store, clock=self.clock)
        self.tg = await make_frontend(self.fake, self.service, self.store, limits, storage_chat)
        await self.start_polling()

    async def stop_polling(self) -> None:
        assert self.polling is not None and self.stopping is not None
        await self.tg.dispatcher.stop_polling()
        await asyncio.wait_for(self.polling, 10)
        self.stopping.set()
        await asyncio.wait_for(self.sweeping, 10)
        await self.tg.outbox.drain()
        await self.tg.bot.session.close()


async def make_frontend(
    fake: FakeTelegram,
    service: TableService,
    store: Store,
    limits: Limits = FAST,
    storage_chat: int | None = None,
    webapp: WebAppLinks | None = None,
) -> TelegramFrontend:
    """A fresh bot process: new aiogram Bot, new screens, same Redis."""
    bot = Bot(fake.token, session=AiohttpSession(api=TelegramAPIServer.from_base(fake.base_url)))
    i18n = I18n()
    screens = Screens(service, i18n)
    languages = Languages(store, "ru")
    tg = await build(
        bot, service, screens, languages, limits, storage_chat=storage_chat, webapp=webapp
    )
    await set_commands(bot, i18n)
    return tg


def populate(fake: FakeTelegram) -> None:
    """The group and the people of the harness (Вика has not opened the bot yet)."""
    fake.add_group(GROUP, "Клуб настолок")
    fake.add_user(ANYA, "Аня", language_code="ru")
    fake.add_user(BORIS, "Boris", language_code="en")
    fake.add_user(VIKA, "Вика", language_code="ru", started=False)
    fake.add_user(OUTSIDER, "Zed", language_code="en")


@contextlib.asynccontextmanager
async def running(
    service: TableService, store: Store, clock: FakeClock, webapp: WebAppLinks | None = None
) -> AsyncIterator[Harness]:
    """The bot polling the fake, with the harness's people; Аня and Boris opened the bot."""
    async with FakeTelegram() as fake:
        populate(fake)
        tg = await make_frontend(fake, service, store, webapp=webapp)
        h = Harness(fake, tg, service, store, clock)
        await h.start_polling()
        for user in (ANYA, BORIS):
            await h.say(user, user, "/start")
        yield h
        if h.polling is not None and not h.polling.done():
            await h.stop_polling()
        assert fake.internal_errors == []


@pytest.fixture
async def harness(service: TableService, store: Store, clock: FakeClock) -> AsyncIterator[Harness]:
    async with running(service, store, clock) as h:
        yield h


SEATS = {ANYA: 0, BORIS: 1, VIKA: 2}


async def play_moves(service: TableService, table_id: str, moves: int) -> None:
    """The players to move take their first legal action, ``moves`` times."""
    for _ in range(moves):
        table, state = await service.get(table_id)
        game = registry.get(table.game)
        seat = game.to_move(state)[0]
        action = game.legal_actions(state, seat)[0]
        await service.play(table_id, table.players[seat].key, table.state_version, action)


async def quick_game(h: Harness, chat: int = GROUP, thread: int | None = None) -> str:
    """Аня, Boris and Вика (all with the bot opened) start Klac! in ``chat``; the table id."""
    await h.say(VIKA, VIKA, "/start")
    await h.say(ANYA, chat, "/play klac", thread)
    lobby = h.last_with_buttons(chat)
    for user in (BORIS, VIKA):
        await h.press(user, chat, lobby.message_id, lobby.button_data("✋ Сесть"))
    await h.press(ANYA, chat, lobby.message_id, lobby.button_data("▶ Начать"))
    table = await h.service.table_in(f"tg:{chat}" + (f"/{thread}" if thread else ""))
    assert table is not None
    return table.id


async def open_table(
    h: Harness, game: str, users: list[int], options: dict[str, str] | None = None
) -> str:
    """``users[0]`` opens a lobby for ``game`` in ``GROUP``, the others join, the host
    cycles each option whose button holds a label to a value holding the given
    text (``{"Эндов": "2"}``) and starts; the table id."""
    for user in users[2:]:
        await h.say(user, user, "/start")
    await h.say(users[0], GROUP, f"/play {game}")
    lobby = h.last_with_buttons(GROUP)
    for user in users[1:]:
        await h.press(user, GROUP, lobby.message_id, lobby.button_data("✋ Сесть"))
    for label, value in (options or {}).items():
        for _ in range(10):
            lobby = h.fake.message(GROUP, lobby.message_id)
            option = next(t for row in lobby.button_texts for t in row if label in t)
            if value in option:
                break
            await h.press(users[0], GROUP, lobby.message_id, lobby.button_data(option))
        assert value in option, option
    await h.press(users[0], GROUP, lobby.message_id, lobby.button_data("▶ Начать"))
    table = await h.service.table_in(f"tg:{GROUP}")
    assert table is not None and table.status == Status.PLAYING
    return table.id


def leaks(h: Harness, chats: Sequence[int], pattern: re.Pattern[str]) -> list[str]:
    """Everything the group (``GROUP``) was sent and every button's data in ``chats``
    that matches ``pattern`` (a card code: none may be there)."""
    group_texts = [
        str(c.params.get("caption") or c.params.get("text") or "")
        for c in h.fake.calls_to(chat_id=GROUP)
    ]
    datas = [
        str(b.get("callback_data", ""))
        for chat in chats
        for m in h.fake.messages(chat)
        for row in m.buttons
        for b in row
    ]
    return [text for text in group_texts + datas if pattern.search(text)]


def hand(h: Harness, user: int) -> StoredMessage:
    """The user's hand: the newest photo message in their private chat."""
    return [m for m in h.fake.messages(user) if m.photo is not None][-1]


async def mover(h: Harness, table_id: str) -> tuple[int, int]:
    """(user, seat) of the player to move."""
    table, state = await h.service.get(table_id)
    seat = registry.get(table.game).to_move(state)[0]
    user = next(u for u, s in SEATS.items() if s == seat)
    return user, seat


@pytest.fixture
def h(harness: Harness) -> Harness:
    """A shorter name for the harness."""
    return harness
