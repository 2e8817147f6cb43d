"""Standard playing-card notation shared by the 36/52/54-card games."""

from __future__ import annotations

import pytest

from games.core.cards import RANKS_36, RANKS_52, make_deck, parse_card, pretty
from games.core.errors import InvalidCard


@pytest.mark.parametrize(
    ("card", "parsed"),
    [("6S", ("6", "S")), ("10H", ("10", "H")), ("QD", ("Q", "D")), ("AC", ("A", "C")),
     ("X1", ("X", "")), ("X2", ("X", ""))],
)  # fmt: skip
def test_parse(card: str, parsed: tuple[str, str]) -> None:
    assert parse_card(card) == parsed


@pytest.mark.parametrize("bad", ["", "1S", "11H", "QX", "10", "X3", "qd", "S6", 7, None, "10HH"])
def test_malformed_cards_are_refused(bad: object) -> None:
    with pytest.raises(InvalidCard):
        parse_card(bad)  # type: ignore[arg-type]


def test_decks() -> None:
    assert len(make_deck(RANKS_36)) == 36
    full = make_deck(RANKS_52, jokers=2)
    assert len(full) == 54 == len(set(full))
    assert full[-2:] == ["X1", "X2"] and "2S" in full and "AC" in full
    assert [parse_card(c) for c in make_deck(RANKS_36)][:2] == [("6", "S"), ("7", "S")]


def test_pretty() -> None:
    assert [pretty(c) for c in ("10H", "AS", "QD", "7C", "X1")] == ["10♥", "A♠", "Q♦", "7♣", "🃏"]
