"""Klotho puzzles: late-tour positions of two seats, seat 0 to act.

The field (4 × 4, ``A1`` top-left), with ``●`` our chip and ``○`` the other's;
the proofs are in :mod:`tests.games.puzzles.klotho_proofs` (every action,
every card a turning may show, every answer, a ply or two deep).
"""

from __future__ import annotations

from tests.games.puzzles.common import Puzzle
from tests.games.puzzles.klotho_proofs import KlothoState, position, prover

#: The cards of the two spoiling positions, apart from the lines in question.
QUIET = {"A1": "6D", "B1": "8C", "C1": "7H", "A3": "6S", "D2": "6C", "C4": "10D", "D4": "7C"}


def _spoil_before_cash() -> KlothoState:
    # Our 9♠ (B2) would score with the 10♠ (A2) and whatever C2 shows (a spade,
    # an 8, the other 9s): a fair line. Theirs on K♥ (C3) with the Q♥ (B3)
    # scores with any heart, figure or ace on D3, a better one, and they move
    # next. Replacing the Q♥ first costs nothing: our line stays ours.
    up = {**QUIET, "B1": "8C", "A2": "10S", "B2": "9S", "A3": "8D", "B3": "QH", "C3": "KH"}
    return position(up, ["B2", "C3"])


def _spoil_the_winning_triplet() -> KlothoState:
    # They hold a half victory; their 8♥ (C3) with the 8♠ (B3) is one of the
    # two last eights away from a triplet, their second half and the game.
    # Our Q♦ K♦ line is worth far more in points, but it can wait a turn.
    up = {**QUIET, "A2": "QD", "B2": "KD", "B3": "8S", "C3": "8H"}
    return position(up, ["B2", "C3"], scores=(3, 3), halves=(0, 1))


def _score_now() -> KlothoState:
    # Our K♦ (B2) with the Q♦ (A2) scores with any diamond, figure, jack or
    # ace on C2. Their chip (A3) stands next to the Q♦ and would replace it
    # (turning A1 or B1 would not stop them: the other is still face down).
    up = {"C1": "7H", "A2": "QD", "B2": "KD", "D2": "6C", "A3": "6S"}
    up |= {"B3": "10H", "A4": "9C", "C4": "10D", "D4": "7C"}
    return position(up, ["B2", "A3"], scores=(3, 3))


def _take_the_winning_triplet() -> KlothoState:
    # Five points behind late in the last tour, we hold a half victory and
    # stand on the 9♥ (B2) beside the 9♠ (A2): C2 may be one of the last two
    # nines, our second half and the game. Nothing else finishes a line, and
    # their chip (A3) would replace the 9♠ next turn.
    up = {"C1": "6C", "A2": "9S", "B2": "9H", "A3": "6S", "B3": "JC", "C3": "7C"}
    up |= {"D2": "6D", "C4": "10D", "D4": "8S", "D3": "AC", "A4": "10H"}
    return position(up, ["B2", "A3"], scores=(1, 6), halves=(1, 0))


def _move_to_the_line() -> KlothoState:
    # From the corner A1 our chip can step onto the K♦ (B2), between the Q♦
    # (A3) and the face-down C1: next turn C1 scores with a diamond, a figure,
    # a J or an A. Their chip (D4) can only walk meanwhile: its neighbours
    # are face up and in combinations.
    up = {"A1": "6S", "B1": "8C", "A2": "9C", "B2": "KD", "C2": "7C", "D2": "7H"}
    up |= {"A3": "QD", "B3": "10S", "C3": "7D", "D3": "8H", "B4": "7S", "C4": "8S", "D4": "9H"}
    return position(up, ["A1", "D4"], scores=(3, 3))


def _half_that_wins() -> KlothoState:
    # Our turning made a triplet under our chip; we hold a half victory already.
    up = {"A1": "9S", "B2": "9H", "C3": "9D", "D4": "7C", "B3": "JC"}
    return position(
        up, ["B2", "D4"], scores=(2, 6), halves=(1, 0), pending=[(0, ["A1", "B2", "C3"])]
    )


