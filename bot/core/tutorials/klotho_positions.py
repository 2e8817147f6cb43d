"""Klotho positions for the tutorial, made with the game's own state: a
two-player 4 × 4 field whose cards are chosen (``A1`` top left, row by row)."""

from __future__ import annotations

from collections.abc import Mapping

from games import registry
from games.core.cards import RANKS_36, make_deck
from games.klotho.state import MAIN, PLACEMENT, KlothoState, LastAction

YOU, COMPUTER = 0, 1
COLUMNS = "ABCD"


def index(cell: str) -> int:
    """The row-major index of a cell of the 4 × 4 field."""
    return (int(cell[1:]) - 1) * len(COLUMNS) + COLUMNS.index(cell[0])


def position(
    field: Mapping[str, str],
    *,
    up: tuple[str, ...] = (),
    chips: tuple[str | None, str | None] = (None, None),
    last: str | None = None,
) -> KlothoState:
    """The first tour of a two-player game dealt by the computer (so the
    learner plays first), ``field`` giving every cell's card; the cards
    ``up`` face up and the chips where given (both: the main phase)."""
    state: KlothoState = registry.get("klotho").new_game(2, {}, 0)
    cards = [field[f"{c}{r}"] for r in range(1, 5) for c in COLUMNS]
    state.cards = cards
    state.stock = [c for c in make_deck(RANKS_36) if c not in cards]
    state.discard = []
    state.up = [False] * len(cards)
    for cell in up:
        state.up[index(cell)] = True
    state.chips = [None if c is None else index(c) for c in chips]
    for chip in state.chips:
        if chip is not None:
            state.up[chip] = True
    state.dealer = COMPUTER
    state.phase = MAIN if None not in state.chips else PLACEMENT
    state.turn = YOU
    state.last = None if last is None else LastAction(last, COMPUTER, "turn")
    state.events = []
    return state
