"""A fast model of one Klotho tour for the search: cards as ints, the field as flat lists.

A card is ``rank * 4 + suit`` (rank 0 is the six, 8 the ace). A face-down cell
holds ``-1``; the cards nobody has seen (face-down cells, stock, discard pile)
form the ``pool``, from which every face-down card is equally likely. The
model plays the cell actions of one tour; votes, claims and the deal of the
next tour are the engine's business, and a triplet is settled by
:func:`settle`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from games.core.cards import RANKS_36, SUITS
from games.klotho.rules import geometry
from games.klotho.state import PLACEMENT, KlothoState

PLACE, MOVE, TURN, REPLACE = 0, 1, 2, 3
#: The engine's name of each kind of cell action.
KIND_NAMES = ("place", "move", "turn", "replace")
#: Card code -> card number.
CARD_NUMBER = {
    rank + suit: r * 4 + s for r, rank in enumerate(RANKS_36) for s, suit in enumerate(SUITS)
}
FIRST_FIGURE = RANKS_36.index("J")

#: A cell action: (kind, cell index).
Move = tuple[int, int]


def _line(a: int, m: int, b: int) -> tuple[int, bool]:
    """Ordinary points and the triplet flag of three card numbers in line order."""
    ra, rm, rb = a >> 2, m >> 2, b >> 2
    points = int((a & 3) == (m & 3) == (b & 3))
    points += min(ra, rm, rb) >= FIRST_FIGURE
    points += rm - ra == rb - rm and abs(rm - ra) == 1
    return points, ra == rm == rb


def _tables() -> tuple[list[int], list[bool], list[bool]]:
    points, triplet, combo = [], [], []
    for a in range(36):
        for m in range(36):
            for b in range(36):
                p, t = _line(a, m, b)
                points.append(p)
                triplet.append(t)
                combo.append(bool(p) or t)
    return points, triplet, combo


#: Indexed by ``(a * 36 + m) * 36 + b`` for the cards of a line, middle ``m``
#: (reading a line backwards changes nothing).
POINTS, TRIPLET, COMBO = _tables()


@dataclass(frozen=True)
class Shape:
    """The field's geometry as plain tuples of cell indices."""

    cells: int
    names: tuple[str, ...]
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    #: Per cell, the (end, end) pairs of the lines it is the middle of.
    middles: tuple[tuple[tuple[int, int], ...], ...]
    #: Per cell, the (middle, other end) pairs of the lines it ends.
    ends: tuple[tuple[tuple[int, int], ...], ...]
    #: Per cell, every line of three through it.
    lines: tuple[tuple[tuple[int, int, int], ...], ...]


@functools.cache
def shape(seats: int) -> Shape:
    """The field of a table of ``seats``."""
    geo = geometry(seats)
    middles: list[list[tuple[int, int]]] = [[] for _ in geo.names]
    ends: list[list[tuple[int, int]]] = [[] for _ in geo.names]
    for cell, lines in enumerate(geo.lines):
        for a, m, b in lines:
            if m == cell:
                middles[cell].append((a, b))
            elif a == cell:
                ends[cell].append((m, b))
            else:
                ends[cell].append((m, a))
    return Shape(
        cells=len(geo.names),
        names=geo.names,
        index=dict(geo.index),
        neighbours=geo.neighbours,
        middles=tuple(tuple(x) for x in middles),
        ends=tuple(tuple(x) for x in ends),
        lines=geo.lines,
    )


class Position:
    """One tour in play: what everybody sees, and the pool of unseen cards."""

    __slots__ = (
        "cards",
        "chips",
        "dealer",
        "down",
        "halves",
        "occupant",
        "over",
        "placing",
        "pool",
        "scores",
        "seats",
        "shape",
        "stock",
        "turn",
        "winner",
    )

    def __init__(
        self,
        seats: int,
        cards: list[int],
        pool: list[int],
        chips: list[int],
        scores: list[float],
        halves: list[int],
        stock: int,
        turn: int,
        placing: bool,
        dealer: int,
    ) -> None:
        self.seats = seats
        self.shape = shape(seats)
        self.cards = cards
        self.pool = pool
        self.chips = chips
        self.occupant = [-1] * len(cards)
        for seat, cell in enumerate(chips):
            if cell >= 0:
                self.occupant[cell] = seat
        self.scores = scores
        self.halves = halves
        self.stock = stock
        self.turn = turn
        self.placing = placing
        self.dealer = dealer
        self.down = cards.count(-1)
        #: The tour is over (every card face up), or the game (``winner``).
        self.over = False
        self.winner = -1

    def copy(self) -> Position:
        """An independent copy."""
        other = Position.__new__(Position)
        other.seats = self.seats
        other.shape = self.shape
        other.cards = self.cards[:]
        other.pool = self.pool[:]
        other.chips = self.chips[:]
        other.occupant = self.occupant[:]
        other.scores = self.scores[:]
        other.halves = self.halves[:]
        other.stock = self.stock
        other.turn = self.turn
        other.placing = self.placing
        other.dealer = self.dealer
        other.down = self.down
        other.over = self.over
        other.winner = self.winner
        return other


