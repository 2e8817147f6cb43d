"""The playground's HTTP side: pages, JSON views, pictures, presses and live updates.

URLs (``ROOM`` a room id; ``SECRET`` a player's secret):

- ``GET /``                                the home page: new table, recent tables
- ``POST /api/rooms``                      create a room with its lobby
- ``GET /r/ROOM/``                         the room: the group chat view and the panels
- ``GET /r/ROOM/state``, ``/events``       its view as JSON; its change notices (WebSocket)
- ``GET /r/ROOM/links``                    every player's own page, to hand out
- ``GET /r/ROOM/img/NAME.png``             a public picture
- ``GET /r/ROOM/summary/NAME.png``         a counted round's picture of the room's log
- ``POST /r/ROOM/press|players|stop|again|lang``  acting in the room as one of its players
- ``GET /p/SECRET/``                       a player's own page (and ``state``, ``events``,
  ``img/NAME.png`` for their seat, ``pub/NAME.png``, ``summary/NAME.png``; ``POST press``,
  ``stop``, ``lang``)
- ``GET /learn/…``, ``POST /learn/press``  the tutorials (:mod:`bot.playground.learning`)
- ``GET /r/ROOM/replay/TABLE/``, ``/p/SECRET/replay/TABLE/``  the replay viewer of the
  room's finished game TABLE, and ``N.png`` beside it, its frame N (from 1)

Both ids are secrets, and nothing answered without one names either. A
room's id is its creator's: the room's page acts for every player. A player's
page is opened by that player's secret alone and shows that seat and the
public view, nothing of another seat.

On loopback (only this machine's people can reach it) the room's page is the
hot-seat screen: its view carries every player's page, and the home page
lists the recent rooms. Beyond loopback (``network``) the home page lists only
the rooms this browser created (a cookie holds their ids), the room's view
carries only its creator's own page (the others' are handed out by
``links``), and creating rooms is limited per client address.

Every ``POST`` takes a JSON body; a browser sends JSON to another site only
after asking it (CORS), which this server never allows, so other web pages
cannot act here. When bound to loopback, requests naming another host are
refused, so a web page cannot reach the playground by rebinding its DNS name;
beyond loopback such a page would find nothing without a secret (the cookie
belongs to the playground's own address).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from redis.exceptions import RedisError

from bot.core.i18n import LANGUAGES, pick_language
from bot.core.languages import Languages
from bot.core.pacing import PressLimit, PressLimiter
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.tokens import BadToken, RematchToken, decode
from bot.metrics.scrape import Scraper, add_route
from bot.playground import learning, pages
from bot.playground.frontend import Playground, Refusal
from bot.playground.images import PUBLIC
from bot.playground.replay_viewer import Replays
from bot.playground.replay_viewer import link as replay_link
from bot.playground.rooms import ROOM_ID, LocalPlayer, Room, RoomError
from bot.webpage.layout import static_routes
from games import registry
from render.thumbnails import thumbnail

log = logging.getLogger("bot.playground")
PLAYGROUND = web.AppKey("playground", Playground)
#: True when served beyond loopback: rooms are reached by their secret links only.
NETWORK = web.AppKey("network", bool)
REPLAYS = web.AppKey("replays", Replays)
CREATIONS = web.AppKey("creations", PressLimiter)
#: New rooms per client address beyond loopback: far more than people
#: starting tables make, and it bounds what a script can pile into Redis
#: (rooms live a week).
ROOM_LIMIT = PressLimit(presses=20, seconds=3600)
#: The cookie holding the ids of the rooms this browser created, newest first.
ROOMS_COOKIE = "pg_rooms"
#: Rooms the cookie remembers (the home page lists as many).
REMEMBERED = 12
#: The room's first player created it: the room's page is theirs.
CREATOR = 0
LOOPBACK_NAMES = {"localhost", "localhost.", "127.0.0.1", "::1"}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def make_app(
    service: TableService,
    screens: Screens,
    languages: Languages,
    *,
    loopback_only: bool = True,
    room_limit: PressLimit = ROOM_LIMIT,
    metrics_public: bool = False,
) -> web.Application:
    """The playground's web application on the given core.

    ``loopback_only`` refuses requests whose ``Host`` is not a loopback name
    (and keeps the hot-seat conveniences); without it rooms are reached by
    their secret links only, and ``room_limit`` new rooms per client address
    are allowed. ``/metrics`` answers this machine only unless ``metrics_public``.
    """
    middlewares = [_loopback_hosts] if loopback_only else []
    app = web.Application(middlewares=[*middlewares, _store_down])
    playground = Playground(service, screens, languages)
    app[PLAYGROUND] = playground
    app[NETWORK] = not loopback_only
    app[REPLAYS] = Replays(service, screens.i18n)
    store = service.store
    app[CREATIONS] = PressLimiter(store.redis, room_limit, prefix=f"{store.prefix}pg:new:")

    async def close_sockets(_: web.Application) -> None:
        playground.hub.close()

    app.on_shutdown.append(close_sockets)
    add_route(app, Scraper(service.metrics, store), public=metrics_public)
    app.on_response_prepare.append(_protective_headers)
    learning.add_routes(app, PLAYGROUND)
    app.add_routes(
        [
            web.get("/", home),
            web.get("/thumb/{game}.png", game_thumbnail),
            web.post("/api/rooms", create_room),
            web.get("/r/{room}/", room_page),
            web.get("/r/{room}/state", room_state),
            web.get("/r/{room}/events", room_events),
            web.get("/r/{room}/links", room_links),
            web.get("/r/{room}/img/{name}.png", room_image),
            web.get("/r/{room}/summary/{name}.png", summary_picture),
            web.post("/r/{room}/press", room_press),
            web.post("/r/{room}/players", room_add_player),
            web.post("/r/{room}/stop", room_stop),
            web.post("/r/{room}/again", room_again),
            web.post("/r/{room}/lang", room_lang),
            web.get("/p/{secret}/", panel_page),
            web.get("/p/{secret}/state", panel_state),
            web.get("/p/{secret}/events", panel_events),
            web.get("/p/{secret}/img/{name}.png", panel_image),
            web.get("/p/{secret}/pub/{name}.png", panel_public_image),
            web.get("/p/{secret}/summary/{name}.png", summary_picture),
            web.get("/r/{room}/replay/{table}/", replay_page),
            web.get(r"/r/{room}/replay/{table}/{number:\d{1,6}}.png", replay_frame),
            web.get("/p/{secret}/replay/{table}/", replay_page),
            web.get(r"/p/{secret}/replay/{table}/{number:\d{1,6}}.png", replay_frame),
            web.post("/p/{secret}/press", panel_press),
            web.post("/p/{secret}/stop", panel_stop),
            web.post("/p/{secret}/lang", panel_lang),
            *static_routes(),
        ]
    )
    return app


def is_loopback(host: str) -> bool:
    """True when ``host`` (a name or an address) can only be reached from this machine."""
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@web.middleware
async def _loopback_hosts(request: web.Request, handler: Handler) -> web.StreamResponse:
    host = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
    if not is_loopback(host):
        raise web.HTTPMisdirectedRequest(text="The playground answers on loopback names only.")
    return await handler(request)


#: Pages run only this server's script and load only from it; a player's
#: secret URL is never sent on as a referrer.
PROTECTIVE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "frame-ancestors 'self'; base-uri 'none'; form-action 'self'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


async def _protective_headers(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in PROTECTIVE_HEADERS.items():
        response.headers.setdefault(name, value)


@web.middleware
async def _store_down(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Redis unreachable: say so (the core's calls say it as a refusal already)."""
    try:
        return await handler(request)
    except RedisError as exc:
        log.warning("event=playground-redis-error path=%s error=%r", request.path, exc)
        text = _pg(request).i18n.t(_page_lang(request), "error-unavailable")
        if request.method == "POST":
            return web.json_response({"ok": False, "error": text})
        raise web.HTTPServiceUnavailable(text=text) from exc


