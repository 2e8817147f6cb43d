"""A screen's pieces as a web page draws them: buttons, text messages, picture sizes."""

from __future__ import annotations

import struct
from typing import Any

from bot.core.screen_base import Button, Screen
from bot.core.tokens import BadToken, NoopToken, decode


def png_size(image: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's header, so a page lays it out at its own size."""
    if len(image) < 24 or image[:8] != b"\x89PNG\r\n\x1a\n" or image[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", image[16:24])
    return int(width), int(height)


def text_message(text: str, kind: str = "text") -> dict[str, Any]:
    """A message of text alone; ``elsewhere`` says the seat's moves are on the table."""
    return {"kind": kind, "text": text, "image": None, "buttons": []}


def button_view(button: Button) -> dict[str, Any]:
    """A button as a page draws it (a placeholder marked ``noop``)."""
    token = button.token
    try:
        noop = token is not None and isinstance(decode(token), NoopToken)
    except BadToken:
        noop = False
    return {
        "label": button.label,
        "token": token,
        "url": button.url,
        "noop": noop,
        "key": button.key,
    }


def message_view(
    kind: str, screen: Screen, url: str | None, targets: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """A screen as a page draws it: its text, buttons and picture (fetched from
    ``url``, with the ``targets`` a player may tap on it)."""
    image = None
    if screen.image is not None and url is not None:
        width, height = png_size(screen.image) or (None, None)
        image = {
            "url": url,
            "key": screen.image_key,
            "width": width,
            "height": height,
            "targets": targets or [],
        }
    return {
        "kind": kind,
        "text": screen.text,
        "image": image,
        "buttons": [[button_view(b) for b in row] for row in screen.buttons],
    }
