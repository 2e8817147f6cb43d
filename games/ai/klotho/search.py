"""Expectimax over the cell actions of a tour, with a fixed budget per level.

Every turned card is a chance node over the unseen pool. The search goes one,
two or three actions deep; the last action of a line of play is judged by
the evaluator's expected change (no card dealt), the ones before it by
dealing every unseen card, or a fixed sample of them. Positions are judged
by the seats' chances of winning (:mod:`.utility`), and each seat is
assumed to take what is best for itself. Where a search of two actions or
more stops, the seat to move next is about to turn its best card, so its
best line counts in full; and a turning that may give a seat holding a half
victory a triplet may end the game, which no count of points tells.
"""

from __future__ import annotations

from dataclasses import dataclass

from .evaluate import Evaluator
from .model import MOVE, PLACE, REPLACE, TURN, Move, Position, actions, play
from .utility import Outlook

#: The largest field (4×4, two to four seats) whose placements are searched
#: as deep as the rest of the tour.
PLACE_DEEP_CELLS = 16


@dataclass(frozen=True)
class Budget:
    """How deep and wide a level searches."""

    #: Actions searched: 1 (judged by the evaluator), 2 or 3.
    depth: int
    #: Cards dealt at the root's chance nodes (0: every unseen card).
    root_cards: int = 0
    #: Cards dealt at deeper chance nodes (0: every unseen card).
    deep_cards: int = 0
    #: Replies searched further at depth 3, the best by the evaluator first.
    replies: int = 3
    #: Cards dealt for a placement (its field is larger, its card matters less).
    place_cards: int = 8


@dataclass(frozen=True)
class Search:
    """What a search judges with: the evaluator, the outlook and the budget."""

    ev: Evaluator
    outlook: Outlook
    budget: Budget
    #: Where the samples of unseen cards start, in [0, 1) (see :func:`_cards`).
    offset: float


def ranked_actions(search: Search, pos: Position, seat: int, moves: list[Move]) -> list[Move]:
    """``moves`` best first for ``seat``, the turn seat of ``pos``; ties keep
    the order they were found in."""
    if len(moves) == 1:
        return moves
    if search.budget.depth <= 1:
        values = search.ev.values(pos)
        scores = [_after(search, pos, values, seat, m)[seat] for m in moves]
    else:
        budget = search.budget
        depth = budget.depth
        if pos.placing and pos.shape.cells > PLACE_DEEP_CELLS:
            # Every cell is a placement, and every one of them an answer: three
            # actions deep on a larger field would cost seconds.
            depth = min(depth, 2)
        scores = [_expect(search, pos, move, depth, budget.root_cards)[seat] for move in moves]
    order = sorted(range(len(moves)), key=lambda i: -scores[i])
    return [moves[i] for i in order]


def _after(
    search: Search,
    pos: Position,
    values: list[float],
    mover: int,
    move: Move,
    following: int = -1,
) -> list[float]:
    """The seats' chances once ``mover`` has taken ``move``, by the evaluator
    alone; the ``following`` seat (if any) moves next and will cash its best line."""
    ev = search.ev
    delta = ev.delta(pos, mover, move)
    down = pos.down + (move[0] == REPLACE) - (move[0] in (PLACE, TURN))
    after = [v + d for v, d in zip(values, delta, strict=True)]
    if following >= 0 and down:
        after[following] += ev.w.cash * ev.threat(pos, following, move)
    chances = search.outlook.chances(after, down)
    if move[0] == TURN:
        # A triplet for a seat holding a half victory ends the game: no
        # evaluation of points tells that.
        winner, chance = ev.winning_triplet(pos, move[1])
        if chance:
            chances = [(1 - chance) * c + chance * (s == winner) for s, c in enumerate(chances)]
    return chances


def _cards(pos: Position, move: Move, sample: int, search: Search) -> list[int]:
    """The cards ``move`` may show, or a sample of them (``[-1]``: it shows none)."""
    if move[0] in (MOVE, REPLACE):
        return [-1]
    if move[0] == PLACE:
        # A placement is answered by a placement on any free cell: fewer cards
        # on a larger field keep the work that of the smallest.
        cells = pos.shape.cells
        place_cards = max(2, search.budget.place_cards * PLACE_DEEP_CELLS**2 // cells**2)
        sample = min(sample or place_cards, place_cards)
    pool = sorted(set(pos.pool))
    if 0 < sample < len(pool):
        # Evenly spread over the sorted pool from one random offset per
        # decision: each action is judged against like cards, so their
        # comparison is not down to the luck of separate draws.
        step = len(pool) / sample
        return [pool[int((search.offset + i) * step)] for i in range(sample)]
    return pool


def _expect(search: Search, pos: Position, move: Move, depth: int, sample: int) -> list[float]:
    """The seats' expected chances after the turn seat of ``pos`` takes ``move``
    and the following seats answer, ``depth`` actions in all."""
    cards = _cards(pos, move, sample, search)
    total = [0.0] * pos.seats
    for card in cards:
        child = pos.copy()
        play(child, move, card)
        for s, v in enumerate(_reply(search, child, depth - 1)):
            total[s] += v
    return [t / len(cards) for t in total]


def _reply(search: Search, pos: Position, depth: int) -> list[float]:
    """The seats' chances when the turn seat of ``pos`` answers as best it can."""
    values = search.ev.values(pos)
    if pos.over:
        return search.outlook.of(pos, values)
    mover = pos.turn
    moves = actions(pos, mover)
    # The search ends after this answer: the seat moving next is about to
    # cash its best line, which the evaluator counts at ``one`` only.
    following = -1 if pos.placing or depth > 1 else (mover + 1) % pos.seats
    afters = [_after(search, pos, values, mover, m, following) for m in moves]
    if depth <= 1:
        return max(afters, key=lambda a: a[mover])
    order = sorted(range(len(moves)), key=lambda i: -afters[i][mover])
    best, best_value = afters[order[0]], float("-inf")
    for i in order[: search.budget.replies]:
        chances = _expect(search, pos, moves[i], depth, search.budget.deep_cards)
        if chances[mover] > best_value + 1e-9:
            best, best_value = chances, chances[mover]
    return best
