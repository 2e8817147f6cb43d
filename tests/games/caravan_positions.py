"""Caravan positions for tests, written compactly: ``make_state`` and ``caravan``."""

from __future__ import annotations

from typing import Any

from games.caravan.rules import Caravan, sort_key
from games.caravan.state import CaravanState


def caravan(text: str) -> Caravan:
    """``"4S:KH,KD 9S"`` → ``[("4S", ["KH", "KD"]), ("9S", [])]``."""
    out: Caravan = []
    for token in text.split():
        card, _, faces = token.partition(":")
        out.append((card, faces.split(",") if faces else []))
    return out


def make_state(
    table: tuple[str, str, str, str, str, str] | None = None,
    hands: tuple[str, str] = ("", ""),
    *,
    turn: int | None = 0,
    phase: str = "main",
    decks: tuple[str, str] = ("2C 3C 4C", "2D 3D 4D"),
    **fields: Any,
) -> CaravanState:
    """A position: ``table`` lists seat 0's caravans 0–2, then seat 1's (see
    :func:`caravan`); hands and decks are space-separated cards, a deck's top
    card last. Game 1 of a best-of-1 match with standard deck lists, seat 0
    opened, unless the fields say otherwise.
    """
    rows = table or ("",) * 6
    return CaravanState(
        best_of=fields.pop("best_of", 1),
        own_decks=fields.pop("own_decks", [None, None]),
        rng=fields.pop("rng", 4242),
        game_no=fields.pop("game_no", 1),
        wins=fields.pop("wins", [0, 0]),
        first=fields.pop("first", 0),
        phase=phase,
        turn=turn,
        decks=[deck.split() for deck in decks],
        hands=[sorted(hand.split(), key=sort_key) for hand in hands],
        caravans=[[caravan(text) for text in rows[:3]], [caravan(text) for text in rows[3:]]],
        **fields,
    )
