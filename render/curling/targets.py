"""Where a move is tapped on the curling table, by the keys of its menu's
choices (``games/curling/menus.py``):

- ``roll``: the band of the dice (blank before the roll);
- ``t<i>``: die ``i`` (not a six: it cannot be marked); ``rethrow`` or
  ``keep``: the sign under the dice;
- ``draw``: the deck; ``d<card>``: the first player's substitution card the
  second may take; ``stop``: the stop sign;
- ``p<trajectory>``: its tile under the dice (the dice variant);
- ``n<v>``: a die, or a main or own substitution card, whose number is ``v``
  and is among the combinations' numbers;
- ``s<cell>``: a start cell, and ``s<cell>/ok`` the same cell once chosen:
  a second tap on it throws.

A combination of cards (``k…``), the null throw's ``ok``, the trajectory in
the card variant (whose panel has no room for the tiles) and a poker's free
number that no die or card shows are the picture's decisions: nothing is
drawn to tap for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import common as c
from render.curling.controls import (
    ORDER,
    SIX,
    acting,
    dice_action,
    draws_from_deck,
    offered_trajectories,
    takes_from_opponent,
)
from render.curling.layout import (
    HEIGHT,
    START_CELLS,
    WIDTH,
    cell_box,
    deck_icon_box,
    dice_action_box,
    dice_band_box,
    die_box,
    main_card_box,
    stop_box,
    sub_card_box,
    trajectory_box,
)
from render.curling.parse import Context, context
from render.targets import Share, Targets, decisions, share

#: Card numbers (rules: 2–5 as they are, 6–10 one, J 2, Q 3, K 4, A 5).
_CARD_NUMBERS = {"J": 2, "Q": 3, "K": 4, "A": 5}


def card_number(code: str) -> int | None:
    """A card's number in the game, ``None`` for a joker (it is any card)."""
    parsed = c.parse_playing_card(code)
    if parsed is None:
        return None
    rank = parsed[0]
    if rank in _CARD_NUMBERS:
        return _CARD_NUMBERS[rank]
    value = int(rank)
    return value if value <= 5 else 1


def _box(box: c.Box) -> Share:
    return share(box, WIDTH, HEIGHT)


def _dice(ctx: Context) -> list[tuple[str, Share]]:
    dice = ctx.dice or ()
    if acting(ctx, "roll"):
        return [("roll", _box(dice_band_box()))]
    if acting(ctx, "reroll"):
        marked = [i < len(ctx.marked) and ctx.marked[i] for i in range(len(dice))]
        toggles = [
            (f"t{i}", _box(die_box(i, raised=marked[i])))
            for i, value in enumerate(dice)
            if 1 <= value < SIX
        ]
        return [*toggles, (dice_action(ctx)[0], _box(dice_action_box()))]
    if acting(ctx, "aim"):
        return [
            (f"n{value}", _box(die_box(i))) for i, value in enumerate(dice) if value in ctx.numbers
        ]
    return []


def _cards(ctx: Context) -> list[tuple[str, Share]]:
    if ctx.turn is None:
        return []
    if acting(ctx, "draw"):
        out = [("draw", _box(deck_icon_box()))] if draws_from_deck(ctx) else []
        first = 1 - ctx.turn
        out += [
            (f"d{code}", _box(sub_card_box(first, j)))
            for j, code in enumerate(takes_from_opponent(ctx))
        ]
        return [*out, ("stop", _box(stop_box()))]
    if not acting(ctx, "aim"):
        return []
    numbered = [
        *((code, main_card_box(i, len(ctx.main))) for i, code in enumerate(ctx.main)),
        *((code, sub_card_box(ctx.turn, j)) for j, code in enumerate(ctx.subs[ctx.turn])),
    ]
    return [
        (f"n{number}", _box(box))
        for code, box in numbered
        if (number := card_number(code)) is not None and number in ctx.numbers
    ]


def _aim(ctx: Context) -> list[tuple[str, Share]]:
    # No numbers: only the null combination, whose stone goes nowhere.
    if not acting(ctx, "aim") or not ctx.numbers:
        return []
    offered = offered_trajectories(ctx) if ctx.variant == "dice" else ()
    tiles = [(f"p{name}", _box(trajectory_box(ORDER.index(name)))) for name in offered]
    starts = [(f"s{cell}", _box(cell_box(cell))) for cell in START_CELLS]
    again = [(f"s{cell}/ok", _box(cell_box(cell))) for cell in START_CELLS]
    return [*tiles, *starts, *again]


def table_targets(view: Mapping[str, Any], *, names: Sequence[str]) -> Targets:
    """The targets on :func:`render.curling.render_table`'s picture (and on a
    preview's, drawn alike) for the seat to act: see the module's list."""
    del names  # the panel's places do not depend on the names
    ctx = context(view)
    if ctx.turn is None:
        return []
    found = _dice(ctx) if ctx.variant == "dice" else _cards(ctx)
    if not acting(ctx, "aim"):
        return found
    chosen = ("n*", "ok") if ctx.variant == "dice" else ("k*", "p*", "n*", "ok")
    return [*found, *_aim(ctx), *decisions(*chosen)]
