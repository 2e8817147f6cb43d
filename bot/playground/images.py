"""The pictures a page may fetch: each kept for one room and one audience.

An audience is the room's public view or one local player. A seat's picture
is only ever filed under that player, and served only through the URL that
carries that player's secret, so no other panel (nor the public view) can
fetch it, even knowing its name.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict

#: The public view's audience; a player's audience is their player key.
PUBLIC = "pub"
#: Bytes of pictures kept in all. A page fetches a picture right after the
#: view that names it, and every view files its pictures again, so only the
#: newest few per audience are ever asked for; most are also in the core's
#: own cache of drawn pictures (the same bytes, not a copy).
GALLERY_BYTES = 16 * 2**20


class Gallery:
    """Recent pictures by room, audience and name."""

    def __init__(self, budget: int = GALLERY_BYTES) -> None:
        self.budget = budget
        self.size = 0
        self._images: OrderedDict[tuple[str, str, str], bytes] = OrderedDict()

    def add(self, room_id: str, audience: str, image: bytes, key: str | None) -> str:
        """File a picture; returns its name (the same for the same picture)."""
        seed = key if key is not None else hashlib.sha1(image, usedforsecurity=False).hexdigest()
        name = hashlib.sha1(seed.encode(), usedforsecurity=False).hexdigest()[:24]
        slot = (room_id, audience, name)
        self.size += len(image) - len(self._images.pop(slot, b""))
        self._images[slot] = image
        # The newest picture stays whatever its size: a page is about to ask for it.
        while self.size > self.budget and len(self._images) > 1:
            self.size -= len(self._images.popitem(last=False)[1])
        return name

    def get(self, room_id: str, audience: str, name: str) -> bytes | None:
        """The picture filed under exactly this room, audience and name."""
        return self._images.get((room_id, audience, name))
