"""Klac!'s computer player: its fast model agrees with the engine, and it
makes the clear plays in built positions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games import ai
from games.ai.klac import GAME
from games.ai.klac.lookahead import Table, rate, rate_plays
from games.ai.klac.model import (
    BIT,
    SCORE,
    Round,
    from_state,
    play_of,
    plays,
    row_mask,
    value_of,
)
from games.ai.klac.policy import POLICY, Policy
from games.ai.klac.search import match_chances
from games.klac.cards import make_deck
from games.klac.state import KlacState, Row
from tests.games.puzzles.klac_proofs import position as proof_position


def model_of(state: KlacState) -> Round:
    """The real state (every card known) in the model's terms."""
    assert state.turn is not None
    return Round(
        [row_mask(row) for row in state.rows],
        [[value_of(c) for c in hand] for hand in state.hands],
        [value_of(c) for c in state.deck],
        state.turn,
    )


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_model_plays_as_the_engine(seats: int) -> None:
    rnd = random.Random(seats)
    checked = 0
    for seed in range(3):
        state = GAME.new_game(seats, {"target": 50}, seed)
        while not state.over:
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_actions(state, seat)
            model = model_of(state)
            hand = model.hands[seat]
            expected = {
                (card, t, x, new)
                for card in set(hand)
                for t in range(seats)
                for x, new in plays(card, model.masks[t])
            }
            assert len(expected) == len(legal)
            for action in rnd.sample(legal, min(4, len(legal))):
                after = GAME.apply(state, seat, action)
                card, target, _, new = play = play_of(state, action)
                assert play in expected
                copy = model.copy()
                copy.play(card, target, new)
                ended = after.round != state.round or after.over
                assert copy.over == ended
                if not ended:
                    assert copy.masks == [row_mask(row) for row in after.rows]
                    assert [sorted(h) for h in copy.hands] == [
                        sorted(value_of(c) for c in h) for h in after.hands
                    ]
                    assert copy.deck == [value_of(c) for c in after.deck]
                    assert copy.turn == after.turn
                else:
                    summary = after.last_round
                    assert summary is not None
                    assert copy.scores() == summary.scores
                checked += 1
            state = GAME.apply(state, seat, rnd.choice(legal))
    assert checked > 100


def test_the_policy_orders_raises_and_finds_the_best_cut() -> None:
    # B15 O14 G3 on a row: a new B4 stack raises most, B1 on B15 cuts most.
    mask = BIT[15] | BIT[14] | BIT[3]
    raises, _ = POLICY.options(4, mask)
    assert raises == ((0, mask | BIT[4]), (15, (mask & ~BIT[15]) | BIT[4]))
    _, cut = POLICY.options(1, mask)
    assert cut == (15, (mask & ~BIT[15]) | BIT[1])
    assert SCORE[mask] == 32 and SCORE[cut[1]] == 18


def test_a_wary_player_sees_the_sixth_stack_coming() -> None:
    # Seat 0's row lacks green: a fifth stack there lets seat 1 end the round
    # with a sixth at once, and seat 0 would score nothing.
    rows = [BIT[15] | BIT[14] | BIT[12] | BIT[10], BIT[1] | BIT[2] | BIT[3]]
    hands = [[8], [5]]
    naive = POLICY.best_play(Round(list(rows), [list(h) for h in hands], [1, 1], 0))
    wary = Policy(wary=True).best_play(Round(list(rows), [list(h) for h in hands], [1, 1], 0))
    assert naive == (8, 0, 0, rows[0] | BIT[8])
    assert wary == (8, 0, 12, (rows[0] & ~BIT[12]) | BIT[8])


def position(
    hands: list[list[str]], rows: list[Row], totals: list[int] | None = None, target: int = 100
) -> KlacState:
    """A built position, seat 0 to move; the rest of the 90 cards is the deck."""
    used = Counter(c for hand in hands for c in hand)
    used.update(c for row in rows for stack in row for c in stack)
    deck = list((Counter(make_deck()) - used).elements())
    random.Random(0).shuffle(deck)
    return KlacState(
        seats=len(hands),
        target=target,
        rng=1,
        round=1,
        first=0,
        turn=0,
        deck=deck,
        hands=hands,
        rows=rows,
        totals=totals or [0] * len(hands),
    )


