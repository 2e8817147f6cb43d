"""Random-playout conformance of Krendzu, and proof that the checker catches its leaks."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from games.core.events import Event
from games.krendzu.game import KrendzuGame
from games.krendzu.rules import sort_key
from games.krendzu.state import KrendzuState
from tests.games.conformance import PlayoutReport, leaking_refusals, run_playouts

GAME = KrendzuGame()
#: Per seat layout, the option sets played in turn, each for GAMES[seats] // len(options)
#: seeds (longer matches only with two players: tours and roles are covered by the
#: scenarios). A three-player match has six tours, twice the others, so half as
#: many matches play as many tours. Every DEEP_EVERY-th state of a game (and the
#: last) gets the full checks, with the views of VIEW_SEATS seats: the file takes
#: about 45 s of CPU.
GAMES = {2: 300, 3: 150, 4: 300}
DEEP_EVERY = 7
#: Views of this many random seats are checked in each deeply checked state.
VIEW_SEATS = 2
PLANS: list[tuple[int, list[dict[str, Any]]]] = [
    (
        2,
        [
            {},
            {"exchange": 0},
            {"hand": 9, "handicap": 1, "exchange": 5},
            {"hand": 14, "exchange": 1},
            {"rounds": 2, "hand": 9, "exchange": 2},
        ],
    ),
    (
        3,
        [
            {},
            {"exchange": 0, "hand": 8},
            {"handicap": 2, "exchange": 5},
            {"exchange": 1},
        ],
    ),
    (
        3,
        [
            {"variant": "two_defenders"},
            {"variant": "two_defenders", "hand": 13, "exchange": 0},
            {"variant": "two_defenders", "handicap": 1, "exchange": 4},
            {"variant": "two_defenders", "exchange": 2},
        ],
    ),
    (
        4,
        [
            {},
            {"hand": 8, "exchange": 0},
            {"handicap": 1, "exchange": 5},
            {"hand": 8, "exchange": 2},
        ],
    ),
]


def private_cards(state: KrendzuState, seat: int) -> list[str]:
    """The cards named in the private parts of ``seat``'s events (toggled,
    given away, drawn back)."""
    out: list[str] = []
    for event in state.events:
        if event.seat != seat:
            continue
        for value in event.private.values():
            if isinstance(value, str):
                out.append(value)
            elif isinstance(value, list):
                out.extend(value)
    return out


def secrets(state: KrendzuState, seat: int) -> list[str]:
    """A seat's hand, its waiting discards and the cards its own events name privately."""
    return [*state.hands[seat], *state.discards[seat], *private_cards(state, seat)]


def nobodys(state: KrendzuState) -> set[str]:
    """The ``hidden`` hook: the cards set aside, except those the last action's
    events name (the last card of a tour that a new deal gathered, cards a seat
    has just given away): naming them tells nothing about the new deal."""
    named: set[str] = set()
    for event in state.events:
        for value in [*event.public.values(), *event.private.values()]:
            if isinstance(value, str):
                named.add(value)
            elif isinstance(value, list):
                named.update(v for v in value if isinstance(v, str))
    return set(state.aside) - named


def redeal(state: KrendzuState, keep: int | None, rnd: random.Random) -> KrendzuState:
    """Deal anew every hidden card but ``keep``'s: the other hands (with as many
    marks), their waiting discards and the cards set aside, keeping every size."""
    others = [seat for seat in range(state.seats) if seat != keep]
    pool = list(state.aside)
    for seat in others:
        pool += state.hands[seat] + state.discards[seat]
    rnd.shuffle(pool)
    hands = [list(hand) for hand in state.hands]
    marked = [list(cards) for cards in state.marked]
    discards = [list(cards) for cards in state.discards]
    for seat in others:
        size, gone = len(state.hands[seat]), len(state.discards[seat])
        hands[seat] = sorted(pool[:size], key=sort_key)
        discards[seat] = pool[size : size + gone]
        del pool[: size + gone]
        marked[seat] = sorted(rnd.sample(hands[seat], len(state.marked[seat])), key=sort_key)
    events = [
        e if e.seat == keep or not e.private else Event(e.kind, e.seat, dict(e.public), {})
        for e in state.events
    ]
    return replace(state, hands=hands, marked=marked, discards=discards, aside=pool, events=events)


def weight(state: KrendzuState, action: tuple[Any, ...]) -> float:
    """A random player that finishes its discards (marking toward the announced
    number, then exchanging), now and then passes or places two cards."""
    kind = action[0]
    if kind == "place":
        return 1.0
    if kind == "toggle":
        seat = state.turn
        assert seat is not None
        return 0.3 if action[1] in state.marked[seat] else 6.0
    if kind == "exchange":
        return 40.0
    if kind == "pass":
        return 25.0
    if kind == "first":
        return 0.4
    return 1.0


