"""Cached sprites: every renderer's reusable images in one LRU bounded by their size.

Cached images are shared between renders (and threads): paste from them,
never draw on them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import partial, update_wrapper
from typing import Generic, ParamSpec

from PIL import Image

#: Bytes of pixels all renderers' cached sprites hold together. Measured over
#: the five games at once (bench.playground_soak): a bigger budget draws no
#: faster, half of it 25% slower.
SPRITE_BUDGET = 48 * 2**20

P = ParamSpec("P")


class _Sprites:
    """Every renderer's cached sprites in one LRU, bounded by their pixels' bytes.

    Bounded by count, a few caches of big sprites (a Caravan column, a Krendzu
    felt, a Klotho row: 0.2 to 3 MB each, up to 256 of them) held 600 MB; what
    the tables being drawn reuse is a small part of that.
    """

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.size = 0
        self._items: OrderedDict[Hashable, Image.Image] = OrderedDict()
        # Pictures are drawn in worker threads.
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Image.Image | None:
        with self._lock:
            image = self._items.get(key)
            if image is not None:
                self._items.move_to_end(key)
            return image

    def put(self, key: Hashable, image: Image.Image) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.size -= _pixel_bytes(old)
            self._items[key] = image
            self.size += _pixel_bytes(image)
            while self.size > self.budget and len(self._items) > 1:
                self.size -= _pixel_bytes(self._items.popitem(last=False)[1])

    def drop(self, owner: object) -> None:
        with self._lock:
            for key in [k for k in self._items if isinstance(k, tuple) and k[0] is owner]:
                self.size -= _pixel_bytes(self._items.pop(key))


def _pixel_bytes(image: Image.Image) -> int:
    return image.width * image.height * len(image.getbands())


SPRITES = _Sprites(SPRITE_BUDGET)


class _Cached(Generic[P]):
    """A sprite-drawing function whose results are kept in :data:`SPRITES`."""

    def __init__(self, draw: Callable[P, Image.Image]) -> None:
        self._draw = draw
        update_wrapper(self, draw)
        # Forgets this function's sprites; an attribute of each cached function
        # only, as ``lru_cache`` has it (not of this class).
        self.cache_clear: Callable[[], None] = partial(SPRITES.drop, self)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> Image.Image:
        key = (self, args, tuple(sorted(kwargs.items())))
        image = SPRITES.get(key)
        if image is None:
            image = self._draw(*args, **kwargs)
            SPRITES.put(key, image)
        return image


def sprite_cache(draw: Callable[P, Image.Image]) -> _Cached[P]:
    """Cache a function drawing a sprite (arguments hashable, as for ``lru_cache``)
    in the shared, size-bounded :data:`SPRITES`; paste from it, never draw on it."""
    return _Cached(draw)


def paste(canvas: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an RGBA sprite onto ``canvas`` using its own alpha."""
    canvas.paste(sprite, xy, sprite)
