"""Klotho scenarios on built positions: scoring, triplets, tours, votes, skips, game end."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import GameOver, IllegalAction, NotYourTurn
from games.core.cards import RANKS_36, make_deck
from games.klotho.game import KlothoGame
from games.klotho.rules import geometry
from games.klotho.state import KlothoState, Triplet, Vote

GAME = KlothoGame()


def make_state(
    board: str,
    chips: dict[int, str] | None = None,
    *,
    seats: int = 2,
    phase: str = "main",
    turn: int | None = 0,
    stock: list[str] | None = None,
    **fields: Any,
) -> KlothoState:
    """A position for a test.

    ``board`` lists the field row by row; a card written ``~QS`` lies face down.
    ``chips`` maps seats to cells. The stock is every other card of the deck
    unless given. Tour 1 of ``seats`` tours, dealt by seat ``seats - 1``
    unless the fields say otherwise.
    """
    tokens = board.split()
    geo = geometry(seats)
    assert len(tokens) == len(geo.names), f"{len(tokens)} cards for a {geo.rows}×{geo.cols} field"
    cards = [token.lstrip("~") for token in tokens]
    up = [not token.startswith("~") for token in tokens]
    placed: list[int | None] = [None] * seats
    for seat, cell in (chips or {}).items():
        placed[seat] = geo.index[cell]
    rest = [card for card in make_deck(RANKS_36) if card not in cards]
    return KlothoState(
        seats=seats,
        tours=fields.pop("tours", seats),
        rng=fields.pop("rng", 12345),
        tour=fields.pop("tour", 1),
        dealer=fields.pop("dealer", seats - 1),
        phase=phase,
        turn=turn,
        cards=cards,
        up=up,
        chips=placed,
        stock=rest if stock is None else stock,
        discard=fields.pop("discard", []),
        scores=fields.pop("scores", [0] * seats),
        halves=fields.pop("halves", [0] * seats),
        cooldown=fields.pop("cooldown", [0] * seats),
        **fields,
    )


def play(state: KlothoState, *action: Any, seat: int | None = None) -> KlothoState:
    """Apply ``action`` for ``seat`` (the first seat to move by default)."""
    actor = GAME.to_move(state)[0] if seat is None else seat
    return GAME.apply(state, actor, list(action))


def kinds(state: KlothoState) -> list[str]:
    return [event.kind for event in state.events]


def events(state: KlothoState, kind: str) -> list[dict[str, Any]]:
    """The public form of the last action's events of one kind."""
    return [e for e in GAME.view(state, None)["events"] if e["kind"] == kind]


