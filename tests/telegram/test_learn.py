"""Tutorials in Telegram: /learn in the private chat played to the end by
pressing only what is shown (a wrong press is answered with why not), in
both languages; the 📖 buttons of /play and of a group's lobby."""

from __future__ import annotations

import re

import pytest

from bot.core.tokens import LearnToken, decode
from bot.core.tutorials import TUTORIALS
from tests.telegram.conftest import ANYA, BORIS, GROUP, Harness

STEP = re.compile(r"📖 .+ · (?:шаг|step) (\d+) (?:из|of) (\d+)")


def step_of(text: str | None) -> tuple[int, int]:
    """(step, steps) from a tutorial message's title line."""
    found = STEP.search(text or "")
    assert found, text
    return int(found[1]), int(found[2])


def options(labels: list[list[str]], datas: list[list[str]]) -> list[tuple[str, str]]:
    """The step's option buttons (label, data): not back, leave or the last step's."""
    out = []
    for row_labels, row_datas in zip(labels, datas, strict=True):
        for label, data in zip(row_labels, row_datas, strict=True):
            token = decode(data)
            if isinstance(token, LearnToken) and token.op.isdigit():
                out.append((label, data))
    return out


async def play_through(h: Harness, user: int, game: str) -> tuple[int, list[str]]:
    """Press each shown option of every step in turn until the step moves on;
    returns the tutorial message's id and every why-not alert met."""
    await h.say(user, user, f"/learn {game}")
    message = h.last_with_buttons(user)
    assert message.photo is not None
    whys: list[str] = []
    step, steps = step_of(message.content)
    assert step == 1 and steps == len(TUTORIALS[game].steps)
    while step < steps:
        shown = h.fake.message(user, message.message_id)
        datas = [[b["callback_data"] for b in row] for row in shown.buttons]
        for _label, data in options(shown.button_texts, datas):
            answer = await h.press(user, user, message.message_id, data)
            now = h.fake.message(user, message.message_id)
            moved, _ = step_of(now.content)
            if moved == step:
                # A wrong press: the reason, as an alert and in the message.
                assert answer.get("show_alert") and answer.get("text"), answer
                assert answer["text"] in (now.content or "")
                whys.append(answer["text"])
                continue
            assert moved == step + 1 and not answer.get("show_alert")
            step = moved
            break
        else:
            raise AssertionError(f"no shown button moved step {step} on")
    return message.message_id, whys


@pytest.mark.parametrize("game", sorted(TUTORIALS))
async def test_a_tutorial_is_played_to_the_end_in_russian(h: Harness, game: str) -> None:
    message_id, whys = await play_through(h, ANYA, game)
    assert whys and all(re.search("[а-я]", why) for why in whys)
    # The last step offers a real game against the computer, here.
    last = h.fake.message(ANYA, message_id)
    await h.press(ANYA, ANYA, message_id, last.button_data("🎮 Настоящая партия с компьютером"))
    table = await h.service.table_in(f"tg:{ANYA}")
    assert table is not None and table.game == game
    # Every step was one message, edited in place, plus the lobby opened at the end.
    assert len([m for m in h.fake.messages(ANYA) if m.photo is not None]) == 1


async def test_a_tutorial_in_english_and_its_progress_kept(h: Harness) -> None:
    await h.say(BORIS, BORIS, "/lang en")
    message_id, whys = await play_through(h, BORIS, "curling")
    assert whys and not any(re.search("[а-я]", why) for why in whys)
    # Leaving keeps the place; /learn opens the tutorial where it was left.
    back = h.fake.message(BORIS, message_id).button_data("⬅ Back")
    await h.press(BORIS, BORIS, message_id, back)
    leave = h.fake.message(BORIS, message_id).button_data("✖ Leave")
    await h.press(BORIS, BORIS, message_id, leave)
    left = h.last_with_buttons(BORIS)
    assert "You left the Logical Curling tutorial at step" in (left.content or "")
    await h.say(BORIS, BORIS, "/learn")
    menu = h.last_with_buttons(BORIS)
    steps = len(TUTORIALS["curling"].steps)
    label = f"📖 Logical Curling (step {steps - 1} of {steps})"
    await h.press(BORIS, BORIS, menu.message_id, menu.button_data(label))
    resumed = h.last_with_buttons(BORIS)
    assert step_of(resumed.content) == (steps - 1, steps)


async def test_an_old_message_of_a_tutorial_changes_nothing(h: Harness) -> None:
    await h.say(ANYA, ANYA, "/learn curling")
    first = h.last_with_buttons(ANYA)
    data = first.button_data("▶ Дальше")
    await h.press(ANYA, ANYA, first.message_id, data)
    # The step's message was edited: pressed again, its old button is stale.
    answer = await h.press(ANYA, ANYA, first.message_id, data, strict=False)
    assert answer.get("show_alert") and "другого шага" in answer["text"]
    assert step_of(h.fake.message(ANYA, first.message_id).content)[0] == 2
    # A forged step number is answered too, and a forged option is refused.
    forged = LearnToken("curling", 1, "9").encode()
    answer = await h.press(ANYA, ANYA, first.message_id, forged, strict=False)
    assert answer.get("show_alert")
    assert step_of(h.fake.message(ANYA, first.message_id).content)[0] == 2


async def test_the_learn_buttons_of_play_and_of_a_group_lobby(h: Harness) -> None:
    await h.say(ANYA, ANYA, "/start")
    await h.say(ANYA, GROUP, "/play")
    menu = h.last_with_buttons(GROUP)
    answer = await h.press(ANYA, GROUP, menu.message_id, menu.button_data("📖 Обучение"))
    assert answer.get("show_alert") and "личный чат" in answer["text"]
    assert "Учимся играть" in (h.last_with_buttons(ANYA).content or "")
    await h.say(ANYA, GROUP, "/play curling")
    lobby = h.last_with_buttons(GROUP)
    await h.press(ANYA, GROUP, lobby.message_id, lobby.button_data("📖 Как играть"))
    sent = h.last_with_buttons(ANYA)
    assert sent.photo is not None and step_of(sent.content) == (1, len(TUTORIALS["curling"].steps))
    # Nothing of the tutorial goes to the group.
    assert not any("📖" in (m.content or "") and m.photo for m in h.fake.messages(GROUP))
    # /help has the button too.
    await h.say(ANYA, GROUP, "/help")
    helped = h.last_with_buttons(GROUP)
    assert "/learn" in (helped.content or "")
    await h.press(ANYA, GROUP, helped.message_id, helped.button_data("📖 Обучение"))
    assert "Учимся играть" in (h.last_with_buttons(ANYA).content or "")
    # /learn in a group answers with a link to the private chat.
    await h.say(ANYA, GROUP, "/learn curling")
    link = h.fake.messages(GROUP)[-1]
    assert "start=learn_curling" in str(link.buttons)
