"""Krendzu's tactical greedy player: one ply over every move, plus the open threats.

A **threat** is a window of four cells with three cards down whose missing
card is still unseen or in the judging seat's hand. After each of its moves
the player counts the threats it leaves:

- as an attacker, the cells its own hand (for certain) or a partner (with the
  chance that it holds a completing card) can complete; the defender moving
  next blocks as many cells as it may (one, or two with a two-card move), so a
  move is worth its points now, the best threat left over once the most
  dangerous ones are blocked, what the blocks cost the defence, and the
  two-card windows its hand can still fill;
- as a defender, the cells the next attacker completes with the chance that
  it holds a completing card (every deal of its unseen cards equally likely);
  it weighs every pass, one-card and two-card move by the points it gives
  away, the threats it leaves and the cards it spends.

It decides from ``ai.PLAYERS[game_id].canonical(state, seat)`` only, so it
never peeks; ties are broken with ``rng``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from games import ai
from games.ai.krendzu.model import (
    BIT,
    CARD_ID,
    CODES,
    NEED_MASK,
    SUIT_MASK,
    Board,
    cell_key,
    cell_xy,
    windows_through,
)
from games.core.protocol import Action
from games.krendzu.game import KrendzuGame
from games.krendzu.rules import ATTACK, SUIT, cycle_of, roles_of, sort_key
from games.krendzu.state import ANNOUNCE, PLAY, KrendzuState

GAME = KrendzuGame()
Window = tuple[int, int, int, int]
#: A threat: its free cell and the cards that complete it.
Threat = tuple[int, int]

#: A second window completed by the same card counts this much more.
EXTRA_WINDOW = 1.0
#: Threats left open after the attacker's next move still cost the defence.
LATER = 0.3
#: What each cell the defence must block is worth to the attacker.
DRAIN = 0.25
#: A threat cell no card touches yet (a diagonal's hole) is harder to reach.
OFF_FRONTIER = 0.6
#: Weight of a window with two cards down that the attacker's hand can fill.
POTENTIAL = 0.08
#: A defender's card spent, with spares and when short.
CARD_COST = 0.1
CARD_COST_SHORT = 0.3
#: Two-card moves start from this many best first cards per threatened cell.
FIRST_CARDS = 4
_POW10 = (1000, 100, 10, 1)


def completers(cards: tuple[int, int, int, int]) -> int:
    """The mask of the cards that complete a window with exactly one free cell
    (``-1``), or 0 when it has another number of free cells."""
    code = 0
    suit = -2
    free = 0
    for i in range(4):
        card = cards[i]
        if card < 0:
            free += 1
            code += 9 * _POW10[i]
            continue
        s = card // 9
        suit = s if suit in (-2, s) else -1
        code += card % 9 * _POW10[i]
    if free != 1:
        return 0
    return NEED_MASK[code] | (SUIT_MASK[suit] if suit >= 0 else 0)


def window_threat(grid: dict[int, int], w: Window, live: int) -> Threat | None:
    """``w``'s threat on ``grid``: its free cell and the ``live`` cards completing it."""
    get = grid.get
    cards = (get(w[0], -1), get(w[1], -1), get(w[2], -1), get(w[3], -1))
    mask = completers(cards) & live
    if not mask:
        return None
    return w[cards.index(-1)], mask


def threats_on(grid: dict[int, int], live: int) -> dict[Window, Threat]:
    """Every threat of the field whose completing cards lie in ``live``."""
    out: dict[Window, Threat] = {}
    seen: set[Window] = set()
    for key in grid:
        for w in windows_through(key):
            if w in seen:
                continue
            seen.add(w)
            t = window_threat(grid, w, live)
            if t is not None:
                out[w] = t
    return out


def threats_after(
    grid: dict[int, int], base: dict[Window, Threat], cells: tuple[int, ...], live: int
) -> list[Threat]:
    """The threats once cards lie on ``cells`` (already in ``grid``)."""
    touched = {w for c in cells for w in windows_through(c)}
    out = [t for w, t in base.items() if w not in touched]
    for w in touched:
        t = window_threat(grid, w, live)
        if t is not None:
            out.append(t)
    return out


def by_cell(threats: list[Threat]) -> dict[int, list[int]]:
    """The masks of the threats at each free cell."""
    out: dict[int, list[int]] = {}
    for cell, mask in threats:
        out.setdefault(cell, []).append(mask)
    return out


def holds(unseen: int, hand: int, mask: int) -> float:
    """The chance that a hand of ``hand`` cards dealt from ``unseen`` cards holds
    one of ``mask`` (``mask`` taken among the unseen)."""
    n = mask.bit_count()
    if not n or not hand or not unseen:
        return 0.0
    if hand > unseen - n:
        return 1.0
    return 1.0 - math.comb(unseen - n, hand) / math.comb(unseen, hand)


