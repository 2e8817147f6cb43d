"""Krendzu scenarios on built positions: the exchange, placements, two-card moves,
scoring, skipped seats, tours and the match, views, menus, explanations, refusals."""

from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

import pytest

from games import GameError, GameOver, IllegalAction, MalformedAction, NotYourTurn
from games.core.cards import RANKS_36, make_deck
from games.core.menu import build_menu
from games.core.protocol import Choice
from games.krendzu.game import KrendzuGame
from games.krendzu.menus import ROW_SPLIT
from games.krendzu.rules import roles_of
from games.krendzu.state import KrendzuState
from tests.games import moves
from tests.games.krendzu_positions import make_state

GAME = KrendzuGame()


play = partial(moves.play, GAME)
refusal = partial(moves.refusal, GAME)


def kinds(state: KrendzuState) -> list[str]:
    return [event.kind for event in state.events]


def keys(menu_options: Any) -> list[str]:
    return [choice.key for choice in menu_options]


# -- the exchange -----------------------------------------------------------------


def test_two_players_exchange_defender_first_then_play() -> None:
    state = GAME.new_game(2, None, seed=5)
    assert (state.phase, state.turn) == ("announce", 1)  # the defender of tour 1
    assert GAME.legal_actions(state, 1) == [("announce", n) for n in range(4)]
    assert GAME.legal_actions(state, 0) == []
    state = play(state, "announce", 2)
    assert state.events[0].public == {"count": 2}
    assert (state.phase, state.turn) == ("announce", 0)
    state = play(state, "announce", 0)
    assert (state.phase, state.turn) == ("discard", 1)
    view = GAME.view(state, None)
    assert view["exchange"] == {"max": 3, "announced": [0, 2], "done": [True, False]}

    hand = list(state.hands[1])
    assert not GAME.continues(state, 1)
    assert GAME.legal_actions(state, 1) == [("toggle", card) for card in hand]
    state = play(state, "toggle", hand[3])
    assert GAME.continues(state, 1) and not GAME.continues(state, 0)
    state = play(state, "toggle", hand[0])
    assert state.marked[1] == [hand[0], hand[3]]
    # Two marked: only those can be unmarked, and the exchange is offered.
    assert GAME.legal_actions(state, 1) == [
        ("toggle", hand[0]),
        ("toggle", hand[3]),
        ("exchange",),
    ]
    assert refusal(state, ["toggle", hand[5]]).code == "krendzu-toggle-limit"
    state = play(state, "toggle", hand[0])
    assert state.marked[1] == [hand[3]]
    error = refusal(state, ["exchange"])
    assert error.code == "krendzu-exchange-count"
    assert error.params == {"marked": 1, "count": 2}
    state = play(state, "toggle", hand[7])
    aside = len(state.aside)
    state = play(state, "exchange")

    assert kinds(state) == ["exchange", "draw"]
    assert state.phase == "play" and state.turn == 1 and state.pos == 0
    assert len(state.hands[1]) == 12 and len(state.aside) == aside
    public = GAME.view(state, None)
    assert public["events"] == [
        {"kind": "exchange", "seat": 1, "count": 2},
        {"kind": "draw", "seat": 1, "count": 2},
    ]
    own = GAME.view(state, 1)["events"]
    assert own[0]["gave"] == [hand[3], hand[7]]
    assert len(own[1]["cards"]) == 2 and set(own[1]["cards"]) <= set(state.hands[1])
    assert GAME.view(state, 0)["events"] == public["events"]
    assert sorted(state.hands[1] + state.aside + state.hands[0]) == sorted(make_deck(RANKS_36))


@pytest.mark.parametrize(
    ("seats", "options", "order"),
    [
        (3, {}, [0, 1, 2]),
        (3, {"variant": "two_defenders"}, [1, 0, 2]),
        (4, {}, [1, 2, 3, 0]),
    ],
)
def test_announcements_follow_the_cycle_lone_player_once(
    seats: int, options: dict[str, Any], order: list[int]
) -> None:
    state = GAME.new_game(seats, options, seed=2)
    seen = []
    while state.phase == "announce":
        seen.append(state.turn)
        state = play(state, "announce", 1)
    assert seen == order
    discarding = []
    while state.phase == "discard":
        seat = state.turn
        assert seat is not None
        discarding.append(seat)
        state = play(state, "toggle", state.hands[seat][0])
        state = play(state, "exchange")
    assert discarding == order
    assert kinds(state) == ["exchange"] + ["draw"] * seats
    assert [e.seat for e in state.events[1:]] == order
    assert state.phase == "play" and state.turn == order[0]
    assert [len(h) for h in state.hands] == GAME.view(GAME.new_game(seats, options, 2), None)[
        "hand_sizes"
    ]


