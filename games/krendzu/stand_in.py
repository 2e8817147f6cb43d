"""How the bot plays Krendzu for an absent player.

It exchanges nothing (and finishes a discard it began with the first cards in
hand order); as an attacker it makes the placement that scores most, or a
random one when none scores; as a defender it never passes and never starts a
two-card move: it places one card on a random cell where the card completes no
combination (an own goal only when every placement is one), and a pending
second card likewise. It looks at the public field and its own hand only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.core.protocol import Action
from games.krendzu.field import Cell, windows_through
from games.krendzu.rules import ATTACK, combination_kinds, roles_of
from games.krendzu.state import DISCARD, KrendzuState


def choose(state: KrendzuState, seat: int, actions: Sequence[Action], rnd: random.Random) -> Action:
    """The stand-in's move among ``actions`` (``seat``'s legal actions, never empty)."""
    if ("announce", 0) in actions:
        return ("announce", 0)
    if state.phase == DISCARD:
        if ("exchange",) in actions:
            return ("exchange",)
        marked = state.marked[seat]
        for card in state.hands[seat]:
            if card not in marked and ("toggle", card) in actions:
                return ("toggle", card)
        return actions[0]
    placements = [action for action in actions if action[0] == "place"]
    if not placements:
        return rnd.choice(list(actions))
    grid = {(p.x, p.y): p.card for p in state.cells}
    points = [(points_of(grid, action[1], (action[2], action[3])), action) for action in placements]
    attacking = roles_of(state.seats, state.variant, state.tour)[seat] == ATTACK
    best = max(p for p, _ in points) if attacking else min(p for p, _ in points)
    return rnd.choice([action for p, action in points if p == best])


def points_of(grid: Mapping[Cell, str], card: str, cell: Cell) -> int:
    """How many combinations ``card`` on the free ``cell`` would complete."""
    total = 0
    for window in windows_through(cell):
        cards = [card if c == cell else grid.get(c) for c in window]
        if None not in cards and combination_kinds(*cards):  # type: ignore[arg-type]
            total += 1
    return total
