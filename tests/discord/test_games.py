"""Whole games in a Discord channel, through the real discord.py client.

Players press only what the bot shows them: "My hand" on the table message
opens an ephemeral hand whose buttons and select menus make the moves
(Klac!, Krendzu, Caravan); Klotho and Curling are played on the table
message itself. Klac! and Caravan run to the end with a bot restart in the
middle.
"""

from __future__ import annotations

import io
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import Image

from bot.core.tables import Status
from bot.core.tokens import BadToken, ExplainToken, HintToken, MoveToken, decode
from bot.discord.publisher import TABLE_REF
from games import registry
from games.core.menu import movers
from tests.discord.conftest import ANYA, BORIS, CHANNEL, VIKA, Server, option
from tests.discord.fake_discord_records import StoredMessage

NAV = ("⬅", "✖")
KLAC_CARD = re.compile(r"\b[BOG]\d{1,2}\b")
CARAVAN_CARD = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b|\bX[12]\b")


def items(message: StoredMessage, kind: int) -> list[dict[str, Any]]:
    """The message's components of one type (2 button, 3 select), rows flattened."""
    return [c for row in message.components for c in row["components"] if c["type"] == kind]


def move_choices(message: StoredMessage, seat: int) -> list[tuple[str, str | None, str]]:
    """(custom id, select value or None, label) of every menu option on ``message``."""
    out: list[tuple[str, str | None, str]] = []
    for button in items(message, 2):
        label, custom_id = button["label"], button.get("custom_id", "")
        try:
            token = decode(custom_id)
        except BadToken:
            continue
        if isinstance(token, MoveToken) and not isinstance(token, ExplainToken):
            assert token.seat == seat, (custom_id, seat)
            if not label.startswith(NAV) and not button.get("disabled"):
                out.append((custom_id, None, label))
    for select in items(message, 3):
        for choice in select["options"]:
            token = decode(choice["value"])
            assert isinstance(token, MoveToken) and token.seat == seat
            out.append((select["custom_id"], choice["value"], choice["label"]))
    return out


@dataclass
class Players:
    """Users at one table who press what the bot shows them."""

    server: Server
    table_id: str
    users: list[int]  # by seat
    rng: random.Random
    hands: dict[int, int] = field(default_factory=dict)  # user → their ephemeral hand
    presses: int = 0
    selects: int = 0

    async def table_message(self) -> StoredMessage:
        ref = await self.server.store.get_ref(self.table_id, TABLE_REF)
        assert ref is not None
        return self.server.fake.message(CHANNEL, int(ref))

    async def hand(self, user: int) -> StoredMessage:
        """The user's ephemeral hand, opened with "My hand" the first time."""
        if user not in self.hands:
            table = await self.table_message()
            hand_id = next(c for c in table.custom_ids if c.startswith("H:"))
            record = await self.server.press(table, hand_id, user=user)
            assert self.server.told(record) and record.followups
            self.hands[user] = record.followups[-1]
        message = self.server.fake.message(CHANNEL, self.hands[user])
        assert message.ephemeral and not message.deleted
        return message

    async def move(self, avoid: tuple[str, ...] = ()) -> None:
        """The player to move walks their menu until a move is made.

        Options whose labels start with ``avoid`` are taken only now and then.
        """
        table, state = await self.server.service.get(self.table_id)
        game = registry.get(table.game)
        seat = movers(game, state)[0]
        user = self.users[seat]
        for _ in range(40):
            if game.public_moves:
                message = await self.table_message()
            else:
                message = await self.hand(user)
            choices = move_choices(message, seat)
            assert choices, message.content
            preferred = [c for c in choices if not c[2].startswith(avoid)]
            pool = preferred if preferred and self.rng.random() < 0.85 else choices
            custom_id, value, _ = self.rng.choice(pool)
            token = decode(value or custom_id)
            assert isinstance(token, MoveToken)
            values = (value,) if value is not None else ()
            record = await self.server.press(message, custom_id, *values, user=user)
            self.presses += 1
            self.selects += bool(values)
            # Nothing is refused, and hands are edited in place (no hand sent again);
            # a hint on the channel's table is told to the mover alone.
            told = self.server.told(record)
            if isinstance(token, HintToken) and game.public_moves:
                assert len(told) == 1 and told[0].startswith("💡 "), told
            else:
                assert told == [], told
            table, _ = await self.server.service.get(self.table_id)
            if table.state_version != token.version:
                return
        raise AssertionError("no move after 40 presses")


async def open_table(
    server: Server, game: str, users: list[int], options: str | None = None
) -> str:
    """``users[0]`` runs /play, the others join, the host starts; the table id."""
    args = [option("game", game)] + ([option("options", options)] if options else [])
    record = await server.command("play", *args, user=users[0])
    assert server.told(record) and "✅" in server.told(record)[0]
    lobby = server.channel()[-1]
    join = next(c for c in lobby.custom_ids if c.endswith(":j"))
    for user in users[1:]:
        await server.press(lobby, join, user=user)
    start = next(c for c in lobby.custom_ids if c.endswith(":s"))
    record = await server.press(server.fake.message(CHANNEL, lobby.id), start, user=users[0])
    assert server.told(record) == []
    table = await server.service.table_in(f"dc:{CHANNEL}")
    assert table is not None and table.status == Status.PLAYING
    lobby = server.fake.message(CHANNEL, lobby.id)
    assert lobby.components == [] and "▶" in lobby.content
    return table.id


