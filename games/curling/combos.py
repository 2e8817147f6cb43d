"""Combinations: of five dice, of five cards, and every one a card table allows.

A combination is a name, a number set (a multiset, kept in descending order;
``None`` when the player names any numbers 1–5) and a maximum power **[reconstructed]**.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.core.cards import RANKS_36, RANKS_52, SUITS, parse_card
from games.core.errors import IllegalAction, InvalidCard

PAIR = "pair"
TWO_PAIRS = "two_pairs"
THREE = "three"
THREE_TWO = "three_two"
STRAIGHT = "straight"
FLUSH = "flush"
FOUR = "four"
POKER = "poker"
NULL = "null"

#: Weakest first, with the maximum power of each (the tables of the rules).
DICE_TABLE: tuple[tuple[str, int], ...] = (
    (PAIR, 1),
    (TWO_PAIRS, 2),
    (THREE, 3),
    (THREE_TWO, 4),
    (STRAIGHT, 4),
    (FOUR, 5),
    (POKER, 5),
)
CARDS_36_TABLE: tuple[tuple[str, int], ...] = (
    (PAIR, 1),
    (TWO_PAIRS, 2),
    (THREE, 3),
    (STRAIGHT, 4),
    (THREE_TWO, 4),
    (FLUSH, 5),
    (FOUR, 5),
)
CARDS_52_TABLE: tuple[tuple[str, int], ...] = (
    (PAIR, 1),
    (TWO_PAIRS, 2),
    (THREE, 3),
    (STRAIGHT, 4),
    (FLUSH, 4),
    (THREE_TWO, 5),
    (FOUR, 5),
)

#: Card numbers: 2→2 … 5→5, 6–10→1, J→2, Q→3, K→4, A→5.
CARD_NUMBER: dict[str, int] = {
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 1,
    "7": 1,
    "8": 1,
    "9": 1,
    "10": 1,
    "J": 2,
    "Q": 3,
    "K": 4,
    "A": 5,
}
#: Rank order for straights (2 lowest, A highest; no wrap-around).
RANK_ORDER: dict[str, int] = {rank: i for i, rank in enumerate(RANKS_52)}


@dataclass(frozen=True)
class Combo:
    """A combination the player may throw with."""

    name: str
    #: The number set in descending order; ``None``: any numbers 1–5.
    numbers: tuple[int, ...] | None
    power: int

    @property
    def key(self) -> str:
        """``"pair:5,3"``; ``"poker"``, ``"four"`` (any numbers) and ``"null"`` alone."""
        if self.numbers is None or self.name == NULL:
            return self.name
        return f"{self.name}:{','.join(map(str, self.numbers))}"


NULL_COMBO = Combo(NULL, (), 1)


def _table(deck: int) -> tuple[tuple[str, int], ...]:
    return CARDS_36_TABLE if deck == 36 else CARDS_52_TABLE


def _desc(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(values, reverse=True))


def sort_key(combo: Combo, order: dict[str, int]) -> tuple[int, int, tuple[int, ...]]:
    """Strongest first: by power, then the table's order, then numbers descending."""
    return (-combo.power, -order[combo.name], tuple(-n for n in combo.numbers or (9,)))


# -- dice ---------------------------------------------------------------------


def dice_combo(dice: Sequence[int]) -> Combo:
    """The combination of five dice (each 1–5)."""
    if (
        not isinstance(dice, list | tuple)
        or len(dice) != 5
        or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 5 for d in dice)
    ):
        raise IllegalAction(
            "five dice, each 1 to 5 (sixes are always re-thrown)",
            code="curling-bad-dice",
            dice=str(dice),
        )
    counts = Counter(dice)
    groups = sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))
    shape = [c for _, c in groups]
    x = groups[0][0]
    power = dict(DICE_TABLE)
    if shape == [5]:
        return Combo(POKER, None, power[POKER])
    if shape == [4, 1]:
        return Combo(FOUR, _desc([x] * 4 + [groups[1][0]]), power[FOUR])
    if shape == [3, 2]:
        return Combo(THREE_TWO, _desc([x] * 3 + [groups[1][0]] * 2), power[THREE_TWO])
    if shape == [3, 1, 1]:
        return Combo(THREE, _desc([x, groups[1][0], groups[2][0]]), power[THREE])
    if shape == [2, 2, 1]:
        return Combo(TWO_PAIRS, _desc([x, groups[1][0]]), power[TWO_PAIRS])
    if shape == [2, 1, 1, 1]:
        return Combo(PAIR, _desc([x, max(v for v, _ in groups[1:])]), power[PAIR])
    return Combo(STRAIGHT, (5, 4, 3, 2, 1), power[STRAIGHT])


DICE_ORDER: dict[str, int] = {name: i for i, (name, _) in enumerate(DICE_TABLE)}


# -- cards --------------------------------------------------------------------


