"""The cards: the combinations a table offers, the opponent's hands, and which
substitution cards to take."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

from games.ai.base import card_order
from games.ai.curling.search import Combo, Dealt
from games.core.protocol import Action
from games.curling.actions import MAX_SUBS
from games.curling.combos import NULL, table_combos
from games.curling.play import MAIN_CARDS, MIDDLE_THROW
from games.curling.state import Cards, CurlingState

#: Substitution cards a sampled hand of the next round may take from the deck.
SUBS_SAMPLED = 2


def combos(main: Sequence[str], subs: Sequence[str], deck: int) -> tuple[Combo, ...]:
    """The combinations ``subs`` make with the main cards ``main``, as the search sees them."""
    return tuple(
        (() if c.name == NULL else c.numbers, c.power)
        for c in table_combos(tuple(main), tuple(subs), deck)
    )


def unseen(cards: Cards) -> list[str]:
    """The cards nobody sees: the deck and the discard pile (any of them may come next)."""
    return sorted([*cards.deck, *cards.discard], key=card_order)


def next_deal(known: CurlingState, rng: random.Random, samples: int, round_end: int) -> Dealt:
    """``samples`` hands as the deal after throw ``round_end`` may give them: a
    row of main cards (the substitution cards left, topped up from the unseen
    cards, or after the middle of the end a whole new row), with none, one or
    two more unseen cards as substitution cards. Those a player may take
    matter: with the main cards alone the next thrower would look far weaker
    than it is, and a search would leave it the boards a good hand punishes."""
    cards = known.cards
    assert cards is not None
    size = MAIN_CARDS[known.deck_size]
    if round_end == MIDDLE_THROW:
        pool = sorted([*cards.main, *cards.subs[0], *cards.subs[1], *unseen(cards)], key=card_order)
        kept: list[str] = []
    else:
        pool = unseen(cards)
        first = 1 - known.hammer
        kept = [*cards.subs[first], *cards.subs[1 - first]]
    deck = known.deck_size
    hands = []
    for _ in range(samples):
        dealt = rng.sample(pool, min(len(pool), max(0, size - len(kept)) + SUBS_SAMPLED))
        row, extra = kept + dealt[: size - len(kept)], dealt[size - len(kept) :]
        offered: dict[Combo, None] = {}
        for count in range(len(extra) + 1):
            offered.update(dict.fromkeys(combos(row, extra[:count], deck)))
        hands.append((1.0, tuple(offered)))
    return Dealt(tuple(hands))


def opponent_hands(known: CurlingState, seat: int, rng: random.Random, samples: int) -> Dealt:
    """What the opponent may throw with after ``seat``'s throw. As the round's
    second player: the same main cards with its own substitution cards, those
    it may still draw while the table holds fewer than five (``samples``
    draws of up to two unseen cards, the way :func:`next_deal` samples them)
    and, once the table holds five, any of ``seat``'s it may take (``seat``
    has thrown and leaves them on the table). Else the next deal's rows."""
    cards = known.cards
    assert cards is not None
    if known.throw_no % 2 == 0:
        return next_deal(known, rng, samples, known.throw_no)
    mine, theirs = cards.subs[seat], cards.subs[1 - seat]
    main, deck = cards.main, known.deck_size
    from_deck = max(0, MAX_SUBS - len(mine) - len(theirs))
    pool = unseen(cards)
    if not from_deck or not pool:
        return Dealt(((1.0, _taking(main, theirs, mine, deck)),))
    hands = []
    for _ in range(samples):
        drawn = rng.sample(pool, min(len(pool), from_deck, SUBS_SAMPLED))
        offered: dict[Combo, None] = {}
        for count in range(len(drawn) + 1):
            held = [*theirs, *drawn[:count]]
            if count == from_deck:
                offered.update(dict.fromkeys(_taking(main, held, mine, deck)))
            else:
                offered.update(dict.fromkeys(combos(main, held, deck)))
        hands.append((1.0, tuple(offered)))
    return Dealt(tuple(hands))


def _taking(
    main: Sequence[str], held: Sequence[str], left: Sequence[str], deck: int
) -> tuple[Combo, ...]:
    """The combinations a second player holding ``held`` makes once the table
    holds five substitution cards: with any of the first player's ``left`` it
    has room to take."""
    room = min(MAX_SUBS - len(held), len(left))
    offered: dict[Combo, None] = {}
    for size in range(room + 1):
        for taken in combinations(left, size):
            offered.update(dict.fromkeys(combos(main, [*held, *taken], deck)))
    return tuple(offered)


def own_next_hands(known: CurlingState, rng: random.Random, samples: int) -> Dealt:
    """What the seat to throw may throw with on its next turn, in the next round."""
    return next_deal(known, rng, samples, known.throw_no + known.throw_no % 2)


def draw_choice(
    known: CurlingState, seat: int, actions: Sequence[Action], value: Callable[[Combo], float]
) -> Action:
    """Take a card when it raises the expected value of the best combination,
    else stop. From the deck: the card to come, by its mean over every card it
    may be. From the first player: the first card of the set that makes the
    best combination (every set is tried: two cards may make a flush that
    neither makes alone, and every card taken must be used), the smallest
    such set on a tie."""
    cards = known.cards
    assert cards is not None
    deck, main, held = known.deck_size, cards.main, cards.subs[seat]

    def best(subs: Sequence[str]) -> float:
        return max(value(combo) for combo in combos(main, subs, deck))

    top = best(held)
    named = [str(a[1]) for a in actions if a[0] == "draw" and len(a) == 2]
    if named:
        chosen: tuple[str, ...] = ()
        for size in range(1, min(MAX_SUBS - len(held), len(named)) + 1):
            for taken in combinations(named, size):
                got = best([*held, *taken])
                if got > top + 1e-9:
                    chosen, top = taken, got
        return ("draw", chosen[0]) if chosen else ("stop",)
    if ("draw",) in actions:
        pool = unseen(cards)
        if sum(best([*held, card]) for card in pool) / len(pool) > top + 1e-9:
            return ("draw",)
    return ("stop",)