def public_leaks(server: Server, card: re.Pattern[str]) -> list[str]:
    """Card codes in anything public: channel texts and every custom id or select value."""
    texts = [m.content for m in server.channel()]
    ids = [
        value
        for m in server.fake.messages(CHANNEL, deleted=True)
        for value in [*m.custom_ids, *(o["value"] for s in items(m, 3) for o in s["options"])]
    ]
    return [t for t in texts + ids if card.search(t)]


async def check_final_hands(server: Server, players: Players) -> None:
    """Each player's ephemeral hand shows their own seat's hand, as the core draws it."""
    table, state = await server.service.get(players.table_id)
    for seat, user in enumerate(players.users):
        hand = await players.hand(user)
        expected = await server.dc.frontend.screens.seat(table, state, seat, "ru")
        assert hand.attachments[-1].data == expected.image, f"seat {seat}"


async def play_to_the_end(
    server: Server, players: Players, *, restart_after: int, limit: int, avoid: tuple[str, ...]
) -> int:
    moves = 0
    while True:
        table, _ = await server.service.get(players.table_id)
        if table.status != Status.PLAYING:
            return moves
        if moves == restart_after:
            await server.restart()
        await players.move(avoid)
        moves += 1
        assert moves < limit


@pytest.mark.cluster
async def test_a_whole_klac_game_with_a_restart(server: Server) -> None:
    users = [ANYA, BORIS, VIKA]
    table_id = await open_table(server, "klac", users, "target=100")
    players = Players(server, table_id, users, random.Random(3))
    table_message = await players.table_message()
    first_image = table_message.attachments[0].data
    assert "H:" + table_id in table_message.custom_ids
    ping = server.channel()[-1]
    assert "🟢" in ping.content and "<@" in ping.content

    moves = await play_to_the_end(server, players, restart_after=6, limit=400, avoid=())

    table, _ = await server.service.get(table_id)
    assert table.status == Status.FINISHED and moves > 6
    final = server.fake.message(CHANNEL, table_message.id)
    assert "🏆" in final.content, final.content
    assert final.attachments[0].data != first_image
    # The table message was edited in place all game; each ping replaced the one
    # before, and the last went with the end of the game.
    pictures = [m for m in server.channel() if m.attachments]
    assert pictures[0].id == table_message.id
    # Besides it, one summary a round: the rows it was counted on, never edited.
    summaries = pictures[1:]
    assert table.result is not None and len(summaries) == table.result["rounds"]
    assert all("🏁" in m.content and m.edits == 0 for m in summaries)
    assert [m for m in server.channel() if "🟢" in m.content] == []
    assert len([m for m in server.fake.messages(CHANNEL, deleted=True) if "🟢" in m.content]) > 6
    sizes = {Image.open(io.BytesIO(final.attachments[0].data)).size}
    assert sizes == {Image.open(io.BytesIO(first_image)).size}
    assert public_leaks(server, KLAC_CARD) == []
    await check_final_hands(server, players)
    winners = {int(s) for s in (table.result or {}).get("winners", [])}
    stats = await server.service.stats(f"dc:{users[min(winners)]}")
    assert stats["klac"]["won"] == 1


async def test_a_whole_caravan_game_with_a_restart(server: Server) -> None:
    users = [ANYA, BORIS]
    table_id = await open_table(server, "caravan", users)
    players = Players(server, table_id, users, random.Random(5))
    table_message = await players.table_message()

    moves = await play_to_the_end(server, players, restart_after=10, limit=400, avoid=("🗑", "💨"))

    table, _ = await server.service.get(table_id)
    assert table.status == Status.FINISHED and moves > 10
    final = server.fake.message(CHANNEL, table_message.id)
    assert "🏆" in final.content, final.content
    assert public_leaks(server, CARAVAN_CARD) == []
    await check_final_hands(server, players)


async def test_krendzu_moves_with_select_menus(server: Server) -> None:
    users = [ANYA, BORIS]
    table_id = await open_table(server, "krendzu", users)
    players = Players(server, table_id, users, random.Random(2))
    for _ in range(30):
        await players.move()
    table, _ = await server.service.get(table_id)
    assert table.state_version >= 30
    # A hand of 10+ cards and a growing field do not fit in 25 buttons.
    assert players.selects > 0
    for user in users:
        hand = await players.hand(user)
        assert len(hand.components) <= 5
        assert all(len(row["components"]) <= 5 for row in hand.components)


async def test_klotho_is_played_on_the_table_message(server: Server) -> None:
    users = [ANYA, BORIS, VIKA]
    table_id = await open_table(server, "klotho", users)
    players = Players(server, table_id, users, random.Random(4))
    table_message = await players.table_message()
    assert not any(c.startswith("H:") for c in table_message.custom_ids)
    images = {table_message.attachments[0].data}
    for _ in range(8):
        await players.move()
        images.add((await players.table_message()).attachments[0].data)
    assert len(images) > 4
    assert [m.id for m in server.channel() if m.attachments] == [table_message.id]


async def test_curling_throws_on_the_table_message(server: Server) -> None:
    users = [ANYA, BORIS]
    table_id = await open_table(server, "curling", users, "ends=2")
    players = Players(server, table_id, users, random.Random(6))
    for _ in range(10):
        await players.move()
    table, _ = await server.service.get(table_id)
    assert table.state_version >= 10
    message = await players.table_message()
    assert len(message.components) <= 5
