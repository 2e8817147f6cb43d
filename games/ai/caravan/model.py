"""A light model of one Caravan game, for the computer player's search.

The engine's ``apply`` deep-copies the whole match state and writes events;
a search applies thousands of moves per decision, so it plays on this model
instead: immutable caravans (tuples), so a position is copied by copying six
references, and each caravan's value kept up to date rather than recomputed.
It plays the rules of ``games.caravan`` for one game (a test checks it
against the engine on random playouts); the game's end is the end of the
model, whatever the match would do next.

A position's caravans are numbered ``owner * 3 + pair``; actions are the
engine's tuples.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.caravan.rules import FACE_LIMIT, SOLD_MAX, SOLD_MIN, SUIT, VALUE, value_of
from games.core.protocol import Action

PLAY = "play"
ATTACH = "attach"
DISCARD = "discard"
DISBAND = "disband"

#: A numeral card and the face cards on it, in play order.
Slot = tuple[str, tuple[str, ...]]
Caravan = tuple[Slot, ...]


class Position:
    """One game of Caravan: the table, both hands and draw piles, whose turn.

    ``decks`` are never changed: ``left[seat]`` cards of ``decks[seat]`` are
    still to draw, the next one at index ``left[seat] - 1``. ``winner`` is
    set once the game is over.
    """

    __slots__ = ("cars", "decks", "hands", "left", "opening", "turn", "vals", "winner")

    def __init__(
        self,
        cars: list[Caravan],
        vals: list[int],
        hands: list[tuple[str, ...]],
        decks: list[Sequence[str]],
        left: list[int],
        turn: int,
        opening: bool,
        winner: int | None = None,
    ) -> None:
        self.cars = cars
        self.vals = vals
        self.hands = hands
        self.decks = decks
        self.left = left
        self.turn = turn
        self.opening = opening
        self.winner = winner

    def copy(self) -> Position:
        """A position that shares only immutable parts with this one."""
        return Position(
            list(self.cars),
            list(self.vals),
            list(self.hands),
            self.decks,
            list(self.left),
            self.turn,
            self.opening,
            self.winner,
        )


def value(caravan: Caravan) -> int:
    """The caravan's value: each numeral card doubled once per King on it."""
    return value_of(caravan)


def takes(caravan: Caravan, card: str) -> bool:
    """True when numeral ``card`` may go at the end of ``caravan`` (main phase)."""
    if not caravan:
        return True
    last, faces = caravan[-1]
    worth, last_worth = VALUE[card], VALUE[last]
    if worth == last_worth:
        return False
    if len(caravan) < 2:
        return True
    suit = SUIT[last]
    queens = 0
    for face in faces:
        if face[0] == "Q":
            suit = SUIT[face]
            queens += 1
    if SUIT[card] == suit:
        return True
    before = VALUE[caravan[-2][0]]
    if before == last_worth:
        return True
    return (worth > last_worth) == ((last_worth > before) != bool(queens & 1))


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
    cars = pos.cars
    out: list[Action] = []
    if pos.opening:
        for card in dict.fromkeys(pos.hands[seat]):
            if card in VALUE:
                out.extend((PLAY, card, pair) for pair in range(3) if not cars[base + pair])
        return out
    for card in dict.fromkeys(pos.hands[seat]):
        if card in VALUE:
            out.extend((PLAY, card, pair) for pair in range(3) if takes(cars[base + pair], card))
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


def without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``hand`` less one copy of ``card``."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def apply(pos: Position, action: Action) -> Position:
    """The position after the seat to move takes ``action`` (a legal one)."""
    new = pos.copy()
    seat = new.turn
    kind = action[0]
    cars, vals = new.cars, new.vals
    if kind == DISBAND:
        index = 3 * seat + action[1]
        cars[index] = ()
        vals[index] = 0
    else:
        card = action[1]
        new.hands[seat] = without(new.hands[seat], card)
        if kind == PLAY:
            index = 3 * seat + action[2]
            cars[index] = (*cars[index], (card, ()))
            vals[index] += VALUE[card]
        elif kind == ATTACH:
            _attach(cars, vals, card, 3 * action[2] + action[3], action[4])
    if new.opening and all(cars):
        new.opening = False
    winner = game_winner(vals)
    if winner is not None:
        new.winner = winner
        return new
    if kind != DISBAND and not pos.opening and new.left[seat]:
        new.left[seat] -= 1
        new.hands[seat] = (*new.hands[seat], new.decks[seat][new.left[seat]])
    other = 1 - seat
    new.turn = other
    if not new.opening and not new.hands[other] and not any(cars[3 * other : 3 * other + 3]):
        new.winner = seat  # the other seat has no move left
    return new


def _attach(cars: list[Caravan], vals: list[int], card: str, index: int, place: int) -> None:
    """Lay face card ``card`` on ``cars[index][place]`` and carry out what it does."""
    caravan = cars[index]
    target, faces = caravan[place]
    face = card[0]
    if face == "J":
        cars[index] = caravan[:place] + caravan[place + 1 :]
        vals[index] = value(cars[index])
        return
    cars[index] = (*caravan[:place], (target, (*faces, card)), *caravan[place + 1 :])
    if face == "K":
        vals[index] = value(cars[index])
    elif face == "X":
        by_suit = target[0] == "A"
        key = SUIT[target] if by_suit else VALUE[target]
        for other in range(6):
            kept = tuple(
                slot
                for i, slot in enumerate(cars[other])
                if (other == index and i == place)
                or (SUIT[slot[0]] if by_suit else VALUE[slot[0]]) != key
            )
            if len(kept) != len(cars[other]):
                cars[other] = kept
                vals[other] = value(kept)


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
    """The seat holding two pairs or more once all three are held, else ``None``."""
    held = 0
    for pair in range(3):
        who = holder(vals[pair], vals[3 + pair])
        if who < 0:
            return None
        held += who
    return 1 if held >= 2 else 0