def refusal(state: KlothoState, seat: int, action: Any) -> IllegalAction:
    """Assert ``action`` is refused and changes nothing; return the error."""
    before = GAME.dumps(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    assert GAME.dumps(state) == before
    return info.value


# A 4×4 field used by many tests: row 1 is a run of spades with C1 still face
# down; five cards are face up.
#     A    B    C    D
# 1   6S   7S  ~8S   9S
# 2   JH  ~QC  ~KD  ~AC
# 3   6H  ~10C ~JC  ~QD
# 4   ~9H ~7C  ~8C  ~10D
BOARD = """
6S 7S ~8S 9S
JH ~QC ~KD ~AC
6H ~10C ~JC ~QD
~9H ~7C ~8C ~10D
"""


# -- scoring ------------------------------------------------------------------


def test_turning_completes_a_line_for_the_middle_chip() -> None:
    # C1 turned: A1-B1-C1 is 6S 7S 8S (suit + sequence) with seat 1 on B1.
    state = make_state(BOARD, {0: "B2", 1: "B1"}, stock=["AS"])
    state.up[geometry(2).index["B2"]] = True
    new = play(state, "turn", "C1")
    assert new.scores == [0, 2]
    assert events(new, "score") == [
        {
            "kind": "score",
            "seat": 1,
            "points": 2,
            "kinds": ["suit", "sequence"],
            "cells": ["A1", "B1", "C1"],
        }
    ]
    # B1-C1-D1 (7S 8S 9S) is a combination too, but nobody stands on C1.
    assert len(events(new, "score")) == 1


def test_only_the_middle_chip_scores() -> None:
    # Seat 1 on A1, an end of A1-B1-C1: nothing; seat 0 turns C1 from B2.
    state = make_state(BOARD, {0: "B2", 1: "A1"})
    state.up[geometry(2).index["B2"]] = True
    new = play(state, "turn", "C1")
    assert new.scores == [0, 0]
    assert "score" not in kinds(new)


def test_a_line_with_no_chip_on_its_middle_scores_nothing() -> None:
    state = make_state(BOARD, {0: "B2", 1: "D4"})
    state.up[geometry(2).index["B2"]] = True
    state.up[geometry(2).index["D4"]] = True
    new = play(state, "turn", "C1")
    assert new.scores == [0, 0]


@pytest.mark.parametrize(
    ("left", "right", "points", "kinds_"),
    [
        ("JS", "KS", 2, ["suit", "figures"]),  # J-A-K of one suit
        ("QS", "KS", 2, ["suit", "figures"]),  # Q-A-K: A in the middle breaks the sequence
        ("KH", "QS", 1, ["figures"]),
        ("9S", "10S", 1, ["suit"]),
    ],
)
def test_points_per_ordinary_kind(left: str, right: str, points: int, kinds_: list[str]) -> None:
    # Seat 1 on B1 (AS); seat 0 turns C1 from C2.
    board = f"""
    {left} AS ~{right} 6D
    6C 7D ~8D 9D
    ~6H ~7H ~8H ~9H
    ~10H ~JH ~QH ~10C
    """
    state = make_state(board, {0: "C2", 1: "B1"})
    state.up[geometry(2).index["C2"]] = True
    new = play(state, "turn", "C1")
    assert new.scores == [0, points]
    assert [e["kinds"] for e in events(new, "score")] == [kinds_]


def test_q_k_a_of_one_suit_scores_three() -> None:
    board = """
    QH KH ~AH 6D
    6C 7D ~8D 9D
    ~6H ~7H ~8H ~9H
    ~10H ~JH ~QS ~10S
    """
    state = make_state(board, {0: "C2", 1: "B1"})
    state.up[geometry(2).index["C2"]] = True
    new = play(state, "turn", "C1")
    assert new.scores == [0, 3]
    assert events(new, "score")[0]["kinds"] == ["suit", "figures", "sequence"]


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        (("9C", "10D", "JH"), 1),  # rising sequence
        (("AD", "KC", "QH"), 2),  # falling sequence of figures
        (("KD", "AC", "6H"), 0),  # no wrap-around
        (("6D", "8C", "7H"), 0),  # not in order
        (("JD", "QC", "AH"), 1),  # figures, but a gap in the ranks
        (("6C", "9C", "10C"), 1),  # suit only
    ],
)
def test_vertical_lines_score_like_rows(cards: tuple[str, str, str], points: int) -> None:
    # Column A top to bottom: cards[0] on A1, cards[1] on A2 (seat 1), A3 turned.
    top, middle, bottom = cards
    board = f"""
    {top} ~6S ~7S ~8S
    {middle} ~9S ~10S ~JS
    ~{bottom} ~QS ~KS ~AS
    7D 8D 9D ~10H
    """
    state = make_state(board, {0: "A4", 1: "A2"})
    new = play(state, "turn", "A3")
    assert new.scores == [0, points]


DIAGONALS = """
6S ~9H 8H ~6C
~7D 7S ~8D ~8C
~6D ~9D ~8S ~JC
QC ~KC ~AC AD
"""


def test_diagonal_lines() -> None:
    # Seat 1 on B2; seat 0 turns C3 from D4: A1-B2-C3 is 6S 7S 8S.
    state = make_state(DIAGONALS, {0: "D4", 1: "B2"})
    new = play(state, "turn", "C3")
    assert new.scores == [0, 2]
    assert events(new, "score")[0]["cells"] == ["A1", "B2", "C3"]


def test_anti_diagonal_lines() -> None:
    # Seat 1 on B2; seat 0 turns A3 from A4: C1-B2-A3 is 8H 7S 6D, falling.
    state = make_state(DIAGONALS, {0: "A4", 1: "B2"})
    new = play(state, "turn", "A3")
    assert new.scores == [0, 1]
    assert events(new, "score")[0] == {
        "kind": "score",
        "seat": 1,
        "points": 1,
        "kinds": ["sequence"],
        "cells": ["C1", "B2", "A3"],
    }


