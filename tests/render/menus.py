"""A seat's menu as the buttons walk it, and the tap targets a seat page
offers at each of its levels (``bot/webpage/static/seat.js``: a target
stands for the shown button of its key; ``a/b`` only after ``a``, ``a/b/c``
after ``a`` then ``b``; ``a>b`` is ``a``, then ``b`` at the level ``a``
opens)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from games import registry

Level = tuple[tuple[str, ...], tuple[str, ...]]
Targets = Sequence[tuple[str, Any]]

#: The steps with no place on a game's pictures, by the keys chosen before
#: them and their own: a page presses these by their buttons.
NO_PLACE: dict[str, Callable[[tuple[str, ...], str], bool]] = {
    "klac": lambda chosen, key: False,
    # Which of a move and a replace on one cell; a tour's end proposed or
    # voted, a claim, a triplet's choice.
    "klotho": lambda chosen, key: (
        key in ("move", "replace", "propose", "vote-yes", "vote-no", "claim", "point", "half")
    ),
    # Two cards or a pass (one card is a tap on a card), the count
    # announced, the exchange, and confirming a pass.
    "krendzu": lambda chosen, key: (
        key in ("two", "pass", "x") or key[0] == "n" or (chosen[-1:], key) == (("pass",), "ok")
    ),
    "caravan": lambda chosen, key: False,
    # The dice variant: only a poker's free numbers that no die shows (see
    # ``test_curling_targets.py`` for them and for the card variant's steps).
    "curling": lambda chosen, key: False,
}


def positions(
    game: str, seed: int, moves: int, options: dict[str, Any] | None = None, seats: int = 2
) -> Iterator[tuple[Any, int]]:
    """Each position of a game with random legal moves, and its (first) seat to act."""
    engine = registry.get(game)
    state = engine.new_game(seats, options, seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if engine.is_over(state):
            return
        seat = engine.to_move(state)[0]
        yield state, seat
        state = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))


def levels(game: str, state: Any, seat: int) -> Iterator[Level]:
    """Every level of the seat's menu: the keys chosen to reach it, and its options' keys."""
    engine = registry.get(game)
    actions = engine.legal_actions(state, seat)
    options: dict[tuple[str, ...], dict[str, None]] = {}
    for path in engine.choice_paths(state, seat, actions):
        keys = tuple(choice.key for choice in path)
        for depth, key in enumerate(keys):
            options.setdefault(keys[:depth], {})[key] = None
    for chosen, found in options.items():
        yield chosen, tuple(found)


def stands_for(target: str, chosen: tuple[str, ...], keys: tuple[str, ...]) -> str | None:
    """The key of the button ``target`` stands for at the level reached by
    ``chosen`` whose options are ``keys``, or None when it is not offered there."""
    first = target.split(">")[0].split("/")
    key, after = first[-1], tuple(first[:-1])
    if key not in keys or (after and chosen[len(chosen) - len(after) :] != after):
        return None
    return key


def offered(targets: Targets, chosen: tuple[str, ...], keys: tuple[str, ...]) -> set[str]:
    """The keys of the buttons a seat page's targets stand for at a level."""
    return {key for target, _ in targets if (key := stands_for(target, chosen, keys)) is not None}
