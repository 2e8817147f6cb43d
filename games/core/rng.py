"""Deterministic randomness carried inside game state.

A state stores one integer ``rng``. Each random step builds a
``random.Random`` from it, uses it, and stores a fresh integer drawn from the
same generator, so replaying the same actions from the same seed gives the
same game, while a real game's seed comes from ``secrets``.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_BITS = 63


def new_seed() -> int:
    """A seed for a real game, unpredictable to players."""
    return secrets.randbits(SEED_BITS)


def shuffled(items: Sequence[T], rng: int) -> tuple[list[T], int]:
    """Return a shuffled copy of ``items`` and the next RNG value."""
    gen = random.Random(rng)
    out = list(items)
    gen.shuffle(out)
    return out, gen.getrandbits(SEED_BITS)


def randbelow(n: int, rng: int) -> tuple[int, int]:
    """Return a uniform integer in ``[0, n)`` and the next RNG value."""
    gen = random.Random(rng)
    return gen.randrange(n), gen.getrandbits(SEED_BITS)