def test_announcing_zero_everywhere_skips_the_discard() -> None:
    state = GAME.new_game(2, {"exchange": 5}, seed=9)
    hands = [list(h) for h in state.hands]
    state = play(state, "announce", 0)
    state = play(state, "announce", 0)
    assert state.phase == "play" and state.turn == 1
    assert state.hands == hands and kinds(state) == ["announce"]
    assert GAME.view(state, None)["exchange"]["done"] == [True, True]


def test_no_exchange_option_starts_play_at_once() -> None:
    state = GAME.new_game(3, {"exchange": 0}, seed=9)
    assert state.phase == "play" and state.turn == 0
    assert GAME.view(state, None)["exchange"] == {
        "max": 0,
        "announced": [None, None, None],
        "done": [False, False, False],
    }
    assert refusal(state, ["announce", 0]).code == "krendzu-wrong-phase"


def test_announcement_limits() -> None:
    state = GAME.new_game(2, {"exchange": 5}, seed=1)
    assert GAME.legal_actions(state, 1)[-1] == ("announce", 5)
    error = refusal(state, ["announce", 6])
    assert error.code == "krendzu-bad-count" and error.params == {"count": 6, "max": 5}
    assert refusal(state, ["announce", -1]).code == "krendzu-bad-count"
    assert refusal(state, ["toggle", state.hands[1][0]]).code == "krendzu-wrong-phase"
    assert refusal(state, ["place", state.hands[1][0], 0, 0]).code == "krendzu-wrong-phase"
    # A hand smaller than the option caps the count.
    small = make_state(2, "", ("6S 7S", "8S"), phase="announce", exchange=5, turn=1)
    assert GAME.legal_actions(small, 1) == [("announce", 0), ("announce", 1)]


def test_marks_and_discards_stay_private() -> None:
    state = GAME.new_game(2, None, seed=4)
    state = play(state, "announce", 3)
    state = play(state, "announce", 3)
    first = list(state.hands[1][:3])
    for card in first:
        state = play(state, "toggle", card)
    assert GAME.view(state, 1)["marked"] == first
    assert GAME.view(state, 0)["marked"] == []
    assert "marked" not in GAME.view(state, None)
    text = json.dumps(GAME.view(state, None)) + json.dumps(GAME.view(state, 0))
    assert not any(f'"{card}"' in text for card in state.hands[1])
    state = play(state, "exchange")
    # Seat 1's discards wait, unseen, while seat 0 discards.
    assert (state.phase, state.turn) == ("discard", 0)
    assert state.discards[1] == first and len(state.hands[1]) == 9
    view = GAME.view(state, 0)
    assert view["hand_sizes"] == [10, 9]
    assert not any(card in json.dumps(view) for card in first)
    assert GAME.view(state, 1)["hand"] == state.hands[1]


def test_explain_and_continue_during_the_discard() -> None:
    state = GAME.new_game(2, None, seed=4)
    state = play(state, "announce", 1)
    state = play(state, "announce", 0)
    assert GAME.explain(state, 1, []) == []
    hand = state.hands[1]
    state = play(state, "toggle", hand[0])
    assert GAME.explain(state, 1, []) == [
        Choice(key=f"t{card}", msg="error-krendzu-toggle-limit", args={"card": card, "count": 1})
        for card in hand[1:]
    ]
    assert GAME.explain(state, 0, []) == []
    assert GAME.choice_path(state, 1, ("toggle", hand[0])) == [
        Choice(
            key=f"t{hand[0]}", msg="krendzu-choice-toggle", args={"card": hand[0], "marked": True}
        )
    ]
    assert GAME.choice_path(state, 1, ("exchange",)) == [
        Choice(key="x", msg="krendzu-choice-exchange", args={"count": 1})
    ]


# -- placements -----------------------------------------------------------------


def test_the_first_card_of_a_tour_goes_to_the_origin_and_alone() -> None:
    state = make_state(2, "", ("6S 7S", "8S 9S 10S"), turn=1)
    assert GAME.legal_actions(state, 1) == [("place", c, 0, 0) for c in ("8S", "9S", "10S")]
    assert refusal(state, ["place", "8S", 1, 0]).code == "krendzu-origin-first"
    assert refusal(state, ["first", "8S", 0, 0]).code == "krendzu-first-turn"
    assert refusal(state, ["pass"]).code == "krendzu-first-turn"
    state = play(state, "place", "9S", 0, 0)
    assert state.turn == 0 and state.moved == [False, True]
    assert GAME.view(state, None)["last"] == {
        "seat": 1,
        "kind": "place",
        "cells": [[0, 0]],
        "labels": ["B2"],
    }
    assert state.events[0].public == {"card": "9S", "x": 0, "y": 0, "cell": "B2"}


