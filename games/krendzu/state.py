"""Krendzu game state: plain dataclasses that round-trip through JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core.events import Event
from games.krendzu.field import Cell, Frontier

ANNOUNCE = "announce"
DISCARD = "discard"
PLAY = "play"
OVER = "over"


@dataclass
class Placed:
    """A card on the field and the seat that placed it."""

    x: int
    y: int
    card: str
    seat: int


@dataclass
class ScoredWindow:
    """A window of four cells that became a combination this tour."""

    #: The four cells in line order.
    cells: list[Cell]
    #: The seat that placed the completing card.
    seat: int
    #: True when a defender completed it.
    own_goal: bool
    #: True when the last action completed it.
    new: bool


@dataclass
class LastMove:
    """The last play of the tour: ``kind`` is ``"place"``, ``"two"`` or ``"pass"``.

    ``cells`` holds one cell, two for a finished two-card move, one while the
    second card is awaited, none for a pass.
    """

    seat: int
    kind: str
    cells: list[Cell]


@dataclass
class TourSummary:
    """How a finished tour went."""

    tour: int
    points: list[int]
    roles: list[str]


@dataclass
class KrendzuState:
    """Everything about a match.

    ``hands``, ``marked`` and ``discards`` are each visible to their own seat
    only; ``aside`` (the undealt cards) to nobody.
    """

    seats: int
    #: ``"two_attackers"`` or ``"two_defenders"``; it matters with 3 seats only.
    variant: str
    #: The number of tours agreed.
    tours: int
    #: Cards dealt to each attacker, and the defending side's extra cards in all.
    hand: int
    handicap: int
    #: The most cards a seat may exchange (0: no exchange).
    exchange: int
    rng: int
    #: Current tour, 1-based.
    tour: int
    #: ``"announce"``, ``"discard"``, ``"play"`` or ``"over"``.
    phase: str
    #: Seat to act; ``None`` once the match is over.
    turn: int | None
    #: Index in the tour's turn cycle of the seat to play (play phase).
    pos: int
    #: Each hand is kept in hand order (``rules.sort_key``).
    hands: list[list[str]]
    #: The undealt cards, in no meaningful order.
    aside: list[str]
    #: Per seat, the number announced for the exchange (``None``: not yet).
    announced: list[int | None]
    #: Per seat: has discarded (also true after announcing 0).
    done: list[bool]
    #: Per seat, the cards marked for the exchange, in hand order.
    marked: list[list[str]]
    #: Per seat, the cards discarded and waiting for the others' discards.
    discards: list[list[str]]
    #: The field, in the order the cards were placed.
    cells: list[Placed]
    #: Free cells touching the field by a side, by ``(y, x)``; a tuple, so a
    #: menu can cache what it derives from it by identity.
    frontier: Frontier
    #: Per seat: has made a move of the play phase this tour.
    moved: list[bool]
    #: True between the two cards of a defender's two-card move.
    pending: bool
    scored: list[ScoredWindow]
    #: Points this tour and over the match (the current tour included).
    tour_points: list[int]
    scores: list[int]
    last: LastMove | None = None
    last_tour: TourSummary | None = None
    winners: list[int] = field(default_factory=list)
    #: What the last action did (private parts are filtered by views).
    events: list[Event] = field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any]) -> KrendzuState:
        """A deep copy, many times faster than the generic one (``Game.apply``
        copies the state on every action; card strings and the frontier tuple
        are immutable and shared)."""
        last, summary = self.last, self.last_tour
        return KrendzuState(
            seats=self.seats,
            variant=self.variant,
            tours=self.tours,
            hand=self.hand,
            handicap=self.handicap,
            exchange=self.exchange,
            rng=self.rng,
            tour=self.tour,
            phase=self.phase,
            turn=self.turn,
            pos=self.pos,
            hands=[list(hand) for hand in self.hands],
            aside=list(self.aside),
            announced=list(self.announced),
            done=list(self.done),
            marked=[list(cards) for cards in self.marked],
            discards=[list(cards) for cards in self.discards],
            cells=[Placed(p.x, p.y, p.card, p.seat) for p in self.cells],
            frontier=self.frontier,
            moved=list(self.moved),
            pending=self.pending,
            scored=[ScoredWindow(list(w.cells), w.seat, w.own_goal, w.new) for w in self.scored],
            tour_points=list(self.tour_points),
            scores=list(self.scores),
            last=None if last is None else LastMove(last.seat, last.kind, list(last.cells)),
            last_tour=None
            if summary is None
            else TourSummary(summary.tour, list(summary.points), list(summary.roles)),
            winners=list(self.winners),
            events=[event.copy() for event in self.events],
        )
