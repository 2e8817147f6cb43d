"""Klac! scenarios on built positions: merges, round and match ends, privacy."""

from __future__ import annotations

from typing import Any

import pytest

from games import GameOver, IllegalAction
from games.klac.cards import make_deck
from games.klac.game import KlacGame
from games.klac.state import KlacState, LastPlay, RoundSummary, Row

GAME = KlacGame()


def make_state(
    hands: list[list[str]],
    rows: list[Row] | None = None,
    deck: list[str] | None = None,
    turn: int | None = 0,
    totals: list[int] | None = None,
    **fields: Any,
) -> KlacState:
    """A position for a test: empty rows, a 20-card deck and zero totals unless given."""
    seats = len(hands)
    return KlacState(
        seats=seats,
        target=fields.pop("target", 150),
        rng=fields.pop("rng", 12345),
        round=fields.pop("round", 1),
        first=fields.pop("first", 0),
        turn=turn,
        deck=["G6"] * 20 if deck is None else deck,
        hands=hands,
        rows=[[] for _ in range(seats)] if rows is None else rows,
        totals=[0] * seats if totals is None else totals,
        **fields,
    )


def play(state: KlacState, *action: Any) -> KlacState:
    """Apply ``action`` for the seat to move."""
    return GAME.apply(state, GAME.to_move(state)[0], list(action))


def kinds(state: KlacState) -> list[str]:
    return [event.kind for event in state.events]


# -- plays and draws ----------------------------------------------------------


def test_extend_lays_a_new_stack_and_draws() -> None:
    state = make_state(hands=[["B1", "O2", "G3"], ["G6"]], deck=["O9", "B12"])
    new = play(state, "extend", "O2", 1)
    assert new.rows == [[], [["O2"]]]
    assert new.hands[0] == ["B1", "B12", "G3"]  # drew the top card, kept sorted
    assert new.deck == ["O9"]
    assert new.turn == 1
    assert new.last == LastPlay(0, 1, 0, "O2", "extend", False)
    assert kinds(new) == ["play", "draw"]
    assert GAME.view(new, None)["events"][0] == {
        "kind": "play",
        "seat": 0,
        "card": "O2",
        "target": 1,
        "stack": 0,
        "how": "extend",
        "merged": False,
    }


def test_cover_changes_the_top_card() -> None:
    state = make_state(hands=[["O2"], ["G6"]], rows=[[], [["O14"], ["G7"]]])
    new = play(state, "cover", "O2", 1, 0)
    assert new.rows[1] == [["O14", "O2"], ["G7"]]
    assert GAME.view(new, None)["row_scores"] == [0, 0]
    assert new.last == LastPlay(0, 1, 0, "O2", "cover", False)


def test_cover_onto_the_same_number_is_allowed() -> None:
    state = make_state(hands=[["B1"], ["G6"]], rows=[[["B1"]], []])
    assert play(state, "cover", "B1", 0, 0).rows[0] == [["B1", "B1"]]


def test_playing_into_ones_own_row() -> None:
    state = make_state(hands=[["G3"], ["G6"]], rows=[[["G7"]], []])
    assert play(state, "cover", "G3", 0, 0).rows[0] == [["G7", "G3"]]


def test_the_draw_is_private_to_the_drawer() -> None:
    state = make_state(hands=[["B1", "O2", "G3"], ["G6", "G7", "G11"]], deck=["G13", "B15"])
    new = play(state, "extend", "B1", 0)
    draw = {"kind": "draw", "seat": 0}
    assert GAME.view(new, 0)["events"][1] == {**draw, "card": "B15"}
    assert GAME.view(new, 1)["events"][1] == draw
    assert GAME.view(new, None)["events"][1] == draw
    assert "B15" not in str(GAME.view(new, 1)) and "B15" not in str(GAME.view(new, None))


# -- merges -------------------------------------------------------------------


def test_cover_causing_a_merge() -> None:
    state = make_state(hands=[["O5"], ["G6"]], rows=[[["O14"], ["G7"], ["O5"]], []])
    new = play(state, "cover", "O5", 0, 0)
    # The covered stack is laid onto the other 5, which keeps its place.
    assert new.rows[0] == [["G7"], ["O5", "O14", "O5"]]
    assert new.last == LastPlay(0, 0, 1, "O5", "cover", True)
    assert GAME.view(new, None)["events"][0]["merged"] is True
    assert GAME.view(new, None)["events"][0]["stack"] == 1


def test_extend_causing_a_merge_does_not_lengthen_the_row() -> None:
    state = make_state(hands=[["G7"], ["G6"]], rows=[[], [["B4"], ["G11", "G7"]]])
    new = play(state, "extend", "G7", 1)
    assert new.rows[1] == [["B4"], ["G11", "G7", "G7"]]
    assert new.last == LastPlay(0, 1, 1, "G7", "extend", True)


