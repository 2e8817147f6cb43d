"""Klotho's optional rules from the source text: who competes after a full tie,
a shared victory instead of extra tours, and points that count only when claimed.

«При полном равенстве показателей можно (по предварительному уговору) провести
дополнительный (решающий) розыгрыш …» and «ни зачетное очко, ни половинку победы
игрок не получит автоматически … должен обратить внимание партнеров».
"""

from __future__ import annotations

from typing import Any

from games import NotYourTurn
from games.core.protocol import Window
from games.klotho.actions import CLAIM_SECONDS
from games.klotho.rules import geometry
from games.klotho.state import Claim, KlothoState
from tests.games.test_klotho_scenarios import (
    BOARD,
    GAME,
    TRIPLET_BOARD,
    events,
    kinds,
    last_tour,
    make_state,
    play,
    refusal,
)

# -- extra tours: only the tied compete -----------------------------------------


def three_player_last_tour(
    scores: list[int], halves: list[int], tour: int = 3, **fields: Any
) -> KlothoState:
    """The last face-down card (C1) of ``tour`` (3 agreed) of a 3-player game,
    turned by seat 0 scoring nothing."""
    board = "6S 7H ~8S 9D 10S JD QS KD AS 6H 7D 8H 9S 10H JS QH"
    chips = {0: "C2", 1: "A4", 2: "D3"}
    return make_state(
        board, chips, seats=3, tours=3, tour=tour, scores=scores, halves=halves, **fields
    )


def test_only_the_tied_seats_go_into_the_extra_tour() -> None:
    # Two tied at 5, the third at 4: the extra tour is for seats 0 and 1.
    extra = play(three_player_last_tour([5, 5, 4], [0, 0, 0]), "turn", "C1")
    assert extra.tour == 4 and not GAME.is_over(extra)
    assert extra.contenders == [0, 1]
    assert events(extra, "tour_start")[0]["contenders"] == [0, 1]
    assert GAME.view(extra, None)["contenders"] == [0, 1]


def test_a_seat_that_was_not_tied_cannot_win_an_extra_tour() -> None:
    # The audit's case: two tied at 5, the third reaches 6 in the extra tour.
    state = three_player_last_tour([5, 5, 6], [0, 0, 0], tour=4, contenders=[0, 1])
    still = play(state, "turn", "C1")
    assert not GAME.is_over(still) and still.tour == 5 and still.contenders == [0, 1]
    decided = play(three_player_last_tour([6, 5, 9], [0, 0, 0], tour=4, contenders=[0, 1]),
                   "turn", "C1")  # fmt: skip
    assert decided.winners == [0]


def test_a_half_victory_breaks_the_tie_among_the_contenders_only() -> None:
    state = three_player_last_tour([5, 5, 5], [0, 1, 1], tour=4, contenders=[0, 1])
    assert play(state, "turn", "C1").winners == [1]


def test_three_tied_narrow_down_to_those_still_tied() -> None:
    extra = play(three_player_last_tour([5, 5, 5], [0, 0, 0]), "turn", "C1")
    assert extra.contenders == [0, 1, 2]
    later = three_player_last_tour([7, 7, 6], [0, 0, 0], tour=4, contenders=[0, 1, 2])
    assert play(later, "turn", "C1").contenders == [0, 1]


def test_a_second_half_of_a_seat_out_of_the_running_wins_nothing() -> None:
    state = make_state(TRIPLET_BOARD, {0: "C2", 1: "B1"}, tour=3, tours=2, halves=[0, 1],
                       contenders=[0])  # fmt: skip
    state.up[geometry(2).index["C2"]] = True
    chosen = play(play(state, "turn", "C1"), "triplet", "half")
    assert chosen.halves == [0, 2] and not GAME.is_over(chosen)
    # A contender's second half still wins at once.
    state.contenders = [1]
    assert play(play(state, "turn", "C1"), "triplet", "half").winners == [1]


# -- a shared victory instead of extra tours ------------------------------------


def test_the_full_tie_option_defaults_to_extra_tours() -> None:
    assert GAME.new_game(2, None, seed=1).full_tie == "extra"
    assert GAME.new_game(2, {"full_tie": "shared"}, seed=1).full_tie == "shared"


def test_a_full_tie_shares_the_victory_when_agreed() -> None:
    over = play(last_tour([4, 4], [0, 0]), "turn", "C1")
    assert not GAME.is_over(over)  # the default: an extra tour
    state = last_tour([4, 4], [0, 0])
    state.full_tie = "shared"
    shared = play(state, "turn", "C1")
    assert GAME.is_over(shared) and shared.winners == [0, 1]
    assert GAME.result(shared)["winners"] == [0, 1]
    # A half victory still decides first.
    state.halves = [0, 1]
    assert play(state, "turn", "C1").winners == [1]


def test_a_shared_victory_goes_only_to_the_tied_leaders() -> None:
    state = three_player_last_tour([5, 5, 4], [0, 0, 0], full_tie="shared")
    assert play(state, "turn", "C1").winners == [0, 1]


# -- points that must be claimed -------------------------------------------------


def claim_state(**fields: Any) -> KlothoState:
    """Seat 0 on B2 turns C1, completing A1-B1-C1 (6S 7S 8S, suit + sequence)
    for seat 1 on B1, with points to be claimed."""
    state = make_state(BOARD, {0: "B2", 1: "B1"}, scoring="claim", **fields)
    state.up[geometry(2).index["B2"]] = True
    return state


