"""The web table's page: the frame every page shares, the seat page, and its files.

The playground's pages and a chat platform's web app (the Telegram Mini App)
are the same page: a seat's table, hand and moves on one screen, drawn by
the scripts in ``static/`` (``SCRIPTS``) from a JSON view. Everything a page
needs comes from the server that serves it (``/static``, and ``/fonts`` for
the pictures' fonts), so it works with no internet connection. The emoji
font is preloaded: Chromium draws text laid out before a font it needed had
arrived as empty boxes and never draws it again.
"""

from __future__ import annotations

import json
from functools import partial
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.core.i18n import LANGUAGES, I18n
from render.common import FONT_DIR

#: The pages' scripts, stylesheet and emoji font.
STATIC = Path(str(resources.files("bot.webpage") / "static"))

#: The scripts every page loads, in this order: each adds to the
#: ``window.playground`` namespace what the ones after it use, and the last
#: runs the page.
SCRIPTS = ("playground.js", "seat.js", "pages.js")


def static_routes() -> list[web.AbstractRouteDef]:
    """The pages' files and the pictures' fonts (for symbols the system's fonts
    lack), for any server that serves the pages."""
    return [web.static("/static", STATIC), web.static("/fonts", FONT_DIR)]


#: Words the scripts show, by their name for them → message id.
SCRIPT_TEXT = {
    "failed": "error-internal",
    "bot": "pg-bot",
    "toMove": "pg-to-move",
    "host": "lobby-host",
    "openPanel": "pg-open-panel",
    "logEmpty": "pg-log-empty",
    "zoomIn": "pg-zoom-in",
    "zoomOut": "pg-zoom-out",
    "closePicture": "pg-picture-close",
    "yourTurn": "pg-title-turn",
    "openInTelegram": "webapp-open-in-telegram",
}


def page(
    i18n: I18n,
    lang: str,
    title: str,
    body: str,
    config: dict[str, Any],
    page: str,
    script: str | None = None,
    head: str = "",
) -> str:
    """The page around ``body``; ``script``: a script of the page's own, after the
    shared ones; ``head``: what must come before any script (a platform's own)."""
    t = i18n.t
    text = {name: t(lang, msg) for name, msg in SCRIPT_TEXT.items()}
    data = json.dumps({**config, "page": page, "lang": lang, "text": text}, ensure_ascii=False)
    # "</" inside a script element would end it early.
    data = data.replace("</", "<\\/")
    names = (*SCRIPTS, script) if script else SCRIPTS
    scripts = "\n".join(f'<script src="/static/{name}"></script>' for name in names)
    languages = "".join(
        f'<button type="button" class="lang{" current" if code == lang else ""}" '
        f'data-lang="{code}" aria-pressed="{str(code == lang).lower()}">{code.upper()}</button>'
        for code in LANGUAGES
    )
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<link rel="icon" href="data:,">
<link rel="preload" href="/static/emoji.ttf" as="font" type="font/ttf" crossorigin>
<link rel="stylesheet" href="/static/playground.css">
{head}
</head>
<body class="page-{page}">
<header class="bar">
<a class="brand" href="/?lang={lang}">🎲 {escape(t(lang, "pg-title"))}</a>
<span class="grow"></span>
<span class="langs" role="group" aria-label="{escape(t(lang, "pg-language"))}">{languages}</span>
</header>
{body}
<div id="toast" role="alert" hidden></div>
<div id="offline" hidden>{escape(t(lang, "pg-offline"))}</div>
<script id="pg-config" type="application/json">{data}</script>
{scripts}
</body>
</html>
"""


#: Telegram's script for Mini Apps, which its docs ask to load before the
#: page's own (https://core.telegram.org/bots/webapps#initializing-mini-apps).
TELEGRAM_SCRIPT = "https://telegram.org/js/telegram-web-app.js"


def seat_page(i18n: I18n, lang: str, *, telegram: bool) -> str:
    """The same page for a seat a chat platform opens (a Telegram Mini App):
    it learns its table and player from the platform, and acts through that
    platform's API (``api/TABLE/``, beside the page)."""
    t = partial(i18n.t, lang)
    body = seat_body(i18n, lang, t("webapp-hand"), t("pg-group"), in_chat=True)
    config = {"base": None, "index": None, "telegram": telegram}
    head = f'<script src="{TELEGRAM_SCRIPT}"></script>' if telegram else ""
    return page(i18n, lang, t("pg-title"), body, config, "panel", head=head)


def seat_body(i18n: I18n, lang: str, hand: str, table: str, *, in_chat: bool) -> str:
    """The stage (table, moves, hand) and, below it, "Stop the game" and the
    replay after it; on the playground's page also the lobby, the events and
    the player's notices, with the replay a link to its viewer. A chat
    platform's page (``in_chat``) leaves the events and notices to the chat,
    and its replay is a button: the platform's bot sends it there."""

    def t(msg: str, **args: Any) -> str:
        return escape(i18n.t(lang, msg, **args))

    replay = (
        f'<button type="button" id="replay" hidden>{t("pg-replay")}</button>'
        if in_chat
        else f'<a id="replay" class="button" hidden>{t("pg-replay")}</a>'
    )
    buttons = f"""<div class="actions"><button type="button" id="stop">{t("pg-stop")}</button>
{replay}</div>"""
    if in_chat:
        below = f"""<section class="chat" aria-label="{escape(table)}">
<div id="messages" class="messages"></div>
{buttons}
</section>"""
    else:
        below = f"""<section class="chat" aria-labelledby="chat-title">
<div class="section-head"><h2 id="chat-title">{escape(table)}</h2></div>
<div id="messages" class="messages"></div>
{buttons}
<h3>{t("pg-log")}</h3>
<ol id="log" class="log"></ol>
</section>
<section aria-labelledby="private-title">
<h3 id="private-title">{t("pg-messages")}</h3>
<ol id="private-log" class="log"></ol>
</section>"""
    return f"""<main class="player">
<div class="stage">
<section id="table-area" class="public-part" aria-label="{t("pg-group")}"></section>
<div id="side">
<div id="controls" class="public-part"></div>
<section class="panel" aria-labelledby="panel-title">
<div class="section-head"><h2 id="panel-title">{escape(hand)}</h2></div>
<div id="hand" class="messages"></div>
</section>
</div>
</div>
<div class="below public-part">
{below}
</div>
</main>"""