def test_merge_prevents_the_sixth_stack() -> None:
    five: Row = [["B1"], ["O2"], ["G3"], ["B4"], ["O5"]]
    state = make_state(hands=[["O5", "G6"], ["G7"]], rows=[five, []], deck=["B8"])
    new = play(state, "extend", "O5", 0)
    assert new.rows[0] == [["B1"], ["O2"], ["G3"], ["B4"], ["O5", "O5"]]
    assert new.round == 1 and new.turn == 1
    assert kinds(new) == ["play", "draw"]


def test_no_double_merge() -> None:
    # After the merge the stack shows 2; no other stack could show 2 as well,
    # since tops were distinct before the play, so the row shrinks by one only.
    row: Row = [["O2"], ["B4"], ["O9"], ["G3"]]
    state = make_state(hands=[["O2"], ["G6"]], rows=[row, []])
    new = play(state, "cover", "O2", 0, 2)
    assert new.rows[0] == [["O2", "O9", "O2"], ["B4"], ["G3"]]
    tops = [stack[-1] for stack in new.rows[0]]
    assert len(set(tops)) == len(tops)
    assert new.last is not None and new.last.stack == 0 and new.last.merged


# -- round ends ---------------------------------------------------------------


def six_stack_state(**fields: Any) -> KlacState:
    """Seat 0 can end the round: its row has five stacks and it holds G6."""
    five: Row = [["B1"], ["O2"], ["G3"], ["B4"], ["O14", "O5"]]
    return make_state(
        hands=[["G6", "B8"], ["G7", "B12", "O9"]],
        rows=[five, [["B15"], ["O10"]]],
        deck=["G11", "G13"],
        **fields,
    )


def test_round_ends_at_once_on_six_stacks() -> None:
    new = play(six_stack_state(first=1, turn=0), "extend", "G6", 0)
    assert kinds(new) == ["play", "round_end", "round_start"]  # no draw
    events = GAME.view(new, None)["events"]
    # B1 + O2 + G3 + B4 + O5 + G6 = 21; seat 1 shows no green.
    assert events[1] == {
        "kind": "round_end",
        "seat": None,
        "round": 1,
        "scores": [21, 0],
        "totals": [21, 0],
    }
    assert events[2] == {"kind": "round_start", "seat": None, "round": 2, "first": 0}
    assert new.totals == [21, 0]
    assert new.last_round == RoundSummary(
        1,
        [[["B1"], ["O2"], ["G3"], ["B4"], ["O14", "O5"], ["G6"]], [["B15"], ["O10"]]],
        [21, 0],
        [21, 0],
    )
    assert new.last is None


def test_new_round_regathers_all_cards_and_rotates_the_first_seat() -> None:
    new = play(six_stack_state(first=1, turn=0), "extend", "G6", 0)
    assert new.round == 2
    assert new.first == 0 and new.turn == 0  # seat 1 started round 1
    assert new.rows == [[], []]
    assert [len(h) for h in new.hands] == [3, 3]
    assert sorted(new.deck + new.hands[0] + new.hands[1]) == sorted(make_deck())
    assert GAME.view(new, None)["last"] is None
    assert GAME.result(new) == {"scores": [21, 0], "winners": [], "rounds": 1}


def test_first_seat_rotates_every_round() -> None:
    state = GAME.new_game(3, {"target": 300}, seed=5)
    firsts = [state.first]
    while state.round < 4:
        seat = GAME.to_move(state)[0]
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        if state.events[-1].kind == "round_start":
            firsts.append(state.first)
            assert GAME.to_move(state) == [state.first]
    assert firsts == [(firsts[0] + i) % 3 for i in range(4)]


def cover_first(state: KlacState, seat: int) -> tuple[Any, ...]:
    """Cover whenever the colour shows somewhere, so no row ever reaches six stacks."""
    actions = GAME.legal_actions(state, seat)
    return next((a for a in actions if a[0] == "cover"), actions[0])


def test_two_players_play_out_the_whole_deck() -> None:
    state = GAME.new_game(2, None, seed=21)
    plays = draws = 0
    while state.round == 1:
        seat = GAME.to_move(state)[0]
        state = GAME.apply(state, seat, cover_first(state, seat))
        plays += 1
        draws += "draw" in kinds(state)
        assert max(len(row) for row in state.rows) <= 3 or state.round == 2
    assert (plays, draws) == (90, 84)
    assert kinds(state) == ["play", "round_end", "round_start"]
    assert state.last_round is not None
    assert sum(len(stack) for row in state.last_round.rows for stack in row) == 90


def test_the_last_cards_are_played_with_empty_hands_skipped() -> None:
    state = make_state(hands=[["B1"], [], ["O2", "G3"]], deck=[], turn=0)
    state = play(state, "extend", "B1", 0)
    assert kinds(state) == ["play"] and state.turn == 2  # seat 1 is skipped
    state = play(state, "extend", "O2", 2)
    assert state.turn == 2  # the only seat left with cards plays again
    state = play(state, "extend", "G3", 1)
    assert kinds(state) == ["play", "round_end", "round_start"]
    assert state.round == 2 and state.totals == [0, 0, 0]


