"""Several ``python -m bot`` webhook workers behind the fake Bot API, as an operator
runs them behind a load balancer: updates are posted to the workers in turn
(skipping one that is down), workers can be killed and restarted, and what every
player sees can be compared with the current state in Redis."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.redis_client import connect
from bot.core.redis_server import free_port
from bot.core.screen_base import Screen
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store
from bot.core.tables import Table
from bot.core.tokens import MoveToken
from bot.telegram.delivery import TABLE_REF, hand_ref, refs_key
from games import registry
from games.core.menu import build_menu
from tests.processes import start
from tests.telegram.fake_api import FakeTelegram, StoredMessage

SECRET = "workers-secret"
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Worker:
    """One bot process and the port its webhook listens on."""

    port: int
    process: asyncio.subprocess.Process | None = None
    log: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None


@dataclass
class Workers:
    """The bot processes, the fake they talk to, and a view of the same Redis."""

    fake: FakeTelegram
    env: dict[str, str]
    workers: list[Worker]
    service: TableService
    screens: Screens
    languages: Languages
    http: aiohttp.ClientSession
    #: Workers that poll getUpdates (the fake queues the updates) instead of webhooks.
    polling: bool = False
    _turn: itertools.count[int] = field(default_factory=itertools.count)

    async def start(self, index: int) -> None:
        """Start worker ``index`` and wait until its webhook answers."""
        worker = self.workers[index]
        # A stable name per worker, as an operator sets it: started again, a
        # killed worker takes back its screens at once.
        env = {**self.env, "WEBHOOK_PORT": str(worker.port), "WORKER_ID": f"worker-{index}"}
        polls = self.fake.waiting_polls
        worker.process = await start(env, ROOT)
        worker.reader = asyncio.create_task(_read(worker))
        if self.polling:
            await self.fake.wait_until(lambda: self.fake.waiting_polls > polls, 30)
            return
        for _ in range(300):
            with contextlib.suppress(aiohttp.ClientError):
                async with self.http.get(f"http://127.0.0.1:{worker.port}/healthz") as answer:
                    if answer.status == 200:
                        return
            await asyncio.sleep(0.1)
        raise AssertionError(f"worker {index} did not start: {''.join(worker.log)}")

    def kill(self, index: int) -> None:
        """SIGKILL: the worker stops where it is, its queue in memory lost."""
        process = self.workers[index].process
        assert process is not None
        process.send_signal(signal.SIGKILL)

    async def stop(self, index: int) -> None:
        """SIGTERM worker ``index``, as an operator stops it, and wait until it exits."""
        process = self.workers[index].process
        assert process is not None
        process.send_signal(signal.SIGTERM)
        await self.stopped(index)

    async def stopped(self, index: int) -> None:
        """Wait until worker ``index`` has exited and its log is read."""
        worker = self.workers[index]
        assert worker.process is not None and worker.reader is not None
        await asyncio.wait_for(worker.process.wait(), 30)
        await worker.reader

    async def stop_all(self) -> None:
        """SIGTERM every worker still running, as an operator stops them."""
        for worker in self.workers:
            if worker.process is not None and worker.process.returncode is None:
                worker.process.send_signal(signal.SIGTERM)
        for worker in self.workers:
            if worker.process is not None:
                try:
                    await asyncio.wait_for(worker.process.wait(), 30)
                except TimeoutError:
                    worker.process.kill()
                    await worker.process.wait()
            if worker.reader is not None:
                await worker.reader

    async def deliver(self, update: dict[str, Any]) -> None:
        """Post ``update`` to the next worker that is up, as a load balancer would."""
        for _ in range(len(self.workers) * 2):
            worker = self.workers[next(self._turn) % len(self.workers)]
            if worker.process is None or worker.process.returncode is not None:
                continue
            try:
                async with self.http.post(
                    f"http://127.0.0.1:{worker.port}/telegram",
                    json=update,
                    headers={"X-Telegram-Bot-Api-Secret-Token": SECRET},
                ) as answer:
                    if answer.status == 200:
                        return
            except aiohttp.ClientError:
                continue
        raise AssertionError("no worker took the update")

    async def say(self, user: int, chat: int, text: str) -> None:
        """``user`` writes ``text`` in ``chat``."""
        update = self.fake.send_text(user, chat, text, deliver=self.polling)
        if not self.polling:
            await self.deliver(update)

    async def press(self, user: int, chat: int, message_id: int, data: str) -> dict[str, Any]:
        """``user`` presses ``data`` on a message; the bot's answer to the press."""
        query = self.fake.press(user, chat, message_id, data, strict=False, deliver=self.polling)
        if not self.polling:
            await self.deliver(self.fake.updates[-1])
        return await self.fake.wait_answer(query, timeout=10)

    async def open_klac(
        self, chat: int, users: Sequence[int], target: int | None = None
    ) -> tuple[str, dict[int, int]]:
        """The users open the bot; ``users[0]`` opens a Klac! lobby in ``chat`` (a match
        to ``target`` points if given), the others join, the host starts. The table
        id and each user's seat."""
        for user in users:
            await self.say(user, user, "/start")
        await self.say(users[0], chat, "/play klac")
        await self.fake.wait_until(lambda: any(m.buttons for m in self.fake.messages(chat)), 10)
        lobby = [m for m in self.fake.messages(chat) if m.buttons][-1]

        def target_button() -> str:
            labels = self.fake.message(chat, lobby.message_id).button_texts
            return next(label for row in labels for label in row if "Игра до" in label)

        while target is not None and f" {target} " not in target_button():
            shown = target_button()
            await self.press(users[0], chat, lobby.message_id, lobby.button_data(shown))
            await self.fake.wait_until(lambda: target_button() != shown, 10)  # noqa: B023
        for user in users[1:]:
            await self.press(user, chat, lobby.message_id, lobby.button_data("✋ Сесть"))
        await self.press(users[0], chat, lobby.message_id, lobby.button_data("▶ Начать"))
        table = await self.service.table_in(f"tg:{chat}")
        assert table is not None
        return table.id, {int(p.key[3:]): s for s, p in enumerate(table.players)}

    def move_token(self, table: Table, state: Any, seat: int) -> str:
        """The token of ``seat``'s first legal move, made with one press."""
        game = registry.get(table.game)
        action = game.legal_actions(state, seat)[0]
        path: tuple[int, ...] = ()
        for step in game.choice_path(state, seat, action):
            menu = build_menu(game, state, seat, path)
            path = (*path, [c.key for c in menu.options].index(step.key))
        return MoveToken(table.id, table.state_version, seat, path).encode()

    async def move(self, table_id: str, users: dict[int, int]) -> None:
        """The player to move makes their first legal move with one press on their hand
        (``users``: user id → seat)."""
        table, state = await self.service.get(table_id)
        seat = registry.get(table.game).to_move(state)[0]
        user = next(u for u, s in users.items() if s == seat)
        token = self.move_token(table, state, seat)
        answer = await self.press(user, user, hand(self.fake, user).message_id, token)
        assert not answer.get("show_alert"), answer

    async def stale(self, table_id: str, chat: int, users: dict[int, int]) -> list[str]:
        """The screens that do not show the current state (see :func:`stale_screens`)."""
        return await stale_screens(
            self.fake, self.service, self.screens, self.languages, table_id, chat, users
        )

    async def table_message(self, table_id: str, chat: int) -> StoredMessage | None:
        """The table's message in ``chat`` (see :func:`table_message`)."""
        refs = await self.service.store.redis.hgetall(refs_key(self.service.store, table_id))
        return table_message(self.fake, chat, refs)

    async def current_within(
        self, table_id: str, chat: int, users: dict[int, int], seconds: float
    ) -> float:
        """Wait until every screen shows the current state; the seconds it took."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        while stale := await self.stale(table_id, chat, users):
            if loop.time() - started > seconds:
                raise AssertionError(f"still stale after {seconds} s: {stale}")
            await asyncio.sleep(0.05)
        return loop.time() - started


@contextlib.asynccontextmanager
async def workers(
    fake: FakeTelegram, redis_url: str, prefix: str, count: int = 3, polling: bool = False
) -> AsyncIterator[Workers]:
    """``count`` webhook workers of one bot (not started yet; ``polling``: workers
    that poll getUpdates instead) and a view of their Redis."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "TELEGRAM_TOKEN": fake.token,
        "TELEGRAM_API_URL": fake.base_url,
        "TELEGRAM_WEBHOOK_URL": "https://bot.example/",
        "TELEGRAM_WEBHOOK_SECRET": SECRET,
        "WEBHOOK_HOST": "127.0.0.1",
        "REDIS_URL": redis_url,
        "REDIS_KEY_PREFIX": prefix,
        "LOG_LEVEL": "WARNING",
        "PRESS_LIMIT": "off",
    }
    if polling:
        for name in ("TELEGRAM_WEBHOOK_URL", "TELEGRAM_WEBHOOK_SECRET", "WEBHOOK_HOST"):
            del env[name]
    redis = connect(redis_url)
    service = TableService(Store(redis, prefix=prefix))
    i18n = I18n()
    async with aiohttp.ClientSession() as http:
        pool = Workers(
            fake,
            env,
            [Worker(free_port()) for _ in range(count)],
            service,
            Screens(service, i18n),
            Languages(service.store, "ru"),
            http,
            polling,
        )
        try:
            yield pool
        finally:
            await pool.stop_all()
            keys = [k async for k in redis.scan_iter(match=f"{prefix}*", count=500)]
            if keys:
                await redis.delete(*keys)
            await redis.aclose()