def check(seats: int, games: int, options: dict[str, Any], seed0: int) -> PlayoutReport:
    return run_playouts(
        "krendzu",
        seats,
        games,
        options,
        seed0=seed0,
        legal_sample=1,
        illegal_sample=3,
        secrets=secrets,
        hidden=nobodys,
        redeal=redeal,
        weight=weight,
        deep_every=DEEP_EVERY,
        view_seats=VIEW_SEATS,
        seat_keys=("you", "hand", "marked"),
        private_keys=("hand", "hands", "marked"),
    )


def merge(reports: list[PlayoutReport]) -> PlayoutReport:
    total = PlayoutReport()
    for report in reports:
        total.games += report.games
        total.actions += report.actions
        total.longest = max(total.longest, report.longest)
        total.legal_checked += report.legal_checked
        total.illegal_checked += report.illegal_checked
        total.event_kinds += report.event_kinds
        total.winners += report.winners
    return total


@pytest.mark.parametrize(
    ("seats", "plan"),
    PLANS,
    ids=["2p", "3p-two-attackers", "3p-two-defenders", "4p"],
)
def test_random_playouts(seats: int, plan: list[dict[str, Any]]) -> None:
    per = GAMES[seats] // len(plan)
    reports = [
        check(seats, per, options, seed0=1000 * seats + 100_000 * index + 7 * len(plan))
        for index, options in enumerate(plan)
    ]
    report = merge(reports)
    kinds = report.event_kinds
    assert report.games == per * len(plan) >= GAMES[seats] - len(plan)
    assert kinds["game_end"] == report.games
    for kind in (
        "tour_start",
        "announce",
        "toggle",
        "exchange",
        "draw",
        "place",
        "first",
        "second",
        "pass",
        "skip",
        "score",
        "tour_end",
    ):
        assert kinds[kind] > 0, kind
    assert report.illegal_checked > report.actions // DEEP_EVERY
    assert set(report.winners) == set(range(seats))


def test_every_tour_deals_all_cards_and_ends_with_empty_hands() -> None:
    """Across random games: cards are conserved at every state, and each tour
    ends only when every hand is empty."""
    rnd = random.Random("krendzu census")
    for seed, (seats, options) in enumerate(
        itertools.islice(itertools.cycle([(2, {}), (3, {}), (4, {})]), 30)
    ):
        state = GAME.new_game(seats, options, seed)
        while not GAME.is_over(state):
            on_field = [p.card for p in state.cells]
            held = [c for hand in state.hands for c in hand]
            waiting = [c for cards in state.discards for c in cards]
            everything = on_field + held + waiting + state.aside
            assert Counter(everything) == Counter(set(everything)) and len(everything) == 36
            seat = GAME.to_move(state)[0]
            actions = GAME.legal_actions(state, seat)
            weights = [weight(state, a) for a in actions]
            before = state.tour
            state = GAME.apply(state, seat, rnd.choices(actions, weights)[0])
            if state.tour != before or GAME.is_over(state):
                assert state.last_tour is not None and state.last_tour.tour == before


# -- the checker must be able to fail -----------------------------------------


class LeakMarks(KrendzuGame):
    """Shows every seat's marks to everybody."""

    def view(self, state: KrendzuState, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        out["all_marks"] = [list(cards) for cards in state.marked]
        return out


class LeakAside(KrendzuGame):
    """Shows a seat the cards set aside."""

    def view(self, state: KrendzuState, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        if seat is not None:
            out["peek"] = state.aside[:3]
        return out


class LeakGivenCards(KrendzuGame):
    """Makes what a seat gave away in the exchange public."""

    def _apply(self, state: KrendzuState, seat: int, action: tuple[Any, ...]) -> KrendzuState:
        out = super()._apply(state, seat, action)
        out.events = [
            Event(e.kind, e.seat, {**e.public, **e.private}, e.private) for e in out.events
        ]
        return out


@pytest.mark.parametrize(
    ("engine", "message"),
    [
        (LeakMarks(), "changed when hidden cards were re-dealt|hidden cards"),
        (LeakAside(), "shows cards nobody may see"),
        (LeakGivenCards(), "public view|hidden cards"),
        (
            leaking_refusals(
                KrendzuGame(), lambda state, seat: state.hands[(seat + 1) % state.seats]
            ),
            "refusal names seat",
        ),
    ],
)
def test_checker_catches_broken_engines(engine: KrendzuGame, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        run_playouts(
            engine,
            2,
            20,
            secrets=secrets,
            hidden=nobodys,
            redeal=redeal,
            weight=weight,
            seat_keys=("you", "hand", "marked"),
            structural=False,
        )
