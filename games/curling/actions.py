"""Logical Curling's actions: their kinds, shapes and phases, and which are legal now.

- ``("roll",)``: the dice variant's first throw of five dice;
- ``("toggle", i)``: mark or unmark die ``i`` (0–4) for the one free re-throw;
- ``("rethrow",)``: re-throw the marked dice and every six (then sixes until none);
- ``("keep",)``: keep the dice (nothing marked, no six);
- ``("draw",)``: the card variant: take one substitution card from the deck;
- ``("draw", card)``: the second player takes that one of the first player's
  substitution cards (once the table holds five);
- ``("stop",)``: take no more substitution cards;
- ``("throw", combo, trajectory, start, n1, n2, …)``: throw a stone;
  ``("throw", "null")``: throw it away (the card variant's null combination).
"""

from __future__ import annotations

import functools

from games.core.protocol import Action
from games.curling.combos import NULL, Combo, dice_combo, table_combos
from games.curling.field import INDEX, STARTS, keep_last_zero, zone_counts
from games.curling.state import AIM, DICE, DRAW, REROLL, ROLL, CurlingState
from games.curling.trajectories import ORDER, POWER, REVERSE, number_choices

TOGGLE = "toggle"
RETHROW = "rethrow"
KEEP = "keep"
STOP = "stop"
THROW = "throw"
#: The phase each action belongs to.
PHASE_OF = {
    ROLL: ROLL,
    TOGGLE: REROLL,
    RETHROW: REROLL,
    KEEP: REROLL,
    DRAW: DRAW,
    STOP: DRAW,
    THROW: AIM,
}
#: The lengths each action may have but the throw's (which depend on its trajectory).
ARITY = {ROLL: (1,), TOGGLE: (2,), RETHROW: (1,), KEEP: (1,), DRAW: (1, 2), STOP: (1,)}
DICE_COUNT = 5
SIX = 6
#: The most substitution cards on the table at once, and in one player's hands.
MAX_SUBS = 5
DECK_SOURCE = "deck"
OPPONENT_SOURCE = "opponent"


def rethrown(state: CurlingState) -> list[int]:
    """The dice a re-throw throws: the marked ones and every six."""
    dice = state.dice or []
    return [i for i, value in enumerate(dice) if state.marked[i] or value == SIX]


def reroll_actions(state: CurlingState) -> list[Action]:
    """The legal actions of the reroll phase: toggles by die, then rethrow or keep."""
    dice = state.dice or []
    actions: list[Action] = [(TOGGLE, i) for i, value in enumerate(dice) if value != SIX]
    if rethrown(state):
        actions.append((RETHROW,))
    else:
        actions.append((KEEP,))
    return actions


def draw_source(state: CurlingState, seat: int) -> str | None:
    """Where ``seat``'s next substitution card would come from (``None``: nowhere)."""
    cards = state.cards
    if cards is None or len(cards.subs[seat]) >= MAX_SUBS:
        return None
    stock = bool(cards.deck or cards.discard)
    if seat == 1 - state.hammer:  # the first player of every round
        return DECK_SOURCE if stock else None
    if len(cards.subs[0]) + len(cards.subs[1]) < MAX_SUBS:
        return DECK_SOURCE if stock else None
    return OPPONENT_SOURCE if cards.subs[1 - seat] else None


def draw_actions(state: CurlingState, seat: int) -> list[Action]:
    """The draw phase's actions: ``("draw",)`` while the deck may be drawn from,
    else ``("draw", card)`` per substitution card of the first player's; then
    ``("stop",)``."""
    source = draw_source(state, seat)
    if source == DECK_SOURCE:
        return [(DRAW,), (STOP,)]
    if source == OPPONENT_SOURCE:
        assert state.cards is not None
        return [*((DRAW, card) for card in state.cards.subs[1 - seat]), (STOP,)]
    return [(STOP,)]


def board(state: CurlingState) -> dict[int, int]:
    """The field as ``cell index → stone id`` (``2 * n + seat``)."""
    return {INDEX[s.cell]: 2 * s.n + s.seat for s in state.stones}


def offered_combos(state: CurlingState, seat: int) -> tuple[Combo, ...]:
    """The combinations ``seat`` may throw with (aim phase)."""
    if state.variant == DICE:
        return () if state.dice is None else (dice_combo(state.dice),)
    cards = state.cards
    assert cards is not None
    return table_combos(tuple(cards.main), tuple(cards.subs[seat]), state.deck_size)


def l2_limit(state: CurlingState, seat: int) -> int | None:
    """The limit the position and the opponent's previous throw put on ``seat``."""
    power = state.prev_power
    if power is None:
        return None
    score = keep_last_zero(zone_counts({INDEX[s.cell]: s.seat for s in state.stones}))
    if score[seat] > 0:
        return max(1, power - 1)
    if score[1 - seat] > 0:
        return 5
    return min(5, power + 1)


def throw_limit(l1: int, l2: int | None) -> int:
    """The limit ``L`` on a throw's power: the combination's ``l1``, lowered to ``l2``."""
    return l1 if l2 is None else min(l1, l2)


@functools.lru_cache(maxsize=512)
def throws(combos: tuple[Combo, ...], l2: int | None) -> tuple[Action, ...]:
    """Every legal throw with these combinations under the limit ``l2``, in menu
    order: by combination, trajectory (weakest first), numbers, start cell."""
    out: list[Action] = []
    for combo in combos:
        if combo.name == NULL:
            out.append((THROW, NULL))
            continue
        limit = throw_limit(combo.power, l2)
        for name in ORDER:
            if POWER[name] > limit and name != REVERSE:
                continue
            for numbers in number_choices(name, combo.numbers):
                out.extend((THROW, combo.key, name, start, *numbers) for start in STARTS)
    return tuple(out)


@functools.lru_cache(maxsize=512)
def throw_set(combos: tuple[Combo, ...], l2: int | None) -> frozenset[Action]:
    """:func:`throws` as a set, for fast membership tests."""
    return frozenset(throws(combos, l2))
