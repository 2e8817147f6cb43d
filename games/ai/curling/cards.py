"""The cards: the combinations a table offers, the opponent's hands, and which
substitution cards to take."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from games.ai.base import card_order
from games.ai.curling.search import Combo, Dealt
from games.core.protocol import Action
from games.curling.combos import NULL, table_combos
from games.curling.play import MAIN_CARDS, MIDDLE_THROW
from games.curling.state import Cards, CurlingState


def combos(main: Sequence[str], subs: Sequence[str], deck: int) -> tuple[Combo, ...]:
    """The combinations ``subs`` make with the main cards ``main``, as the search sees them."""
    return tuple(
        (() if c.name == NULL else c.numbers, c.power)
        for c in table_combos(tuple(main), tuple(subs), deck)
    )


def unseen(cards: Cards) -> list[str]:
    """The cards nobody sees: the deck and the discard pile (any of them may come next)."""
    return sorted([*cards.deck, *cards.discard], key=card_order)


def opponent_hands(known: CurlingState, seat: int, rng: random.Random, samples: int) -> Dealt:
    """What the opponent may throw with after ``seat``'s throw: the same main
    cards and its own substitution cards when it is the round's second player,
    else ``samples`` rows of main cards as the next deal may lay them."""
    cards = known.cards
    assert cards is not None
    opp = 1 - seat
    if known.throw_no % 2 == 1:
        return Dealt(((1.0, combos(cards.main, cards.subs[opp], known.deck_size)),))
    size = MAIN_CARDS[known.deck_size]
    if known.throw_no == MIDDLE_THROW:
        pool = sorted([*cards.main, *cards.subs[0], *cards.subs[1], *unseen(cards)], key=card_order)
        kept: list[str] = []
    else:
        pool = unseen(cards)
        first = 1 - known.hammer
        kept = [*cards.subs[first], *cards.subs[1 - first]]
    return Dealt(
        tuple(
            (1.0, combos(kept + rng.sample(pool, max(0, size - len(kept))), [], known.deck_size))
            for _ in range(samples)
        )
    )


def draw_choice(
    known: CurlingState, seat: int, actions: Sequence[Action], value: Callable[[Combo], float]
) -> Action:
    """Take a card (from the deck, or the first player's) when it raises the
    expected value of the best combination, the biggest gain; else stop."""
    cards = known.cards
    assert cards is not None
    deck, main, held = known.deck_size, cards.main, cards.subs[seat]

    def best(subs: list[str]) -> float:
        return max(value(combo) for combo in combos(main, subs, deck))

    choice: Action = ("stop",)
    top = best(held)
    for action in actions:
        if action[0] != "draw":
            continue
        if len(action) == 2:
            gain = best([*held, action[1]])
        else:
            pool = unseen(cards)
            gain = sum(best([*held, card]) for card in pool) / len(pool)
        if gain > top + 1e-9:
            choice, top = action, gain
    return choice
