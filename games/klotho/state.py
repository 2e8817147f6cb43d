"""Klotho game state: plain dataclasses that round-trip through JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core.events import Event

PLACEMENT = "placement"
MAIN = "main"
OVER = "over"

#: What a full tie after the agreed tours leads to (the option ``full_tie``).
EXTRA_TOURS = "extra"
SHARED_VICTORY = "shared"
#: How points are scored (the option ``scoring``): awarded by the engine, or
#: only when claimed in time, as the source insists.
SCORING_AUTO = "auto"
SCORING_CLAIM = "claim"


@dataclass
class LastAction:
    """The last place, move, turn or replace of the tour, for highlighting it."""

    cell: str
    seat: int
    kind: str


@dataclass
class Vote:
    """An open zugzwang vote: every seat must say yes for the tour to end."""

    proposer: int
    #: Seats that said yes, sorted; the proposer is always among them.
    yes: list[int]


@dataclass
class Triplet:
    """A triplet whose middle chip's owner must choose a point or a half victory."""

    seat: int
    cells: list[str]


@dataclass
class Claim:
    """A line whose points (and triplet) its middle chip's owner may still claim."""

    seat: int
    #: Ordinary points and their kinds (suit, figures, sequence); 0 and ``[]``
    #: for a triplet of plain cards.
    points: int
    kinds: list[str]
    cells: list[str]
    triplet: bool


@dataclass
class KlothoState:
    """Everything about a game. Face-down ``cards``, ``stock`` and ``discard`` are hidden."""

    seats: int
    #: The agreed number of tours; extra tours after a tie go beyond it.
    tours: int
    rng: int
    #: Current tour, 1-based.
    tour: int
    dealer: int
    #: ``"placement"``, ``"main"`` or ``"over"``.
    phase: str
    #: Whose turn it is; while a triplet is pending, still the seat that
    #: turned the card. ``None`` once the game is over.
    turn: int | None
    #: The card of every cell, row-major, face up or down.
    cards: list[str]
    up: list[bool]
    #: The cell index of each seat's chip; ``None`` before it is placed.
    chips: list[int | None]
    #: Face-down stock; the top card is the last item.
    stock: list[str]
    discard: list[str]
    scores: list[int]
    halves: list[int]
    #: Per seat: moves still to be made before it may propose a vote again.
    cooldown: list[int]
    last: LastAction | None = None
    vote: Vote | None = None
    #: Triplet choices still to be made, the first one now.
    pending: list[Triplet] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    #: ``"extra"`` (extra tours among the tied) or ``"shared"`` (they share the victory).
    full_tie: str = EXTRA_TOURS
    #: ``"auto"`` or ``"claim"`` (points count only when claimed in time).
    scoring: str = SCORING_AUTO
    #: The seats tied for the victory after the agreed tours: only they compete
    #: in the extra tours. Empty until then.
    contenders: list[int] = field(default_factory=list)
    #: Claims not yet made while a claim window is open (``scoring == "claim"``).
    claims: list[Claim] = field(default_factory=list)
    #: What the last action did (all public).
    events: list[Event] = field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any]) -> KlothoState:
        """A deep copy, several times faster than the generic one.

        ``Game.apply`` copies the state on every action; the generic copy
        visits each of the 36 card strings, which are immutable.
        """
        vote, last = self.vote, self.last
        return KlothoState(
            seats=self.seats,
            tours=self.tours,
            rng=self.rng,
            tour=self.tour,
            dealer=self.dealer,
            phase=self.phase,
            turn=self.turn,
            cards=list(self.cards),
            up=list(self.up),
            chips=list(self.chips),
            stock=list(self.stock),
            discard=list(self.discard),
            scores=list(self.scores),
            halves=list(self.halves),
            cooldown=list(self.cooldown),
            last=None if last is None else LastAction(last.cell, last.seat, last.kind),
            vote=None if vote is None else Vote(vote.proposer, list(vote.yes)),
            pending=[Triplet(t.seat, list(t.cells)) for t in self.pending],
            winners=list(self.winners),
            full_tie=self.full_tie,
            scoring=self.scoring,
            contenders=list(self.contenders),
            claims=[
                Claim(c.seat, c.points, list(c.kinds), list(c.cells), c.triplet)
                for c in self.claims
            ],
            events=[e.copy() for e in self.events],
        )
