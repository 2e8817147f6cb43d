"""A fast model of a Klac! round for search.

Only the top card of a stack ever matters again (covers test it, merges
compare it, scoring adds it), and the tops of one row are all different, so
a row is the *set* of its top values: a 15-bit mask, bit ``v - 1`` for value
``v``. A play is then a couple of bit operations and a table look-up:

- extend with ``v``: ``mask | bit(v)`` (a value already on top merges, so the
  mask is unchanged);
- cover top ``x`` with ``v`` (same colour): ``mask & ~bit(x) | bit(v)`` (if
  ``v`` already shows elsewhere the stacks merge, which the mask says too).

Cards are their values (1–15): each value has one colour.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.protocol import Action
from games.klac.cards import COLOURS, VALUES_BY_COLOUR, parse_card
from games.klac.rules import ROW_LIMIT
from games.klac.state import KlacState

#: ``BIT[v]`` is the bit of value ``v`` (``BIT[0]`` stands for "no stack").
BIT = (0, *(1 << (v - 1) for v in range(1, 16)))
COLOUR_MASKS = tuple(sum(BIT[v] for v in VALUES_BY_COLOUR[c]) for c in COLOURS)
#: The values sharing a colour with ``v`` (``v`` included), by ``v``.
SAME_COLOUR: tuple[tuple[int, ...], ...] = (
    (),
    *(next(vs for vs in VALUES_BY_COLOUR.values() if v in vs) for v in range(1, 16)),
)
MASKS = 1 << 15


def _tables() -> tuple[list[int], list[int], list[int], list[int]]:
    """Per mask: stacks, sum of tops, colours missing, and the round score."""
    size, total, missing, score = [0] * MASKS, [0] * MASKS, [3] * MASKS, [0] * MASKS
    for mask in range(1, MASKS):
        low = mask & -mask
        rest = mask ^ low
        size[mask] = size[rest] + 1
        total[mask] = total[rest] + low.bit_length()
        missing[mask] = sum(1 for cm in COLOUR_MASKS if not mask & cm)
        score[mask] = total[mask] if missing[mask] == 0 else 0
    return size, total, missing, score


SIZE, TOTAL, MISSING, SCORE = _tables()


def value_of(card: str) -> int:
    """The value of a card code (``"G13"`` → 13)."""
    return parse_card(card)[1]


def row_mask(row: Sequence[Sequence[str]]) -> int:
    """The mask of an engine row (its stacks' top values)."""
    mask = 0
    for stack in row:
        mask |= BIT[value_of(stack[-1])]
    return mask


def plays(card: int, mask: int) -> list[tuple[int, int]]:
    """Every play of ``card`` on a row: ``(covered value or 0 for extend, new mask)``."""
    out = [(0, mask | BIT[card])]
    for x in SAME_COLOUR[card]:
        if mask & BIT[x]:
            out.append((x, (mask & ~BIT[x]) | BIT[card]))
    return out


class Round:
    """A round in play, every card known (one determinization of the hidden ones).

    ``deck`` is drawn from its end. ``over`` is set once the round has ended;
    ``turn`` is then meaningless.
    """

    __slots__ = ("deck", "hands", "masks", "over", "turn")

    def __init__(self, masks: list[int], hands: list[list[int]], deck: list[int], turn: int):
        self.masks = masks
        self.hands = hands
        self.deck = deck
        self.turn = turn
        self.over = False

    def copy(self) -> Round:
        """An independent copy."""
        out = Round(list(self.masks), [list(h) for h in self.hands], list(self.deck), self.turn)
        out.over = self.over
        return out

    def play(self, card: int, target: int, new_mask: int) -> None:
        """The mover plays ``card`` on ``target``'s row, leaving it as ``new_mask``."""
        seat = self.turn
        hand = self.hands[seat]
        hand.remove(card)
        self.masks[target] = new_mask
        if SIZE[new_mask] >= ROW_LIMIT:
            self.over = True
            return
        if self.deck:
            hand.append(self.deck.pop())
        hands = self.hands
        n = len(hands)
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if hands[nxt]:
                self.turn = nxt
                return
        self.over = True

    def scores(self) -> list[int]:
        """Each row's score now (the round's result once it is over)."""
        return [SCORE[m] for m in self.masks]


def from_state(known: KlacState, seat: int) -> tuple[list[int], list[int], list[int]]:
    """The public masks, ``seat``'s hand and the pool of cards ``seat`` cannot see.

    The pool is the deck and the other hands of ``known`` (a canonical state,
    so their placement says nothing); a determinization deals it afresh.
    """
    masks = [row_mask(row) for row in known.rows]
    hand = [value_of(c) for c in known.hands[seat]]
    pool = [value_of(c) for c in known.deck]
    for s, cards in enumerate(known.hands):
        if s != seat:
            pool.extend(value_of(c) for c in cards)
    pool.sort()
    return masks, hand, pool


def play_of(known: KlacState, action: Action) -> tuple[int, int, int, int]:
    """An engine action as (card, target seat, covered value or 0, the row's new mask)."""
    card, target = value_of(str(action[1])), int(str(action[2]))
    row = known.rows[target]
    mask = row_mask(row)
    if action[0] == "extend":
        return card, target, 0, mask | BIT[card]
    covered = value_of(row[int(str(action[3]))][-1])
    return card, target, covered, (mask & ~BIT[covered]) | BIT[card]
