"""Logical Curling game state: plain dataclasses that round-trip through JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core.events import Event

DICE = "dice"
CARDS = "cards"
VARIANTS = (DICE, CARDS)
#: The deck sizes and match lengths the lobby offers.
DECK_SIZES = (36, 52, 54)
ENDS = (2, 4, 6, 8)

ROLL = "roll"
REROLL = "reroll"
DRAW = "draw"
AIM = "aim"
OVER = "over"


@dataclass
class Stone:
    """A stone on the field: its cell, its owner (0 red, 1 blue) and its throw
    order ``n`` (1–8) among its colour's stones of this end."""

    cell: str
    seat: int
    n: int


@dataclass
class Moved:
    """A stone a throw struck: where it stood and where it ended (``None``: out)."""

    seat: int
    n: int
    src: str
    dst: str | None


@dataclass
class LastThrow:
    """The previous throw, as the view's ``last`` shows it."""

    seat: int
    combo: str
    #: ``None`` for a null throw (the stone thrown away).
    trajectory: str | None
    start: str | None
    numbers: list[int]
    power: int
    #: Cells the thrown stone entered, in order.
    path: list[str]
    moves: list[Moved]
    foul: bool


@dataclass
class Cards:
    """The card variant's table."""

    #: The row of main cards (5 with 36 cards, 6 with a full deck).
    main: list[str]
    #: Per seat, the substitution cards it holds, in the order taken.
    subs: list[list[str]]
    #: The deck, top first; its order is known to nobody.
    deck: list[str]
    discard: list[str]


@dataclass
class CurlingState:
    """Everything about a match. Only the deck's order (and the RNG) is hidden."""

    #: ``"dice"`` or ``"cards"``.
    variant: str
    #: 36, 52 or 54 (the card variant's deck; kept for the dice variant too).
    deck_size: int
    #: The number of ends agreed.
    ends: int
    rng: int
    #: Current end, 1-based (above ``ends``: an extra end).
    end: int
    #: The seat with the last throw of this end.
    hammer: int
    #: Throws made in this end + 1.
    throw_no: int
    #: Seat to act; ``None`` once the match is over.
    turn: int | None
    #: ``"roll"``, ``"reroll"``, ``"draw"``, ``"aim"`` or ``"over"``.
    phase: str
    #: Stones on the field, by seat then throw order.
    stones: list[Stone]
    #: Per seat: stones thrown this end, and those of them out of play.
    thrown: list[int]
    out: list[int]
    #: Finished ends, ``[red, blue]``; the running totals.
    end_scores: list[list[int]]
    match: list[int]
    #: The power of the previous throw of this end (``None`` before the first).
    prev_power: int | None
    #: True once the seat to act has begun its move (rolled, drawn or stopped).
    started: bool
    #: Dice variant: the five dice (``None`` before the roll) and the marks.
    dice: list[int] | None = None
    marked: list[bool] = field(default_factory=lambda: [False] * 5)
    cards: Cards | None = None
    last: LastThrow | None = None
    winners: list[int] = field(default_factory=list)
    #: What the last action did.
    events: list[Event] = field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any]) -> CurlingState:
        """A deep copy, much faster than the generic one (``Game.apply`` copies the
        state on every action; strings are immutable and shared)."""
        cards, last = self.cards, self.last
        return CurlingState(
            variant=self.variant,
            deck_size=self.deck_size,
            ends=self.ends,
            rng=self.rng,
            end=self.end,
            hammer=self.hammer,
            throw_no=self.throw_no,
            turn=self.turn,
            phase=self.phase,
            stones=[Stone(s.cell, s.seat, s.n) for s in self.stones],
            thrown=list(self.thrown),
            out=list(self.out),
            end_scores=[list(score) for score in self.end_scores],
            match=list(self.match),
            prev_power=self.prev_power,
            started=self.started,
            dice=None if self.dice is None else list(self.dice),
            marked=list(self.marked),
            cards=None
            if cards is None
            else Cards(
                list(cards.main),
                [list(held) for held in cards.subs],
                list(cards.deck),
                list(cards.discard),
            ),
            last=None
            if last is None
            else LastThrow(
                last.seat,
                last.combo,
                last.trajectory,
                last.start,
                list(last.numbers),
                last.power,
                list(last.path),
                [Moved(m.seat, m.n, m.src, m.dst) for m in last.moves],
                last.foul,
            ),
            winners=list(self.winners),
            events=[event.copy() for event in self.events],
        )
