"""Caravan game state: plain dataclasses that round-trip through JSON."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from games.caravan.rules import Caravan
from games.core.events import Event

OPENING = "opening"
MAIN = "main"
OVER = "over"

SEATS = 2
#: Caravans per seat; pair ``n`` is the two seats' caravans ``n``, facing each other.
PAIRS = 3

#: By seat, then pair 0..2.
Table = list[list[Caravan]]


@dataclass
class LastMove:
    """The last move of the current game, for highlighting it.

    ``card`` is the card played or discarded (``None`` for a disband); views
    hide a discarded card from everyone but the discarder. ``owner``, ``pair``
    and ``pos`` say where the card now lies (for a Jack: where the card it
    removed lay), ``None`` where they do not apply; ``removed`` counts the
    numeral cards a Jack or joker took off the table.
    """

    seat: int
    kind: str
    card: str | None
    owner: int | None
    pair: int | None
    pos: int | None
    removed: int


@dataclass
class GameSummary:
    """How a finished game of the match ended."""

    game_no: int
    winner: int
    #: Per pair, the seat that held it at the end (``None``: open).
    pairs: list[int | None]
    caravans: Table


@dataclass
class CaravanState:
    """Everything about a match. ``decks`` and ``hands`` are hidden information."""

    best_of: int
    #: Each seat's own deck as built (plain codes), or ``None`` for the
    #: standard deck: every game of the match is dealt from it anew.
    own_decks: list[list[str] | None]
    rng: int
    #: Current game of the match, 1-based.
    game_no: int
    #: Games won per seat.
    wins: list[int]
    #: Seat that opened the current game.
    first: int
    #: ``"opening"``, ``"main"`` or ``"over"`` (the match is over).
    phase: str
    #: Seat to move; ``None`` once the match is over.
    turn: int | None
    #: Face-down draw piles; the top card is the last item.
    decks: list[list[str]]
    #: Each hand is kept sorted (see ``rules.sort_key``).
    hands: list[list[str]]
    caravans: Table
    #: Cards in the shared discard pile (its contents are never shown).
    discard: int = 0
    last: LastMove | None = None
    last_game: GameSummary | None = None
    winners: list[int] = field(default_factory=list)
    #: What the last action did (private parts are filtered by views).
    events: list[Event] = field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any]) -> CaravanState:
        """A deep copy, many times faster than the generic one.

        ``Game.apply`` copies the state on every action; the generic copy
        visits each of the hundreds of card strings, which are immutable.
        """
        summary = self.last_game
        return CaravanState(
            best_of=self.best_of,
            own_decks=[None if cards is None else list(cards) for cards in self.own_decks],
            rng=self.rng,
            game_no=self.game_no,
            wins=list(self.wins),
            first=self.first,
            phase=self.phase,
            turn=self.turn,
            decks=[list(deck) for deck in self.decks],
            hands=[list(hand) for hand in self.hands],
            caravans=copy_table(self.caravans),
            discard=self.discard,
            last=None if self.last is None else replace(self.last),
            last_game=None
            if summary is None
            else GameSummary(
                summary.game_no, summary.winner, list(summary.pairs), copy_table(summary.caravans)
            ),
            winners=list(self.winners),
            events=[event.copy() for event in self.events],
        )


def copy_table(table: Table) -> Table:
    """A copy of the six caravans that shares no list with the original."""
    return [[[(card, list(faces)) for card, faces in caravan] for caravan in row] for row in table]