async def _read(worker: Worker) -> None:
    assert worker.process is not None and worker.process.stderr is not None
    async for line in worker.process.stderr:
        worker.log.append(line.decode(errors="replace"))


async def stale_screens(
    fake: FakeTelegram,
    service: TableService,
    screens: Screens,
    languages: Languages,
    table_id: str,
    chat: int,
    users: dict[int, int],
) -> list[str]:
    """The screens that do not show the current state: the table in ``chat``,
    and each player's hand (``users``: user id → seat). A waiting hand whose
    picture alone is left behind on purpose (``publication.LAZY_SECONDS``)
    counts as current when its buttons are."""
    table, state = await service.get(table_id)
    refs = await service.store.redis.hgetall(refs_key(service.store, table_id))
    out = []
    shown = table_message(fake, chat, refs)
    lang = await languages.for_chat(table.chat)
    if shown is None or not shows(shown, await screens.table(table, state, lang)):
        out.append("table")
    for user, seat in users.items():
        lang = await languages.for_user(table.players[seat].key)
        photos = [m for m in fake.messages(user) if m.photo is not None]
        screen = await screens.seat(table, state, seat, lang)
        lazy = f"{hand_ref(seat)}:lazy" in refs
        if not photos or not shows(photos[-1], screen, picture=not lazy):
            out.append(f"hand of seat {seat}")
    return out


