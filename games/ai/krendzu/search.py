"""The search of the normal and strong levels: candidates tried against replies.

The seat's moves are judged at one ply (``tactics``); the best few are then
played out on sampled deals of the cards it cannot see (consistent with its
view: the other hands of their sizes and the cards set aside, no attacker
getting a card its earlier moves showed it lacks), every seat then playing
the one-ply move it would choose from what it holds in that deal (an
attacker looking only at the cells around open windows, a defender at the
threatened cells, pass and two-card blocks) for two turns. The position
reached is judged by what the deal's hands can still complete, whoever
moves next: the attacker cashes its best threat,
the defender blocks what it can, and the defence's cards left are blocks to
come. A candidate's score mixes its one-ply value (exact over every deal)
with its playouts' average.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from games.ai.krendzu.model import BIT, CARD_ID, cell_key, windows_through
from games.ai.krendzu.tactics import (
    DRAIN,
    LATER,
    Replay,
    active_cells,
    attack_moves,
    by_cell,
    completers,
    defence_moves,
    read,
)
from games.core.protocol import Action
from games.krendzu.game import KrendzuGame
from games.krendzu.rules import ATTACK, attackers_of, roles_of, sort_key
from games.krendzu.state import PLAY, KrendzuState

GAME = KrendzuGame()
#: What each card the defence still holds is worth to it, with spares and when short.
HELD = 0.12
HELD_SHORT = 0.3
#: The share of a candidate's one-ply value in its score (the rest: its
#: playouts): the one-ply value weighs every deal of the unseen cards.
ONE_PLY = 0.5
#: Values closer than this are equal (the rng picks among them).
EPSILON = 1e-9


@dataclass(frozen=True)
class Budget:
    """How much a level searches: candidates tried, and deals of the unseen cards."""

    width: int
    deals: int
    #: Moves played after the candidate's before the position is judged.
    plies: int
    #: Whether a defender that may pass tries one-card moves on threatened cells only.
    narrow: bool


#: Strong looks at more candidates over more deals, not deeper: six plies of
#: one-ply replies drifted from what the position was worth (that strong won
#: 57% of 100 games against the tactical greedy, this one 74%). More deals
#: pay: against the tactical greedy normal won 67.5% of 100 games over 2
#: deals, 71.0% of 200 over 4 and 73.8% of 200 over 6.
BUDGETS = {"normal": Budget(3, 6, 2, True), "strong": Budget(5, 12, 2, True)}


def one_ply(
    state: KrendzuState, seat: int, narrow: bool, replay: Replay | None = None
) -> tuple[list[tuple[float, Action]], bool]:
    """The seat's moves with their one-ply values, and whether it attacks (then
    higher is better, else lower). ``narrow`` looks only around open windows;
    ``replay`` is the tour's, from an earlier point of it (see :func:`read`)."""
    view = read(state, seat, replay)
    if view.attacking:
        cells = active_cells(view.board) if narrow else None
        if cells is not None and not cells:
            cells = None
        return attack_moves(view, cells), True
    kinds = {a[0] for a in GAME.legal_actions(state, seat)}
    return defence_moves(view, kinds, narrow), False


def best_move(state: KrendzuState, seat: int, narrow: bool, replay: Replay | None = None) -> Action:
    """The seat's best one-ply move (the first in menu order among equals)."""
    scored, attacking = one_ply(state, seat, narrow, replay)
    sign = 1.0 if attacking else -1.0
    return max(scored, key=lambda item: sign * item[0])[1]


def sample_deal(
    state: KrendzuState, seat: int, rng: random.Random, lacks: list[int]
) -> KrendzuState:
    """``state`` with the cards ``seat`` cannot see dealt anew at random, no
    seat getting a card it showed it lacks (``lacks``, by :class:`Replay`)
    while the cards allow it."""
    others = [s for s in range(state.seats) if s != seat]
    pool = [*state.aside, *(c for s in others for c in state.hands[s])]
    rng.shuffle(pool)
    hands = [list(h) for h in state.hands]
    for s in sorted(others, key=lambda s: -lacks[s].bit_count()):
        size = len(state.hands[s])
        fits = [c for c in pool if not lacks[s] & BIT[CARD_ID[c]]]
        got = fits[:size] if len(fits) >= size else pool[:size]
        for card in got:
            pool.remove(card)
        hands[s] = sorted(got, key=sort_key)
    return replace(state, hands=hands, aside=pool)


def attack_points(state: KrendzuState) -> int:
    """The attacking side's points this tour (the tour of ``state``)."""
    return sum(state.tour_points[s] for s in attackers_of(state.seats, state.variant, state.tour))


def play(state: KrendzuState, seat: int, action: Action, replay: Replay) -> KrendzuState:
    """``action`` applied; a two-card move's second card chosen at one ply."""
    state = GAME.apply(state, seat, action)
    if state.phase == PLAY and state.pending and state.turn == seat:
        state = GAME.apply(state, seat, best_move(state, seat, True, replay))
    return state


