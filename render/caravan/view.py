"""Reading a Caravan view (``docs/views.md``) into what the table image draws.

Views come from outside, so every field is checked and an odd or broken one
falls back to something drawable instead of raising: :func:`context` gives
the table's :class:`Context`, with the last move resolved to the card, slot,
plate or pile it marks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render import common as c
from render.caravan.cards import parse_card

MAX_CARDS = 60  # a longer caravan is a corrupt view; draw the first ones only
MAX_FACES = 6


def as_int(value: object, default: int = 0) -> int:
    """``value`` when it is a real int (never a bool), else ``default``."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def as_list(value: object) -> list[Any]:
    """``value`` as a list when it is a list or tuple, else an empty list."""
    return list(value) if isinstance(value, list | tuple) else []


def as_seat(value: object) -> int | None:
    """``value`` when it is a seat (0 or 1), else None."""
    seat = as_int(value, -1)
    return seat if seat in (0, 1) else None


def seat_name(names: Sequence[str], seat: int) -> str:
    """The display name of ``seat``, or its number (1-based) when it has none."""
    if 0 <= seat < len(names) and isinstance(names[seat], str) and names[seat].strip():
        return names[seat]
    return str(seat + 1)


def _code(value: object) -> str:
    return value if isinstance(value, str) else ""


@dataclass(frozen=True)
class _Caravan:
    cards: tuple[tuple[str, tuple[str, ...]], ...]  # (numeral, faces on it), bottom → top
    value: int
    direction: str | None  # "up" | "down" | None
    suit: str | None
    status: str  # "empty" | "light" | "sold" | "bust"


def _caravan(raw: object) -> _Caravan:
    if not isinstance(raw, Mapping):
        return _Caravan((), 0, None, None, "empty")
    cards: list[tuple[str, tuple[str, ...]]] = []
    for item in as_list(raw.get("cards"))[:MAX_CARDS]:
        if isinstance(item, Mapping):
            faces = tuple(_code(f) for f in as_list(item.get("faces"))[:MAX_FACES])
            cards.append((_code(item.get("card")), faces))
    value = as_int(raw.get("value"))
    direction = raw.get("direction")
    suit = raw.get("suit")
    status = raw.get("status")
    if status not in ("empty", "light", "sold", "bust"):
        status = "empty" if not cards else "sold" if 21 <= value <= 26 else (
            "bust" if value > 26 else "light")  # fmt: skip
    return _Caravan(
        cards=tuple(cards),
        value=value,
        direction=direction if direction in ("up", "down") else None,
        suit=suit if isinstance(suit, str) and suit in c.SUITS else None,
        status=str(status),
    )


@dataclass(frozen=True)
class _Mark:
    """The last move as drawn: which card, slot, plate or pile to highlight."""

    seat: int  # who moved
    kind: str  # "card" | "slot" | "plate" | "discard"
    owner: int = 0
    pair: int = 0
    pos: int = -1  # numeral index
    face: int = -1  # face index on it; -1: the numeral itself
    removed: int = 0


@dataclass(frozen=True)
class Context:
    """Everything the table image shows, read from a view and made safe to draw."""

    caravans: tuple[tuple[_Caravan, ...], ...]  # by seat, then pair
    pairs: tuple[int | None, ...]
    deck_sizes: tuple[int, int]
    hand_sizes: tuple[int, int]
    discard: int
    turn: int | None
    winners: frozenset[int]
    wins: tuple[int, int]
    best_of: int
    opening: bool
    mark: _Mark | None


def _find_face(caravan: _Caravan, pos: int, card: str | None) -> tuple[int, int] | None:
    """(numeral, face) index of the face card ``card`` just attached at ``pos``.

    A joker may have removed cards below its target in the same caravan, so
    the target is looked for by the card when ``pos`` no longer holds it.
    """
    rows = caravan.cards
    if 0 <= pos < len(rows) and rows[pos][1]:
        faces = rows[pos][1]
        if card is None or card not in faces:
            return pos, len(faces) - 1
        return pos, len(faces) - 1 - faces[::-1].index(card)
    if card:
        for k in range(len(rows) - 1, -1, -1):
            if card in rows[k][1]:
                return k, len(rows[k][1]) - 1 - rows[k][1][::-1].index(card)
    return None


def _mark(view: Mapping[str, Any], caravans: tuple[tuple[_Caravan, ...], ...]) -> _Mark | None:
    last = view.get("last")
    if not isinstance(last, Mapping):
        return None
    who = as_seat(last.get("seat"))
    kind = last.get("kind")
    if who is None or not isinstance(kind, str):
        return None
    removed = max(0, as_int(last.get("removed")))
    if kind == "discard":
        return _Mark(who, "discard")
    owner = as_seat(last.get("owner"))
    owner = who if owner is None else owner
    pair = as_int(last.get("pair"), -1)
    if not 0 <= pair < 3:
        return None
    caravan = caravans[owner][pair]
    if kind == "disband" or not caravan.cards:
        return _Mark(who, "slot" if not caravan.cards else "plate", owner, pair, removed=removed)
    if kind == "play":
        return _Mark(who, "card", owner, pair, len(caravan.cards) - 1)
    if kind == "attach":
        # Never drawn from the view: only used to find the card on the table.
        card = last.get("card")
        code = card if isinstance(card, str) else None
        if code is not None and parse_card(code)[0] == "J":
            return _Mark(who, "plate", owner, pair, removed=removed)
        found = _find_face(caravan, as_int(last.get("pos"), -1), code)
        if found is None:
            return _Mark(who, "plate", owner, pair, removed=removed)
        return _Mark(who, "card", owner, pair, found[0], found[1], removed)
    return None


def context(view: Mapping[str, Any]) -> Context:
    """The table's :class:`Context` from ``view``; odd fields fall back to defaults."""
    raw = as_list(view.get("caravans"))
    caravans = tuple(
        tuple(_caravan(p) for p in (as_list(raw[s]) if s < len(raw) else []) + [None] * 3)[:3]
        for s in range(2)
    )
    pairs = tuple(as_seat(p) for p in (as_list(view.get("pairs")) + [None] * 3)[:3])

    def two(key: str) -> tuple[int, int]:
        values = [max(0, as_int(v)) for v in as_list(view.get(key))] + [0, 0]
        return values[0], values[1]

    over = bool(view.get("over"))
    return Context(
        caravans=caravans,
        pairs=pairs,
        deck_sizes=two("deck_sizes"),
        hand_sizes=two("hand_sizes"),
        discard=max(0, as_int(view.get("discard"))),
        turn=None if over else as_seat(view.get("turn")),
        winners=frozenset(s for s in map(as_seat, as_list(view.get("winners"))) if s is not None)
        if over
        else frozenset(),
        wins=two("wins"),
        best_of=max(1, min(as_int(view.get("best_of"), 1), 9)),
        opening=view.get("phase") == "opening" and not over,
        mark=_mark(view, caravans),
    )