def test_several_lines_at_once_for_several_seats() -> None:
    # Turning C1 completes A1-B1-C1 (seat 1 on B1: 8H 9H 10H, suit + sequence)
    # and C1-C2-C3 (seat 2 on C2: 10H JH QH, suit + sequence; J-Q are figures,
    # 10 is not); the diagonal from C1 runs off the field.
    board = """
    8H 9H ~10H ~6S
    ~6C ~7C JH ~7S
    ~8C ~9C QH ~8S
    ~10C ~JC ~QC ~9S
    """
    state = make_state(board, {0: "D1", 1: "B1", 2: "C2"}, seats=3, turn=0)
    state.up[geometry(3).index["D1"]] = True
    new = play(state, "turn", "C1")
    assert new.scores == [0, 2, 2]
    assert [(e["seat"], e["cells"]) for e in events(new, "score")] == [
        (1, ["A1", "B1", "C1"]),
        (2, ["C1", "C2", "C3"]),
    ]


def test_one_chip_in_the_middle_of_two_lines_scores_both() -> None:
    # Placement on B2: B2 is the middle of A2-B2-C2 and of B1-B2-B3.
    board = """
    ~6C 8D ~6S ~7S
    7H 8H 9H ~8S
    ~10C 8C ~QC ~9S
    ~JC ~KC ~AC ~10S
    """
    state = make_state(board, {}, phase="placement", turn=0, dealer=1)
    state.up[geometry(2).index["B2"]] = False
    new = play(state, "place", "B2")
    assert new.scores == [2, 0]  # suit + sequence across
    assert [e["cells"] for e in events(new, "score")] == [["A2", "B2", "C2"]]
    # …and a triplet of 8s down, which waits for its owner's choice.
    assert new.pending == [Triplet(0, ["B1", "B2", "B3"])]
    assert kinds(new) == ["place", "score", "triplet"]


def test_one_chip_scores_a_row_and_a_diagonal() -> None:
    # B2 (8H) is the middle of A2-B2-C2 (7H 8H 9H) and of A1-B2-C3 (7S 8H 9C).
    board = """
    ~7S ~6D ~6S ~7C
    7H ~8H 9H ~8S
    ~10C ~8C ~9C ~9S
    ~JC ~KC ~AC ~10S
    """
    state = make_state(board, {0: "A1", 1: "C3"}, turn=0)
    for cell in ("A1", "C3"):
        state.up[geometry(2).index[cell]] = True
    new = play(state, "turn", "B2")
    assert new.scores == [0, 0]  # turned, but nobody stands on B2
    placing = make_state(board, {1: "D4"}, phase="placement", turn=0, dealer=1)
    for cell in ("A1", "C3", "D4"):
        placing.up[geometry(2).index[cell]] = True
    placed = play(placing, "place", "B2")
    assert placed.scores == [3, 0]
    assert [e["cells"] for e in events(placed, "score")] == [
        ["A2", "B2", "C2"],
        ["A1", "B2", "C3"],
    ]


def test_placement_scores_for_the_chip_just_placed() -> None:
    board = """
    ~6C ~7D ~6S ~7S
    JS ~QS KS ~8S
    ~10C ~8C ~QC ~9S
    ~JC ~KC ~AC ~10S
    """
    state = make_state(board, {}, phase="placement", turn=0, dealer=1)
    new = play(state, "place", "B2")
    assert new.scores == [3, 0]
    assert new.chips == [geometry(2).index["B2"], None]
    assert new.turn == 1 and new.phase == "placement"
    assert kinds(new) == ["place", "score"]


def test_placement_turning_scores_for_another_middle_chip() -> None:
    # Seat 1 already stands on B1 (7S); seat 0 places on C1 and completes 6S 7S 8S.
    board = """
    6S 7S ~8S ~9D
    ~6C ~7D ~6D ~7C
    ~10C ~8C ~QC ~9S
    ~JC ~KC ~AC ~10S
    """
    state = make_state(board, {1: "B1"}, phase="placement", turn=0, dealer=0)
    new = play(state, "place", "C1")
    assert new.scores == [0, 2]


def test_moving_and_replacing_never_score() -> None:
    # A1-B1-C1 is 6S 7S 8S face up; seat 0 moves onto B1, its middle: nothing.
    board = """
    6S 7S 8S ~9D
    ~6C 10H ~6D ~7C
    ~10C ~8C ~QC ~9S
    ~JC ~KC ~AC ~10S
    """
    state = make_state(board, {0: "B2", 1: "D4"})
    state.up[geometry(2).index["D4"]] = True
    moved = play(state, "move", "B1")
    assert moved.scores == [0, 0]
    assert kinds(moved) == ["move"]
    assert events(moved, "move") == [
        {"kind": "move", "seat": 0, "cell": "B1", "from": "B2", "card": "7S"}
    ]
    # A replace lays a card face down: no turning, so no scoring.
    replaced = play(moved, "turn", "C3", seat=1)
    replaced = play(replaced, "replace", "B2", seat=0)
    assert replaced.scores == [0, 0]
    assert kinds(replaced) == ["replace"]