def test_a_card_must_touch_the_field_by_a_side() -> None:
    state = make_state(2, "QS KH", ("6S 7S", "8S 9S 10S"), turn=0)
    assert {(a[2], a[3]) for a in GAME.legal_actions(state, 0)} == {
        (0, -1),
        (1, -1),
        (-1, 0),
        (2, 0),
        (0, 1),
        (1, 1),
    }
    corner = refusal(state, ["place", "6S", 2, 1])
    assert corner.code == "krendzu-corner-only" and corner.params == {"x": 2, "y": 1}
    assert refusal(state, ["place", "6S", -1, -1]).code == "krendzu-corner-only"
    assert refusal(state, ["place", "6S", 3, 0]).code == "krendzu-not-adjacent"
    assert refusal(state, ["place", "6S", 0, 5]).code == "krendzu-not-adjacent"
    taken = refusal(state, ["place", "6S", 1, 0])
    assert taken.code == "krendzu-occupied" and taken.params == {"x": 1, "y": 0, "card": "KH"}
    assert refusal(state, ["place", "8S", 2, 0]).code == "krendzu-card-not-in-hand"


def test_an_attacker_places_exactly_one_card() -> None:
    state = make_state(2, "QS", ("6S 7S", "8S 9S 10S"), turn=0)
    assert {a[0] for a in GAME.legal_actions(state, 0)} == {"place"}
    assert refusal(state, ["pass"]).code == "krendzu-attacker-one-card"
    assert refusal(state, ["first", "6S", 1, 0]).code == "krendzu-attacker-one-card"
    state = play(state, "place", "6S", 1, 0)
    assert state.turn == 1


def test_a_defenders_first_turn_is_one_card_also_for_the_second_defender() -> None:
    # Three players, one attacker (seat 0) and two defenders (1 first, then 2).
    state = make_state(3, "", ("6S 7S 8S", "9S 10S JS", "QS KS AS"), variant="two_defenders")
    state = play(state, "place", "9S", 0, 0)
    state = play(state, "place", "6S", 1, 0)
    assert state.turn == 2 and GAME.explain(state, 2, []) == [
        Choice(key="two", msg="error-krendzu-first-turn"),
        Choice(key="pass", msg="error-krendzu-first-turn"),
    ]
    assert {a[0] for a in GAME.legal_actions(state, 2)} == {"place"}
    assert refusal(state, ["pass"]).code == "krendzu-first-turn"
    state = play(state, "place", "QS", 2, 0)
    state = play(state, "place", "7S", 3, 0)
    # Seat 1's second turn: one, two or none.
    assert state.turn == 1
    assert [c.key for c in build_menu(GAME, state, 1).options] == ["one", "two", "pass"]
    assert GAME.explain(state, 1, []) == []


def test_a_two_card_move_whose_second_card_touches_only_the_first() -> None:
    state = make_state(2, "QS", ("6S 7S", "8H 9H 10H"), turn=1)
    assert ("place", "9H", 2, 0) not in GAME.legal_actions(state, 1)
    state = play(state, "first", "8H", 1, 0)
    assert state.pending and state.turn == 1 and GAME.continues(state, 1)
    assert kinds(state) == ["first"]
    view = GAME.view(state, None)
    assert view["pending"] and view["last"]["kind"] == "two" and view["last"]["cells"] == [[1, 0]]
    actions = GAME.legal_actions(state, 1)
    assert ("place", "9H", 2, 0) in actions and {a[0] for a in actions} == {"place"}
    assert refusal(state, ["pass"]).code == "krendzu-second-card"
    assert refusal(state, ["first", "9H", 2, 0]).code == "krendzu-second-card"
    assert GAME.explain(state, 1, []) == []
    # No mode step for the second card.
    assert build_menu(GAME, state, 1).options[0].key == "c9H"
    state = play(state, "place", "9H", 2, 0)
    assert not state.pending and state.turn == 0 and not GAME.continues(state, 1)
    assert kinds(state) == ["second"]
    assert GAME.view(state, None)["last"] == {
        "seat": 1,
        "kind": "two",
        "cells": [[1, 0], [2, 0]],
        "labels": ["C2", "D2"],
    }


def test_a_defender_with_one_card_cannot_place_two() -> None:
    state = make_state(2, "QS", ("6S 7S", "8H"), turn=1)
    assert GAME.legal_actions(state, 1)[-1] == ("pass",)
    assert {a[0] for a in GAME.legal_actions(state, 1)} == {"place", "pass"}
    assert refusal(state, ["first", "8H", 1, 0]).code == "krendzu-one-card-left"
    assert GAME.explain(state, 1, []) == [Choice(key="two", msg="error-krendzu-one-card-left")]
    assert keys(build_menu(GAME, state, 1).options) == ["one", "pass"]
    state = play(state, "pass")
    assert kinds(state) == ["pass"] and state.turn == 0
    assert GAME.view(state, None)["last"] == {"seat": 1, "kind": "pass", "cells": [], "labels": []}


