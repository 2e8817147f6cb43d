"""The playground's logs and what it keeps: lines worded in the reader's language,
a clean log for a new table, every key expiring, menu paths not piling up."""

from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

from aiohttp.test_utils import TestClient
from playwright.async_api import BrowserContext

from bot.core import presenters
from bot.core.i18n import LANGUAGES, I18n
from bot.core.screens import Screens
from bot.core.service import Change, PlayerInfo, TableService
from bot.core.store import Store
from bot.core.tables import Status, Table
from bot.playground.frontend import Playground
from bot.playground.web import PLAYGROUND
from bot.playground.wording import UNWORDED, Recorder, kept, word
from games import registry
from tests.conftest import FakeClock
from tests.playground.conftest import POLL_MS, Site, create_room, new_room, panel_frame, press


def _playground(client: TestClient) -> Playground:
    return client.app[PLAYGROUND]  # type: ignore[index]


async def _table(client: TestClient, url: str) -> tuple[Table, Any]:
    room = await _playground(client).rooms.get(url.strip("/").split("/")[1])
    assert room is not None and room.table_id is not None
    return await _playground(client).service.get(room.table_id)


async def _play(service: TableService, table: Table, state: Any, rng: random.Random) -> None:
    """The player to move makes a random legal move."""
    game = registry.get(table.game)
    seat = game.to_move(state)[0]
    action = rng.choice(game.legal_actions(state, seat))
    await service.play(table.id, table.players[seat].key, table.state_version, action)


async def _start(client: TestClient, url: str, **options: Any) -> tuple[Table, Any]:
    table, _ = await _table(client, url)
    service = _playground(client).service
    for key, value in options.items():
        await service.set_option(table.id, table.creator, key, value)
    await service.start(table.id, table.creator)
    return await service.get(table.id)


def test_recorded_words_nest_join_and_keep_numbers(i18n: I18n) -> None:
    names = ["Аня", "Bob"]
    event = {"kind": "score", "seat": 1, "points": 3, "kinds": ["suit", "sequence"]}
    event |= {"cells": ["A1", "B1", "C1"]}
    klotho = presenters.get("klotho")
    recorded = klotho.event(event, names, partial(Recorder().t, UNWORDED))
    assert recorded is not None
    value = kept(recorded)
    # The joined card terms are phrases of their own, not words of one language.
    assert '"kinds": [{"key": "klotho-kind-suit"' in json.dumps(value), value
    for lang in LANGUAGES:
        assert word(i18n, lang, value) == klotho.event(event, names, partial(i18n.t, lang))
    assert word(i18n, "en", value) == "⭐ Bob +3 (suit, sequence) on A1-B1-C1"
    # Plain text and numbers are kept as they are.
    assert kept("Bob") == "Bob" and kept(3) == 3 and word(i18n, "en", "old line") == "old line"


async def test_every_games_lines_read_the_same_worded_later(
    service: TableService, i18n: I18n
) -> None:
    """Random games of every game: each line kept and worded later is the line
    the core says at once, in both languages."""
    screens, unworded = Screens(service, i18n), Screens(service, Recorder())
    changes: list[Change] = []

    async def heard(change: Change) -> None:
        changes.append(change)

    service.subscribe(heard)
    rng = random.Random(7)
    compared = 0
    for number, name in enumerate(registry.names()):
        spec = registry.get(name)
        players = [PlayerInfo(f"tg:{number}{seat}", f"P{seat}") for seat in range(spec.min_seats)]
        table = await service.create(f"tg:-{number}", players[0], name)
        for player in players[1:]:
            await service.join(table.id, player)
        await service.start(table.id, players[0].key)
        for _ in range(60):
            table, state = await service.get(table.id)
            if table.status != Status.PLAYING:
                break
            await _play(service, table, state, rng)
    for change in changes:
        table = change.table
        said = unworded.event_lines(table, change.state, UNWORDED)
        if change.notice is not None:
            said.append(unworded.notice(table, change.notice, UNWORDED))
        for lang in LANGUAGES:
            direct = screens.event_lines(table, change.state, lang)
            if change.notice is not None:
                direct.append(screens.notice(table, change.notice, lang))
            assert [word(i18n, lang, kept(line)) for line in said] == direct
            compared += len(direct)
    assert compared > 100


