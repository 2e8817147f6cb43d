"""Random-playout conformance of Logical Curling (both variants, every deck size),
and proof that the checker catches its leaks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from games.core.rng import SEED_BITS
from games.curling.game import CurlingGame
from games.curling.state import Cards, CurlingState
from tests.games.conformance import PlayoutReport, run_playouts

GAME = CurlingGame()
#: Matches per variant / deck (two ends each, so that many ends and hammers are
#: seen; longer matches and extra ends are covered by the scenarios). Every
#: DEEP_EVERY-th state of a match (and the last) gets the full checks.
GAMES = 300
DEEP_EVERY = 5
STONES = 8


def nobodys(state: CurlingState) -> set[str]:
    """The ``hidden`` hook: the deck's cards (its order is known to nobody),
    except those the last action's events name (a discard pile shuffled back
    into the deck was seen by everybody)."""
    if state.cards is None:
        return set()
    named: set[str] = set()
    for event in state.events:
        for value in event.public.values():
            if isinstance(value, str):
                named.add(value)
            elif isinstance(value, list):
                named.update(v for v in value if isinstance(v, str))
    return set(state.cards.deck) - named


def redeal(state: CurlingState, keep: int | None, rnd: random.Random) -> CurlingState:
    """Everything hidden anew: the deck's order and the RNG (the next dice)."""
    cards = state.cards
    if cards is not None:
        deck = list(cards.deck)
        rnd.shuffle(deck)
        cards = Cards(list(cards.main), [list(h) for h in cards.subs], deck, list(cards.discard))
    return replace(state, rng=rnd.getrandbits(SEED_BITS), cards=cards)


def reveals(action: tuple[Any, ...]) -> bool:
    """Dice thrown and cards turned up come from what was hidden."""
    return action[0] in ("roll", "rethrow", "draw", "throw")


def weight(state: CurlingState, action: tuple[Any, ...]) -> float:
    """A random player that re-throws or keeps soon, and takes some cards."""
    kind = action[0]
    if kind == "toggle":
        return 1.0
    if kind in ("rethrow", "keep"):
        return 4.0
    if kind == "draw":
        return 2.0
    return 1.0


def census(state: CurlingState) -> None:
    """Stones are conserved: per colour, on the field + out + not yet thrown = 8."""
    for seat in (0, 1):
        on_field = sum(1 for stone in state.stones if stone.seat == seat)
        assert on_field + state.out[seat] + STONES - state.thrown[seat] == STONES, state.stones
    cells = [stone.cell for stone in state.stones]
    assert len(cells) == len(set(cells)), "two stones on one cell"
    assert all(int(cell[1:]) > 0 for cell in cells), "a stone on row 0"
    if state.cards is not None:
        c = state.cards
        held = c.main + c.subs[0] + c.subs[1] + c.deck + c.discard
        assert len(held) == state.deck_size and len(set(held)) == len(held)
        assert len(c.subs[0]) + len(c.subs[1]) <= 5


def check(
    options: dict[str, Any],
    games: int,
    seed0: int,
    observe: Callable[[CurlingState], None] = census,
) -> PlayoutReport:
    return run_playouts(
        GAME,
        2,
        games,
        options,
        seed0=seed0,
        legal_sample=1,
        illegal_sample=3,
        hidden=nobodys,
        redeal=redeal,
        reveals=reveals,
        weight=weight,
        deep_every=DEEP_EVERY,
        seat_keys=("you",),
        observe=observe,
    )


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "dice", "ends": 2},
        {"variant": "cards", "deck": 36, "ends": 2},
        {"variant": "cards", "deck": 52, "ends": 2},
        {"variant": "cards", "deck": 54, "ends": 2},
    ],
    ids=["dice", "cards36", "cards52", "cards54"],
)
def test_random_playouts(options: dict[str, Any]) -> None:
    sources: Counter[str] = Counter()

    def observe(state: CurlingState) -> None:
        census(state)
        sources.update(e.public["source"] for e in state.events if e.kind == "draw")

    report = check(options, GAMES, seed0=7_000, observe=observe)
    kinds = report.event_kinds
    assert report.games == GAMES
    assert kinds["game_end"] == GAMES
    assert kinds["end_over"] >= 2 * GAMES
    common = ("end_start", "throw", "foul", "end_over")
    own = (
        ("roll", "toggle", "rethrow", "keep")
        if options["variant"] == "dice"
        else ("deal", "draw", "stop")
    )
    for kind in common + own:
        assert kinds[kind] > 0, kind
    assert report.illegal_checked > report.actions // DEEP_EVERY
    assert set(report.winners) == {0, 1}
    if options["variant"] == "cards":
        # The second player takes the first player's cards by name, too.
        assert sources["deck"] > 0 and sources["opponent"] > 0


# -- the checker must be able to fail -----------------------------------------


class LeakDeck(CurlingGame):
    """Shows the top of the deck."""

    def view(self, state: CurlingState, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        if state.cards is not None:
            out["next"] = state.cards.deck[:1]
        return out


class LeakRng(CurlingGame):
    """Shows the next dice through the RNG."""

    def view(self, state: CurlingState, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        out["seed"] = state.rng % 1000
        return out


@pytest.mark.parametrize(
    ("engine", "options", "message"),
    [
        (LeakDeck(), {"variant": "cards", "ends": 2}, "nobody may see|re-dealt"),
        (LeakRng(), {"variant": "dice", "ends": 2}, "re-dealt"),
    ],
)
def test_checker_catches_broken_engines(
    engine: CurlingGame, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(AssertionError, match=message):
        run_playouts(
            engine,
            2,
            5,
            options,
            hidden=nobodys,
            redeal=redeal,
            reveals=reveals,
            weight=weight,
            seat_keys=("you",),
            observe=census,
        )