def from_state(state: KlothoState) -> Position:
    """The model of ``state``'s tour (the turn seat to act; a pending triplet or
    claim is the caller's to settle first)."""
    cards = [CARD_NUMBER[c] if up else -1 for c, up in zip(state.cards, state.up, strict=True)]
    unseen = [c for c, up in zip(state.cards, state.up, strict=True) if not up]
    pool = sorted(CARD_NUMBER[c] for c in [*unseen, *state.stock, *state.discard])
    return Position(
        seats=state.seats,
        cards=cards,
        pool=pool,
        chips=[-1 if c is None else c for c in state.chips],
        scores=[float(s) for s in state.scores],
        halves=list(state.halves),
        stock=len(state.stock),
        turn=state.turn if state.turn is not None else 0,
        placing=state.phase == PLACEMENT,
        dealer=state.dealer,
    )


def can_replace(pos: Position, cell: int) -> bool:
    """The field's half of the replacement test (face up, a face-down
    neighbour, in no combination); the chip and the stock are the caller's."""
    cards = pos.cards
    if cards[cell] < 0 or all(cards[n] >= 0 for n in pos.shape.neighbours[cell]):
        return False
    for a, m, b in pos.shape.lines[cell]:
        ca, cm, cb = cards[a], cards[m], cards[b]
        if ca >= 0 and cm >= 0 and cb >= 0 and COMBO[(ca * 36 + cm) * 36 + cb]:
            return False
    return True


def actions(pos: Position, seat: int) -> list[Move]:
    """``seat``'s cell actions in the engine's order, as if it were its turn."""
    occupant = pos.occupant
    if pos.placing:
        return [(PLACE, c) for c in range(pos.shape.cells) if occupant[c] < 0]
    cards = pos.cards
    out: list[Move] = []
    for cell in pos.shape.neighbours[pos.chips[seat]]:
        if cards[cell] < 0:
            out.append((TURN, cell))
        elif occupant[cell] < 0:
            out.append((MOVE, cell))
            if pos.stock and can_replace(pos, cell):
                out.append((REPLACE, cell))
    return out


#: A line completed by a turning: (seat on its middle, ordinary points, is a triplet).
Gain = tuple[int, int, bool]


def reveal(pos: Position, seat: int, cell: int, card: int) -> list[Gain]:
    """Turn ``cell`` face up as ``card`` (placing ``seat``'s chip on it in the
    placement phase) and score the ordinary points; the lines completed, in
    the engine's order, for their triplets to be settled."""
    cards, occupant = pos.cards, pos.occupant
    cards[cell] = card
    pos.pool.remove(card)
    pos.down -= 1
    if pos.placing:
        pos.chips[seat] = cell
        occupant[cell] = seat
    gains: list[Gain] = []
    for a, m, b in pos.shape.lines[cell]:
        owner = occupant[m]
        if owner < 0:
            continue
        ca, cm, cb = cards[a], cards[m], cards[b]
        if ca < 0 or cb < 0:
            continue
        key = (ca * 36 + cm) * 36 + cb
        if COMBO[key]:
            pos.scores[owner] += POINTS[key]
            gains.append((owner, POINTS[key], TRIPLET[key]))
    return gains


def settle(pos: Position, gains: list[Gain], actor: int) -> None:
    """The triplets of ``gains``, in turn order from ``actor``: a half victory
    for a seat that holds one already (it wins the game), else a point."""
    triplets = sorted((g[0] for g in gains if g[2]), key=lambda s: (s - actor) % pos.seats)
    for seat in triplets:
        if pos.halves[seat]:
            pos.halves[seat] += 1
            pos.winner = seat
            pos.over = True
            return
        pos.scores[seat] += 1


def move(pos: Position, seat: int, cell: int) -> None:
    """Move ``seat``'s chip to ``cell``."""
    pos.occupant[pos.chips[seat]] = -1
    pos.chips[seat] = cell
    pos.occupant[cell] = seat


def replace(pos: Position, cell: int) -> None:
    """Replace the card of ``cell`` by an unseen one from the stock (the card
    taken away is known to lie in the discard pile, out of the pool)."""
    pos.cards[cell] = -1
    pos.stock -= 1
    pos.down += 1


def advance(pos: Position) -> None:
    """Pass the turn on after the turn seat's action, as the engine does."""
    if pos.over:
        return
    if not pos.down:
        pos.over = True
        return
    actor, seats = pos.turn, pos.seats
    if pos.placing:
        if actor != pos.dealer:
            pos.turn = (actor + 1) % seats
            return
        pos.placing = False
        start = (pos.dealer + 1) % seats
    else:
        start = (actor + 1) % seats
    for k in range(seats):
        seat = (start + k) % seats
        if _can_act(pos, seat):
            pos.turn = seat
            return


def _can_act(pos: Position, seat: int) -> bool:
    cards, occupant = pos.cards, pos.occupant
    return any(cards[c] < 0 or occupant[c] < 0 for c in pos.shape.neighbours[pos.chips[seat]])


def play(pos: Position, action: Move, card: int = -1) -> None:
    """The turn seat's ``action`` (``card`` is the one a place or turn shows),
    its triplets settled and the turn passed on."""
    kind, cell = action
    seat = pos.turn
    if kind == MOVE:
        move(pos, seat, cell)
    elif kind == REPLACE:
        replace(pos, cell)
    else:
        settle(pos, reveal(pos, seat, cell, card), seat)
    advance(pos)
