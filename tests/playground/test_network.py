"""The playground beyond loopback: rooms and seats are reached by their secret links only,
room creation is limited per client, and everything it keeps in Redis expires."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.pacing import PressLimit
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store
from bot.playground import make_app
from bot.playground.web import ROOMS_COOKIE, client_address

#: Paths anyone can ask for, secret or not (every GET route, with made-up ids).
NO_SECRET = [
    "/",
    "/?lang=ru",
    "/static/playground.js",
    "/static/seat.js",
    "/static/pages.js",
    "/static/playground.css",
    "/r/madeupmadeup/",
    "/r/madeupmadeup/state",
    "/r/madeupmadeup/links",
    "/r/madeupmadeup/img/x.png",
    "/p/" + "x" * 22 + "/",
    "/p/" + "x" * 22 + "/state?public=1",
    "/p/" + "x" * 22 + "/pub/x.png",
]


@pytest.fixture
async def client(service: TableService, store: Store) -> AsyncIterator[TestClient]:
    """The playground as served on 0.0.0.0 (the client still connects over loopback)."""
    app = make_app(
        service,
        Screens(service, I18n()),
        Languages(store, "en"),
        loopback_only=False,
        room_limit=PressLimit(presses=3, seconds=3600),
    )
    async with TestClient(TestServer(app, host="127.0.0.1")) as test_client:
        yield test_client


async def create(client: TestClient, game: str = "klac", names: int = 3) -> tuple[str, list[str]]:
    """A new room: its id and every player's page, as its creator's page hands them out."""
    names_sent = [f"P{i}" for i in range(names)]
    response = await client.post("/api/rooms", json={"game": game, "names": names_sent})
    data = await response.json()
    assert data["ok"], data
    links = await (await client.get(data["url"] + "links")).json()
    return data["room"], [link["url"] for link in links["links"]]


async def start(client: TestClient, room_id: str) -> None:
    """Press Start in the room's lobby, so views carry hands, pictures and logs."""
    room = f"/r/{room_id}/"
    lobby = (await (await client.get(room + "state")).json())["messages"][0]["buttons"]
    token = next(b["token"] for row in lobby for b in row if "Start" in b["label"])
    pressed = await client.post(room + "press", json={"token": token, "player": 0})
    assert (await pressed.json())["ok"]


async def body(client: TestClient, path: str) -> str:
    return await (await client.get(path)).text()


async def as_stranger(client: TestClient, path: str) -> str:
    """What a browser that never created a room here is answered."""
    async with (
        aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar()) as session,
        session.get(client.make_url(path)) as response,
    ):
        return await response.text()


async def test_no_response_reveals_another_seats_link(client: TestClient) -> None:
    room_id, panels = await create(client)
    secrets = [room_id, *(url.strip("/").split("/")[1] for url in panels)]
    room = f"/r/{room_id}/"
    await start(client, room_id)

    # Nothing reachable without a secret names any room or seat (a fresh browser).
    for path in NO_SECRET:
        text = await as_stranger(client, path)
        assert not any(secret in text for secret in secrets), path

    # A seat's page and views name only that seat's own secret, never the room's.
    for index, own in enumerate(panels):
        mine = secrets[1 + index]
        for path in (own, own + "state", own + "state?public=1"):
            text = await body(client, path)
            others = [s for s in secrets if s != mine]
            assert not any(secret in text for secret in others), (index, path)
        view = await (await client.get(own + "state?public=1")).json()
        assert view["public"]["room"] is None
        assert all(p["panel"] is None for p in view["public"]["players"])

    # The creator's page: its view carries only the creator's own page, not the others'.
    view = await (await client.get(room + "state")).json()
    assert view["network"] is True
    assert [p["panel"] for p in view["players"]] == [panels[0], None, None]
    for path in (room, room + "state"):
        text = await body(client, path)
        assert not any(secret in text for secret in secrets[2:]), path
    # ...and hands the seat links out when asked, each player's to give to them.
    links = await (await client.get(room + "links")).json()
    assert [link["name"] for link in links["links"]] == ["P0", "P1", "P2"]


async def test_the_home_page_lists_only_this_browsers_rooms(client: TestClient) -> None:
    created = await client.post("/api/rooms", json={"game": "klac", "names": ["A", "B"]})
    room_id = (await created.json())["room"]
    cookie = created.cookies[ROOMS_COOKIE]
    assert cookie.value == room_id and cookie["httponly"] and cookie["samesite"] == "Strict"
    assert f"/r/{room_id}/" in await body(client, "/")
    second, _ = await create(client, game="caravan", names=2)
    home = await body(client, "/")
    assert home.index(f"/r/{second}/") < home.index(f"/r/{room_id}/"), "newest first"
    text = await as_stranger(client, "/")
    assert room_id not in text and second not in text