@dataclass
class View:
    """The play phase as the seat sees it."""

    seat: int
    attacking: bool
    hand: list[int]
    board: Board
    unseen: int
    #: Cells the defender moving after this attacker may block (0, 1 or 2).
    blocks: int
    #: Cards held by the next attacker to move (the seat's partner or the seat).
    next_hand: int
    #: Cards of the seat's attacking partners, and of the whole defence.
    partner_cards: int
    defence_cards: int
    attack_cards: int


def read(state: KrendzuState, seat: int) -> View:
    """``seat``'s picture of the play phase."""
    roles = roles_of(state.seats, state.variant, state.tour)
    cycle = cycle_of(state.seats, state.variant, state.tour)
    sizes = [len(h) for h in state.hands]
    grid = {cell_key(p.x, p.y): CARD_ID[p.card] for p in state.cells}
    hand = [CARD_ID[c] for c in state.hands[seat]]
    seen = 0
    for card in [*grid.values(), *hand]:
        seen |= BIT[card]
    following = [cycle[(state.pos + k) % len(cycle)] for k in range(1, len(cycle) + 1)]
    attacking = roles[seat] == ATTACK
    defender = next((s for s in following if roles[s] != ATTACK and sizes[s]), None)
    blocks = 0
    if defender is not None and attacking:
        blocks = 1 if sizes[defender] == 1 or not state.moved[defender] else 2
    later = following if attacking else [s for s in following if s != seat]
    nxt = next((s for s in later if roles[s] == ATTACK and sizes[s]), None)
    return View(
        seat=seat,
        attacking=attacking,
        hand=hand,
        board=Board(grid),
        unseen=((1 << 36) - 1) & ~seen,
        blocks=blocks,
        next_hand=0 if nxt is None else sizes[nxt],
        partner_cards=sum(sizes[s] for s in range(state.seats) if s != seat and roles[s] == ATTACK),
        defence_cards=sum(sizes[s] for s in range(state.seats) if roles[s] != ATTACK),
        attack_cards=sum(sizes[s] for s in range(state.seats) if roles[s] == ATTACK),
    )


def _bits(mask: int) -> list[int]:
    """The single-card masks of ``mask``."""
    return [bit for bit in BIT if mask & bit]


def _mask(cards: list[int]) -> int:
    out = 0
    for card in cards:
        out |= BIT[card]
    return out


def attack_value(view: View, threats: list[Threat], hand: int, hand_left: int) -> float:
    """What the threats left by an attacker's move are worth to its side."""
    unseen = view.unseen.bit_count()
    frontier = view.board.frontier
    values = []
    for cell, masks in by_cell(threats).items():
        mine = max((sum(1 for m in masks if m & bit) for bit in _bits(hand)), default=0)
        if mine:
            value = 1.0 + EXTRA_WINDOW * (mine - 1)
        else:
            union = 0
            for m in masks:
                union |= m
            value = holds(unseen, view.partner_cards, union & view.unseen)
        if value and cell not in frontier:
            value *= OFF_FRONTIER
        if value:
            values.append(value)
    values.sort(reverse=True)
    if view.blocks == 0:
        return sum(values[:hand_left])
    b = view.blocks
    cashed = values[b] if len(values) > b else 0.0
    return cashed + LATER * sum(values[b + 1 :]) + DRAIN * min(b, len(values))


def potential(grid: dict[int, int], cells: tuple[int, ...], hand: int) -> float:
    """Windows through ``cells`` with two cards down that two cards of ``hand`` fill."""
    total = 0.0
    for w in {w for c in cells for w in windows_through(c)}:
        cards = [grid.get(c, -1) for c in w]
        if cards.count(-1) != 2:
            continue
        i = cards.index(-1)
        for card in range(36):
            if hand & BIT[card]:
                cards[i] = card
                if completers((cards[0], cards[1], cards[2], cards[3])) & hand & ~BIT[card]:
                    total += POTENTIAL
                    break
    return total


def attack_moves(view: View) -> list[tuple[float, Action]]:
    """Every placement of the attacker, valued (higher is better)."""
    board = view.board
    grid = board.grid
    hand = _mask(view.hand)
    live = view.unseen | hand
    base = threats_on(grid, live)
    out: list[tuple[float, Action]] = []
    for cell in sorted(board.frontier):
        for card in view.hand:
            points, added = board.place(cell, card)
            rest = hand & ~BIT[card]
            threats = threats_after(grid, base, (cell,), view.unseen | rest)
            value = points + attack_value(view, threats, rest, len(view.hand) - 1)
            value += potential(grid, (cell,), rest)
            board.undo(cell, added)
            out.append((value, ("place", CODES[card], *cell_xy(cell))))
    return out


