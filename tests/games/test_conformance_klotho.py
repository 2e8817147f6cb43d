"""Random-playout conformance of Klotho, and proof that the checker catches its leaks."""

from __future__ import annotations

import functools
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from games.core.events import Event
from games.klotho.game import KlothoGame
from games.klotho.rules import geometry
from games.klotho.state import KlothoState
from tests.games.conformance import PlayoutReport, run_playouts

#: Seats and games per seat count (one tour per player). An 8-player game
#: runs to about 400 actions, so checking every state of 1500 games would take
#: over five minutes; every fifth state (and the last) of each game is checked
#: deeply instead, with two seats' views: the whole plan takes 90–100 s.
PLAN = [(2, 300), (3, 300), (4, 300), (6, 300), (8, 300)]
DEEP_EVERY = 5


def unseen(state: KlothoState) -> list[str]:
    """Every card lying face down: on the field, in the stock, in the discard pile."""
    down = [card for card, up in zip(state.cards, state.up, strict=True) if not up]
    return down + state.stock + state.discard


def secrets(state: KlothoState) -> list[str]:
    """The ``hidden`` hook: cards nobody may see.

    The events of an action that ended a tour still name the cards it showed
    (the last card turned), which the new deal has gathered and hidden again;
    naming them tells nothing about the new deal (``redeal`` proves that), so
    they are left out.
    """
    kinds = [event.kind for event in state.events]
    cut = kinds.index("tour_start") if "tour_start" in kinds else 0
    shown = {event.public.get("card") for event in state.events[:cut]}
    return [card for card in unseen(state) if card not in shown]


def redeal(state: KlothoState, keep: int | None, rnd: random.Random) -> KlothoState:
    """The redeal hook: shuffle every face-down card, keeping where face-down cards lie
    and the sizes of the stock and the discard pile (nobody knows any of them)."""
    pool = unseen(state)
    rnd.shuffle(pool)
    cards = [card if up else pool.pop() for card, up in zip(state.cards, state.up, strict=True)]
    return replace(
        state, cards=cards, stock=pool[: len(state.stock)], discard=pool[len(state.stock) :]
    )


def reveals(action: tuple[Any, ...]) -> bool:
    """Placing a chip or turning a card shows a face-down card to everybody."""
    return action[0] in ("place", "turn")


def weight(state: KlothoState, action: tuple[Any, ...]) -> float:
    """A random player that digs more than it wanders, so games stay short.

    Turning is preferred, and so are moves that bring the chip closer to a
    face-down card; proposals are rare, as at a real table. Every legal action
    keeps a positive weight.
    """
    kind = action[0]
    if kind == "turn":
        return 10.0
    if kind == "propose":
        return 0.1
    if kind != "move" or state.turn is None:
        return 1.0
    chip = state.chips[state.turn]
    assert chip is not None
    distance = _dig_distances(state.seats, tuple(state.up))
    cell = geometry(state.seats).index[action[1]]
    return 4.0 if distance[cell] < distance[chip] else 0.5


@functools.lru_cache(maxsize=256)
def _dig_distances(seats: int, up: tuple[bool, ...]) -> tuple[int, ...]:
    """King-move distance from each cell to the nearest face-down card."""
    neighbours = geometry(seats).neighbours
    distance = [-1 if face_up else 0 for face_up in up]
    frontier = [cell for cell, face_up in enumerate(up) if not face_up]
    while frontier:
        reached = []
        for cell in frontier:
            for other in neighbours[cell]:
                if distance[other] < 0:
                    distance[other] = distance[cell] + 1
                    reached.append(other)
        frontier = reached
    return tuple(distance)


def check(
    game: KlothoGame | str,
    seats: int,
    games: int,
    *,
    rounds: int = 1,
    deep_every: int = DEEP_EVERY,
    options: dict[str, str] | None = None,
    **kwargs: Any,
) -> PlayoutReport:
    """Playouts with every privacy hook."""
    return run_playouts(
        game,
        seats,
        games,
        {"rounds": rounds, **(options or {})},
        illegal_sample=2,
        legal_sample=1,
        hidden=secrets,
        redeal=redeal,
        reveals=reveals,
        weight=weight,
        view_seats=2,
        deep_every=deep_every,
        **kwargs,
    )