async def test_creating_rooms_beyond_the_limit_is_refused(client: TestClient) -> None:
    rooms = [(await create(client, names=2))[0] for _ in range(3)]
    refused = await client.post("/api/rooms?lang=en", json={"game": "klac", "names": ["A"]})
    assert refused.status == 429
    assert (await refused.json()) == {
        "ok": False,
        "error": "Too many new tables from this device: at most 3 in 60 minutes."
        " Play at a table you have, or try again later.",
    }
    russian = {"game": "klac", "names": ["A"], "lang": "ru"}
    in_russian = await client.post("/api/rooms", json=russian)
    assert (await in_russian.json())["error"].startswith("Слишком много новых столов")
    # The rooms made stay playable: the limit is on new tables only.
    await start(client, rooms[0])
    # Nor does closing a table and opening another in a room get round it.
    room = f"/r/{rooms[1]}/"
    closed = await client.post(room + "stop", json={"player": 0})
    assert (await closed.json())["ok"]
    again = await client.post(room + "again", json={"player": 0})
    assert again.status == 429
    assert (await again.json())["error"].startswith("Too many new tables from this device")


async def pressed(client: TestClient, room_id: str, kind: str, label: str) -> dict[str, object]:
    """Press the button of the room's ``kind`` message whose label holds ``label``."""
    room = f"/r/{room_id}/"
    view = await (await client.get(room + "state")).json()
    [message] = [m for m in view["messages"] if m["kind"] == kind]
    token = next(b["token"] for row in message["buttons"] for b in row if label in b["label"])
    answer: dict[str, object] = await (
        await client.post(room + "press", json={"token": token, "player": 0})
    ).json()
    return answer


async def test_a_rematch_is_a_new_table_and_counts_against_the_limit(
    client: TestClient, service: TableService
) -> None:
    room_id, _ = await create(client, names=1)
    assert (await pressed(client, room_id, "lobby", "🤖 + normal"))["ok"]
    assert (await pressed(client, room_id, "lobby", "Start"))["ok"]
    # Alone with a computer, Stop asks first; the room shows the question.
    asked = await client.post(f"/r/{room_id}/stop", json={"player": 0})
    assert (await asked.json())["ok"]
    assert (await pressed(client, room_id, "question", "Yes, stop"))["ok"]
    for _ in range(2):
        await create(client, names=2)
    refused = await client.post(
        f"/r/{room_id}/press",
        json={"token": await rematch_token(client, room_id), "player": 0},
    )
    assert refused.status == 429
    assert (await refused.json())["error"].startswith("Too many new tables from this device")
    assert await service.table_in(f"pg:{room_id}") is None


async def rematch_token(client: TestClient, room_id: str) -> str:
    view = await (await client.get(f"/r/{room_id}/state")).json()
    [table] = [m for m in view["messages"] if m["kind"] == "table"]
    return str(next(b["token"] for row in table["buttons"] for b in row if "Rematch" in b["label"]))


async def test_on_loopback_rooms_are_not_limited(service: TableService, store: Store) -> None:
    one = PressLimit(presses=1, seconds=3600)
    app = make_app(service, Screens(service, I18n()), Languages(store, "en"), room_limit=one)
    async with TestClient(TestServer(app, host="127.0.0.1")) as client:
        for _ in range(3):
            await create(client, names=1)


async def test_everything_kept_for_rooms_expires(
    client: TestClient, store: Store, service: TableService
) -> None:
    redis, prefix, ttl = store.redis, store.prefix, store.active_ttl
    index = f"{prefix}pg:rooms"
    # A room last active longer ago than rooms live is trimmed from the index.
    await redis.zadd(index, {"stalestalestale": time.time() - ttl - 60})
    room_id, panels = await create(client)
    await start(client, room_id)
    assert await redis.zscore(index, "stalestalestale") is None
    assert await redis.zscore(index, room_id) is not None
    keys = [
        index,
        f"{prefix}pg:room:{room_id}",
        f"{prefix}pg:log:{room_id}",
        *(f"{prefix}pg:panel:{url.strip('/').split('/')[1]}" for url in panels),
        f"{prefix}pg:new:{{p:127.0.0.1}}:presses",
    ]
    for key in keys:
        assert 0 < await redis.ttl(key) <= ttl, key


def test_a_client_is_its_address_or_its_ipv6_network() -> None:
    assert client_address("192.168.1.20") == "192.168.1.20"
    assert client_address("::ffff:192.168.1.20") == "192.168.1.20"
    assert client_address("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64"
    assert client_address(None) == "local"
