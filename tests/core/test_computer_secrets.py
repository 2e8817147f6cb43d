"""What a computer player knows stays its own, and what it tells a person is
only what that person may know: hints, captions, screens and logs are the
same however the cards a person cannot see are dealt."""

from __future__ import annotations

import logging
import random
import re

import pytest

from bot.core.i18n import I18n
from bot.core.screens import Screens
from bot.core.service import BOT_DELAY_SECONDS, TableService
from bot.core.tokens import HintToken
from games import registry
from tests.conftest import FakeClock
from tests.core.helpers import ALICE, put_state
from tests.games.test_conformance_klac import redeal
from tests.log_lines import logged

KLAC = registry.get("klac")


async def what_alice_sees(service: TableService, screens: Screens, table_id: str) -> list[str]:
    """Her hint, her screen with it, and the table as the chat sees it (both languages)."""
    table, state = await service.get(table_id)
    hint = HintToken(table.id, table.state_version, 0, ()).encode()
    outcome = await service.press(ALICE, hint)
    seen = [repr(outcome.hint)]
    for lang in ("en", "ru"):
        mine = await screens.seat(table, state, 0, lang, outcome.path or (), hint=outcome.hint)
        public = await screens.table(table, state, lang)
        seen += [mine.text, repr(mine.buttons), public.text, repr(public.buttons)]
    return seen


async def test_hints_captions_and_logs_reveal_no_hidden_card(
    service: TableService, clock: FakeClock, i18n: I18n, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    screens = Screens(service, i18n)
    table = await service.create("tg:-100", ALICE, "klac", {"target": 50, "turn_seconds": 0})
    await service.add_computer(table.id, ALICE.key, "strong")
    await service.start(table.id, ALICE.key)
    checked = 0
    for turn in range(40):
        table, state = await service.get(table.id)
        if not table.active:
            break
        if table.held:
            await service.next_round(table.id, ALICE.key, table.state_version)
            continue
        if KLAC.to_move(state) != [0]:
            clock.advance(BOT_DELAY_SECONDS)
            assert await service.run_due() >= 1
            continue
        before = await what_alice_sees(service, screens, table.id)
        await put_state(service, table.id, redeal(state, 0, random.Random(turn)))
        assert await what_alice_sees(service, screens, table.id) == before
        checked += 1
        table, state = await service.get(table.id)
        hidden = {*state.deck, *state.hands[1]} - set(state.hands[0])
        lines = "\n".join(logged(caplog.records))
        assert not [card for card in hidden if re.search(rf"\b{card}\b", lines)], "logged"
        action = KLAC.legal_actions(state, 0)[0]
        await service.play(table.id, ALICE.key, table.state_version, action)
    assert checked >= 5
