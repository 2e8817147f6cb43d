"""/history, /replay, /top, /stats' rating and /forget, after a whole game in a channel."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image, ImageSequence

from bot.discord import ids
from tests.discord.conftest import (
    ANYA,
    BORIS,
    CHANNEL,
    MEMBER_PERMISSIONS,
    OUTSIDER,
    Server,
    finished_klac,
    option,
)
from tests.discord.fake_discord_records import StoredMessage

#: A member without "Manage Server" (bit 5).
NOT_MANAGER = str(int(MEMBER_PERMISSIONS) & ~(1 << 5))


async def test_a_finished_game_is_listed_replayed_and_rated(server: Server) -> None:
    nothing = await server.command("replay", user=OUTSIDER, locale="en-US")
    assert "Nothing to replay yet" in server.told(nothing)[0]
    table_id = await finished_klac(server)
    table, _ = await server.service.get(table_id)
    assert table.result is not None
    listed = server.told(await server.command("history", user=OUTSIDER, locale="en-US"))[0]
    lines = listed.split("\n")
    assert lines[0] == "📜 The last games here:"
    assert lines[1].startswith("1. Klac! · ") and "Anya" in lines[1] and "🏆" in lines[1]

    record = await server.command("replay", option("number", 1), user=BORIS, locale="en-US")
    assert server.told(record)[0] == "🎞 Drawing the replay…"
    (posted,) = [
        server.fake.message(CHANNEL, m) for m in record.followups
        if not server.fake.message(CHANNEL, m).ephemeral
    ]  # fmt: skip
    assert posted.content.startswith("🎞 Klac! · ")
    (gif,) = posted.attachments
    with Image.open(io.BytesIO(gif.data)) as animation:
        frames = sum(1 for _ in ImageSequence.Iterator(animation))
    moves = len(await server.store.action_log(table_id))
    assert gif.filename.endswith(".gif") and frames == moves + 1
    missing = await server.command("replay", option("number", 2), user=BORIS, locale="en-US")
    assert "no game number 2" in server.told(missing)[0]

    winner = table.players[int(table.result["winners"][0])].name
    top = server.told(await server.command("top", user=OUTSIDER, locale="en-US"))[0].split("\n")
    assert top[0] == "🏅 Klac!: the best here"
    assert top[1].startswith(f"1. {winner} — ") and top[1].endswith("(1 game)")
    stats = server.told(await server.command("stats", user=ANYA, locale="en-US"))[0]
    assert "⭐ rating" in stats and "(1 rated game)" in stats


async def test_forget_deletes_the_callers_records_and_for_a_manager_the_channels(
    server: Server,
) -> None:
    await finished_klac(server)
    anya = ids.player_key(ANYA)
    record = await server.command("forget", user=ANYA, locale="en-US",
                                  member_permissions=NOT_MANAGER)  # fmt: skip
    assert "Only an administrator" in server.told(record)[0]
    assert await server.service.stats(anya) == {}
    assert await server.service.player_ratings(anya) == {}
    chat = ids.chat_key(CHANNEL)
    assert len(await server.service.finished_games(chat)) == 1, "the channel's games stay"
    boris = ids.player_key(BORIS)
    assert await server.service.player_ratings(boris), "another player's rating stays"

    record = await server.command("forget", user=BORIS, locale="en-US")
    assert "this chat’s finished games" in server.told(record)[0]
    assert await server.service.finished_games(chat) == []
    assert await server.service.leaderboard("klac", chat) == []
    left = [k async for k in server.store.redis.scan_iter(match=f"{server.store.prefix}*")]
    assert not [k for k in left if anya in k or boris in k], left


async def test_each_listed_game_has_a_replay_button_for_the_channel(server: Server) -> None:
    table_id = await finished_klac(server)
    record = await server.command("history", user=OUTSIDER, locale="ru")
    (listed,) = [
        server.fake.message(CHANNEL, m)
        for m in (record.original_id, *record.followups)
        if server.fake.message(CHANNEL, m).custom_ids
    ]
    assert listed.ephemeral and listed.content.startswith("📜 Последние партии здесь:")
    (button,) = listed.custom_ids
    assert button.startswith(f"R:{table_id}:")
    before = len(server.channel())
    pressed = await server.press(listed, button, user=OUTSIDER)
    assert server.told(pressed) == ["🎞 Рисую повтор…"]
    (posted,) = server.channel()[before:]
    assert posted.content.startswith("🎞 Клац! · ") and posted.attachments
    # One replay a minute in a channel: the next press is told when.
    again = await server.press(listed, button, user=ANYA, locale="en-US")
    assert server.told(again) == [
        "🎞 A replay was posted here a moment ago: the next one can be in 60 seconds."
    ]
    assert len(server.channel()) == before + 1

    # A press naming no game of this channel changes nothing and says so.
    forged_id = f"R:{'x' * 8}:{button.rsplit(':', 1)[1]}"
    rows = [{"type": 1, "components": [{"type": 2, "custom_id": forged_id}]}]
    forged = dataclasses.replace(listed, components=rows)
    refused = await server.press(forged, forged_id, user=OUTSIDER, locale="en-US")
    assert server.told(refused) == [
        "This game is not among the ones kept in this chat: /history lists them."
    ]
    assert len(server.channel()) == before + 1


def replays(server: Server) -> list[StoredMessage]:
    """The replays posted in the channel, oldest first."""
    return [m for m in server.channel() if any(a.filename.endswith(".gif") for a in m.attachments)]


async def test_a_replay_over_the_upload_limit_is_posted_smaller_or_said_too_large(
    server: Server,
) -> None:
    await finished_klac(server)
    record = await server.command("replay", user=BORIS, locale="en-US")
    (whole,) = replays(server)
    size = len(whole.attachments[0].data)
    # A smaller limit (as the interaction says it): the replay is drawn to fit.
    server.fake.attachment_size_limit = size * 2 // 3
    server.clock.advance(60)
    record = await server.command("replay", user=BORIS, locale="en-US")
    posted = replays(server)
    assert len(posted) == 2 and len(posted[-1].attachments[0].data) <= size * 2 // 3
    # One too small for any replay: said to the asker, nothing posted.
    server.fake.attachment_size_limit = 2_000
    server.clock.advance(60)
    record = await server.command("replay", user=BORIS, locale="en-US")
    assert server.told(record)[-1].startswith("🎞 This game’s replay is too large to post here")
    assert len(replays(server)) == 2
