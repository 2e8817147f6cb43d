"""Proofs for the Krendzu puzzles: minimax over every deal of the hidden hand.

Two players only. From the puzzle's position, every legal action of the seat
to move is tried on every deal of the cards it cannot see (the other hand, of
its size, drawn from every card neither on the field nor in the seat's hand;
the rest is set aside); the tour then goes on for a fixed number of turns (a
two-card move is one turn) with both seats seeing everything, the attacker
maximising its points and the defender minimising them. The scoring and the
turn order follow the engine's rules (``games.krendzu.rules`` and
``field``), on a light copy of the field.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator
from statistics import fmean

from games.core.protocol import Action
from games.krendzu.field import SIDES, Cell, windows_through
from games.krendzu.game import KrendzuGame
from games.krendzu.rules import ATTACK, combination_kinds, roles_of
from games.krendzu.state import KrendzuState
from tests.games.puzzles.common import TOLERANCE

GAME = KrendzuGame()
Hands = tuple[tuple[str, ...], tuple[str, ...]]


class Field:
    """The cards by cell and the frontier, with undoable placements."""

    def __init__(self, state: KrendzuState) -> None:
        self.grid: dict[Cell, str] = {(p.x, p.y): p.card for p in state.cells}
        self.frontier: set[Cell] = set(state.frontier)

    def points(self, cell: Cell, card: str) -> int:
        """The windows ``card`` on the free ``cell`` completes."""
        total = 0
        for window in windows_through(cell):
            cards = [card if c == cell else self.grid.get(c) for c in window]
            if None not in cards and combination_kinds(*cards):  # type: ignore[arg-type]
                total += 1
        return total

    def place(self, cell: Cell, card: str) -> tuple[int, list[Cell]]:
        """Lay ``card``; its points and the cells it added to the frontier."""
        points = self.points(cell, card)
        self.grid[cell] = card
        self.frontier.discard(cell)
        added = []
        for dx, dy in SIDES:
            near = (cell[0] + dx, cell[1] + dy)
            if near not in self.grid and near not in self.frontier:
                self.frontier.add(near)
                added.append(near)
        return points, added

    def undo(self, cell: Cell, added: list[Cell]) -> None:
        """Take back the card on ``cell``."""
        del self.grid[cell]
        for near in added:
            self.frontier.discard(near)
        self.frontier.add(cell)


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(c for c in hand if c != card)


def _after(hands: Hands, attacker_moved: bool) -> bool | None:
    """Who moves next (True: the attacker) after a move, or None at the tour's end."""
    attack, defence = hands
    if attacker_moved:
        return False if defence else (True if attack else None)
    return True if attack else (False if defence else None)


def value(field: Field, hands: Hands, attacker: bool, turns: int) -> int:
    """The attacker's points over the next ``turns`` turns, both sides playing best."""
    if turns == 0:
        return 0
    attack, defence = hands
    if attacker:
        best = -1
        for cell in sorted(field.frontier):
            for card in set(attack):
                points, added = field.place(cell, card)
                rest = (_without(attack, card), defence)
                nxt = _after(rest, True)
                more = 0 if nxt is None else value(field, rest, nxt, turns - 1)
                field.undo(cell, added)
                best = max(best, points + more)
        return best
    best = 10**9
    for points, rest, undo in defence_moves(field, hands, may_pass=bool(attack)):
        nxt = _after(rest, False)
        more = 0 if nxt is None else value(field, rest, nxt, turns - 1)
        undo()
        best = min(best, points + more)
        if best == 0:
            break
    return best


def defence_moves(
    field: Field, hands: Hands, *, may_pass: bool
) -> Iterator[tuple[int, Hands, Callable[[], None]]]:
    """Every move of the defender (pass, one card, two cards), applied in turn:
    its points, the hands after it and how to take it back."""
    attack, defence = hands
    if may_pass:
        yield 0, hands, lambda: None
    for cell in sorted(field.frontier):
        for card in set(defence):
            points, added = field.place(cell, card)
            rest = _without(defence, card)
            yield points, (attack, rest), functools.partial(field.undo, cell, added)
    if len(defence) < 2:
        return
    for cell in sorted(field.frontier):
        for card in set(defence):
            points, added = field.place(cell, card)
            rest = _without(defence, card)
            for second in sorted(field.frontier):
                for other in set(rest):
                    more, added2 = field.place(second, other)
                    yield (
                        points + more,
                        (attack, _without(rest, other)),
                        functools.partial(field.undo, second, added2),
                    )
            field.undo(cell, added)


def root_value(
    state: KrendzuState, action: Action, hands: Hands, attacking: bool, turns: int
) -> int:
    """The attacker's points when the seat to move plays ``action`` with ``hands``
    dealt: this turn and ``turns - 1`` more."""
    field = Field(state)
    attack, defence = hands
    if action[0] == "pass":
        return value(field, hands, True, turns - 1) if attack else 0
    card, cell = str(action[1]), (int(action[2]), int(action[3]))
    points, _ = field.place(cell, card)
    if attacking:
        rest: Hands = (_without(attack, card), defence)
        nxt = _after(rest, True)
        return points + (0 if nxt is None else value(field, rest, nxt, turns - 1))
    defence = _without(defence, card)
    if action[0] == "place":
        rest = (attack, defence)
        nxt = _after(rest, False)
        return points + (0 if nxt is None else value(field, rest, nxt, turns - 1))
    best = 10**9
    for second in sorted(field.frontier):
        for other in set(defence):
            more, added = field.place(second, other)
            rest = (attack, _without(defence, other))
            nxt = _after(rest, False)
            later = 0 if nxt is None else value(field, rest, nxt, turns - 1)
            field.undo(second, added)
            best = min(best, points + more + later)
    return best


def deals(state: KrendzuState, seat: int) -> Iterator[Hands]:
    """Every (attacker hand, defender hand) consistent with ``seat``'s view."""
    mine = tuple(state.hands[seat])
    other = 1 - seat
    seen = set(mine) | {p.card for p in state.cells}
    pool = sorted(c for c in [*state.aside, *state.hands[other]] if c not in seen)
    attacking = roles_of(state.seats, state.variant, state.tour)[seat] == ATTACK
    for hidden in itertools.combinations(pool, len(state.hands[other])):
        yield (mine, hidden) if attacking else (hidden, mine)


def prove(state: KrendzuState, seat: int, turns: int, worst: bool = True) -> frozenset[Action]:
    """The seat's right moves: over every deal, the attacker's points over
    ``turns`` turns, taken in the worst case (``worst``) or on average; the
    attacker's best moves are the highest, the defender's the lowest."""
    attacking = roles_of(state.seats, state.variant, state.tour)[seat] == ATTACK
    every = list(deals(state, seat))
    values: dict[Action, float] = {}
    for action in GAME.legal_actions(state, seat):
        action = tuple(action)
        outcomes = [root_value(state, action, hands, attacking, turns) for hands in every]
        if worst:
            values[action] = min(outcomes) if attacking else max(outcomes)
        else:
            values[action] = fmean(outcomes)
    sign = 1.0 if attacking else -1.0
    top = max(sign * v for v in values.values())
    return frozenset(a for a, v in values.items() if sign * v >= top - TOLERANCE)
