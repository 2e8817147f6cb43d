"""A round's summary as a message of its own (bot/core/summary_screens): the
move that ends a round carries the position it ended on, drawn apart from
the table (which deals on) with the count under it."""

from __future__ import annotations

import io

from PIL import Image

from bot.core.i18n import I18n
from bot.core.screens import Screens
from bot.core.service import Change, TableService
from bot.core.summary_screens import summary_screen
from tests.core.helpers import ALICE, BOB, curling_table_at
from tests.games.curling_positions import make_state


async def test_the_last_throw_of_an_end_posts_the_house_it_was_counted_on(
    service: TableService, i18n: I18n
) -> None:
    changes: list[Change] = []

    async def heard(change: Change) -> None:
        changes.append(change)

    service.subscribe(heard)
    # Throw 16: red (Alice) has the hammer; its stone on d8 holds the house.
    position = make_state("d8:r", throw_no=16, hammer=0, dice=[1, 1, 2, 3, 4])
    table, _ = await curling_table_at(service, position)
    before = len(changes)
    action = ["throw", "pair:4,1", "reverse", "c0", 1, 4]
    table, state = await service.play(table.id, ALICE.key, table.state_version, action)
    change = changes[-1]
    assert len(changes) == before + 1 and change.summary is not None
    # The throw's path over the house as it stood: the table has moved on to end 2.
    assert change.summary.preview is not None and change.summary.view["end"] == 1
    assert state.end == 2 and not state.stones
    screens = Screens(service, i18n)
    en = await summary_screen(screens, table, state, change.summary, "en")
    assert en.text.startswith("Logical Curling\n🔴 Алиса: pair 4 1 → ↩ reverse 1 4 from c0")
    assert "🏁 End 1 is over: 1 : 0" in en.text and "centre 1 : 0" in en.text
    ru = await summary_screen(screens, table, state, change.summary, "ru")
    assert "🏁 Энд 1 окончен: 1 : 0" in ru.text and ru.image == en.image
    assert en.image is not None and Image.open(io.BytesIO(en.image)).format == "PNG"
    table_picture = (await screens.table(table, state, "en")).image
    assert table_picture != en.image


async def test_a_move_that_ends_no_round_has_no_summary(service: TableService) -> None:
    changes: list[Change] = []

    async def heard(change: Change) -> None:
        changes.append(change)

    service.subscribe(heard)
    position = make_state("d8:r", throw_no=15, hammer=0, dice=[1, 1, 2, 3, 4])
    table, _ = await curling_table_at(service, position)
    action = ["throw", "pair:4,1", "reverse", "c0", 1, 4]
    await service.play(table.id, BOB.key, table.state_version, action)
    assert changes[-1].summary is None