# -- helpers -------------------------------------------------------------------


def _pg(request: web.Request) -> Playground:
    return request.app[PLAYGROUND]


async def _room(request: web.Request) -> Room:
    room = await _pg(request).rooms.get(request.match_info["room"])
    if room is None:
        raise web.HTTPNotFound(
            text=pages.not_found(_pg(request).i18n, _page_lang(request)),
            content_type="text/html",
        )
    return room


async def _panel(request: web.Request) -> tuple[Room, int, LocalPlayer]:
    """The room and the player whose page this is; 403 for any other secret."""
    found = await _pg(request).rooms.panel(request.match_info["secret"])
    if found is None:
        raise web.HTTPForbidden(text="This is not a player's page (it may have expired).")
    room, index = found
    return room, index, room.players[index]


async def _body(request: web.Request) -> dict[str, Any]:
    if request.content_type != "application/json":
        raise web.HTTPUnsupportedMediaType(text="Send JSON.")
    try:
        # JSON is UTF-8 (RFC 8259, section 8.1) and application/json defines no
        # charset: one named anyway, even an unknown one, is not used to decode.
        data = json.loads((await request.read()).decode())
    except (ValueError, RecursionError):
        # ValueError covers bad JSON and bad UTF-8; nesting deeper than the
        # parser's recursion limit is no request a page of ours sends.
        raise web.HTTPBadRequest(text="Malformed JSON.") from None
    if not isinstance(data, dict):
        raise web.HTTPBadRequest(text="Send a JSON object.")
    return data


