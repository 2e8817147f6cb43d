"""The computer player's one-ply judgement of Krendzu moves: points and open threats.

A **threat** is a window of four cells with three cards down whose missing
card is still unseen or in the judging seat's hand. An attacker's move is
worth its points now, the best threat its side can complete that is left
once the next defender has blocked the cells it may (one, or two with a
two-card move), what those blocks cost the defence, and the two-card windows
its hand can still fill. A defender's move (pass, one card, two cards) costs
the points it gives away, the threats the next attacker may complete (with
the chance that a hand dealt from the unseen cards holds a completing card)
and the cards it spends. ``cells`` restricts the moves looked at to the cells
around open windows, for the search's replies.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass

from games.ai.krendzu.model import (
    ALL_CARDS,
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
from games.krendzu.rules import ATTACK, cycle_of, roles_of
from games.krendzu.state import KrendzuState

Window = tuple[int, int, int, int]
#: A threat: its free cell and the cards that complete it.
Threat = tuple[int, int]
#: Threats by free cell: the completing cards of each window open there.
Cells = dict[int, list[int]]

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
#: The chance a defender gives a threat an attacker opened (see :class:`View`).
CLAIMED = 0.85
#: A threat the defender sees as this much less likely than a card is worth
#: stays open, and the attacker counts on cashing it this much.
STEALTH = 0.8
STEALTH_TRUST = 0.7
#: A defender's card spent, with spares and when short.
CARD_COST = 0.1
CARD_COST_SHORT = 0.3
#: Two-card moves start from this many best first cards per threatened cell.
FIRST_CARDS = 4
_POW10 = (1000, 100, 10, 1)


@functools.cache
def completers(cards: tuple[int, ...]) -> int:
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
    a, b, c, d = get(w[0], -1), get(w[1], -1), get(w[2], -1), get(w[3], -1)
    if (a < 0) + (b < 0) + (c < 0) + (d < 0) != 1:
        return None
    mask = completers((a, b, c, d)) & live
    if not mask:
        return None
    return (w[0] if a < 0 else w[1] if b < 0 else w[2] if c < 0 else w[3]), mask


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


@dataclass
class Around:
    """What a card on one free cell changes: the threats at the cell go, the
    others stay whatever the card (a window with one free cell through the
    cell has it as its free cell), and windows through it turn into threes."""

    cell: int
    #: The windows through the cell with two other cards down: their other
    #: free cell, the cell's place in the window, the window's cards (-1 free)
    #: and its cells.
    fresh: list[tuple[int, int, tuple[int, int, int, int], Window]]

    def threats(self, base: Cells, card: int, live: int) -> Cells:
        """``base`` (taken among ``live``) once ``card`` lies on the cell."""
        return self.leaves(base, self.opened(card, live))

    def leaves(self, base: Cells, opened: Iterable[Threat]) -> Cells:
        """``base`` once a card that opens the threats ``opened`` lies on the cell."""
        out = dict(base)
        out.pop(self.cell, None)
        for free, mask in opened:
            masks = out.get(free)
            out[free] = [mask] if masks is None else [*masks, mask]
        return out

    def opened(self, card: int, live: int) -> list[Threat]:
        """The threats ``card`` on the cell opens, with their ``live`` completing cards."""
        out = []
        for free, i, cards, _ in self.fresh:
            mask = completers((*cards[:i], card, *cards[i + 1 :])) & live
            if mask:
                out.append((free, mask))
        return out

    def relaid(self, cell: int, card: int) -> Around:
        """The same cell's :class:`Around` once the card on ``cell`` (another
        cell already taken) is ``card`` instead: the windows are the same."""
        fresh = []
        for free, i, cards, w in self.fresh:
            if cell in w:
                a, b, c, d = cards
                cards = (
                    card if w[0] == cell else a,
                    card if w[1] == cell else b,
                    card if w[2] == cell else c,
                    card if w[3] == cell else d,
                )
            fresh.append((free, i, cards, w))
        return Around(self.cell, fresh)


def rethreat(grid: dict[int, int], base: dict[Window, Threat], cell: int) -> dict[Window, Threat]:
    """``base`` once a card lies on ``cell`` (already in ``grid``), every
    completing card kept."""
    touched = windows_through(cell)
    out = {w: t for w, t in base.items() if w not in touched}
    for w in touched:
        t = window_threat(grid, w, ALL_CARDS)
        if t is not None:
            out[w] = t
    return out


def around(grid: dict[int, int], cell: int) -> Around:
    """The :class:`Around` of the free cell ``cell`` (not in ``grid`` yet)."""
    fresh = []
    get = grid.get
    # The cell is at place 3, 2, 1, 0 of its four windows along each line
    # (see windows_through).
    for n, w in enumerate(windows_through(cell)):
        cards = (get(w[0], -1), get(w[1], -1), get(w[2], -1), get(w[3], -1))
        if (cards[0] < 0) + (cards[1] < 0) + (cards[2] < 0) + (cards[3] < 0) == 2:
            i = 3 - n % 4
            j = cards.index(-1)
            free = w[j] if j != i else w[cards.index(-1, j + 1)]
            fresh.append((free, i, cards, w))
    return Around(cell, fresh)


def points_by_cell(base: dict[Window, Threat]) -> Cells:
    """The completing masks of the windows at each free cell, for the points a card scores."""
    return by_cell(base.values(), ALL_CARDS)


def points_of(masks: list[int] | None, card: int) -> int:
    """How many of the windows of ``masks`` ``card`` completes."""
    return sum(1 for m in masks if m & BIT[card]) if masks else 0


def by_cell(threats: Iterable[Threat], live: int) -> Cells:
    """The threats by free cell, with their completing cards among ``live``
    (a threat none of them completes left out)."""
    out: Cells = {}
    for cell, mask in threats:
        if mask & live:
            masks = out.get(cell)
            if masks is None:
                out[cell] = [mask & live]
            else:
                masks.append(mask & live)
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
    #: The cards the next attacker may hold: the unseen ones but those its
    #: earlier moves showed it lacks (see :class:`Replay`).
    attacker_pool: int
    #: Free cells of threats an attacker's card made (so it likely holds a
    #: card completing them): seen from a defender, they count as near certain.
    claimed: frozenset[int] = frozenset()


class Replay:
    """The tour's placements replayed one by one, for what the seats' own moves
    showed: :attr:`lacks` and :attr:`claimed`. A search keeps one per line of
    play and extends it with the placements since (:meth:`extend`) instead of
    replaying the whole field for every move it judges."""

    def __init__(self, state: KrendzuState) -> None:
        self.roles = roles_of(state.seats, state.variant, state.tour)
        #: Per seat, the cards it cannot hold as far as its own moves tell:
        #: before each placement of an attacker that scored nothing, the cards
        #: completing the threats then open on the frontier (it would have cashed one).
        self.lacks = [0] * state.seats
        self.board = Board({})
        #: Each threat with the seat whose card last went into its window.
        self.threats: dict[Window, tuple[int, int, int]] = {}
        self.count = 0
        self.extend(state)

    def copy(self) -> Replay:
        """An independent copy, to extend along another line of play."""
        out = object.__new__(Replay)
        out.roles = self.roles
        out.lacks = list(self.lacks)
        out.board = Board(dict(self.board.grid))
        out.threats = dict(self.threats)
        out.count = self.count
        return out

    def extend(self, state: KrendzuState) -> Replay:
        """Replay ``state``'s placements not replayed yet (``state`` continues
        the tour replayed so far); ``self``."""
        board, threats, grid = self.board, self.threats, self.board.grid
        for placed in state.cells[self.count :]:
            key, card = cell_key(placed.x, placed.y), CARD_ID[placed.card]
            if self.roles[placed.seat] == ATTACK:
                open_masks = [m for c, m, _ in threats.values() if c in board.frontier]
                if not any(m & BIT[card] for c, m, _ in threats.values() if c == key):
                    for m in open_masks:
                        self.lacks[placed.seat] |= m
            board.place(key, card, score=False)
            for w in windows_through(key):
                t = window_threat(grid, w, ALL_CARDS)
                if t is None:
                    threats.pop(w, None)
                else:
                    threats[w] = (*t, placed.seat)
        self.count = len(state.cells)
        return self

    @property
    def claimed(self) -> frozenset[int]:
        """The free cells of the threats whose third card an attacker laid: the
        attacker opened them, most likely holding a card that completes them."""
        return frozenset(c for c, _, seat in self.threats.values() if self.roles[seat] == ATTACK)


def read(state: KrendzuState, seat: int, replay: Replay | None = None) -> View:
    """``seat``'s picture of the play phase; ``replay``, when given, is of an
    earlier point of the tour and is extended to ``state``."""
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
    unseen = ALL_CARDS & ~seen
    pool = unseen
    seen_moves = None
    if not attacking:
        seen_moves = Replay(state) if replay is None else replay.extend(state)
    if nxt is not None and seen_moves is not None:
        narrowed = unseen & ~seen_moves.lacks[nxt]
        if narrowed.bit_count() >= sizes[nxt]:
            pool = narrowed
    return View(
        seat=seat,
        attacking=attacking,
        hand=hand,
        board=Board(grid),
        unseen=unseen,
        blocks=blocks,
        next_hand=0 if nxt is None else sizes[nxt],
        partner_cards=sum(sizes[s] for s in range(state.seats) if s != seat and roles[s] == ATTACK),
        defence_cards=sum(sizes[s] for s in range(state.seats) if roles[s] != ATTACK),
        attack_cards=sum(sizes[s] for s in range(state.seats) if roles[s] == ATTACK),
        attacker_pool=pool,
        claimed=frozenset() if seen_moves is None else seen_moves.claimed,
    )


def _bits(mask: int) -> list[int]:
    """The single-card masks of ``mask``."""
    return [bit for bit in BIT if mask & bit]


def _mask(cards: list[int]) -> int:
    out = 0
    for card in cards:
        out |= BIT[card]
    return out


def unblocked(view: View, union: int, windows: float, hand: int, hand_left: int) -> bool:
    """Whether a defender judging by its own view would leave the threat of
    the completing cards ``union`` open: to it the attacker holds one only
    with a small chance, less than a card is worth while cards are short."""
    defence = view.defence_cards
    if view.partner_cards or not defence:
        return False
    spare = defence - hand_left
    cost = 0.0 if hand_left <= 1 else (CARD_COST if spare >= 2 else CARD_COST_SHORT)
    unseen = view.unseen.bit_count()
    theirs = 36 - len(view.board.grid) - defence
    if not unseen or theirs <= 0:
        return False
    # The completing cards the defender cannot see: ours, and the unseen ones
    # it does not hold.
    count = (union & hand).bit_count() + (union & view.unseen).bit_count() * (
        1.0 - defence / unseen
    )
    p = 1.0 - (1.0 - min(1.0, hand_left / theirs)) ** count
    return bool(p * windows < STEALTH * cost)


def attack_value(view: View, threats: Cells, hand: int, hand_left: int) -> float:
    """What the threats left by an attacker's move are worth to its side."""
    unseen = view.unseen.bit_count()
    frontier = view.board.frontier
    values = []
    sure = 0.0
    for cell, masks in threats.items():
        if len(masks) == 1:
            mine = 1 if masks[0] & hand else 0
        else:
            mine = max((sum(1 for m in masks if m & bit) for bit in _bits(hand)), default=0)
        union = 0
        for m in masks:
            union |= m
        if mine:
            value = 1.0 + EXTRA_WINDOW * (mine - 1)
            if cell in frontier and unblocked(view, union, value, hand, hand_left):
                sure = max(sure, value)
        else:
            value = holds(unseen, view.partner_cards, union & view.unseen)
        if value and cell not in frontier:
            value *= OFF_FRONTIER
        if value:
            values.append(value)
    values.sort(reverse=True)
    if view.blocks == 0:
        return sum(values[:hand_left])
    b = view.blocks
    cashed = max(sure * STEALTH_TRUST, values[b] if len(values) > b else 0.0)
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


