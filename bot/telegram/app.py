"""The Telegram frontend: the aiogram bot, its routers, long polling or a webhook."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, cast

from aiogram import BaseMiddleware, Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import ExceptionTypeFilter
from aiogram.methods import AnswerCallbackQuery, Response, TelegramMethod
from aiogram.methods.base import TelegramType
from aiogram.types import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    TelegramObject,
    Update,
)
from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web

from bot.config import TelegramSettings
from bot.core.i18n import LANGUAGES, I18n
from bot.core.languages import Languages
from bot.core.pacing import Limits, RateBudget
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.logs import REQUEST_ID
from bot.metrics.scrape import Scraper, add_route
from bot.telegram import buttons, commands, decks, learn, members, outages, records
from bot.telegram.calls import CallCounter
from bot.telegram.context import Frontend
from bot.telegram.handling import Handling
from bot.telegram.inline import presses, queries
from bot.telegram.outbox import Outbox, Pacer, PacingMiddleware
from bot.telegram.publisher import Publisher
from bot.telegram.webapp import TableViews, add_webapp
from bot.telegram.webapp.links import WebAppLinks
from bot.telegram.webapp.replays import PrivateReplays

log = logging.getLogger("bot.telegram")
#: Telegram's refusal of an answer to a press it no longer waits for.
QUERY_TOO_OLD = "query is too old"

#: Seconds a stopping worker keeps sending before it hands what is left to
#: the other workers (a group's limit may hold an edit for a minute).
SHUTDOWN_DRAIN = 3.0

GROUP_COMMANDS = (
    "play",
    "hand",
    "rules",
    "stop",
    "history",
    "replay",
    "top",
    "lang",
    "stats",
    "forget",
    "learn",
    "help",
)
# No /top in the private chat: games there are against the computer, and unrated.
PRIVATE_COMMANDS = (
    "hand",
    "deck",
    "learn",
    "rules",
    "history",
    "replay",
    "lang",
    "stats",
    "forget",
    "help",
)


class _RequestIdMiddleware(BaseMiddleware):
    """Tags every log line written while handling an update with its update_id."""

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        token = REQUEST_ID.set(str(event.update_id) if isinstance(event, Update) else None)
        try:
            return await handler(event, data)
        finally:
            REQUEST_ID.reset(token)


class LateAnswers(BaseRequestMiddleware):
    """Telegram stops waiting for a press's answer after some seconds: a press
    delivered late (after a restart, or in a busy moment) is still made, and
    its answer's refusal is no error."""

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        try:
            return await make_request(bot, method)
        except TelegramBadRequest as exc:
            if not isinstance(method, AnswerCallbackQuery) or QUERY_TOO_OLD not in exc.message:
                raise
            log.info("event=press-answered-late query=%s", method.callback_query_id)
            return Response[TelegramType](ok=True, result=cast(TelegramType, True))


