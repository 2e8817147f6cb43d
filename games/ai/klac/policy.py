"""How the search's simulated players move: one ply, judged by row potential.

A row that already shows all three colours is worth its score. One that
does not scores nothing yet, but it usually gets its missing colours before
the round ends, so it counts for part of its tops' sum, less the more
colours it lacks. A play that ends the round is judged by the exact scores.

A simulated player raises its own row or lowers another row, whichever
gains more against the best other row. The plays of a card on a row depend
on the card and the row alone, so they are worked out once and cached.

A *wary* player also looks one play further when a row has five stacks:
the next player can then end the round with a sixth, and will if that pays
them better than going on; the play is judged by that ending.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.ai.klac.model import BIT, MASKS, MISSING, SCORE, SIZE, TOTAL, Round, plays
from games.klac.rules import ROW_LIMIT

#: The share of a row's sum counted, by the number of colours it lacks.
SHARES = (1.0, 0.6, 0.3, 0.0)
LAST = ROW_LIMIT - 1

#: A play: (card, target seat, covered value or 0, the target row's new mask).
Play = tuple[int, int, int, int]
#: Of a card on a row, the plays that do not end the round as (covered value
#: or 0, new mask): every raise, best first, then the best cut.
Options = tuple[tuple[tuple[int, int], ...], tuple[int, int] | None]


def margin_of(scores: Sequence[float], seat: int) -> float:
    """``seat``'s score minus the best other one."""
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def ending(masks: Sequence[int], seat: int, hand: Sequence[int]) -> list[int] | None:
    """The scores after ``seat``'s best sixth stack from ``hand``, if it has one."""
    best: list[int] | None = None
    best_margin = 0.0
    scores = [SCORE[m] for m in masks]
    for t, mask in enumerate(masks):
        if SIZE[mask] != LAST:
            continue
        for card in hand:
            bit = BIT[card]
            if not mask & bit:
                after = list(scores)
                after[t] = SCORE[mask | bit]
                value = margin_of(after, seat)
                if best is None or value > best_margin:
                    best, best_margin = after, value
    return best


class Policy:
    """The one-ply player for one table of row potentials."""

    def __init__(
        self, shares: tuple[float, float, float, float] = SHARES, wary: bool = False
    ) -> None:
        self.potential = [TOTAL[m] * shares[MISSING[m]] for m in range(MASKS)]
        self.wary = wary
        self._options: dict[int, Options] = {}

    def options(self, card: int, mask: int) -> Options:
        """The plays of ``card`` on a row that do not end the round (see :data:`Options`)."""
        key = card << 15 | mask
        found = self._options.get(key)
        if found is not None:
            return found
        moves = [move for move in plays(card, mask) if SIZE[move[1]] < ROW_LIMIT]
        potential = self.potential
        raises = tuple(sorted(moves, key=lambda m: -potential[m[1]]))
        found = raises, (min(moves, key=lambda m: potential[m[1]]) if moves else None)
        self._options[key] = found
        return found

    def best_play(self, rnd: Round) -> Play:
        """The mover's play that maximises its row's worth minus the best other row's."""
        seat = rnd.turn
        masks = rnd.masks
        potential = self.potential
        n = len(masks)
        others = [s for s in range(n) if s != seat]
        pots = [potential[m] for m in masks]
        own_pot = pots[seat]
        rest_pot = max(pots[s] for s in others)
        wary = self.wary
        nxt = (seat + 1) % n
        # Rows already at five stacks, which a play elsewhere leaves so.
        fives = sum(1 for m in masks if SIZE[m] == LAST)
        best = -1e9
        choice: Play = (0, 0, 0, 0)
        for card in set(rnd.hands[seat]):
            bit = BIT[card]
            raises, _ = self.options(card, masks[seat])
            for covered, new in raises if wary else raises[:1]:
                value = potential[new] - rest_pot
                if wary and value > best and (fives or SIZE[new] == LAST):
                    value = self._beware(rnd, seat, nxt, seat, new, value)
                if value > best:
                    best, choice = value, (card, seat, covered, new)
            for t in others:
                _, cut = self.options(card, masks[t])
                if cut is None:
                    continue
                covered, new = cut
                rest = max([pots[s] for s in others if s != t], default=0.0)
                value = own_pot - max(rest, potential[new])
                if wary and value > best and (fives or SIZE[new] == LAST):
                    value = self._beware(rnd, seat, nxt, t, new, value)
                if value > best:
                    best, choice = value, (card, t, covered, new)
            # A sixth stack, on any row, ends the round: judged by the exact scores.
            for t in range(n):
                mask = masks[t]
                if SIZE[mask] == LAST and not mask & bit:
                    scores = [SCORE[m] for m in masks]
                    scores[t] = SCORE[mask | bit]
                    value = margin_of(scores, seat)
                    if value > best:
                        best, choice = value, (card, t, 0, mask | bit)
        return choice

    def _beware(
        self, rnd: Round, seat: int, nxt: int, target: int, new: int, value: float
    ) -> float:
        """``value`` of a play leaving row ``target`` as ``new``, or less if ``nxt`` then ends."""
        masks = list(rnd.masks)
        masks[target] = new
        scores = ending(masks, nxt, rnd.hands[nxt])
        if scores is None:
            return value
        if margin_of(scores, nxt) < margin_of([self.potential[m] for m in masks], nxt):
            return value
        return min(value, margin_of(scores, seat))

    def play_out(self, rnd: Round) -> int:
        """Play ``rnd`` to the end of the round; the number of plays made."""
        steps = 0
        while not rnd.over:
            card, target, _, new = self.best_play(rnd)
            rnd.play(card, target, new)
            steps += 1
        return steps


POLICY = Policy()
