"""Standard playing-card notation shared by the 36/52/54-card games.

A card is rank + suit letter: ``6S``, ``10H``, ``QD``, ``AC``; jokers are
``X1`` and ``X2``. Klac! has its own colour cards (see ``games.klac.cards``).
"""

from __future__ import annotations

from games.core.errors import InvalidCard

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS_52 = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANKS_36 = RANKS_52[4:]
JOKERS = ("X1", "X2")
FIGURES = frozenset({"J", "Q", "K", "A"})


def parse_card(text: str) -> tuple[str, str]:
    """Split a card into ``(rank, suit)``; jokers give ``("X", "")``.

    Raises :class:`InvalidCard` for anything that is not a card.
    """
    if not isinstance(text, str):
        raise InvalidCard(f"not a card: {text!r}", card=repr(text))
    if text in JOKERS:
        return "X", ""
    rank, suit = text[:-1], text[-1:]
    if suit not in SUITS or rank not in RANKS_52:
        raise InvalidCard(f"not a card: {text!r}", card=text)
    return rank, suit


def make_deck(ranks: tuple[str, ...] = RANKS_52, jokers: int = 0) -> list[str]:
    """An ordered deck: every rank of every suit, then ``jokers`` jokers."""
    return [r + s for s in SUITS for r in ranks] + list(JOKERS[:jokers])


def pretty(card: str) -> str:
    """A human label such as ``10♥`` or ``🃏``."""
    rank, suit = parse_card(card)
    return "🃏" if rank == "X" else rank + SUIT_SYMBOLS[suit]
