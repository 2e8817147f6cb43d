"""Caravan scenarios on built positions: every move, face cards, selling, game and
match ends, options, views, menus and refusals."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import partial
from typing import Any

import pytest

from games import (
    GameError,
    GameOver,
    IllegalAction,
    InvalidOptions,
    MalformedAction,
    NotYourTurn,
    registry,
)
from games.caravan.decks import standard_deck, tag
from games.caravan.game import CaravanGame
from games.caravan.rules import is_numeral, sort_key
from games.caravan.state import CaravanState, GameSummary, LastMove
from games.core.menu import build_menu
from games.core.protocol import Choice
from tests.games import moves
from tests.games.caravan_positions import caravan, make_state

GAME = CaravanGame()


play = partial(moves.play, GAME)
refusal = partial(moves.refusal, GAME)


def table_of(state: CaravanState) -> list[list[str]]:
    """The six caravans written as :func:`caravan` reads them."""
    return [
        [
            " ".join(card + (":" + ",".join(faces) if faces else "") for card, faces in c)
            for c in row
        ]
        for row in state.caravans
    ]


def kinds(state: CaravanState) -> list[str]:
    return [event.kind for event in state.events]


def public_events(state: CaravanState, kind: str) -> list[dict[str, Any]]:
    return [e for e in GAME.view(state, None)["events"] if e["kind"] == kind]


# A mid-game table: seat 0's caravans are 7♠ 9♠ (up, 16), empty, and 10♥ 2♥
# (down, 12); seat 1's are 4♦ 6♦ 8♦ (up, 18), 10♣, and A♠ 3♠ 5♠ (up, 9).
TABLE = ("7S 9S", "", "10H 2H", "4D 6D 8D", "10C", "AS 3S 5S")


# -- numeral cards ------------------------------------------------------------


def test_a_numeral_goes_at_the_end_of_an_own_caravan_then_a_card_is_drawn() -> None:
    state = make_state(TABLE, ("10S 5C KH", "2S"))
    new = play(state, "play", "10S", 0)
    assert table_of(new)[0][0] == "7S 9S 10S"
    assert new.hands[0] == ["4C", "5C", "KH"]
    assert new.decks[0] == ["2C", "3C"]
    assert new.turn == 1
    assert new.last == LastMove(0, "play", "10S", 0, 0, 2, 0)
    assert kinds(new) == ["play", "draw"]
    assert public_events(new, "play") == [
        {"kind": "play", "seat": 0, "card": "10S", "pair": 0, "pos": 2}
    ]
    # The drawn card is the drawer's alone.
    assert public_events(new, "draw") == [{"kind": "draw", "seat": 0}]
    assert [e for e in GAME.view(new, 0)["events"] if e["kind"] == "draw"] == [
        {"kind": "draw", "seat": 0, "card": "4C"}
    ]
    assert [e for e in GAME.view(new, 1)["events"] if e["kind"] == "draw"] == [
        {"kind": "draw", "seat": 0}
    ]
    assert state.hands[0] == ["5C", "10S", "KH"]  # the input is untouched


def test_the_numeral_rules_hold_in_play() -> None:
    state = make_state(TABLE, ("9H 5C 3H AH", "2S"))
    assert refusal(state, ["play", "9H", 0]).code == "caravan-same-value"
    assert refusal(state, ["play", "5C", 0]).code == "caravan-wrong-direction"
    # A♥ continues 10♥ 2♥ downwards; 3♥ goes up but matches the suit.
    assert play(state, "play", "AH", 2).caravans[0][2][-1] == ("AH", [])
    assert play(state, "play", "3H", 2).caravans[0][2][-1] == ("3H", [])
    # The empty caravan takes anything.
    assert play(state, "play", "5C", 1).caravans[0][1] == [("5C", [])]


def test_numeral_cards_only_on_own_caravans_and_face_cards_only_attached() -> None:
    state = make_state(TABLE, ("9D KH", "2S"))
    # "play" has no owner: it is always the actor's own caravan.
    assert play(state, "play", "9D", 1).caravans[1] == state.caravans[1]
    assert refusal(state, ["attach", "9D", 1, 0, 2]).code == "caravan-not-a-face"
    assert refusal(state, ["play", "KH", 1]).code == "caravan-not-a-numeral"
    assert ("play", "9D", 1) in GAME.legal_actions(state, 0)
    assert not [a for a in GAME.legal_actions(state, 0) if a[0] == "attach" and a[1] == "9D"]


# -- face cards ---------------------------------------------------------------


def test_two_kings_make_four_times_the_card() -> None:
    state = make_state(("4S", "", "", "10C", "", ""), ("KH KD", "KS 2S"))
    once = play(state, "attach", "KH", 0, 0, 0)
    assert GAME.view(once, None)["caravans"][0][0]["value"] == 8
    twice = play(play(once, "discard", "2S"), "attach", "KD", 0, 0, 0)
    assert table_of(twice)[0][0] == "4S:KH,KD"
    assert GAME.view(twice, None)["caravans"][0][0]["value"] == 16


def test_a_king_on_the_opponents_caravan_can_bust_it() -> None:
    state = make_state(("", "", "", "10C 9C 5C", "", ""), ("KH 2S", "3D"))
    new = play(state, "attach", "KH", 1, 0, 0)
    view = GAME.view(new, None)
    assert view["caravans"][1][0]["value"] == 34
    assert view["caravans"][1][0]["status"] == "bust"
    assert new.last == LastMove(0, "attach", "KH", 1, 0, 0, 0)


def test_a_jack_removes_the_card_and_its_face_cards() -> None:
    state = make_state(("", "", "", "2C 9D:KH,QS 5C", "", ""), ("JS 4H", "3D"), discard=4)
    new = play(state, "attach", "JS", 1, 0, 1)
    assert table_of(new)[1][0] == "2C 5C"
    # The 9♦, its King and Queen, and the Jack itself.
    assert new.discard == 4 + 4
    assert new.last == LastMove(0, "attach", "JS", 1, 0, 1, 1)
    assert public_events(new, "attach") == [
        {
            "kind": "attach",
            "seat": 0,
            "card": "JS",
            "owner": 1,
            "pair": 0,
            "pos": 1,
            "target": "9D",
            "removed": ["9D"],
        }
    ]
    assert new.hands[0] == ["4H", "4C"]


def test_a_jack_may_empty_a_caravan_which_then_takes_any_numeral() -> None:
    state = make_state(("5S", "", "", "", "", ""), ("JS 5H", "3D"))
    new = play(state, "attach", "JS", 0, 0, 0)
    assert new.caravans[0][0] == []
    again = play(play(new, "discard", "3D"), "play", "5H", 0)
    assert again.caravans[0][0] == [("5H", [])]


def test_queen_only_on_the_last_card_and_it_turns_the_caravan() -> None:
    state = make_state(TABLE, ("QC 4S 8C", "2S 3D"))
    error = refusal(state, ["attach", "QC", 1, 0, 1])
    assert error.code == "caravan-queen-last-only"
    # 4♦ 6♦ 8♦ goes up in diamonds; the Queen of clubs makes it go down in clubs.
    new = play(state, "attach", "QC", 1, 0, 2)
    view = GAME.view(new, None)["caravans"][1][0]
    assert (view["direction"], view["suit"]) == ("down", "C")
    assert view["cards"][2] == {"card": "8D", "faces": ["QC"]}


def test_the_face_limit_and_the_jack_exception() -> None:
    state = make_state(("9S:KH,KD,X1", "", "", "", "", ""), ("KS X2 JC QD", "3D"))
    assert refusal(state, ["attach", "KS", 0, 0, 0]).code == "caravan-face-limit"
    assert refusal(state, ["attach", "X2", 0, 0, 0]).code == "caravan-face-limit"
    assert refusal(state, ["attach", "QD", 0, 0, 0]).code == "caravan-face-limit"
    attaches = [a for a in GAME.legal_actions(state, 0) if a[0] == "attach"]
    assert attaches == [("attach", "JC", 0, 0, 0)]
    assert play(state, "attach", "JC", 0, 0, 0).caravans[0][0] == []


def test_joker_on_an_ace_of_spades_clears_spades_from_both_sides() -> None:
    state = make_state(
        ("6S 7D", "AS", "9S:KH 2H", "3D 6S:QC 8C", "7D 9S", "10H"),
        ("X1 4C", "3D"),
        discard=0,
    )
    new = play(state, "attach", "X1", 0, 1, 0)
    assert table_of(new) == [["7D", "AS:X1", "2H"], ["3D 8C", "7D", "10H"]]
    # 6♠, 9♠ with its King, 6♠ with its Queen, 9♠: six cards; the joker stays.
    assert new.discard == 6
    event = public_events(new, "attach")[0]
    assert event["removed"] == ["6S", "9S", "6S", "9S"]
    assert new.last == LastMove(0, "attach", "X1", 0, 1, 0, 4)


def test_joker_on_a_four_clears_every_other_four_with_its_face_cards() -> None:
    state = make_state(
        ("4S:KH,KD 9S", "AC 4C", "", "2D 4H:QS", "4D", "6C 4S"),
        ("X2 5C", "3D"),
    )
    new = play(state, "attach", "X2", 1, 2, 1)
    assert table_of(new) == [["9S", "AC", ""], ["2D", "", "6C 4S:X2"]]
    assert new.discard == 1 + 2 + 1 + 1 + 1 + 1
    assert public_events(new, "attach")[0]["removed"] == ["4S", "4C", "4H", "4D"]


def test_the_joker_target_position_follows_removals_before_it() -> None:
    state = make_state(("7S 2S 7H", "", "", "", "", ""), ("X1 5C", "3D"))
    new = play(state, "attach", "X1", 0, 0, 2)
    assert table_of(new)[0][0] == "2S 7H:X1"
    assert new.last is not None and new.last.pos == 1
    assert public_events(new, "attach")[0]["pos"] == 2


# -- discard and disband ------------------------------------------------------


def test_discard_hides_the_card_and_draws() -> None:
    state = make_state(TABLE, ("KH 9C", "2S"), discard=3)
    new = play(state, "discard", "KH")
    assert new.hands[0] == ["4C", "9C"]
    assert new.discard == 4
    assert kinds(new) == ["discard", "draw"]
    public = GAME.view(new, None)
    assert public["last"] == {
        "seat": 0,
        "kind": "discard",
        "card": None,
        "owner": None,
        "pair": None,
        "pos": None,
        "removed": 0,
    }
    assert GAME.view(new, 1)["last"]["card"] is None
    assert GAME.view(new, 0)["last"]["card"] == "KH"
    assert public["events"][0] == {"kind": "discard", "seat": 0}
    assert GAME.view(new, 0)["events"][0] == {"kind": "discard", "seat": 0, "card": "KH"}
    assert "KH" not in json.dumps(public) and "KH" not in json.dumps(GAME.view(new, 1))


def test_disband_sends_the_caravan_to_the_discard_pile_without_a_draw() -> None:
    state = make_state(("7S:KH 9S:QD,X2", "", "", "", "", ""), ("2C", "3D"), discard=1)
    new = play(state, "disband", 0)
    assert new.caravans[0][0] == []
    assert new.discard == 6
    assert new.hands[0] == ["2C"] and new.decks[0] == state.decks[0]
    assert kinds(new) == ["disband"]
    assert public_events(new, "disband") == [
        {"kind": "disband", "seat": 0, "pair": 0, "cards": ["7S", "KH", "9S", "QD", "X2"]}
    ]
    assert new.last == LastMove(0, "disband", None, 0, 0, None, 0)
    assert refusal(new, ["disband", 0], seat=1).code == "caravan-disband-empty"
    assert refusal(play(new, "discard", "3D"), ["disband", 0]).code == "caravan-disband-empty"


def test_only_own_non_empty_caravans_can_be_disbanded() -> None:
    state = make_state(TABLE, ("2C", "3D"))
    assert [a for a in GAME.legal_actions(state, 0) if a[0] == "disband"] == [
        ("disband", 0),
        ("disband", 2),
    ]


def test_no_draw_from_an_empty_deck() -> None:
    state = make_state(TABLE, ("9D 5C", "2S"), decks=("", "2D"))
    new = play(state, "play", "9D", 1)
    assert new.hands[0] == ["5C"]
    assert kinds(new) == ["play"]


# -- selling and the end of a game --------------------------------------------


def test_the_game_ends_only_when_all_three_pairs_are_held() -> None:
    # Pair 0: seat 0 sold (23) against a bust 27; pair 1: 24 against 24 (open);
    # pair 2: seat 1 sold (21) against a light 10.
    state = make_state(
        ("10S 9S 4S", "10H 8H 6H", "10D", "10C 9C 8C", "10S 8S 6S", "10H 9H 2H"),
        ("AD 2C", "3D"),
    )
    assert GAME.view(state, None)["pairs"] == [0, None, 1]
    # First a play that decides nothing; then 2♣ makes seat 0's pair 1 worth
    # 26 > 24: all three pairs are held, two of them by seat 0.
    quiet = play(state, "play", "AD", 2)
    assert not GAME.is_over(quiet) and quiet.phase == "main"
    over = play(play(quiet, "discard", "3D"), "play", "2C", 1)
    assert GAME.is_over(over)
    assert GAME.view(over, None)["pairs"] == [0, 0, 1]
    assert GAME.result(over) == {"scores": [1, 0], "winners": [0], "games": 1, "best_of": 1}
    assert kinds(over) == ["play", "game_end", "match_end"]
    assert public_events(over, "game_end") == [
        {
            "kind": "game_end",
            "seat": None,
            "game_no": 1,
            "winner": 0,
            "pairs": [0, 0, 1],
            "wins": [1, 0],
        }
    ]
    assert public_events(over, "match_end") == [
        {"kind": "match_end", "seat": None, "winners": [0], "wins": [1, 0]}
    ]
    assert over.turn is None and GAME.to_move(over) == []
    # No draw once the game is over.
    assert quiet.hands[0] == ["2C", "4C"]
    assert over.hands[0] == ["4C"] and over.decks[0] == quiet.decks[0]
    with pytest.raises(GameOver):
        GAME.apply(over, 1, ["discard", "4D"])


def test_a_move_that_decides_one_pair_and_reopens_another_ends_nothing() -> None:
    # Pairs 0 and 1 are seat 0's; pair 2 is open (seat 0 is bust at 28).
    state = make_state(
        ("10S 9S 4S", "10H 8H 6H", "10D 9D 5D 4H", "5C", "AS 4C", "10C 9C"),
        ("X1 2S", "3D"),
    )
    assert GAME.view(state, None)["pairs"] == [0, 0, None]
    # A joker on 4♣ takes 4♥ (pair 2 sells at 24) and 4♠ (pair 0 drops to 19).
    new = play(state, "attach", "X1", 1, 1, 1)
    assert GAME.view(new, None)["pairs"] == [None, 0, 0]
    assert not GAME.is_over(new) and new.turn == 1


def test_equal_sold_values_leave_the_pair_open_and_play_goes_on() -> None:
    state = make_state(
        ("10S 9S 4S", "10H 8H 6H", "10D 9D 3D", "10C 9C 4C", "10S 8S 6S", "AH 2H"),
        ("5C", "3D"),
    )
    # Pairs 0 and 1 are sold on both sides at equal values.
    assert GAME.view(state, None)["pairs"] == [None, None, 0]
    new = play(state, "discard", "5C")
    assert not GAME.is_over(new)
    assert new.turn == 1


def test_an_empty_hand_may_still_disband_and_plays_on() -> None:
    # The audit: seat 1 lost here although disbanding was still legal for it.
    state = make_state(TABLE, ("9D", ""), decks=("", ""))
    new = play(state, "play", "9D", 1)
    assert not GAME.is_over(new) and new.turn == 1
    assert GAME.legal_actions(new, 1) == [("disband", 0), ("disband", 1), ("disband", 2)]
    assert "empty_hand" not in kinds(new)
    after = play(new, "disband", 0)
    assert not GAME.is_over(after) and after.turn == 0


def test_a_player_left_with_no_move_loses() -> None:
    # Seat 1: no card in hand, the deck spent, and nothing left to disband.
    table = ("7S 9S", "", "10H 2H", "", "", "")
    state = make_state(table, ("9D", ""), decks=("", ""))
    new = play(state, "play", "9D", 1)
    assert GAME.is_over(new)
    assert GAME.result(new)["winners"] == [0]
    assert kinds(new) == ["play", "empty_hand", "game_end", "match_end"]
    assert public_events(new, "empty_hand") == [{"kind": "empty_hand", "seat": 1}]


def test_no_move_left_loses_even_for_the_player_who_emptied_the_hand() -> None:
    table = ("", "", "", "4D 6D 8D", "10C", "AS 3S 5S")
    state = make_state(table, ("9D", "5C 7C"), decks=("", ""))
    after = play(state, "play", "9D", 0)
    assert not GAME.is_over(after) and after.hands[0] == []
    later = play(after, "discard", "5C")
    assert not GAME.is_over(later) and GAME.legal_actions(later, 0) == [("disband", 0)]
    last = play(later, "disband", 0)
    new = play(last, "discard", "7C")
    assert GAME.result(new)["winners"] == [1]
    assert public_events(new, "empty_hand") == [{"kind": "empty_hand", "seat": 0}]


# -- the opening round --------------------------------------------------------


def test_a_new_game_deals_eight_with_three_numerals_each() -> None:
    state = GAME.new_game(2, None, seed=5)
    assert state.phase == "opening" and state.game_no == 1
    assert [len(h) for h in state.hands] == [8, 8]
    assert [len(d) for d in state.decks] == [46, 46]
    for seat in (0, 1):
        assert sum(is_numeral(c) for c in state.hands[seat]) >= 3
        assert state.hands[seat] == sorted(state.hands[seat], key=sort_key)
        assert Counter(state.hands[seat] + state.decks[seat]) == Counter(standard_deck())
    assert state.turn == state.first
    assert kinds(state)[0] == "game_start"
    assert public_events(state, "game_start") == [
        {"kind": "game_start", "seat": None, "game_no": 1, "first": state.first}
    ]
    assert GAME.view(state, None)["last"] is None


def test_the_first_player_comes_from_the_seed() -> None:
    firsts = {GAME.new_game(2, None, seed=seed).first for seed in range(20)}
    assert firsts == {0, 1}
    assert GAME.new_game(2, None, seed=3) == GAME.new_game(2, None, seed=3)


def test_a_hand_with_fewer_than_three_numerals_is_redealt() -> None:
    # Three numeral cards among 30: most first deals miss some of them.
    faces = [tag(c, s) for s in ("A", "B", "C") for c in standard_deck() if not is_numeral(c)]
    deck = [*faces[:27], "AS", "5H", "9D"]
    redeals = 0
    for seed in range(10):
        state = GAME.new_game(2, {"decks": "own", "custom_decks": [deck, None]}, seed=seed)
        assert sorted(c for c in state.hands[0] if is_numeral(c)) == ["5H", "9D", "AS"]
        events = public_events(state, "redeal")
        # One event per seat redealt, with the number of redeals.
        assert [e["seat"] for e in events] in ([], [0], [0, 1], [1])
        assert all(e["times"] >= 1 for e in events)
        redeals += sum(e["times"] for e in events if e["seat"] == 0)
        assert len(state.hands[0]) == 8 and len(state.decks[0]) == 22
    assert redeals > 10


def test_the_most_redealt_deck_gives_one_event() -> None:
    faces = [tag(c, s) for s in ("A", "B", "C") for c in standard_deck() if not is_numeral(c)]
    deck = [*faces, "AS", "5H", "9D"]
    state = GAME.new_game(2, {"decks": "own", "custom_decks": [deck, deck]}, seed=1)
    assert [e["seat"] for e in public_events(state, "redeal")] == [0, 1]
    assert all(e["times"] > 20 for e in public_events(state, "redeal"))
    assert len(GAME.dumps(state)) < 4000


def test_the_opening_round_alternates_three_numerals_each_without_draws() -> None:
    state = make_state(
        None, ("AS 5H 9D KS QH X1 JC 2S", "3C 4D 10H KD QS X2 JH 6S"), phase="opening", first=1
    )
    state.turn = 1
    # Face cards, discards and disbands wait; only empty own caravans take cards.
    assert {a[0] for a in GAME.legal_actions(state, 1)} == {"play"}
    assert refusal(state, ["attach", "KD", 1, 0, 0]).code == "caravan-opening-numerals-only"
    assert refusal(state, ["discard", "KD"]).code == "caravan-opening-no-discard"
    s = play(state, "play", "10H", 1)
    assert refusal(s, ["disband", 0]).code == "caravan-opening-no-disband"
    assert s.turn == 0 and kinds(s) == ["play"]
    s = play(s, "play", "9D", 0)
    assert refusal(s, ["play", "3C", 1]).code == "caravan-opening-started"
    assert [a for a in GAME.legal_actions(s, 1) if a[1] == "3C"] == [
        ("play", "3C", 0),
        ("play", "3C", 2),
    ]
    s = play(s, "play", "3C", 0)
    for action in (("play", "AS", 1), ("play", "4D", 2)):
        s = play(s, *action)
        assert s.phase == "opening"
    s = play(s, "play", "5H", 2)
    assert s.phase == "main"
    # The opener moves first after the opening, as turns simply alternate.
    assert s.turn == 1
    assert [len(h) for h in s.hands] == [5, 5]
    assert s.decks == state.decks
    assert table_of(s) == [["9D", "AS", "5H"], ["3C", "10H", "4D"]]


# -- a match ------------------------------------------------------------------


def sold_position(**fields: Any) -> CaravanState:
    """Seat 0 to move, one 2♣ from winning the game (see the pair test above)."""
    return make_state(
        ("10S 9S 4S", "10H 8H 6H", "10D", "10C 9C 8C", "10S 8S 6S", "10H 9H 2H"),
        ("2C 5D", "3D"),
        **fields,
    )


def test_best_of_three_goes_on_with_the_other_seat_opening() -> None:
    state = sold_position(best_of=3, first=1)
    new = play(state, "play", "2C", 1)
    assert not GAME.is_over(new)
    assert new.wins == [1, 0] and new.game_no == 2
    assert new.first == 0 and new.turn == 0
    assert new.phase == "opening"
    assert kinds(new)[:3] == ["play", "game_end", "game_start"]
    assert new.caravans == [[[], [], []], [[], [], []]]
    assert [len(h) for h in new.hands] == [8, 8] and new.discard == 0
    assert new.last is None
    view = GAME.view(new, None)
    assert view["last_game"]["winner"] == 0 and view["last_game"]["game_no"] == 1
    assert view["last_game"]["pairs"] == [0, 0, 1]
    assert view["last_game"]["caravans"][0][1]["value"] == 26
    assert view["wins"] == [1, 0] and view["game_no"] == 2 and view["best_of"] == 3
    assert GAME.result(new) == {"scores": [1, 0], "winners": [], "games": 1, "best_of": 3}
    for seat in (0, 1):
        assert Counter(new.hands[seat] + new.decks[seat]) == Counter(standard_deck())


def test_the_match_ends_when_a_seat_has_won_a_majority() -> None:
    state = sold_position(best_of=3, wins=[1, 1], game_no=3)
    new = play(state, "play", "2C", 1)
    assert GAME.is_over(new)
    assert new.wins == [2, 1] and new.winners == [0]
    assert kinds(new) == ["play", "game_end", "match_end"]
    assert GAME.result(new) == {"scores": [2, 1], "winners": [0], "games": 3, "best_of": 3}
    # The final table stays on view, and is the last game too.
    view = GAME.view(new, None)
    assert view["caravans"] == view["last_game"]["caravans"]
    assert view["over"] and view["turn"] is None and view["phase"] == "over"


def test_best_of_five_needs_three() -> None:
    state = sold_position(best_of=5, wins=[1, 1], game_no=3)
    assert not GAME.is_over(play(state, "play", "2C", 1))
    state = sold_position(best_of=5, wins=[2, 2], game_no=5)
    assert GAME.is_over(play(state, "play", "2C", 1))


def test_a_full_best_of_three_match_by_random_play() -> None:
    rnd = random.Random(1)
    state = GAME.new_game(2, {"best_of": 3}, seed=11)
    opened = [state.first]
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        action = rnd.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, list(action))
        if any(e.kind == "game_start" for e in state.events):
            opened.append(state.first)
    assert max(state.wins) == 2 and sum(state.wins) in (2, 3)
    assert opened == [opened[0], 1 - opened[0], opened[0]][: sum(state.wins)]


# -- options and custom decks -------------------------------------------------


def test_options_defaults_and_values() -> None:
    assert GAME.options(None) == {"best_of": 1, "decks": "standard"}
    assert GAME.options({"best_of": 3, "decks": "own"}) == {
        "best_of": 3,
        "decks": "own",
        "custom_decks": [None, None],
    }
    for bad in ({"best_of": 2}, {"decks": "mine"}, {"best_of": "3"}, {"colour": 1}):
        with pytest.raises(InvalidOptions):
            GAME.options(bad)


def test_custom_decks_are_dealt_and_survive_json() -> None:
    mine = [tag(card, "B") for card in standard_deck()[:26]] + ["AS", "AS/C", "KD", "X1/C"]
    options = {"decks": "own", "custom_decks": [mine, None]}
    checked = GAME.options(options)
    plain = [card.split("/")[0] for card in mine]
    # The options keep the sets, so validating them again gives them back.
    assert checked["custom_decks"] == [mine, None]
    assert GAME.options(checked) == checked
    assert GAME.options({"decks": "own", "custom_decks": [["KS/A", *mine[1:]], None]}) == {
        "best_of": 1,
        "decks": "own",
        "custom_decks": [["KS", *mine[1:]], None],
    }
    state = GAME.new_game(2, options, seed=9)
    assert Counter(state.hands[0] + state.decks[0]) == Counter(plain)
    assert Counter(state.hands[1] + state.decks[1]) == Counter(standard_deck())
    assert state.own_decks == [plain, None]
    assert GAME.loads(GAME.dumps(state)) == state
    json.dumps(checked)


def test_custom_decks_are_ignored_with_standard_decks() -> None:
    mine = standard_deck()[:30]
    options = GAME.options({"decks": "standard", "custom_decks": [mine, mine]})
    assert options == {"best_of": 1, "decks": "standard"}
    state = GAME.new_game(2, {"custom_decks": [mine, mine]}, seed=9)
    assert state.own_decks == [None, None]


@pytest.mark.parametrize(
    ("custom", "code", "params"),
    [
        ([standard_deck()[:20], None], "caravan-deck-too-small", {"seat": 0, "count": 20}),
        ([None, [*standard_deck()[:30], "AS"]], "caravan-deck-duplicate", {"seat": 1}),
        ([None, [*standard_deck()[:30], "AS/Z"]], "caravan-deck-bad-set", {"seat": 1}),
        ([None, [*standard_deck()[:30], "ZZ"]], "caravan-deck-bad-card", {"seat": 1}),
        ([None, "AS 2S"], "caravan-deck-not-a-list", {"seat": 1}),
        ([None], "caravan-custom-decks", {}),
        ("decks", "caravan-custom-decks", {}),
        ({"a": 1}, "caravan-custom-decks", {}),
    ],
)
def test_bad_custom_decks_are_refused(custom: Any, code: str, params: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions) as info:
        GAME.new_game(2, {"decks": "own", "custom_decks": custom}, seed=1)
    assert info.value.code == code
    assert params.items() <= info.value.params.items()


def test_seats_must_be_two() -> None:
    for seats in (1, 3):
        with pytest.raises(InvalidOptions):
            GAME.new_game(seats, None, seed=1)


# -- views --------------------------------------------------------------------


def test_the_view_has_the_documented_shape() -> None:
    state = make_state(TABLE, ("QH 9C 2S", "KD 5C"), discard=2, wins=[0, 0])
    public = GAME.view(state, None)
    assert set(public) == {
        "game",
        "seats",
        "best_of",
        "game_no",
        "wins",
        "phase",
        "turn",
        "first",
        "caravans",
        "pairs",
        "deck_sizes",
        "hand_sizes",
        "discard",
        "last",
        "last_game",
        "over",
        "winners",
        "events",
    }
    assert public["caravans"][0][0] == {
        "cards": [{"card": "7S", "faces": []}, {"card": "9S", "faces": []}],
        "value": 16,
        "direction": "up",
        "suit": "S",
        "status": "light",
    }
    assert public["caravans"][0][1] == {
        "cards": [],
        "value": 0,
        "direction": None,
        "suit": None,
        "status": "empty",
    }
    assert public["deck_sizes"] == [3, 3] and public["hand_sizes"] == [3, 2]
    assert public["discard"] == 2
    assert public["pairs"] == [None, None, None]
    mine = GAME.view(state, 0)
    assert mine["you"] == 0 and mine["hand"] == ["2S", "9C", "QH"]
    assert {k: v for k, v in mine.items() if k not in ("you", "hand")} == public
    assert "KD" not in json.dumps(mine) and "QH" not in json.dumps(GAME.view(state, 1))


def test_views_share_nothing_with_the_state() -> None:
    state = make_state(TABLE, ("QH 9C", "KD 5C"))
    state.last_game = GameSummary(1, 0, [0, 0, None], [[caravan("7S:KH")] * 3] * 2)
    before = GAME.dumps(state)
    view = GAME.view(state, 0)
    view["hand"].append("AS")
    view["caravans"][0][0]["cards"][0]["faces"].append("KS")
    view["last_game"]["caravans"][0][0]["cards"][0]["faces"].append("KS")
    view["last_game"]["pairs"].append(1)
    view["wins"][0] = 9
    assert GAME.dumps(state) == before


@pytest.mark.parametrize("seat", [-1, 2, "0", True, 1.0])
def test_a_view_for_no_seat_is_refused(seat: Any) -> None:
    with pytest.raises(GameError) as info:
        GAME.view(make_state(), seat)
    assert info.value.code == "no-such-seat"


def test_state_round_trips_through_json() -> None:
    state = make_state(TABLE, ("QH 9C", "KD 5C"), discard=2)
    state.last = LastMove(1, "attach", "KH", 0, 0, 1, 0)
    state.last_game = GameSummary(1, 0, [0, None, 1], [[caravan("7S:KH 8S")] * 3] * 2)
    loaded = GAME.loads(GAME.dumps(state))
    assert loaded == state
    assert GAME.dumps(loaded) == GAME.dumps(state)


# -- menus and explanations ---------------------------------------------------


def test_legal_actions_are_in_menu_order() -> None:
    state = make_state(("7S", "", "", "4D 6D", "", ""), ("KH 9S 9S QC", "2C"))
    assert GAME.legal_actions(state, 0) == [
        ("play", "9S", 0),
        ("play", "9S", 1),
        ("play", "9S", 2),
        ("discard", "9S"),
        ("attach", "QC", 0, 0, 0),
        ("attach", "QC", 1, 0, 1),
        ("discard", "QC"),
        ("attach", "KH", 0, 0, 0),
        ("attach", "KH", 1, 0, 0),
        ("attach", "KH", 1, 0, 1),
        ("discard", "KH"),
        ("disband", 0),
    ]
    assert GAME.legal_actions(state, 1) == []


def test_choice_paths() -> None:
    state = make_state(("7S", "", "", "4D 6D", "", ""), ("KH 9S QC", "2C"))
    assert GAME.choice_path(state, 0, ("play", "9S", 1)) == [
        Choice("9S", "caravan-choice-card", {"card": "9S"}),
        Choice("c01", "caravan-choice-caravan", {"seat": 0, "n": 2, "value": 0}),
        Choice("ok", "caravan-choice-confirm-play", {"card": "9S", "seat": 0, "n": 2}),
    ]
    assert GAME.choice_path(state, 0, ("attach", "KH", 1, 0, 1)) == [
        Choice("KH", "caravan-choice-card", {"card": "KH"}),
        Choice("c10", "caravan-choice-caravan", {"seat": 1, "n": 1, "value": 10}),
        Choice("p1", "caravan-choice-target", {"card": "6D", "n": 2}),
        Choice(
            "ok", "caravan-choice-confirm-attach", {"card": "KH", "target": "6D", "seat": 1, "n": 1}
        ),
    ]
    # One possible card on that caravan: no target step.
    assert GAME.choice_path(state, 0, ("attach", "QC", 1, 0, 1)) == [
        Choice("QC", "caravan-choice-card", {"card": "QC"}),
        Choice("c10", "caravan-choice-caravan", {"seat": 1, "n": 1, "value": 10}),
        Choice(
            "ok", "caravan-choice-confirm-attach", {"card": "QC", "target": "6D", "seat": 1, "n": 1}
        ),
    ]
    assert GAME.choice_path(state, 0, ("discard", "QC")) == [
        Choice("QC", "caravan-choice-card", {"card": "QC"}),
        Choice("discard", "caravan-choice-discard", {}),
        Choice("ok", "caravan-choice-confirm-discard", {"card": "QC"}),
    ]
    assert GAME.choice_path(state, 0, ("disband", 0)) == [
        Choice("disband", "caravan-choice-disband", {}),
        Choice("c00", "caravan-choice-caravan", {"seat": 0, "n": 1, "value": 7}),
        Choice("ok", "caravan-choice-confirm-disband", {"n": 1}),
    ]
    with pytest.raises(IllegalAction):
        GAME.choice_path(state, 0, ("play", "9S", 0 + 3))


def test_every_legal_action_is_reachable_through_the_menu() -> None:
    state = make_state(("7S 8S", "", "AH", "4D 6D", "2C", ""), ("KH 9S 9D QC JD X1", "2C"))
    reached = []

    def walk(path: tuple[int, ...]) -> None:
        menu = build_menu(GAME, state, 0, path)
        if menu.action is not None:
            reached.append(menu.action)
            return
        for index in range(len(menu.options)):
            walk((*path, index))

    walk(())
    assert sorted(reached) == sorted(GAME.legal_actions(state, 0))
    top = build_menu(GAME, state, 0)
    assert [c.key for c in top.options] == ["9S", "9D", "JD", "QC", "KH", "X1", "disband"]
    assert top.options[0].msg == "caravan-choice-card"


def test_explain_a_numeral_card() -> None:
    # Own: 7♠ 9♠ (up in spades), empty, 10♥ 2♥ (down in hearts).
    state = make_state(TABLE, ("9D 5C", "2C"))
    why = GAME.explain(state, 0, ["5C"])
    assert [c.key for c in why] == ["c00", "c02", "c10", "c11", "c12"]
    assert why[0] == Choice(
        "c00",
        "error-caravan-wrong-direction",
        {"card": "5C", "last": "9S", "direction": "up", "suit": "S", "seat": 0, "n": 1},
    )
    assert why[2] == Choice("c10", "error-caravan-own-caravans-only", {"seat": 1, "n": 1})
    same = GAME.explain(state, 0, ["9D"])
    assert same[0] == Choice(
        "c00", "error-caravan-same-value", {"card": "9D", "last": "9S", "seat": 0, "n": 1}
    )
    assert [c.key for c in same] == ["c00", "c02", "c10", "c11", "c12"]


def test_explain_a_face_card() -> None:
    state = make_state(("7S:KH,KD,X1", "", "2S 3S:KC,KS,X2", "4D 6D", "", ""), ("QC KS JD", "2C"))
    queen = GAME.explain(state, 0, ["QC"])
    assert queen == [
        Choice("c00", "error-caravan-face-limit", {"card": "7S", "max": 3, "seat": 0, "n": 1}),
        Choice("c01", "error-caravan-empty-caravan", {"seat": 0, "n": 2}),
        Choice("c02", "error-caravan-face-limit", {"card": "3S", "max": 3, "seat": 0, "n": 3}),
        Choice("c11", "error-caravan-empty-caravan", {"seat": 1, "n": 2}),
        Choice("c12", "error-caravan-empty-caravan", {"seat": 1, "n": 3}),
    ]
    # A King still fits on 2♠ of the third caravan.
    king = GAME.explain(state, 0, ["KS"])
    assert king[0] == Choice(
        "c00", "error-caravan-all-full", {"card": "KS", "max": 3, "seat": 0, "n": 1}
    )
    assert [c.key for c in king] == ["c00", "c01", "c11", "c12"]
    # A Jack goes on every card: only the empty caravans are missing.
    assert [c.key for c in GAME.explain(state, 0, ["JD"])] == ["c01", "c11", "c12"]


def test_explain_in_the_opening_round() -> None:
    state = make_state(("7S", "", "", "", "", ""), ("AS 5H KS QH KS", "2C"), phase="opening")
    assert GAME.explain(state, 0, []) == [
        Choice("QH", "error-caravan-opening-numerals-only", {"card": "QH"}),
        Choice("KS", "error-caravan-opening-numerals-only", {"card": "KS"}),
    ]
    why = GAME.explain(state, 0, ["5H"])
    assert why[0] == Choice("c00", "error-caravan-opening-started", {"seat": 0, "n": 1})
    assert [c.key for c in why] == ["c00", "c10", "c11", "c12"]
    assert {c.msg for c in GAME.explain(state, 0, ["KS"])} == {
        "error-caravan-opening-numerals-only"
    }


def test_explain_disband_and_nothing_missing() -> None:
    state = make_state(TABLE, ("9D", "2C"))
    assert GAME.explain(state, 0, ["disband"]) == [
        Choice("c01", "error-caravan-disband-empty", {"seat": 0, "n": 2})
    ]
    assert GAME.explain(state, 0, []) == []
    # A card that fits everywhere it may go: only the opponent's caravans are missing.
    fits = make_state(("", "", "", "", "", ""), ("9D", "2C"))
    assert [c.key for c in GAME.explain(fits, 0, ["9D"])] == ["c10", "c11", "c12"]
    assert GAME.explain(fits, 0, []) == [Choice("disband", "error-caravan-nothing-to-disband", {})]
    # Not this seat's turn, a card not held, a deeper path: nothing to say.
    assert GAME.explain(state, 1, ["2C"]) == []
    assert GAME.explain(state, 0, ["AS"]) == []
    assert GAME.explain(state, 0, ["9D", "c00"]) == []


# -- refusals -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "error", "code"),
    [
        (["fly", "9D"], MalformedAction, "caravan-unknown-action"),
        (["play", "9D"], MalformedAction, "caravan-bad-arity"),
        (["play", "9D", 0, 0], MalformedAction, "caravan-bad-arity"),
        (["attach", "KH", 1, 0], MalformedAction, "caravan-bad-arity"),
        (["discard"], MalformedAction, "caravan-bad-arity"),
        (["disband", "0"], MalformedAction, "malformed-action"),
        (["play", 9, 0], MalformedAction, "malformed-action"),
        (["play", "9D", "0"], MalformedAction, "malformed-action"),
        (["attach", "KH", 1, None, 0], MalformedAction, "malformed-action"),
        (["play", "9X", 0], MalformedAction, "caravan-invalid-card"),
        (["discard", "x1"], MalformedAction, "caravan-invalid-card"),
        (["play", "9D", 3], IllegalAction, "caravan-no-such-caravan"),
        (["play", "9D", -1], IllegalAction, "caravan-no-such-caravan"),
        (["disband", 7], IllegalAction, "caravan-no-such-caravan"),
        (["attach", "KH", 2, 0, 0], IllegalAction, "caravan-no-such-seat"),
        (["attach", "KH", -1, 0, 0], IllegalAction, "caravan-no-such-seat"),
        (["attach", "KH", 1, 5, 0], IllegalAction, "caravan-no-such-caravan"),
        (["attach", "KH", 1, 0, 3], IllegalAction, "caravan-no-such-card"),
        (["attach", "KH", 1, 0, -1], IllegalAction, "caravan-no-such-card"),
        (["attach", "KH", 0, 1, 0], IllegalAction, "caravan-empty-caravan"),
        (["play", "8D", 0], IllegalAction, "caravan-card-not-in-hand"),
        (["discard", "2C"], IllegalAction, "caravan-card-not-in-hand"),
        (["attach", "KS", 1, 0, 0], IllegalAction, "caravan-card-not-in-hand"),
        ([], MalformedAction, "malformed-action"),
        (["play", "9D", True], MalformedAction, "malformed-action"),
        ("play", MalformedAction, "malformed-action"),
    ],
)
def test_forged_actions_are_refused(action: Any, error: type[IllegalAction], code: str) -> None:
    state = make_state(TABLE, ("KH 9D", "2C"))
    got = refusal(state, action)
    assert isinstance(got, error)
    assert got.code == code


def test_refusals_out_of_turn_and_after_the_end() -> None:
    state = make_state(TABLE, ("KH 9D", "2C"))
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, ["discard", "2C"])
    for seat in (2, -1, None, "0"):
        with pytest.raises(NotYourTurn):
            GAME.apply(state, seat, ["discard", "KH"])  # type: ignore[arg-type]
    over = make_state(TABLE, ("KH", "2C"), phase="over", turn=None, winners=[0])
    assert GAME.legal_actions(over, 0) == [] and GAME.to_move(over) == []
    with pytest.raises(GameOver):
        GAME.apply(over, 0, ["discard", "KH"])


def test_refusals_name_only_public_or_sent_cards() -> None:
    state = make_state(TABLE, ("KH 9D", "2C QS"))
    for action in (["play", "QS", 0], ["discard", "2C"], ["attach", "QS", 1, 0, 0]):
        message = str(refusal(state, action))
        assert "2C" not in message
    assert "9S" in str(refusal(state, ["play", "9D", 0]))  # on the table: fine


def test_registry() -> None:
    game = registry.get("caravan")
    assert isinstance(game, CaravanGame)
    assert game.min_seats == game.max_seats == 2
    assert not game.public_moves
    assert [(s.key, s.default, s.choices) for s in game.option_specs] == [
        ("best_of", 1, (1, 3, 5)),
        ("decks", "standard", ("standard", "own")),
    ]