def leaf_value(state: KrendzuState) -> float:
    """The attacking side's points still to come in ``state``, judged on the
    deal's real hands, minus what the defence's cards left are worth."""
    roles = roles_of(state.seats, state.variant, state.tour)
    attack_hand = 0
    for s in range(state.seats):
        if roles[s] == ATTACK:
            for card in state.hands[s]:
                attack_hand |= BIT[CARD_ID[card]]
    grid = {cell_key(p.x, p.y): CARD_ID[p.card] for p in state.cells}
    seen: set[tuple[int, int, int, int]] = set()
    threats = []
    for key in grid:
        for w in windows_through(key):
            if w in seen:
                continue
            seen.add(w)
            get = grid.get
            cards = (get(w[0], -1), get(w[1], -1), get(w[2], -1), get(w[3], -1))
            mask = completers(cards) & attack_hand
            if mask:
                threats.append((w[cards.index(-1)], mask))
    values = []
    for masks in by_cell(threats, attack_hand).values():
        values.append(
            float(max(sum(1 for m in masks if m & bit) for bit in BIT if attack_hand & bit))
        )
    values.sort(reverse=True)
    sizes = [len(h) for h in state.hands]
    defence = sum(sizes[s] for s in range(state.seats) if roles[s] != ATTACK)
    attack = sum(sizes) - defence
    held = (HELD if defence - attack >= 2 else HELD_SHORT) if attack else 0.0
    turn = state.turn
    if turn is None:
        return 0.0
    if not defence:
        future = sum(values[:attack])
    elif roles[turn] == ATTACK:
        b = 2 if defence >= 2 else 1
        future = (values[0] if values else 0.0) + (values[b + 1] if len(values) > b + 1 else 0.0)
        future += DRAIN * min(b, max(0, len(values) - 1))
    else:
        b = 2 if sizes[turn] >= 2 and state.moved[turn] else 1
        future = (values[b] if len(values) > b else 0.0) + LATER * sum(values[b + 1 :])
        future += DRAIN * min(b, len(values))
    return future - held * defence


def rollout(world: KrendzuState, seat: int, action: Action, plies: int, replay: Replay) -> float:
    """The attacking side's points from ``action`` on in ``world``: ``plies``
    more moves played (every seat's best one-ply move), then the position
    judged. ``replay`` (of ``world``'s tour) is extended along the way."""
    base = attack_points(world)
    state = play(world, seat, action, replay)
    for _ in range(plies):
        if state.phase != PLAY or state.tour != world.tour or state.turn is None:
            break
        mover = state.turn
        state = play(state, mover, best_move(state, mover, True, replay), replay)
    if state.phase != PLAY or state.tour != world.tour:
        return float(attack_points_after(world, state) - base)
    return attack_points(state) - base + leaf_value(state)


def attack_points_after(before: KrendzuState, after: KrendzuState) -> int:
    """The attacking side's points of ``before``'s tour once it has ended."""
    if after.last_tour is None:
        return attack_points(before)
    attackers = attackers_of(before.seats, before.variant, before.tour)
    return sum(after.last_tour.points[s] for s in attackers)


def choose_search(state: KrendzuState, seat: int, level: str, rng: random.Random) -> Action:
    """The seat's move after trying its best one-ply candidates on sampled deals."""
    budget = BUDGETS[level]
    # A defender that may pass weighs one-card moves on threatened cells only
    # (elsewhere a card only spends a block), to keep within time; its own
    # second card of two is weighed everywhere (the playouts' on threatened
    # cells only).
    roles = roles_of(state.seats, state.variant, state.tour)
    defending = roles[seat] != ATTACK
    narrow = defending and budget.narrow and not state.pending
    # One replay of the tour serves the seat's own view and every line of play.
    replay = Replay(state)
    scored, attacking = one_ply(state, seat, narrow, replay)
    sign = 1.0 if attacking else -1.0
    scored.sort(key=lambda item: -sign * item[0])
    if not any(state.hands[s] for s in range(state.seats) if roles[s] == ATTACK):
        # The attackers are out: the defence only avoids own goals, which the
        # one-ply values count; playouts would spend the budget on nothing.
        top = sign * scored[0][0]
        near = [a for v, a in scored if sign * v >= top - EPSILON]
        return near[0] if len(near) == 1 else rng.choice(near)
    candidates = list(dict.fromkeys(a for _, a in scored))[: budget.width]
    if len(candidates) == 1:
        return candidates[0]
    first = {a: v for v, a in scored}
    totals = {a: ONE_PLY * budget.deals * first[a] for a in candidates}
    for _ in range(budget.deals):
        world = sample_deal(state, seat, rng, replay.lacks)
        for action in candidates:
            line = replay.copy()
            totals[action] += (1.0 - ONE_PLY) * rollout(world, seat, action, budget.plies, line)
    top = max(sign * v for v in totals.values())
    near = [a for a in candidates if sign * totals[a] >= top - EPSILON]
    return near[0] if len(near) == 1 else rng.choice(near)
