"""Checks that a loaded state could have come from its game.

``serial.loads`` proves only the types; a state from a corrupted store, a test
or an older writer may still hold an unknown card, a turn past the last seat
or a list one short. Each game's ``_validate`` uses these helpers, so every
refusal is an :class:`~games.core.errors.InvalidState` naming what is wrong:
fields, seats and cells, never a card of the state (the message may reach a
log). ``loads`` runs on every button press, so a message with values in it is
built only once a check has failed (``if …: raise fail(…)``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence, Sized
from dataclasses import dataclass

from games.core.errors import InvalidState
from games.core.events import Event


def fail(what: str) -> InvalidState:
    """The error for an impossible state; ``what`` says which part and why."""
    return InvalidState(f"impossible state: {what}", code="invalid-state", problem=what)


def require(condition: bool, what: str) -> None:
    """Refuse the state unless ``condition`` holds (``what`` is built even when it
    does: where that costs, test first and raise :func:`fail`)."""
    if not condition:
        raise fail(what)


def require_index(value: object, size: int, what: str, *, optional: bool = False) -> None:
    """``value`` is an index below ``size`` (``None`` too when ``optional``)."""
    if not (optional and value is None) and not is_index(value, size):
        raise fail(f"{what} is {value!r}, not 0 to {size - 1}")


def require_range(value: int, low: int, high: int, what: str) -> None:
    """``low <= value <= high``."""
    if not low <= value <= high:
        raise fail(f"{what} is {value}, not {low} to {high}")


def require_len(items: Sized, size: int, what: str) -> None:
    """``items`` has exactly ``size`` entries."""
    if len(items) != size:
        raise fail(f"{what} has {len(items)} entries, not {size}")


def require_cards(cards: Iterable[str], allowed: Collection[str], what: str) -> None:
    """Every card of ``cards`` is one of ``allowed`` (the message names none of them)."""
    if not all(card in allowed for card in cards):
        raise fail(f"{what} holds a card this game has not")


def is_index(value: object, size: int) -> bool:
    """True for an ``int`` (not a ``bool``) from 0 to ``size - 1``."""
    return type(value) is int and 0 <= value < size


def is_count(value: object, least: int = 0) -> bool:
    """True for an ``int`` (not a ``bool``) of at least ``least``."""
    return type(value) is int and value >= least


def is_ints(value: object) -> bool:
    """True for a list of ``int`` (no ``bool``)."""
    return isinstance(value, list) and all(type(v) is int for v in value)


@dataclass(frozen=True)
class EventSpec:
    """What an event of one kind holds: whether it names the seat that acted,
    and exactly which public and private keys."""

    seat: bool
    public: frozenset[str]
    private: frozenset[str] = frozenset()


def check_events(
    events: Sequence[Event],
    seats: int,
    datum_ok: Callable[[str, str, object], bool],
    specs: Mapping[str, EventSpec] | None = None,
) -> None:
    """Every event names a seat of the table or none, and each datum passes
    ``datum_ok(kind, key, value)``; with ``specs``, each event is of a known
    kind, names a seat exactly when its kind does and holds exactly its keys.
    Views pass events on and captions index seats and look values up."""
    for event in events:
        kind = event.kind
        if specs is not None:
            spec = specs.get(kind)
            if spec is None:
                raise fail(f"an event's kind is not one of {sorted(specs)}")
            if spec.seat != (event.seat is not None):
                raise fail(f"the {kind} event names {'no' if spec.seat else 'a'} seat")
            if event.public.keys() != spec.public or event.private.keys() != spec.private:
                fields = sorted(spec.public | spec.private)
                raise fail(f"the {kind} event's fields are not {fields}")
        if event.seat is not None and not is_index(event.seat, seats):
            raise fail(f"the {kind} event's seat is {event.seat}, not 0 to {seats - 1}")
        for data in (event.public, event.private):
            for key, value in data.items():
                if not datum_ok(kind, key, value):
                    raise fail(f"the {kind} event has an impossible {key}")