def _index(data: dict[str, Any], room: Room) -> int:
    index = data.get("player")
    # JSON's true is a Python int too; it is no player's number.
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(room.players):
        raise web.HTTPBadRequest(text="Unknown player.")
    return index


def _page_lang(request: web.Request) -> str:
    asked = request.query.get("lang")
    if asked in LANGUAGES:
        return asked
    header = request.headers.get("Accept-Language", "")
    first = header.split(",")[0].split(";")[0].strip()
    return pick_language(first or None, _pg(request).languages.default)


async def _act(request: web.Request, action: Callable[[], Awaitable[Any]]) -> web.Response:
    """Run an action; a refusal is told to the person as JSON ``{"error": text}``."""
    try:
        result = await action()
    except Refusal as exc:
        return web.json_response({"ok": False, "error": exc.text})
    except RoomError as exc:
        lang = _page_lang(request)
        text = _pg(request).i18n.t(lang, f"pg-error-{exc.code}", **exc.params)
        return web.json_response({"ok": False, "error": text})
    if isinstance(result, str):
        return web.json_response({"ok": False, "error": result})
    return web.json_response({"ok": True, **(result if isinstance(result, dict) else {})})


def _png(image: bytes | None) -> web.Response:
    if image is None:
        raise web.HTTPNotFound(text="No such picture.")
    # A picture's name comes from what it shows, so it never changes.
    headers = {"Cache-Control": "private, max-age=86400, immutable"}
    return web.Response(body=image, content_type="image/png", headers=headers)


# -- the home page ---------------------------------------------------------------


async def home(request: web.Request) -> web.Response:
    """The home page: a new table, and the recent ones (beyond loopback, this browser's)."""
    pg = _pg(request)
    lang = _page_lang(request)
    if request.app[NETWORK]:
        rooms = [room for room_id in _remembered(request) if (room := await pg.rooms.get(room_id))]
    else:
        rooms = await pg.rooms.recent()
    recent = []
    for room in rooms:
        table, _ = await pg.table_of(room)
        recent.append((room, table.status if table is not None else "none"))
    return web.Response(text=pages.home(pg.i18n, lang, recent), content_type="text/html")


async def game_thumbnail(request: web.Request) -> web.Response:
    """A small picture of a game's table for the home page (drawn once, cached a day)."""
    game = request.match_info["game"]
    if game not in registry.names():
        raise web.HTTPNotFound()
    png = await asyncio.to_thread(thumbnail, game)
    headers = {"Cache-Control": "public, max-age=86400"}
    return web.Response(body=png, content_type="image/png", headers=headers)


async def create_room(request: web.Request) -> web.Response:
    """Create a room with the lobby of a game and its players seated."""
    pg = _pg(request)
    data = await _body(request)
    names = data.get("names")
    if not isinstance(names, list):
        raise web.HTTPBadRequest(text="names: a list of player names.")
    lang = str(data.get("lang") if data.get("lang") in LANGUAGES else _page_lang(request))
    network: bool = request.app[NETWORK]
    refused = await _over_creation_limit(request, lang)
    if refused is not None:
        return refused
    created: list[Room] = []

    async def create() -> dict[str, Any]:
        room = await pg.create_room(str(data.get("game", "")), names, lang)
        created.append(room)
        return {"room": room.id, "url": pg.room_url(room)}

    response = await _act(request, create)
    if network and created:
        ids = [created[0].id, *(i for i in _remembered(request) if i != created[0].id)]
        response.set_cookie(
            ROOMS_COOKIE,
            ".".join(ids[:REMEMBERED]),
            max_age=pg.rooms.ttl,
            path="/",
            httponly=True,
            samesite="Strict",
        )
    return response


