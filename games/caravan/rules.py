"""Pure Caravan rule helpers: card values, caravan value, direction and suit,
what may be played where, and who holds a pair.

A caravan is a list of ``(numeral card, [face cards on it])`` pairs, bottom →
top, e.g. ``[("4S", ["KH", "KD"]), ("9S", [])]``; pairs may also be lists.
The public helpers check their input and raise a ``ValueError`` subclass
(:class:`~games.core.errors.InvalidCard`) for anything that is not a caravan.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.caravan.decks import NUMERAL_RANKS, standard_deck
from games.core.cards import SUITS, parse_card
from games.core.errors import IllegalAction, InvalidCard

#: A numeral card and the face cards on it, in the order they were played.
Slot = tuple[str, list[str]]
Caravan = list[Slot]

UP = "up"
DOWN = "down"
SOLD_MIN = 21
SOLD_MAX = 26
#: At most this many face cards on one numeral card (a Jack may still go on).
FACE_LIMIT = 3
HAND_SIZE = 8
EMPTY = "empty"
LIGHT = "light"
SOLD = "sold"
BUST = "bust"

_CODES = standard_deck()
_RANK: dict[str, str] = {code: parse_card(code)[0] for code in _CODES}
#: Suit of every card; jokers have none.
SUIT: dict[str, str] = {code: parse_card(code)[1] for code in _CODES}
#: Value of every numeral card (A = 1).
VALUE: dict[str, int] = {
    code: 1 if rank == "A" else int(rank) for code, rank in _RANK.items() if rank in NUMERAL_RANKS
}
_GROUP = {"J": 1, "Q": 2, "K": 3, "X": 4}


def rank(card: str) -> str:
    """The rank of a card (``"7"``, ``"A"``, ``"Q"``; ``"X"`` for a joker)."""
    found = _RANK.get(card) if isinstance(card, str) else None
    if found is None:
        raise InvalidCard(f"not a card: {card!r}", card=repr(card))
    return found


def is_numeral(card: str) -> bool:
    """True for an Ace or a 2–10; raises ``InvalidCard`` for a non-card."""
    return rank(card) in NUMERAL_RANKS


def sort_key(card: str) -> tuple[int, int, int]:
    """Hand order: numerals by value then suit, then Jacks, Queens, Kings, jokers."""
    card_rank = rank(card)
    if card_rank == "X":
        return 4, 0, int(card[1])
    suit = SUITS.index(SUIT[card])
    if card_rank in NUMERAL_RANKS:
        return 0, VALUE[card], suit
    return _GROUP[card_rank], 0, suit


def caravan_value(caravan: Sequence[Any]) -> int:
    """The sum of the numeral cards, each doubled once per King on it.

    ``[("4S", ["KH", "KD"])]`` is worth 16.
    """
    return value_of(_checked(caravan))


def can_play_numeral(caravan: Sequence[Any], card: str) -> bool:
    """True when numeral ``card`` may go at the end of ``caravan``.

    Any numeral starts an empty caravan. Otherwise its value must differ from
    the last numeral card's; from the third card on it must also continue
    the direction or match the suit (see :func:`direction_of`, :func:`suit_of`).
    A face card is never played as a numeral, so it gives ``False``.
    """
    slots = _checked(caravan)
    return is_numeral(card) and numeral_problem(slots, card) is None


def value_of(caravan: Sequence[tuple[str, Sequence[str]]]) -> int:
    """:func:`caravan_value` of a caravan known to be well formed."""
    total = 0
    for card, faces in caravan:
        value = VALUE[card]
        for face in faces:
            if face[0] == "K":
                value <<= 1
        total += value
    return total


def direction_of(caravan: Sequence[Slot]) -> str | None:
    """``"up"`` or ``"down"`` from the last two numeral cards, reversed once per
    Queen on the last one; ``None`` with fewer than two numeral cards, or when
    the last two have one value (only a Jack can bring two such together)."""
    if len(caravan) < 2:
        return None
    last, before = VALUE[caravan[-1][0]], VALUE[caravan[-2][0]]
    if last == before:
        return None
    rising = last > before
    queens = sum(1 for face in caravan[-1][1] if face[0] == "Q")
    if queens % 2:
        rising = not rising
    return UP if rising else DOWN


def suit_of(caravan: Sequence[Slot]) -> str | None:
    """The suit of the last Queen on the last numeral card, else of that card;
    ``None`` for an empty caravan."""
    if not caravan:
        return None
    card, faces = caravan[-1]
    for face in reversed(faces):
        if face[0] == "Q":
            return SUIT[face]
    return SUIT[card]


def status_of(caravan: Sequence[Slot], value: int) -> str:
    """``"empty"``, ``"light"`` (1–20), ``"sold"`` (21–26) or ``"bust"`` (27+)."""
    if not caravan:
        return EMPTY
    if value < SOLD_MIN:
        return LIGHT
    return SOLD if value <= SOLD_MAX else BUST


def numeral_problem(caravan: Sequence[Slot], card: str) -> IllegalAction | None:
    """Why numeral ``card`` may not go at the end of ``caravan`` (``None``: it may)."""
    if not caravan:
        return None
    last = caravan[-1][0]
    if VALUE[card] == VALUE[last]:
        return IllegalAction(
            f"{card} has the same value as the last card of that caravan, {last}",
            code="caravan-same-value",
            card=card,
            last=last,
        )
    if len(caravan) < 2:
        return None
    suit = suit_of(caravan)
    direction = direction_of(caravan)
    if SUIT[card] == suit or direction is None:
        return None
    if (VALUE[card] > VALUE[last]) == (direction == UP):
        return None
    return IllegalAction(
        f"{card} neither continues that caravan's direction ({direction}) "
        f"nor matches its suit ({suit})",
        code="caravan-wrong-direction",
        card=card,
        last=last,
        direction=direction,
        suit=suit,
    )


def face_problem(caravan: Sequence[Slot], card: str, pos: int) -> IllegalAction | None:
    """Why face card ``card`` may not go on the numeral card at ``pos`` (a valid index)."""
    target, faces = caravan[pos]
    if card[0] == "Q" and pos != len(caravan) - 1:
        return IllegalAction(
            "a Queen goes only on the last card of a caravan",
            code="caravan-queen-last-only",
            card=card,
            target=target,
        )
    if card[0] != "J" and len(faces) >= FACE_LIMIT:
        return IllegalAction(
            f"{target} already holds {FACE_LIMIT} face cards (only a Jack may still go on it)",
            code="caravan-face-limit",
            card=target,
            max=FACE_LIMIT,
        )
    return None


def face_targets(caravan: Sequence[Slot], card: str) -> list[int]:
    """The positions of ``caravan`` where face card ``card`` may go."""
    return [pos for pos in range(len(caravan)) if face_problem(caravan, card, pos) is None]


def joker_victims(
    caravans: Sequence[Sequence[Sequence[Slot]]], owner: int, pair: int, pos: int
) -> list[tuple[int, int, int]]:
    """The numeral cards a joker on ``caravans[owner][pair][pos]`` removes.

    On an Ace: every other numeral card of its suit; on a 2–10: every other
    numeral card of its value; from all six caravans, as ``(seat, pair, pos)``.
    """
    target = caravans[owner][pair][pos][0]
    key: dict[str, str] | dict[str, int] = SUIT if target[0] == "A" else VALUE
    wanted = key[target]
    return [
        (seat, index, place)
        for seat, row in enumerate(caravans)
        for index, caravan in enumerate(row)
        for place, (card, _) in enumerate(caravan)
        if key[card] == wanted and (seat, index, place) != (owner, pair, pos)
    ]


def is_sold(value: int) -> bool:
    """True for a value of 21–26."""
    return SOLD_MIN <= value <= SOLD_MAX


def pair_holder(first: int, second: int) -> int | None:
    """Who holds a pair whose caravans are worth ``first`` (seat 0) and ``second``.

    A sold caravan facing an unsold one holds it; of two sold ones the higher
    does; equal sold values (or nothing sold) leave it open (``None``).
    """
    first_sold, second_sold = is_sold(first), is_sold(second)
    if first_sold and (not second_sold or first > second):
        return 0
    if second_sold and (not first_sold or second > first):
        return 1
    return None


def game_winner(holders: Sequence[int | None]) -> int | None:
    """The seat holding two or three pairs once all three are held, else ``None``."""
    if any(holder is None for holder in holders):
        return None
    seat, count = Counter(holders).most_common(1)[0]
    assert seat is not None and count >= 2  # three pairs, two seats
    return seat


def _checked(caravan: Sequence[Any]) -> Caravan:
    """A well-formed copy of a caravan given with tuples or lists; raises ``InvalidCard``."""
    if isinstance(caravan, str) or not isinstance(caravan, Sequence):
        raise InvalidCard("a caravan is a list of (card, faces) pairs", code="caravan-bad-caravan")
    out: Caravan = []
    for entry in caravan:
        if (
            isinstance(entry, str)
            or not isinstance(entry, Sequence)
            or len(entry) != 2
            or isinstance(entry[1], str)
            or not isinstance(entry[1], Sequence)
        ):
            raise InvalidCard(
                "a caravan is a list of (card, faces) pairs", code="caravan-bad-caravan"
            )
        card, faces = entry[0], list(entry[1])
        if not is_numeral(card) or any(is_numeral(face) for face in faces):
            raise InvalidCard(
                f"{card} with {faces}: a numeral card carries face cards",
                code="caravan-bad-caravan",
            )
        out.append((card, faces))
    return out
