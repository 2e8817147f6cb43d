"""No hand or deck card reaches logs, button data or public screens."""

from __future__ import annotations

import logging
import random
import re

import pytest

from bot.core.i18n import I18n
from bot.core.screens import Screens
from bot.core.service import Change, TableService
from bot.core.tables import Status
from games import registry
from tests.core.helpers import player_to_move, started_table
from tests.log_lines import json_lines, logged

KLAC = registry.get("klac")
CARD = re.compile(r"\b[BOG]\d{1,2}\b")


async def test_logs_and_tokens_never_carry_cards(
    service: TableService, i18n: I18n, caplog: pytest.LogCaptureFixture
) -> None:
    screens = Screens(service, i18n)
    published: list[Change] = []

    async def listener(change: Change) -> None:
        published.append(change)

    service.subscribe(listener)
    caplog.set_level(logging.DEBUG)
    table, state = await started_table(service, seats=3, target=50)
    rng = random.Random(2)
    tokens: list[str] = []
    public_texts: list[str] = []
    while table.status == Status.PLAYING:
        seat, player = player_to_move(table, state)
        for viewer in range(3):
            screen = await screens.seat(table, state, viewer, "en")
            tokens += [b.token for row in screen.buttons for b in row if b.token]
        public_texts.append((await screens.table(table, state, "en")).text)
        table, state = await service.play(
            table.id, player.key, table.state_version, rng.choice(KLAC.legal_actions(state, seat))
        )
    assert tokens and caplog.records
    assert [t for t in tokens if CARD.search(t)] == []
    assert [line for line in logged(caplog.records) if CARD.search(line)] == []
    # The JSON log of the whole game: every line an object naming its event,
    # and each table event its table, game and platform.
    entries = json_lines(caplog.records)
    moves = [e for e in entries if e.get("event") == "move"]
    assert moves and all(e["table"] == table.id for e in moves)
    assert all(e["game"] == "klac" and e["platform"] == "telegram" for e in moves)
    assert [e for e in entries if e.get("event") == "finish"], "the end is logged"
    draws = [e for c in published for e in c.table.events if e["kind"] == "draw"]
    assert draws and all("card" not in e for e in draws), "a draw is public, the card is not"
    assert public_texts and not any(CARD.search(text) for text in public_texts)
