"""The pictures a page may fetch: each kept for one room and one audience.

An audience is the room's public view or one local player. A seat's picture
is only ever filed under that player, and served only through the URL that
carries that player's secret, so no other panel (nor the public view) can
fetch it, even knowing its name.
"""

from __future__ import annotations

import hashlib
import struct
from collections import OrderedDict

#: The public view's audience; a player's audience is their player key.
PUBLIC = "pub"
#: Pictures kept in all; a page fetches a picture right after learning its
#: name, so only the newest few per audience are ever asked for.
GALLERY_SIZE = 512


class Gallery:
    """Recent pictures by room, audience and name."""

    def __init__(self, size: int = GALLERY_SIZE) -> None:
        self.size = size
        self._images: OrderedDict[tuple[str, str, str], bytes] = OrderedDict()

    def add(self, room_id: str, audience: str, image: bytes, key: str | None) -> str:
        """File a picture; returns its name (the same for the same picture)."""
        seed = key if key is not None else hashlib.sha1(image, usedforsecurity=False).hexdigest()
        name = hashlib.sha1(seed.encode(), usedforsecurity=False).hexdigest()[:24]
        slot = (room_id, audience, name)
        self._images[slot] = image
        self._images.move_to_end(slot)
        while len(self._images) > self.size:
            self._images.popitem(last=False)
        return name

    def get(self, room_id: str, audience: str, name: str) -> bytes | None:
        """The picture filed under exactly this room, audience and name."""
        return self._images.get((room_id, audience, name))


def png_size(image: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's header, so a page lays it out at its own size."""
    if len(image) < 24 or image[:8] != b"\x89PNG\r\n\x1a\n" or image[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", image[16:24])
    return int(width), int(height)
