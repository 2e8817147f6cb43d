"""The playground's HTTP side without a browser: what it refuses, and `python -m bot`."""

from __future__ import annotations

import os
import random
from pathlib import Path

import aiohttp
from aiohttp.test_utils import TestClient, TestServer

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.redis_client import connect
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store
from bot.playground import make_app
from bot.playground.images import Gallery
from bot.playground.server import log_level_asked, page_url
from bot.playground.web import PLAYGROUND, is_loopback
from bot.webpage.messages import png_size
from tests.playground.conftest import new_room
from tests.processes import playground_url, running_bot
from tests.test_architecture import ROOT, imported_modules


async def test_pages_and_refusals(client: TestClient) -> None:
    home = await client.get("/?lang=ru")
    assert home.status == 200 and "Площадка Tablebot" in await home.text()
    assert home.headers["Referrer-Policy"] == "no-referrer"
    assert "default-src 'self'" in home.headers["Content-Security-Policy"]
    # Every page's scripts are served, and named by the page in their order.
    scripts = ("playground.js", "seat.js", "pages.js")
    for name in scripts:
        assert (await client.get(f"/static/{name}")).status == 200, name
    tags = "\n".join(f'<script src="/static/{name}"></script>' for name in scripts)
    assert tags in await home.text()
    # The fonts for symbols a machine lacks come from here too, preloaded by every page.
    for font in ("/static/emoji.ttf", "/fonts/DejaVuSans.ttf", "/fonts/DejaVuSans-Bold.ttf"):
        assert (await client.get(font)).status == 200, font
    assert 'rel="preload" href="/static/emoji.ttf" as="font"' in await home.text()
    url = await new_room(client)
    assert (await client.get(url)).status == 200
    # Actions take JSON only: a plain cross-site form cannot act here.
    form = await client.post("/api/rooms", data={"game": "klac", "names": "x"})
    assert form.status == 415
    refused = await client.post("/api/rooms", json={"game": "chess", "names": ["A"]})
    assert (await refused.json()) == {"ok": False, "error": "There is no such game."}
    too_many = await client.post("/api/rooms", json={"game": "caravan", "names": ["A"] * 3})
    assert (await too_many.json())["error"] == "This game is for at most 2 players."
    unnamed = await client.post("/api/rooms", json={"game": "klac", "names": ["A", " "]})
    assert "name" in (await unnamed.json())["error"]
    assert (await client.get("/r/nosuchroom0/")).status == 404
    assert (await client.get("/p/" + "x" * 22 + "/state")).status == 403
    press = await client.post(url + "press", json={"token": "l:x", "player": 7})
    assert press.status == 400
    # JSON's true is no player's number, though Python takes it for 1.
    press = await client.post(url + "press", json={"token": "l:x", "player": True})
    assert press.status == 400 and await press.text() == "Unknown player."
    # Nesting deeper than any parser's recursion is malformed, not a crash.
    deep = "[" * 50_000 + "]" * 50_000
    headers = {"Content-Type": "application/json"}
    press = await client.post(url + "press", data=deep, headers=headers)
    assert press.status == 400 and await press.text() == "Malformed JSON."
    # A charset on application/json, even one Python does not know, decodes nothing.
    for charset in ("latin-9", "no-such-charset", "utf-8"):
        headers = {"Content-Type": f"application/json; charset={charset}"}
        press = await client.post(url + "press", data=b'{"token": 7}', headers=headers)
        assert press.status == 400 and await press.text() == "Unknown player.", charset
    bad_utf8 = await client.post(url + "press", data=b'{"token": "\xff"}', headers=headers)
    assert bad_utf8.status == 400


