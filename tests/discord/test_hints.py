"""💡 in Discord: on a public game's table in a channel, the suggestion and its
reason go to the mover alone (an ephemeral answer); the table shows no mark."""

from __future__ import annotations

from bot.core.tokens import HintToken
from tests.discord.conftest import ANYA, BORIS, VIKA, Server, click, mover, open_table
from tests.discord.conftest import table_message as table_of


async def test_a_public_games_hint_is_told_to_the_mover_alone(server: Server) -> None:
    table_id = await open_table(server, "klotho", ANYA, BORIS, VIKA)
    table, _ = await server.service.get(table_id)
    message = await table_of(server, table_id)
    before = (message.content, message.custom_ids)
    user, seat = await mover(server, table_id)
    hint = HintToken(table_id, table.state_version, seat, ()).encode()
    record = await click(server, message, hint, user=user)
    told = server.told(record)
    # In the channel's default language (Russian) unless the user chose another.
    assert len(told) == 1 and told[0].startswith("💡 Компьютер сыграл бы так: "), told
    assert "\nПочему: " in told[0]
    shown = await table_of(server, table_id)
    assert (shown.content, shown.custom_ids) == before
    labels = [str(b.get("label")) for row in shown.components for b in row.get("components", [])]
    assert [label for label in labels if label.startswith("💡")] == ["💡 Подсказка"], labels
    assert (await server.service.stats(table.players[seat].key))["klotho"]["hints"] == 1
    # Someone else pressing it is refused, and learns nothing of the advice.
    other = next(u for u in (ANYA, BORIS, VIKA) if u != user)
    refused = server.told(await click(server, shown, hint, user=other))
    assert refused and not any("💡" in text for text in refused), refused
