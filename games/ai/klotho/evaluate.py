"""How good a position is for a seat: points now, plus what its chip's lines promise.

A line pays its middle chip's owner when its last face-down end is turned,
and the owner can turn any end itself (both are next to the middle), so
every unfinished line through a chip is worth its expected points, weighed
by how many cards are still missing (one: soon cashed; two: a longer shot).
Every face-down card is equally likely to be any unseen card, so those
expectations are averages over the pool; for one action they follow from a
few lines, without trying every card (see :meth:`Evaluator.delta`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import FIRST_FIGURE as _FIRST_FIGURE
from .model import MOVE, PLACE, REPLACE, TURN, Move, Position


@dataclass(frozen=True)
class Weights:
    """The evaluation's parameters."""

    #: Share of a line's expected points counted while one end is face down.
    one: float = 0.7
    #: The same with both ends face down.
    two: float = 0.3
    #: A half victory, in points (a second one wins outright).
    half: float = 0.5
    #: The rest of a line's expectation (beyond ``one``) when its owner is the
    #: next to move: it will turn the line's last card unless somebody spoils it.
    cash: float = 0.15


class Evaluator:
    """Evaluations against one pool of unseen cards (the root's: the few cards
    a search turns up change the averages little).

    The expectations are counted, not enumerated: a line scores a suit when
    its cards share one, figures when all are figures, a sequence when the
    ranks step by one, and a triplet (counted as the point it can be) when
    they share a rank, so the chances follow from how many unseen cards
    there are of each suit and rank.
    """

    def __init__(self, pool: list[int], weights: Weights) -> None:
        self.w = weights
        self.size = len(pool)
        self.ranks = [0] * 11
        self.suits = [0] * 4
        self.pooled = [False] * 36
        for card in pool:
            self.ranks[card >> 2] += 1
            self.suits[card & 3] += 1
            self.pooled[card] = True
        self.figures = sum(self.ranks[_FIRST_FIGURE:])
        self._one: dict[int, float] = {}
        self._two: dict[int, float] = {}

    def _counts(self, *known: int) -> tuple[list[int], list[int], int, int]:
        """Rank and suit counts, figures and size of the pool without ``known``."""
        ranks, suits, figures, size = self.ranks, self.suits, self.figures, self.size
        taken = [card for card in known if self.pooled[card]]
        if taken:
            ranks, suits = ranks[:], suits[:]
            for card in taken:
                ranks[card >> 2] -= 1
                suits[card & 3] -= 1
                figures -= card >> 2 >= _FIRST_FIGURE
                size -= 1
        return ranks, suits, figures, size

    # -- expected points of a line, unseen cards drawn from the pool ----------

    def one(self, end: int, middle: int) -> float:
        """Expected points of the line ``end``-``middle``-(unseen card)."""
        key = end * 36 + middle
        value = self._one.get(key)
        if value is None:
            ranks, suits, figures, size = self._counts(end, middle)
            re, rm = end >> 2, middle >> 2
            hits = 0
            if end & 3 == middle & 3:
                hits += suits[end & 3]
            if min(re, rm) >= _FIRST_FIGURE:
                hits += figures
            if abs(rm - re) == 1 and 0 <= 2 * rm - re <= 8:
                hits += ranks[2 * rm - re]
            if re == rm:
                hits += ranks[re]
            value = self._one[key] = hits / size if size else 0.0
        return value

    def two(self, middle: int) -> float:
        """Expected points of a line through ``middle`` with both ends unseen."""
        value = self._two.get(middle)
        if value is None:
            ranks, suits, figures, size = self._counts(middle)
            rm = middle >> 2
            pairs = suits[middle & 3] * (suits[middle & 3] - 1)
            if rm >= _FIRST_FIGURE:
                pairs += figures * (figures - 1)
            if 0 < rm < 8:
                pairs += 2 * ranks[rm - 1] * ranks[rm + 1]
            pairs += ranks[rm] * (ranks[rm] - 1)
            value = self._two[middle] = pairs / (size * (size - 1)) if size > 1 else 0.0
        return value

    def middle(self, a: int, b: int) -> float:
        """Expected points of the line ``a``-(unseen card)-``b``."""
        ranks, suits, figures, size = self._counts(a, b)
        ra, rb = a >> 2, b >> 2
        hits = 0
        if a & 3 == b & 3:
            hits += suits[a & 3]
        if min(ra, rb) >= _FIRST_FIGURE:
            hits += figures
        if abs(rb - ra) == 2:
            hits += ranks[(ra + rb) // 2]
        if ra == rb:
            hits += ranks[ra]
        return hits / size if size else 0.0

    def end(self, a: int) -> float:
        """Expected points of a line ``a``-(unseen)-(unseen)."""
        ranks, suits, figures, size = self._counts(a)
        ra = a >> 2
        pairs = suits[a & 3] * (suits[a & 3] - 1)
        if ra >= _FIRST_FIGURE:
            pairs += figures * (figures - 1)
        pairs += ranks[ra + 1] * ranks[ra + 2] + (ranks[ra - 1] * ranks[ra - 2] if ra >= 2 else 0)
        pairs += ranks[ra] * (ranks[ra] - 1)
        return pairs / (size * (size - 1)) if size > 1 else 0.0

    def blank(self) -> float:
        """Expected points of a line of three unseen cards."""
        ranks, suits, figures, size = self.ranks, self.suits, self.figures, self.size
        if size < 3:
            return 0.0
        triples = sum(n * (n - 1) * (n - 2) for n in suits)
        triples += figures * (figures - 1) * (figures - 2)
        triples += sum(2 * ranks[r] * ranks[r + 1] * ranks[r + 2] for r in range(7))
        triples += sum(n * (n - 1) * (n - 2) for n in ranks)
        return triples / (size * (size - 1) * (size - 2))

    # -- positions ---------------------------------------------------------

    def potential(self, pos: Position, cell: int) -> float:
        """What a chip on ``cell`` can expect from its unfinished lines."""
        cards = pos.cards
        middle = cards[cell]
        total = 0.0
        for a, b in pos.shape.middles[cell]:
            ca, cb = cards[a], cards[b]
            if ca >= 0:
                if cb < 0:
                    total += self.w.one * self.one(ca, middle)
            elif cb >= 0:
                total += self.w.one * self.one(cb, middle)
            else:
                total += self.w.two * self.two(middle)
        return total

    def values(self, pos: Position, potential: bool = True) -> list[float]:
        """Each seat's points, half victories and (unless not ``potential``) chip potential."""
        half = self.w.half
        out = []
        for seat in range(pos.seats):
            cell = pos.chips[seat]
            value = pos.scores[seat] + half * pos.halves[seat]
            if cell >= 0 and potential and not pos.over:
                value += self.potential(pos, cell)
            out.append(value)
        return out

    def threat(self, pos: Position, seat: int, action: Move) -> float:
        """What ``seat`` can expect from its best turning once another seat has
        taken ``action`` (0 when no turning pays): the lines its turned card
        would finish under its chip, less those it would finish under others'.

        The cell of ``action`` counts as it will be: face down once replaced,
        face up (an unknown card, finishing nothing yet) once turned.
        """
        chip = pos.chips[seat]
        if chip < 0:
            return 0.0
        kind, changed = action
        if kind not in (TURN, REPLACE):
            changed = -1
        cards, occupant, shape = pos.cards, pos.occupant, pos.shape
        best = 0.0
        for cell in shape.neighbours[chip]:
            if (cards[cell] >= 0 or (cell == changed and kind == TURN)) and not (
                cell == changed and kind == REPLACE
            ):
                continue
            gain = 0.0
            for middle, other in shape.ends[cell]:
                owner = occupant[middle]
                if owner < 0 or other == changed or cards[other] < 0:
                    continue
                value = self.one(cards[other], cards[middle])
                gain += value if owner == seat else -value
            best = max(best, gain)
        return best

    def winning_triplet(self, pos: Position, cell: int) -> tuple[int, float]:
        """The seat a turning of ``cell`` may give a second half victory (and the
        game), and the chance it does: a line ending on ``cell`` whose other
        two cards share a rank, under the chip of a seat holding a half
        already (``(-1, 0.0)``: none)."""
        cards, occupant = pos.cards, pos.occupant
        for middle, other in pos.shape.ends[cell]:
            owner = occupant[middle]
            if owner < 0 or not pos.halves[owner] or cards[other] < 0:
                continue
            rank = cards[middle] >> 2
            if cards[other] >> 2 == rank:
                ranks, _, _, size = self._counts(cards[other], cards[middle])
                return owner, ranks[rank] / size if size else 0.0
        return -1, 0.0

    # -- expected changes of the values by one action, without dealing cards --

    def delta(self, pos: Position, seat: int, action: Move) -> list[float]:
        """The expected change of every seat's value when ``seat`` takes ``action``."""
        kind, cell = action
        out = [0.0] * pos.seats
        if kind == MOVE:
            out[seat] = self.potential(pos, cell) - self.potential(pos, pos.chips[seat])
            return out
        if kind == REPLACE:
            self._replace_delta(pos, cell, out)
            return out
        if kind == PLACE:
            out[seat] = self._place_value(pos, cell)
        self._turn_delta(pos, cell, out)
        return out

    def _turn_delta(self, pos: Position, cell: int, out: list[float]) -> None:
        """Lines ending on ``cell``: a finished one pays its expectation (less the
        share already counted), a half-finished one comes one card closer."""
        cards, occupant, w = pos.cards, pos.occupant, self.w
        for m, o in pos.shape.ends[cell]:
            owner = occupant[m]
            if owner < 0:
                continue
            other = cards[o]
            if other >= 0:
                out[owner] += (1 - w.one) * self.one(other, cards[m])
            else:
                out[owner] += (w.one - w.two) * self.two(cards[m])

    def _replace_delta(self, pos: Position, cell: int, out: list[float]) -> None:
        cards, occupant, w = pos.cards, pos.occupant, self.w
        card = cards[cell]
        for m, o in pos.shape.ends[cell]:
            owner = occupant[m]
            if owner < 0:
                continue
            other = cards[o]
            if other >= 0:
                out[owner] += w.one * self.one(other, cards[m])
            else:
                out[owner] += w.two * self.two(cards[m]) - w.one * self.one(card, cards[m])

    def _place_value(self, pos: Position, cell: int) -> float:
        """A chip placed on ``cell`` (its card unseen yet): its lines' expectations."""
        cards, w = pos.cards, self.w
        total = 0.0
        for a, b in pos.shape.middles[cell]:
            ca, cb = cards[a], cards[b]
            if ca >= 0:
                total += self.middle(ca, cb) if cb >= 0 else w.one * self.end(ca)
            elif cb >= 0:
                total += w.one * self.end(cb)
            else:
                total += w.two * self.blank()
        return total
