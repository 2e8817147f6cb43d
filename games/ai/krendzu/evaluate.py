"""How good a Krendzu field is for the attacking side: threats and potential.

Every window of four cells that holds a card and a free cell is judged from
the cards still out: a window with one free cell is a **threat** at that cell
(with the mask of the cards that complete it), one with two or three free
cells has a **potential**, the chance that the attackers can fill it. The
attackers' cards are what the judging seat knows for certain (``mine``) plus
each unseen card with probability ``rho``.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.ai.krendzu.model import (
    NEED_MASK,
    NEEDS,
    RANK_MASK,
    SUIT_MASK,
    windows_through,
)

Window = tuple[int, int, int, int]

#: Weight of a window's potential by its number of free cells.
POTENTIAL_WEIGHT = (0.0, 0.0, 0.3, 0.07)
#: A second window completed by the same card at a threat cell counts this much.
EXTRA_WINDOW = 0.8
#: Threats the next attacker cannot complete at once still tie the defence down.
LATER_THREAT = 0.3

_POW10 = (1000, 100, 10, 1)


class Holder:
    """What the judging seat believes the attackers hold: ``mine`` for certain,
    and each card of ``pool`` (cards nobody visible holds) with probability
    ``rho``. The chances per rank and per suit are worked out once."""

    def __init__(self, mine: int, pool: int, rho: float) -> None:
        self.mine = mine
        self.pool = pool
        self.rho = rho
        self.rank_has = tuple(self.has(RANK_MASK[r]) for r in range(9))
        self.suit_has = tuple(
            tuple(self.has_many(SUIT_MASK[s], k) for k in range(4)) for s in range(4)
        )

    def has(self, mask: int) -> float:
        """The chance that the attackers hold a card of ``mask``."""
        if self.mine & mask:
            return 1.0
        n = (self.pool & mask).bit_count()
        return 1.0 - (1.0 - self.rho) ** n if n else 0.0

    def has_many(self, mask: int, k: int) -> float:
        """The chance that the attackers hold ``k`` cards of ``mask`` (a binomial tail)."""
        own = (self.mine & mask).bit_count()
        if own >= k:
            return 1.0
        need = k - own
        n = (self.pool & mask).bit_count()
        if n < need or self.rho <= 0.0:
            return 0.0
        rho = self.rho
        below, term = 0.0, (1.0 - rho) ** n
        ratio = rho / (1.0 - rho) if rho < 1.0 else 0.0
        for i in range(need):
            below += term
            term *= ratio * (n - i) / (i + 1)
        return max(0.0, 1.0 - below)


def analyse(cards: tuple[int, int, int, int], holder: Holder) -> tuple[int, int, float]:
    """One window's four cards in line order (-1 for a free cell) judged:
    ``(index of the free cell, completing mask, 0.0)`` for a threat,
    ``(-1, 0, weighted potential)`` otherwise (0.0 when full or dead)."""
    free = -1
    suit = -2
    code = 0
    empties = 0
    for i in range(4):
        card = cards[i]
        if card < 0:
            empties += 1
            free = i
            code += 9 * _POW10[i]
        else:
            s = card // 9
            if suit == -2:
                suit = s
            elif suit != s:
                suit = -1
            code += card % 9 * _POW10[i]
    if empties == 0 or empties == 4:
        return -1, 0, 0.0
    if empties == 1:
        mask = NEED_MASK[code]
        if suit >= 0:
            mask |= SUIT_MASK[suit]
        available = mask & (holder.mine | holder.pool)
        return (free, available, 0.0) if available else (-1, 0, 0.0)
    best = holder.suit_has[suit][empties] if suit >= 0 else 0.0
    if best < 1.0:
        rank_has = holder.rank_has
        for need in NEEDS[code]:
            p = 1.0
            for rank in need:
                p *= rank_has[rank]
            if p > best:
                best = p
    return -1, 0, best * POTENTIAL_WEIGHT[empties]


def window_set(cells: Iterable[int]) -> set[Window]:
    """Every window through some of ``cells``."""
    out: set[Window] = set()
    for cell in cells:
        out.update(windows_through(cell))
    return out


class Judge:
    """A field's threats and potential, kept by window so that a move's
    effect is found from the 16 windows through its cell."""

    def __init__(self, grid: dict[int, int], holder: Holder) -> None:
        self.grid = grid
        self.holder = holder
        self.potential = 0.0
        self.threats: dict[Window, tuple[int, int]] = {}
        self.values: dict[Window, float] = {}
        #: Judgements by the window's cards: the same few patterns recur.
        self.memo: dict[tuple[int, int, int, int], tuple[int, int, float]] = {}
        for w in window_set(grid):
            free, mask, value = self.judge(w)
            if free >= 0:
                self.threats[w] = (free, mask)
            elif value:
                self.values[w] = value
                self.potential += value

    def judge(self, w: Window) -> tuple[int, int, float]:
        """Window ``w`` judged on the current grid: ``(free cell, completing
        mask, 0.0)`` for a threat, ``(-1, 0, weighted potential)`` otherwise."""
        get = self.grid.get
        cards = (get(w[0], -1), get(w[1], -1), get(w[2], -1), get(w[3], -1))
        found = self.memo.get(cards)
        if found is None:
            found = self.memo[cards] = analyse(cards, self.holder)
        index, mask, _ = found
        return (w[index], mask, 0.0) if index >= 0 else found

    def after(self, cells: Iterable[int]) -> tuple[float, list[tuple[int, int]]]:
        """Potential and threats (free cell, mask) once ``self.grid`` has
        changed at ``cells`` (the caller places the cards, asks, and undoes)."""
        touched = window_set(cells)
        potential = self.potential
        threats = [t for w, t in self.threats.items() if w not in touched]
        values = self.values
        for w in touched:
            potential -= values.get(w, 0.0)
            free, mask, value = self.judge(w)
            if free >= 0:
                threats.append((free, mask))
            else:
                potential += value
        return potential, threats

    def strengths(self, threats: list[tuple[int, int]], used: int = 0) -> list[float]:
        """Per threat cell, how surely the next attacker completes something
        there, descending; ``used`` cards (just placed) no longer count."""
        by_cell: dict[int, tuple[int, int]] = {}
        for free, mask in threats:
            union, count = by_cell.get(free, (0, 0))
            by_cell[free] = (union | mask, count + 1)
        holder = self.holder
        out = []
        for union, count in by_cell.values():
            p = holder.has(union & ~used)
            if p > 0.0:
                out.append(p * (1.0 + EXTRA_WINDOW * (count - 1)))
        out.sort(reverse=True)
        return out


def attacker_to_move(strengths: list[float]) -> float:
    """Expected attacking points from threats when an attacker moves next."""
    if not strengths:
        return 0.0
    return strengths[0] + LATER_THREAT * sum(strengths[1:])


def defender_to_move(
    threats: list[tuple[int, int]], real: Holder, seen: Holder, used: int, blocks: int, drain: float
) -> float:
    """Expected attacking points from threats when a defender who can block
    ``blocks`` cells moves next: it blocks the cells it fears most (``seen``:
    what it believes), paying ``drain`` per card and its fear; the attacker then
    completes what is left that it really can (``real``), the card ``used``
    just placed excepted."""
    by_cell: dict[int, tuple[int, int]] = {}
    for free, mask in threats:
        union, count = by_cell.get(free, (0, 0))
        by_cell[free] = (union | mask, count + 1)
    cells = []
    for union, count in by_cell.values():
        weight = 1.0 + EXTRA_WINDOW * (count - 1)
        cells.append((seen.has(union) * weight, real.has(union & ~used) * weight))
    cells.sort(reverse=True)
    value = drain * sum(fear for fear, _ in cells[:blocks])
    rest = sorted((real for _, real in cells[blocks:] if real > 0.0), reverse=True)
    if rest:
        value += rest[0] + LATER_THREAT * sum(rest[1:])
    return value
