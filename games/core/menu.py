"""Choice trees built from legal actions.

A frontend never decides a rule: it asks for the menu at a path (a tuple of
option indices), shows the options as buttons, and when a path reaches a whole
action it sends that action back through the table service, which checks it
again. The tree is a pure function of the state, so a path is meaningful only
for the state version it was built for; tokens carry that version.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.core.errors import IllegalAction
from games.core.protocol import Action, Choice, Game


@dataclass(frozen=True)
class Menu:
    """One level of the tree.

    ``taken`` are the choices already made (for a breadcrumb), ``options`` the
    buttons of this level, and ``action`` the whole action once the path is
    complete (then ``options`` is empty).
    """

    path: tuple[int, ...]
    taken: tuple[Choice, ...]
    options: tuple[Choice, ...]
    action: Action | None


def build_menu(game: Game[Any], state: Any, seat: int, path: Sequence[int] = ()) -> Menu:
    """The menu of ``seat`` after following ``path``; raises if the path is not valid."""
    actions = own_actions(game, state, seat)
    candidates = list(zip(actions, game.choice_paths(state, seat, actions), strict=True))
    taken: list[Choice] = []
    for depth, index in enumerate(path):
        options = _options_at(candidates, depth)
        if not isinstance(index, int) or not 0 <= index < len(options):
            raise IllegalAction("that choice is no longer available", code="stale-choice")
        chosen = options[index]
        taken.append(chosen)
        candidates = [(a, steps) for a, steps in candidates if steps[depth].key == chosen.key]
        complete = [a for a, steps in candidates if len(steps) == depth + 1]
        if complete:
            if depth + 1 != len(path):
                raise IllegalAction("that choice is no longer available", code="stale-choice")
            return Menu(tuple(path), tuple(taken), (), complete[0])
    return Menu(tuple(path), tuple(taken), tuple(_options_at(candidates, len(path))), None)


def _options_at(candidates: list[tuple[Action, list[Choice]]], depth: int) -> list[Choice]:
    seen: dict[str, Choice] = {}
    for _, steps in candidates:
        if len(steps) > depth:
            seen.setdefault(steps[depth].key, steps[depth])
    return list(seen.values())


def own_actions(game: Game[Any], state: Any, seat: int) -> list[Action]:
    """``seat``'s legal actions without the shared ones (votes and the like)."""
    shared = set(game.shared_actions(state))
    return [a for a in game.legal_actions(state, seat) if a not in shared]


def movers(game: Game[Any], state: Any) -> list[int]:
    """Seats expected to make a move of their own now, not just press a shared button."""
    return [s for s in game.to_move(state) if own_actions(game, state, s)]