# -- triplets -----------------------------------------------------------------

TRIPLET_BOARD = """
9S 9H ~9D ~6C
~6D ~7C ~7D ~8C
~8D ~10C ~10D ~JC
~JD ~QC ~QD ~KC
"""


def triplet_state(**fields: Any) -> KlothoState:
    """Seat 1 on B1 (9H) between 9S and a face-down 9D that seat 0 (on C2) turns."""
    state = make_state(TRIPLET_BOARD, {0: "C2", 1: "B1"}, **fields)
    state.up[geometry(state.seats).index["C2"]] = True
    return state


def test_a_triplet_asks_the_middle_chip_to_choose() -> None:
    new = play(triplet_state(), "turn", "C1")
    assert kinds(new) == ["turn", "triplet"]
    assert events(new, "triplet") == [{"kind": "triplet", "seat": 1, "cells": ["A1", "B1", "C1"]}]
    assert GAME.to_move(new) == [1]
    assert GAME.legal_actions(new, 1) == [("triplet", "point"), ("triplet", "half")]
    assert GAME.legal_actions(new, 0) == []
    assert new.turn == 0  # the turn passes on only once the choice is made
    assert GAME.view(new, None)["triplet"] == 1
    assert new.scores == [0, 0]  # plain cards: no ordinary point


def test_nothing_else_happens_before_the_triplet_choice() -> None:
    new = play(triplet_state(), "turn", "C1")
    assert isinstance(refusal(new, 0, ["turn", "D1"]), NotYourTurn)
    assert GAME.shared_actions(new) == []
    assert refusal(new, 1, ["propose"]).code == "klotho-triplet-pending"
    assert refusal(new, 1, ["move", "A2"]).code == "klotho-triplet-pending"


def test_triplet_choice_point() -> None:
    chosen = play(play(triplet_state(), "turn", "C1"), "triplet", "point")
    assert chosen.scores == [0, 1] and chosen.halves == [0, 0]
    assert chosen.pending == []
    assert chosen.turn == 1
    assert events(chosen, "triplet_choice") == [
        {"kind": "triplet_choice", "seat": 1, "choice": "point", "cells": ["A1", "B1", "C1"]}
    ]


def test_triplet_choice_half() -> None:
    chosen = play(play(triplet_state(), "turn", "C1"), "triplet", "half")
    assert chosen.scores == [0, 0] and chosen.halves == [0, 1]
    assert kinds(chosen) == ["triplet_choice", "half_victory"]
    assert not GAME.is_over(chosen)


def test_a_second_half_victory_ends_the_game_at_once() -> None:
    # Seat 0 leads on points, and it is only tour 1 of 2: seat 1 still wins.
    state = triplet_state(halves=[0, 1], scores=[5, 0])
    over = play(play(state, "turn", "C1"), "triplet", "half")
    assert GAME.is_over(over)
    assert over.winners == [1]
    assert GAME.result(over) == {"scores": [5, 0], "winners": [1], "halves": [0, 2], "tours": 1}
    assert kinds(over) == ["triplet_choice", "half_victory", "game_end"]
    assert events(over, "game_end")[0]["reason"] == "half_victory"
    assert GAME.to_move(over) == []
    assert isinstance(refusal(over, 0, ["turn", "D1"]), GameOver)


def test_a_triplet_of_figures_also_scores_the_figures_point() -> None:
    board = TRIPLET_BOARD.replace("9S", "KS").replace("9H", "KH").replace("~9D", "~KD")
    board = board.replace("~KC", "~9C")
    state = make_state(board, {0: "C2", 1: "B1"})
    state.up[geometry(2).index["C2"]] = True
    new = play(state, "turn", "C1")
    assert new.scores == [0, 1]
    assert kinds(new) == ["turn", "score", "triplet"]
    assert events(new, "score")[0]["kinds"] == ["figures"]
    assert play(new, "triplet", "point").scores == [0, 2]