def active_cells(board: Board) -> list[int]:
    """The frontier cells of a window holding two cards or more: the only
    cells where a card scores or opens a threat."""
    grid = board.grid
    out = []
    for cell in sorted(board.frontier):
        for w in windows_through(cell):
            if (w[0] in grid) + (w[1] in grid) + (w[2] in grid) + (w[3] in grid) >= 2:
                out.append(cell)
                break
    return out


def attack_moves(view: View, cells: list[int] | None = None) -> list[tuple[float, Action]]:
    """The attacker's placements (on ``cells``, by default anywhere), valued
    (higher is better); on given ``cells``, without the two-card windows."""
    board = view.board
    grid = board.grid
    hand = _mask(view.hand)
    base = threats_on(grid, ALL_CARDS)
    at = points_by_cell(base)
    # The threats that stay, with the cards the seat may still hold after each card.
    kept = {card: by_cell(base.values(), view.unseen | hand & ~BIT[card]) for card in view.hand}
    out: list[tuple[float, Action]] = []
    for cell in sorted(board.frontier) if cells is None else cells:
        near = around(grid, cell)
        for card in view.hand:
            rest = hand & ~BIT[card]
            threats = near.threats(kept[card], card, view.unseen | rest)
            # The frontier the threats are judged on is the one after the card.
            _, added = board.place(cell, card, score=False)
            left = len(view.hand) - 1
            value = points_of(at.get(cell), card) + attack_value(view, threats, rest, left)
            if cells is None:
                value += potential(grid, (cell,), rest)
            board.undo(cell, added)
            out.append((value, ("place", CODES[card], *cell_xy(cell))))
    return out