def test_defenders_must_place_once_the_attackers_are_out() -> None:
    state = make_state(2, "QS", ("", "8H 9H 10H"), turn=1)
    assert ("pass",) not in GAME.legal_actions(state, 1)
    assert refusal(state, ["pass"]).code == "krendzu-must-place"
    assert GAME.explain(state, 1, []) == [Choice(key="pass", msg="error-krendzu-must-place")]
    assert keys(build_menu(GAME, state, 1).options) == ["one", "two"]
    state = play(state, "place", "8H", 1, 0)
    # The attacker has nothing: the defender moves again.
    assert state.turn == 1 and kinds(state) == ["place", "skip"]
    assert state.events[1].seat == 0
    state = play(state, "first", "9H", 2, 0)
    state = play(state, "place", "10H", 3, 0)
    assert state.tour == 2 and "tour_end" in kinds(state)


def test_one_card_left_and_attackers_out_leaves_no_mode_step() -> None:
    state = make_state(2, "QS", ("", "8H"), turn=1)
    assert GAME.legal_actions(state, 1) == [
        ("place", "8H", x, y) for x, y in ((0, -1), (-1, 0), (1, 0), (0, 1))
    ]
    assert build_menu(GAME, state, 1).options[0].key == "c8H"
    assert GAME.explain(state, 1, []) == [
        Choice(key="two", msg="error-krendzu-one-card-left"),
        Choice(key="pass", msg="error-krendzu-must-place"),
    ]


def test_the_attacker_moves_twice_when_the_defender_is_out() -> None:
    state = make_state(2, "QS", ("6S 7S", ""), turn=0)
    state = play(state, "place", "6S", 1, 0)
    assert state.turn == 0 and kinds(state) == ["place", "skip"]
    state = play(state, "place", "7S", 2, 0)
    assert kinds(state)[:2] == ["place", "tour_end"]


def test_three_players_two_defenders_the_attacker_moves_twice_when_one_is_out() -> None:
    # Cycle 1, 0, 2, 0; seat 1 (the first defender) has no cards left.
    state = make_state(3, "QS", ("6S 7S 8S", "", "9H 10H"), variant="two_defenders", turn=2, pos=2)
    state = play(state, "place", "9H", 1, 0)
    assert state.turn == 0 and state.pos == 3
    state = play(state, "place", "6S", 2, 0)
    assert state.turn == 0 and state.pos == 1 and kinds(state) == ["place", "skip"]
    state = play(state, "place", "7S", 3, 0)
    assert state.turn == 2


def test_three_players_two_attackers_the_lone_defender_moves_after_each() -> None:
    state = make_state(3, "QS", ("6H 7H 8H", "6S", "7S"), turn=1, pos=1)
    state = play(state, "place", "6S", 1, 0)
    assert state.turn == 0 and state.pos == 2
    state = play(state, "pass")
    assert state.turn == 2
    state = play(state, "place", "7S", 2, 0)
    # Both attackers are out: the defender places all it has, one or two a turn.
    assert state.turn == 0 and kinds(state) == ["place"]
    assert ("pass",) not in GAME.legal_actions(state, 0)
    state = play(state, "place", "6H", 3, 0)
    assert state.turn == 0 and kinds(state) == ["place", "skip"]
    assert state.events[1].seat == 1


# -- scoring ------------------------------------------------------------------


def test_an_attacker_completes_a_progression() -> None:
    state = make_state(2, "6S 7H 8D", ("9C AS", "10H JH"), turn=0)
    state = play(state, "place", "9C", 3, 0)
    assert state.tour_points == [1, 0] and state.scores == [1, 0]
    assert kinds(state) == ["place", "score"]
    assert state.events[1].public == {
        "cells": [[0, 0], [1, 0], [2, 0], [3, 0]],
        "cards": ["6S", "7H", "8D", "9C"],
        "kinds": ["progression"],
        "own_goal": False,
        "scorers": [0],
    }
    view = GAME.view(state, None)
    assert view["scored"] == [
        {"cells": [[0, 0], [1, 0], [2, 0], [3, 0]], "new": True, "seat": 0, "own_goal": False}
    ]
    assert view["tour_points"] == [1, 0] and view["scores"] == [1, 0]
    # The next action makes it old news.
    state = play(state, "pass")
    assert GAME.view(state, None)["scored"][0]["new"] is False


def test_suit_and_progression_together_score_once() -> None:
    state = make_state(2, "6D 7D 8D", ("9D AS", "10H JH"), turn=0)
    state = play(state, "place", "9D", 3, 0)
    assert state.tour_points == [1, 0]
    assert state.events[1].public["kinds"] == ["suit", "progression"]


def test_the_hole_between_two_pairs_scores_twice() -> None:
    # The source's 6♦ 8♦ _ Q♦ J♦ with 10♦ put into the hole.
    state = make_state(2, "6D 8D . QD JD", ("10D AS", "10H JH"), turn=0)
    assert ("place", "10D", 2, 0) in GAME.legal_actions(state, 0)
    state = play(state, "place", "10D", 2, 0)
    assert state.tour_points == [2, 0]
    windows = [e.public["cells"] for e in state.events if e.kind == "score"]
    assert windows == [[[0, 0], [1, 0], [2, 0], [3, 0]], [[1, 0], [2, 0], [3, 0], [4, 0]]]
    assert all(e.public["kinds"] == ["suit"] for e in state.events if e.kind == "score")


