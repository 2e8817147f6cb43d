"""The Mini App's API: every request signed by Telegram's ``initData``, each
user sees the public table and only their own hand, and its presses take the
core's compare-and-set like the chat's."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import parse_qsl, urlencode

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.core.errors import ServiceError
from bot.core.i18n import I18n
from bot.core.languages import Languages
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store
from bot.core.tokens import MoveToken
from bot.telegram.webapp import TableViews, add_webapp
from games import registry
from games.core.errors import GameError
from tests.conftest import FakeClock
from tests.core.helpers import ALICE, BOB, menu_path, started_table

TOKEN = "123456:TEST-token-of-the-bot"
OTHER_BOT = "654321:another-bot's-token"


def signed(
    user_id: int, when: float, token: str = TOKEN, language: str = "en", **extra: str
) -> str:
    """``initData`` as Telegram signs it (https://core.telegram.org/bots/webapps
    #validating-data-received-via-the-mini-app): an HMAC-SHA-256 of the sorted
    fields, keyed by HMAC-SHA-256("WebAppData", bot token); the user's Telegram
    speaks ``language``."""
    user = json.dumps({"id": user_id, "first_name": f"User {user_id}", "language_code": language})
    fields = {"auth_date": str(int(when)), "user": user, **extra}
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields)


def tampered(init_data: str) -> str:
    """The same signed data claiming another user."""
    fields = dict(parse_qsl(init_data))
    fields["user"] = fields["user"].replace('"id": 1', '"id": 2')
    return urlencode(fields)


@pytest.fixture
async def api(service: TableService, store: Store, clock: FakeClock) -> AsyncIterator[TestClient]:
    app = web.Application()
    screens = Screens(service, I18n())
    add_webapp(app, TableViews(service, screens, Languages(store, "en")), TOKEN, clock)
    async with TestClient(TestServer(app, host="127.0.0.1")) as client:
        yield client


async def get_state(api: TestClient, table_id: str, init_data: str) -> tuple[int, Any]:
    response = await api.get(
        f"/webapp/api/{table_id}/state", headers={"X-Telegram-Init-Data": init_data}
    )
    return response.status, await response.json()


async def test_unsigned_forged_stale_foreign_or_tampered_data_is_refused(
    api: TestClient, service: TableService, clock: FakeClock
) -> None:
    table, _ = await started_table(service, seats=2)
    good = signed(1, clock())
    assert (await get_state(api, table.id, good))[0] == 200
    bad = {
        "missing": "",
        "forged": good.rsplit("hash=", 1)[0] + "hash=" + "0" * 64,
        "expired": signed(1, clock() - 24 * 3600 - 5),
        "another bot's": signed(1, clock(), OTHER_BOT),
        "tampered": tampered(good),
    }
    for what, init_data in bad.items():
        status, body = await get_state(api, table.id, init_data)
        assert status == 401 and body == {"ok": False, "error": "unauthorized"}, what
        response = await api.post(
            f"/webapp/api/{table.id}/press",
            json={"token": "x", "public": True},
            headers={"X-Telegram-Init-Data": init_data},
        )
        assert response.status == 401, what
        socket = await api.get(f"/webapp/api/{table.id}/events", params={"auth": init_data})
        assert socket.status == 401, what
    # A day later the same data no longer opens the table.
    clock.advance(24 * 3600 + 1)
    assert (await get_state(api, table.id, good))[0] == 401


async def test_a_spectator_sees_the_public_table_only(
    api: TestClient, service: TableService, clock: FakeClock
) -> None:
    table, _ = await started_table(service, seats=2)
    status, view = await get_state(api, table.id, signed(99, clock()))
    assert status == 200
    assert view["seat"] is None and view["to_move"] is False
    assert view["message"]["image"] is None and view["message"]["buttons"] == []
    assert "not playing at this table" in view["message"]["text"]
    assert [m["kind"] for m in view["public"]["messages"]] == ["table"]


async def test_each_seat_gets_its_own_hand_and_nothing_of_another(
    api: TestClient, service: TableService, clock: FakeClock
) -> None:
    table, state = await started_table(service, seats=2)
    views = {}
    for seat, player in enumerate((ALICE, BOB)):
        user = int(player.key.removeprefix("tg:"))
        status, views[seat] = await get_state(api, table.id, signed(user, clock()))
        assert status == 200 and views[seat]["seat"] == seat
    for seat in (0, 1):
        own = set(state.hands[seat])
        other = set(state.hands[1 - seat]) - own
        hand = views[seat]["message"]
        assert {t["key"] for t in hand["image"]["targets"]} == own
        text = json.dumps(views[seat])
        # No card of the other hand is named anywhere: not in a target, a button or a text.
        assert not [card for card in other if f'"{card}"' in text], seat
    # The pictures differ: each is its own seat's.
    assert views[0]["message"]["image"]["url"] != views[1]["message"]["image"]["url"]
    assert (
        views[0]["public"]["messages"][0]["image"]["url"]
        == (views[1]["public"]["messages"][0]["image"]["url"])
    )


async def test_a_press_here_and_one_in_the_chat_on_the_same_state_one_wins(
    api: TestClient, service: TableService, clock: FakeClock
) -> None:
    table, state = await started_table(service, seats=2)
    seat = registry.get("klac").to_move(state)[0]
    player = (ALICE, BOB)[seat]
    action = registry.get("klac").legal_actions(state, seat)[0]
    token = MoveToken(
        table.id, table.state_version, seat, menu_path(table, state, seat, action)
    ).encode()
    user = int(player.key.removeprefix("tg:"))

    async def from_the_app() -> bool:
        response = await api.post(
            f"/webapp/api/{table.id}/press",
            json={"token": token, "public": False},
            headers={"X-Telegram-Init-Data": signed(user, clock())},
        )
        body = await response.json()
        assert response.status in (200, 409), body
        return bool(body["ok"])

    async def from_the_chat() -> bool:
        try:
            await service.press(player, token)
        except (ServiceError, GameError):
            return False
        return True

    results = await asyncio.gather(from_the_app(), from_the_chat())
    assert sorted(results) == [False, True], results
    after, _ = await service.get(table.id)
    assert after.state_version == table.state_version + 1


async def test_a_stale_or_foreign_token_gets_a_clear_refusal(
    api: TestClient, service: TableService, clock: FakeClock
) -> None:
    table, _ = await started_table(service, seats=2)
    other, _ = await started_table(service, seats=2, chat="tg:-200")
    init_data = signed(1, clock())
    for token in ("garbage", MoveToken(other.id, other.state_version, 0, (0,)).encode()):
        response = await api.post(
            f"/webapp/api/{table.id}/press",
            json={"token": token, "public": True},
            headers={"X-Telegram-Init-Data": init_data},
        )
        body = await response.json()
        assert response.status == 409 and body["ok"] is False and body["error"], token
    response = await api.get(
        "/webapp/api/NOSUCHTABLE/state", headers={"X-Telegram-Init-Data": init_data}
    )
    assert response.status == 404
