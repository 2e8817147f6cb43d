"""Choosing a placement: every move of the seat judged by the field it leaves.

The attacker takes the points now, then the threats the defender cannot all
block (and the cards it makes the defender spend on the others), then
potential; the defender gives away as little as that sum as it can, paying
for every card it spends (a card kept is a block later), so it passes when
nothing needs blocking. Two-card moves (against two threats at once) are the
strong level's: the normal defender blocks one cell a turn.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from games.ai.krendzu.evaluate import (
    Holder,
    Judge,
    attacker_to_move,
    defender_to_move,
)
from games.ai.krendzu.model import ALL_CARDS, BIT, CARD_ID, CODES, Board, cell_key, cell_xy
from games.core.protocol import Action
from games.krendzu.rules import ATTACK, cycle_of, roles_of
from games.krendzu.state import KrendzuState

#: What a card spent costs the defender while it has spares, and when short.
CARD_COST_SPARE = 0.12
CARD_COST_SHORT = 0.3
#: What a block forced on the defence is worth to the attacker, and more when
#: the defence has fewer than DRAIN_SPARE cards more than the attack.
DRAIN = 0.3
DRAIN_SHORT = 0.5
DRAIN_SPARE = 3
#: Two-card moves are tried from this many best first cards.
TWO_CARD_FIRSTS = 3
#: Moves within this much of the best are equally good (the rng picks).
EPSILON = 1e-6


@dataclass
class Table:
    """The seat's picture of the play phase."""

    seat: int
    attacking: bool
    hand: list[int]
    board: Board
    #: Cards the seat cannot see (other hands and the cards set aside).
    unseen: int
    #: How many cells the defender moving after an attacker can block.
    blocks: int
    #: The attacking side's cards and the defending side's.
    attack_cards: int
    defence_cards: int
    #: The hand of the attacker who moves after a defender, and whether it is the seat's.
    next_attacker_hand: int
    next_attacker_is_me: bool


def read_table(state: KrendzuState, seat: int) -> Table:
    """The play phase as ``seat`` sees it in ``state``."""
    roles = roles_of(state.seats, state.variant, state.tour)
    cycle = cycle_of(state.seats, state.variant, state.tour)
    grid = {cell_key(p.x, p.y): CARD_ID[p.card] for p in state.cells}
    hand = [CARD_ID[c] for c in state.hands[seat]]
    field = 0
    for card in grid.values():
        field |= BIT[card]
    for card in hand:
        field |= BIT[card]
    sizes = [len(h) for h in state.hands]
    following = [cycle[(state.pos + step) % len(cycle)] for step in range(1, len(cycle) + 1)]
    defender = next((s for s in following if roles[s] != ATTACK and sizes[s]), None)
    if defender is None:
        blocks = 0
    elif sizes[defender] == 1 or not state.moved[defender]:
        blocks = 1
    else:
        blocks = 2
    attacking = roles[seat] == ATTACK
    start = following if attacking else [seat, *following]
    attacker = next((s for s in start if roles[s] == ATTACK and sizes[s]), None)
    if attacker is None:
        next_hand, is_me = 0, False
    else:
        next_hand, is_me = sizes[attacker], attacker == seat
    return Table(
        seat=seat,
        attacking=attacking,
        hand=hand,
        board=Board(grid),
        unseen=ALL_CARDS & ~field,
        blocks=blocks,
        attack_cards=sum(sizes[s] for s in range(state.seats) if roles[s] == ATTACK),
        defence_cards=sum(sizes[s] for s in range(state.seats) if roles[s] != ATTACK),
        next_attacker_hand=next_hand,
        next_attacker_is_me=is_me,
    )


def holder_for(table: Table) -> Holder:
    """What ``table``'s seat believes the attackers hold."""
    unseen = table.unseen.bit_count()
    if table.attacking:
        mine = 0
        for card in table.hand:
            mine |= BIT[card]
        others = table.attack_cards - len(table.hand)
        rho = min(1.0, others / unseen) if unseen else 0.0
        return Holder(mine, table.unseen, rho)
    hand = table.next_attacker_hand
    return Holder(0, table.unseen, min(1.0, hand / unseen) if unseen else 0.0)


def seen_by_defence(table: Table) -> Holder:
    """What the defenders believe the attackers hold, as the attacking seat guesses it."""
    pool = table.unseen
    for card in table.hand:
        pool |= BIT[card]
    unknown = pool.bit_count() - table.defence_cards
    return Holder(0, pool, min(1.0, table.attack_cards / unknown) if unknown > 0 else 0.0)


def drain_value(table: Table) -> float:
    """What a card the defence must spend on a block is worth to the attacker."""
    spare = table.defence_cards - table.attack_cards
    return DRAIN_SHORT if spare < DRAIN_SPARE else DRAIN


def _pick(scored: list[tuple[float, Action]], rng: random.Random, best_high: bool) -> Action:
    best = max(v for v, _ in scored) if best_high else min(v for v, _ in scored)
    near = [a for v, a in scored if abs(v - best) <= EPSILON]
    return near[0] if len(near) == 1 else rng.choice(near)