@pytest.mark.parametrize("level", ai.LEVELS)
def test_it_ends_the_round_when_far_ahead(level: str) -> None:
    mine: Row = [["B15"], ["O14"], ["G13"], ["B12"], ["G11"]]
    theirs: Row = [["B1"], ["O2"], ["G3"], ["B4"]]
    state = position([["B8", "O9", "G7"], ["O5", "G6", "B1"]], [mine, theirs])
    assert all(ai.choose("klac", state, 0, level, seed) == ("extend", "O9", 0) for seed in range(2))


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_it_cuts_the_big_top_of_a_leader(level: str) -> None:
    mine: Row = [["B1"], ["O2"], ["G3"]]
    theirs: Row = [["B15"], ["O14"], ["G13"]]
    state = position([["B4", "O5", "G6"], ["B1", "O2", "G3"]], [mine, theirs])
    assert ai.choose("klac", state, 0, level, 1) == ("cover", "B4", 1, 0)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_it_completes_its_colours(level: str) -> None:
    # Its row lacks green and is long: a green card there wins the round.
    mine: Row = [["B15"], ["O14"], ["B12"], ["O10"]]
    theirs: Row = [["B4"], ["O5"], ["G6"]]
    state = position([["G13", "B1", "O2"], ["B8", "O9", "G7"]], [mine, theirs])
    assert ai.choose("klac", state, 0, level, 1) == ("extend", "G13", 0)


def test_a_round_that_ends_the_match_counts_as_won_or_lost() -> None:
    chances = match_chances(0, [90, 95], 100)
    assert chances([15, 5]) == 1.0  # 105 to 100: won
    assert chances([0, 5]) == 0.0  # 90 to 100: lost
    assert chances([5, 0]) == 0.5  # 95 to 95: another round, even
    assert 0.0 < chances([0, 0]) < 0.5  # 90 to 95: behind, still playing


def test_the_rating_sees_the_sixth_stack_coming() -> None:
    # A fifth stack on its own row, still without green, lets the next
    # player end the round with a sixth while the row scores nothing.
    state = proof_position(
        [[["B15"], ["O14"], ["B12"], ["O10"]], [["B1"], ["O2"], ["G3"]]],
        [["B8", "O9", "O5"], ["B4", "O5", "G6"]],
        deck=["G7", "B1", "G11"],
    )
    masks, _, pool = from_state(state, 0)
    table = Table(0, state.totals, state.target, pool, [3, 3], len(state.deck))
    fifth = play_of(state, ("extend", "B8", 0))[3]
    cover = play_of(state, ("cover", "O9", 0, 3))[3]
    assert SCORE[fifth] == 0 and POLICY.potential[fifth] > POLICY.potential[cover]
    assert rate(table, [cover, masks[1]]) > rate(table, [fifth, masks[1]])


def test_at_three_seats_playouts_do_not_overturn_a_clear_rating() -> None:
    # Early in a round every playout costs 30 plays or more, so normal's
    # 3,000 make at most 100 playouts, each worth at most 1: a rating ahead
    # by 0.1 counts for more once a rating weighs 1,000 playouts.
    rnd = random.Random(3)
    checked = 0
    for seed in range(4):
        state = GAME.new_game(3, {"target": 50}, seed)
        while not state.over:
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_actions(state, seat)
            if len(state.deck) >= 30:
                known = ai.PLAYERS["klac"].canonical(state, seat)
                masks, _, pool = from_state(known, seat)
                sizes = [len(h) for h in known.hands]
                table = Table(seat, known.totals, known.target, pool, sizes, len(known.deck))
                ratings = rate_plays(table, masks, [play_of(known, a) for a in legal])
                top, second = sorted(ratings, reverse=True)[:2]
                if top - second > 0.1:
                    chosen = ai.choose("klac", state, seat, "normal", seed)
                    assert ratings[legal.index(chosen)] == top
                    checked += 1
            state = GAME.apply(state, seat, rnd.choice(legal))
    assert checked >= 10
