"""💡 in the playground: a public game's table is every player's page, so when
more than one person plays its hint goes to the mover's own messages only."""

from __future__ import annotations

from aiohttp.test_utils import TestClient

from bot.playground.frontend import Playground
from bot.playground.web import PLAYGROUND
from tests.playground.conftest import new_room


async def test_a_shared_tables_hint_goes_to_the_movers_messages(client: TestClient) -> None:
    playground: Playground = client.app[PLAYGROUND]  # type: ignore[index]
    url = await new_room(client, game="klotho", names=2)
    room = await playground.rooms.get(url.strip("/").split("/")[1])
    assert room is not None and room.table_id is not None
    table, _ = await playground.service.get(room.table_id)
    await playground.service.start(table.id, table.creator)
    view = await (await client.get(url + "state")).json()
    mover = next(p for p in view["players"] if p["to_move"])
    other = next(p for p in view["players"] if not p["to_move"])
    table_msg = next(m for m in view["messages"] if m["kind"] == "table")
    hint = next(b["token"] for row in table_msg["buttons"] for b in row if "💡" in b["label"])
    before = table_msg
    answer = await client.post(url + "press", json={"player": mover["index"], "token": hint})
    assert (await answer.json())["ok"]
    view = await (await client.get(url + "state")).json()
    after = next(m for m in view["messages"] if m["kind"] == "table")
    # The shared table is as it was: no 💡 mark, no advice in its text.
    assert after["text"] == before["text"] and after["buttons"] == before["buttons"]
    assert not any("computer would play" in line["text"] for line in view["log"])
    own = await (await client.get(mover["panel"] + "state")).json()
    advice = [line["text"] for line in own["log"] if "💡 The computer would play: " in line["text"]]
    assert len(advice) == 1 and "\nWhy: " in advice[0], own["log"]
    theirs = await (await client.get(other["panel"] + "state")).json()
    assert not any("💡" in line["text"] for line in theirs["log"])
