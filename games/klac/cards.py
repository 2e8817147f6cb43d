"""Klac! cards: 15 values in three colours, six copies each (90 cards).

A card is written colour letter + value: ``B1``, ``O14``, ``G7``. Every value
has one fixed colour (see ``docs/rules/klac.md``), so the letter is redundant
but makes codes readable and lets a typo such as ``B2`` be refused.
"""

from __future__ import annotations

from games.core.errors import InvalidCard

#: Colour letters in display order: blue, orange, green.
COLOURS = ("B", "O", "G")
COLOUR_NAMES = {"B": "blue", "O": "orange", "G": "green"}
VALUES_BY_COLOUR: dict[str, tuple[int, ...]] = {
    "B": (1, 4, 8, 12, 15),
    "O": (2, 5, 9, 10, 14),
    "G": (3, 6, 7, 11, 13),
}
COLOUR_OF_VALUE: dict[int, str] = {
    value: colour for colour, values in VALUES_BY_COLOUR.items() for value in values
}
COPIES = 6
#: The 15 distinct card codes, ordered by value.
CARD_CODES = tuple(COLOUR_OF_VALUE[v] + str(v) for v in sorted(COLOUR_OF_VALUE))
_PARSED = {COLOUR_OF_VALUE[v] + str(v): (COLOUR_OF_VALUE[v], v) for v in COLOUR_OF_VALUE}


def parse_card(text: object) -> tuple[str, int]:
    """Split a card code into ``(colour, value)``.

    Only canonical codes are accepted (``B1``, not ``b1``, ``B01`` or ``B2``);
    anything else raises :class:`InvalidCard`.
    """
    parsed = _PARSED.get(text) if isinstance(text, str) else None
    if parsed is None:
        raise InvalidCard(f"not a Klac card: {text!r}", card=repr(text))
    return parsed


def sort_key(card: str) -> tuple[int, int]:
    """Order cards by colour (blue, orange, green), then by value."""
    colour, value = parse_card(card)
    return COLOURS.index(colour), value


def make_deck() -> list[str]:
    """An ordered deck of all 90 cards (six copies of each code)."""
    return [code for code in CARD_CODES for _ in range(COPIES)]
