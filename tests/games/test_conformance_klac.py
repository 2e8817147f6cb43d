"""Random-playout conformance of Klac!, and proof that the checker catches leaks."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from games.core.events import Event
from games.klac.cards import sort_key
from games.klac.game import KlacGame
from games.klac.state import KlacState
from tests.games.conformance import PlayoutReport, leaking_refusals, run_playouts

#: (seats, games at target 50, games at target 150): 500 games in all, about
#: 45 s on one core. Short matches keep the run fast (they are cheapest with
#: few seats); the long ones play several rounds per match.
PLAN = [(2, 170, 6), (3, 110, 6), (4, 85, 6), (5, 60, 6), (6, 45, 6)]


def hand(state: KlacState, seat: int) -> list[str]:
    """The secrets hook: a seat's hand is its only hidden information."""
    return state.hands[seat]


def redeal(state: KlacState, keep: int | None, rnd: random.Random) -> KlacState:
    """The redeal hook: shuffle the deck and every hand but ``keep``'s, keeping sizes."""
    pool = list(state.deck)
    for seat, cards in enumerate(state.hands):
        if seat != keep:
            pool.extend(cards)
    rnd.shuffle(pool)
    hands = []
    for seat, cards in enumerate(state.hands):
        if seat == keep:
            hands.append(list(cards))
        else:
            hands.append(sorted(pool[: len(cards)], key=sort_key))
            del pool[: len(cards)]
    return replace(state, deck=pool, hands=hands)


def check(
    game: KlacGame | str, seats: int, games: int, target: int, **kwargs: Any
) -> PlayoutReport:
    """Playouts with both privacy hooks."""
    return run_playouts(
        game, seats, games, {"target": target}, secrets=hand, redeal=redeal, **kwargs
    )


@pytest.mark.parametrize(("seats", "short", "long"), PLAN)
def test_random_playouts(seats: int, short: int, long: int) -> None:
    seen: Counter[str] = Counter()

    def observe(state: KlacState) -> None:
        for event in state.events:
            if event.kind == "play" and event.public["merged"]:
                seen["merge"] += 1
            if event.kind == "round_end" and state.last_round is not None:
                seen["six stacks" if max(map(len, state.last_round.rows)) == 6 else "no cards"] += 1

    report = check("klac", seats, short, 50, seed0=1000 * seats, observe=observe)
    report_long = check("klac", seats, long, 150, seed0=1000 * seats + 500, observe=observe)
    assert report.games + report_long.games == short + long
    kinds = report.event_kinds + report_long.event_kinds
    assert kinds["match_end"] == short + long
    assert kinds["round_end"] >= short + 2 * long
    assert kinds["play"] == report.actions + report_long.actions
    assert kinds["draw"] > 0
    assert report.illegal_checked > report.actions
    assert sum(report.winners.values()) == short
    # Random play merges often and mostly ends rounds by a sixth stack; rounds
    # that run out of cards are rare and have their own scenario tests.
    assert seen["merge"] > short
    assert seen["six stacks"] > short


# -- the checker must be able to fail -----------------------------------------


class LeakPublicHands(KlacGame):
    def view(self, state: KlacState, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        out["peek"] = [list(h) for h in state.hands]
        return out


class LeakNeighbourHand(KlacGame):
    def view(self, state: KlacState, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        if seat is not None:
            out["neighbour"] = list(state.hands[(seat + 1) % state.seats])
        return out


class LeakDrawPublicly(KlacGame):
    def _apply(self, state: KlacState, seat: int, action: tuple[Any, ...]) -> KlacState:
        state = super()._apply(state, seat, action)
        state.events = [Event(e.kind, e.seat, {**e.public, **e.private}, {}) for e in state.events]
        return state


class AcceptsForeignCards(KlacGame):
    def _apply(self, state: KlacState, seat: int, action: tuple[Any, ...]) -> KlacState:
        card = action[1] if len(action) > 1 else None
        hand = state.hands[seat]
        if isinstance(card, str) and card not in hand and any(card in h for h in state.hands):
            hand[0] = card  # plays a card it does not hold
        return super()._apply(state, seat, action)


class MutatesInput(KlacGame):
    def apply(self, state: KlacState, seat: int, action: Any) -> KlacState:
        new = super().apply(state, seat, action)
        state.totals[0] += 1
        return new


class RaisesKeyError(KlacGame):
    def _apply(self, state: KlacState, seat: int, action: tuple[Any, ...]) -> KlacState:
        if action[0] not in ("extend", "cover"):
            raise KeyError(action[0])
        return super()._apply(state, seat, action)


@pytest.mark.parametrize(
    ("engine", "message"),
    [
        (LeakPublicHands(), "public view changed when hidden cards were re-dealt"),
        (LeakNeighbourHand(), "view is not the public view plus own"),
        (LeakDrawPublicly(), "public view depends on hidden cards"),
        (
            leaking_refusals(
                KlacGame(),
                lambda state, seat: [c for s, h in enumerate(state.hands) if s != seat for c in h],
            ),
            "refusal names seat",
        ),
        (AcceptsForeignCards(), "illegal action accepted"),
        (MutatesInput(), "altered its input state"),
        (RaisesKeyError(), "KeyError instead of IllegalAction"),
    ],
)
def test_checker_catches_broken_engines(engine: KlacGame, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        check(engine, 3, 20, 50, illegal_sample=8)


def test_counting_catches_a_seat_leak_without_the_structural_check() -> None:
    with pytest.raises(AssertionError, match="shows other seats' hidden cards"):
        run_playouts(LeakNeighbourHand(), 4, 5, {"target": 50}, secrets=hand, structural=False)


def test_duplicates_on_the_table_are_no_leak() -> None:
    # Six copies of every card: hands and rows share codes all the time, and
    # the counting check alone must not mistake that for a leak.
    report = run_playouts("klac", 6, 10, {"target": 50}, secrets=hand, structural=False)
    assert report.games == 10