def check_cards(cards: object, deck: object) -> tuple[tuple[str, str], ...]:
    """Parse five cards of a ``deck`` (36, 52 or 54; jokers with 52 and 54)."""
    if deck not in (36, 52, 54) or isinstance(deck, bool):
        raise IllegalAction(
            "the deck has 36, 52 or 54 cards", code="curling-bad-deck", deck=str(deck)
        )
    if not isinstance(cards, list | tuple) or len(cards) != 5:
        raise InvalidCard("a combination is made of five cards", code="curling-five-cards")
    parsed = tuple(parse_card(card) for card in cards)
    for card, (rank, _) in zip(cards, parsed, strict=True):
        if (rank == "X" and deck == 36) or (deck == 36 and rank != "X" and rank not in RANKS_36):
            raise InvalidCard(f"{card} is not a card of the 36-card deck", card=str(card))
    return parsed


def _classify(hand: tuple[tuple[str, str], ...], deck: int) -> Combo:
    """The combination of five concrete cards (no jokers): the strongest category
    that applies, in the deck's table."""
    counts = Counter(rank for rank, _ in hand)
    groups = sorted(counts.items(), key=lambda kv: (-kv[1], -RANK_ORDER[kv[0]]))
    shape = [c for _, c in groups]
    numbers = [CARD_NUMBER[rank] for rank, _ in hand]
    found: list[tuple[str, tuple[int, ...] | None]] = []
    if len({suit for _, suit in hand}) == 1:
        found.append((FLUSH, _desc(numbers)))
    if shape[0] >= 4:
        found.append((FOUR, None))
    elif shape == [3, 2]:
        x, y = CARD_NUMBER[groups[0][0]], CARD_NUMBER[groups[1][0]]
        found.append((THREE_TWO, _desc([x, x, x, y, y])))
    elif shape == [3, 1, 1]:
        found.append((THREE, _desc(CARD_NUMBER[rank] for rank, _ in groups)))
    elif shape == [2, 2, 1]:
        found.append((TWO_PAIRS, _desc(CARD_NUMBER[rank] for rank, _ in groups)))
    elif shape == [2, 1, 1, 1]:
        x = CARD_NUMBER[groups[0][0]]
        found.append((PAIR, _desc([x, max(CARD_NUMBER[rank] for rank, _ in groups[1:])])))
    else:
        order = sorted(RANK_ORDER[rank] for rank, _ in hand)
        if order[-1] - order[0] == 4:
            found.append((STRAIGHT, _desc(numbers)))
    if not found:
        return NULL_COMBO
    table = _table(deck)
    rank_of = {name: i for i, (name, _) in enumerate(table)}
    name, nums = max(found, key=lambda f: rank_of[f[0]])
    return Combo(name, nums, dict(table)[name])


def _joker_options(plain: tuple[tuple[str, str], ...]) -> list[tuple[str, str]]:
    """The cards a joker may stand for that can make a difference: every rank; the
    suit matters only for a flush, so one suit unless the other cards share one."""
    suits = {suit for _, suit in plain}
    choices = [SUITS[0]]
    if len(suits) == 1:
        (only,) = suits
        choices = [only, next(s for s in SUITS if s != only)]
    return [(rank, suit) for rank in RANKS_52 for suit in choices]


@functools.lru_cache(maxsize=16384)
def hand_combos(hand: tuple[tuple[str, str], ...], deck: int) -> frozenset[Combo]:
    """Every combination five cards can make (several only with jokers, each
    standing for any card of the full deck, as the player likes)."""
    plain = tuple(card for card in hand if card[0] != "X")
    jokers = len(hand) - len(plain)
    if not jokers:
        return frozenset({_classify(hand, deck)})
    options = _joker_options(plain)
    out = set()
    for chosen in itertools.combinations_with_replacement(options, jokers):
        out.add(_classify(plain + chosen, deck))
    return frozenset(out)


def card_combo(cards: Sequence[str], deck: int) -> Combo:
    """The strongest combination five cards make (jokers chosen at best)."""
    hand = check_cards(cards, deck)
    order = card_order(deck)
    return min(hand_combos(_canonical(hand), deck), key=lambda c: sort_key(c, order))


def card_order(deck: int) -> dict[str, int]:
    order = {name: i for i, (name, _) in enumerate(_table(deck))}
    order[NULL] = -1
    return order


def _canonical(hand: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(hand))


@functools.lru_cache(maxsize=4096)
def table_combos(main: tuple[str, ...], subs: tuple[str, ...], deck: int) -> tuple[Combo, ...]:
    """Every distinct combination a player holding substitution cards ``subs``
    can form against the main cards ``main``: each substitution card replaces a
    different main card, all are used, and with six main cards one more main card
    stays unused. Strongest first; ``null`` last, and only when some
    arrangement makes no combination (a planned throw-away, or the only
    reading there is)."""
    parsed_main = [parse_card(card) for card in main]
    parsed_subs = [parse_card(card) for card in subs]
    keep = 5 - len(parsed_subs)
    found: set[Combo] = set()
    if 0 <= keep <= len(parsed_main):
        for kept in itertools.combinations(parsed_main, keep):
            found |= hand_combos(_canonical([*kept, *parsed_subs]), deck)
    null = (NULL_COMBO,) if NULL_COMBO in found else ()
    found.discard(NULL_COMBO)
    order = card_order(deck)
    return (*sorted(found, key=lambda c: sort_key(c, order)), *null)
