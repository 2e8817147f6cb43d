"""A Curling table in the service: a foul is undone by the game and told in the group."""

from __future__ import annotations

from bot.core.i18n import I18n
from bot.core.screens import Screens
from bot.core.service import TableService
from games import registry
from tests.core.helpers import BOB, curling_table_at
from tests.games.curling_positions import make_state

CURLING = registry.get("curling")


async def test_a_foul_is_undone_and_said_in_both_languages(
    service: TableService, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    # Throw 3: blue pushes its own c2 guard to c4 and knocks the red guard at e3 out.
    position = make_state("c2:b e3:r", throw_no=3, hammer=0, dice=[3, 3, 1, 5, 2])
    table, _ = await curling_table_at(service, position)
    action = ["throw", "pair:5,3", "reverse", "c0", 3, 5]
    table, state = await service.play(table.id, BOB.key, table.state_version, action)
    assert [(s.cell, s.seat) for s in state.stones] == [("e3", 0), ("c2", 1)]
    en = (await screens.table(table, state, "en")).text
    assert "⚠ A foul by Bob: on throws 2–5 an opponent’s guard must not be knocked" in en
    assert "🔵 Bob: pair 5 3 → ↩ reverse 3 5 from c0, ⚡1" in en and "The throw is undone" in en
    ru = (await screens.table(table, state, "ru")).text
    assert "⚠ Фол у игрока Bob: на бросках 2–5 выбивать чужого защитника" in ru
