"""Caravan puzzles: late positions (both draw piles spent) with a proved set of
right moves for seat 0.

Each is proved by :mod:`tests.games.puzzles.caravan_proofs`: every legal
action × every card the opponent may reply with (its plausible pool) × both
seats' every move after, two moves deep (the move and the reply: is the
game won now, or lost to some reply?) or three (the seat's next move too,
rated by the share of reply cards it wins against).

Pair ``k`` is seat 0's caravan ``k`` against seat 1's; in the comments,
"holds" means a sold caravan (21–26) against an unsold or lower one.
"""

from __future__ import annotations

from games.caravan.state import CaravanState
from tests.games.caravan_positions import make_state
from tests.games.puzzles.caravan_proofs import Prove, likely, sure
from tests.games.puzzles.common import Puzzle

Table = tuple[str, str, str, str, str, str]


def _puzzle(
    name: str, theme: str, table: Table, hand: str, right: set[tuple[object, ...]], prove: Prove
) -> Puzzle:
    """Seat 0 to move with ``hand``, seat 1 holding one card, both piles spent."""

    def build() -> CaravanState:
        return make_state(table, (hand, "5C"), decks=("", ""))

    return Puzzle("caravan", name, theme, build, 0, frozenset(right), prove)


PUZZLES: tuple[Puzzle, ...] = (
    # Pairs 0 and 1 held (23 v 15, 22 v 10); 6S sells caravan 2 at 21 against 18
    # (the spades take it against the direction); 4S and 2S fall short.
    _puzzle(
        "sell-to-win",
        "selling the caravan that wins the game",
        ("10H 9H 4H", "10C 8C 4C", "10S 5S", "9D 6D", "7S 3S", "10D 8D"),
        "2S 4S 6S JC",
        {("play", "6S", 2)},
        sure(2),
    ),
    # The opponent holds pairs 0 and 1 and sells caravan 2 (15) with any 6–10:
    # a Jack on any of its caravans breaks a held pair or leaves caravan 2 out
    # of reach; selling our caravan 2 (12 + 9) would end the game lost.
    _puzzle(
        "jack-the-decider",
        "a Jack on the opponent's caravans before its sale ends the game",
        ("5S 9S", "8H 3H", "4C 8C", "10D 9D 3D", "10C 8C 4C", "7S 8S"),
        "JH 9H 2S 6D",
        {("attach", "JH", 1, pair, pos) for pair in (0, 1) for pos in range(3)}
        | {("attach", "JH", 1, 2, pos) for pos in range(2)},
        sure(2),
    ),
    # The opponent holds pairs 1 (21) and 2 (24) and sells pair 0 next: a King
    # that pushes caravan 1 or 2 over 26 (not the one on 5H: 26 stays sold), or
    # one on our 6H that ties pair 1 at 21. The King on our 9H outbids pair 1
    # but loses: the opponent's sale then ends the game with two pairs.
    _puzzle(
        "king-overshoots",
        "a King that pushes the opponent's sold caravan over 26",
        ("10S 8S", "6H 9H", "4C 8C", "9D 7D", "9H 7H 5H", "10C 8C 6C"),
        "KS 3H 2D AC",
        {
            ("attach", "KS", 0, 1, 0),
            ("attach", "KS", 1, 1, 0),
            ("attach", "KS", 1, 1, 1),
            ("attach", "KS", 1, 2, 0),
            ("attach", "KS", 1, 2, 1),
            ("attach", "KS", 1, 2, 2),
        },
        sure(2),
    ),
    # Pairs 0 and 1 held; caravan 2 (10S 4S, 14, down in spades) takes
    # neither 9D nor 8H. QD turns it up and into diamonds: next turn 9D sells
    # it (23 against 18) unless the reply spoils it.
    _puzzle(
        "queen-opens-the-way",
        "a Queen that turns the direction and suit so the next card sells",
        ("10H 9H 4H", "10C 8C 4C", "10S 4S", "9D 6D", "7S 3S", "10D 8D"),
        "QD 9D 2C",
        {("attach", "QD", 0, 2, 1)},
        likely(3),
    ),
    # Pair 0 held, pair 1 the opponent's, pair 2 tied at 22: AS or 3H outbids
    # it and wins; 5D and 9C cannot go there, and waiting lets the opponent
    # outbid first.
    _puzzle(
        "outbid-the-tie",
        "outbidding a tied pair wins the game",
        ("10H 9H 4H", "9S 5S", "10S 8S 4S", "10D 8D 3D", "10H 7H 4H", "10C 9C 3C"),
        "AS 3H 5D 9C",
        {("play", "AS", 2), ("play", "3H", 2)},
        sure(2),
    ),
    # Caravan 2 is bust at 28: a Jack on 3S (25) or 7S (21) sells it and wins;
    # on 8S or 10S it stays short.
    _puzzle(
        "jack-mends-a-bust",
        "a Jack that brings a bust caravan back to 21–26",
        ("10H 9H 4H", "9S 5S", "3S 10S 8S 7S", "10D 8D", "10H 7H 4H", "10C 9C"),
        "JD 5D 2H",
        {("attach", "JD", 0, 2, 0), ("attach", "JD", 0, 2, 3)},
        sure(2),
    ),
    # Caravan 2 is 17 (10S 7S): a King on 7S sells it at 24 and wins; on 10S it
    # goes over 26.
    _puzzle(
        "king-not-over-26",
        "the King that sells a caravan, not the one that busts it",
        ("10H 9H 4H", "9S 5S", "10S 7S", "10D 8D", "10H 7H 4H", "10C 9C"),
        "KD 2C AD",
        {("attach", "KD", 0, 2, 1)},
        sure(2),
    ),
    # The opponent holds pair 0 (22 v 18) and sells pair 2 next, which ends the
    # game with two pairs of three. Keep pair 0 or 1 open: tie pair 0 (4D),
    # outbid it (6H), or give up pair 1 (6H busts it, or disband it).
    _puzzle(
        "keep-the-decider-open",
        "keeping a pair open before the opponent's sale ends the game",
        ("10S 8S", "10H 9H 4H", "10C 4C", "10D 8D 4D", "8H 4H", "9S 8S"),
        "4D 6H 9D 2S",
        {("play", "4D", 0), ("play", "6H", 0), ("play", "6H", 1), ("disband", 1)},
        sure(2),
    ),
)
