"""Klotho with points that must be claimed, in a Telegram group: the lobby option,
one shared «🙋 Заявить» button on the table message, a refusal for whoever has
nothing to claim, and points lost when the window closes."""

from __future__ import annotations

from games import registry
from games.klotho.actions import CLAIM_SECONDS
from tests.games.test_klotho_ties_and_claims import two_claims
from tests.telegram.conftest import ANYA, BORIS, GROUP, VIKA, Harness, open_table
from tests.telegram.test_klotho import table_message

KLOTHO = registry.get("klotho")


async def test_points_are_claimed_on_the_table_message_or_lost(h: Harness) -> None:
    table_id = await open_table(h, "klotho", [ANYA, BORIS, VIKA], {"Очки": "заявленные"})
    table, state = await h.service.get(table_id)
    assert state.scoring == "claim"
    position = two_claims()
    table.version += 1
    assert await h.store.save(table, KLOTHO.dumps(position), expected=table.version - 1)
    table, _ = await h.service.get(table_id)
    await h.service.play(table_id, table.players[0].key, table.state_version, ("turn", "C1"))
    await h.settle()

    message = table_message(h)
    assert "🙋 Заявляйте!" in (message.content or "")
    assert [t for row in message.button_texts for t in row] == ["🙋 Заявить"]
    claim = message.button_data("🙋 Заявить")
    answer = await h.press(ANYA, GROUP, message.message_id, claim)
    assert answer["show_alert"] and "нечего заявлять" in answer["text"]

    await h.press(VIKA, GROUP, message.message_id, claim)
    message = table_message(h)
    assert "⭐ Вика +1" in (message.content or "")
    assert "🙋 Заявляйте!" in (message.content or ""), "Boris may still claim"

    h.clock.advance(CLAIM_SECONDS)
    assert await h.service.run_due() == 1
    await h.settle()
    text = table_message(h).content or ""
    assert "💨 Boris: 2 очка на A1-B1-C1 не заявлены и пропали" in text
    table, state = await h.service.get(table_id)
    assert state.scores == [0, 0, 1] and state.turn == 1
    # The field's buttons are back, for Boris on B1: A2 and C1 are his to move to.
    labels = [t for row in table_message(h).button_texts for t in row]
    assert "A2 🚶" in labels and "C1 🚶" in labels
