"""Which cards (or dice) make each combination, for its button or caption.

A combination's numbers come from its cards (2–5 as they are, 6–10 as 1,
J 2, Q 3, K 4, A 5), so a button that names them explains itself: "pair
6♣ 6♠ A♦ → 5 1". Named are the cards the numbers come from: a pair and
its highest other card, four of a kind; all five for the others (two
pairs count their fifth card too) and whenever a joker stands in.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from games.core.cards import parse_card
from games.curling.combos import CARD_NUMBER, FOUR, PAIR, TWO_PAIRS, hand_combos


def combo_cards(main: tuple[str, ...], subs: tuple[str, ...], deck: int) -> dict[str, list[str]]:
    """By combination key (as :func:`games.curling.combos.table_combos` offers
    them), the cards of one arrangement that makes it."""
    keep = 5 - len(subs)
    out: dict[str, list[str]] = {}
    if not 0 <= keep <= len(main):
        return out
    for kept in itertools.combinations(main, keep):
        hand = [*kept, *subs]
        parsed = tuple(sorted(parse_card(card) for card in hand))
        for combo in hand_combos(parsed, deck):
            if combo.key not in out:
                out[combo.key] = _named(hand, combo.name)
    return out


def _named(hand: list[str], name: str) -> list[str]:
    """The cards of ``hand`` its combination ``name`` takes its numbers from."""
    ranks = [parse_card(card)[0] for card in hand]
    if "X" in ranks or name not in (PAIR, FOUR):
        return hand
    counts = Counter(ranks)
    grouped = [card for card, rank in zip(hand, ranks, strict=True) if counts[rank] >= 2]
    if name != PAIR:
        return grouped
    singles = [card for card, rank in zip(hand, ranks, strict=True) if counts[rank] == 1]
    return [*grouped, max(singles, key=lambda card: CARD_NUMBER[parse_card(card)[0]])]


def dice_named(dice: Sequence[int], name: str) -> list[int]:
    """The dice of a roll its combination ``name`` takes its numbers from: a
    pair and the highest other die, two pairs; all five for the others."""
    counts = Counter(dice)
    grouped = [die for die in dice if counts[die] >= 2]
    if name == TWO_PAIRS:
        return grouped
    if name == PAIR:
        return [*grouped, max(die for die in dice if counts[die] == 1)]
    return list(dice)
