"""The choices around the field: triplets, and when to end a tour by vote.

The rules of thumb: a triplet is a point, unless the seat already holds a
half victory (the second one wins the game at once); a tour is best ended by
the seat that would gain by the end (ahead on points, or level with the worse
prospects: its chance to win is better now than after the tour played out)
and played on by the seat that is behind while cards are still to be turned,
and that seat must then turn them.

A seat proposes the end only when the vote would pass: every seat, itself
included, would vote yes by the same rule (the computers' votes are exactly
that; a person may still refuse). Every seat votes yes when nothing can
change any more (no line can score again). A seat never asks twice in one
position: a refusal bars it for a round of moves (the engine's cooldown, in
the view), and it proposes only in a position no chip move led to (right
after a turn, a replace or the last placement). The face-down cards and the
stock only shrink, so such a position never comes back in the tour, while
chips walking back and forth could bring one back once the cooldown is
over. Where the table would agree but a move led there, the seat digs (every
seat is content with the score as it stands) and the next seat may ask.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.protocol import Action
from games.klotho.game import KlothoGame
from games.klotho.state import PLACEMENT, KlothoState

from .evaluate import Evaluator, Weights
from .model import COMBO, MOVE, REPLACE, TURN, Move, Position, actions, from_state
from .utility import Outlook

GAME = KlothoGame()
#: How much more a cell must promise for a digging seat to move there.
PROGRESS = 0.05


@dataclass(frozen=True)
class CellChoice:
    """What the rules of thumb leave to judgement: one of ``moves`` on ``pos``,
    weighed with ``ev`` and ``outlook``."""

    pos: Position
    ev: Evaluator
    outlook: Outlook
    moves: list[Move]


def rule_of_thumb(known: KlothoState, seat: int, weights: Weights) -> Action | CellChoice:
    """``seat``'s action by the rules of thumb (a triplet, a claim, a vote, a
    proposal), or the cell actions left to choose among."""
    legal = GAME.legal_actions(known, seat)
    if ("triplet", "point") in legal:
        return ("triplet", triplet_choice(known, seat))
    if ("claim",) in legal:
        return ("claim",)
    pos = from_state(known)
    ev = Evaluator(pos.pool, weights)
    among = known.contenders or range(known.seats)
    outlook = Outlook(known.seats, among, max(0, known.tours - known.tour))
    end = known.phase == PLACEMENT or wants_end(known, seat, ev, outlook, pos)
    if ("vote", "yes") in legal:
        return ("vote", "yes" if end else "no")
    ending = ("propose",) in legal and agreed(known, ev, outlook, pos)
    if seat != known.turn or (ending and fresh(known)):
        # Out of turn a seat may only propose.
        return ("propose",)
    moves = actions(pos, seat) if end and not ending else digging_moves(ev, pos, seat)
    return CellChoice(pos, ev, outlook, moves)


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
    if seat not in outlook.among or settled(pos):
        # Nothing to win, or nothing left to win: never hold the table up.
        return True
    now = outlook.chances(ev.values(pos, potential=False), 0)[seat]
    later = outlook.chances(ev.values(pos), pos.down)[seat]
    return now >= later


def agreed(state: KlothoState, ev: Evaluator, outlook: Outlook, pos: Position) -> bool:
    """Whether the table would end the tour: every seat would vote yes."""
    return all(wants_end(state, s, ev, outlook, pos) for s in range(state.seats))


def fresh(state: KlothoState) -> bool:
    """Whether no chip move led to this position, which then never comes back
    in the tour: a seat proposes only in such a position."""
    return state.last is None or state.last.kind != "move"


def settled(pos: Position) -> bool:
    """True when no line can score again this tour, whatever is turned or replaced.

    A line scores when its last face-down end is turned under a chip on its
    middle. Cards in a combination stay face up for good; any other face-up
    card may be replaced while the stock lasts, so it counts as unseen too.
    A line scores no more when both its ends stay as they are, or when no
    unseen cards in its open places make a combination.
    """
    cards, pool = pos.cards, sorted(set(pos.pool))
    fixed = [c >= 0 and (not pos.stock or _in_combination(pos, i)) for i, c in enumerate(cards)]
    seen: set[tuple[int, int, int]] = set()
    for lines in pos.shape.lines:
        for line in lines:
            if line in seen:
                continue
            seen.add(line)
            if fixed[line[0]] and fixed[line[2]]:
                continue
            if _may_combine([cards[i] if fixed[i] else -1 for i in line], pool):
                return False
    return True


def _in_combination(pos: Position, cell: int) -> bool:
    cards = pos.cards
    for a, m, b in pos.shape.lines[cell]:
        ca, cm, cb = cards[a], cards[m], cards[b]
        if ca >= 0 and cm >= 0 and cb >= 0 and COMBO[(ca * 36 + cm) * 36 + cb]:
            return True
    return False


def _may_combine(line: list[int], pool: list[int]) -> bool:
    """Whether distinct ``pool`` cards in the open places (-1) of ``line`` make a combination."""
    open_places = [i for i, c in enumerate(line) if c < 0]
    if len(open_places) == 3:
        # Not worth the search: a line of three unseen cards is taken as live.
        return True
    for first in pool:
        filled = list(line)
        filled[open_places[0]] = first
        for second in pool if len(open_places) == 2 else (-1,):
            if second == first:
                continue
            if second >= 0:
                filled[open_places[1]] = second
            if COMBO[(filled[0] * 36 + filled[1]) * 36 + filled[2]]:
                return True
    return False


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
