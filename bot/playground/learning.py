"""The playground's tutorials: a page per game where the step's picture, text
and buttons are shown and pressed, as in a private chat.

URLs (``GAME`` a game with a tutorial):

- ``GET /learn/``                       the tutorials, with where this browser stands
- ``GET /learn/GAME/``                  the tutorial, at the step this browser reached
- ``GET /learn/img/GAME/STEP/LANG.png``  a step's picture (the same for everyone)
- ``POST /learn/press``                 a tutorial button: ``{"token", "lang"}``; answers
  the step to show as JSON (``text``, ``image``, ``buttons``; ``alert``: why not)

A browser's progress is kept as a player's: a cookie holds its learner id
(made on the first visit), the core keeps the step reached under it. The
last step's 🎮 creates a room alone against the computer (``/api/rooms``).
"""

from __future__ import annotations

import secrets
from typing import Any

from aiohttp import web

from bot.core.errors import ServiceError
from bot.core.i18n import LANGUAGES
from bot.core.screen_base import Screen
from bot.core.tokens import LearnToken, NewGameToken, decode
from bot.core.tutorials.service import Tutorials
from bot.playground import pages
from bot.playground.frontend import Playground

#: The cookie holding this browser's learner id.
LEARNER_COOKIE = "pg_learner"
#: How long a browser keeps its learner id (its progress lives as long in Redis).
LEARNER_DAYS = 180
#: Learner ids as this module makes them.
LEARNER_LENGTH = 16


def add_routes(app: web.Application, playground: web.AppKey[Playground]) -> None:
    """The tutorial pages on the playground's app (``playground``: its key)."""

    def pg(request: web.Request) -> Playground:
        return request.app[playground]

    async def listing(request: web.Request) -> web.Response:
        lang, learner = _lang(request, pg(request)), _learner(request)
        menu = await _tutorials(pg(request)).menu(_key(learner), lang)
        html = pages.learn_list(pg(request).i18n, lang, menu, _urls(menu, lang))
        return _with_learner(web.Response(text=html, content_type="text/html"), learner)

    async def tutorial(request: web.Request) -> web.Response:
        game = request.match_info["game"]
        tutorials = _tutorials(pg(request))
        if game not in tutorials.games():
            raise web.HTTPNotFound()
        lang, learner = _lang(request, pg(request)), _learner(request)
        screen = await tutorials.open(_key(learner), game, lang)
        html = pages.learn(pg(request).i18n, lang, game, _shown(screen))
        return _with_learner(web.Response(text=html, content_type="text/html"), learner)

    async def picture(request: web.Request) -> web.Response:
        game, lang = request.match_info["game"], request.match_info["lang"]
        tutorials = _tutorials(pg(request))
        step = int(request.match_info["step"])
        if game not in tutorials.games() or lang not in LANGUAGES:
            raise web.HTTPNotFound()
        if not 0 <= step < len(tutorials.catalog[game].steps):
            raise web.HTTPNotFound()
        png = await tutorials.image(game, step, lang)
        headers = {"Cache-Control": "public, max-age=86400"}
        return web.Response(body=png, content_type="image/png", headers=headers)

    async def press(request: web.Request) -> web.Response:
        if request.content_type != "application/json":
            raise web.HTTPUnsupportedMediaType(text="Send JSON.")
        try:
            data = await request.json()
        except ValueError:
            raise web.HTTPBadRequest(text="Malformed JSON.") from None
        if not isinstance(data, dict):
            raise web.HTTPBadRequest(text="Send a JSON object.")
        asked = data.get("lang")
        lang = (
            asked if isinstance(asked, str) and asked in LANGUAGES else _lang(request, pg(request))
        )
        learner = request.cookies.get(LEARNER_COOKIE, "")
        i18n = pg(request).i18n
        if len(learner) != LEARNER_LENGTH or not learner.isalnum():
            return web.json_response({"ok": False, "error": i18n.t(lang, "error-bad-request")})
        try:
            token = decode(data.get("token"))
            if not isinstance(token, LearnToken):
                raise ServiceError("bad-request")
            got = await _tutorials(pg(request)).press(_key(learner), token, lang)
        except (ValueError, ServiceError) as exc:
            return web.json_response({"ok": False, "error": pg(request).screens.error(exc, lang)})
        answer: dict[str, Any] = {"ok": True, "alert": got.alert, **_shown(got.screen)}
        return web.json_response(answer)

    app.add_routes(
        [
            web.get("/learn/", listing),
            web.get("/learn/{game}/", tutorial),
            web.get(r"/learn/img/{game}/{step:\d{1,2}}/{lang}.png", picture),
            web.post("/learn/press", press),
        ]
    )


def _tutorials(pg: Playground) -> Tutorials:
    return pg.screens.tutorials


def _lang(request: web.Request, pg: Playground) -> str:
    asked = request.query.get("lang")
    if asked in LANGUAGES:
        return asked
    first = request.headers.get("Accept-Language", "").split(",")[0].split(";")[0].strip()
    return "ru" if first.lower().startswith(("ru", "uk", "be")) else pg.languages.default


def _learner(request: web.Request) -> str:
    """This browser's learner id: its cookie's, or a new one."""
    known = request.cookies.get(LEARNER_COOKIE, "")
    if len(known) == LEARNER_LENGTH and known.isalnum():
        return known
    return secrets.token_hex(LEARNER_LENGTH // 2)


def _key(learner: str) -> str:
    """The player key a browser learns under (apart from the rooms' players)."""
    return f"pgl:{learner}"


def _with_learner(response: web.Response, learner: str) -> web.Response:
    response.set_cookie(
        LEARNER_COOKIE,
        learner,
        max_age=LEARNER_DAYS * 86400,
        path="/learn/",
        httponly=True,
        samesite="Strict",
    )
    return response


def _urls(menu: Screen, lang: str) -> list[str]:
    """Each listed tutorial's page."""
    out = []
    for row in menu.buttons:
        token = decode(row[0].token)
        assert isinstance(token, LearnToken)
        out.append(f"/learn/{token.game}/?lang={lang}")
    return out


def _shown(screen: Screen) -> dict[str, Any]:
    """A tutorial screen as the page draws it: the last step's 🎮 names its game."""
    image = None
    if screen.image_key is not None:
        _, game, step, lang = screen.image_key.split(":")
        image = f"/learn/img/{game}/{step}/{lang}.png"
    buttons = []
    for row in screen.buttons:
        line = []
        for button in row:
            assert button.token is not None
            token = decode(button.token)
            play = token.game if isinstance(token, NewGameToken) else None
            line.append({"label": button.label, "token": button.token, "play": play})
        buttons.append(line)
    return {"text": screen.text, "image": image, "buttons": buttons}