def single_placements(
    table: Table, judge: Judge
) -> Iterator[tuple[int, int, float, list[tuple[int, int]]]]:
    """Every (cell, card) the seat may place, with the points it scores plus the
    potential it leaves, and the threats then open (the board is restored)."""
    board = table.board
    for cell in sorted(board.frontier):
        for card in table.hand:
            points, added = board.place(cell, card)
            potential, threats = judge.after((cell,))
            board.undo(cell, added)
            yield cell, card, points + potential, threats


def attack_moves(table: Table, judge: Judge) -> list[tuple[float, Action]]:
    """Every placement of the attacker with its value (higher is better)."""
    seen = seen_by_defence(table)
    drain = drain_value(table)
    out: list[tuple[float, Action]] = []
    for cell, card, value, threats in single_placements(table, judge):
        value += defender_to_move(threats, judge.holder, seen, BIT[card], table.blocks, drain)
        out.append((value, ("place", CODES[card], *cell_xy(cell))))
    return out


def card_cost(table: Table) -> float:
    """What one card placed costs the defender."""
    if not table.attack_cards:
        return 0.0
    spare = table.defence_cards - table.attack_cards
    return CARD_COST_SPARE if spare >= 2 else CARD_COST_SHORT


def defence_moves(
    table: Table, judge: Judge, *, may_pass: bool, may_two: bool, kind: str = "place"
) -> list[tuple[float, Action]]:
    """The defender's moves with their values (lower is better): pass, every
    single placement and, from the best first cards, two-card moves."""
    cost = card_cost(table)
    out: list[tuple[float, Action]] = []
    if may_pass:
        out.append(
            (
                judge.potential + attacker_to_move(judge.strengths(list(judge.threats.values()))),
                ("pass",),
            )
        )
    singles: list[tuple[float, int, int]] = []
    for cell, card, value, threats in single_placements(table, judge):
        value = value + attacker_to_move(judge.strengths(threats)) + cost
        singles.append((value, cell, card))
        out.append((value, (kind, CODES[card], *cell_xy(cell))))
    if may_two:
        singles.sort()
        for _, cell, card in singles[:TWO_CARD_FIRSTS]:
            out.extend(_two_card_moves(table, judge, cell, card, cost))
    return out


def _two_card_moves(
    table: Table, judge: Judge, cell: int, card: int, cost: float
) -> list[tuple[float, Action]]:
    """Two-card moves starting with ``card`` on ``cell``; the second card goes
    to a cell the first one's field still leaves threatened."""
    board = table.board
    points, added = board.place(cell, card)
    _, threats = judge.after((cell,))
    targets = sorted({free for free, _ in threats if free in board.frontier})
    x, y = cell_xy(cell)
    out: list[tuple[float, Action]] = []
    for second in targets:
        for other in table.hand:
            if other == card:
                continue
            more, added2 = board.place(second, other)
            potential, after = judge.after((cell, second))
            board.undo(second, added2)
            value = points + more + potential + attacker_to_move(judge.strengths(after))
            out.append((value + 2 * cost, ("first", CODES[card], x, y)))
    board.undo(cell, added)
    return out


def one_ply(
    state: KrendzuState, seat: int, legal: list[Action], two_cards: bool
) -> tuple[list[tuple[float, Action]], bool]:
    """Every move of the seat with its one-ply value, and whether it attacks
    (then higher values are better, else lower); a defender tries two-card
    moves only when ``two_cards``."""
    table = read_table(state, seat)
    judge = Judge(table.board.grid, holder_for(table))
    if table.attacking:
        return attack_moves(table, judge), True
    kinds = {a[0] for a in legal}
    may_two = two_cards and "first" in kinds
    return defence_moves(table, judge, may_pass="pass" in kinds, may_two=may_two), False


def static_value(state: KrendzuState, seat: int) -> float:
    """The attacking side's points to come in ``state`` as ``seat`` judges the
    field, whoever moves next."""
    table = read_table(state, seat)
    judge = Judge(table.board.grid, holder_for(table))
    threats = list(judge.threats.values())
    mover = state.turn
    if mover is not None and roles_of(state.seats, state.variant, state.tour)[mover] == ATTACK:
        return judge.potential + attacker_to_move(judge.strengths(threats))
    seen = seen_by_defence(table) if table.attacking else judge.holder
    return judge.potential + defender_to_move(
        threats, judge.holder, seen, 0, table.blocks, drain_value(table)
    )


def choose_placement(
    state: KrendzuState, seat: int, legal: list[Action], rng: random.Random, two_cards: bool = False
) -> Action:
    """The seat's best one-ply placement (or pass) in the play phase; a
    defender blocks one cell a turn unless ``two_cards``."""
    scored, attacking = one_ply(state, seat, legal, two_cards)
    return _pick(scored, rng, best_high=attacking)
