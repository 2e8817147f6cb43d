"""The playground's HTML pages: a frame of translated text (:mod:`bot.webpage.layout`);
the scripts fill in the views."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from bot.core.i18n import I18n
from bot.core.screen_base import Screen
from bot.playground.rooms import Room
from bot.webpage.layout import page, seat_body
from games import registry


def home(i18n: I18n, lang: str, recent: Sequence[tuple[Room, str]]) -> str:
    """The home page: choose a game and the players; the recent tables."""

    def t(msg: str, **args: Any) -> str:
        return escape(i18n.t(lang, msg, **args))

    games = []
    for number, name in enumerate(registry.names()):
        game = registry.get(name)
        checked = " checked" if number == 0 else ""
        seats = (
            t("pg-seats-exact", count=game.min_seats)
            if game.min_seats == game.max_seats
            else t("pg-seats-range", min=game.min_seats, max=game.max_seats)
        )
        games.append(
            f'<label class="game"><input type="radio" name="game" value="{name}" '
            f'data-min="{game.min_seats}" data-max="{game.max_seats}"{checked}>'
            f'<img class="thumb" src="/thumb/{name}.png" alt="" loading="lazy">'
            f"<span><b>{t(f'game-{name}')}</b> <small>{seats}</small>"
            f'<span class="about">{t(f"pg-about-{name}")}</span></span></label>'
        )
    first = registry.get(registry.names()[0])
    names = "".join(
        f'<li><input name="name" maxlength="32" required value="{t("pg-default-name", n=n)}"></li>'
        for n in range(1, first.min_seats + 1)
    )
    rooms = "".join(
        f'<li><a href="/r/{room.id}/">{t(f"game-{room.game}")}</a> · '
        f"{escape(', '.join(p.name for p in room.players))} · "
        f'<span class="status">{t("pg-status", status=status)}</span></li>'
        for room, status in recent
    )
    body = f"""<main class="home">
<section class="card">
<h1>{t("pg-title")}</h1>
<p>{t("pg-intro")}</p>
<form id="new-table">
<fieldset><legend>{t("pg-game")}</legend><div class="games">{"".join(games)}</div></fieldset>
<fieldset><legend>{t("pg-players")}</legend>
<ol id="names">{names}</ol>
<button type="button" id="more-players">{t("pg-more-players")}</button>
<button type="button" id="fewer-players">{t("pg-fewer-players")}</button>
<p class="hint">{t("pg-options-hint")}</p>
</fieldset>
<button type="submit" class="primary" id="create">{t("pg-create")}</button>
<button type="button" id="solo">{t("pg-solo")}</button>
</form>
<p class="hint"><a href="/learn/?lang={lang}">{t("pg-learn")}</a></p>
</section>
<section class="card">
<h2>{t("pg-recent")}</h2>
{f'<ul class="rooms">{rooms}</ul>' if rooms else f"<p>{t('pg-recent-none')}</p>"}
</section>
</main>"""
    config = {"defaultName": i18n.t(lang, "pg-default-name", n="{n}")}
    return page(i18n, lang, i18n.t(lang, "pg-title"), body, config, "home")


def room(i18n: I18n, lang: str, room: Room) -> str:
    """A room: the group chat view, and every player's panel beside it."""

    def t(msg: str, **args: Any) -> str:
        return escape(i18n.t(lang, msg, **args))

    games = "".join(
        f'<option value="{name}"{" selected" if name == room.game else ""}>'
        f"{t(f'game-{name}')}</option>"
        for name in registry.names()
    )
    body = f"""<main class="room">
<section class="chat" aria-labelledby="chat-title">
<div class="section-head">
<h2 id="chat-title">{t("pg-group")}: {t(f"game-{room.game}")}</h2>
<label class="as">{t("pg-press-as")} <select id="press-as"></select></label>
</div>
<div id="messages" class="messages"></div>
<div class="actions">
<button type="button" id="stop">{t("pg-stop")}</button>
<form id="add-player" class="inline">
<input name="name" maxlength="32" required placeholder="{t("pg-name-placeholder")}">
<button type="submit">{t("pg-add-player")}</button>
</form>
<span id="again-box" class="inline" hidden>
<select id="again-game">{games}</select>
<button type="button" id="again" class="primary">{t("pg-again")}</button>
</span>
<a id="replay" class="button" hidden>{t("pg-replay")}</a>
</div>
<h3>{t("pg-log")}</h3>
<ol id="log" class="log"></ol>
<details class="rules"><summary>{t("pg-rules")}</summary>
<pre>{t(f"rules-{room.game}")}</pre></details>
</section>
<section class="seats" aria-labelledby="seats-title">
<div class="section-head">
<h2 id="seats-title">{t("pg-panels")}</h2>
<span class="grow"></span>
<label><input type="checkbox" id="follow" checked> {t("pg-follow")}</label>
<label><input type="checkbox" id="side"> {t("pg-side-by-side")}</label>
<label><input type="checkbox" id="fit"> {t("pg-fit")}</label>
</div>
<div id="tabs" class="tabs" role="tablist"></div>
<div id="panels" class="panels"></div>
</section>
</main>"""
    title = f"{i18n.t(lang, f'game-{room.game}')} — {i18n.t(lang, 'pg-title')}"
    config = {"base": f"/r/{room.id}/", "game": room.game}
    return page(i18n, lang, title, body, config, "room")


