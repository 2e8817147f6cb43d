"""Klotho puzzle positions and their proofs by enumeration on the engine.

A proof plays every legal action of the seat on the real engine, every card
a turning may show (each card nobody has seen: those face down on the field
and in the stock; a card the seat saw go to the discard pile is not among
them), and every answer of the other seat (its cell actions; a proposal
changes nothing unless the table accepts it), to a horizon of a few actions.
Triplet choices are made by their owner as best for itself, within the
action that completed them. A position is worth the seat's lead in points
over the best other seat, or ±:data:`WIN` once the game is decided.

Turning a card deals it from the unseen cards, each equally likely: that is
every deal consistent with the view, grouped by the card that shows, so the
averages are those over every deal.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

from games.core.cards import RANKS_36, SUITS
from games.core.protocol import Action
from games.klotho.game import KlothoGame
from games.klotho.rules import geometry
from games.klotho.state import MAIN, OVER, KlothoState, Triplet, Vote
from tests.games.puzzles.common import best

GAME = KlothoGame()
DECK = [rank + suit for suit in SUITS for rank in RANKS_36]
#: A game won (or lost), in points of lead.
WIN = 100.0
CELL_KINDS = ("place", "move", "turn", "replace")


def position(
    up: dict[str, str],
    chips: Sequence[str],
    *,
    turn: int = 0,
    scores: Sequence[int] = (0, 0),
    halves: Sequence[int] = (0, 0),
    tour: int = 2,
    tours: int = 2,
    cooldown: Sequence[int] = (2, 2),
    pending: Sequence[tuple[int, list[str]]] = (),
    vote: tuple[int, list[int]] | None = None,
) -> KlothoState:
    """A two-seat main-phase position: the ``up`` cards face up, the rest of the
    deck face down on the field, then in the stock (deck order; the proofs
    and the players deal them afresh anyway)."""
    names = geometry(2).names
    rest = [card for card in DECK if card not in up.values()]
    cards = [up[name] if name in up else rest.pop() for name in names]
    state = KlothoState(
        seats=2,
        tours=tours,
        rng=1,
        tour=tour,
        dealer=(tour - 1) % 2,
        phase=MAIN,
        turn=turn,
        cards=cards,
        up=[name in up for name in names],
        chips=[names.index(cell) for cell in chips],
        stock=rest,
        discard=[],
        scores=list(scores),
        halves=list(halves),
        cooldown=list(cooldown),
        pending=[Triplet(seat, list(cells)) for seat, cells in pending],
        vote=None if vote is None else Vote(vote[0], list(vote[1])),
    )
    return GAME.loads(GAME.dumps(state))


def lead(state: KlothoState, seat: int) -> float:
    """``seat``'s lead in points over the best other seat, or ±:data:`WIN` after the end."""
    if state.phase == OVER:
        if seat not in state.winners:
            return -WIN
        return WIN if len(state.winners) == 1 else 0.0
    return state.scores[seat] - max(s for i, s in enumerate(state.scores) if i != seat)


def unseen(state: KlothoState) -> list[str]:
    """The cards a turning may show: face down on the field, or in the stock."""
    down = [card for card, up in zip(state.cards, state.up, strict=True) if not up]
    return [*down, *state.stock]


def _dealt(state: KlothoState, cell: int, card: str) -> KlothoState:
    """``state`` with ``card`` (an unseen one) swapped onto the face-down ``cell``."""
    out = copy.deepcopy(state)
    if card in out.stock:
        out.stock[out.stock.index(card)] = out.cards[cell]
    else:
        other = next(i for i, c in enumerate(out.cards) if c == card and not out.up[i])
        out.cards[other] = out.cards[cell]
    out.cards[cell] = card
    return out


def outcomes(state: KlothoState, seat: int, action: Action) -> list[KlothoState]:
    """The states ``action`` may lead to, equally likely: one per card it may show."""
    if action[0] in ("turn", "place"):
        cell = geometry(state.seats).index[str(action[1])]
        return [GAME.apply(_dealt(state, cell, c), seat, action) for c in unseen(state)]
    return [GAME.apply(state, seat, action)]


def _mover(state: KlothoState) -> tuple[int, list[Action]]:
    """Who acts next and with what: a pending triplet's owner, else the turn seat's cell actions."""
    if state.pending:
        owner = state.pending[0].seat
        return owner, GAME.legal_actions(state, owner)
    assert state.turn is not None
    return state.turn, [a for a in GAME.legal_actions(state, state.turn) if a[0] in CELL_KINDS]


def search(state: KlothoState, seat: int, plies: int) -> float:
    """``seat``'s lead after ``plies`` more cell actions, each seat choosing
    its best (the others playing against ``seat``), every card averaged."""
    if state.phase == OVER or (plies <= 0 and not state.pending):
        return lead(state, seat)
    mover, actions = _mover(state)
    left = plies - (actions[0][0] in CELL_KINDS)
    values = [average(state, mover, a, seat, left) for a in actions]
    return max(values) if mover == seat else min(values)


def average(state: KlothoState, actor: int, action: Action, seat: int, plies: int) -> float:
    """``seat``'s expected :func:`search` value after ``actor`` takes ``action``."""
    results = outcomes(state, actor, action)
    return sum(search(s, seat, plies) for s in results) / len(results)


def root_values(state: KlothoState, seat: int, plies: int) -> dict[Action, float]:
    """Every legal action's value for ``seat``: cell actions and votes searched
    ``plies`` actions deep (the action itself included); a proposal is worth
    the worse of the tour ending now and the best cell action (the others
    may refuse it)."""
    values: dict[Action, float] = {}
    legal = [tuple(a) for a in GAME.legal_actions(state, seat)]
    for action in legal:
        if action == ("propose",):
            continue
        values[action] = average(state, seat, action, seat, plies - (action[0] in CELL_KINDS))
    if ("propose",) in legal:
        ended = copy.deepcopy(state)
        ended.vote = Vote(seat, [s for s in range(state.seats) if s != seat])
        accepted = lead(GAME.apply(ended, seat, ("vote", "yes")), seat)
        cells = [v for a, v in values.items() if a[0] in CELL_KINDS]
        values[("propose",)] = min(accepted, max(cells)) if cells else accepted
    return values


def prover(plies: int) -> Callable[[Any, int], frozenset[Action]]:
    """A proof: the actions of the best value searched ``plies`` actions deep."""

    def prove(state: Any, seat: int) -> frozenset[Action]:
        return best(root_values(state, seat, plies))

    return prove
