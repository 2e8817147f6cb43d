"""The choices around the field: triplets, and when to end a tour by vote.

The rules of thumb: a triplet is a point, unless the seat already holds a
half victory (the second one wins the game at once); a tour is best ended by
the seat that would gain by the end (ahead on points, or level with the worse
prospects: its chance to win is better now than after the tour played out)
and played on by the seat that is behind while cards are still to be turned,
and that seat must then turn them.
"""

from __future__ import annotations

from games.klotho.state import KlothoState

from .evaluate import Evaluator
from .model import MOVE, REPLACE, TURN, Move, Position, actions
from .utility import Outlook

#: How much more a cell must promise for a digging seat to move there.
PROGRESS = 0.05


def triplet_choice(state: KlothoState, seat: int) -> str:
    """``"half"`` when it wins the game at once, else ``"point"``."""
    wins = state.halves[seat] >= 1 and (not state.contenders or seat in state.contenders)
    return "half" if wins else "point"


def wants_end(
    state: KlothoState, seat: int, ev: Evaluator, outlook: Outlook, pos: Position
) -> bool:
    """Whether ``seat`` would have the tour end now (to vote yes, or to propose):
    when its chance to win with the points as they stand is at least its
    chance with the rest of the tour played out."""
    if seat not in outlook.among:
        # Nothing to win: never hold the table up.
        return True
    now = outlook.chances(ev.values(pos, potential=False), 0)[seat]
    later = outlook.chances(ev.values(pos), pos.down)[seat]
    return now >= later


def digging_moves(ev: Evaluator, pos: Position, seat: int) -> list[Move]:
    """The actions of a seat that wants the tour to go on: it must make it go
    on, or two seats could walk their chips about for ever.

    With a face-down card next to its chip it turns (or replaces) a card, or
    moves to a cell that promises more; without, it walks towards the
    nearest face-down card. Either way the tour moves on within a few turns.
    """
    moves = actions(pos, seat)
    here = ev.potential(pos, pos.chips[seat])
    if any(kind == TURN for kind, _ in moves):
        return [
            (kind, cell)
            for kind, cell in moves
            if kind != MOVE or ev.potential(pos, cell) > here + PROGRESS
        ]
    distance = _distances(pos)
    nearest = min((distance[cell] for kind, cell in moves if kind == MOVE), default=0)
    return [
        (kind, cell) for kind, cell in moves if kind == REPLACE or distance[cell] == nearest
    ] or moves


def _distances(pos: Position) -> list[int]:
    """Each cell's distance in king steps to the nearest face-down card."""
    far = pos.shape.cells
    distance = [0 if card < 0 else far for card in pos.cards]
    frontier = [cell for cell, d in enumerate(distance) if d == 0]
    while frontier:
        following = []
        for cell in frontier:
            for n in pos.shape.neighbours[cell]:
                if distance[n] > distance[cell] + 1:
                    distance[n] = distance[cell] + 1
                    following.append(n)
        frontier = following
    return distance
