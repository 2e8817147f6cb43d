"""Logical Curling scenarios on built positions: dice, cards and substitutions,
limits, fouls, ends and the hammer, extra ends, views, previews, menus,
explanations, refusals and JSON round trips."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import pytest

from games import GameError, GameOver, IllegalAction, NotYourTurn, registry
from games.core.errors import InvalidOptions
from games.core.menu import build_menu
from games.curling.game import CurlingGame
from games.curling.state import AIM, CARDS, DRAW, OVER, REROLL, ROLL, CurlingState
from tests.games import moves
from tests.games.curling_positions import make_state

GAME = CurlingGame()
play = partial(moves.play, GAME)
refusal = partial(moves.refusal, GAME)

#: RNG values whose first five dice are known (``random.Random(rng)``, randint 1–6).
ALL_SIX = 1085  # 6 6 6 6 6
TWO_SIXES = 5  # 5 3 6 3 6
NO_SIX = 0  # 4 4 1 3 5


def kinds(state: CurlingState) -> list[str]:
    return [event.kind for event in state.events]


def event(state: CurlingState, kind: str) -> dict[str, Any]:
    found = [e.public for e in state.events if e.kind == kind]
    assert len(found) == 1, kinds(state)
    return found[0]


def keys(options: Any) -> list[str]:
    return [choice.key for choice in options]


def trajectories(state: CurlingState) -> list[str]:
    seat = GAME.to_move(state)[0]
    return list(dict.fromkeys(a[2] for a in GAME.legal_actions(state, seat) if len(a) > 2))


# -- setup -----------------------------------------------------------------------------


def test_registry_options_and_class_attributes() -> None:
    game = registry.get("curling")
    assert isinstance(game, CurlingGame)
    assert registry.names()[-1] == "curling"
    assert (game.min_seats, game.max_seats, game.public_moves) == (2, 2, True)
    assert game.options(None) == {"variant": "dice", "deck": 36, "ends": 8}
    specs = {spec.key: spec.choices for spec in game.option_specs}
    assert specs == {"variant": ("dice", "cards"), "deck": (36, 52, 54), "ends": (2, 4, 6, 8)}
    for bad in ({"deck": 40}, {"ends": 3}, {"variant": "chips"}, {"speed": 1}):
        with pytest.raises(InvalidOptions):
            game.new_game(2, bad, seed=1)
    with pytest.raises(InvalidOptions):
        game.new_game(3, None, seed=1)


def test_the_hammer_of_end_1_is_drawn_by_lot_and_the_other_seat_begins() -> None:
    hammers = set()
    for seed in range(12):
        state = GAME.new_game(2, None, seed)
        hammers.add(state.hammer)
        assert state.turn == 1 - state.hammer and GAME.to_move(state) == [state.turn]
        assert (state.phase, state.end, state.throw_no) == (ROLL, 1, 1)
        assert GAME.legal_actions(state, state.turn) == [("roll",)]
        assert GAME.legal_actions(state, state.hammer) == []
        assert state.events[0].kind == "end_start"
        assert state.events[0].public == {"end": 1, "hammer": state.hammer, "first": state.turn}
    assert hammers == {0, 1}


def test_the_view_has_exactly_the_documented_keys() -> None:
    state = GAME.new_game(2, None, seed=3)
    view = GAME.view(state, None)
    assert set(view) == {
        "game",
        "variant",
        "deck",
        "colours",
        "ends",
        "end",
        "hammer",
        "throw_no",
        "turn",
        "phase",
        "stones",
        "to_throw",
        "out",
        "house",
        "end_scores",
        "match",
        "dice",
        "marked",
        "cards",
        "combinations",
        "limit",
        "last",
        "over",
        "winners",
        "events",
    }
    assert GAME.view(state, 1) == {**view, "you": 1}
    assert view["colours"] == ["red", "blue"] and view["deck"] is None and view["cards"] is None
    assert view["to_throw"] == {"red": 8, "blue": 8} and view["out"] == {"red": 0, "blue": 0}
    assert view["house"] == {"zones": [[0, 0], [0, 0], [0, 0]], "score": [0, 0]}
    assert view["dice"] is None and view["marked"] == [False] * 5
    assert view["limit"] == {"l1": None, "l2": None, "l": None} and view["last"] is None
    assert json.loads(json.dumps(view)) == view
    with pytest.raises(GameError):
        GAME.view(state, 2)


# -- dice ------------------------------------------------------------------------------


def test_an_all_six_first_throw_is_void_and_the_next_one_is_final() -> None:
    state = make_state(rng=ALL_SIX)
    assert not GAME.continues(state, state.turn)  # type: ignore[arg-type]
    state = play(state, "roll")
    roll = event(state, "roll")
    assert roll["void"] is True and roll["rolls"][0] == [6, 6, 6, 6, 6]
    assert len(roll["rolls"]) >= 2 and roll["dice"] == roll["rolls"][-1]
    assert state.phase == AIM and state.dice is not None and 6 not in state.dice
    seat = GAME.to_move(state)[0]
    assert all(a[0] == "throw" for a in GAME.legal_actions(state, seat))  # no free choice
    assert GAME.continues(state, seat)
    assert refusal(state, ["keep"]).code == "curling-wrong-phase"


def test_sixes_must_be_rethrown_and_cannot_be_marked_or_kept() -> None:
    state = play(make_state(rng=TWO_SIXES), "roll")
    assert state.dice == [5, 3, 6, 3, 6] and state.phase == REROLL
    seat = GAME.to_move(state)[0]
    assert GAME.continues(state, seat) and not GAME.continues(state, 1 - seat)
    assert GAME.legal_actions(state, seat) == [
        ("toggle", 0),
        ("toggle", 1),
        ("toggle", 3),
        ("rethrow",),
    ]
    assert refusal(state, ["keep"]).code == "curling-keep-six"
    error = refusal(state, ["toggle", 2])
    assert (error.code, error.params) == ("curling-toggle-six", {"die": 3, "value": 6})
    assert refusal(state, ["toggle", 5]).code == "curling-bad-die"
    why = GAME.explain(state, seat, [])
    assert [(c.key, c.msg) for c in why] == [
        ("t2", "error-curling-toggle-six"),
        ("t4", "error-curling-toggle-six"),
        ("keep", "error-curling-keep-six"),
    ]
    state = play(state, "toggle", 0)
    assert state.marked == [True, False, False, False, False]
    assert event(state, "toggle") == {"die": 0, "value": 5, "marked": True}
    state = play(state, "rethrow")
    rethrow = event(state, "rethrow")
    assert rethrow["rethrown"] == [0, 2, 4]
    assert state.dice is not None and state.dice[1] == 3 and state.dice[3] == 3
    assert 6 not in state.dice and state.phase == AIM and state.marked == [False] * 5


def test_keep_only_with_nothing_marked_and_no_six() -> None:
    state = play(make_state(rng=NO_SIX), "roll")
    seat = GAME.to_move(state)[0]
    assert state.dice == [4, 4, 1, 3, 5]
    assert GAME.legal_actions(state, seat)[-1] == ("keep",)
    assert refusal(state, ["rethrow"]).code == "curling-nothing-to-rethrow"
    marked = play(state, "toggle", 1)
    assert ("keep",) not in GAME.legal_actions(marked, seat)
    assert ("rethrow",) in GAME.legal_actions(marked, seat)
    error = refusal(marked, ["keep"])
    assert (error.code, error.params) == ("curling-keep-marked", {"count": 1})
    assert play(marked, "toggle", 1).marked == [False] * 5
    kept = play(state, "keep")
    assert kept.phase == AIM and kept.dice == [4, 4, 1, 3, 5]
    view = GAME.view(kept, None)
    assert view["combinations"] == [
        {"key": "pair:5,4", "name": "pair", "numbers": [5, 4], "power": 1}
    ]
    assert view["limit"] == {"l1": 1, "l2": None, "l": 1}
    # a pair allows the reverse trajectory only: A ≤ B from {5, 4}
    assert GAME.legal_actions(kept, seat) == [
        ("throw", "pair:5,4", "reverse", start, 4, 5) for start in ("c0", "d0", "e0", "f0")
    ]


def test_a_throw_ends_the_move_and_passes_the_turn() -> None:
    state = play(play(make_state(rng=NO_SIX), "roll"), "keep")
    seat = GAME.to_move(state)[0]
    after = play(state, "throw", "pair:5,4", "reverse", "c0", 4, 5)
    assert GAME.to_move(after) == [1 - seat] and after.phase == ROLL and after.throw_no == 2
    assert not GAME.continues(after, seat) and not GAME.continues(after, 1 - seat)
    assert after.dice is None and after.prev_power == 1
    assert [(s.cell, s.seat, s.n) for s in after.stones] == [("h9", seat, 1)]
    view = GAME.view(after, None)
    assert view["last"] == {
        "seat": seat,
        "combo": "pair:5,4",
        "trajectory": "reverse",
        "start": "c0",
        "numbers": [4, 5],
        "power": 1,
        "path": ["c1", "c2", "c3", "c4", "d5", "e6", "f7", "g8", "h9"],
        "moves": [],
        "foul": False,
    }
    assert event(after, "throw")["out"] == []


def test_throws_are_checked_part_by_part() -> None:
    state = make_state(dice=[3, 3, 3, 1, 5])  # three: 5, 3, 1; power 3
    assert trajectories(state) == ["reverse", "shortened", "triple"]
    ok = ["throw", "three:5,3,1", "triple", "d0", 3, 5, 1]
    assert GAME.apply(state, 0, ok).throw_no == 2
    cases: list[tuple[list[Any], str]] = [
        (["throw", "three:5,3,1", "semaphore", "c0", 5, 3], "curling-over-limit"),
        (["throw", "pair:5,3", "reverse", "c0", 3, 5], "curling-unknown-combo"),
        (["throw", "null"], "curling-unknown-combo"),
        (["throw", "three:5,3,1", "reverse", "c0", 3, 3], "curling-number-not-in-set"),
        (["throw", "three:5,3,1", "reverse", "c0", 5, 1], "curling-constraint"),
        (["throw", "three:5,3,1", "shortened", "c0", 1, 3], "curling-constraint"),
        (["throw", "three:5,3,1", "reverse", "b0", 1, 3], "curling-bad-start"),
        (["throw", "three:5,3,1", "reverse", "c0", 1], "curling-segment-count"),
        (["throw", "three:5,3,1", "reverse", "c0", 1, 6], "curling-bad-number"),
        (["throw", "three:5,3,1", "reverse", "c0", 1, "3"], "curling-bad-number"),
        (["throw", "three:5,3,1", "loop", "c0", 1, 3], "curling-unknown-trajectory"),
        (["throw", "three:5,3,1", "reverse"], "curling-bad-arity"),
        (["throw"], "curling-bad-arity"),
        (["roll"], "curling-wrong-phase"),
        (["jump"], "curling-unknown-action"),
    ]
    for action, code in cases:
        assert refusal(state, action).code == code, action
    error = refusal(state, cases[0][0])
    assert error.params == {"trajectory": "semaphore", "power": 5, "l": 3, "l1": 3, "l2": None}
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, ok)


# -- the second limit L2 ---------------------------------------------------------------


FOUR = [4, 4, 4, 4, 2]  # four: power 5


def limit(state: CurlingState) -> dict[str, Any]:
    return GAME.view(state, None)["limit"]  # type: ignore[no-any-return]


def test_l2_on_the_first_throw_of_an_end_is_none() -> None:
    state = make_state(dice=FOUR)
    assert limit(state) == {"l1": 5, "l2": None, "l": 5}
    assert trajectories(state) == ["reverse", "shortened", "triple", "quadruple", "semaphore"]


@pytest.mark.parametrize(
    ("stones", "prev", "l2"),
    [
        ("d8:r e2:b", 3, 2),  # red is winning: one less than blue's previous throw
        ("d8:r e2:b", 1, 1),  # … but never below the reverse trajectory
        ("d8:r e2:b", 5, 4),
        ("e2:r c2:b", 3, 4),  # drawn: one more
        ("e2:r c2:b", 5, 5),  # … capped at 5
        ("e2:r c2:b", 1, 2),
        ("d8:b c2:r", 1, 5),  # losing: no limit
        ("d8:b c2:r", 4, 5),
    ],
)
def test_l2_when_winning_drawn_or_losing(stones: str, prev: int, l2: int) -> None:
    state = make_state(stones, throw_no=3, hammer=1, dice=FOUR, prev_power=prev)
    assert state.turn == 0  # red, the first player of the end
    assert limit(state) == {"l1": 5, "l2": l2, "l": l2}
    allowed = [t for t, p in [("shortened", 2), ("triple", 3), ("quadruple", 4)] if p <= l2]
    expected = ["reverse", *allowed] + (["semaphore"] if l2 == 5 else [])
    assert trajectories(state) == expected
    why = GAME.explain(state, 0, [])
    assert [c.key for c in why] == [
        f"p{t}" for t in ("shortened", "triple", "quadruple", "semaphore") if t not in expected
    ]
    for choice in why:
        assert choice.msg == "error-curling-over-limit"
        assert (choice.args["l"], choice.args["l1"], choice.args["l2"]) == (l2, 5, l2)


def test_l2_follows_the_previous_throw_in_play() -> None:
    # blue is losing (red's d8 in the centre): a semaphore is allowed whatever red threw
    blue = make_state("d8:r", throw_no=2, hammer=1, dice=FOUR, prev_power=5)
    assert blue.turn == 1 and limit(blue)["l2"] == 5
    after = play(blue, "throw", "four:4,4,4,4,2", "reverse", "c0", 2, 4)  # ends on g6
    assert after.prev_power == 1 and after.turn == 0
    # red is still winning 1 : 0: one less than blue's reverse, so the reverse only
    assert GAME.view(after, None)["house"]["score"] == [1, 0]
    assert limit(after) == {"l1": None, "l2": 1, "l": None}


# -- the free guard rule in play -------------------------------------------------------


def test_a_foul_on_throw_3_is_undone_and_said() -> None:
    # blue (first player: red has the hammer) pushes its c2 to c4, then knocks the
    # red guard at e3 off the field: on throw 3 that is a foul
    state = make_state("c2:b e3:r", throw_no=3, hammer=0, dice=[3, 3, 1, 5, 2])
    assert state.turn == 1
    after = play(state, "throw", "pair:5,3", "reverse", "c0", 3, 5)
    assert [(s.cell, s.seat) for s in after.stones] == [("e3", 0), ("c2", 1)]
    assert (after.thrown, after.out) == ([1, 2], [0, 1])
    assert kinds(after) == ["throw", "foul"]
    assert event(after, "throw")["foul"] is True and event(after, "throw")["out"] == ["blue"]
    assert event(after, "foul") == {"guards": ["e3"]}
    last = GAME.view(after, None)["last"]
    assert last["foul"] is True and last["path"] == ["c1", "d2"]
    assert last["moves"] == [
        {"colour": "blue", "n": 1, "from": "c2", "to": "c4"},
        {"colour": "red", "n": 1, "from": "e3", "to": None},
    ]


def test_no_foul_on_throw_6_or_later() -> None:
    state = make_state("c2:b e3:r", throw_no=7, hammer=0, dice=[3, 3, 1, 5, 2])
    assert state.turn == 1
    after = play(state, "throw", "pair:5,3", "reverse", "c0", 3, 5)
    assert [(s.cell, s.seat) for s in after.stones] == [("c4", 1), ("d2", 1)]
    assert after.out == [3, 2] and kinds(after) == ["throw"]
    assert event(after, "throw")["out"] == ["red"]


# -- ends, the hammer, the match -------------------------------------------------------


def last_throw(stones: str, hammer: int, **fields: Any) -> CurlingState:
    """Throw 16 of an end: the hammer throws a reverse 1, 4 from c0 that ends on g5."""
    state = make_state(stones, throw_no=16, hammer=hammer, dice=[1, 1, 2, 3, 4], **fields)
    assert state.turn == hammer
    after: CurlingState = play(state, "throw", "pair:4,1", "reverse", "c0", 1, 4)
    return after


def test_the_loser_of_an_end_gets_the_hammer() -> None:
    state = last_throw("d8:r", hammer=0)  # red had the hammer and won 1 : 0
    assert state.end_scores == [[1, 0]] and state.match == [1, 0]
    assert state.hammer == 1
    assert event(state, "end_over") == {
        "end": 1,
        "zones": [[1, 0], [0, 0], [0, 0]],
        "score": [1, 0],
        "match": [1, 0],
        "hammer": 1,
    }
    assert event(state, "end_start") == {"end": 2, "hammer": 1, "first": 0}
    assert (state.end, state.throw_no, state.turn, state.phase) == (2, 1, 0, ROLL)
    assert (state.stones, state.thrown, state.out, state.prev_power) == ([], [0, 0], [0, 0], None)
    assert GAME.view(state, None)["last"]["start"] == "c0"  # the last throw stays shown

    state = last_throw("d8:b", hammer=0)  # blue won: red, the loser, keeps it
    assert (state.end_scores, state.hammer, state.turn) == ([[0, 1]], 0, 1)


def test_a_drawn_end_keeps_the_hammer() -> None:
    for hammer in (0, 1):
        state = last_throw("a8:r h8:b", hammer=hammer)
        assert state.end_scores == [[0, 0]] and state.hammer == hammer
        assert state.turn == 1 - hammer


def test_a_tied_match_gets_extra_ends_until_one_is_won() -> None:
    state = last_throw("", hammer=0, ends=2, end=2, match=[1, 1], end_scores=[[1, 0], [0, 1]])
    assert not GAME.is_over(state)
    assert (state.end, state.match, state.hammer) == (3, [1, 1], 0)
    view = GAME.view(state, None)
    assert (view["end"], view["ends"]) == (3, 2)

    state = last_throw("d8:r d9:r", hammer=0, ends=2, end=3, match=[1, 1])
    assert GAME.is_over(state) and state.phase == OVER
    assert GAME.result(state) == {"scores": [3, 1], "winners": [0]}
    assert kinds(state)[-2:] == ["end_over", "game_end"]
    # No next end, so nobody holds its hammer.
    assert event(state, "end_over") == {
        "end": 3,
        "zones": [[2, 0], [0, 0], [0, 0]],
        "score": [2, 0],
        "match": [3, 1],
        "hammer": None,
    }
    assert event(state, "game_end") == {"winners": [0], "scores": [3, 1]}
    assert GAME.to_move(state) == [] and GAME.legal_actions(state, 0) == []
    with pytest.raises(GameOver):
        GAME.apply(state, 0, ["roll"])
    view = GAME.view(state, None)
    assert view["over"] and view["winners"] == [0] and view["turn"] is None
    assert [s["cell"] for s in view["stones"]] == ["d8", "d9", "g5"]


def test_the_match_ends_after_the_agreed_ends_when_not_tied() -> None:
    state = last_throw("e9:b", hammer=1, ends=2, end=2, match=[1, 0])
    assert not GAME.is_over(state) and state.end == 3  # 1 : 1 after two ends
    assert GAME.result(state) == {"scores": [1, 1], "winners": []}
    state = last_throw("e9:b f9:b", hammer=1, ends=2, end=2, match=[1, 0])
    assert GAME.result(state) == {"scores": [1, 2], "winners": [1]}


# -- previews --------------------------------------------------------------------------


def test_preview_of_example_1_and_apply_agree() -> None:
    state = make_state("c5:b f7:r", throw_no=3, hammer=0, dice=[5, 5, 4, 4, 1])
    assert state.turn == 1
    action = ["throw", "two_pairs:5,4", "shortened", "c0", 5, 4]
    before = GAME.dumps(state)
    preview = GAME.preview(state, 1, action)
    assert GAME.dumps(state) == before
    assert preview == {
        "seat": 1,
        "combo": "two_pairs:5,4",
        "trajectory": "shortened",
        "start": "c0",
        "numbers": [5, 4],
        "power": 2,
        "path": ["c1", "c2", "c3", "c4", "d5", "e6"],
        "moves": [
            {"colour": "blue", "n": 1, "from": "c5", "to": "c6", "path": ["c6"]},
            {"colour": "red", "n": 1, "from": "f7", "to": "h9", "path": ["g8", "h9"]},
        ],
        "foul": False,
        "stones": [
            {"cell": "h9", "colour": "red", "n": 1},
            {"cell": "c6", "colour": "blue", "n": 1},
            {"cell": "e6", "colour": "blue", "n": 2},
        ],
        "house": {"zones": [[0, 0], [0, 0], [0, 2]], "score": [0, 2]},
        "segments": [
            {"cells": ["c1", "c2", "c3", "c4"], "hits": ["c5"]},
            {"cells": ["d5", "e6"], "hits": ["f7"]},
        ],
    }
    after = GAME.apply(state, 1, action)
    view = GAME.view(after, None)
    assert view["last"] == {
        k: v for k, v in preview.items() if k not in ("stones", "house", "segments")
    } | {"moves": [{k: v for k, v in m.items() if k != "path"} for m in preview["moves"]]}
    assert view["stones"] == preview["stones"] and view["house"] == preview["house"]


def test_preview_of_example_2_shows_the_chain_and_the_stone_out() -> None:
    state = make_state("e8:r a8:r d5:b e5:b", throw_no=5, hammer=0, dice=[5, 5, 5, 5, 3])
    assert state.turn == 1
    preview = GAME.preview(state, 1, ["throw", "four:5,5,5,5,3", "semaphore", "e0", 5, 3])
    assert preview["segments"] == [
        {"cells": ["e1", "e2", "e3", "e4"], "hits": ["e5"]},
        {"cells": [], "hits": ["d5"]},
    ]
    assert preview["moves"] == [
        {"colour": "blue", "n": 2, "from": "e5", "to": "e7", "path": ["e6", "e7"]},
        {"colour": "red", "n": 1, "from": "e8", "to": "e12", "path": ["e9", "e10", "e11", "e12"]},
        {"colour": "blue", "n": 1, "from": "d5", "to": "b7", "path": ["c6", "b7"]},
        {"colour": "red", "n": 2, "from": "a8", "to": None, "path": []},
    ]
    assert sorted(s["cell"] for s in preview["stones"]) == ["b7", "e12", "e4", "e7"]
    assert preview["foul"] is False


def test_preview_refuses_like_apply() -> None:
    state = make_state("c5:b f7:r", throw_no=3, hammer=0, dice=[5, 5, 4, 4, 1])
    with pytest.raises(IllegalAction) as info:
        GAME.preview(state, 1, ["throw", "two_pairs:5,4", "semaphore", "c0", 5, 4])
    assert info.value.code == "curling-over-limit"
    with pytest.raises(NotYourTurn):
        GAME.preview(state, 0, ["throw", "two_pairs:5,4", "shortened", "c0", 5, 4])
    with pytest.raises(IllegalAction) as info:
        GAME.preview(make_state(), 0, ["roll"])
    assert info.value.code == "curling-preview-throw-only"
    with pytest.raises(IllegalAction):
        GAME.preview(state, 1, [])
    with pytest.raises(IllegalAction) as info:
        GAME.preview(make_state(), 0, ["throw", "pair:5,4", "reverse", "c0", 4, 5])
    assert info.value.code == "curling-wrong-phase"


# -- menus and explanations ------------------------------------------------------------


def test_a_dice_throw_menu_trajectory_numbers_start_confirm() -> None:
    state = make_state(dice=[5, 5, 4, 4, 1])  # two pairs: 5, 4; power 2; first throw
    menu = build_menu(GAME, state, 0)
    assert keys(menu.options) == ["preverse", "pshortened"]
    assert menu.options[1].args == {"trajectory": "shortened", "power": 2}
    menu = build_menu(GAME, state, 0, (0,))
    assert keys(menu.options) == ["n4"]  # reverse needs A ≤ B: A = 4, B = 5
    assert menu.options[0].args == {"segment": "A", "value": 4}
    why = GAME.explain(state, 0, ["preverse"])
    assert [(c.key, c.msg, c.args) for c in why] == [
        (
            "n5",
            "error-curling-constraint",
            {"trajectory": "reverse", "segment": "A", "value": 5, "rule": "A ≤ B"},
        )
    ]
    assert GAME.explain(state, 0, ["preverse", "n4"]) == []
    menu = build_menu(GAME, state, 0, (0, 0, 0))
    assert keys(menu.options) == ["sc0", "sd0", "se0", "sf0"]
    menu = build_menu(GAME, state, 0, (0, 0, 0, 2))
    assert keys(menu.options) == ["ok"]
    assert menu.options[0].msg == "curling-choice-confirm"
    assert menu.options[0].args == {"trajectory": "reverse", "start": "e0", "numbers": "4 5"}
    done = build_menu(GAME, state, 0, (0, 0, 0, 2, 0))
    assert done.action == ("throw", "two_pairs:5,4", "reverse", "e0", 4, 5)
    explained = GAME.explain(state, 0, [])
    assert [c.key for c in explained] == ["ptriple", "pquadruple", "psemaphore"]


def test_dice_step_menus() -> None:
    state = make_state(rng=TWO_SIXES)
    assert [(c.key, c.msg) for c in build_menu(GAME, state, 0).options] == [
        ("roll", "curling-choice-roll")
    ]
    state = play(state, "roll")
    options = build_menu(GAME, state, 0).options
    assert keys(options) == ["t0", "t1", "t3", "rethrow"]
    assert options[0].args == {"die": 1, "value": 5, "marked": False}
    assert options[-1].args == {"count": 2}
    state = play(state, "toggle", 1)
    options = build_menu(GAME, state, 0).options
    assert options[1].args == {"die": 2, "value": 3, "marked": True}
    assert options[-1].args == {"count": 3}


def test_menu_numbers_only_lead_to_valid_throws() -> None:
    state = make_state(dice=[5, 3, 1, 4, 2])  # straight: power 4
    legal = set(GAME.legal_actions(state, 0))
    for action in legal:
        path = GAME.choice_path(state, 0, action)
        assert path[0].key == f"p{action[2]}" and path[-1].key == "ok"
    # quadruple needs A ≥ B ≥ C from 5 4 3 2 1 (each once): A = 1 or 2 cannot start one
    menu = build_menu(GAME, state, 0, (3,))
    assert menu.taken[0].key == "pquadruple"
    assert keys(menu.options) == ["n3", "n4", "n5"]
    why = GAME.explain(state, 0, ["pquadruple"])
    assert [c.key for c in why] == ["n1", "n2"]
    assert why[0].args == {
        "trajectory": "quadruple",
        "segment": "A",
        "value": 1,
        "rule": "A ≥ B ≥ C",
    }
    # the vertical segment is free of the constraint: any number left in the set…
    menu = build_menu(GAME, state, 0, (3, 2))
    assert keys(menu.options) == ["n1", "n2", "n3", "n4"]
    assert menu.options[0].args["segment"] == "V"
    # … that leaves B > C possible: after A = 3 only 2 and 1 are left for them
    assert keys(build_menu(GAME, state, 0, (3, 0)).options) == ["n4", "n5"]
    why = GAME.explain(state, 0, ["pquadruple", "n3"])
    assert [(c.key, c.args["segment"]) for c in why] == [("n1", "V"), ("n2", "V")]


# -- the card variant ------------------------------------------------------------------


def test_a_card_end_lays_main_cards_by_deck_size() -> None:
    for deck, main, left in ((36, 5, 31), (52, 6, 46), (54, 6, 48)):
        state = GAME.new_game(2, {"variant": "cards", "deck": deck}, seed=2)
        assert state.cards is not None
        assert (len(state.cards.main), len(state.cards.deck)) == (main, left)
        assert kinds(state) == ["end_start", "deal"]
        assert event(state, "deal") == {"main": state.cards.main, "reason": "end"}
        assert state.phase == DRAW and state.dice is None
        view = GAME.view(state, None)
        assert view["deck"] == deck and view["dice"] is None and view["marked"] is None
        assert view["cards"] == {
            "main": state.cards.main,
            "subs": [[], []],
            "deck": left,
            "discard": 0,
        }
        seat = state.turn
        assert seat is not None and GAME.legal_actions(state, seat) == [("draw",), ("stop",)]
        assert not GAME.continues(state, seat)


MAIN = "QS 7H 7D AC 9S"
#: Five main cards that make no combination: a null is the only reading.
NULL_MAIN = "6S 8H 10D QC AS"


def throw_first(state: CurlingState, seat: int) -> CurlingState:
    """``seat`` makes its first legal throw (a stone on the field, unless it leaves)."""
    return GAME.apply(state, seat, list(GAME.legal_actions(state, seat)[0]))


def test_substitutions_first_player_then_second_from_the_deck_then_from_the_first() -> None:
    state = make_state(variant=CARDS, main=MAIN, hammer=1)  # red first
    assert state.turn == 0
    menu = build_menu(GAME, state, 0)
    assert [(c.key, c.msg) for c in menu.options] == [
        ("draw", "curling-choice-draw"),
        ("stop", "curling-choice-stop"),
    ]
    for card in ("6S", "7S", "8S"):
        state = play(state, "draw")
        assert event(state, "draw") == {"card": card, "source": "deck"}
        assert GAME.continues(state, 0)
    state = play(state, "stop")
    assert state.phase == AIM and event(state, "stop") == {"count": 3}
    combos = GAME.view(state, None)["combinations"]
    # QS AC kept with 6S 7S 8S make nothing: a planned throw-away is possible.
    assert combos[-1] == {"key": "null", "name": "null", "numbers": [], "power": 1}
    assert combos[0]["key"] == "flush:3,1,1,1,1"  # QS 9S with 6S 7S 8S
    assert "three:1,1,1" in [c["key"] for c in combos]  # 7H 7D 7S with 6S 8S
    state = play(state, "throw", "null")
    assert (state.turn, state.phase, state.out, state.thrown) == (1, DRAW, [1, 0], [1, 0])
    assert GAME.view(state, None)["last"]["trajectory"] is None
    # blue: from the deck while the table holds fewer than five substitution cards
    for card in ("10S", "JS"):
        state = play(state, "draw", seat=1)
        assert event(state, "draw") == {"card": card, "source": "deck"}
    # then any of red's, named: «взять у первого бубновую восьмерку»
    menu = build_menu(GAME, state, 1)
    assert [(c.key, c.args) for c in menu.options] == [
        ("d6S", {"card": "6S"}),
        ("d7S", {"card": "7S"}),
        ("d8S", {"card": "8S"}),
        ("stop", {}),
    ]
    assert GAME.legal_actions(state, 1) == [
        ("draw", "6S"),
        ("draw", "7S"),
        ("draw", "8S"),
        ("stop",),
    ]
    state = play(state, "draw", "8S", seat=1)
    assert event(state, "draw") == {"card": "8S", "source": "opponent"}
    assert state.cards is not None and state.cards.subs == [["6S", "7S"], ["10S", "JS", "8S"]]
    state = play(play(state, "draw", "6S", seat=1), "stop", seat=1)
    assert state.cards.subs == [["7S"], ["10S", "JS", "8S", "6S"]]
    # after both throws: main cards to the discard pile, the substitutions left become
    # main (the first player's, then the second's)
    state = throw_first(state, 1)
    assert state.cards.main == ["7S", "10S", "JS", "8S", "6S"]
    assert state.cards.discard == MAIN.split() and state.cards.subs == [[], []]
    assert event(state, "deal") == {"main": state.cards.main, "reason": "round"}
    assert (state.turn, state.phase, state.throw_no) == (0, DRAW, 3)


def test_taking_the_first_players_cards_is_refused_in_every_wrong_way() -> None:
    state = make_state(variant=CARDS, main=MAIN, subs=("6S 7S 8S", "10S JS"), throw_no=2)
    assert state.turn == 1
    assert refusal(state, ["draw"]).code == "curling-deck-closed"
    assert refusal(state, ["draw", "9S"]).code == "curling-draw-not-offered"
    assert refusal(state, ["draw", "8S", "7S"]).code == "curling-bad-arity"
    why = GAME.explain(state, 1, [])
    assert [(c.key, c.msg) for c in why] == [("draw", "error-curling-deck-closed")]
    # While the deck is open, naming a card is refused.
    early = make_state(variant=CARDS, main=MAIN, subs=("6S 7S", ""), throw_no=2)
    assert refusal(early, ["draw", "6S"]).code == "curling-draw-deck-first"
    assert GAME.explain(early, 1, []) == []


def test_the_second_player_takes_the_first_players_cards_when_five_are_out() -> None:
    state = make_state(variant=CARDS, main=MAIN, hammer=0)  # blue first
    assert state.turn == 1
    for _ in range(5):
        state = play(state, "draw")
    assert state.phase == AIM and state.cards is not None and len(state.cards.subs[1]) == 5
    state = throw_first(state, 1)
    first = list(state.cards.subs[1])
    assert GAME.legal_actions(state, 0) == [*(("draw", card) for card in first), ("stop",)]
    state = play(state, "draw", first[2])
    assert event(state, "draw") == {"card": first[2], "source": "opponent"}
    state = play(state, "stop")
    state = throw_first(state, 0)
    # blue's remaining four, then red's one, become the main cards
    assert state.cards.main == [*first[:2], *first[3:], first[2]]
    assert len(state.cards.discard) == 5


def test_the_row_is_topped_up_from_the_deck() -> None:
    state = make_state(variant=CARDS, main=MAIN, hammer=1)
    state = play(play(play(state, "draw"), "draw"), "stop")
    state = play(state, "throw", "null")
    state = throw_first(play(state, "stop", seat=1), 1)
    assert state.cards is not None
    assert state.cards.main == ["6S", "7S", "8S", "10S", "JS"]  # 6S 7S were red's


def test_every_card_is_gathered_and_shuffled_after_each_players_fourth_throw() -> None:
    state = make_state(
        variant=CARDS, main=NULL_MAIN, throw_no=8, hammer=1, phase=AIM, discard="6S 7S 8S 10S JS"
    )
    assert state.turn == 1
    state = play(state, "throw", "null")
    assert state.cards is not None
    assert event(state, "deal")["reason"] == "middle"
    assert (len(state.cards.main), len(state.cards.deck), state.cards.discard) == (5, 31, [])
    assert state.cards.subs == [[], []] and (state.turn, state.throw_no) == (0, 9)


def test_an_empty_deck_takes_the_shuffled_discard_pile() -> None:
    pile = "6S 7S 8S 10S JS"
    state = make_state(variant=CARDS, main=MAIN, hammer=1, deck_cards="", discard=pile)
    state = play(state, "draw")
    assert kinds(state) == ["reshuffle", "draw"]
    assert event(state, "reshuffle") == {"deck": 5}
    assert state.cards is not None and state.cards.discard == [] and len(state.cards.deck) == 4
    assert event(state, "draw")["card"] in pile.split()
    # nothing at all left to take: the player goes straight to aiming
    empty = make_state(variant=CARDS, main=MAIN, hammer=1, deck_cards="")
    assert GAME.legal_actions(empty, 0) == [("stop",)]
    assert refusal(empty, ["draw"]).code == "curling-cannot-draw"


def test_a_full_deck_combination_leaves_one_main_card_unused() -> None:
    state = make_state(variant=CARDS, deck=52, main="2S KH 2D KS QC 9S", phase=AIM)
    combos = [c["key"] for c in GAME.view(state, None)["combinations"]]
    assert combos[0] == "two_pairs:4,3,2" and "two_pairs:4,2,1" in combos
    assert "null" not in combos  # two pairs of six cards can never make nothing
    menu = build_menu(GAME, state, 0)
    assert menu.options[0].key == "ktwo_pairs:4,3,2"
    # The button names the five cards the numbers come from (Q♣ the fifth, 9♠ unused).
    assert menu.options[0].args == {
        "name": "two_pairs",
        "numbers": "4 3 2",
        "power": 2,
        "cards": ["2S", "KH", "2D", "KS", "QC"],
    }
    # the explanations follow the chosen combination
    why = GAME.explain(state, 0, ["ktwo_pairs:4,3,2"])
    assert [c.key for c in why] == ["ptriple", "pquadruple", "psemaphore"]
    assert GAME.explain(state, 0, []) == []


def test_a_planned_null_is_the_last_combination_of_the_menu() -> None:
    state = make_state(variant=CARDS, main=MAIN, subs=("6C", ""), phase=AIM)
    menu = build_menu(GAME, state, 0)
    assert menu.options[-1].key == "knull" and menu.options[-1].msg == "curling-choice-null"
    done = build_menu(GAME, state, 0, (len(menu.options) - 1,))
    assert [(c.key, c.msg) for c in done.options] == [("ok", "curling-choice-confirm-null")]


def test_a_null_is_refused_when_the_cards_cannot_make_one() -> None:
    # A pair and no substitution card: «умышленно размещает свои подменные карты
    # так, чтобы получилась пустая комбинация» is impossible here.
    state = make_state(variant=CARDS, main=MAIN, phase=AIM)
    assert ("throw", "null") not in GAME.legal_actions(state, 0)
    assert refusal(state, ["throw", "null"]).code == "curling-unknown-combo"
    # A natural null is the only combination, and so its step is skipped.
    natural = make_state(variant=CARDS, main=NULL_MAIN, phase=AIM)
    assert GAME.legal_actions(natural, 0) == [("throw", "null")]
    assert [c.key for c in build_menu(GAME, natural, 0).options] == ["ok"]


def test_a_null_throw_counts_as_power_1() -> None:
    state = make_state("d8:r", variant=CARDS, main=NULL_MAIN, phase=AIM, throw_no=2, hammer=1)
    assert state.turn == 1
    after = play(state, "throw", "null")
    assert after.prev_power == 1
    assert GAME.view(after, None)["last"] == {
        "seat": 1,
        "combo": "null",
        "trajectory": None,
        "start": None,
        "numbers": [],
        "power": 1,
        "path": [],
        "moves": [],
        "foul": False,
    }
    assert refusal(state, ["throw", "null", "reverse"]).code == "curling-bad-arity"


def test_a_stone_stopped_on_the_start_row_is_out_and_gone() -> None:
    # Red's 10th throw: A, V and B blocked at their first cells, C slides it to e0.
    state = make_state("c1:b d1:b e1:b", throw_no=10, hammer=0, prev_power=4, dice=[1, 1, 1, 2, 2])
    assert state.turn == 0
    after = play(state, "throw", "three_two:2,2,1,1,1", "quadruple", "d0", 2, 1, 1, 1)
    assert sorted(s.cell for s in after.stones) == ["a3", "d7", "f2"]  # blue's three, no red
    assert after.out == [state.out[0] + 1, state.out[1]]
    assert event(after, "throw")["out"] == ["red"]
    # A later throw from e0 finds the start cell empty: blue keeps all three stones.
    later = play(after, "roll")
    assert [s.seat for s in later.stones] == [1, 1, 1]


# -- serialisation ---------------------------------------------------------------------


def test_json_round_trip_in_every_phase() -> None:
    states = [
        GAME.new_game(2, None, seed=1),
        play(make_state(rng=TWO_SIXES), "roll"),
        make_state("c5:b f7:r", throw_no=3, hammer=0, dice=[5, 5, 4, 4, 1]),
        make_state(variant=CARDS, main=MAIN),
        play(make_state(variant=CARDS, main=MAIN), "draw"),
        last_throw("d8:r d9:r", hammer=0, ends=2, end=3, match=[1, 1]),
        GAME.new_game(2, {"variant": "cards", "deck": 54}, seed=9),
    ]
    for state in states:
        text = GAME.dumps(state)
        loaded = GAME.loads(text)
        assert loaded == state and GAME.dumps(loaded) == text
        assert GAME.view(loaded, 0) == GAME.view(state, 0)