def test_the_chooser_may_be_the_seat_that_turned() -> None:
    # Seat 0 stands on B1 itself and turns C1 from there.
    state = make_state(TRIPLET_BOARD, {0: "B1", 1: "D4"})
    state.up[geometry(2).index["D4"]] = True
    new = play(state, "turn", "C1")
    assert GAME.to_move(new) == [0]
    assert GAME.legal_actions(new, 0) == [("triplet", "point"), ("triplet", "half")]
    assert play(new, "triplet", "point").turn == 1


FOUR_NINES = """
9S 9H ~9D 9C
~6D ~7C ~8D ~8C
~8H ~10C ~10D ~JC
~JD ~QC ~QD 7H
"""


def four_nines(**fields: Any) -> KlothoState:
    """The dealer, seat 0, places last, on C1 between B1 (seat 2) and D1 (seat 3)."""
    chips = {1: "A1", 2: "B1", 3: "D1"}
    return make_state(FOUR_NINES, chips, seats=4, phase="placement", turn=0, dealer=0, **fields)


def test_two_triplets_at_once_are_chosen_from_the_actor_on() -> None:
    # Four nines in a row: C1 completes A1-B1-C1 (middle B1, seat 2) and
    # B1-C1-D1 (middle C1, the chip just placed). Seat 0 placed: it chooses first.
    new = play(four_nines(), "place", "C1")
    assert new.pending == [Triplet(0, ["B1", "C1", "D1"]), Triplet(2, ["A1", "B1", "C1"])]
    assert [e["seat"] for e in events(new, "triplet")] == [0, 2]
    assert GAME.to_move(new) == [0]
    after_first = play(new, "triplet", "half")
    assert GAME.to_move(after_first) == [2]
    assert after_first.phase == "placement"
    after_second = play(after_first, "triplet", "point")
    assert after_second.pending == []
    assert (after_second.scores, after_second.halves) == ([0, 0, 1, 0], [1, 0, 0, 0])
    # The dealer placed last, so the main phase starts with seat 1.
    assert after_second.phase == "main" and after_second.turn == 1


def test_a_second_half_cuts_the_remaining_triplet_choices() -> None:
    new = play(four_nines(halves=[1, 0, 1, 0]), "place", "C1")
    over = play(new, "triplet", "half")
    assert over.winners == [0] and over.pending == []
    assert GAME.to_move(over) == []


def test_forged_lines_with_repeated_cards_are_judged_by_their_cards() -> None:
    # Five nines, which one deck cannot hold: C1 ends A1-B1-C1 (seat 2 on B1)
    # and C1-C2-C3 (seat 1 on C2); seat 0 turns, and seat 1 comes next after it.
    board = """
    9S 9H ~9D ~6C
    ~6D ~7C 9C ~8C
    ~8D ~10C 9H ~JC
    ~JD ~QC ~QD 7H
    """
    state = make_state(board, {0: "D2", 1: "C2", 2: "B1"}, seats=3)
    state.up[geometry(3).index["D2"]] = True
    new = play(state, "turn", "C1")
    assert [t.seat for t in new.pending] == [1, 2]
    after = play(play(new, "triplet", "half"), "triplet", "point")
    assert after.turn == 1
    assert (after.scores, after.halves) == ([0, 0, 1], [0, 1, 0])


# -- tours --------------------------------------------------------------------


def test_turning_the_last_card_ends_the_tour_and_deals_the_next() -> None:
    board = "6S 7H ~8S 9D 10S JD QS KD AS 6H 7D 8H 9S 10H JS QH"
    state = make_state(board, {0: "B1", 1: "B2"}, scores=[4, 1])
    new = play(state, "turn", "C1")
    assert kinds(new)[-2:] == ["tour_end", "tour_start"]
    assert events(new, "tour_end") == [
        {
            "kind": "tour_end",
            "seat": None,
            "tour": 1,
            "reason": "natural",
            "scores": [5, 1],
            "halves": [0, 0],
        }
    ]
    assert events(new, "tour_start")[0] == {
        "kind": "tour_start",
        "seat": None,
        "tour": 2,
        "dealer": 1,
        "order": [0, 1],
        "extra": False,
        "contenders": [],
    }
    assert new.tour == 2 and new.dealer == 1 and new.turn == 0
    assert new.phase == "placement" and new.chips == [None, None]
    assert not any(new.up) and len(new.stock) == 20 and new.discard == []
    assert new.scores == [5, 1]  # 6S 7H 8S, a sequence, for seat 0 on B1
    assert new.last is None


