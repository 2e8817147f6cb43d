"""💡 in Telegram: on a private hand the suggestion stays marked at every step of
the menu, with its reason, in the player's language, until the move is made."""

from __future__ import annotations

from bot.core.tokens import HintStepToken, decode
from bot.telegram.records import REPLAY_PREFIX
from tests.telegram.conftest import BORIS, Harness, hand, mover, quick_game


async def test_a_hint_is_followed_step_by_step_on_the_hand(h: Harness) -> None:
    table_id = await quick_game(h)
    user, _ = await mover(h, table_id)
    english = user == BORIS  # Boris reads English, Аня and Вика Russian
    ask = "💡 Hint" if english else "💡 Подсказка"
    why = "Why: " if english else "Почему: "
    before, _ = await h.service.get(table_id)
    answer = await h.press(user, user, hand(h, user).message_id, hand(h, user).button_data(ask))
    assert not answer.get("show_alert"), answer
    steps = 0
    while True:
        shown = hand(h, user)
        marked = [b for row in shown.buttons for b in row if b["text"].startswith("💡 ")]
        assert len(marked) == 1, shown.button_texts
        assert why in (shown.content or ""), shown.content
        assert isinstance(decode(marked[0]["callback_data"]), HintStepToken)
        answer = await h.press(user, user, shown.message_id, marked[0]["callback_data"])
        assert not answer.get("show_alert"), answer
        steps += 1
        table, _ = await h.service.get(table_id)
        if table.state_version != before.state_version:
            break
        assert steps < 5, "the hinted path never reached a move"
    assert steps >= 2  # a Klac! move is at least a card and a target
    assert (await h.service.stats(f"tg:{user}"))["klac"]["hints"] == 1


def test_no_core_token_is_taken_for_a_replay_button() -> None:
    """Telegram routes ``h:…`` to replays before any core token: no core token
    may begin so (a hint's menu steps once did, and were refused as forged)."""
    step = HintStepToken("abcd", 1, 0, (1, 2)).encode()
    assert decode(step) == HintStepToken("abcd", 1, 0, (1, 2))
    assert not step.startswith(f"{REPLAY_PREFIX}:")
