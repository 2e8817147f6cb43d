"""Stopping the game in the Mini App, and its replay after the end: the bot
and the Mini App's server run together against the fake Bot API, the page in
Chromium with a stand-in for Telegram's script that signs ``initData`` with
the bot's token. Alone with computers a stop asks first; among people it
opens a vote on the table's message; the replay of a finished game comes to
the player's private chat, as the chat's replay buttons post it."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from aiohttp import ClientSession, web
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, Page

from bot.core.service import PlayerInfo
from bot.core.tables import Status
from bot.telegram import ids
from bot.telegram.app import webapp_views
from bot.telegram.webapp import add_webapp
from tests.core.helpers import computers_move
from tests.playground.conftest import POLL_MS, screenshot
from tests.playground.test_webapp_page import opened
from tests.telegram.conftest import ANYA, BORIS, GROUP, OUTSIDER, Harness, open_table, play_moves
from tests.telegram.test_records import frames
from tests.telegram.test_webapp import signed

HEADER = "X-Telegram-Init-Data"
NOT_SEATED = {"en": "You are not playing at this table.", "ru": "Вы не играете за этим столом."}


@contextlib.asynccontextmanager
async def mini_app(h: Harness) -> AsyncIterator[TestServer]:
    """The Mini App's server on the harness's bot, wired as the bot's own web server is."""
    app = web.Application()
    add_webapp(app, webapp_views(h.tg.frontend), h.fake.token, h.clock)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    try:
        yield server
    finally:
        await server.close()


class Client:
    """Requests to the Mini App's API signed for one user (or with ``init_data`` as given)."""

    def __init__(self, server: TestServer, h: Harness) -> None:
        self.server, self.h = server, h

    def sign(self, user: int, language: str = "en") -> str:
        return signed(user, self.h.clock(), self.h.fake.token, language)

    async def call(
        self, method: str, table_id: str, what: str, init_data: str
    ) -> tuple[int, dict[str, Any]]:
        url = self.server.make_url(f"/webapp/api/{table_id}/{what}")
        async with (
            ClientSession() as session,
            session.request(method, url, json={}, headers={HEADER: init_data}) as response,
        ):
            return response.status, await response.json()

    async def post(self, table_id: str, what: str, user: int, language: str = "en") -> Any:
        return await self.call("POST", table_id, what, self.sign(user, language))

    async def view(self, table_id: str, user: int) -> dict[str, Any]:
        status, view = await self.call("GET", table_id, "state", self.sign(user))
        assert status == 200, view
        return view


async def solo_table(h: Harness, user: int) -> str:
    """``user`` alone with two computers at Klac! in their private chat, at their turn."""
    person = PlayerInfo(ids.player_key(user), "Аня")
    table = await h.service.create(ids.chat_key(user), person, "klac")
    for level in ("normal", "strong"):
        await h.service.add_computer(table.id, person.key, level)
    await h.service.start(table.id, person.key)
    await computers_move(h.service, h.clock, table.id, h.settle)
    await h.settle()
    return table.id


async def toast(page: Page, text: str) -> None:
    await page.wait_for_function(
        "text => !document.getElementById('toast').hidden"
        " && document.getElementById('toast').textContent === text",
        arg=text,
        polling=POLL_MS,
    )


async def test_alone_stop_asks_first_no_plays_on_and_yes_stops(
    h: Harness, browser: Browser
) -> None:
    table_id = await solo_table(h, ANYA)
    before, _ = await h.service.get(table_id)
    async with mini_app(h) as server:
        context, page = await opened(browser, server, table_id, Client(server, h).sign(ANYA))
        try:
            stop = page.locator("#stop")
            await stop.wait_for()
            assert await stop.inner_text() == "⛔ Stop the game"
            await screenshot(page, "miniapp-solo-playing", full_page=True)
            await stop.click()
            question = page.locator("#controls [data-kind=question]")
            await question.wait_for()
            assert (await question.locator(".text").inner_text()).startswith("⛔ Stop the game?")
            # The question is answered beside the table, in the window.
            assert await question.is_visible()
            await screenshot(page, "miniapp-solo-question", full_page=False)
            after, _ = await h.service.get(table_id)
            assert after.version == before.version, "asking changes nothing"

            await question.locator("button.key", has_text="No").click()
            await toast(page, "▶ Playing on.")
            await question.wait_for(state="detached")
            after, _ = await h.service.get(table_id)
            assert after.status == Status.PLAYING and after.version == before.version

            await stop.click()
            await question.locator("button.key", has_text="Yes").click()
            await toast(page, "⛔ The game was stopped.")
            after, _ = await h.service.get(table_id)
            assert after.status == Status.ABORTED
            await stop.wait_for(state="hidden")
            assert await page.locator("#replay").is_hidden(), "a stopped game has no replay"
        finally:
            await context.close()


async def test_among_people_stop_opens_a_vote_on_the_tables_message(h: Harness) -> None:
    table_id = await open_table(h, "klac", [ANYA, BORIS])
    async with mini_app(h) as server:
        client = Client(server, h)
        assert (await client.view(table_id, BORIS))["public"]["stop"] is True
        status, answer = await client.post(table_id, "stop", BORIS)
        assert (status, answer) == (200, {"ok": True, "said": None})
        await h.settle()
        table, _ = await h.service.get(table_id)
        assert table.status == Status.PLAYING and table.open_vote("abort") is not None
        # The vote is on the group's table message, and on the table in the app.
        labels = [t for m in h.fake.messages(GROUP) for row in m.button_texts for t in row]
        assert "👍 Да" in labels and "👎 Нет" in labels, labels
        buttons = (await client.view(table_id, ANYA))["public"]["messages"][0]["buttons"]
        assert [b["label"] for row in buttons for b in row][-2:] == ["👍 Yes", "👎 No"], buttons