def danger(view: View, threats: list[Threat], live: int) -> float:
    """The attacking points the threats promise the next attacker."""
    unseen = view.unseen.bit_count()
    cells: list[tuple[float, float]] = []
    for masks in by_cell(threats).values():
        union = 0
        for m in masks:
            union |= m
        p = holds(unseen, view.next_hand, union & live)
        if p:
            cells.append((p, 1.0 + EXTRA_WINDOW * (len(masks) - 1)))
    cells.sort(key=lambda c: -c[0] * c[1])
    value, miss = 0.0, 1.0
    for p, windows in cells:
        value += miss * p * windows
        miss *= 1.0 - p
    return value + LATER * sum(p * windows for p, windows in cells[1:])


def card_cost(view: View) -> float:
    """What a defender's card spent costs: nothing once the attackers have one
    move left or none (a card kept then blocks nothing)."""
    if view.attack_cards <= 1:
        return 0.0
    return CARD_COST if view.defence_cards - view.attack_cards >= 2 else CARD_COST_SHORT


def defence_moves(view: View, kinds: set[str]) -> list[tuple[float, Action]]:
    """Pass, every one-card move and the two-card moves onto threatened cells,
    valued by the points they let through (lower is better)."""
    board = view.board
    grid = board.grid
    live = view.unseen
    base = threats_on(grid, live)
    cost = card_cost(view)
    out: list[tuple[float, Action]] = []
    if "pass" in kinds:
        out.append((danger(view, list(base.values()), live), ("pass",)))
    kind = "place" if "place" in kinds else "first"
    singles: dict[int, list[tuple[float, int]]] = {}
    for cell in sorted(board.frontier):
        for card in view.hand:
            points, added = board.place(cell, card)
            threats = threats_after(grid, base, (cell,), live)
            value = points + danger(view, threats, live) + cost
            board.undo(cell, added)
            singles.setdefault(cell, []).append((value, card))
            out.append((value, (kind, CODES[card], *cell_xy(cell))))
    if "first" in kinds:
        out.extend(_two_card_moves(view, base, singles, cost))
    return out


def _two_card_moves(
    view: View,
    base: dict[Window, Threat],
    singles: dict[int, list[tuple[float, int]]],
    cost: float,
) -> list[tuple[float, Action]]:
    """Two-card moves whose cards both go to threatened cells (or the first
    next to a threatened cell it opens up)."""
    board = view.board
    grid = board.grid
    live = view.unseen
    targets = {cell for cell, _ in base.values()}
    near = {t + d for t in targets if t not in board.frontier for d in (-1, 1, -128, 128)}
    firsts = sorted((targets | near) & board.frontier)
    out: list[tuple[float, Action]] = []
    for cell in firsts:
        for _, card in sorted(singles.get(cell, []))[:FIRST_CARDS]:
            points, added = board.place(cell, card)
            after = {c for c, _ in threats_after(grid, base, (cell,), live)}
            best = math.inf
            for second in sorted(after & board.frontier):
                for other in view.hand:
                    if other == card:
                        continue
                    more, added2 = board.place(second, other)
                    threats = threats_after(grid, base, (cell, second), live)
                    best = min(best, more + danger(view, threats, live))
                    board.undo(second, added2)
            board.undo(cell, added)
            if best < math.inf:
                out.append((points + best + 2 * cost, ("first", CODES[card], *cell_xy(cell))))
    return out


def _exchange(state: KrendzuState, seat: int, legal: list[Action]) -> Action:
    """An attacker gives away its singleton suits; a defender keeps its hand."""
    hand = state.hands[seat]
    counts = Counter(SUIT[c] for c in hand)
    order = sorted(hand, key=lambda c: (counts[SUIT[c]], sort_key(c)))
    if state.phase == ANNOUNCE:
        if roles_of(state.seats, state.variant, state.tour)[seat] != ATTACK:
            return ("announce", 0)
        short = sum(1 for c in hand if counts[SUIT[c]] == 1)
        return ("announce", min(short, len(legal) - 1))
    count = state.announced[seat] or 0
    marked = state.marked[seat]
    for card in order:
        if len(marked) >= count:
            break
        if card not in marked and ("toggle", card) in legal:
            return ("toggle", card)
    return ("exchange",) if ("exchange",) in legal else legal[0]


def tactical(game_id: str, state: Any, seat: int, rng: random.Random) -> Action:
    """The tactical greedy player's action for ``seat``."""
    known: KrendzuState = ai.PLAYERS[game_id].canonical(state, seat)
    legal = GAME.legal_actions(known, seat)
    if known.phase != PLAY:
        return _exchange(known, seat, legal)
    if len(legal) == 1:
        return legal[0]
    view = read(known, seat)
    if view.attacking:
        scored = attack_moves(view)
        top = max(v for v, _ in scored)
    else:
        scored = defence_moves(view, {a[0] for a in legal})
        scored = [(-v, a) for v, a in scored]
        top = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v >= top - 1e-9])