def danger(view: View, threats: Cells, live: int) -> float:
    """The attacking points the threats promise the next attacker."""
    pool = view.attacker_pool
    unseen = pool.bit_count()
    live &= pool
    cells: list[tuple[float, float]] = []
    for cell, masks in threats.items():
        union = 0
        for m in masks:
            union |= m
        p = holds(unseen, view.next_hand, union & live)
        if p and cell in view.claimed:
            p = max(p, CLAIMED)
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


def defence_moves(view: View, kinds: set[str], narrow: bool = False) -> list[tuple[float, Action]]:
    """Pass, every one-card move and the two-card moves onto threatened cells,
    valued by the points they let through (lower is better). ``narrow``: when
    the defender may pass, or places the second card of two while a cell is
    threatened, one-card moves go to threatened cells only."""
    board = view.board
    grid = board.grid
    live = view.unseen
    base = threats_on(grid, ALL_CARDS)
    at = points_by_cell(base)
    cost = card_cost(view)
    out: list[tuple[float, Action]] = []
    threats = by_cell(base.values(), live)
    if "pass" in kinds:
        out.append((danger(view, threats, live), ("pass",)))
    kind = "place" if "place" in kinds else "first"
    singles: dict[int, list[tuple[float, int]]] = {}
    cells = sorted(board.frontier)
    threatened = sorted(threats.keys() & board.frontier)
    # A second card while the attackers hold cards is a block: elsewhere it
    # only opens windows.
    second = "pass" not in kinds and "first" not in kinds and view.attack_cards
    if narrow and ("pass" in kinds or (second and threatened)):
        cells = threatened
    for cell in cells:
        near = around(grid, cell)
        for card in view.hand:
            points = points_of(at.get(cell), card)
            value = points + danger(view, near.threats(threats, card, live), live) + cost
            singles.setdefault(cell, []).append((value, card))
            out.append((value, (kind, CODES[card], *cell_xy(cell))))
    if "first" in kinds:
        out.extend(_two_card_moves(view, base, threats, at, singles, cost))
    return out