async def test_a_spectator_and_bad_init_data_are_refused(h: Harness) -> None:
    table_id = await open_table(h, "klac", [ANYA, BORIS])
    async with mini_app(h) as server:
        client = Client(server, h)
        view = await client.view(table_id, OUTSIDER)
        assert view["public"]["stop"] is False and view["public"]["replay"] is False
        for language, text in NOT_SEATED.items():
            for what in ("stop", "replay"):
                status, answer = await client.post(table_id, what, OUTSIDER, language)
                assert (status, answer) == (403, {"ok": False, "error": text}), what
        good = client.sign(BORIS)
        bad = {
            "missing": "",
            "forged": good.rsplit("hash=", 1)[0] + "hash=" + "0" * 64,
            "expired": signed(BORIS, h.clock() - 24 * 3600 - 5, h.fake.token),
        }
        for what in ("stop", "replay"):
            for why, init_data in bad.items():
                status, answer = await client.call("POST", table_id, what, init_data)
                assert (status, answer) == (401, {"ok": False, "error": "unauthorized"}), why
        table, _ = await h.service.get(table_id)
        assert table.open_vote("abort") is None


async def test_a_lobby_is_closed_by_its_host_only(h: Harness) -> None:
    await h.say(ANYA, GROUP, "/play klac")
    lobby = h.last_with_buttons(GROUP)
    await h.press(BORIS, GROUP, lobby.message_id, lobby.button_data("✋ Сесть"))
    table = await h.service.table_in(ids.chat_key(GROUP))
    assert table is not None
    async with mini_app(h) as server:
        client = Client(server, h)
        assert (await client.view(table.id, BORIS))["public"]["stop"] is False
        status, answer = await client.post(table.id, "stop", BORIS)
        assert status == 409 and answer["error"], answer
        assert (await client.view(table.id, ANYA))["public"]["stop"] is True
        assert (await client.post(table.id, "stop", ANYA))[0] == 200
        closed, _ = await h.service.get(table.id)
        assert closed.status == Status.ABORTED


async def test_the_replay_comes_to_the_private_chat_and_again_by_its_file_id(
    h: Harness, browser: Browser
) -> None:
    table_id = await open_table(h, "klac", [ANYA, BORIS], {"Игра до": "50"})
    async with mini_app(h) as server:
        client = Client(server, h)
        status, answer = await client.post(table_id, "replay", ANYA)
        assert (status, answer["error"]) == (
            409,
            "🎞 The replay comes once the game is played to its end.",
        )
        status, answer = await client.post(table_id, "replay", ANYA, "ru")
        assert answer["error"] == "🎞 Повтор появится, когда партия будет доиграна до конца."
        assert (await client.view(table_id, ANYA))["public"]["replay"] is False
        table, _ = await h.service.get(table_id)
        while table.status == Status.PLAYING:
            await play_moves(h.service, table_id, 1)
            table, _ = await h.service.get(table_id)
        await h.settle()
        assert table.status == Status.FINISHED
        animations = len(h.fake.animations(ANYA))

        context, page = await opened(browser, server, table_id, client.sign(ANYA))
        try:
            replay = page.locator("#replay")
            await replay.wait_for()
            assert await page.locator("#stop").is_hidden()
            await screenshot(page, "miniapp-finished", full_page=True)
            await replay.click()
            await toast(
                page, "🎞 Drawing the replay: it will come to your private chat with the bot."
            )
            await screenshot(page, "miniapp-replay-asked", full_page=False)
        finally:
            await context.close()
        await h.settle()
        (posted,) = h.fake.animations(ANYA)[animations:]
        assert (posted.caption or "").startswith("🎞 Klac! · ")
        assert posted.animation is not None and frames(posted.animation) > 1
        uploaded = h.fake.calls_to("sendAnimation", chat_id=ANYA)[-1]
        assert str(uploaded.params["animation"]).startswith("attach://"), "uploaded"

        # One replay a minute in a chat, as the chat's buttons have it.
        status, answer = await client.post(table_id, "replay", ANYA)
        assert status == 409 and answer["error"].startswith(
            "🎞 A replay was sent to your private chat a moment ago: the next one can be in 60"
        ), answer
        h.clock.advance(60)
        # Asked again, it goes by the file id of the upload, at once.
        status, answer = await client.post(table_id, "replay", ANYA)
        assert (status, answer) == (
            200,
            {"ok": True, "said": "🎞 Sent to your private chat with the bot."},
        )
        await h.settle()
        again = h.fake.calls_to("sendAnimation", chat_id=ANYA)[-1]
        assert not str(again.params["animation"]).startswith("attach://"), "a file id"
        assert h.fake.animations(ANYA)[-1].animation == posted.animation

        # A player who blocked the bot: the replay cannot come, and they are told why.
        h.fake.block(BORIS)
        sent = len(h.fake.calls_to("sendAnimation"))
        assert (await client.post(table_id, "replay", BORIS))[0] == 200
        await h.settle()
        assert h.fake.animations(BORIS) == [] and len(h.fake.calls_to("sendAnimation")) > sent
        h.clock.advance(60)
        status, answer = await client.post(table_id, "replay", BORIS)
        assert (status, answer["error"]) == (
            409,
            "🎞 I can’t write to you yet: open your private chat with @klac_test_bot and press"
            " “Start” (or unblock the bot), then ask for the replay again.",
        )
