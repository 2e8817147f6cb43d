"""Caravan decks: the standard deck, set-tagged notation and deck validation.

A player's deck is built from up to three standard 54-card sets, ``A``, ``B``
and ``C``. A card is written as in ``games.core.cards`` (``7S``, ``10H``,
``X1``) with an optional set tag: ``KS/B`` is the King of spades from set B;
an untagged card belongs to set A. Tags only enforce the deck-building rule
(no two copies of one card from the same set); in a game the cards are plain
codes, so two ``KS`` may meet on the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.core.cards import JOKERS, RANKS_52, make_deck, parse_card
from games.core.errors import GameError, InvalidCard, InvalidOptions

SETS = ("A", "B", "C")
MIN_DECK = 30
#: Three standard sets without a repeat within a set.
MAX_DECK = 54 * len(SETS)
#: The opening round puts a numeral card on each of three caravans; a deck
#: with fewer could never finish it.
MIN_NUMERALS = 3
NUMERAL_RANKS = frozenset({"A", "2", "3", "4", "5", "6", "7", "8", "9", "10"})


def standard_deck() -> list[str]:
    """One full 54-card set: 52 cards and both jokers, in a fixed order."""
    return make_deck(RANKS_52, jokers=len(JOKERS))


def parse_tagged(text: str) -> tuple[str, str]:
    """Split ``"KS/B"`` into ``("KS", "B")``; an untagged card is from set ``A``.

    Raises :class:`InvalidCard` (code ``caravan-deck-bad-card`` or
    ``caravan-deck-bad-set``) for anything else.
    """
    if not isinstance(text, str):
        raise InvalidCard(f"not a card: {text!r}", code="caravan-deck-bad-card", card=repr(text))
    code, slash, card_set = text.partition("/")
    try:
        parse_card(code)
    except InvalidCard:
        raise InvalidCard(
            f"not a card: {text!r}", code="caravan-deck-bad-card", card=text
        ) from None
    if not slash:
        return code, SETS[0]
    if card_set not in SETS:
        raise InvalidCard(
            f"{text!r}: the set must be one of {', '.join(SETS)}",
            code="caravan-deck-bad-set",
            card=code,
            set=card_set,
        )
    return code, card_set


def tag(code: str, card_set: str) -> str:
    """The tagged form of ``code`` from ``card_set``; set A stays untagged."""
    parse_card(code)
    if card_set not in SETS:
        raise InvalidCard(
            f"the set must be one of {', '.join(SETS)}",
            code="caravan-deck-bad-set",
            card=code,
            set=str(card_set),
        )
    return code if card_set == SETS[0] else f"{code}/{card_set}"


def is_numeral_code(code: str) -> bool:
    """True for an Ace or a 2–10 (``code`` must be a valid card)."""
    return parse_card(code)[0] in NUMERAL_RANKS


def deck_problems(cards: Sequence[str]) -> list[GameError]:
    """Every reason ``cards`` (tagged or not) is not a legal Caravan deck.

    Each problem is an :class:`InvalidOptions` with a code and params:
    ``caravan-deck-bad-card`` (card), ``caravan-deck-bad-set`` (card, set),
    ``caravan-deck-duplicate`` (card, set: one per repeated card),
    ``caravan-deck-too-small`` / ``caravan-deck-too-big`` (count, min / max)
    and ``caravan-deck-few-numerals`` (count, min). An empty list means the
    deck is legal.
    """
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        return [
            InvalidOptions(
                "a deck is a list of cards", code="caravan-deck-not-a-list", card=repr(cards)
            )
        ]
    problems: list[GameError] = []
    parsed: list[tuple[str, str]] = []
    for text in cards:
        try:
            parsed.append(parse_tagged(text))
        except InvalidCard as exc:
            problems.append(InvalidOptions(str(exc), code=exc.code, **exc.params))
    for (code, card_set), copies in Counter(parsed).items():
        if copies > 1:
            problems.append(
                InvalidOptions(
                    f"{tag(code, card_set)} is in the deck {copies} times; "
                    "one card may repeat only from different sets",
                    code="caravan-deck-duplicate",
                    card=code,
                    set=card_set,
                )
            )
    count = len(cards)
    if count < MIN_DECK:
        problems.append(
            InvalidOptions(
                f"a deck needs at least {MIN_DECK} cards, this one has {count}",
                code="caravan-deck-too-small",
                count=count,
                min=MIN_DECK,
            )
        )
    if count > MAX_DECK:
        problems.append(
            InvalidOptions(
                f"a deck holds at most {MAX_DECK} cards ({len(SETS)} sets), this one has {count}",
                code="caravan-deck-too-big",
                count=count,
                max=MAX_DECK,
            )
        )
    numerals = sum(is_numeral_code(code) for code, _ in parsed)
    if numerals < MIN_NUMERALS:
        problems.append(
            InvalidOptions(
                f"a deck needs at least {MIN_NUMERALS} numeral cards (A, 2-10), "
                f"this one has {numerals}",
                code="caravan-deck-few-numerals",
                count=numerals,
                min=MIN_NUMERALS,
            )
        )
    return problems


def validate_deck(cards: Sequence[str]) -> list[str]:
    """The plain codes of a legal deck, in the given order; raises its first problem."""
    problems = deck_problems(cards)
    if problems:
        raise problems[0]
    return [parse_tagged(text)[0] for text in cards]
