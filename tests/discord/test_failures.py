"""What must never happen in Discord: foreign, stale and forged presses, hidden cards in
public, hands shown to the wrong seat; and what Discord and Redis do to a running game
(rate limits, lost permissions, deleted messages, closed DMs, expired tokens, restarts)."""

from __future__ import annotations

import asyncio
import copy
import logging
import re
from typing import Any

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from bot.core.tables import Status
from bot.core.tokens import LobbyToken, MoveToken, decode
from bot.discord import ids
from games import registry
from tests.discord.conftest import (
    ANYA,
    BORIS,
    CHANNEL,
    GUILD,
    MEMBER_PERMISSIONS,
    OUTSIDER,
    VIKA,
    Server,
    click,
    interaction_payload,
    move_path,
    mover,
    my_hand,
    open_table,
    option,
    ref_message,
    table_message,
)
from tests.discord.fake_discord_records import Interaction, StoredMessage
from tests.log_lines import logged

CARD = re.compile(r"\b[BOG]\d{1,2}\b")
SEND_MESSAGES = 1 << 11
ATTACH_FILES = 1 << 15
TABLE_EDIT = rf"/channels/{CHANNEL}/messages/\d+"


def t(server: Server, lang: str, msg: str, **args: Any) -> str:
    return server.dc.frontend.i18n.t(lang, msg, **args)


async def snapshot(server: Server, table_id: str) -> tuple[int, int, str | None]:
    """What a refused press must leave alone: the table's versions and its game state."""
    table, state = await server.service.get(table_id)
    text = None if state is None else registry.get(table.game).dumps(state)
    return table.version, table.state_version, text