def panel(i18n: I18n, lang: str, room: Room, index: int, base: str) -> str:
    """A player's own page, phone first: the table, the player's hand and the
    moves on one screen (the table large and the hand beside it on a wide
    one); the lobby, the events and the player's notices below.

    Inside the room's page (hot-seat) only the hand shows; the room's page
    has the table beside it.
    """
    name = room.players[index].name
    game = i18n.t(lang, f"game-{room.game}")
    hand = i18n.t(lang, "pg-panel-of", player=name)
    body = seat_body(i18n, lang, hand, f"{i18n.t(lang, 'pg-group')}: {game}", in_chat=False)
    title = f"{game} · {name} — {i18n.t(lang, 'pg-title')}"
    return page(i18n, lang, title, body, {"base": base, "index": index}, "panel")


def not_found(i18n: I18n, lang: str) -> str:
    """The page for a room that does not exist (any more)."""
    body = f"""<main class="home"><section class="card">
<h1>{escape(i18n.t(lang, "pg-not-found"))}</h1>
<p><a href="/">{escape(i18n.t(lang, "pg-back-home"))}</a></p>
</section></main>"""
    return page(i18n, lang, i18n.t(lang, "pg-not-found"), body, {}, "missing")


#: The viewer's buttons, by id: drawn as SVG paths (24×24), so they look the
#: same with every font. ``play`` holds both of its faces; the script shows one.
REPLAY_BUTTONS = {
    "first": "M5 5h2.5v14H5zM19 5v14L8.5 12z",
    "prev": "M17 5v14L6 12z",
    "play": "M8 5v14l11-7z",
    "next": "M7 5v14l11-7z",
    "last": "M16.5 5H19v14h-2.5zM5 5v14l10.5-7z",
}
PAUSE_PATH = "M6.5 5h4v14h-4zM13.5 5h4v14h-4z"


def _icon(path: str, attributes: str = "") -> str:
    return f'<svg viewBox="0 0 24 24" aria-hidden="true"{attributes}><path d="{path}"/></svg>'


def replay(
    i18n: I18n, lang: str, game: str, back: str, captions: list[list[str]], delay: int
) -> str:
    """The replay viewer of a finished game: a frame at a time (``captions`` has
    each frame's lines), with step buttons, a slider and autoplay (``delay``
    milliseconds a frame). Its frames are ``N.png`` beside the page; ``back``
    is the page it was opened from."""

    def t(msg: str, **args: Any) -> str:
        return escape(i18n.t(lang, msg, **args))

    buttons = "".join(
        f'<button type="button" id="{name}" class="step" title="{t(f"pg-replay-{name}")}" '
        f'aria-label="{t(f"pg-replay-{name}")}">{_icon(path)}'
        + (_icon(PAUSE_PATH, ' class="pause"') if name == "play" else "")
        + "</button>"
        for name, path in REPLAY_BUTTONS.items()
    )
    total = len(captions)
    title = i18n.t(lang, "pg-replay-title", game=i18n.t(lang, f"game-{game}"))
    body = f"""<main class="replay">
<section class="card viewer" aria-labelledby="replay-title">
<div class="section-head"><h2 id="replay-title">{escape(title)}</h2>
<span class="grow"></span><a class="back" href="{escape(back)}">{t("pg-replay-back")}</a></div>
<figure class="frame"><img id="frame" src="1.png" alt="{t("pg-replay-picture")}"></figure>
<p id="caption" class="caption" aria-live="polite"></p>
<div class="scrub"><input type="range" id="slider" min="1" max="{total}" value="1"
 aria-label="{t("pg-replay-slider")}">
<output id="counter" class="counter">1 / {total}</output></div>
<div class="controls">{buttons}</div>
</section>
</main>"""
    config = {
        "captions": captions,
        "delay": delay,
        "play": i18n.t(lang, "pg-replay-play"),
        "pause": i18n.t(lang, "pg-replay-pause"),
    }
    full_title = f"{title} — {i18n.t(lang, 'pg-title')}"
    return page(i18n, lang, full_title, body, config, "replay", "replay.js")


def learn_list(i18n: I18n, lang: str, menu: Screen, urls: Sequence[str]) -> str:
    """The tutorials: the core's list (``menu``), each entry a link to its page."""
    links = "".join(
        f'<li><a class="key" href="{escape(url)}">{escape(row[0].label)}</a></li>'
        for row, url in zip(menu.buttons, urls, strict=True)
    )
    body = f"""<main class="learn">
<section class="card">
<p>{escape(menu.text)}</p>
<ul class="tutorials">{links}</ul>
</section>
</main>"""
    title = f"{i18n.t(lang, 'btn-learn')} — {i18n.t(lang, 'pg-title')}"
    return page(i18n, lang, title, body, {}, "learn-list")


def learn(i18n: I18n, lang: str, game: str, step: dict[str, Any]) -> str:
    """A game's tutorial: the step (``text``, ``image``, ``buttons``, drawn and
    redrawn by ``learn.js``), its presses answered in place."""
    body = f"""<main class="learn">
<section class="card step" aria-live="polite">
<figure class="frame"><img id="learn-picture" alt="{escape(i18n.t(lang, f"game-{game}"))}"></figure>
<div id="learn-text" class="caption"></div>
<div id="learn-buttons" class="keys"></div>
</section>
</main>"""
    config = {"step": step, "game": game, "you": i18n.t(lang, "learn-you")}
    title = (
        f"{i18n.t(lang, 'btn-learn')}: {i18n.t(lang, f'game-{game}')} — {i18n.t(lang, 'pg-title')}"
    )
    return page(i18n, lang, title, body, config, "learn", "learn.js")
