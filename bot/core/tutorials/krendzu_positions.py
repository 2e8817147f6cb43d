"""Krendzu positions for the tutorial, made with the game's own engine: a
two-player match whose hands are chosen, played on by real moves."""

from __future__ import annotations

from games import registry
from games.core.cards import RANKS_36, make_deck
from games.krendzu.rules import sort_key
from games.krendzu.state import KrendzuState

#: The learner (attacking in the first tour, defending in the second) and the computer.
YOU, COMPUTER = 0, 1


def deal(
    you: list[str], computer: list[str], *, exchange: int = 0, rng: int = 1, tour: int = 1
) -> KrendzuState:
    """A two-player match (one round: two tours) at the start of ``tour`` with
    these hands; the rest of the deck is set aside."""
    game = registry.get("krendzu")
    state: KrendzuState = game.new_game(2, {"exchange": exchange}, 0)
    while state.tour < tour:
        state = _finish_tour(state)
    sizes = [len(hand) for hand in state.hands]
    if sorted(sizes) != sorted([len(you), len(computer)]) or len({*you, *computer}) != sum(sizes):
        raise ValueError(f"hands of {sizes} distinct cards are dealt in this tour")
    state.hands = [sorted(you, key=sort_key), sorted(computer, key=sort_key)]
    state.aside = [c for c in make_deck(RANKS_36) if c not in {*you, *computer}]
    state.rng = rng
    state.events = []
    return state


def _finish_tour(state: KrendzuState) -> KrendzuState:
    """Play the tour out at once: the first legal move, defenders passing when they may."""
    game = registry.get("krendzu")
    tour = state.tour
    while state.tour == tour:
        seat = game.to_move(state)[0]
        actions = game.legal_actions(state, seat)
        state = game.apply(state, seat, ("pass",) if ("pass",) in actions else actions[0])
    return state