@pytest.mark.parametrize(("seats", "games"), PLAN)
def test_random_playouts(seats: int, games: int) -> None:
    seen: Counter[str] = Counter()

    def observe(state: KlothoState) -> None:
        for event in state.events:
            if event.kind == "tour_end":
                seen[event.public["reason"]] += 1
            if event.kind == "tour_start" and event.public["extra"]:
                seen["extra"] += 1
            if event.kind == "game_end":
                seen[event.public["reason"]] += 1
        if state.vote is not None and state.vote.proposer != state.turn:
            seen["out of turn"] += 1

    report = check("klotho", seats, games, seed0=1000 * seats, observe=observe)
    kinds = report.event_kinds
    assert report.games == games
    assert kinds["game_end"] == games
    assert sum(report.winners.values()) >= games
    assert kinds["tour_end"] >= seats * games
    assert kinds["place"] >= seats * kinds["tour_start"] - seats
    for kind in ("turn", "move", "replace", "score", "propose", "vote", "vote_failed"):
        assert kinds[kind] > 0, kind
    assert kinds["vote_cancelled"] > 0
    assert seen["natural"] > games
    assert seen["tours"] > 0
    assert seen["out of turn"] > 0
    assert report.illegal_checked > report.actions // 5
    if seats >= 3:
        assert kinds["triplet"] > 0 and kinds["triplet_choice"] == kinds["triplet"]
        assert kinds["half_victory"] > 0 and seen["extra"] > 0
    if seats >= 6:
        assert kinds["skip"] > 0


def test_more_rounds_and_every_state_checked() -> None:
    report = check("klotho", 3, 20, rounds=2, deep_every=1, seed0=77)
    assert report.games == 20
    assert report.event_kinds["tour_end"] >= 6 * 20
    assert report.illegal_checked > report.actions


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_claimed_points_and_shared_victories(seats: int) -> None:
    options = {"scoring": "claim", "full_tie": "shared"}
    report = check("klotho", seats, 40, options=options, seed0=500 + seats, deep_every=2)
    kinds = report.event_kinds
    assert kinds["game_end"] == 40
    # Windows open, some claims are made in time and some are missed.
    assert kinds["claims_open"] > 0 and kinds["claim"] > 0 and kinds["missed"] > 0
    assert kinds["score"] > 0
    # Nothing is awarded without a claim.
    assert kinds["score"] + kinds["triplet"] <= kinds["claims_open"] * 4
    assert report.illegal_checked > report.actions // 5


# -- the checker must be able to fail -----------------------------------------


class LeakStockInView(KlothoGame):
    def view(self, state: KlothoState, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        out["next"] = state.stock[-1:]
        return out


class LeakFaceDownCount(KlothoGame):
    """Leaks no code, only which face-down cards are red: caught by the re-deal."""

    def view(self, state: KlothoState, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        out["red"] = sum(
            card[-1] in "HD" for card, up in zip(state.cards, state.up, strict=True) if not up
        )
        return out


class LeakReplacedCard(KlothoGame):
    """Names the card a replace sent face down to the discard pile."""

    def _apply(self, state: KlothoState, seat: int, action: tuple[Any, ...]) -> KlothoState:
        state = super()._apply(state, seat, action)
        if action[0] == "replace":
            state.events.append(Event("peek", seat, {"card": state.discard[-1]}))
        return state


class LeakStockColourOnReplace(KlothoGame):
    """Names no code, only the colour of the card a replace laid face down."""

    def _apply(self, state: KlothoState, seat: int, action: tuple[Any, ...]) -> KlothoState:
        state = super()._apply(state, seat, action)
        if action[0] == "replace":
            cell = geometry(state.seats).index[action[1]]
            state.events.append(Event("peek", seat, {"red": state.cards[cell][-1] in "HD"}))
        return state


@pytest.mark.parametrize(
    ("engine", "message"),
    [
        (LeakStockInView(), "shows cards nobody may see"),
        (LeakFaceDownCount(), "public view changed when hidden cards were re-dealt"),
        (LeakReplacedCard(), "shows cards nobody may see"),
        (LeakStockColourOnReplace(), "public view depends on hidden cards"),
    ],
)
def test_checker_catches_broken_engines(engine: KlothoGame, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        check(engine, 3, 20, deep_every=1)
