"""Pure Krendzu rule helpers: card values and combinations, seats and roles, hand sizes.

Cards use the 36-card notation of ``games.core.cards`` (``6S``, ``10H``, ``QD``,
``AC``). Plain cards are worth their face value; a figure is worth any of its
values, chosen afresh for every line: J 2 or 12, Q 3 or 13, K 4 or 14, A 1, 5,
11 or 15. Together the values cover 1–15, and each number from 1 to 15 is a
value of exactly one rank.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from games.core.cards import RANKS_36, SUITS
from games.core.errors import InvalidCard

#: Every value each rank may take.
RANK_VALUES: Mapping[str, tuple[int, ...]] = MappingProxyType(
    {
        "6": (6,),
        "7": (7,),
        "8": (8,),
        "9": (9,),
        "10": (10,),
        "J": (2, 12),
        "Q": (3, 13),
        "K": (4, 14),
        "A": (1, 5, 11, 15),
    }
)
#: The rank worth each number 1–15 (every number belongs to exactly one rank).
_RANK_OF_VALUE = {value: rank for rank, values in RANK_VALUES.items() for value in values}
#: Card code → (rank, suit), for the 36-card deck only.
CARDS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {rank + suit: (rank, suit) for suit in SUITS for rank in RANKS_36}
)
RANK: Mapping[str, str] = MappingProxyType({code: rank for code, (rank, _) in CARDS.items()})
SUIT: Mapping[str, str] = MappingProxyType({code: suit for code, (_, suit) in CARDS.items()})

SUIT_KIND = "suit"
PROGRESSION = "progression"


def _progressions() -> frozenset[tuple[str, str, str, str]]:
    """Every line of four ranks that some reading makes an arithmetic progression
    with a non-zero difference. Since each number is worth one rank only, the
    progressions of numbers in 1–15 map one to one onto these rank lines."""
    rank = _RANK_OF_VALUE
    out: set[tuple[str, str, str, str]] = set()
    for start in range(1, 16):
        for step in range(-14, 15):
            if step and 1 <= start + 3 * step <= 15:
                out.add(
                    (
                        rank[start],
                        rank[start + step],
                        rank[start + 2 * step],
                        rank[start + 3 * step],
                    )
                )
    return frozenset(out)


#: Rank lines (in line order) that are progressions; 6-7-8-9 is, 6-6-6-6 is not.
PROGRESSIONS: frozenset[tuple[str, str, str, str]] = _progressions()

#: Hand order: suit S, H, D, C, then rank 6 … 10, J, Q, K, A.
_ORDER = {code: index for index, code in enumerate(CARDS)}


def sort_key(card: str) -> int:
    """Position of a card in hand order (suit S, H, D, C, then rank 6 … A)."""
    return _ORDER[card]


def check_card(card: object) -> str:
    """``card`` itself if it is a card of the 36-card deck; raises :class:`InvalidCard`."""
    if not isinstance(card, str) or card not in CARDS:
        raise InvalidCard(f"not a card of the 36-card deck: {card!r}", card=repr(card))
    return card


def is_combination(cards: Sequence[str]) -> bool:
    """True when four cards in line order are a combination.

    All of one suit, or an arithmetic progression with a non-zero difference
    under some reading of the figures: A-6-7-8 (5, 6, 7, 8), J-9-6-Q
    (12, 9, 6, 3), A-A-9-Q (1, 5, 9, 13). Four cards of one rank never count.
    Judged on the cards' properties alone, so repeated cards are not refused.
    Raises :class:`InvalidCard` (a ``ValueError``) unless given exactly four
    cards of the 36-card deck.
    """
    if isinstance(cards, str) or not isinstance(cards, Sequence) or len(cards) != 4:
        raise InvalidCard("a combination is a list of four cards", card=repr(cards))
    a, b, c, d = (check_card(card) for card in cards)
    return combination_kinds(a, b, c, d) != ()


def combination_kinds(a: str, b: str, c: str, d: str) -> tuple[str, ...]:
    """The kinds (``"suit"``, ``"progression"``, in that order) of four valid cards
    in line order; ``()`` when they are no combination. Unchecked and fast: the
    engine runs it for up to 16 windows per card placed."""
    ra, sa = CARDS[a]
    rb, sb = CARDS[b]
    rc, sc = CARDS[c]
    rd, sd = CARDS[d]
    if ra == rb == rc == rd:
        return ()
    suit = sa == sb == sc == sd
    progression = (ra, rb, rc, rd) in PROGRESSIONS
    if suit:
        return (SUIT_KIND, PROGRESSION) if progression else (SUIT_KIND,)
    return (PROGRESSION,) if progression else ()


# -- seats and roles ------------------------------------------------------------

TWO_ATTACKERS = "two_attackers"
TWO_DEFENDERS = "two_defenders"
VARIANTS = (TWO_ATTACKERS, TWO_DEFENDERS)
ATTACK = "attack"
DEFEND = "defend"

#: Tours per round, always even («Весь матч состоит из четного числа туров») and
#: fair: each player (2) or team (4) attacks once; with three, each player is
#: the lone one twice.
BASE_TOURS = {2: 2, 3: 6, 4: 2}


def dealer_of(seats: int, tour: int) -> int:
    """The seat that deals tour ``tour`` (1-based): the attacker with 2 players,
    the lone player with 3, an attacker of the attacking team with 4."""
    return (tour - 1) % seats


@functools.cache
def cycle_of(seats: int, variant: str, tour: int) -> tuple[int, ...]:
    """The turn cycle of a tour; a defender always comes first (a seat may appear twice)."""
    t = tour - 1
    if seats == 2:
        attacker = t % 2
        return (1 - attacker, attacker)
    if seats == 3:
        lone = t % 3
        first, second = (lone + 1) % 3, (lone + 2) % 3
        if variant == TWO_DEFENDERS:
            return (first, lone, second, lone)
        return (lone, first, lone, second)
    dealer = t % 4
    return tuple((dealer + step) % 4 for step in range(1, 5))


@functools.cache
def roles_of(seats: int, variant: str, tour: int) -> tuple[str, ...]:
    """``"attack"`` or ``"defend"`` per seat in tour ``tour``."""
    t = tour - 1
    if seats == 2:
        return tuple(ATTACK if seat == t % 2 else DEFEND for seat in range(2))
    if seats == 3:
        lone = t % 3
        alone, others = (ATTACK, DEFEND) if variant == TWO_DEFENDERS else (DEFEND, ATTACK)
        return tuple(alone if seat == lone else others for seat in range(3))
    dealer = t % 4
    return tuple(ATTACK if (seat - dealer) % 2 == 0 else DEFEND for seat in range(4))


@functools.cache
def attackers_of(seats: int, variant: str, tour: int) -> tuple[int, ...]:
    """The attacking seats of tour ``tour``."""
    return tuple(seat for seat, role in enumerate(roles_of(seats, variant, tour)) if role == ATTACK)


# -- hand sizes -------------------------------------------------------------------

#: Per (seats, variant): the recommended attacker hand and handicap, and the
#: attacker hands allowed when given explicitly (from the source's advice).
_DEALS: Mapping[tuple[int, str | None], tuple[int, int, int, int]] = MappingProxyType(
    {
        (2, None): (10, 2, 9, 14),
        (3, TWO_ATTACKERS): (7, 1, 7, 8),
        (3, TWO_DEFENDERS): (12, 2, 12, 13),
        (4, None): (7, 2, 7, 8),
    }
)


def deal_rules(seats: int, variant: str) -> tuple[int, int, int, int]:
    """``(recommended hand, recommended handicap, min hand, max hand)``."""
    return _DEALS[(seats, variant if seats == 3 else None)]


def hand_sizes(seats: int, variant: str, tour: int, hand: int, handicap: int) -> list[int]:
    """Cards dealt to each seat in tour ``tour``.

    Every attacker gets ``hand``; the defending side gets ``handicap`` more
    cards in total than the attacking side, split evenly between two
    defenders, the first defender in the turn cycle getting the odd card.
    """
    roles = roles_of(seats, variant, tour)
    attackers = roles.count(ATTACK)
    order = dict.fromkeys(cycle_of(seats, variant, tour))
    defenders = [seat for seat in order if roles[seat] == DEFEND]
    total = attackers * hand + handicap
    sizes = [hand if role == ATTACK else 0 for role in roles]
    for index, seat in enumerate(defenders):
        sizes[seat] = total // len(defenders) + (1 if index < total % len(defenders) else 0)
    return sizes
