"""Random-playout conformance of Caravan, and proof that the checker catches its leaks."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from games.caravan.decks import SETS, standard_deck, tag
from games.caravan.game import CaravanGame
from games.caravan.rules import VALUE, is_sold, sort_key, value_of
from games.caravan.state import CaravanState
from games.core.events import Event
from tests.games.conformance import Observer, PlayoutReport, leaking_refusals, run_playouts

GAME = CaravanGame()
#: Playouts per test: 510 in all, about 40 s on one core. Every third state
#: (and the last) of each game gets the full checks, and the view check of
#: :func:`structural` runs on every third state too; the states between are
#: still played and compared with their replay twins.
SELLING, WANDERING, MATCHES, CUSTOM_PAIRS, PER_PAIR = 200, 60, 50, 100, 2
DEEP_EVERY = 3
#: Every card of the three sets, tagged.
ALL_SETS = [tag(card, card_set) for card_set in SETS for card in standard_deck()]
FACES = [card for card in ALL_SETS if card.split("/")[0] not in VALUE]


def secrets(state: CaravanState, seat: int) -> list[str]:
    """A seat's hand, and the cards its own events name privately: the card it
    drew, and the card it discarded (still named after a discard that ended a
    game, when the hand is already a new one)."""
    own = [e.private["card"] for e in state.events if e.seat == seat and "card" in e.private]
    return [*state.hands[seat], *own]


def nobodys(state: CaravanState) -> set[str]:
    """The ``hidden`` hook: codes that lie only in the decks.

    Both decks hold the same codes, so a code in a deck is hidden only while
    no copy of it is in sight: on the table, in a hand, in the last game's
    table, or in the last action's events.
    """
    seen = {code for hand in state.hands for code in hand}
    tables = [state.caravans] + ([state.last_game.caravans] if state.last_game else [])
    for table in tables:
        for row in table:
            for caravan in row:
                for card, faces in caravan:
                    seen.add(card)
                    seen.update(faces)
    if state.last is not None and state.last.card is not None:
        seen.add(state.last.card)
    for event in state.events:
        for value in [*event.public.values(), *event.private.values()]:
            seen.update(value if isinstance(value, list) else [value])
    return {code for deck in state.decks for code in deck} - seen


def redeal(state: CaravanState, keep: int | None, rnd: random.Random) -> CaravanState:
    """The redeal hook: every seat but ``keep`` gets its hand, its deck and the
    card it just discarded dealt anew from those cards; ``keep``'s deck is
    only reshuffled (nobody knows a deck's order)."""
    hands, decks = [], []
    last, events = state.last, state.events
    for seat in range(2):
        hand, deck = state.hands[seat], list(state.decks[seat])
        if seat == keep:
            rnd.shuffle(deck)
            hands.append(list(hand))
            decks.append(deck)
            continue
        discarded = last is not None and last.kind == "discard" and last.seat == seat
        pool = hand + deck + ([last.card] if discarded and last and last.card else [])
        rnd.shuffle(pool)
        hands.append(sorted(pool[: len(hand)], key=sort_key))
        if discarded and last is not None:
            card = pool[len(hand)]
            last = replace(last, card=card)
            events = [
                Event(e.kind, e.seat, e.public, {"card": card}) if e.kind == "discard" else e
                for e in events
            ]
            del pool[len(hand)]
        decks.append(pool[len(hand) :])
    return replace(state, hands=hands, decks=decks, last=last, events=events)


def weight(state: CaravanState, action: tuple[Any, ...]) -> float:
    """A player that tries to sell: it favours plays that sell or grow its own
    caravans, Kings that sell its own or bust the opponent's, Jacks on the
    opponent's sold caravans or its own bust ones, and disbands of bust caravans;
    discards are a last resort. Every legal action keeps a positive weight."""
    kind = action[0]
    seat = state.turn
    assert seat is not None
    if kind == "play":
        after = value_of(state.caravans[seat][action[2]]) + VALUE[action[1]]
        return 60.0 if is_sold(after) else 12.0 if after < 21 else 0.5
    if kind == "attach":
        card, owner, pair, pos = action[1:]
        caravan = state.caravans[owner][pair]
        before = value_of(caravan)
        mine = owner == seat
        if card[0] == "K":
            target, faces = caravan[pos]
            after = before + (VALUE[target] << sum(face[0] == "K" for face in faces))
            if mine:
                return 40.0 if is_sold(after) else 4.0 if after < 21 else 0.3
            return 20.0 if after > 26 and before >= 21 else 0.5
        if card[0] == "J":
            return 15.0 if (before > 26) == mine else 0.3
        return 1.0
    if kind == "disband":
        return 8.0 if value_of(state.caravans[seat][action[1]]) > 26 else 0.1
    return 1.0


def sampled(check: Callable[[CaravanState], None], every: int = DEEP_EVERY) -> Observer:
    """An observer that runs ``check`` on every ``every``-th state only."""
    counter = itertools.count()

    def observe(state: CaravanState) -> None:
        if next(counter) % every == 0:
            check(state)

    return observe


def structural(state: CaravanState) -> None:
    """A seat's view is the public view plus ``you``, its hand, the card of
    its own discard and its own events' private data (the generic structural
    check cannot know that ``last.card`` is such a detail)."""
    public = GAME.view(state, None)
    last = public["last"]
    assert last is None or last["kind"] != "discard" or last["card"] is None
    for seat in range(2):
        view = GAME.view(state, seat)
        assert view.pop("you") == seat
        assert view.pop("hand") == sorted(state.hands[seat], key=sort_key)
        own = view["last"]
        if own is not None and own["kind"] == "discard" and own["seat"] == seat:
            assert own["card"] is not None
            own["card"] = None
        for event in view["events"]:
            if event["seat"] == seat and event["kind"] in ("discard", "draw"):
                assert isinstance(event.pop("card"), str)
        assert view == public


def random_deck(rnd: random.Random) -> list[str]:
    """A legal deck of 30–60 cards from the three sets; now and then one that is
    mostly face cards, whose opening hands are often redealt."""
    if rnd.random() < 0.2:
        numerals = rnd.sample([c for c in ALL_SETS if c not in FACES], rnd.randint(3, 8))
        return rnd.sample(FACES, rnd.randint(27, 42)) + numerals
    while True:
        deck = rnd.sample(ALL_SETS, rnd.randint(30, 60))
        if sum(card.split("/")[0] in VALUE for card in deck) >= 3:
            return deck


def check(
    game: CaravanGame | str,
    games: int,
    options: dict[str, Any] | None = None,
    *,
    observe: Observer | None = None,
    deep_every: int = DEEP_EVERY,
    **kwargs: Any,
) -> PlayoutReport:
    """Playouts with every privacy hook and (by default) the view check above."""
    return run_playouts(
        game,
        2,
        games,
        options,
        secrets=secrets,
        hidden=nobodys,
        redeal=redeal,
        structural=False,
        observe=sampled(structural) if observe is None else observe,
        deep_every=deep_every,
        **kwargs,
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


def test_random_playouts_with_standard_decks() -> None:
    ends: Counter[str] = Counter()
    views = sampled(structural)

    def observe(state: CaravanState) -> None:
        views(state)
        kinds = [event.kind for event in state.events]
        if "game_end" in kinds:
            ends["empty hand" if "empty_hand" in kinds else "sold"] += 1

    # A player that sells, and one that plays at random (whose games mostly
    # end when a hand runs out).
    sells = check("caravan", SELLING, seed0=0, weight=weight, observe=observe)
    wanders = check("caravan", WANDERING, seed0=5000, observe=observe)
    report = merge([sells, wanders])
    kinds = report.event_kinds
    games = SELLING + WANDERING
    assert report.games == games
    assert kinds["match_end"] == kinds["game_end"] == games
    assert sum(report.winners.values()) == games and set(report.winners) == {0, 1}
    for kind in ("play", "attach", "discard", "disband", "draw", "game_start", "empty_hand"):
        assert kinds[kind] > 0, kind
    assert ends["sold"] > SELLING and ends["empty hand"] > WANDERING // 2
    assert report.illegal_checked > report.actions


def test_random_best_of_three_matches() -> None:
    report = check("caravan", MATCHES, {"best_of": 3}, seed0=10_000, weight=weight)
    kinds = report.event_kinds
    assert kinds["match_end"] == MATCHES
    assert 2 * MATCHES < kinds["game_end"] < 3 * MATCHES
    assert set(report.winners) == {0, 1}
    # Every game starts once: the first with the match, the others after a game ends.
    assert kinds["game_start"] == kinds["game_end"]


def test_random_playouts_with_custom_decks() -> None:
    rnd = random.Random("caravan decks")
    reports = []
    duplicates = 0
    for index in range(CUSTOM_PAIRS):
        decks = [random_deck(rnd), None if index % 5 == 0 else random_deck(rnd)]
        plain = [card.split("/")[0] for deck in decks if deck for card in deck]
        duplicates += len(plain) - len(set(plain))
        options = {"decks": "own", "custom_decks": decks, "best_of": 3 if index % 4 == 1 else 1}
        reports.append(
            check("caravan", PER_PAIR, options, seed0=20_000 + 10 * index, weight=weight)
        )
    report = merge(reports)
    kinds = report.event_kinds
    assert report.games == kinds["match_end"] == CUSTOM_PAIRS * PER_PAIR
    assert kinds["game_end"] > report.games
    assert duplicates > CUSTOM_PAIRS
    assert kinds["redeal"] > CUSTOM_PAIRS // 2
    assert kinds["empty_hand"] > 0 and kinds["attach"] > 0


# -- the checker must be able to fail -----------------------------------------


class LeakDiscardedCard(CaravanGame):
    """Shows which card was discarded to everybody."""

    def view(self, state: CaravanState, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        if state.last is not None and out["last"] is not None:
            out["last"]["card"] = state.last.card
        return out


class LeakDeckTop(CaravanGame):
    """Shows a seat the next card it will draw."""

    def view(self, state: CaravanState, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        if seat is not None:
            out["next"] = state.decks[seat][-1:]
        return out


@pytest.mark.parametrize(
    ("engine", "message"),
    [
        (LeakDiscardedCard(), "public view changed when hidden cards were re-dealt"),
        (LeakDeckTop(), "shows cards nobody may see"),
        (
            leaking_refusals(CaravanGame(), lambda state, seat: state.hands[1 - seat]),
            "refusal names seat",
        ),
    ],
)
def test_checker_catches_broken_engines(engine: CaravanGame, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        run_playouts(
            engine, 2, 20, secrets=secrets, hidden=nobodys, redeal=redeal, structural=False
        )
