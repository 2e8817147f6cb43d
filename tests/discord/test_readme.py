"""The README's Discord invite asks for exactly the permissions the bot checks for."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.discord.context import NEEDED_PERMISSIONS


def test_the_invite_link_asks_for_what_the_bot_needs() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    asked = int(re.search(r"permissions=(\d+)", readme)[1])  # type: ignore[index]
    needed = discord.Permissions(**dict.fromkeys(NEEDED_PERMISSIONS, True))
    needed.send_messages_in_threads = True  # checked instead of send_messages in threads
    assert asked == needed.value