def test_five_of_a_suit_in_a_row_are_two_combinations() -> None:
    state = make_state(2, "7C 9C JC", ("AC KC 6S", "10H JH 6H"), turn=0)
    state = play(state, "place", "AC", 3, 0)
    assert state.tour_points == [1, 0]
    state = play(state, "pass")
    state = play(state, "place", "KC", 4, 0)
    assert state.tour_points == [2, 0]
    assert [w.cells for w in state.scored] == [
        [(0, 0), (1, 0), (2, 0), (3, 0)],
        [(1, 0), (2, 0), (3, 0), (4, 0)],
    ]
    assert [w.new for w in state.scored] == [False, True]


def test_a_window_is_scored_once_and_four_of_a_rank_never() -> None:
    state = make_state(2, "6S 6H 6D", ("6C 7S", "10H JH"), turn=0)
    state = play(state, "place", "6C", 3, 0)
    assert state.tour_points == [0, 0] and "score" not in kinds(state)


@pytest.mark.parametrize(
    ("field", "cell", "window"),
    [
        # Down a column.
        ("7C\n8H\n9D", (0, 3), [[0, 0], [0, 1], [0, 2], [0, 3]]),
        # The diagonal, read from the top left.
        ("6S .  .  .\n.  7H .  .\n.  .  8D 10C", (3, 3), [[0, 0], [1, 1], [2, 2], [3, 3]]),
        # The other diagonal, read from the bottom left; KS lets 9C touch the field.
        (
            ".  .  .  .  KS\n.  .  8D .  .\n.  7H .  .  .\n6S .  .  .  .",
            (3, 0),
            [[0, 3], [1, 2], [2, 1], [3, 0]],
        ),
    ],
)
def test_columns_and_diagonals_score(
    field: str, cell: tuple[int, int], window: list[list[int]]
) -> None:
    state = make_state(2, field, ("9C 10S", "JH QH"), turn=0)
    card = "10S" if cell == (0, 3) else "9C"
    state = play(state, "place", card, *cell)
    scored = [e.public["cells"] for e in state.events if e.kind == "score"]
    assert scored == [window] and state.tour_points == [1, 0]


def test_one_card_completing_two_directions_scores_two() -> None:
    field = """
    6S 7H 8D .
    .  .  .  10C
    .  .  .  JC
    .  .  .  QC
    """
    # 9♣ at (3, 0): row 6 7 8 9, column 9♣ 10♣ J♣ Q♣ (clubs): two points at once.
    state = make_state(2, field, ("9C AS", "10H JH"), turn=0)
    state = play(state, "place", "9C", 3, 0)
    assert state.tour_points == [2, 0]
    assert [e.public["kinds"] for e in state.events if e.kind == "score"] == [
        ["progression"],
        ["suit"],
    ]
    assert [w["new"] for w in GAME.view(state, None)["scored"]] == [True, True]


def test_an_own_goal_scores_for_the_attacker() -> None:
    state = make_state(2, "6S 7H 8D", ("AS KS", "9C 10H JH"), turn=1)
    state = play(state, "place", "9C", 3, 0)
    assert state.tour_points == [1, 0]
    score = state.events[1]
    assert score.kind == "score" and score.seat == 1 and score.public["own_goal"] is True
    assert GAME.view(state, None)["scored"][0] == {
        "cells": [[0, 0], [1, 0], [2, 0], [3, 0]],
        "new": True,
        "seat": 1,
        "own_goal": True,
    }


def test_the_first_card_of_a_two_card_move_scores_at_once() -> None:
    state = make_state(2, "6S 7H 8D", ("AS KS", "9C 10H JH"), turn=1)
    state = play(state, "first", "9C", 3, 0)
    assert state.tour_points == [1, 0] and kinds(state) == ["first", "score"]
    assert GAME.view(state, None)["scored"][0]["new"] is True
    state = play(state, "place", "10H", 4, 0)  # 7 8 9 10: another own goal
    assert state.tour_points == [2, 0]
    assert [w["new"] for w in GAME.view(state, None)["scored"]] == [False, True]


def test_both_attackers_score_with_three_players() -> None:
    state = make_state(3, "6S 7H 8D", ("AS KS QS", "9C 6C", "10C"), turn=1, pos=1)
    state = play(state, "place", "9C", 3, 0)
    assert state.tour_points == [0, 1, 1] and state.scores == [0, 1, 1]
    assert state.events[1].public["scorers"] == [1, 2]