@dataclass
class TelegramFrontend:
    """A running bot: its aiogram objects and the frontend context handlers get."""

    bot: Bot
    dispatcher: Dispatcher
    frontend: Frontend
    outbox: Outbox
    publisher: Publisher
    handling: Handling

    async def stop(self) -> None:
        """Send what may go within :data:`SHUTDOWN_DRAIN`; hand the rest back to Redis."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.outbox.drain(), SHUTDOWN_DRAIN)
        await self.outbox.close()
        await self.publisher.sync.hand_back()


def make_bot(settings: TelegramSettings) -> Bot:
    """An aiogram bot, pointed at a custom Bot API server if one is configured."""
    session = (
        AiohttpSession(api=TelegramAPIServer.from_base(settings.api_url))
        if settings.api_url
        else AiohttpSession()
    )
    return Bot(settings.token, session=session)


async def build(
    bot: Bot,
    service: TableService,
    screens: Screens,
    languages: Languages,
    limits: Limits | None = None,
    storage_chat: int | None = None,
    webapp: WebAppLinks | None = None,
) -> TelegramFrontend:
    """Wire a bot to the core: routers, publisher, outgoing queue, shared pacing.
    ``storage_chat``: where inline messages' pictures are uploaded (``inline.pictures``);
    ``webapp``: the Mini App the table's and hands' messages open."""
    store = service.store
    pacer = Pacer(RateBudget(store.redis, limits or Limits(), prefix=f"{store.prefix}tg:"))
    bot.session.middleware(PacingMiddleware(pacer))
    bot.session.middleware(LateAnswers())
    bot.session.middleware(CallCounter(service.metrics))
    me = await bot.get_me()
    outbox = Outbox(pacer)
    service.metrics.watch_queue("telegram", outbox.reading)
    publisher = Publisher(
        bot, service, screens, languages, outbox, me.username or "", storage_chat, webapp
    )
    service.subscribe(publisher.on_change)
    frontend = Frontend(service, screens, screens.i18n, languages, publisher)
    dispatcher = Dispatcher()
    dispatcher.update.outer_middleware(_RequestIdMiddleware())
    handling = Handling()
    dispatcher.update.outer_middleware(handling)
    dispatcher.message.outer_middleware(commands.CommandLimit())
    dispatcher["frontend"] = frontend
    dispatcher.errors.register(outages.answer_outage, ExceptionTypeFilter(*outages.OUTAGES))
    dispatcher.include_routers(
        commands.make_router(),
        decks.make_router(),
        learn.make_router(),
        # Before the buttons' router, which refuses the replay buttons' presses.
        records.make_router(),
        # Inline mode: the queries, and presses on inline messages (before the
        # buttons' router, which refuses presses on no message).
        queries.make_router(),
        presses.make_router(),
        buttons.make_router(),
        members.make_router(),
    )
    return TelegramFrontend(bot, dispatcher, frontend, outbox, publisher, handling)


async def set_commands(bot: Bot, i18n: I18n) -> None:
    """Command menus per scope (groups, private chats) and language."""
    for names, scope in (
        (GROUP_COMMANDS, BotCommandScopeAllGroupChats()),
        (PRIVATE_COMMANDS, BotCommandScopeAllPrivateChats()),
    ):
        for lang in (*LANGUAGES, None):
            described = [
                BotCommand(command=name, description=i18n.t(lang or "en", f"tg-cmd-{name}"))
                for name in names
            ]
            await bot.set_my_commands(described, scope=scope, language_code=lang)


async def run(
    tg: TelegramFrontend,
    settings: TelegramSettings,
    stop: asyncio.Event,
    *,
    scraper: Scraper | None = None,
    public: bool = False,
) -> None:
    """Serve until ``stop`` is set: long polling, or a webhook with a health
    endpoint (and ``/metrics`` from ``scraper``, for any client when
    ``public``); meanwhile sweep for screens that fell behind their table."""
    await set_commands(tg.bot, tg.frontend.i18n)
    sweep = asyncio.create_task(tg.publisher.sync.sweep(stop))
    if settings.webhook_url is None:
        await tg.bot.delete_webhook()
        # Polling has no web server of its own: the Mini App gets one.
        runner = await serve(tg, settings, web.Application()) if settings.webapp_url else None
        polling = asyncio.create_task(start_polling(tg))
        await stop.wait()
        if runner is not None:
            await runner.cleanup()
        # Stopping cancels the handler running; let it finish first.
        await tg.handling.finish(SHUTDOWN_DRAIN)
        await tg.dispatcher.stop_polling()
        await polling
        await tg.handling.confirm(tg.bot)
    else:
        runner = await start_webhook(tg, settings, scraper=scraper, public=public)
        try:
            await stop.wait()
        finally:
            await runner.cleanup()
    await sweep
    await tg.stop()
    await tg.bot.session.close()


def start_polling(tg: TelegramFrontend, polling_timeout: int = 30) -> Coroutine[Any, Any, None]:
    """Long polling that confirms updates only once they are handled.

    Telegram forgets the updates up to the offset the next ``getUpdates``
    names; handled one after another (not as tasks), a batch's updates are all
    done, their effects saved, before that call. A worker killed mid-press
    leaves the press to be delivered again, not lost: a move already made is
    then refused as stale, so nothing is made twice.
    """
    return tg.dispatcher.start_polling(
        tg.bot,
        handle_signals=False,
        close_bot_session=False,
        handle_as_tasks=False,
        polling_timeout=polling_timeout,
    )


async def serve(
    tg: TelegramFrontend, settings: TelegramSettings, app: web.Application
) -> web.AppRunner:
    """Listen with ``app`` on the configured address, the Mini App's routes added when set."""
    if settings.webapp_url:
        add_webapp(app, webapp_views(tg.frontend), settings.token, tg.frontend.service.clock)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, settings.listen_host, settings.listen_port).start()
    return runner


def webapp_views(frontend: Frontend) -> TableViews:
    """The Mini App's views on this bot's core, its replays sent by this bot."""
    replays = PrivateReplays(frontend)
    return TableViews(frontend.service, frontend.screens, frontend.languages, replays)


async def start_webhook(
    tg: TelegramFrontend,
    settings: TelegramSettings,
    *,
    scraper: Scraper | None = None,
    public: bool = False,
) -> web.AppRunner:
    """Listen for Telegram's POSTs (checked against the secret) and serve
    ``/healthz`` (and ``/metrics``, given a ``scraper``)."""
    assert settings.webhook_url is not None
    app = web.Application()
    # Answered once handled: Telegram delivers an update again until it gets
    # the answer, so a worker that dies mid-press loses nothing.
    SimpleRequestHandler(
        tg.dispatcher,
        tg.bot,
        handle_in_background=False,
        secret_token=settings.webhook_secret,
    ).register(app, path=settings.webhook_path)
    setup_application(app, tg.dispatcher, bot=tg.bot)

    async def health(_: web.Request) -> web.Response:
        try:
            await tg.frontend.service.store.redis.ping()
        except Exception as exc:
            return web.json_response({"ok": False, "redis": repr(exc)}, status=503)
        return web.json_response({"ok": True, "pending": tg.outbox.pending})

    app.router.add_get("/healthz", health)
    if scraper is not None:
        add_route(app, scraper, public=public)
    runner = await serve(tg, settings, app)
    await tg.bot.set_webhook(
        settings.webhook_url.rstrip("/") + settings.webhook_path,
        secret_token=settings.webhook_secret,
        drop_pending_updates=False,
    )
    log.info("event=webhook-listening host=%s port=%s", settings.listen_host, settings.listen_port)
    return runner
