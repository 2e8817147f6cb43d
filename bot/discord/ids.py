"""Discord ids ⇄ the core's platform-qualified keys (``dc:…``), and this frontend's custom ids.

Component custom ids are either a core token (starting with a lowercase
letter, see :mod:`bot.core.tokens`) or one of ours, starting with an
uppercase letter:

``H:ID``   "My hand" on the table message of table ID (also on turn pings)
``O:ID``   the lobby's options panel of table ID
``D:1|0``  hands by direct message on / off for the presser
``S:N``    the N-th select menu of a message; the chosen option's value is a core token
``Z:N``    a disabled blank cell of a field (never pressed)
``R:ID:WHEN``  a replay button of ``/history`` (:class:`bot.core.history.ReplayButton`)
"""

from __future__ import annotations

import re

import discord

from bot.core.names import short_name

PREFIX = "dc:"

HAND = re.compile(r"H:([A-Za-z0-9_-]{4,16})")
OPTIONS = re.compile(r"O:([A-Za-z0-9_-]{4,16})")
DIRECT = re.compile(r"D:([01])")
SELECT = re.compile(r"S:\d{1,2}")
REPLAY_PREFIX = "R"
#: What looks like a replay button; the button itself checks the rest.
REPLAY = re.compile(rf"{REPLAY_PREFIX}:.*")


DM_PREFIX = f"{PREFIX}dm:"


def chat_key(channel_id: int, *, dm: bool = False) -> str:
    """The core's key of a channel (a thread is a channel too); a DM with the bot,
    where a person plays alone against the computer, is told apart."""
    return f"{DM_PREFIX if dm else PREFIX}{channel_id}"


def interaction_chat(interaction: discord.Interaction) -> str:
    """The core's key of the channel an interaction came from."""
    return chat_key(interaction.channel_id or 0, dm=interaction.guild_id is None)


def is_dm(key: str) -> bool:
    """True for the key of a DM with the bot (see :func:`chat_key`)."""
    return key.startswith(DM_PREFIX)


def channel_id(key: str) -> int:
    """The channel id of a key made by :func:`chat_key`."""
    return int(key.removeprefix(DM_PREFIX).removeprefix(PREFIX))


def player_key(user_id: int) -> str:
    """The core's key of a Discord user."""
    return f"{PREFIX}{user_id}"


def user_id(key: str) -> int:
    """The Discord user id of a player key."""
    return int(key.removeprefix(PREFIX))


def display_name(user: discord.abc.User) -> str:
    """A short name for seat lists and images (the server nickname when there is one)."""
    return short_name(user.display_name, user.name, str(user.id))


def hand_id(table_id: str) -> str:
    """The custom id of a table's "My hand" button."""
    return f"H:{table_id}"


def options_id(table_id: str) -> str:
    """The custom id of a lobby's "Options" button."""
    return f"O:{table_id}"


def direct_id(on: bool) -> str:
    """The custom id of the "hand by DM" switch."""
    return f"D:{int(on)}"