def _two_card_moves(
    view: View,
    base: dict[Window, Threat],
    threats: Cells,
    at: Cells,
    singles: dict[int, list[tuple[float, int]]],
    cost: float,
) -> list[tuple[float, Action]]:
    """Two-card moves whose cards both go to threatened cells (``threats``,
    among the unseen cards) or the first next to a threatened cell it opens
    up. Many second cards leave the same threats: each set's danger is worked
    out once per first card."""
    board = view.board
    grid = board.grid
    live = view.unseen
    near = {t + d for t in threats if t not in board.frontier for d in (-1, 1, -128, 128)}
    firsts = sorted((threats.keys() | near) & board.frontier)
    out: list[tuple[float, Action]] = []
    for cell in firsts:
        # Which windows around a second cell have two cards down does not
        # depend on the first card: each ring is built once per first cell.
        rings: dict[int, Around] = {}
        for _, card in sorted(singles.get(cell, []))[:FIRST_CARDS]:
            points = points_of(at.get(cell), card)
            _, added = board.place(cell, card, score=False)
            first = rethreat(grid, base, cell)
            at_first = points_by_cell(first)
            after = by_cell(first.values(), live)
            best = math.inf
            dangers: dict[tuple[int, tuple[Threat, ...]], float] = {}
            for second in sorted(after.keys() & board.frontier):
                ring = rings.get(second)
                if ring is None:
                    ring = rings[second] = around(grid, second)
                else:
                    ring = ring.relaid(cell, card)
                masks = at_first.get(second)
                for other in view.hand:
                    if other == card:
                        continue
                    more = points_of(masks, other)
                    if more >= best:
                        continue  # no danger is below zero: this pair cannot do better
                    opened = tuple(ring.opened(other, live)) if ring.fresh else ()
                    value = dangers.get((second, opened))
                    if value is None:
                        value = danger(view, ring.leaves(after, opened), live)
                        dangers[second, opened] = value
                    best = min(best, more + value)
            board.undo(cell, added)
            if best < math.inf:
                out.append((points + best + 2 * cost, ("first", CODES[card], *cell_xy(cell))))
    return out
