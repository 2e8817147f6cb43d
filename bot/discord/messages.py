"""Neutral screens as Discord messages: text within limits, a PNG, components.

Components are built as a :class:`discord.ui.View` only to serialise them:
the view is stopped before it is sent, so discord.py keeps no view in memory.
Every press is routed by its custom id alone (see :mod:`bot.discord.presses`),
which is why buttons keep working after a restart.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import discord

from bot.core.screen_base import Button, Screen
from bot.core.tokens import BadToken, LobbyToken, RematchToken, StopToken, VoteToken, decode
from bot.discord import ids
from bot.discord.layout import Picker, Row, fit

TEXT_LIMIT = 2000
IMAGE_NAME = "table.png"
#: Discord's code for a channel that no longer exists.
UNKNOWN_CHANNEL = 10003
NO_MENTIONS = discord.AllowedMentions.none()


@dataclass(frozen=True)
class Outgoing:
    """What to send: text, the PNG (``None``: none, or keep the one shown) and components."""

    content: str
    image: bytes | None
    view: discord.ui.View | None

    def file(self) -> discord.File | None:
        """A fresh upload of the image (a File can be sent only once)."""
        return None if self.image is None else discord.File(io.BytesIO(self.image), IMAGE_NAME)


def outgoing(
    screen: Screen,
    extra: tuple[Button, ...] = (),
    *,
    placeholder: str,
    with_image: bool = True,
) -> Outgoing:
    """The message for ``screen`` plus this frontend's ``extra`` buttons.

    ``with_image=False`` leaves the picture out (the message shows it already).
    """
    rows = fit(screen.buttons, extra, placeholder=placeholder)
    return Outgoing(
        content=cut(screen.text),
        image=screen.image if with_image else None,
        view=view(rows),
    )


def cut(text: str) -> str:
    """Text cut to what a Discord message holds."""
    return text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1] + "…"


def view(rows: list[Row]) -> discord.ui.View | None:
    """Components for ``rows`` (``None`` when there are none)."""
    if not rows:
        return None
    out = discord.ui.View(timeout=None)
    for number, row in enumerate(rows):
        if isinstance(row, Picker):
            out.add_item(
                discord.ui.Select(
                    custom_id=row.custom_id,
                    placeholder=row.placeholder,
                    options=[discord.SelectOption(label=lb, value=v) for lb, v in row.options],
                    row=number,
                )
            )
            continue
        for key in row:
            if key.url is not None:
                out.add_item(discord.ui.Button(label=key.label, url=key.url, row=number))
            else:
                out.add_item(
                    discord.ui.Button(
                        label=key.label,
                        custom_id=key.custom_id,
                        style=_style(key.custom_id or ""),
                        disabled=key.disabled,
                        row=number,
                    )
                )
    # Serialised only: a stopped view is not kept in discord.py's view store.
    out.stop()
    return out


def _style(custom_id: str) -> discord.ButtonStyle:
    """Colours that say what a button does: go ahead, stop, or an ordinary choice."""
    if ids.HAND.fullmatch(custom_id):
        return discord.ButtonStyle.primary
    try:
        token = decode(custom_id)
    except BadToken:
        return discord.ButtonStyle.secondary
    if isinstance(token, LobbyToken):
        return {
            "j": discord.ButtonStyle.success,
            "s": discord.ButtonStyle.primary,
            "c": discord.ButtonStyle.danger,
        }.get(token.op, discord.ButtonStyle.secondary)
    if isinstance(token, VoteToken):
        return discord.ButtonStyle.success if token.yes else discord.ButtonStyle.danger
    if isinstance(token, StopToken):
        # Stopping is what cannot be undone; playing on is the safe way back.
        return discord.ButtonStyle.danger if token.yes else discord.ButtonStyle.success
    if isinstance(token, RematchToken):
        return discord.ButtonStyle.primary
    return discord.ButtonStyle.secondary