def test_a_tour_ends_only_after_the_pending_triplet_choice() -> None:
    board = "9S 9H ~9D 6C 6D 7C 7D 8C 8D 10C 10D JC JD QC QD KC"
    state = make_state(board, {0: "C2", 1: "B1"})
    new = play(state, "turn", "C1")
    assert new.tour == 1 and "tour_end" not in kinds(new)
    after = play(new, "triplet", "point")
    assert kinds(after) == ["triplet_choice", "tour_end", "tour_start"]
    assert after.tour == 2


def test_dealer_rotation_and_turn_order_over_tours() -> None:
    state = GAME.new_game(3, {"rounds": 2}, seed=3)
    seen = []
    for _ in range(6):
        seen.append((state.tour, state.dealer, state.turn))
        state = end_tour_by_vote(state)
    assert seen == [(1, 0, 1), (2, 1, 2), (3, 2, 0), (4, 0, 1), (5, 1, 2), (6, 2, 0)]


def end_tour_by_vote(state: KlothoState) -> KlothoState:
    """Place every chip (taking points for triplets), then end the tour by a unanimous vote."""
    while state.phase == "placement":
        state = play(state, *GAME.legal_actions(state, GAME.to_move(state)[0])[0])
    state = play(state, "propose", seat=0)
    for seat in range(1, state.seats):
        state = play(state, "vote", "yes", seat=seat)
    return state


def test_placement_goes_in_order_then_the_main_phase_starts_with_the_first() -> None:
    state = GAME.new_game(3, None, seed=5)
    assert (state.dealer, state.turn) == (0, 1)
    order = []
    for cell in ("A1", "D4", "B3"):
        order.append(state.turn)
        state = play(state, "place", cell)
        while state.pending:
            state = play(state, "triplet", "point")
    assert order == [1, 2, 0]
    assert state.phase == "main" and state.turn == 1
    assert [state.up[geometry(3).index[c]] for c in ("A1", "D4", "B3")] == [True] * 3
    assert sum(state.up) == 3


# -- the end of the game ------------------------------------------------------


def last_tour(scores: list[int], halves: list[int], tour: int = 2) -> KlothoState:
    """The last face-down card of ``tour`` (2 agreed), turned by seat 0 scoring nothing."""
    board = "6S 7H ~8S 9D 10S JD QS KD AS 6H 7D 8H 9S 10H JS QH"
    return make_state(board, {0: "C2", 1: "A4"}, tour=tour, tours=2, scores=scores, halves=halves)


def test_most_points_win_after_the_agreed_tours() -> None:
    over = play(last_tour([3, 5], [1, 0]), "turn", "C1")
    assert GAME.is_over(over)
    assert GAME.result(over) == {"scores": [3, 5], "winners": [1], "halves": [1, 0], "tours": 2}
    assert kinds(over) == ["turn", "tour_end", "game_end"]
    assert events(over, "game_end")[0]["reason"] == "tours"


def test_a_tie_is_broken_by_a_half_victory() -> None:
    over = play(last_tour([4, 4], [0, 1]), "turn", "C1")
    assert over.winners == [1]


def test_a_tie_without_a_half_victory_means_an_extra_tour_for_everyone() -> None:
    extra = play(last_tour([4, 4], [0, 0]), "turn", "C1")
    assert not GAME.is_over(extra)
    assert extra.tour == 3 and extra.tours == 2 and extra.dealer == 0
    assert events(extra, "tour_start")[0]["extra"] is True
    assert GAME.view(extra, None)["tour"] == 3
    assert GAME.result(extra)["tours"] == 2


def test_a_tie_with_a_half_victory_each_also_means_an_extra_tour() -> None:
    extra = play(last_tour([4, 4], [1, 1]), "turn", "C1")
    assert not GAME.is_over(extra) and extra.tour == 3


def test_an_extra_tour_is_checked_again() -> None:
    still = play(last_tour([2, 2], [0, 0], tour=3), "turn", "C1")
    assert still.tour == 4 and still.dealer == 1
    decided = play(last_tour([2, 3], [0, 0], tour=3), "turn", "C1")
    assert decided.winners == [1]
    assert GAME.result(decided)["tours"] == 3