def test_the_attacking_team_scores_with_four_players() -> None:
    # Tour 1: seat 0 deals, seats 0 and 2 attack; the cycle is 1, 2, 3, 0.
    state = make_state(4, "6S 7H 8D", ("9C", "AS", "10C", "KS"), turn=3, pos=2)
    state = play(state, "place", "KS", 3, 0)  # the defender: nothing
    assert state.turn == 0
    state = play(state, "place", "9C", 2, 1)  # touches 8D from below: nothing
    assert state.tour_points == [0, 0, 0, 0]
    state = make_state(4, "6S 7H 8D", ("9C", "AS", "10C", "KS"), turn=0, pos=3)
    state = play(state, "place", "9C", 3, 0)
    assert state.tour_points == [1, 0, 1, 0]


# -- tours and the match ------------------------------------------------------


def test_the_last_card_ends_the_tour_and_the_next_is_dealt() -> None:
    state = make_state(2, "6S 7H 8D", ("9C", ""), turn=0, scores=[3, 1], tour_points=[0, 0])
    state = play(state, "place", "9C", 3, 0)
    assert kinds(state) == ["place", "score", "tour_end", "tour_start"]
    end = state.events[2].public
    assert end == {"tour": 1, "points": [1, 0], "scores": [4, 1], "roles": ["attack", "defend"]}
    start = state.events[3].public
    assert start["tour"] == 2 and start["dealer"] == 1 and start["order"] == [0, 1]
    assert start["attackers"] == [1] and start["defenders"] == [0]
    assert start["hand_sizes"] == [12, 10]
    view = GAME.view(state, None)
    assert view["tour"] == 2 and view["roles"] == ["defend", "attack"]
    assert view["phase"] == "announce" and view["turn"] == 0
    assert view["cells"] == [] and view["scored"] == [] and view["last"] is None
    assert view["tour_points"] == [0, 0] and view["scores"] == [4, 1]
    assert view["last_tour"] == {"tour": 1, "points": [1, 0], "roles": ["attack", "defend"]}
    assert view["box"] == {"left": 0, "top": 0, "cols": 1, "rows": 1}


def test_the_match_ends_after_its_tours_with_ties_shared() -> None:
    state = make_state(2, "6S", ("", "7S"), turn=1, tour=2, scores=[2, 2])
    state = play(state, "place", "7S", 1, 0)
    assert GAME.is_over(state) and state.phase == "over" and state.turn is None
    assert kinds(state) == ["place", "tour_end", "game_end"]
    assert GAME.result(state) == {"scores": [2, 2], "winners": [0, 1]}
    assert GAME.to_move(state) == [] and GAME.legal_actions(state, 0) == []
    view = GAME.view(state, None)
    assert view["over"] and view["winners"] == [0, 1] and view["turn"] is None
    # The field stays as the last tour ended.
    assert len(view["cells"]) == 2
    with pytest.raises(GameOver):
        GAME.apply(state, 0, ["pass"])


@pytest.mark.parametrize(
    ("seats", "options"),
    [
        (2, {"rounds": 2}),
        (3, {}),
        (3, {"variant": "two_defenders", "exchange": 1}),
        (4, {"rounds": 2}),
    ],
)
def test_whole_matches_rotate_roles_and_add_up(seats: int, options: dict[str, Any]) -> None:
    rnd = random.Random(seats)
    state = GAME.new_game(seats, options, seed=seats * 7)
    variant = options.get("variant", "two_attackers")
    tours_seen: list[tuple[int, list[int]]] = []
    roles_seen: list[list[str]] = []
    totals = [0] * seats
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        assert roles_of(seats, variant, state.tour) == tuple(GAME.view(state, None)["roles"])
        action = GAME.stand_in(state, seat, GAME.legal_actions(state, seat), rnd)
        state = GAME.apply(state, seat, list(action))
        for event in state.events:
            if event.kind == "tour_end":
                points = event.public["points"]
                tours_seen.append((event.public["tour"], points))
                totals = [a + b for a, b in zip(totals, points, strict=True)]
                roles = event.public["roles"]
                roles_seen.append(roles)
                # Only attackers score, all of them alike.
                assert all(p == 0 for p, r in zip(points, roles, strict=True) if r == "defend")
                assert len({p for p, r in zip(points, roles, strict=True) if r == "attack"}) == 1
    assert [t for t, _ in tours_seen] == list(range(1, state.tours + 1))
    assert state.tours == {2: 2, 3: 6, 4: 2}[seats] * options.get("rounds", 1)
    result = GAME.result(state)
    assert result["scores"] == totals
    assert result["winners"] == [s for s in range(seats) if totals[s] == max(totals)]
    # Every seat attacked and defended; the roles of each tour are the rotation's.
    roles = [tuple(e) for e in roles_seen]
    assert roles == [roles_of(seats, variant, t) for t in range(1, state.tours + 1)]
    for seat in range(seats):
        assert {r[seat] for r in roles} == {"attack", "defend"}


# -- serialisation ------------------------------------------------------------