async def forge(
    server: Server, message: StoredMessage, custom_id: Any, *values: Any, **kw: Any
) -> list[str]:
    """A hand-made component interaction on ``message`` (nothing checks it is on it);
    what the presser was told."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values else 2}
    if values or kw.pop("select", False):
        data["component_type"] = 3
        data["values"] = list(values)
    payload = interaction_payload(
        server.fake,
        3,
        data,
        guild=message.guild_id,
        channel=message.channel_id,
        message=message,
        **kw,
    )
    record = await server.harness.inject(payload)
    await server.settle()
    return server.told(record)


async def play_move(server: Server, table_id: str, index: int = 0) -> None:
    """The player to move makes a move step by step on their hand (a klac table)."""
    user, _ = await mover(server, table_id)
    hand = await my_hand(server, table_id, user)
    for token in await move_path(server, table_id, index):
        record = await click(server, hand, token, user=user)
        assert server.told(record) == [], server.told(record)


async def service_move(server: Server, table_id: str) -> None:
    """The player to move makes their first legal move (through the table service)."""
    table, state = await server.service.get(table_id)
    game = registry.get(table.game)
    seat = game.to_move(state)[0]
    action = game.legal_actions(state, seat)[0]
    await server.service.play(table_id, table.players[seat].key, table.state_version, action)
    await server.settle()


def explained(server: Server, record: Interaction) -> list[str]:
    """What the presser was told in words (ephemeral texts that are not a hand or a panel)."""
    return [
        m.content
        for m in (server.fake.message(record.channel_id, i) for i in record.followups)
        if m.ephemeral and not m.components and not m.attachments
    ]


def assert_unique_ids(message: StoredMessage) -> None:
    """Discord refuses a message whose components repeat a custom id."""
    assert len(message.custom_ids) == len(set(message.custom_ids)), message.custom_ids


# -- presses that must change nothing -------------------------------------------


async def test_outsiders_and_the_other_player_cannot_move_on_a_public_table(
    server: Server,
) -> None:
    table_id = await open_table(server, "klotho", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    user, seat = await mover(server, table_id)
    other = ANYA if user == BORIS else BORIS
    token = table_msg.custom_ids[0]
    assert decode(token) == MoveToken(table_id, 1, seat, (0,))
    before, content, edits = await snapshot(server, table_id), table_msg.content, table_msg.edits
    record = await server.press(table_msg, token, user=OUTSIDER)
    assert server.told(record) == [t(server, "ru", "error-not-seated")]
    record = await server.press(table_msg, token, user=other, locale="en-US")
    assert server.told(record) == ["These buttons belong to another player."]
    assert await snapshot(server, table_id) == before
    assert (table_msg.content, table_msg.edits) == (content, edits)
    record = await server.press(table_msg, token, user=user)
    assert server.told(record) == []
    assert (await snapshot(server, table_id))[1] == before[1] + 1


async def test_a_stale_button_on_the_table_is_refused(server: Server) -> None:
    table_id = await open_table(server, "klotho", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    old = copy.deepcopy(table_msg)
    user, _ = await mover(server, table_id)
    await server.press(table_msg, table_msg.custom_ids[0], user=user)
    before = await snapshot(server, table_id)
    assert table_msg.custom_ids != old.custom_ids
    # The same player presses the old message's other cell (a message not yet refreshed).
    told = await forge(server, old, old.custom_ids[1], user=user)
    assert told == [t(server, "ru", "error-stale")]
    # The mover now presses an old button of the other seat's: not theirs either way.
    now, _ = await mover(server, table_id)
    assert now != user
    assert await forge(server, old, old.custom_ids[1], user=now) == [
        t(server, "ru", "error-not-your-button")
    ]
    assert await snapshot(server, table_id) == before


async def test_forged_custom_ids_and_bad_selects_are_refused(server: Server) -> None:
    table_id = await open_table(server, "klotho", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    user, _ = await mover(server, table_id)
    before = await snapshot(server, table_id)
    bad = t(server, "ru", "error-bad-request")
    gone = t(server, "ru", "error-table-not-found")
    forged = ("m:xxx", "garbage", "", 12345, "H:", "O:x", "D:2", "S:999", "Z:0")
    # A lone surrogate (JSON's "\ud800") cannot even be encoded to look it up.
    surrogates = ("m:\ud800bcd:1:0:", "H:\ud800bcd", "S:\udfff")
    for custom_id in (*forged, *surrogates):
        assert await forge(server, table_msg, custom_id, user=user) == [bad], custom_id
    nothing = t(server, "ru", "error-nothing-here")
    assert await forge(server, table_msg, f"z:{table_id}", user=user) == [nothing]
    assert await forge(server, table_msg, "m:zzzzzzzz:1:0:0", user=user) == [gone]
    assert await forge(server, table_msg, "H:zzzzzzzz", user=user) == [gone]
    token = table_msg.custom_ids[0]
    # A select sends exactly one value: none, two, or something that is not a token.
    assert await forge(server, table_msg, "S:0", select=True, user=user) == [bad]
    assert await forge(server, table_msg, "S:0", token, table_msg.custom_ids[1], user=user) == [bad]
    assert await forge(server, table_msg, "S:0", "garbage", user=user) == [bad]
    assert await forge(server, table_msg, "S:0", 7, user=user) == [bad]
    assert await snapshot(server, table_id) == before
    # The one value of a select is a token like any button's.
    assert await forge(server, table_msg, "S:0", token, user=user) == []
    assert (await snapshot(server, table_id))[1] == before[1] + 1


async def test_another_seats_hand_buttons_are_refused(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS)
    user, _ = await mover(server, table_id)
    other = ANYA if user == BORIS else BORIS
    hand = await my_hand(server, table_id, user)
    other_hand = await my_hand(server, table_id, other)
    token = (await move_path(server, table_id))[0]
    before, shown, edits = await snapshot(server, table_id), hand.content, hand.edits
    # The other player sends the mover's button, from the mover's hand or their own.
    for message in (hand, other_hand):
        assert await forge(server, message, token, user=other) == [
            t(server, "ru", "error-not-your-button")
        ]
    assert await forge(server, hand, token, user=OUTSIDER) == [t(server, "ru", "error-not-seated")]
    assert await snapshot(server, table_id) == before
    assert (hand.content, hand.edits) == (shown, edits)
    assert other_hand.custom_ids == [ids.direct_id(True)], "still only their own hand"


async def test_a_blank_cell_does_nothing(server: Server) -> None:
    table_id = await open_table(server, "klotho", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    for _ in range(3):
        user, _ = await mover(server, table_id)
        await click(server, table_msg, (await move_path(server, table_id))[0], user=user)
    blanks = [c for c in table_msg.custom_ids if c.startswith("Z:")]
    assert blanks, table_msg.custom_ids
    cells = [c for row in table_msg.components for c in row["components"]]
    assert all(c["disabled"] for c in cells if c.get("custom_id", "").startswith("Z:"))
    before = await snapshot(server, table_id)
    user, _ = await mover(server, table_id)
    for presser in (user, OUTSIDER):
        assert await forge(server, table_msg, blanks[0], user=presser) == [
            t(server, "ru", "error-bad-request")
        ]
    assert await snapshot(server, table_id) == before
    assert_unique_ids(table_msg)


async def test_a_token_of_another_channels_table_is_refused(server: Server) -> None:
    other = CHANNEL + 1000
    server.fake.add_channel(other, GUILD)
    table_id = await open_table(server, "klotho", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    user, _ = await mover(server, table_id)
    # Another table of the same players in another channel.
    await server.command("play", option("game", "klac"), user=ANYA, channel=other)
    elsewhere = await server.service.table_in(ids.chat_key(other))
    assert elsewhere is not None
    there = server.fake.message(
        other, int(await server.store.get_ref(elsewhere.id, "dc:lobby") or 0)
    )
    before, before_there = await snapshot(server, table_id), await snapshot(server, elsewhere.id)
    bad = [t(server, "ru", "error-bad-request")]
    for token in (
        table_msg.custom_ids[0],  # the mover's own move, pressed in the wrong channel
        LobbyToken(table_id, "l").encode(),
        ids.hand_id(table_id),
    ):
        assert await forge(server, there, token, user=user) == bad, token
    # And the other way round: the lobby's buttons on this channel's table message.
    assert await forge(server, table_msg, LobbyToken(elsewhere.id, "j").encode(), user=VIKA) == bad
    assert await snapshot(server, table_id) == before
    assert await snapshot(server, elsewhere.id) == before_there
    assert [m for m in server.fake.messages(other) if not m.ephemeral] == [there]


async def test_my_hand_for_someone_not_seated(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    before = await snapshot(server, table_id)
    messages = len(server.fake.messages(CHANNEL))
    record = await server.press(table_msg, ids.hand_id(table_id), user=OUTSIDER)
    assert server.told(record) == [t(server, "ru", "error-not-seated")]
    assert len(record.followups) == 1, "only the explanation, no hand"
    assert len(server.fake.messages(CHANNEL)) == messages + 1
    assert await snapshot(server, table_id) == before
    # In the lobby there are no hands yet.
    other = CHANNEL + 1000
    server.fake.add_channel(other, GUILD)
    await server.command("play", option("game", "klac"), user=VIKA, channel=other)
    lobby_table = await server.service.table_in(ids.chat_key(other))
    assert lobby_table is not None
    lobby = server.fake.message(
        other, int(await server.store.get_ref(lobby_table.id, "dc:lobby") or 0)
    )
    assert await forge(server, lobby, ids.hand_id(lobby_table.id), user=VIKA) == [
        t(server, "ru", "error-wrong-phase")
    ]


async def test_lobby_options_panel_for_a_guest_and_for_the_host(server: Server) -> None:
    table_id = await open_table(server, "krendzu", ANYA, BORIS, start=False)
    lobby = await ref_message(server, table_id, "dc:lobby")
    lobby_text = lobby.content
    record = await server.press(lobby, ids.options_id(table_id), user=BORIS)
    panel = server.fake.message(CHANNEL, record.followups[-1])
    assert panel.ephemeral and panel.content.startswith("⚙ Настройки стола")
    assert "Кругов: 1" in panel.content
    rounds = LobbyToken(table_id, "o0").encode()
    assert rounds in panel.custom_ids
    before = await snapshot(server, table_id)
    record = await server.press(panel, rounds, user=BORIS)
    assert server.told(record) == [t(server, "ru", "error-not-allowed")]
    assert await snapshot(server, table_id) == before
    assert (panel.edits, lobby.content) == (0, lobby_text)
    # The host's own panel: the press changes the option, the panel and the lobby.
    record = await server.press(lobby, ids.options_id(table_id), user=ANYA)
    panel = server.fake.message(CHANNEL, record.followups[-1])
    record = await server.press(panel, rounds, user=ANYA)
    assert server.told(record) == []
    table, _ = await server.service.get(table_id)
    assert table.options["rounds"] == 2
    assert "Кругов: 2" in panel.content and panel.edits == 1
    assert "Кругов: 2" in lobby.content and lobby.content != lobby_text
    assert_unique_ids(panel)
    # Once the game started, the old panel changes nothing.
    await server.press(lobby, LobbyToken(table_id, "s").encode(), user=ANYA)
    before = await snapshot(server, table_id)
    record = await server.press(panel, rounds, user=ANYA)
    assert server.told(record) == [t(server, "ru", "error-wrong-phase")]
    assert await snapshot(server, table_id) == before
    assert lobby.custom_ids == [], "the lobby says the game started"
    told = await forge(server, lobby, LobbyToken(table_id, "j").encode(), user=VIKA)
    assert told == [t(server, "ru", "error-wrong-phase")]
    assert await snapshot(server, table_id) == before


# -- hidden information ---------------------------------------------------------


async def test_hidden_cards_never_in_public_ids_or_logs_and_hands_stay_with_their_seat(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    table_id = await open_table(server, "klac", ANYA, BORIS, VIKA)
    users = {ANYA: 0, BORIS: 1, VIKA: 2}
    hands = {}
    for user in users:
        hands[user] = await my_hand(server, table_id, user)
    screens = server.dc.frontend.screens

    async def hands_show_their_own_seat() -> None:
        table, state = await server.service.get(table_id)
        for user, hand in hands.items():
            seat = table.seat_of(ids.player_key(user))
            assert seat == users[user]
            expected = await screens.seat(table, state, seat, "ru")
            assert hand.attachments[-1].data == expected.image, (user, seat)
            assert not any(
                h.attachments[-1].data == expected.image for u, h in hands.items() if u != user
            ), "two seats' hands look alike"

    await hands_show_their_own_seat()
    for _ in range(5):
        user, _ = await mover(server, table_id)
        for token in await move_path(server, table_id):
            record = await click(server, hands[user], token, user=user)
            assert server.told(record) == []
            assert_unique_ids(hands[user])
        await hands_show_their_own_seat()
    assert (await server.service.get(table_id))[0].state_version == 6

    for message in server.fake.messages(CHANNEL, deleted=True):
        assert_unique_ids(message)
        values = [
            o["value"]
            for row in message.components
            for item in row.get("components", [])
            for o in item.get("options", [])
        ]
        for text in [*message.custom_ids, *values]:
            assert not CARD.search(text), text
        if not message.ephemeral:
            assert not CARD.search(message.content), message.content
            # A public message never carries a seat's private move.
            for custom_id in message.custom_ids:
                assert not custom_id.startswith(("m:", "w:")), custom_id
    for call in server.fake.calls:
        if call.path.startswith(f"/channels/{CHANNEL}/"):
            assert not CARD.search(str(call.json)), call
    assert caplog.records
    assert [line for line in logged(caplog.records) if CARD.search(line)] == []


# -- Discord refusing or losing things --------------------------------------------


async def test_a_rate_limited_table_edit_is_retried(server: Server) -> None:
    table_id = await open_table(server, "klotho", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    edits = table_msg.edits
    path = rf"/channels/{CHANNEL}/messages/{table_msg.id}"
    server.fake.fail("PATCH", path, 429, retry_after=0.05)
    user, _ = await mover(server, table_id)
    record = await server.press(table_msg, table_msg.custom_ids[0], user=user)
    assert server.told(record) == []
    calls = server.fake.calls_to("PATCH", path)
    assert [c.status for c in calls[-2:]] == [429, 200]
    assert table_msg.edits == edits + 1
    table, state = await server.service.get(table_id)
    expected = await server.dc.frontend.screens.table(table, state, "ru")
    assert table_msg.content == expected.text


async def test_lost_permissions_are_told_to_the_next_presser(server: Server) -> None:
    table_id = await open_table(server, "klotho", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    content, ids_before = table_msg.content, table_msg.custom_ids
    server.fake.fail("PATCH", TABLE_EDIT, 403)
    user, _ = await mover(server, table_id)
    record = await server.press(table_msg, table_msg.custom_ids[0], user=user)
    assert server.told(record) == []
    assert (table_msg.content, table_msg.custom_ids) == (content, ids_before), "edit refused"
    assert (await server.service.get(table_id))[0].state_version == 2, "the move counts"
    # The next press there, on the table as it still looks, hears why it stands still…
    now, _ = await mover(server, table_id)
    lacking = str(int(MEMBER_PERMISSIONS) & ~SEND_MESSAGES)
    record = await server.press(
        table_msg, table_msg.custom_ids[1], user=now, app_permissions=lacking
    )
    assert server.told(record) == [
        t(server, "ru", "error-not-your-button"),
        t(server, "ru", "dc-missing-permissions", permissions="Отправлять сообщения"),
    ]
    # …and the table is shown again (the permission is back by now): it can go on.
    table, state = await server.service.get(table_id)
    expected = await server.dc.frontend.screens.table(table, state, "ru")
    assert table_msg.content == expected.text
    assert table_msg.custom_ids != ids_before
    record = await click(server, table_msg, (await move_path(server, table_id))[0], user=now)
    assert server.told(record) == [], "told once"
    assert (await server.service.get(table_id))[0].state_version == 3


async def test_a_channel_that_keeps_refusing_is_told_at_every_press(server: Server) -> None:
    table_id = await open_table(server, "klotho", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    server.fake.fail("PATCH", TABLE_EDIT, 403, times=100)
    user, _ = await mover(server, table_id)
    await server.press(table_msg, table_msg.custom_ids[0], user=user)
    lacking = str(int(MEMBER_PERMISSIONS) & ~ATTACH_FILES)
    missing = t(server, "ru", "dc-missing-permissions", permissions="Прикреплять файлы")
    for presser in (OUTSIDER, ANYA, BORIS):
        record = await server.press(
            table_msg, table_msg.custom_ids[0], user=presser, app_permissions=lacking
        )
        assert server.told(record)[-1] == missing, presser
    assert (await server.service.get(table_id))[0].state_version == 2


async def test_lost_permissions_are_told_to_whoever_presses_my_hand_next(
    server: Server,
) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    content = table_msg.content
    server.fake.fail("PATCH", TABLE_EDIT, 403, times=5)
    server.fake.fail("POST", rf"/channels/{CHANNEL}/messages", 403, times=5)
    await play_move(server, table_id)
    assert table_msg.content == content
    now, _ = await mover(server, table_id)
    lacking = str(int(MEMBER_PERMISSIONS) & ~SEND_MESSAGES)
    record = await server.press(table_msg, ids.hand_id(table_id), user=now,
                                app_permissions=lacking, locale="en-US")  # fmt: skip
    assert explained(server, record) == [
        "⚠ I lack permissions in this channel: Send Messages. Ask an admin to give them to me "
        "(channel settings → Permissions), then try again."
    ]
    hand = server.fake.message(CHANNEL, record.followups[0])
    assert hand.attachments and "Your turn" in hand.content, "the hand is sent all the same"


async def test_a_deleted_table_message_is_sent_again(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS)
    old = await table_message(server, table_id)
    old.deleted = True  # someone deleted the bot's table message
    await service_move(server, table_id)
    fresh = await table_message(server, table_id)
    assert fresh.id != old.id and not fresh.deleted
    assert fresh.attachments and fresh.custom_ids == [ids.hand_id(table_id)]
    table, state = await server.service.get(table_id)
    expected = await server.dc.frontend.screens.table(table, state, "ru")
    assert fresh.content == expected.text
    assert fresh.attachments[0].data == expected.image
    # Later changes edit the new message, which works like the old one.
    await play_move(server, table_id)
    assert await table_message(server, table_id) is fresh and fresh.edits == 1
    assert len([m for m in server.channel() if m.attachments]) == 1


# -- hands by DM ------------------------------------------------------------------


async def test_hands_by_dm_refused_when_dms_are_closed(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS)
    user, _ = await mover(server, table_id)
    other = ANYA if user == BORIS else BORIS
    hand = await my_hand(server, table_id, other)
    server.fake.dm_closed.add(other)
    record = await server.press(hand, ids.direct_id(True), user=other)
    assert server.told(record) == [t(server, "ru", "dc-dm-closed")]
    assert not await server.dc.frontend.publisher.hands.wants_dm(ids.player_key(other))
    assert [m for m in server.fake.messages(server.fake.dms[other]) if not m.deleted] == []
    # Hands stay ephemeral: the next move edits the same hand.
    edits = hand.edits
    await play_move(server, table_id)
    assert hand.edits > edits and "Ваш ход" in hand.content
    assert [m for m in server.channel() if "личку" in m.content] == [], "nothing public"


async def test_hands_by_dm_then_dms_closed_mid_game(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS)
    user, _ = await mover(server, table_id)
    other = ANYA if user == BORIS else BORIS
    hand = await my_hand(server, table_id, other)
    record = await server.press(hand, ids.direct_id(True), user=other)
    assert server.told(record) == [t(server, "ru", "dc-dm-on")]
    assert await server.dc.frontend.publisher.hands.wants_dm(ids.player_key(other))
    dm = server.fake.dms[other]
    welcome, dm_hand = server.fake.messages(dm)
    assert welcome.content == t(server, "ru", "dc-dm-welcome")
    assert dm_hand.attachments and ids.direct_id(False) in dm_hand.custom_ids
    table, state = await server.service.get(table_id)
    seat = table.seat_of(ids.player_key(other))
    assert seat is not None
    expected = await server.dc.frontend.screens.seat(table, state, seat, "ru")
    assert dm_hand.attachments[0].data == expected.image
    # A move: the DM hand is edited (their turn now) and the turn ping comes by DM.
    await play_move(server, table_id)
    assert dm_hand.edits >= 1 and "Ваш ход" in dm_hand.content
    assert any(m.content.startswith("🟢 Ваш ход — Клац!") for m in server.fake.messages(dm))
    assert not any(f"<@{other}>" in m.content for m in server.channel())
    # The hand in the DM is played like the ephemeral one.
    for token in await move_path(server, table_id):
        record = await click(server, dm_hand, token, user=other)
        assert server.told(record) == []
    assert (await server.service.get(table_id))[0].state_version == 3
    hands_in_dm = [m for m in server.fake.messages(dm) if m.attachments]
    assert hands_in_dm == [dm_hand], "one hand, edited"
    # DMs closed mid-game: the channel is told once; the flag is off.
    server.fake.dm_closed.add(other)
    for _ in range(4):
        table, state = await server.service.get(table_id)
        if table.status != Status.PLAYING:
            break
        await play_move(server, table_id)
    notice = t(server, "ru", "dc-dm-closed-channel", player=f"<@{other}>")
    assert [m.content for m in server.channel()].count(notice) == 1
    assert not await server.dc.frontend.publisher.hands.wants_dm(ids.player_key(other))


async def test_dm_switch_off(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS)
    hand = await my_hand(server, table_id, ANYA)
    await server.press(hand, ids.direct_id(True), user=ANYA)
    dm_hand = [m for m in server.fake.messages(server.fake.dms[ANYA]) if m.attachments][-1]
    record = await server.press(dm_hand, ids.direct_id(False), user=ANYA)
    assert server.told(record) == [t(server, "ru", "dc-dm-off")]
    assert not await server.dc.frontend.publisher.hands.wants_dm(ids.player_key(ANYA))


# -- time, restarts, Redis, races -------------------------------------------------


async def test_an_expired_hand_token_is_never_used_by_pushes(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS, VIKA)
    user, _ = await mover(server, table_id)
    waiting = next(u for u in (ANYA, BORIS, VIKA) if u != user)
    old = await my_hand(server, table_id, waiting)
    [old_record] = [r for r in server.fake.interactions.values() if old.id in r.followups]
    hands = server.dc.frontend.publisher.hands
    later = hands.clock() + 14 * 60 + 1
    hands.clock = lambda: later
    server.fake.advance(14 * 60 + 1)
    calls = len(server.fake.calls)
    for _ in range(3):
        await play_move(server, table_id)
    assert [c.path for c in server.fake.calls[calls:] if old_record.token in c.path] == []
    # "My hand" sends a new hand, which later pushes keep up to date.
    fresh = await my_hand(server, table_id, waiting)
    assert fresh.id != old.id
    table, state = await server.service.get(table_id)
    seat = table.seat_of(ids.player_key(waiting))
    assert seat is not None
    expected = await server.dc.frontend.screens.seat(table, state, seat, "ru")
    assert fresh.attachments[0].data == expected.image
    edits = fresh.edits
    for _ in range(3):
        if (await mover(server, table_id))[0] == waiting:
            break
        await service_move(server, table_id)
    assert fresh.edits > edits and "Ваш ход" in fresh.content


async def test_a_press_on_an_expired_hand_resends_it(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS, VIKA)
    user, _ = await mover(server, table_id)
    old = await my_hand(server, table_id, user)
    hands = server.dc.frontend.publisher.hands
    later = hands.clock() + 15 * 60
    hands.clock = lambda: later
    server.fake.advance(15 * 60)
    before = await snapshot(server, table_id)
    first = (await move_path(server, table_id))[0]
    record = await click(server, old, first, user=user)
    assert explained(server, record) == []
    assert await snapshot(server, table_id) == before, "a menu step, not a move"
    [new_id] = record.followups
    new = server.fake.message(CHANNEL, new_id)
    assert new.ephemeral and new.attachments
    assert old.content == t(server, "ru", "dc-hand-moved") and old.custom_ids == []
    ref = await hands.hand_ref(table_id, (await mover(server, table_id))[1])
    assert ref is not None and ref.message_id == new.id and ref.token == record.token
    # The new hand shows the step pressed, and the move is finished on it.
    for token in (await move_path(server, table_id))[1:]:
        assert server.told(await click(server, new, token, user=user)) == []
    assert (await snapshot(server, table_id))[1] == before[1] + 1


async def test_old_buttons_work_after_a_restart(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS)
    user, _ = await mover(server, table_id)
    hand = await my_hand(server, table_id, user)
    table_msg = await table_message(server, table_id)
    await server.restart()
    for token in await move_path(server, table_id):
        record = await click(server, hand, token, user=user)
        assert server.told(record) == []
    assert (await server.service.get(table_id))[0].state_version == 2
    assert "Сейчас не ваш ход" in hand.content
    assert await table_message(server, table_id) is table_msg, "the same table message, edited"
    now, _ = await mover(server, table_id)
    record = await server.press(table_msg, ids.hand_id(table_id), user=now)
    assert server.told(record) and "Ваш ход" in server.told(record)[0]


async def test_old_public_buttons_work_after_a_restart(server: Server) -> None:
    table_id = await open_table(server, "klotho", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    await server.restart()
    user, _ = await mover(server, table_id)
    record = await click(server, table_msg, (await move_path(server, table_id))[0], user=user)
    assert server.told(record) == []
    assert (await server.service.get(table_id))[0].state_version == 2
    assert await table_message(server, table_id) is table_msg


async def test_redis_down_is_explained_and_nothing_is_lost(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id = await open_table(server, "klotho", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    before = await snapshot(server, table_id)
    user, _ = await mover(server, table_id)
    token = (await move_path(server, table_id))[0]

    async def down(*args: Any, **kwargs: Any) -> Any:
        raise RedisConnectionError("Connection refused")

    with monkeypatch.context() as patch:
        patch.setattr(server.store.redis, "execute_command", down)
        record = await click(server, table_msg, token, user=user, locale="en-US")
        assert server.told(record) == [t(server, "en", "error-unavailable")]
        record = await server.command("stats", user=user)
        assert server.told(record) == [t(server, "ru", "error-unavailable")]
    assert await snapshot(server, table_id) == before
    record = await click(server, table_msg, token, user=user)
    assert server.told(record) == []
    assert (await snapshot(server, table_id))[1] == before[1] + 1


async def test_two_clicks_at_once_make_one_move(server: Server) -> None:
    table_id = await open_table(server, "klotho", ANYA, BORIS)
    table_msg = await table_message(server, table_id)
    user, _ = await mover(server, table_id)
    other = ANYA if user == BORIS else BORIS
    before = await snapshot(server, table_id)
    first, second = table_msg.custom_ids[:2]
    records = await asyncio.gather(
        server.harness.press(table_msg, first, user=user),
        server.harness.press(table_msg, second, user=user),
        server.harness.press(table_msg, first, user=other),
    )
    await server.settle()
    assert (await snapshot(server, table_id))[1] == before[1] + 1
    told = [server.told(r) for r in records]
    assert told[2] == [t(server, "ru", "error-not-your-button")]
    assert sorted(told[:2]) == [[], [t(server, "ru", "error-stale")]]


async def test_an_hour_old_table_whose_edits_are_used_up_is_sent_anew(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS, options="target=50")
    old = await table_message(server, table_id)
    # A day-long turn: the table message is over an hour old, and Discord lets
    # it be edited only a few more times (code 30046).
    server.fake.advance(2 * 3600)
    for _ in range(6):
        await service_move(server, table_id)
    new = await table_message(server, table_id)
    assert new.id != old.id, "sent anew once its edits were used up"
    assert server.fake.message(CHANNEL, old.id).deleted, "the old table is not left behind"
    table, state = await server.service.get(table_id)
    expected = await server.dc.frontend.screens.table(table, state, "ru")
    assert new.content == expected.text, "and it is current"
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_lobby_button_forged_in_a_dm_joins_nothing(server: Server) -> None:
    table_id = await open_table(server, "klac", ANYA, start=False)
    dm = 1_200_000_000_000_000_500
    record = await server.command("deck", user=OUTSIDER, guild=None, channel=dm)
    (builder,) = [
        server.fake.message(dm, m) for m in (record.original_id, *record.followups)
        if server.fake.message(dm, m).custom_ids
    ]  # fmt: skip
    join = LobbyToken(table_id, "j").encode()
    told = await forge(server, builder, join, user=OUTSIDER, locale="en-US")
    assert told == [t(server, "en", "error-bad-request")], told
    table, _ = await server.service.get(table_id)
    assert table.seat_of(ids.player_key(OUTSIDER)) is None, "another server's lobby"


async def test_a_deleted_channel_stops_its_game_without_retrying_or_tracebacks(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    table_id = await open_table(server, "klac", ANYA, BORIS, options="target=50")
    # Boris takes his hand by DM: he is the one who can still be told.
    await server.service.store.flag("dc:dm", str(BORIS))
    server.fake.delete_channel(CHANNEL)
    await service_move(server, table_id)
    table, _ = await server.service.get(table_id)
    assert table.status == Status.ABORTED, "not played out on timeouts nobody sees"
    await server.settle()
    channel = f"/channels/{CHANNEL}"
    refused = [c for c in server.fake.calls if c.path.startswith(channel) and c.status == 404]
    # The edit and the send that found it gone, and the move's ping: then no more.
    assert 1 <= len(refused) <= 4, [(c.method, c.path) for c in refused]
    dm = server.fake.dms[BORIS]
    told = [m.content for m in server.fake.messages(dm)]
    assert "⛔ Ваша игра «Клац!» остановлена: её канал удалили." in told, told
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