def test_a_leader_without_a_half_beats_a_trailer_with_one() -> None:
    over = play(last_tour([5, 4], [0, 1]), "turn", "C1")
    assert over.winners == [0]


# -- votes --------------------------------------------------------------------

VOTE_BOARD = """
6S ~7H ~8S ~9D
~10S ~JD ~QS ~KD
~AS ~6H ~7D ~8H
~9S ~10H ~JS ~QH
"""


def vote_state(seats: int = 3, **fields: Any) -> KlothoState:
    """Main phase; seat 0 to move on A1; the others on face-down-free corners."""
    chips = {0: "A1", 1: "D4", 2: "D1"} if seats == 3 else {0: "A1", 1: "D4"}
    state = make_state(VOTE_BOARD, chips, seats=seats, **fields)
    for cell in chips.values():
        state.up[geometry(seats).index[cell]] = True
    return state


def test_any_seat_may_propose_and_votes_yes_itself() -> None:
    state = vote_state()
    assert GAME.shared_actions(state) == [("propose",)]
    assert ("propose",) in GAME.legal_actions(state, 2)
    assert GAME.to_move(state) == [0]
    proposed = play(state, "propose", seat=2)  # out of turn
    assert proposed.vote == Vote(2, [2])
    assert GAME.to_move(proposed) == [0, 1]
    assert GAME.legal_actions(proposed, 1) == [("vote", "yes"), ("vote", "no")]
    assert GAME.legal_actions(proposed, 2) == []
    assert ("vote", "yes") in GAME.legal_actions(proposed, 0)
    assert ("turn", "B1") in GAME.legal_actions(proposed, 0)
    assert GAME.shared_actions(proposed) == [("vote", "yes"), ("vote", "no")]
    assert GAME.view(proposed, None)["vote"] == {"proposer": 2, "yes": [2], "voters": [0, 1, 2]}
    assert events(proposed, "propose") == [{"kind": "propose", "seat": 2}]


def test_all_yes_ends_the_tour() -> None:
    state = play(vote_state(), "propose", seat=0)
    state = play(state, "vote", "yes", seat=2)
    assert state.vote == Vote(0, [0, 2]) and state.tour == 1
    ended = play(state, "vote", "yes", seat=1)
    assert kinds(ended) == ["vote", "tour_end", "tour_start"]
    assert events(ended, "tour_end")[0]["reason"] == "vote"
    assert ended.tour == 2 and ended.vote is None


def test_a_no_fails_the_vote_and_sets_the_proposers_cooldown() -> None:
    state = play(vote_state(), "propose", seat=1)
    failed = play(state, "vote", "no", seat=2)
    assert failed.vote is None
    assert failed.cooldown == [0, 3, 0]
    assert kinds(failed) == ["vote", "vote_failed"]
    assert events(failed, "vote") == [{"kind": "vote", "seat": 2, "vote": "no"}]
    assert GAME.to_move(failed) == [0]
    # No proposal while cooling down; the others still may.
    assert refusal(failed, 1, ["propose"]).code == "klotho-cooldown"
    assert ("propose",) not in GAME.legal_actions(failed, 1)
    assert ("propose",) in GAME.legal_actions(failed, 2)
    # Every move by anyone counts down.
    state = play(failed, "turn", "B1")
    assert state.cooldown == [0, 2, 0]
    state = play(state, "turn", "C4")
    state = play(state, "turn", "C1")
    assert state.cooldown == [0, 0, 0]
    assert ("propose",) in GAME.legal_actions(state, 1)


def test_a_move_by_the_seat_to_move_cancels_the_vote_without_cooldown() -> None:
    state = play(vote_state(), "propose", seat=1)
    moved = play(state, "turn", "B2", seat=0)
    assert moved.vote is None
    assert kinds(moved) == ["turn", "vote_cancelled"]
    assert moved.cooldown == [0, 0, 0]
    assert GAME.to_move(moved) == [1]


def test_double_votes_are_refused() -> None:
    state = play(vote_state(), "propose", seat=1)
    assert refusal(state, 1, ["vote", "yes"]).code == "klotho-already-voted"
    state = play(state, "vote", "yes", seat=0)
    assert refusal(state, 0, ["vote", "no"]).code == "klotho-already-voted"