def test_json_round_trip_in_every_phase() -> None:
    state = GAME.new_game(3, {"variant": "two_defenders"}, seed=12)
    rnd = random.Random(3)
    phases = set()
    pending = False
    while not GAME.is_over(state):
        text = GAME.dumps(state)
        loaded = GAME.loads(text)
        assert loaded == state and GAME.dumps(loaded) == text
        assert GAME.view(loaded, 1) == GAME.view(state, 1)
        phases.add(state.phase)
        pending |= state.pending
        seat = GAME.to_move(state)[0]
        actions = GAME.legal_actions(state, seat)
        first = [a for a in actions if a[0] in ("first", "toggle", "announce")]
        state = GAME.apply(
            state, seat, list(rnd.choice(first if first and rnd.random() < 0.5 else actions))
        )
    loaded = GAME.loads(GAME.dumps(state))
    assert loaded == state and GAME.result(loaded) == GAME.result(state)
    assert phases == {"announce", "discard", "play"} and pending
    assert isinstance(loaded.frontier, tuple)


# -- views ------------------------------------------------------------------------


def test_view_shape_and_what_a_seat_adds() -> None:
    state = make_state(3, "QS KH", ("6H 7H 8H", "6S", "7S"), turn=1, pos=1)
    public = GAME.view(state, None)
    assert list(public) == [
        "game",
        "seats",
        "variant",
        "tour",
        "tours",
        "dealer",
        "roles",
        "order",
        "phase",
        "turn",
        "pending",
        "exchange",
        "hand_sizes",
        "aside",
        "cells",
        "box",
        "last",
        "scored",
        "tour_points",
        "scores",
        "last_tour",
        "over",
        "winners",
        "events",
    ]
    assert public["cells"] == [
        {"x": 0, "y": 0, "card": "QS", "seat": 0},
        {"x": 1, "y": 0, "card": "KH", "seat": 0},
    ]
    assert public["box"] == {"left": -1, "top": -1, "cols": 4, "rows": 3}
    assert public["order"] == [0, 1, 0, 2] and public["dealer"] == 0
    assert public["hand_sizes"] == [3, 1, 1] and public["aside"] == 36 - 7
    own = GAME.view(state, 1)
    assert own["you"] == 1 and own["hand"] == ["6S"] and own["marked"] == []
    assert {k: v for k, v in own.items() if k not in ("you", "hand", "marked")} == public
    assert json.loads(json.dumps(public)) == public
    with pytest.raises(GameError) as info:
        GAME.view(state, 3)
    assert info.value.code == "no-such-seat"
    # A view shares no list with the state.
    public["cells"].clear()
    public["box"]["left"] = 9
    assert len(GAME.view(state, None)["cells"]) == 2


def test_view_events_do_not_share_nested_lists() -> None:
    state = make_state(2, "6S 7H 8D", ("9C AS", "10H JH"), turn=0)
    state = play(state, "place", "9C", 3, 0)
    event = GAME.view(state, None)["events"][1]
    event["cells"][0][0] = 99
    assert GAME.view(state, None)["events"][1]["cells"][0] == [0, 0]


# -- menus ------------------------------------------------------------------------


def test_menu_of_a_defender_mode_card_cell_confirm() -> None:
    state = make_state(2, "QS KH", ("6S 7S", "8H 9H 10H"), turn=1)
    root = build_menu(GAME, state, 1)
    assert root.options == (
        Choice(key="one", msg="krendzu-choice-one"),
        Choice(key="two", msg="krendzu-choice-two"),
        Choice(key="pass", msg="krendzu-choice-pass"),
    )
    cards = build_menu(GAME, state, 1, (0,))
    assert cards.options[0] == Choice(key="c8H", msg="krendzu-choice-card", args={"card": "8H"})
    assert keys(cards.options) == ["c8H", "c9H", "c10H"]
    cells = build_menu(GAME, state, 1, (0, 1))
    # Top to bottom, left to right, named in the box (-1, -1, 4 × 3).
    assert [(c.key, c.args["cell"], c.args["row"]) for c in cells.options] == [
        ("@0,-1", "B1", 1),
        ("@1,-1", "C1", 1),
        ("@-1,0", "A2", 2),
        ("@2,0", "D2", 2),
        ("@0,1", "B3", 3),
        ("@1,1", "C3", 3),
    ]
    assert all(c.msg == "krendzu-choice-cell" for c in cells.options)
    confirm = build_menu(GAME, state, 1, (0, 1, 3))
    assert confirm.options == (
        Choice(key="ok", msg="krendzu-choice-confirm", args={"card": "9H", "cell": "D2"}),
    )
    assert build_menu(GAME, state, 1, (0, 1, 3, 0)).action == ("place", "9H", 2, 0)
    assert build_menu(GAME, state, 1, (1, 0, 0, 0)).action == ("first", "8H", 0, -1)
    passing = build_menu(GAME, state, 1, (2,))
    assert passing.options == (Choice(key="ok", msg="krendzu-choice-confirm-pass"),)
    assert build_menu(GAME, state, 1, (2, 0)).action == ("pass",)
    assert GAME.choice_path(state, 1, ("pass",)) == [
        Choice(key="pass", msg="krendzu-choice-pass"),
        Choice(key="ok", msg="krendzu-choice-confirm-pass"),
    ]
    # Menu order is legal_actions order.
    order = list(
        dict.fromkeys(GAME.choice_path(state, 1, a)[0].key for a in GAME.legal_actions(state, 1))
    )
    assert order == ["one", "two", "pass"]


