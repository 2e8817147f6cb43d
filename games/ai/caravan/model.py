"""A light model of one Caravan game, for the computer player's search.

The engine's ``apply`` deep-copies the whole match state and writes events;
a search applies thousands of moves per decision, so it plays on this model
instead: immutable caravans (tuples), so a position is copied by copying six
references, and each caravan's value and tail (what it takes next, see
:func:`tail_of`) kept up to date rather than recomputed.
It plays the rules of ``games.caravan`` for one game (a test checks it
against the engine on random playouts); the game's end is the end of the
model, whatever the match would do next.

A position's caravans are numbered ``owner * 3 + pair``; actions are the
engine's tuples.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.caravan.rules import FACE_LIMIT, SOLD_MAX, SOLD_MIN, SUIT, VALUE, value_of
from games.core.cards import SUITS
from games.core.protocol import Action

PLAY = "play"
ATTACH = "attach"
DISCARD = "discard"
DISBAND = "disband"

#: A numeral card and the face cards on it, in play order.
Slot = tuple[str, tuple[str, ...]]
Caravan = tuple[Slot, ...]


#: A caravan's tail: the facts that decide which numeral card may go on it
#: next (the last card's value, the suit in force, the direction), as one
#: number, so that a table lookup replaces the rule (see :func:`tail_of`).
Tail = int
EMPTY: Tail = 0
ANY, UP, DOWN = 0, 1, 2
#: How many numbers a tail may be (they run up to a Ten's).
TAILS = 12 * 11
_SUIT_NO = {suit: i for i, suit in enumerate(SUITS)}


def _tail(last: int, suit: str, direction: int) -> Tail:
    """The tail of a caravan whose last card is worth ``last``."""
    return 12 * last + 3 * _SUIT_NO[suit] + direction


def _takes(tail: Tail, card: str) -> bool:
    """The rule for a numeral card on a caravan of ``tail`` (main phase)."""
    if tail == EMPTY:
        return True
    last, rest = divmod(tail, 12)
    suit, direction = divmod(rest, 3)
    worth = VALUE[card]
    if worth == last:
        return False
    if direction == ANY or _SUIT_NO[SUIT[card]] == suit:
        return True
    return (worth > last) == (direction == UP)


#: ``TAKES[tail]``: the numeral cards a caravan of ``tail`` takes.
TAKES: list[frozenset[str]] = [
    frozenset(card for card in VALUE if _takes(tail, card)) for tail in range(TAILS)
]


def tail_of(caravan: Caravan) -> Tail:
    """The tail of ``caravan``: the direction is that of the last two numeral
    cards, reversed once per Queen on the last one, the suit that of the last
    card or of the last Queen on it; any direction with fewer than two cards,
    or two of one value (only a Jack can bring those together)."""
    if not caravan:
        return EMPTY
    last, faces = caravan[-1]
    worth = VALUE[last]
    suit = SUIT[last]
    queens = 0
    for face in faces:
        if face[0] == "Q":
            suit = SUIT[face]
            queens += 1
    if len(caravan) < 2 or VALUE[caravan[-2][0]] == worth:
        return _tail(worth, suit, ANY)
    rising = worth > VALUE[caravan[-2][0]]
    return _tail(worth, suit, UP if rising != bool(queens & 1) else DOWN)


#: ``PLAYED[tail][card]``: the tail of a caravan of ``tail`` once numeral
#: ``card`` goes on it.
PLAYED: list[dict[str, Tail]] = [
    {
        card: _tail(
            VALUE[card],
            SUIT[card],
            ANY if tail == EMPTY else UP if VALUE[card] > tail // 12 else DOWN,
        )
        for card in VALUE
    }
    for tail in range(TAILS)
]


#: ``QUEENED[tail][card]``: the tail of a caravan of ``tail`` once Queen
#: ``card`` goes on its last card.
QUEENED: list[dict[str, Tail]] = [
    {
        card: tail - tail % 12 + 3 * _SUIT_NO[SUIT[card]] + (ANY, DOWN, UP)[tail % 3]
        for card in (f"Q{suit}" for suit in SUITS)
    }
    for tail in range(TAILS)
]


#: The numeral cards a joker takes off the table with a card of each suit
#: (on an Ace) or of each value (on any other card).
SAME_SUIT = {suit: frozenset(card for card in VALUE if SUIT[card] == suit) for suit in SUITS}
SAME_VALUE = {
    worth: frozenset(card for card in VALUE if VALUE[card] == worth) for worth in range(1, 11)
}


class Position:
    """One game of Caravan: the table, both hands and draw piles, whose turn.

    ``decks`` are never changed: ``left[seat]`` cards of ``decks[seat]`` are
    still to draw, the next one at index ``left[seat] - 1``. ``winner`` is
    set once the game is over.
    """

    __slots__ = ("cars", "decks", "hands", "left", "opening", "tails", "turn", "vals", "winner")

    def __init__(
        self,
        cars: list[Caravan],
        vals: list[int],
        tails: list[Tail],
        hands: list[tuple[str, ...]],
        decks: list[Sequence[str]],
        left: list[int],
        turn: int,
        opening: bool,
        winner: int | None = None,
    ) -> None:
        self.cars = cars
        self.vals = vals
        self.tails = tails
        self.hands = hands
        self.decks = decks
        self.left = left
        self.turn = turn
        self.opening = opening
        self.winner = winner


def start(
    cars: list[Caravan],
    hands: list[tuple[str, ...]],
    decks: list[Sequence[str]],
    turn: int,
    opening: bool,
) -> Position:
    """The position of this table, with full draw piles."""
    return Position(
        cars,
        [value(car) for car in cars],
        [tail_of(car) for car in cars],
        hands,
        decks,
        [len(deck) for deck in decks],
        turn,
        opening,
    )


def value(caravan: Caravan) -> int:
    """The caravan's value: each numeral card doubled once per King on it."""
    return value_of(caravan)