def test_no_proposal_while_a_vote_is_open_or_during_placement() -> None:
    state = play(vote_state(), "propose", seat=1)
    assert refusal(state, 0, ["propose"]).code == "klotho-vote-open"
    placing = make_state(VOTE_BOARD, {}, seats=3, phase="placement", turn=0)
    assert GAME.shared_actions(placing) == []
    assert refusal(placing, 0, ["propose"]).code == "klotho-vote-placement"


def test_votes_without_a_vote_are_refused() -> None:
    assert refusal(vote_state(), 0, ["vote", "yes"]).code == "klotho-no-vote"


def test_a_seat_not_to_move_may_only_propose() -> None:
    state = vote_state()
    assert GAME.legal_actions(state, 1) == [("propose",)]
    assert isinstance(refusal(state, 1, ["turn", "C4"]), NotYourTurn)
    assert isinstance(refusal(state, 1, ["vote", "yes"]), IllegalAction)


def test_a_voter_may_not_move_out_of_turn() -> None:
    state = play(vote_state(), "propose", seat=0)
    assert isinstance(refusal(state, 1, ["turn", "C4"]), NotYourTurn)


# -- skipped turns ------------------------------------------------------------


def test_a_boxed_in_seat_is_skipped() -> None:
    # Seat 1 on A1 has chips on A2, B1 and B2 all round it.
    board = """
    6S 7H 8S ~9D
    10S JD ~6D ~KD
    ~AS ~6H ~7D ~8H
    ~9S ~10H ~JS ~QH
    """
    chips = {0: "B1", 1: "A1", 2: "A2", 3: "B2"}
    state = make_state(board, chips, seats=4, turn=0)
    new = play(state, "turn", "C2")
    assert kinds(new) == ["turn", "skip"]
    assert events(new, "skip") == [{"kind": "skip", "seat": 1}]
    assert new.turn == 2


def test_the_first_main_turn_may_be_skipped() -> None:
    board = """
    ~6S ~7H ~8S ~9D
    ~10S ~JD ~QS ~KD
    ~AS ~6H ~7D ~8H
    ~9S ~10H ~JS ~QH
    """
    # The dealer (seat 3) places last, on B1; seat 0 (first in order) is boxed in on A1.
    state = make_state(board, {0: "A1", 1: "A2", 2: "B2"}, seats=4, phase="placement", turn=3)
    for cell in ("A1", "A2", "B2"):
        state.up[geometry(4).index[cell]] = True
    new = play(state, "place", "B1")
    while new.pending:
        new = play(new, "triplet", "point")
    assert new.phase == "main"
    assert events(new, "skip") == [{"kind": "skip", "seat": 0}]
    assert new.turn == 1


def test_a_boxed_in_seat_on_the_five_player_field() -> None:
    # 4 rows × 5 columns: seat 1 on A1 is boxed in by seats 2, 3 and 4; those
    # three can still act, so only seat 1 is skipped.
    board = """
    6S 7H 8S ~QC ~6C
    10S JD ~QS ~KD ~7C
    ~AS ~6H ~7D ~8H ~8C
    ~9S ~10H ~JS ~QH ~9C
    """
    chips = {0: "C1", 1: "A1", 2: "B1", 3: "A2", 4: "B2"}
    state = make_state(board, chips, seats=5, turn=0)
    new = play(state, "turn", "D1")
    assert kinds(new) == ["turn", "skip"]
    assert new.turn == 2


# -- replacing ----------------------------------------------------------------


def test_replace_swaps_in_the_stock_top_unseen() -> None:
    board = """
    6S 9H ~8S ~9D
    ~10S ~JD ~QS ~KD
    ~AS ~6H ~7D ~8H
    ~9S ~10H ~JS ~QH
    """
    state = make_state(board, {0: "A1", 1: "D4"}, stock=["7C", "AC"])
    state.up[geometry(2).index["D4"]] = True
    new = play(state, "replace", "B1")
    b1 = geometry(2).index["B1"]
    assert new.cards[b1] == "AC" and not new.up[b1]
    assert new.stock == ["7C"] and new.discard == ["9H"]
    assert new.turn == 1
    assert events(new, "replace") == [{"kind": "replace", "seat": 0, "cell": "B1"}]
    view = GAME.view(new, None)
    text = json.dumps(view)
    assert "AC" not in text and "9H" not in text and "7C" not in text
    assert view["last"] == {"cell": "B1", "seat": 0, "kind": "replace"}
    assert (view["stock"], view["discard"]) == (1, 1)
    assert view["cells"][b1] == {"cell": "B1", "card": None, "chip": None}