def test_menu_of_an_attacker_has_no_mode_step() -> None:
    state = make_state(2, "QS", ("6S 7S", "8H 9H 10H"), turn=0)
    path = GAME.choice_path(state, 0, ("place", "7S", 1, 0))
    assert [c.key for c in path] == ["c7S", "@1,0", "ok"]
    assert path[1].args == {"cell": "C2", "row": 2}
    assert GAME.choice_path(state, 0, ["place", "7S", 1, 0]) == path


def test_announce_menu() -> None:
    state = GAME.new_game(2, None, seed=1)
    assert [GAME.choice_path(state, 1, a) for a in GAME.legal_actions(state, 1)] == [
        [Choice(key=f"n{n}", msg="krendzu-choice-announce", args={"count": n})] for n in range(4)
    ]


def test_rows_come_first_when_more_than_forty_cells_are_free() -> None:
    line = " ".join(make_deck(RANKS_36)[:20])
    state = make_state(2, line, ("6S 7S", "8H 9H 10H"), turn=0)
    assert len(state.frontier) == 42 > ROW_SPLIT
    root = build_menu(GAME, state, 0, (0,))
    assert root.options == (
        Choice(key="r-1", msg="krendzu-choice-row", args={"row": 1, "count": 20}),
        Choice(key="r0", msg="krendzu-choice-row", args={"row": 2, "count": 2}),
        Choice(key="r1", msg="krendzu-choice-row", args={"row": 3, "count": 20}),
    )
    row = build_menu(GAME, state, 0, (0, 1))
    assert row.options == (
        Choice(key="@-1,0", msg="krendzu-choice-cell", args={"cell": "A2", "row": 2}),
        Choice(key="@20,0", msg="krendzu-choice-cell", args={"cell": "V2", "row": 2}),
    )
    assert build_menu(GAME, state, 0, (0, 1, 1, 0)).action == ("place", "6S", 20, 0)
    # Forty free cells or fewer: no row step.
    short = make_state(2, " ".join(make_deck(RANKS_36)[:19]), ("6S 7S", "8H"), turn=0)
    assert len(short.frontier) == 40
    assert build_menu(GAME, short, 0, (0,)).options[0].key == "@0,-1"


def test_choice_path_refuses_illegal_actions() -> None:
    state = make_state(2, "QS", ("6S 7S", "8H 9H 10H"), turn=0)
    with pytest.raises(IllegalAction):
        GAME.choice_path(state, 0, ("place", "6S", 5, 5))
    with pytest.raises(NotYourTurn):
        GAME.choice_path(state, 1, ("place", "8H", 1, 0))
    with pytest.raises(MalformedAction):
        GAME.choice_path(state, 0, ("place", "6S", True, 0))
    with pytest.raises(IllegalAction):
        GAME.choice_path(state, 0, ("place", "8H", 1, 0))


# -- refusals ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (["jump"], "krendzu-unknown-action"),
        ([7], "krendzu-unknown-action"),
        (["place", "6S", 1], "krendzu-bad-arity"),
        (["pass", 1], "krendzu-bad-arity"),
        (["exchange", 1], "krendzu-bad-arity"),
        (["place", "6X", 1, 0], "krendzu-invalid-card"),
        (["place", "2S", 1, 0], "krendzu-invalid-card"),
        (["place", 6, 1, 0], "malformed-action"),
        (["place", "6S", "1", 0], "malformed-action"),
        (["place", "6S", 1, None], "malformed-action"),
        (["announce", "2"], "malformed-action"),
        (["toggle", None], "malformed-action"),
        ([], "malformed-action"),
        ("pass", "malformed-action"),
        (["place", "6S", True, 0], "malformed-action"),
    ],
)
def test_malformed_actions(action: Any, code: str) -> None:
    state = make_state(2, "QS", ("6S 7S", "8H 9H 10H"), turn=0)
    error = refusal(state, action)
    assert isinstance(error, MalformedAction) and error.code == code


def test_refusals_never_name_another_seats_cards() -> None:
    state = make_state(2, "QS", ("6S 7S", "8H 9H 10H"), turn=0)
    error = refusal(state, ["place", "8H", 1, 0])
    assert error.code == "krendzu-card-not-in-hand" and error.params == {"card": "8H"}
    assert "9H" not in str(error) and "10H" not in str(error)
    assert isinstance(refusal(state, ["place", "8H", 1, 0], seat=1), NotYourTurn)