def face_places(caravan: Caravan, card: str) -> range | tuple[int, ...]:
    """The positions of ``caravan`` where face card ``card`` may go."""
    if not caravan:
        return ()
    if card[0] == "J":
        return range(len(caravan))
    last = len(caravan) - 1
    if card[0] == "Q":
        return (last,) if len(caravan[last][1]) < FACE_LIMIT else ()
    return tuple(i for i, (_, faces) in enumerate(caravan) if len(faces) < FACE_LIMIT)


def actions(pos: Position) -> list[Action]:
    """The legal actions of the seat to move, in the engine's menu order."""
    seat = pos.turn
    base = 3 * seat
    cars, tails = pos.cars, pos.tails
    out: list[Action] = []
    if pos.opening:
        for card in dict.fromkeys(pos.hands[seat]):
            if card in VALUE:
                out.extend((PLAY, card, pair) for pair in range(3) if not cars[base + pair])
        return out
    for card in dict.fromkeys(pos.hands[seat]):
        if card in VALUE:
            out.extend((PLAY, card, pair) for pair in range(3) if card in TAKES[tails[base + pair]])
        else:
            for owner in (seat, 1 - seat):
                for pair in range(3):
                    out.extend(
                        (ATTACH, card, owner, pair, place)
                        for place in face_places(cars[3 * owner + pair], card)
                    )
        out.append((DISCARD, card))
    out.extend((DISBAND, pair) for pair in range(3) if cars[base + pair])
    return out