def hand(fake: FakeTelegram, user: int) -> StoredMessage:
    """The user's hand: the newest photo message in their private chat."""
    return [m for m in fake.messages(user) if m.photo is not None][-1]


def table_message(fake: FakeTelegram, chat: int, refs: dict[str, str]) -> StoredMessage | None:
    """The table's message in a group, as the table's references (``refs``)
    name it: a round's summary is a newer photo message of the same chat."""
    message_id = refs.get(TABLE_REF)
    found = [m for m in fake.messages(chat) if str(m.message_id) == message_id]
    return found[0] if found else None


def shows(message: StoredMessage, screen: Screen, *, picture: bool = True) -> bool:
    """Whether ``message`` shows ``screen``: its buttons, and its picture unless
    ``picture`` is False."""
    tokens = [[b.get("callback_data") or b.get("url") for b in row] for row in message.buttons]
    wanted = [[b.token or b.url for b in row] for row in screen.buttons]
    return (not picture or message.photo == screen.image) and tokens == wanted


def pictures_in_order(message: StoredMessage, known: Sequence[bytes | None]) -> list[int]:
    """Which of the ``known`` pictures (one per state, oldest first) the message
    showed, edit by edit. A picture two states share is read as the earliest of
    them not older than the previous edit's, so only a real step back shows as one."""
    order: list[int] = []
    for version in message.edits:
        indexes = [i for i, picture in enumerate(known) if picture == version.photo]
        if indexes:
            later = [i for i in indexes if i >= (order[-1] if order else 0)]
            order.append(later[0] if later else indexes[-1])
    return order