def test_scoring_defaults_to_automatic_and_claiming_is_an_option() -> None:
    assert GAME.new_game(2, None, seed=1).scoring == "auto"
    assert GAME.new_game(3, {"scoring": "claim"}, seed=1).scoring == "claim"
    assert GAME.window(GAME.new_game(2, None, seed=1)) is None


def test_a_turning_opens_a_window_instead_of_scoring() -> None:
    new = play(claim_state(), "turn", "C1")
    assert new.scores == [0, 0]
    assert kinds(new) == ["turn", "claims_open"]
    assert events(new, "claims_open")[0]["seconds"] == CLAIM_SECONDS
    assert GAME.window(new) == Window(CLAIM_SECONDS, 0, ("lapse",))
    assert GAME.to_move(new) == [1]
    assert GAME.legal_actions(new, 1) == [("claim",)]
    assert GAME.legal_actions(new, 0) == []
    assert GAME.shared_actions(new) == [("claim",)]
    assert new.turn == 0  # the turn passes on once the window closes
    view = GAME.view(new, None)
    # Who may claim is for the players to notice: the view only shows the window.
    assert view["claim_window"] is True and view["triplet"] is None
    assert "claims" not in view and GAME.menu_grid(new) is None


def test_a_claim_in_time_scores() -> None:
    claimed = play(play(claim_state(), "turn", "C1"), "claim", seat=1)
    assert claimed.scores == [0, 2]
    assert kinds(claimed) == ["claim", "score"]
    assert events(claimed, "score")[0]["cells"] == ["A1", "B1", "C1"]
    assert GAME.window(claimed) is None and claimed.turn == 1


def test_an_unclaimed_combination_is_lost_when_the_window_closes() -> None:
    new = play(claim_state(), "turn", "C1")
    closed = GAME.apply(new, 0, ["lapse"])
    assert closed.scores == [0, 0] and closed.turn == 1
    assert events(closed, "missed") == [
        {
            "kind": "missed",
            "seat": 1,
            "points": 2,
            "kinds": ["suit", "sequence"],
            "cells": ["A1", "B1", "C1"],
            "triplet": False,
        }
    ]
    assert GAME.window(closed) is None


def test_only_a_seat_with_a_combination_may_claim_and_only_the_window_closes_it() -> None:
    new = play(claim_state(), "turn", "C1")
    assert refusal(new, 0, ["claim"]).code == "klotho-nothing-to-claim"
    assert isinstance(refusal(new, 1, ["lapse"]), NotYourTurn)
    assert refusal(new, 1, ["claim", "x"]).code == "klotho-bad-arity"
    assert refusal(new, 1, ["move", "A2"]).code == "klotho-claims-open"
    assert refusal(new, 1, ["propose"]).code == "klotho-claims-open"
    after = play(new, "claim", seat=1)
    assert refusal(after, 1, ["lapse"]).code == "klotho-no-claims"
    assert refusal(after, 1, ["claim"]).code == "klotho-nothing-to-claim"


def test_a_claimed_triplet_is_chosen_after_the_window() -> None:
    state = make_state(TRIPLET_BOARD, {0: "C2", 1: "B1"}, scoring="claim")
    state.up[geometry(2).index["C2"]] = True
    new = play(state, "turn", "C1")
    assert new.claims == [Claim(1, 0, [], ["A1", "B1", "C1"], True)]
    claimed = play(new, "claim", seat=1)
    assert kinds(claimed) == ["claim", "triplet"]
    assert GAME.to_move(claimed) == [1]
    assert GAME.legal_actions(claimed, 1) == [("triplet", "point"), ("triplet", "half")]
    assert play(claimed, "triplet", "half").halves == [0, 1]
    missed = GAME.apply(new, 0, ["lapse"])
    assert missed.pending == [] and missed.halves == [0, 0] and missed.turn == 1
    assert events(missed, "missed")[0]["triplet"] is True


def two_claims() -> KlothoState:
    """Three players, points to be claimed; seat 0 on B2 is to turn C1 (8S), which
    completes A1-B1-C1 (6S 7S 8S: suit + sequence) for seat 1 on B1 and
    C1-C2-C3 (8S JS KS: suit) for seat 2 on C2."""
    board = """
    6S 7S ~8S 9S
    JH ~QC JS ~AC
    6H ~10C KS ~QD
    ~9H ~7C ~8C ~10D
    """
    chips = {0: "B2", 1: "B1", 2: "C2"}
    state = make_state(board, chips, seats=3, scoring="claim", dealer=0)
    state.up[geometry(3).index["B2"]] = True
    return state


def test_each_seat_claims_its_own_lines_and_the_last_claim_closes_the_window() -> None:
    new = play(two_claims(), "turn", "C1")
    assert GAME.to_move(new) == [1, 2]
    first = play(new, "claim", seat=2)
    assert first.scores == [0, 0, 1] and GAME.to_move(first) == [1]
    assert GAME.window(first) is not None and first.turn == 0
    second = play(first, "claim", seat=1)
    assert second.scores == [0, 2, 1] and GAME.window(second) is None and second.turn == 1


def test_claims_and_contenders_survive_json() -> None:
    window = play(two_claims(), "turn", "C1")
    extra = play(three_player_last_tour([5, 5, 4], [0, 0, 0]), "turn", "C1")
    for state in (window, extra):
        assert GAME.loads(GAME.dumps(state)) == state