def apply(pos: Position, action: Action) -> Position:
    """The position after the seat to move takes ``action`` (a legal one)."""
    new = Position(
        pos.cars[:],
        pos.vals[:],
        pos.tails[:],
        pos.hands[:],
        pos.decks,
        pos.left[:],
        pos.turn,
        pos.opening,
    )
    seat = new.turn
    kind = action[0]
    cars, vals, tails = new.cars, new.vals, new.tails
    if kind == DISBAND:
        index = 3 * seat + action[1]
        cars[index] = ()
        vals[index] = 0
        tails[index] = EMPTY
    else:
        card = action[1]
        hand = new.hands[seat]
        i = hand.index(card)
        new.hands[seat] = hand[:i] + hand[i + 1 :]
        if kind == PLAY:
            index = 3 * seat + action[2]
            cars[index] = (*cars[index], (card, ()))
            vals[index] += VALUE[card]
            tails[index] = PLAYED[tails[index]][card]
        elif kind == ATTACH:
            _attach(new, card, 3 * action[2] + action[3], action[4])
    if new.opening and all(cars):
        new.opening = False
    # A discard leaves the values be, and the game was not over before.
    winner = None if kind == DISCARD else game_winner(vals)
    if winner is not None:
        new.winner = winner
        return new
    if kind != DISBAND and not pos.opening and new.left[seat]:
        left = new.left[seat] - 1
        new.left[seat] = left
        new.hands[seat] += (new.decks[seat][left],)
    other = 1 - seat
    new.turn = other
    if not new.opening and not new.hands[other] and not any(cars[3 * other : 3 * other + 3]):
        new.winner = seat  # the other seat has no move left
    return new


def _attach(pos: Position, card: str, index: int, place: int) -> None:
    """Lay face card ``card`` on ``pos.cars[index][place]`` and carry out what it does."""
    cars, vals, tails = pos.cars, pos.vals, pos.tails
    caravan = cars[index]
    target, faces = caravan[place]
    face = card[0]
    if face == "J":
        cars[index] = caravan[:place] + caravan[place + 1 :]
        vals[index] -= _slot_value(target, faces)
        if place >= len(caravan) - 2:  # the tail reads the last two cards only
            tails[index] = tail_of(cars[index])
        return
    cars[index] = (*caravan[:place], (target, (*faces, card)), *caravan[place + 1 :])
    if face == "K":
        vals[index] += _slot_value(target, faces)  # doubled
    elif face == "Q":  # on the last card: its suit now, the direction reversed
        tails[index] = QUEENED[tails[index]][card]
    elif face == "X":
        hit = SAME_SUIT[SUIT[target]] if target[0] == "A" else SAME_VALUE[VALUE[target]]
        for other in range(6):
            if other == index:
                kept = tuple(
                    slot for i, slot in enumerate(cars[other]) if i == place or slot[0] not in hit
                )
            else:
                kept = tuple(slot for slot in cars[other] if slot[0] not in hit)
            if len(kept) != len(cars[other]):
                cars[other] = kept
                vals[other] = value(kept)
                tails[other] = tail_of(kept)


def _slot_value(card: str, faces: tuple[str, ...]) -> int:
    """What numeral ``card`` adds to its caravan under ``faces``."""
    worth = VALUE[card]
    for face in faces:
        if face[0] == "K":
            worth <<= 1
    return worth


def holder(mine: int, theirs: int) -> int:
    """Who holds a pair worth ``mine`` for seat 0 and ``theirs`` for seat 1:
    0, 1, or -1 when it is open."""
    mine_sold = SOLD_MIN <= mine <= SOLD_MAX
    theirs_sold = SOLD_MIN <= theirs <= SOLD_MAX
    if mine_sold and (not theirs_sold or mine > theirs):
        return 0
    if theirs_sold and (not mine_sold or theirs > mine):
        return 1
    return -1


def game_winner(vals: Sequence[int]) -> int | None:
    """The seat holding two pairs or more once all three are held, else ``None``
    (:func:`holder` written out: this runs after every move of a search)."""
    held = 0
    for pair in range(3):
        mine, theirs = vals[pair], vals[3 + pair]
        mine_sold = SOLD_MIN <= mine <= SOLD_MAX
        theirs_sold = SOLD_MIN <= theirs <= SOLD_MAX
        if theirs_sold and (not mine_sold or theirs > mine):
            held += 1
        elif not mine_sold or mine == theirs:
            return None
    return 1 if held >= 2 else 0