async def _over_creation_limit(request: web.Request, lang: str) -> web.Response | None:
    """On a network, the answer to a client address over its limit of new tables
    (a new room's or another in a room: Stop and Again, or Rematch, made
    thousands a minute)."""
    if not request.app[NETWORK]:
        return None
    if await request.app[CREATIONS].allow(client_address(request.remote)):
        return None
    limit = request.app[CREATIONS].limit
    text = _pg(request).i18n.t(
        lang, "pg-error-rate", count=limit.presses, minutes=limit.seconds // 60
    )
    return web.json_response({"ok": False, "error": text}, status=429)


def _remembered(request: web.Request) -> list[str]:
    """The ids of the rooms this browser created, newest first (its cookie)."""
    ids = request.cookies.get(ROOMS_COOKIE, "").split(".")
    return [i for i in ids if ROOM_ID.fullmatch(i)][:REMEMBERED]


def client_address(remote: str | None) -> str:
    """Who is creating rooms, for their limit: the peer's address.

    An IPv6 host commonly holds a whole /64, so that is one client.
    """
    if remote is None:
        return "local"
    try:
        address = ipaddress.ip_address(remote)
    except ValueError:
        return remote
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


# -- a room ----------------------------------------------------------------------


async def room_page(request: web.Request) -> web.Response:
    """The room's page: the group chat view and the players' panels."""
    pg = _pg(request)
    room = await _room(request)
    lang = await pg.languages.for_chat(room.chat)
    return web.Response(text=pages.room(pg.i18n, lang, room), content_type="text/html")


async def room_state(request: web.Request) -> web.Response:
    """The room's public view as JSON; beyond loopback, with no other seat's page."""
    room = await _room(request)
    view = await _pg(request).room_view(room)
    network = request.app[NETWORK]
    if network:
        for player in view["players"]:
            if player["index"] != CREATOR:
                player["panel"] = None
    view["network"] = network
    view["replay"] = replay_link(_pg(request).room_url(room), room, view["status"])
    return web.json_response(view)


async def room_links(request: web.Request) -> web.Response:
    """Every player's own page, for the room's creator to hand out, one to each."""
    pg = _pg(request)
    room = await _room(request)
    links = [
        {"index": index, "name": player.name, "url": pg.panel_url(room, index)}
        for index, player in enumerate(room.players)
    ]
    return web.json_response({"links": links})


async def room_events(request: web.Request) -> web.StreamResponse:
    """The room's change notices."""
    room = await _room(request)
    return await _pg(request).hub.stream(request, room.id)


async def room_image(request: web.Request) -> web.Response:
    """A public picture of the room (never a seat's)."""
    room = await _room(request)
    return _png(_pg(request).gallery.get(room.id, PUBLIC, request.match_info["name"]))


async def room_press(request: web.Request) -> web.Response:
    """A button of the group chat view, pressed as one of the room's players."""
    room = await _room(request)
    data = await _body(request)
    index = _index(data, room)
    token = str(data.get("token"))
    refused = await _rematch_over_limit(request, room, token)
    if refused is not None:
        return refused
    return await _act(request, lambda: _pg(request).press_public(room, index, token))


async def _rematch_over_limit(request: web.Request, room: Room, token: str) -> web.Response | None:
    """A rematch opens a table, so beyond loopback it is one of the address's new
    tables (see :func:`_over_creation_limit`)."""
    try:
        rematch = isinstance(decode(token), RematchToken)
    except BadToken:
        rematch = False
    if not rematch:
        return None
    return await _over_creation_limit(request, await _pg(request).languages.for_chat(room.chat))


async def room_add_player(request: web.Request) -> web.Response:
    """Add a local player (seated at once in a lobby)."""
    room = await _room(request)
    data = await _body(request)
    return await _act(request, lambda: _pg(request).add_player(room, data.get("name", "")))


async def room_stop(request: web.Request) -> web.Response:
    """Close the lobby, or propose to stop the game, as one of the room's players."""
    room = await _room(request)
    data = await _body(request)
    index = _index(data, room)
    return await _act(request, lambda: _pg(request).stop(room, index))


async def room_again(request: web.Request) -> web.Response:
    """Open a new table in the room once the last one is over."""
    room = await _room(request)
    data = await _body(request)
    game = str(data.get("game") or room.game)
    refused = await _over_creation_limit(request, await _pg(request).languages.for_chat(room.chat))
    if refused is not None:
        return refused
    return await _act(request, lambda: _pg(request).new_table(room, game))


