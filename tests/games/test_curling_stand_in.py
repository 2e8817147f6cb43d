"""The Logical Curling stand-in: it rolls and keeps, takes no blind card but the
first player's cards that help, and throws for the best house count, never
fouling when it can help it."""

from __future__ import annotations

import random
from functools import partial

from games.curling.game import CurlingGame
from games.curling.stand_in import score_throw
from games.curling.state import CARDS, CurlingState
from tests.games import moves
from tests.games.curling_positions import make_state

GAME = CurlingGame()
play = partial(moves.play, GAME)


def stand_in(state: CurlingState, seed: int = 1) -> tuple[object, ...]:
    seat = GAME.to_move(state)[0]
    return GAME.stand_in(state, seat, GAME.legal_actions(state, seat), random.Random(seed))


def house_after(state: CurlingState, action: tuple[object, ...]) -> list[int]:
    seat = GAME.to_move(state)[0]
    return GAME.view(GAME.apply(state, seat, action), None)["house"]["score"]  # type: ignore[no-any-return]


def test_dice_roll_then_keep_or_rethrow_the_sixes() -> None:
    state = make_state(rng=0)
    assert stand_in(state) == ("roll",)
    rolled = play(state, "roll")
    assert rolled.dice == [4, 4, 1, 3, 5] and stand_in(rolled) == ("keep",)
    sixes = play(make_state(rng=5), "roll")
    assert stand_in(sixes) == ("rethrow",)
    # a move begun with marks is finished: the marked dice are re-thrown
    marked = play(rolled, "toggle", 2)
    assert stand_in(marked) == ("rethrow",)


def test_cards_no_blind_card_but_the_first_players_that_help() -> None:
    state = make_state(variant=CARDS, main="QS 7H 7D AC 9S")
    assert stand_in(state) == ("stop",)
    # Blue second, the table full: red's 7S makes three sevens (power 3), its 8C nothing.
    full = make_state(variant=CARDS, main="QS 7H 7D AC 9S", subs=("8C 7S 10H", "6D KH"), throw_no=2)
    assert full.turn == 1
    assert stand_in(full) == ("draw", "7S")
    taken = play(full, "draw", "7S", seat=1)
    # No card of red's left makes it stronger: it stops.
    assert stand_in(taken) == ("stop",)


def test_it_throws_for_the_best_house_count() -> None:
    # blue leads with two stones in the centre; red (four: power 5) has every throw
    state = make_state("d5:r d8:b e9:b", throw_no=4, hammer=0, dice=[4, 4, 4, 4, 2])
    seat = GAME.to_move(state)[0]
    assert seat == 0
    chosen = stand_in(state)
    best = max(score_throw(state, seat, action)[:2] for action in GAME.legal_actions(state, seat))
    assert score_throw(state, seat, chosen)[:2] == best
    score = house_after(state, chosen)
    assert score[0] - score[1] == best[1]
    # the same random generator gives the same throw
    assert stand_in(state, seed=3) == stand_in(state, seed=3)


def test_it_does_not_foul_when_it_can_help_it() -> None:
    # throw 5: blue could knock red's guards at e3 and g5 off the field (reverse 1, 5)
    state = make_state("g5:r e3:r", throw_no=5, hammer=0, dice=[5, 5, 5, 5, 1])
    seat = GAME.to_move(state)[0]
    assert seat == 1
    actions = GAME.legal_actions(state, seat)
    fouls = [a for a in actions if score_throw(state, seat, a)[0] == 0]
    assert fouls  # there are fouling throws …
    chosen = stand_in(state)
    assert chosen not in fouls  # … and the stand-in makes none
    after = GAME.apply(state, seat, chosen)
    assert after.last is not None and not after.last.foul


def test_it_plays_whole_matches() -> None:
    for options in ({"ends": 2}, {"variant": "cards", "deck": 54, "ends": 2}):
        state = GAME.new_game(2, options, seed=11)
        rnd = random.Random(11)
        throws = 0
        while not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            action = GAME.stand_in(state, seat, GAME.legal_actions(state, seat), rnd)
            state = GAME.apply(state, seat, action)
            throws += action[0] == "throw"
        assert throws >= 32
        assert GAME.result(state)["winners"]
