"""The strong level: the best one-ply moves tried against the opponent's reply.

For each of a few deals of the unseen cards (sampled with the seat's rng),
each of the best one-ply candidates is played, the next seat answers as the
normal level would with its sampled hand, and the position is judged by the
seat's best one-ply move from there. The candidate with the best average wins.
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.krendzu.evaluate import Judge
from games.ai.krendzu.search import (
    attack_moves,
    choose_placement,
    defence_moves,
    holder_for,
    one_ply,
    read_table,
    static_value,
)
from games.core.protocol import Action
from games.krendzu.game import KrendzuGame
from games.krendzu.rules import attackers_of, sort_key
from games.krendzu.state import PLAY, KrendzuState

GAME = KrendzuGame()
#: Deals of the unseen cards, and candidates tried in each.
SAMPLES = 5
WIDTH = 8


def sample_deal(state: KrendzuState, seat: int, rng: random.Random) -> KrendzuState:
    """``state`` with the cards ``seat`` cannot see dealt anew at random."""
    others = [s for s in range(state.seats) if s != seat]
    pool = [*state.aside, *(c for s in others for c in state.hands[s])]
    rng.shuffle(pool)
    hands = [list(h) for h in state.hands]
    start = 0
    for s in others:
        size = len(state.hands[s])
        hands[s] = sorted(pool[start : start + size], key=sort_key)
        start += size
    return replace(state, hands=hands, aside=pool[start:])


def _attack_points(state: KrendzuState) -> int:
    return sum(state.tour_points[s] for s in attackers_of(state.seats, state.variant, state.tour))


def _play(state: KrendzuState, seat: int, action: Action, rng: random.Random) -> KrendzuState:
    """``action`` applied, and the second card of a two-card move chosen at one ply."""
    state = GAME.apply(state, seat, action)
    if state.phase == PLAY and state.pending and state.turn == seat:
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, choose_placement(state, seat, legal, rng))
    return state


def _outlook(state: KrendzuState, seat: int, attacking: bool) -> float:
    """The attacking side's points to come as ``seat`` sees ``state``: its best
    one-ply move's value when it moves next, else the field's static value."""
    if state.phase != PLAY or state.turn is None:
        return 0.0
    table = read_table(state, state.turn)
    judge = Judge(table.board.grid, holder_for(table))
    if state.turn == seat:
        legal = GAME.legal_actions(state, seat)
        kinds = {a[0] for a in legal}
        if attacking:
            return max(v for v, _ in attack_moves(table, judge))
        moves = defence_moves(table, judge, may_pass="pass" in kinds, may_two=False)
        return min(v for v, _ in moves)
    return static_value(state, seat)


def choose_strong(
    state: KrendzuState, seat: int, legal: list[Action], rng: random.Random
) -> Action:
    """The seat's placement (or pass) after a shallow search over sampled deals."""
    scored, attacking = one_ply(state, seat, legal, two_cards=True)
    scored.sort(key=lambda item: -item[0] if attacking else item[0])
    candidates = list(dict.fromkeys(a for _, a in scored))[:WIDTH]
    if len(candidates) == 1:
        return candidates[0]
    base = _attack_points(state)
    totals = dict.fromkeys(candidates, 0.0)
    for _ in range(SAMPLES):
        world = sample_deal(state, seat, rng)
        reply_rng = random.Random(rng.getrandbits(32))
        for action in candidates:
            after = _play(world, seat, action, reply_rng)
            if after.phase == PLAY and after.tour == state.tour and after.turn not in (None, seat):
                other = after.turn
                assert other is not None
                reply = choose_placement(after, other, GAME.legal_actions(after, other), reply_rng)
                after = _play(after, other, reply, reply_rng)
            if after.tour != state.tour or after.phase != PLAY:
                totals[action] += float(_final_points(state, after))
                continue
            totals[action] += _attack_points(after) - base + _outlook(after, seat, attacking)
    best = max(totals.values()) if attacking else min(totals.values())
    near = [a for a in candidates if abs(totals[a] - best) <= 1e-6]
    return near[0] if len(near) == 1 else rng.choice(near)


def _final_points(before: KrendzuState, after: KrendzuState) -> int:
    """The attacking side's points gained since ``before`` once the tour is over."""
    attackers = attackers_of(before.seats, before.variant, before.tour)
    if after.last_tour is None:
        return 0
    return sum(after.last_tour.points[s] - before.tour_points[s] for s in attackers)
