"""Klotho's tactical greedy (``bench.tactical.klotho``): legal, never peeking,
and it plays the one-ply tactics it is meant to see."""

from __future__ import annotations

import random
from dataclasses import replace

from bench.tactical import tactical
from games import registry
from games.core.rng import SEED_BITS
from tests.games import test_conformance_klotho
from tests.games.loads_checks import playout
from tests.games.puzzles.klotho_proofs import position

GAME = registry.get("klotho")
#: The cards of the hand-made positions apart from the lines in question.
QUIET = {"A1": "6D", "B1": "8C", "C1": "7H", "A3": "6S", "D2": "6C", "C4": "10D", "D4": "7C"}


def test_it_plays_whole_games_with_legal_actions() -> None:
    for seats, seed in ((2, 1), (3, 2)):
        state = GAME.new_game(seats, {}, seed)
        rng = random.Random(seed)
        for _ in range(2000):
            if GAME.is_over(state):
                break
            seat = next(s for s in GAME.to_move(state) if GAME.legal_actions(state, s))
            action = tactical("klotho", state, seat, rng)
            assert action in GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, action)
        assert GAME.is_over(state)


def test_it_decides_only_from_what_the_seat_sees() -> None:
    rnd = random.Random(7)
    checked = 0
    for state in playout(GAME, 2, {}, seed=11):
        choosers = [s for s in GAME.to_move(state) if len(GAME.legal_actions(state, s)) > 1]
        if not choosers:
            continue
        seat = choosers[0]
        action = tactical("klotho", state, seat, random.Random(3))
        other = replace(
            test_conformance_klotho.redeal(state, seat, rnd), rng=rnd.getrandbits(SEED_BITS)
        )
        assert GAME.view(other, seat) == GAME.view(state, seat)
        assert tactical("klotho", other, seat, random.Random(3)) == action
        checked += 1
    assert checked > 10


def test_it_finishes_its_line() -> None:
    # Our K♦ (B2) with the Q♦ (A2): C2 scores with a diamond, a figure, a J or an A.
    up = {**QUIET, "A2": "QD", "B2": "KD", "B3": "10H", "C3": "7S"}
    state = position(up, ["B2", "C3"])
    assert tactical("klotho", state, 0, random.Random(0)) == ("turn", "C2")


def test_it_spoils_the_line_the_other_seat_would_finish_next_turn() -> None:
    # Their K♥ (C3) with the Q♥ (B3) would score on D3; our 9♠ line is poorer.
    up = {**QUIET, "A2": "10S", "B2": "9S", "A3": "8D", "B3": "QH", "C3": "KH"}
    state = position(up, ["B2", "C3"])
    assert tactical("klotho", state, 0, random.Random(0)) == ("replace", "B3")


def test_it_never_turns_the_card_that_finishes_their_line() -> None:
    # C2 is next to both chips: it would finish their K♥ Q♥ line, not ours.
    up = {**QUIET, "A2": "6H", "B2": "9S", "C3": "KH", "C4": "QH", "B3": "8D"}
    state = position(up, ["B2", "C3"])
    for seed in range(3):
        assert tactical("klotho", state, 0, random.Random(seed)) != ("turn", "C2")


def test_it_ends_the_last_tour_when_ahead_and_plays_on_when_behind() -> None:
    up = {"A2": "QD", "B2": "KD", "C3": "7C", "A4": "9S"}
    ahead = position(up, ["B2", "C3"], turn=1, scores=(5, 3), vote=(1, [1]))
    assert tactical("klotho", ahead, 0, random.Random(0)) == ("vote", "yes")
    behind = position(up, ["B2", "C3"], turn=1, scores=(3, 5), vote=(1, [1]))
    assert tactical("klotho", behind, 0, random.Random(0)) == ("vote", "no")