def _point_that_wins() -> KlothoState:
    # The last card is turned: a triplet of sevens, no ordinary point. Level on
    # points, and they hold a half victory: the point wins the game; a half
    # would only make it a full tie, and extra tours.
    cards = ["7S", "7H", "7D", "6S", "8H", "10C", "JD", "9S"]
    cards += ["QH", "KS", "AD", "6D", "9C", "10H", "JS", "QC"]
    names = [c + r for r in "1234" for c in "ABCD"]
    up = dict(zip(names, cards, strict=True))
    return position(
        up, ["B1", "D4"], scores=(5, 5), halves=(0, 1), pending=[(0, ["A1", "B1", "C1"])]
    )


def _accept_when_ahead() -> KlothoState:
    # The last tour: we lead by two, and they propose the end. Their Q♥ K♥ on
    # C3 might still bring them two or three points.
    up = {"A1": "6D", "C1": "8S", "D1": "10C", "A2": "JD", "B2": "7C", "C2": "6H", "D2": "9D"}
    up |= {"A3": "7S", "B3": "QH", "C3": "KH", "A4": "9S", "B4": "8D", "C4": "10S", "D4": "6C"}
    return position(up, ["B2", "C3"], turn=1, scores=(5, 3), vote=(1, [1]))


def _refuse_when_behind() -> KlothoState:
    # The last tour: two points behind, with our own Q♦ K♦ line to finish on
    # the last face-down card (an A♦ would win, a J or a diamond level).
    up = {"A1": "6S", "B1": "8H", "C1": "10C", "D1": "6H", "A2": "QD", "B2": "KD", "D2": "9H"}
    up |= {"A3": "7D", "B3": "10S", "C3": "7C", "D3": "8C", "A4": "9S", "B4": "JC", "C4": "10H"}
    up |= {"D4": "7H"}
    return position(up, ["B2", "C3"], turn=1, scores=(3, 5), vote=(1, [1]))


PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(
        "klotho",
        "spoil-before-cash",
        "replace the card that gives their chip a scoring line next turn",
        _spoil_before_cash,
        0,
        frozenset({("replace", "B3")}),
        prover(2),
    ),
    Puzzle(
        "klotho",
        "spoil-the-winning-triplet",
        "replace the card of a triplet that would give them the game",
        _spoil_the_winning_triplet,
        0,
        frozenset({("replace", "B3")}),
        prover(2),
    ),
    Puzzle(
        "klotho",
        "score-now",
        "turn the card that finishes your line",
        _score_now,
        0,
        frozenset({("turn", "C2")}),
        prover(2),
    ),
    Puzzle(
        "klotho",
        "take-the-winning-triplet",
        "with a half victory, turn the card that may make a triplet",
        _take_the_winning_triplet,
        0,
        frozenset({("turn", "C2")}),
        prover(2),
    ),
    Puzzle(
        "klotho",
        "move-to-the-line",
        "move your chip to where next turn's turning scores",
        _move_to_the_line,
        0,
        frozenset({("move", "B2")}),
        prover(3),
    ),
    Puzzle(
        "klotho",
        "half-that-wins",
        "a second half victory wins the game",
        _half_that_wins,
        0,
        frozenset({("triplet", "half")}),
        prover(1),
    ),
    Puzzle(
        "klotho",
        "point-that-wins",
        "a point beats a half victory that only ties",
        _point_that_wins,
        0,
        frozenset({("triplet", "point")}),
        prover(0),
    ),
    Puzzle(
        "klotho",
        "accept-when-ahead",
        "ahead in the last tour, accept the end",
        _accept_when_ahead,
        0,
        frozenset({("vote", "yes")}),
        prover(2),
    ),
    Puzzle(
        "klotho",
        "refuse-when-behind",
        "behind in the last tour, play on",
        _refuse_when_behind,
        0,
        frozenset({("vote", "no")}),
        prover(2),
    ),
)