async def test_a_players_view_names_no_other_player(client: TestClient) -> None:
    url = await new_room(client, names=3)
    room = await client.get(url + "state")
    panels = [p["panel"] for p in (await room.json())["players"]]
    assert len(set(panels)) == 3
    own = await client.get(panels[0] + "state?public=1")
    text = await own.text()
    assert own.status == 200 and url.strip("/").split("/")[1] not in text
    assert not any(other in text for other in panels[1:])
    # A panel may press only its own seat's menu: a lobby button is refused there.
    playground = client.app[PLAYGROUND]  # type: ignore[index]
    room_id = url.strip("/").split("/")[1]
    found = await playground.rooms.get(room_id)
    assert found is not None and found.table_id is not None
    refusal = await client.post(panels[0] + "press", json={"token": f"l:{found.table_id}:s"})
    assert (await refusal.json())["ok"] is False
    # The same button in the group chat view starts the game.
    started = await client.post(url + "press", json={"token": f"l:{found.table_id}:s", "player": 0})
    assert (await started.json()) == {"ok": True}


async def test_only_loopback_names_are_answered(service: TableService, store: Store) -> None:
    app = make_app(service, Screens(service, I18n()), Languages(store, "en"))
    async with TestClient(TestServer(app, host="127.0.0.1")) as client:
        assert (await client.get("/", headers={"Host": "localhost:1"})).status == 200
        rebound = await client.get("/", headers={"Host": "evil.example:8765"})
        assert rebound.status == 421
    open_app = make_app(
        service, Screens(service, I18n()), Languages(store, "en"), loopback_only=False
    )
    async with TestClient(TestServer(open_app, host="127.0.0.1")) as client:
        assert (await client.get("/", headers={"Host": "pc.lan:8765"})).status == 200


def test_helpers() -> None:
    assert all(is_loopback(h) for h in ("127.0.0.1", "localhost", "::1", "[::1]", "127.3.4.5"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "192.168.1.2", "example.com"))
    assert page_url("127.0.0.1", [("127.0.0.1", 8765)]) == "http://127.0.0.1:8765/"
    assert page_url("0.0.0.0", [("0.0.0.0", 9000)]) == "http://127.0.0.1:9000/"
    assert page_url("::1", [("::1", 80, 0, 0)]) == "http://[::1]:80/"
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x04\xb0\x00\x00\x02\xb8"
    assert png_size(png) == (1200, 696) and png_size(b"GIF89a") is None
    gallery = Gallery(budget=8)
    name = gallery.add("room", "pg:1", b"hand", "t:1:abc")
    assert gallery.get("room", "pg:1", name) == b"hand"
    assert gallery.get("room", "pg:2", name) is None and gallery.get("room", "pub", name) is None
    oldest = gallery.add("room", "pub", b"a", "k1")
    assert gallery.add("room", "pg:1", b"hand", "t:1:abc") == name, "filed again, not twice"
    assert gallery.size == 5
    gallery.add("room", "pub", b"bbbb", "k2")
    assert gallery.get("room", "pub", oldest) is None, "the oldest picture makes room"
    assert gallery.get("room", "pg:1", name) == b"hand", "one filed again is recent"
    big = gallery.add("room", "pub", b"c" * 20, "k3")
    assert gallery.get("room", "pub", big) and gallery.size == 20, "the newest stays, whole"
    assert log_level_asked({}, {"LOG_LEVEL": "info"}) and not log_level_asked({}, {"X": "1"})


def test_the_core_never_imports_the_playground() -> None:
    offences = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "bot" / "core").rglob("*.py"))
        if any(name.startswith("bot.playground") for name in imported_modules(path))
    ]
    assert offences == []


async def test_python_m_bot_without_a_token_serves_the_playground(
    redis_url: str, prefix: str, tmp_path: Path
) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("TELEGRAM", "DISCORD")) and k != "LOG_LEVEL"
    }
    env |= {"REDIS_URL": redis_url, "REDIS_KEY_PREFIX": prefix, "PLAYGROUND_PORT": "0"}
    async with running_bot(env, tmp_path) as bot:
        url = await playground_url(bot)
        async with aiohttp.ClientSession() as session:
            async with session.get(url) as response:
                assert response.status == 200
                assert "Tablebot" in await response.text()
            table = {"game": "klac", "names": ["A", "B"]}
            async with session.post(url + "api/rooms", json=table) as response:
                assert (await response.json())["ok"]
    assert bot.returncode == 0, bot.stderr
    assert "event=started frontend=playground" in bot.stderr
    assert "event=playground-room" in bot.stderr
    # Without LOG_LEVEL the core's line per table event (one per move) is left out.
    assert "event=create" not in bot.stderr


