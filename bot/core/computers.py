"""Computer players' seats: their keys and names.

A computer seat is a :class:`~bot.core.tables.Player` with ``bot`` set, its
own level and a key of its own namespace (``ai:``), so no index of human
players, no statistics and no private chat ever mistakes it for a person.
"""

from __future__ import annotations

from bot.core.tables import Table

KEY_PREFIX = "ai:"
#: Names of the computer seats in the order they are added; the same in
#: every language (pictures are language-neutral), and marked 🤖 wherever shown.
NAMES = ("Ada", "Bit", "Chip", "Dot", "Echo", "Flux", "Gizmo", "Hex")


def is_computer(key: str) -> bool:
    """True for the key of a computer seat (not a seat handed over to the bot)."""
    return key.startswith(KEY_PREFIX)


def computer_key(table_id: str, name: str) -> str:
    """The key of the computer seat called ``name`` at table ``table_id``."""
    return f"{KEY_PREFIX}{table_id}:{name}"


def next_computer(table: Table) -> tuple[str, str]:
    """The key and name of the next computer seat added to ``table``."""
    taken = {p.name for p in table.players if is_computer(p.key)}
    name = next(n for n in (*NAMES, *(f"{n}2" for n in NAMES)) if n not in taken)
    return computer_key(table.id, name), name


def humans(table: Table) -> list[int]:
    """Seats of the people at ``table`` (computer seats and seats handed over excluded)."""
    return [s for s, p in enumerate(table.players) if not p.bot]


def solo_seat(table: Table) -> int | None:
    """The seat of the one person at ``table`` when every other seat is a computer
    player (a game alone, which is never rated); None at any other table, and
    once the bot has taken that person's seat over."""
    people = [s for s, p in enumerate(table.players) if not is_computer(p.key)]
    if len(people) != 1 or table.players[people[0]].bot:
        return None
    return people[0]
