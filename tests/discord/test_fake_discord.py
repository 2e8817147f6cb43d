"""The Discord harness itself: the real discord.py client against the fake server."""

from __future__ import annotations

import io
import re
import tomllib
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.discord.conftest import ANYA, BORIS, CHANNEL, GUILD, DiscordHarness, option
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_discord_limits import command_problems


def png(color: str = "red") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 4), color).save(out, "PNG")
    return out.getvalue()


class Join(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"join:(?P<table>\w+)"):
    """A persistent "Join" button; the table id lives in the custom_id."""

    def __init__(self, table: str) -> None:
        super().__init__(discord.ui.Button(label="Join", custom_id=f"join:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Join:
        return cls(match["table"])

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="Leave", custom_id=f"leave:{self.table}"))
        await interaction.response.edit_message(
            content=f"{interaction.user.name} joined {self.table}", view=view
        )


async def test_login_uses_the_fake(dh: DiscordHarness) -> None:
    assert dh.bot.user is not None and dh.bot.user.id == dh.fake.app_id
    assert dh.bot.application_id == dh.fake.app_id
    assert [c.path for c in dh.fake.calls] == ["/users/@me", "/oauth2/applications/@me"]


async def test_wrong_token_is_a_login_failure(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", fake_discord.base_url)
    client = discord.Client(intents=discord.Intents.none())
    with pytest.raises(discord.LoginFailure):
        await client.login("not-the-token")
    await client.close()


async def test_slash_command_answers_with_picture_and_button(dh: DiscordHarness) -> None:
    seen: list[tuple[str, int]] = []

    @app_commands.command(description="Start a game")
    async def play(interaction: discord.Interaction, game: str, seats: int = 2) -> None:
        seen.append((game, seats))
        view = discord.ui.View(timeout=None)
        view.add_item(Join(game).item)
        await interaction.response.send_message(
            f"Lobby: {game}", file=discord.File(io.BytesIO(png()), "table.png"), view=view
        )

    dh.bot.tree.add_command(play, guild=discord.Object(GUILD))
    dh.bot.tree.add_command(play)
    synced = await dh.bot.tree.sync(guild=discord.Object(GUILD))
    await dh.bot.tree.sync()
    assert [c.name for c in synced] == ["play"]
    assert [c["name"] for c in dh.fake.guild_commands[GUILD]] == ["play"]
    assert [o["name"] for o in dh.fake.global_commands[0]["options"]] == ["game", "seats"]

    record = await dh.command("play", option("game", "klac"), option("seats", 3))

    assert seen == [("klac", 3)]
    assert record.callback_type == 4
    (lobby,) = dh.fake.messages(CHANNEL)
    assert lobby.id == record.original_id
    assert lobby.content == "Lobby: klac"
    assert lobby.custom_ids == ["join:klac"]
    (picture,) = lobby.attachments
    assert picture.filename == "table.png"
    assert Image.open(io.BytesIO(picture.data)).size == (4, 4)


async def test_button_reaches_dynamic_item_and_edits_the_message(dh: DiscordHarness) -> None:
    dh.bot.add_dynamic_items(Join)
    channel = dh.bot.get_partial_messageable(CHANNEL)
    view = discord.ui.View(timeout=None)
    view.add_item(Join("t1").item)
    sent = await channel.send("Lobby", view=view)
    lobby = dh.fake.message(CHANNEL, sent.id)

    record = await dh.press(lobby, "join:t1", user=BORIS)

    assert record.callback_type == 7
    lobby = dh.fake.message(CHANNEL, sent.id)
    assert lobby.content == "boris joined t1"
    assert lobby.custom_ids == ["leave:t1"]
    assert lobby.edits == 1


async def test_persistent_view_button(dh: DiscordHarness) -> None:
    pressed: list[int] = []

    class Lobby(discord.ui.View):
        def __init__(self) -> None:
            super().__init__(timeout=None)

        @discord.ui.button(label="Start", custom_id="lobby:start")
        async def start(
            self, interaction: discord.Interaction, button: discord.ui.Button[Any]
        ) -> None:
            pressed.append(interaction.user.id)
            await interaction.response.defer()
            await interaction.edit_original_response(content="Started", view=None)

    dh.bot.add_view(Lobby())
    sent = await dh.bot.get_partial_messageable(CHANNEL).send("Lobby", view=Lobby())

    record = await dh.press(dh.fake.message(CHANNEL, sent.id), "lobby:start", user=ANYA)

    assert pressed == [ANYA]
    assert record.callback_type == 6
    lobby = dh.fake.message(CHANNEL, sent.id)
    assert (lobby.content, lobby.components) == ("Started", [])


async def test_deferred_then_filled_in_and_an_ephemeral_followup(dh: DiscordHarness) -> None:
    @app_commands.command(description="Your hand")
    async def hand(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.edit_original_response(content="thinking done")
        await interaction.followup.send(
            "Your cards", file=discord.File(io.BytesIO(png("blue")), "hand.png"), ephemeral=True
        )

    dh.bot.tree.add_command(hand)
    record = await dh.command("hand", user=BORIS)

    assert record.callback_type == 5
    original, followup = dh.fake.messages(CHANNEL)
    assert original.id == record.original_id and original.ephemeral
    assert original.content == "thinking done"
    assert followup.id in record.followups and followup.ephemeral
    assert followup.attachments[0].filename == "hand.png"


async def test_a_followup_never_fills_in_the_thinking_message(dh: DiscordHarness) -> None:
    @app_commands.command(description="Your hand")
    async def hand(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("a message of its own", ephemeral=True)

    dh.bot.tree.add_command(hand)
    record = await dh.command("hand", user=BORIS)
    original, followup = dh.fake.messages(CHANNEL)
    assert original.id == record.original_id and not original.content, "still thinking"
    assert followup.content == "a message of its own"


async def test_late_answers_expired_tokens_and_archived_threads(dh: DiscordHarness) -> None:
    tokens: list[discord.Interaction] = []

    @app_commands.command(description="Your hand")
    async def hand(interaction: discord.Interaction) -> None:
        tokens.append(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)

    dh.bot.tree.add_command(hand)
    late = await dh.command("hand", user=BORIS, late=3.5)
    assert late.callback_type is None, "the initial response came after 3 s: 10062"
    record = await dh.command("hand", user=BORIS)
    assert record.callback_type == 5
    await tokens[-1].followup.send("within 15 minutes")
    dh.fake.advance(15 * 60 + 1)
    with pytest.raises(discord.HTTPException) as exc:
        await tokens[-1].followup.send("too late")
    assert (exc.value.status, exc.value.code) == (401, 50027)

    thread = 1_200_000_000_000_000_555
    dh.fake.add_thread(thread, CHANNEL)
    sent = await dh.bot.get_partial_messageable(thread).send("Table")
    dh.fake.archive(thread)
    with pytest.raises(discord.HTTPException) as exc:
        await sent.edit(content="Table, move 2")
    assert (exc.value.status, exc.value.code) == (400, 50083)
    await dh.bot.http.edit_channel(thread, archived=False)
    await sent.edit(content="Table, move 2")
    assert dh.fake.message(thread, sent.id).content == "Table, move 2"


async def test_channel_message_create_and_edit_with_attachment(dh: DiscordHarness) -> None:
    channel = dh.bot.get_partial_messageable(CHANNEL)
    sent = await channel.send(
        "Table", embed=discord.Embed(title="Klac!"), file=discord.File(io.BytesIO(png()), "t.png")
    )
    stored = dh.fake.message(CHANNEL, sent.id)
    assert stored.embeds[0]["title"] == "Klac!"
    assert sent.attachments[0].filename == "t.png"

    edited = await sent.edit(
        content="Table, move 2", attachments=[discord.File(io.BytesIO(png("green")), "t2.png")]
    )

    stored = dh.fake.message(CHANNEL, sent.id)
    assert stored.content == edited.content == "Table, move 2"
    assert [a.filename for a in stored.attachments] == ["t2.png"]
    assert Image.open(io.BytesIO(stored.attachments[0].data)).getpixel((0, 0)) == (0, 128, 0)
    await sent.delete()
    assert dh.fake.messages(CHANNEL) == []


async def test_dm_open_and_closed(dh: DiscordHarness) -> None:
    dm = await dh.bot.create_dm(discord.Object(ANYA))  # type: ignore[arg-type]
    await dm.send("Your hand")
    assert [m.content for m in dh.fake.messages(dm.id)] == ["Your hand"]

    dh.fake.dm_closed.add(BORIS)
    closed = await dh.bot.create_dm(discord.Object(BORIS))  # type: ignore[arg-type]
    with pytest.raises(discord.Forbidden) as error:
        await closed.send("Your hand")
    assert error.value.code == 50007


async def test_429_is_retried(dh: DiscordHarness) -> None:
    dh.fake.fail("POST", rf"/channels/{CHANNEL}/messages", 429, retry_after=0.05)
    sent = await dh.bot.get_partial_messageable(CHANNEL).send("after a pause")
    posts = dh.fake.calls_to("POST", rf"/channels/{CHANNEL}/messages")
    assert [c.status for c in posts] == [429, 200]
    assert [m.id for m in dh.fake.messages(CHANNEL)] == [sent.id]


async def test_429_on_interaction_callback_is_retried(dh: DiscordHarness) -> None:
    @app_commands.command(description="Ping")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    dh.bot.tree.add_command(ping)
    dh.fake.fail("POST", r"/interactions/\d+/[^/]+/callback", 429, retry_after=0.02)
    record = await dh.command("ping")
    assert record.callback_type == 4
    assert [m.content for m in dh.fake.messages(CHANNEL)] == ["pong"]


async def test_403_is_forbidden(dh: DiscordHarness) -> None:
    dh.fake.fail("PATCH", rf"/channels/{CHANNEL}/messages/\d+", 403)
    sent = await dh.bot.get_partial_messageable(CHANNEL).send("Table")
    with pytest.raises(discord.Forbidden) as error:
        await sent.edit(content="nope")
    assert (error.value.status, error.value.code) == (403, 50013)
    assert dh.fake.message(CHANNEL, sent.id).content == "Table"


async def test_second_acknowledgement_is_rejected(dh: DiscordHarness) -> None:
    errors: list[Exception] = []

    @app_commands.command(description="Twice")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one")
        try:
            # Bypass discord.py's own guard to see the server's answer.
            interaction.response._response_type = None
            await interaction.response.send_message("two")
        except discord.HTTPException as exc:
            errors.append(exc)

    dh.bot.tree.add_command(twice)
    await dh.command("twice")
    assert [getattr(e, "code", None) for e in errors] == [40060]


async def test_command_in_a_dm(dh: DiscordHarness) -> None:
    @app_commands.command(description="Your hand")
    async def hand(interaction: discord.Interaction) -> None:
        assert interaction.guild_id is None and interaction.user.id == ANYA
        assert isinstance(interaction.channel, discord.DMChannel)
        await interaction.response.send_message("Your cards")

    dh.bot.tree.add_command(hand)
    dm = await dh.bot.create_dm(discord.Object(ANYA))  # type: ignore[arg-type]
    record = await dh.command("hand", guild=None, channel=dm.id)
    assert record.callback_type == 4
    assert [m.content for m in dh.fake.messages(dm.id)] == ["Your cards"]


def test_discord_py_is_the_pinned_version() -> None:
    """The harness leans on discord.py internals (``Route.BASE``, the connection
    state's ``parse_interaction_create``, the exact JSON content type): the
    dependency is pinned, and this fails when the installed copy drifts."""
    pyproject = Path(__file__).parents[2] / "pyproject.toml"
    pins = tomllib.loads(pyproject.read_text())["project"]["dependencies"]
    assert f"discord.py=={discord.__version__}" in pins


async def post_message(fake: FakeDiscord, body: dict[str, Any]) -> tuple[int, int | None]:
    """POST a message body to ``CHANNEL`` as the bot; the status and Discord's error code."""
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as session:
        url = f"{fake.base_url}/channels/{CHANNEL}/messages"
        async with session.post(url, json=body, headers=headers) as response:
            data = await response.json()
            return response.status, data.get("code") if response.status >= 400 else None


def button(custom_id: str, label: str = "x") -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": label, "custom_id": custom_id}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def select(options: int, value_length: int = 4) -> dict[str, Any]:
    values = [f"{i:0{value_length}d}" for i in range(options)]
    return {"type": 3, "custom_id": "pick", "options": [{"label": v, "value": v} for v in values]}


async def test_repeated_custom_ids_are_refused(fake_discord: FakeDiscord) -> None:
    """As Discord does: a message whose components repeat a custom id is a 400."""
    body = {"content": "hi", "components": [row(button("same"), button("same"))]}
    assert await post_message(fake_discord, body) == (400, 50035)
    assert fake_discord.messages(CHANNEL) == []


@pytest.mark.parametrize(
    ("body", "fits"),
    [
        ({"content": "x" * 2000}, True),
        ({"content": "x" * 2001}, False),
        ({"components": [row(button(f"b{i}")) for i in range(5)]}, True),
        ({"components": [row(button(f"b{i}")) for i in range(6)]}, False),
        ({"components": [row(*(button(f"b{i}") for i in range(5)))]}, True),
        ({"components": [row(*(button(f"b{i}") for i in range(6)))]}, False),
        ({"components": [row(button("b" * 100, "l" * 80))]}, True),
        ({"components": [row(button("b" * 101))]}, False),
        ({"components": [row(button("b", "l" * 81))]}, False),
        ({"components": [row(select(25))]}, True),
        ({"components": [row(select(26))]}, False),
        ({"components": [row(select(2, value_length=101))]}, False),
        ({"components": [row(select(2), button("b"))]}, False),
        ({"components": [row({"type": 2, "style": 5, "label": "w", "url": "https://x.y"})]}, True),
        ({"components": [row({"type": 2, "style": 2, "label": "no id"})]}, False),
    ],
)
async def test_messages_beyond_discords_limits_are_refused(
    fake_discord: FakeDiscord, body: dict[str, Any], fits: bool
) -> None:
    """Every message the bot sends in the end-to-end tests passes these checks."""
    status, code = await post_message(fake_discord, body)
    assert (status, code) == ((200, None) if fits else (400, 50035))
    assert len(fake_discord.messages(CHANNEL)) == int(fits)


@pytest.mark.parametrize(
    ("command", "problem"),
    [
        ({"name": "play", "description": "Play"}, None),
        ({"name": "Play", "description": "Play"}, "name 'Play'"),
        ({"name": "play", "description": "P", "name_localizations": {"ru": "играть"}}, None),
        ({"name": "play", "description": "P", "name_localizations": {"ru": "Играть"}}, "name"),
        ({"name": "play", "description": "P", "name_localizations": {"ru": "время хода"}}, "name"),
        ({"name": "p" * 33, "description": "P"}, "name"),
        ({"name": "play", "description": "P" * 101}, "description"),
        ({"name": "play", "description": ""}, "description"),
        (
            {
                "name": "play",
                "description": "P",
                "options": [
                    {"name": "n", "description": "d", "choices": [{"name": "c", "value": 1}] * 26}
                ],
            },
            "26 choices",
        ),
    ],
)
def test_command_names_and_limits_as_discord_checks_them(
    command: dict[str, Any], problem: str | None
) -> None:
    problems = command_problems(command)
    assert (problems == []) if problem is None else any(problem in p for p in problems), problems


async def test_a_command_beyond_the_limits_is_not_synced(
    fake_discord: FakeDiscord, discord_bot: commands.Bot
) -> None:
    tree = discord_bot.tree

    @tree.command(name="play", description="x" * 101)
    async def play(interaction: discord.Interaction) -> None:
        """Never run."""

    with pytest.raises(discord.HTTPException) as refused:
        await tree.sync()
    assert refused.value.code == 50035 and fake_discord.global_commands == []
