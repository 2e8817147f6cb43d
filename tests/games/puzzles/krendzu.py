"""Krendzu puzzles: two-player play-phase positions near the end of a tour.

Seat 0 attacks and seat 1 defends (tour 1); hands are small, so every proof
(``krendzu_proofs.prove``) tries every legal action on every deal of the
hidden hand, then plays the next few turns by minimax over the attacker's
points, and keeps the moves best in the worst case.
"""

from __future__ import annotations

from games.core.protocol import Action
from games.krendzu.game import KrendzuGame
from games.krendzu.state import KrendzuState
from tests.games.krendzu_positions import make_state
from tests.games.puzzles.common import Puzzle
from tests.games.puzzles.krendzu_proofs import prove

GAME = KrendzuGame()
ATTACKER, DEFENDER = 0, 1
#: The cells beside QD 6S 7H 8D where a 9 completes nothing.
HARMLESS = ((-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, -1), (2, 1), (3, -1), (3, 1))


def _puzzle(
    name: str,
    theme: str,
    field: str,
    hands: tuple[str, str],
    seat: int,
    turns: int,
    right: set[Action],
    wrong: set[Action] | None = None,
) -> Puzzle:
    """A puzzle whose proof looks ``turns`` turns ahead, the seat's included;
    its right moves are ``right``, or every legal move but ``wrong``."""

    def build() -> KrendzuState:
        return make_state(2, field, hands, turn=seat)

    if wrong is not None:
        right = {tuple(a) for a in GAME.legal_actions(build(), seat)} - wrong

    def proof(state: KrendzuState, who: int) -> frozenset[Action]:
        return prove(state, who, turns)

    return Puzzle("krendzu", name, theme, build, seat, frozenset(right), proof)


PUZZLES: tuple[Puzzle, ...] = (
    _puzzle(
        "fork",
        "two threats at once: the defender, one card left, blocks only one",
        """
        6H 7H .
        .  .  10H
        .  .  JH
        """,
        ("8H 9H", "KS"),
        ATTACKER,
        3,
        # 8H or 9H at the corner opens the row and the column; at the row's
        # left end it opens both ends of the row; at the column's foot, both
        # ends of the column.
        {("place", card, x, y) for card in ("8H", "9H") for x, y in ((2, 0), (-1, 0), (2, 3))},
    ),
    _puzzle(
        "open-three",
        "an open three: block both ends at once with a two-card move",
        "7S 8S 9S",
        ("6H", "KD QC"),
        DEFENDER,
        2,
        {("first", card, x, 0) for card in ("KD", "QC") for x in (-1, 3)},
    ),
    _puzzle(
        "the-real-threat",
        "block the line the attacker can complete, not the one no unseen card fills",
        """
        KD 6S  7H 8D .
        9S .   .  9H .
        9D .   .  9C .
        6D 10S JS QS .
        """,
        ("6C", "7C"),
        DEFENDER,
        2,
        # Every 9 is in sight, so 6S 7H 8D waits in vain; 10S JS QS takes a spade.
        {("place", "7C", 4, 3)},
    ),
    _puzzle(
        "no-own-goal-block",
        "block with the card that does not complete the line (any 9 would)",
        "QD 6S 7H 8D",
        ("6C", "9C KC"),
        DEFENDER,
        2,
        # KC on the open end, alone or after a harmless 9C anywhere but there.
        {("place", "KC", 4, 0)}
        | {("first", "9C", x, y) for x, y in HARMLESS}
        | {("first", "KC", 4, 0)},
    ),
    _puzzle(
        "ace-both-ways",
        "figure values per line: the ace is 5 in A-6-7-8 and 15 in J-Q-K-A",
        """
        7C .  .  .
        JS .  .  .
        QD .  .  .
        KC .  .  .
        .  6H 7D 8C
        """,
        ("AS 9S", "6D"),
        ATTACKER,
        1,
        {("place", "AS", 0, 4)},
    ),
    _puzzle(
        "diagonal-fork",
        "open the diagonal's hole with a card that also threatens the row",
        """
        6S .  .  .
        JS 7S .  .
        .  .  .  .
        .  .  .  9S
        """,
        ("8S 10S", "6D"),
        ATTACKER,
        3,
        {
            ("place", card, x, y)
            for card in ("8S", "10S")
            for x, y in ((-1, 1), (0, -1), (0, 2), (2, 1))
        },
    ),
    _puzzle(
        "forced-to-place",
        "the attacker is out: place every card where it completes nothing",
        """
        6H 7H 8H .
        .  .  .  .
        7S 8S 9S .
        """,
        ("", "9H 6S"),
        DEFENDER,
        2,
        set(),
        # 9H on either end of the hearts, 6S on either end of the spades.
        wrong={
            (kind, card, x, y)
            for kind in ("place", "first")
            for card, y in (("9H", 0), ("6S", 2))
            for x in (-1, 3)
        },
    ),
    _puzzle(
        "nobody-blocks",
        "the defender is out: build a line of your own and finish it next turn",
        "QD 6H 7H",
        ("8H 9S", ""),
        ATTACKER,
        2,
        {("place", "8H", 3, 0)},
    ),
)