async def test_with_redis_down_it_says_so(prefix: str) -> None:
    # Nothing listens on port 1: every Redis call fails at once.
    store = Store(connect("redis://127.0.0.1:1/0"), prefix=prefix)
    service = TableService(store)
    app = make_app(service, Screens(service, I18n()), Languages(store, "en"))
    async with TestClient(TestServer(app, host="127.0.0.1")) as client:
        page = await client.get("/r/someroomid/?lang=en")
        assert page.status == 503 and "not reachable" in await page.text()
        created = await client.post("/api/rooms?lang=en", json={"game": "klac", "names": ["A"]})
        assert (await created.json())["error"].startswith("The bot’s storage is not reachable")
    await store.redis.aclose()


async def test_a_whole_game_to_the_end_through_the_players_pages(client: TestClient) -> None:
    """Klac! to 50 points: each move pressed on the mover's own page, as its script does."""
    url = await new_room(client, names=2)
    room = await (await client.get(url + "state")).json()
    lobby = room["messages"][0]["buttons"]
    target = next(b["token"] for row in lobby for b in row if "Play to" in b["label"])
    for _ in range(4):  # 150 → 200 → 250 → 300 → 50
        assert (
            await (await client.post(url + "press", json={"token": target, "player": 0})).json()
        )["ok"]
    start = next(b["token"] for row in lobby for b in row if "Start" in b["label"])
    assert (await (await client.post(url + "press", json={"token": start, "player": 0})).json())[
        "ok"
    ]
    panels = [p["panel"] for p in room["players"]]
    rng = random.Random(1)
    for _ in range(1000):
        room = await (await client.get(url + "state")).json()
        if room["status"] != "playing":
            break
        mover = next(p["index"] for p in room["players"] if p["to_move"])
        own = await (await client.get(panels[mover] + "state")).json()
        options = [
            b["token"]
            for row in own["message"]["buttons"]
            for b in row
            if not b["label"].startswith(("⬅", "✖"))
        ]
        pressed = await client.post(panels[mover] + "press", json={"token": rng.choice(options)})
        assert (await pressed.json())["ok"]
    assert room["status"] == "finished"
    table = next(m for m in room["messages"] if m["kind"] == "table")
    assert "🏆" in table["text"]
    assert any("🏆" in entry["text"] for entry in room["log"]), "the result is in the log"


async def test_why_not_is_shown_on_the_pressers_page_only(client: TestClient) -> None:
    url = await new_room(client, game="caravan", names=2)
    room = await (await client.get(url + "state")).json()
    start = next(
        b["token"] for row in room["messages"][0]["buttons"] for b in row if "Start" in b["label"]
    )
    await client.post(url + "press", json={"token": start, "player": 0})
    room = await (await client.get(url + "state")).json()
    mover = next(p for p in room["players"] if p["to_move"])
    other = next(p for p in room["players"] if not p["to_move"])
    own = await (await client.get(mover["panel"] + "state")).json()
    # One card chosen: the opponent's caravans never take it, so "why not?" is there
    # whatever the deal (at the first step it is not, when every card could go somewhere).
    card = own["message"]["buttons"][0][0]["token"]
    assert (await (await client.post(mover["panel"] + "press", json={"token": card})).json())["ok"]
    own = await (await client.get(mover["panel"] + "state")).json()
    why = next(
        b["token"] for row in own["message"]["buttons"] for b in row if "Why not" in b["label"]
    )
    assert (await (await client.post(mover["panel"] + "press", json={"token": why})).json())["ok"]
    own = await (await client.get(mover["panel"] + "state")).json()
    assert "❓ Why not:" in own["message"]["text"]
    theirs = await (await client.get(other["panel"] + "state")).json()
    assert "Why not" not in theirs["message"]["text"]
    # The other player cannot press it: it is the mover's seat's button.
    refused = await (await client.post(other["panel"] + "press", json={"token": why})).json()
    assert refused == {"ok": False, "error": "These buttons belong to another player."}
