"""The Mini App's HTTP side, served by the bot's own web server.

- ``GET  /webapp/``                  the page (Telegram opens it; ``?table=ID`` or the
  direct link's ``startapp=ID`` names the table)
- ``GET  /webapp/api/TABLE/state``   the table as the signed-in user may see it
- ``POST /webapp/api/TABLE/press``   a button pressed by that user (``{token, public}``)
- ``POST /webapp/api/TABLE/stop``    "Stop the game" by that user (a player)
- ``POST /webapp/api/TABLE/replay``  the finished game's replay to that user's private chat
- ``GET  /webapp/api/TABLE/events``  change notices (WebSocket; ``?auth=`` carries the
  ``initData``, as a browser cannot set a WebSocket's headers)

Every API request carries the ``initData`` Telegram signed (the
``X-Telegram-Init-Data`` header); without valid, fresh data it gets 401 and
nothing else; what is for players only gets 403 from anyone else. An
answer's ``said`` is what to tell the user. The page itself holds no
secret: it is the playground's player page (:mod:`bot.webpage`), drawn from
these views.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from aiohttp import web

from bot.core.i18n import LANGUAGES, I18n
from bot.core.service import Change
from bot.telegram.webapp.auth import Unauthorized, WebAppUser, authenticate
from bot.telegram.webapp.views import Forbidden, Refusal, TableViews
from bot.webpage.layout import seat_page, static_routes
from bot.webpage.live import Hub

log = logging.getLogger("bot.telegram.webapp")
HEADER = "X-Telegram-Init-Data"
PREFIX = "/webapp"
VIEWS = web.AppKey("webapp_views", TableViews)
HUB = web.AppKey("webapp_hub", Hub)
TOKEN = web.AppKey("webapp_token", str)
Clock = Callable[[], float]
CLOCK: web.AppKey[Clock] = web.AppKey("webapp_clock")
#: The most a press's JSON body may hold: a token and a flag.
BODY_LIMIT = 4096


def add_webapp(
    app: web.Application, views: TableViews, token: str, clock: Callable[[], float]
) -> None:
    """Serve the Mini App on ``app`` (the bot's web server), on the core behind ``views``."""
    hub = Hub()
    app[VIEWS], app[HUB], app[TOKEN], app[CLOCK] = views, hub, token, clock

    async def on_change(change: Change) -> None:
        views.forget(change.table)
        hub.notify(change.table.id)

    views.service.subscribe(on_change)

    async def close_sockets(_: web.Application) -> None:
        hub.close()

    app.on_shutdown.append(close_sockets)
    app.add_routes(
        [
            web.get(f"{PREFIX}/", page),
            web.get(PREFIX + "/api/{table}/state", state),
            web.post(PREFIX + "/api/{table}/press", press),
            web.post(PREFIX + "/api/{table}/stop", stop),
            web.post(PREFIX + "/api/{table}/replay", replay),
            web.get(PREFIX + "/api/{table}/events", events),
            *static_routes(),
        ]
    )


def _user(request: web.Request, init_data: str | None = None) -> WebAppUser:
    data = request.headers.get(HEADER, "") if init_data is None else init_data
    try:
        return authenticate(data, request.app[TOKEN], request.app[CLOCK]())
    except Unauthorized as exc:
        log.info("Mini App request refused: %s", exc)
        raise web.HTTPUnauthorized(
            text=json.dumps({"ok": False, "error": "unauthorized"}), content_type="application/json"
        ) from None


async def _table(request: web.Request) -> str:
    table_id = request.match_info["table"]
    if not await request.app[VIEWS].table_exists(table_id):
        raise web.HTTPNotFound(
            text=json.dumps({"ok": False, "error": "no-table"}), content_type="application/json"
        )
    return table_id


async def page(request: web.Request) -> web.Response:
    """The page: the player's page of the playground, told to speak to this API."""
    views = request.app[VIEWS]
    lang = request.query.get("lang", "")
    if lang not in LANGUAGES:
        lang = "en"
    return web.Response(text=webapp_page(views.i18n, lang), content_type="text/html")


def webapp_page(i18n: I18n, lang: str) -> str:
    """The Mini App's HTML: the seat page with Telegram's script in front of the page's own."""
    return seat_page(i18n, lang, telegram=True)


async def state(request: web.Request) -> web.Response:
    """The table as the signed-in user may see it (their own hand only)."""
    user = _user(request)
    table_id = await _table(request)
    return web.json_response(await request.app[VIEWS].view(table_id, user))


async def press(request: web.Request) -> web.Response:
    """A button pressed by the signed-in user, through the core's compare-and-set."""
    user = _user(request)
    table_id = await _table(request)
    try:
        raw = await request.content.read(BODY_LIMIT + 1)
        data: Any = json.loads(raw) if len(raw) <= BODY_LIMIT else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("token"), str):
        raise web.HTTPBadRequest(
            text=json.dumps({"ok": False, "error": "bad-request"}), content_type="application/json"
        )
    views = request.app[VIEWS]
    try:
        said = await views.press(table_id, user, data["token"], data.get("public") is True)
    except Refusal as exc:
        return _refused(exc)
    request.app[HUB].notify(table_id)
    return web.json_response({"ok": True, "said": said})


async def stop(request: web.Request) -> web.Response:
    """The signed-in player's ⛔ Stop the game: the lobby closed, a vote opened,
    or (alone with computers) the question asked, in their view."""
    user = _user(request)
    table_id = await _table(request)
    try:
        await request.app[VIEWS].stop(table_id, user)
    except Refusal as exc:
        return _refused(exc)
    request.app[HUB].notify(table_id)
    return web.json_response({"ok": True, "said": None})


async def replay(request: web.Request) -> web.Response:
    """The finished game's replay, sent to the signed-in player's private chat."""
    user = _user(request)
    table_id = await _table(request)
    try:
        said = await request.app[VIEWS].replay(table_id, user)
    except Refusal as exc:
        return _refused(exc)
    return web.json_response({"ok": True, "said": said})


def _refused(exc: Refusal) -> web.Response:
    """A refusal, its reason in the user's language: 403 for who is not a
    player, 409 for what cannot be done now."""
    status = 403 if isinstance(exc, Forbidden) else 409
    return web.json_response({"ok": False, "error": str(exc)}, status=status)


async def events(request: web.Request) -> web.StreamResponse:
    """Change notices of the table, for a signed-in user's page."""
    _user(request, request.query.get("auth", ""))
    table_id = await _table(request)
    return await request.app[HUB].stream(request, table_id)
