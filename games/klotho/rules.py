"""Pure Klotho rule helpers: cards, the field's geometry, combinations, the winner.

A field is described by flat row-major lists indexed by cell: ``cards`` (the
card lying there, face up or down) and ``up`` (whether it is face up). Cells
are named column letter + row number, ``A1`` top-left.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.core.cards import RANKS_36, SUITS
from games.core.errors import GameError, InvalidCard

SUIT = "suit"
FIGURES = "figures"
SEQUENCE = "sequence"
TRIPLET = "triplet"
#: The kinds worth one point each, in the order events list them.
ORDINARY = (SUIT, FIGURES, SEQUENCE)

#: Card code → (rank index in 6 < 7 < … < A, suit letter), for the 36-card deck only.
_CARDS: Mapping[str, tuple[int, str]] = {
    rank + suit: (index, suit) for index, rank in enumerate(RANKS_36) for suit in SUITS
}
_FIRST_FIGURE = RANKS_36.index("J")
_COLUMNS = "ABCDE"
#: Horizontal, vertical, and both diagonals, each read top-left to bottom-right
#: (the anti-diagonal top-right to bottom-left).
_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))

#: Three cell indices in line order; the middle one is the scoring cell.
Line = tuple[int, int, int]


def parse_card(card: object) -> tuple[int, str]:
    """``(rank index, suit)`` of a card of the 36-card deck (``6S`` → ``(0, "S")``).

    Raises :class:`InvalidCard` for anything else, including ``2S``–``5S``.
    """
    info = _CARDS.get(card) if isinstance(card, str) else None
    if info is None:
        raise InvalidCard(f"not a card of the 36-card deck: {card!r}", card=repr(card))
    return info


def line_kinds(cards: Sequence[str]) -> list[str]:
    """The combination kinds of three cards in line order, in :data:`ORDINARY` order,
    then ``"triplet"``; empty when the line is no combination.

    The test is on the cards' properties alone, so a forged line with repeated
    cards is judged like any other. Raises a ``ValueError`` subclass unless
    given exactly three valid cards.
    """
    if not isinstance(cards, list | tuple) or len(cards) != 3:
        raise GameError("a line has exactly three cards", code="klotho-line-length")
    return _kinds(parse_card(cards[0]), parse_card(cards[1]), parse_card(cards[2]))


def _kinds(first: tuple[int, str], middle: tuple[int, str], last: tuple[int, str]) -> list[str]:
    (r1, s1), (r2, s2), (r3, s3) = first, middle, last
    kinds = []
    if s1 == s2 == s3:
        kinds.append(SUIT)
    if min(r1, r2, r3) >= _FIRST_FIGURE:
        kinds.append(FIGURES)
    # Rank indices have no wrap-around, so K-A-6 (11, 12, 0) is no sequence.
    if r2 - r1 == r3 - r2 and abs(r2 - r1) == 1:
        kinds.append(SEQUENCE)
    if r1 == r2 == r3:
        kinds.append(TRIPLET)
    return kinds


def line_points(cards: list[str]) -> tuple[int, bool]:
    """``(ordinary points, is_triplet)`` of three cards in line order.

    One point per ordinary kind: ``["JS", "AS", "KS"]`` → ``(2, False)``,
    ``["QH", "KH", "AH"]`` → ``(3, False)``, ``["KS", "KH", "KD"]`` →
    ``(1, True)`` (figures; the triplet is the player's choice).
    """
    kinds = line_kinds(cards)
    triplet = TRIPLET in kinds
    return len(kinds) - triplet, triplet


def field_shape(seats: int) -> tuple[int, int]:
    """``(rows, cols)`` of the field: 4×4 for 2–4 seats, 4×5 for 5–6, 5×5 for 7–8."""
    if seats <= 4:
        return 4, 4
    if seats <= 6:
        return 4, 5
    return 5, 5


@dataclass(frozen=True)
class Geometry:
    """Names, neighbours and lines of three of one field shape."""

    rows: int
    cols: int
    names: tuple[str, ...]
    index: Mapping[str, int]
    #: The up to 8 adjacent cells of each cell, row-major.
    neighbours: tuple[tuple[int, ...], ...]
    #: Every line of three consecutive cells through each cell, in any position.
    lines: tuple[tuple[Line, ...], ...]


def geometry(seats: int) -> Geometry:
    """The field geometry for ``seats`` players."""
    return _geometry(*field_shape(seats))


@functools.cache
def _geometry(rows: int, cols: int) -> Geometry:
    # Cached: geometry is asked for on every query, and building it walks every line.
    def inside(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols

    names = tuple(_COLUMNS[c] + str(r + 1) for r in range(rows) for c in range(cols))
    neighbours = tuple(
        tuple(
            (r + dr) * cols + c + dc
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and inside(r + dr, c + dc)
        )
        for r in range(rows)
        for c in range(cols)
    )
    # Built direction by direction, middles row-major: that is each cell's line order.
    lines: list[list[Line]] = [[] for _ in names]
    for dr, dc in _DIRECTIONS:
        for r in range(rows):
            for c in range(cols):
                if inside(r - dr, c - dc) and inside(r + dr, c + dc):
                    line = ((r - dr) * cols + c - dc, r * cols + c, (r + dr) * cols + c + dc)
                    for cell in line:
                        lines[cell].append(line)
    return Geometry(
        rows=rows,
        cols=cols,
        names=names,
        index={name: i for i, name in enumerate(names)},
        neighbours=neighbours,
        lines=tuple(tuple(ls) for ls in lines),
    )


def completed_lines(
    geo: Geometry, cards: Sequence[str], up: Sequence[bool], cell: int
) -> list[tuple[Line, list[str]]]:
    """Every line through ``cell`` whose three cards are face up and form a
    combination, with its kinds (see :func:`line_kinds`)."""
    out = []
    for line in geo.lines[cell]:
        a, m, b = line
        if up[a] and up[m] and up[b]:
            kinds = _kinds(parse_card(cards[a]), parse_card(cards[m]), parse_card(cards[b]))
            if kinds:
                out.append((line, kinds))
    return out


def in_combination(geo: Geometry, cards: Sequence[str], up: Sequence[bool], cell: int) -> bool:
    """True when ``cell`` is part of any combination on the field."""
    return bool(completed_lines(geo, cards, up, cell))


def can_replace(geo: Geometry, cards: Sequence[str], up: Sequence[bool], cell: int) -> bool:
    """The field's half of the replacement test: ``cell`` is face up, has a
    face-down neighbour and is in no combination. (The chip and the stock are
    the caller's to check.)"""
    return (
        up[cell]
        and not all(up[i] for i in geo.neighbours[cell])
        and not in_combination(geo, cards, up, cell)
    )


def dealer_of(tour: int, seats: int) -> int:
    """The seat that deals tour ``tour`` (1-based); extra tours continue the rotation."""
    return (tour - 1) % seats


def turn_order(dealer: int, seats: int) -> list[int]:
    """Turn order of a tour: the seat after the dealer first, the dealer last."""
    return [(dealer + step) % seats for step in range(1, seats + 1)]


def match_leaders(scores: Sequence[int], halves: Sequence[int], among: Sequence[int]) -> list[int]:
    """The seats of ``among`` still level after the agreed (or an extra) tour.

    Most points lead; among those tied on points, the only one holding a half
    victory leads alone. One seat: the winner. Several: a full tie, which
    extra tours (among them only) or a shared victory settle.
    """
    best = max(scores[seat] for seat in among)
    leaders = [seat for seat in among if scores[seat] == best]
    with_half = [seat for seat in leaders if halves[seat] > 0]
    return with_half if len(with_half) == 1 else leaders
