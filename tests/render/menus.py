"""A seat's menu as the buttons walk it, and the tap targets a seat page
offers at each of its levels (``bot/webpage/static/seat.js``: a target
stands for the shown button of its key; ``a/b`` only after ``a``, ``a/b/c``
after ``a`` then ``b``; ``a>b`` is ``a``, then ``b`` at the level ``a``
opens; a decision, with no box, is a chip over the picture)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from games import registry

Level = tuple[tuple[str, ...], tuple[str, ...]]
Targets = Sequence[tuple[str, Any]]


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


def stands_for(target: str, chosen: tuple[str, ...], keys: tuple[str, ...]) -> set[str]:
    """The keys of the buttons ``target`` stands for at the level reached by
    ``chosen`` whose options are ``keys`` (several for a last key ending in
    ``*``; none when it is not offered there)."""
    first = target.split(">")[0].split("/")
    last, after = first[-1], tuple(first[:-1])
    if after and chosen[len(chosen) - len(after) :] != after:
        return set()
    if last.endswith("*"):
        return {key for key in keys if key.startswith(last[:-1])}
    return {last} & set(keys)


def offered(targets: Targets, chosen: tuple[str, ...], keys: tuple[str, ...]) -> set[str]:
    """The keys of the buttons a seat page's targets stand for at a level."""
    return {key for target, _ in targets for key in stands_for(target, chosen, keys)}
