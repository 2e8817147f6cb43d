"""Tap targets of the card games: at every level of a seat's menu the seat
page offers a target (on the table, or on the seat's own hand) for every
button (a decision such as a pass or a count as a chip over the picture),
and every target stands for a real choice: a second tap on what was chosen confirms it (``@3,1/ok``,
``c01/ok``, ``c01/p2/ok``), a Krendzu card is one card played when the mode is
asked (``one>cQH``), a Caravan face card goes on the card tapped (``c01/p2``),
a caravan's plate disbands it (``disband>c01``).

Positions come from real games of the engine, played with random legal moves;
the menu is the one the buttons use (``choice_paths``).
"""

from __future__ import annotations

from typing import Any

import pytest

from games import registry
from render import registry as renderers
from tests.render.menus import levels, offered, positions, stands_for

NAMES = ["Anya", "Bob", "Vika"]
#: Logical Curling has its own tests (``test_curling_targets.py``).
CARD_GAMES = ["klac", "klotho", "krendzu", "caravan"]


def targets_of(game: str, state: Any, seat: int) -> list[tuple[str, Any]]:
    """The targets on the table's picture and on the seat's own hand."""
    engine, renderer = registry.get(game), renderers.get(game)
    out: list[tuple[str, Any]] = []
    if renderer.table_targets is not None:
        out += renderer.table_targets(engine.view(state, None), names=NAMES)
    if renderer.private_targets is not None:
        out += renderer.private_targets(engine.view(state, seat), names=NAMES)
    return out


@pytest.mark.parametrize("game", CARD_GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_button_of_a_move_has_a_target(game: str, seed: int) -> None:
    tapped: set[str] = set()
    decided: set[str] = set()
    for state, seat in positions(game, seed, moves=120):
        targets = targets_of(game, state, seat)
        boxed = [(key, box) for key, box in targets if box is not None]
        for chosen, keys in levels(game, state, seat):
            shown = offered(targets, chosen, keys)
            tapped |= shown
            decided |= shown - offered(boxed, chosen, keys)
            assert set(keys) == shown, (chosen, keys)
    expected = {
        "klac": (set(), set()),
        "klotho": (set(), {"move", "replace"}),
        "krendzu": ({"ok", "one"}, {"pass", "x", "n0"}),
        "caravan": ({"ok", "discard", "disband"}, set()),
    }[game]
    assert expected[0] <= tapped
    # The decisions met: the steps with nothing drawn to tap for them.
    assert expected[1] <= decided, decided


@pytest.mark.parametrize("game", CARD_GAMES)
def test_every_target_stands_for_a_choice_and_a_two_step_one_for_two(game: str) -> None:
    for state, seat in positions(game, 3, moves=80):
        menu = dict(levels(game, state, seat))
        for target, box in targets_of(game, state, seat):
            if box is not None:
                x0, y0, x1, y1 = box
                assert 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1, (target, box)
            # A target is offered only where the menu has its key after its path.
            for chosen, keys in menu.items():
                for key in stands_for(target, chosen, keys) if ">" in target else ():
                    # Its second key is an option of the level its first one opens.
                    assert target.split(">")[1] in menu[(*chosen, key)], (chosen, target)


def test_a_caravan_face_card_goes_on_the_card_tapped() -> None:
    """Where a face card may go on several cards of a caravan, each card's
    target stands for it there, and a second tap on it confirms."""
    seen = 0
    for state, seat in positions("caravan", 4, moves=400):
        targets = targets_of("caravan", state, seat)
        for chosen, keys in levels("caravan", state, seat):
            cards = [k for k in keys if k[0] == "p"]
            if not cards:
                continue
            seen += 1
            for key in cards:
                at = [t for t, box in targets if box and key in stands_for(t, chosen, keys)]
                # One place only: the card of the caravan chosen.
                assert at == [f"{chosen[-1]}/{key}"], (chosen, key, at)
                ok = offered(targets, (*chosen, key), ("ok",))
                assert ok == {"ok"}
    assert seen


@pytest.mark.parametrize(
    ("game", "options", "seeds"),
    [("klotho", {"scoring": "claim"}, range(1, 6)), ("krendzu", None, range(1, 3))],
)
def test_every_decision_stands_for_a_step_of_real_games(
    game: str, options: dict[str, Any] | None, seeds: range
) -> None:
    """A decision's key is a real choice's: each is offered in real games
    (Klotho's claims and triplets with claimed scoring, three seats)."""
    met: dict[str, int] = {}
    for seed in seeds:
        for state, seat in positions(game, seed, moves=400, options=options, seats=3):
            menu = list(levels(game, state, seat))
            for target, box in targets_of(game, state, seat):
                if box is None:
                    met[target] = met.get(target, 0) + sum(
                        bool(stands_for(target, chosen, keys)) for chosen, keys in menu
                    )
    assert met and all(met.values()), met
