"""Tutorials in Discord: /learn sends the tutorial by DM, played there to the
end by pressing only what is shown (a wrong press says why not), in both
languages; a lobby's 📖 button; closed DMs; the last step's real game."""

from __future__ import annotations

import re

import pytest

from bot.core.tokens import LearnToken, decode
from bot.core.tutorials import TUTORIALS
from bot.discord import ids
from tests.discord.conftest import ANYA, BORIS, Server, option
from tests.discord.fake_discord_records import StoredMessage
from tests.discord.test_solo import button

STEP = re.compile(r"📖 .+ · (?:шаг|step) (\d+) (?:из|of) (\d+)")
DM_ANYA = 1_200_000_000_000_000_600
DM_BORIS = 1_200_000_000_000_000_601


def dm(server: Server, user: int, channel: int) -> None:
    """The user's DM with the bot exists."""
    server.fake.dms[user] = channel
    server.fake.add_channel(channel)


def step_of(message: StoredMessage) -> tuple[int, int]:
    found = STEP.search(message.content)
    assert found, message.content
    return int(found[1]), int(found[2])


def tutorial_message(server: Server, channel: int) -> StoredMessage:
    """The newest tutorial step in the DM."""
    return [m for m in server.fake.messages(channel) if STEP.search(m.content)][-1]


def option_ids(message: StoredMessage) -> list[str]:
    """The step's option buttons, as shown (not back, leave or the last step's)."""
    out = []
    for custom_id in message.custom_ids:
        try:
            token = decode(custom_id)
        except ValueError:
            continue
        if isinstance(token, LearnToken) and token.op.isdigit():
            out.append(custom_id)
    return out


async def play_through(
    server: Server, user: int, channel: int, game: str, locale: str
) -> tuple[StoredMessage, list[str]]:
    """/learn in the server, then in the DM each shown option in turn until the
    step moves on; the tutorial message and the reasons met."""
    record = await server.command("learn", option("game", game), user=user, locale=locale)
    assert server.told(record), "the asker hears where the tutorial went"
    message = tutorial_message(server, channel)
    assert message.attachments, "the step shows the table"
    step, steps = step_of(message)
    assert (step, steps) == (1, len(TUTORIALS[game].steps))
    whys: list[str] = []
    while step < steps:
        for custom_id in option_ids(message):
            await server.press(message, custom_id, user=user, locale=locale)
            moved, _ = step_of(message)
            if moved == step:
                assert "✋" in message.content
                whys.append(message.content.split("✋", 1)[1].strip())
                continue
            assert moved == step + 1
            step = moved
            break
        else:
            raise AssertionError(f"no shown button moved step {step} on")
    return message, whys


@pytest.mark.parametrize("game", sorted(TUTORIALS))
async def test_a_tutorial_by_dm_to_the_end_in_russian(server: Server, game: str) -> None:
    dm(server, ANYA, DM_ANYA)
    message, whys = await play_through(server, ANYA, DM_ANYA, game, "ru")
    assert whys and all(re.search("[а-я]", why) for why in whys)
    # One message, edited at every step; nothing went to the channel.
    assert len([m for m in server.fake.messages(DM_ANYA) if STEP.search(m.content)]) == 1
    assert not any("📖" in m.content for m in server.channel())
    await server.press(message, button(message, "🎮 Настоящая партия с компьютером"), locale="ru")
    table = await server.service.table_in(ids.chat_key(DM_ANYA, dm=True))
    assert table is not None and table.game == game


async def test_a_tutorial_in_english_kept_where_it_was_left(server: Server) -> None:
    dm(server, BORIS, DM_BORIS)
    message, whys = await play_through(server, BORIS, DM_BORIS, "krendzu", "en-US")
    assert whys and not any(re.search("[а-я]", why) for why in whys)
    await server.press(message, button(message, "✖ Leave"), user=BORIS, locale="en-US")
    assert "You left the Krendzu tutorial" in message.content
    await server.command("learn", user=BORIS, locale="en-US")
    menu = [m for m in server.fake.messages(DM_BORIS) if "Learn to play" in m.content][-1]
    steps = len(TUTORIALS["krendzu"].steps)
    label = f"📖 Krendzu (step {steps} of {steps})"
    await server.press(menu, button(menu, label), user=BORIS, locale="en-US")
    assert step_of(tutorial_message(server, DM_BORIS)) == (steps, steps)


async def test_a_lobby_button_sends_the_tutorial_by_dm_or_says_dms_are_closed(
    server: Server,
) -> None:
    dm(server, ANYA, DM_ANYA)
    record = await server.command("play", option("game", "curling"))
    assert server.told(record)
    lobby = [m for m in server.channel() if m.components][-1]
    learn = button(lobby, "📖 Как играть")
    record = await server.press(lobby, learn)
    assert "личные сообщения" in server.told(record)[-1]
    assert step_of(tutorial_message(server, DM_ANYA)) == (1, len(TUTORIALS["curling"].steps))
    # /help's button sends the list of tutorials by DM too.
    record = await server.command("help")
    [helped] = [server.fake.message(record.channel_id, record.original_id)]
    assert "/обучение" in helped.content
    await server.press(helped, button(helped, "📖 Обучение"))
    assert "Учимся играть" in server.fake.messages(DM_ANYA)[-1].content
    server.fake.dm_closed.add(ANYA)
    record = await server.press(lobby, learn)
    assert "Не могу написать" in server.told(record)[-1]