async def room_lang(request: web.Request) -> web.Response:
    """The language of the room and of all its players."""
    room = await _room(request)
    data = await _body(request)
    return await _act(request, lambda: _pg(request).set_language(room, str(data.get("lang"))))


# -- a player's own page ------------------------------------------------------------


async def panel_page(request: web.Request) -> web.Response:
    """A player's own page: their panel, and the group chat view pressed as them."""
    pg = _pg(request)
    room, index, player = await _panel(request)
    lang = await pg.languages.for_user(player.key)
    return web.Response(
        text=pages.panel(pg.i18n, lang, room, index, pg.panel_url(room, index)),
        content_type="text/html",
    )


async def panel_state(request: web.Request) -> web.Response:
    """The player's seat and messages, and the public view; nothing of other seats."""
    pg = _pg(request)
    room, index, _ = await _panel(request)
    view = await pg.panel_view(room, index)
    # Inside the room's page the group chat view is beside the panel already.
    if request.query.get("public") == "1":
        public = await pg.room_view(room, viewer=index)
        public["replay"] = replay_link(pg.panel_url(room, index), room, public["status"])
        view["public"] = public
    return web.json_response(view)


async def panel_events(request: web.Request) -> web.StreamResponse:
    """The room's change notices, for a player's page."""
    room, _, _ = await _panel(request)
    return await _pg(request).hub.stream(request, room.id)


async def panel_image(request: web.Request) -> web.Response:
    """A picture of this player's seat, and only of theirs."""
    room, _, player = await _panel(request)
    return _png(_pg(request).gallery.get(room.id, player.key, request.match_info["name"]))


async def panel_public_image(request: web.Request) -> web.Response:
    """A public picture of the player's room."""
    room, _, _ = await _panel(request)
    return _png(_pg(request).gallery.get(room.id, PUBLIC, request.match_info["name"]))


async def panel_press(request: web.Request) -> web.Response:
    """A button pressed by the player: of their panel, or (``public``) of the group view."""
    pg = _pg(request)
    room, index, _ = await _panel(request)
    data = await _body(request)
    token = str(data.get("token"))
    refused = await _rematch_over_limit(request, room, token)
    if refused is not None:
        return refused
    press = pg.press_public if data.get("public") is True else pg.press_private
    return await _act(request, lambda: press(room, index, token))


async def panel_stop(request: web.Request) -> web.Response:
    """Close the lobby, or propose to stop the game, as this player."""
    room, index, _ = await _panel(request)
    await _body(request)
    return await _act(request, lambda: _pg(request).stop(room, index))


async def panel_lang(request: web.Request) -> web.Response:
    """The player's own language."""
    room, index, _ = await _panel(request)
    data = await _body(request)
    lang = str(data.get("lang"))
    return await _act(request, lambda: _pg(request).set_language(room, lang, index))


# -- the replay viewer and the log's pictures -----------------------------------------


async def _opener(request: web.Request) -> tuple[Room, str, str]:
    """Whose secret link opens a replay (or a picture of the room's log): the
    room, that page's URL and its language."""
    pg = _pg(request)
    if "room" in request.match_info:
        room = await _room(request)
        return room, pg.room_url(room), await pg.languages.for_chat(room.chat)
    room, index, player = await _panel(request)
    return room, pg.panel_url(room, index), await pg.languages.for_user(player.key)


async def replay_page(request: web.Request) -> web.Response:
    """The viewer of one of the room's finished games; 404 while it is played."""
    room, back, lang = await _opener(request)
    asked = request.query.get("lang")
    lang = asked if asked in LANGUAGES else lang
    page = await request.app[REPLAYS].page(room, request.match_info["table"], back, lang)
    if page is None:
        text = pages.not_found(_pg(request).i18n, lang)
        raise web.HTTPNotFound(text=text, content_type="text/html")
    return web.Response(text=page, content_type="text/html")


async def replay_frame(request: web.Request) -> web.Response:
    """Frame N of one of the room's finished games, as a PNG."""
    room, _, _ = await _opener(request)
    number = int(request.match_info["number"])
    return _png(await request.app[REPLAYS].png(room, request.match_info["table"], number))


async def summary_picture(request: web.Request) -> web.Response:
    """A counted round's picture in the room's log (no other room's)."""
    room, _, _ = await _opener(request)
    return _png(await _pg(request).rooms.picture(room.id, request.match_info["name"]))