def test_no_draw_once_the_deck_is_empty() -> None:
    state = make_state(hands=[["B1", "B4"], ["O2"]], deck=[])
    new = play(state, "extend", "B1", 0)
    assert kinds(new) == ["play"]
    assert new.hands == [["B4"], ["O2"]] and new.turn == 1


# -- scoring and the match ----------------------------------------------------


def test_scoring_with_and_without_three_colours() -> None:
    rows: list[Row] = [
        [["B1"], ["O14"], ["G7"], ["B4"], ["O2"]],
        [["B15"], ["O14"], ["B12"]],
        [["G13"], ["O10", "B8"], ["O9"]],
    ]
    state = make_state(hands=[["G6"], ["O5"], ["B8"]], rows=rows, totals=[5, 5, 5])
    new = play(state, "extend", "G6", 0)
    # Seat 0: 1+14+7+4+2+6 = 34. Seat 1: no green. Seat 2: G13 + B8 + O9 = 30.
    assert new.totals == [39, 5, 35]
    assert new.last_round is not None and new.last_round.scores == [34, 0, 30]


def test_the_match_ends_when_the_target_is_reached() -> None:
    state = six_stack_state(totals=[140, 120], target=150)
    new = play(state, "extend", "G6", 0)
    assert new.over and GAME.is_over(new)
    assert new.winners == [0] and new.turn is None
    assert GAME.to_move(new) == []
    assert GAME.legal_actions(new, 0) == [] and GAME.legal_actions(new, 1) == []
    assert kinds(new) == ["play", "round_end", "match_end"]
    assert GAME.view(new, None)["events"][2] == {
        "kind": "match_end",
        "seat": None,
        "winners": [0],
        "totals": [161, 120],
    }
    assert GAME.result(new) == {"scores": [161, 120], "winners": [0], "rounds": 1}
    view = GAME.view(new, 1)
    assert (view["over"], view["winners"], view["turn"]) == (True, [0], None)
    # The final table stays on show.
    assert len(view["rows"][0]) == 6 and view["last"]["card"] == "G6"
    with pytest.raises(GameOver):
        GAME.apply(new, 1, ["extend", "G7", 1])


def test_the_highest_total_wins_even_if_another_reached_the_target() -> None:
    state = six_stack_state(totals=[140, 170], target=150)
    new = play(state, "extend", "G6", 0)
    assert new.over and new.winners == [1]


def test_no_one_at_the_target_means_another_round() -> None:
    state = six_stack_state(totals=[100, 100], target=150)
    new = play(state, "extend", "G6", 0)
    assert not new.over and new.round == 2 and new.totals == [121, 100]


def test_a_tie_on_the_highest_total_means_another_round() -> None:
    state = six_stack_state(totals=[140, 161], target=150)
    new = play(state, "extend", "G6", 0)
    assert new.totals == [161, 161]
    assert not new.over and new.winners == [] and new.round == 2
    assert kinds(new) == ["play", "round_end", "round_start"]
    assert GAME.to_move(new) == [new.first]


def test_after_a_tie_the_next_round_decides() -> None:
    tied = play(six_stack_state(totals=[140, 161], target=150), "extend", "G6", 0)
    # Put the next round in a position where seat 1 scores and seat 0 does not.
    tied.hands = [["B8", "B12", "B15"], ["G6", "O9", "O10"]]
    tied.rows = [[], [["B1"], ["O2"], ["G3"], ["B4"], ["O5"]]]
    tied.turn = 1
    new = play(tied, "extend", "G6", 1)
    assert new.over and new.winners == [1] and new.totals == [161, 182]
    assert GAME.result(new)["rounds"] == 2


# -- refusals change nothing --------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        ["extend", "G13", 0],
        ["cover", "B8", 0, 4],
        ["cover", "G6", 1, 0],
        ["cover", "G6", 0, 9],
        ["extend", "G6", 2],
        ["extend", "G6", -1],
        ["draw"],
        ["extend", "G6"],
        ["extend", "G6", 0, None],
        ["extend", "G6", True],
        [],
        None,
    ],
)
def test_illegal_actions_leave_the_state_unchanged(action: Any) -> None:
    state = six_stack_state()
    before = GAME.dumps(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, action)
    assert GAME.dumps(state) == before


def test_a_seat_not_to_move_changes_nothing() -> None:
    state = six_stack_state()
    before = GAME.dumps(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 1, ["extend", "G7", 1])
    assert info.value.code == "not-your-turn"
    assert GAME.dumps(state) == before


def test_replay_from_seed_and_actions() -> None:
    state = GAME.new_game(4, {"target": 50}, seed=99)
    log = []
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        action = GAME.legal_actions(state, seat)[
            len(log) % 5 % len(GAME.legal_actions(state, seat))
        ]
        log.append((seat, action))
        state = GAME.apply(state, seat, action)
    replay = GAME.new_game(4, {"target": 50}, seed=99)
    for seat, action in log:
        replay = GAME.apply(replay, seat, action)
    assert GAME.dumps(replay) == GAME.dumps(state)
    assert GAME.result(replay)["winners"] == GAME.result(state)["winners"] != []