async def test_old_lines_are_shown_in_the_language_chosen_since(
    context: BrowserContext, site: Site
) -> None:
    page = await create_room(context, site, "klac", ["Anya", "Boris"], lang="ru")
    room = await site.room(page)
    await press(page, "[data-kind=lobby]", "Начать")
    rng = random.Random(5)
    for _ in range(4):
        table, state = await site.table(room)
        await _play(site.service, table, state, rng)
    await page.wait_for_function(
        "() => document.querySelector('#log').innerText.includes('игра началась')",
        polling=POLL_MS,
    )
    frame = await panel_frame(page, 0)
    await frame.wait_for_function(
        "() => document.querySelector('#private-log').innerText.includes('Ваш ход')",
        polling=POLL_MS,
    )
    # The page reloads once the language is saved; a live poll may word the
    # log in English before that, so wait for the reload itself.
    async with page.expect_navigation():
        await page.click("button.lang[data-lang=en]")
    await page.wait_for_function(
        "() => document.querySelector('#log').innerText.includes('the game begins')",
        polling=POLL_MS,
    )
    lines = await page.locator("#log li").all_inner_texts()
    assert len(lines) > 4 and not any("а" <= ch.lower() <= "я" for line in lines for ch in line), (
        lines
    )
    frame = await panel_frame(page, 0)
    await frame.wait_for_function(
        "() => document.querySelector('#private-log').innerText.includes('Your turn')",
        polling=POLL_MS,
    )
    # Repeated lines still collapse, worded in the new language.
    own = await frame.locator("#private-log li").all_inner_texts()
    assert any("Your turn — Klac!" in line and "×" in line for line in own), own


async def test_a_new_table_starts_with_a_clean_log(client: TestClient) -> None:
    url = await new_room(client)
    first, state = await _start(client, url)
    service = _playground(client).service
    await _play(service, first, state, random.Random(1))
    room = await (await client.get(url + "state")).json()
    panel = room["players"][0]["panel"]
    assert len(room["log"]) >= 2 and (await (await client.get(panel + "state")).json())["log"]
    # Stopped by vote: the new table is for the next game, the old log goes.
    await service.propose(first.id, first.players[0].key, "abort")
    table, _ = await service.get(first.id)
    await service.vote(first.id, first.players[1].key, table.votes[-1].id, True)
    room = await (await client.get(url + "state")).json()
    assert room["status"] == "aborted"
    assert any("stopped by vote" in line["text"] for line in room["log"]), room["log"]
    again = await client.post(url + "again", json={"game": "klotho"})
    assert (await again.json()) == {"ok": True}
    room = await (await client.get(url + "state")).json()
    assert room["game"] == "klotho" and room["status"] == "lobby" and room["log"] == []
    assert (await (await client.get(panel + "state")).json())["log"] == []


async def test_no_playground_key_lives_for_good(client: TestClient, store: Store) -> None:
    url = await new_room(client, lang="ru")
    table, state = await _start(client, url, target=50)
    room = await (await client.get(url + "state")).json()
    # A hint is counted in the player's statistics without a change of the table.
    mover = next(p for p in room["players"] if p["to_move"])
    own = await (await client.get(mover["panel"] + "state")).json()
    hint = next(b["token"] for row in own["message"]["buttons"] for b in row if "💡" in b["label"])
    assert (await (await client.post(mover["panel"] + "press", json={"token": hint})).json())["ok"]
    hinted = table.players[mover["seat"]].key
    assert await store.redis.ttl(f"{store.prefix}stats:{hinted}") > 0
    service = _playground(client).service
    rng = random.Random(2)
    while table.status == Status.PLAYING:
        await _play(service, table, state, rng)
        table, state = await service.get(table.id)
    assert table.status == Status.FINISHED
    await client.post(mover["panel"] + "lang", json={"lang": "en"})
    await client.post(url + "players", json={"name": "Late"})
    keys = [key async for key in store.redis.scan_iter(match=f"{store.prefix}*")]
    played = [key for key in keys if "pg:" in key and not key.endswith("pg:players")]
    kinds = {key.removeprefix(store.prefix).split(":")[0] for key in played}
    # The room, its panels, logs and index; the players' statistics and languages;
    # the chat's leaderboard and finished game.
    assert {"pg", "stats", "lang", "{r", "{h"} <= kinds, kinds
    for key in played:
        assert 0 < await store.redis.ttl(key) <= max(store.active_ttl, 90 * 86400), key


async def test_menu_paths_are_forgotten_with_their_state_and_room(
    client: TestClient, clock: FakeClock
) -> None:
    pg = _playground(client)
    rooms = [await new_room(client, game="caravan") for _ in range(2)]
    for url in rooms:
        await _start(client, url)
        room = await (await client.get(url + "state")).json()
        mover = next(p for p in room["players"] if p["to_move"])
        own = await (await client.get(mover["panel"] + "state")).json()
        step = own["message"]["buttons"][0][0]["token"]
        assert (await (await client.post(mover["panel"] + "press", json={"token": step})).json())[
            "ok"
        ]
    first, second = (url.strip("/").split("/")[1] for url in rooms)
    assert set(pg._paths) == {first, second}
    # The move made: the first room's path belonged to the state before it.
    table, state = await _table(client, rooms[0])
    await _play(pg.service, table, state, random.Random(3))
    assert set(pg._paths) == {second}
    # The second room is left for longer than a room lives; the next path forgets it.
    clock.advance(pg.rooms.ttl + 1)
    table, _ = await _table(client, rooms[0])
    room = await (await client.get(rooms[0] + "state")).json()
    mover = next(p for p in room["players"] if p["to_move"])
    own = await (await client.get(mover["panel"] + "state")).json()
    step = own["message"]["buttons"][0][0]["token"]
    assert (await (await client.post(mover["panel"] + "press", json={"token": step})).json())["ok"]
    assert set(pg._paths) == {first}
