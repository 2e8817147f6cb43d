"""Pure Klac! rule helpers: scoring, covering, merging, round and match ends."""

from __future__ import annotations

from collections.abc import Sequence

from games.klac.cards import COLOURS, parse_card
from games.klac.state import Row

#: A round ends at once when a row has this many stacks.
ROW_LIMIT = 6
HAND_SIZE = 3


def row_score(top_cards: list[str]) -> int:
    """Score of a row from its top cards: their sum if all three colours show, else 0.

    ``["B1", "O14", "G7"]`` scores 22. Raises ``InvalidCard`` for a malformed card.
    """
    parsed = [parse_card(card) for card in top_cards]
    if {colour for colour, _ in parsed} != set(COLOURS):
        return 0
    return sum(value for _, value in parsed)


def top_cards(row: Sequence[Sequence[str]]) -> list[str]:
    """The top card of every stack of ``row``, left to right."""
    return [stack[-1] for stack in row]


def can_cover(card: str, top: str) -> bool:
    """True when ``card`` may be laid on a stack whose top card is ``top`` (same colour)."""
    return parse_card(card)[0] == parse_card(top)[0]


def merge_after_play(row: Row, played: int) -> tuple[Row, int, bool]:
    """Merge the stack at index ``played`` into another stack showing the same number.

    Returns ``(new_row, index_of_played_stack_after, merged)``. The played
    stack is laid onto the other stack, which keeps its place, so the row
    gets shorter by one. Only the played stack can have changed, and tops were
    distinct before the play, so at most one merge is possible.
    """
    value = parse_card(row[played][-1])[1]
    for index, stack in enumerate(row):
        if index != played and parse_card(stack[-1])[1] == value:
            merged = [*stack, *row[played]]
            new_row = [merged if i == index else list(s) for i, s in enumerate(row) if i != played]
            return new_row, (index - 1 if played < index else index), True
    return [list(s) for s in row], played, False


def next_seat(hand_sizes: Sequence[int], after: int) -> int | None:
    """The next seat clockwise after ``after`` that holds cards (``None`` if nobody does).

    ``after`` itself comes last, so a lone seat with cards keeps playing.
    """
    seats = len(hand_sizes)
    for step in range(1, seats + 1):
        seat = (after + step) % seats
        if hand_sizes[seat]:
            return seat
    return None


def round_is_over(rows: Sequence[Row], deck_size: int, hand_sizes: Sequence[int]) -> bool:
    """True when a row has six stacks, or when the deck and every hand are empty."""
    if any(len(row) >= ROW_LIMIT for row in rows):
        return True
    return deck_size == 0 and not any(hand_sizes)


def match_winners(totals: Sequence[int], target: int) -> list[int]:
    """The winner after a round, or ``[]`` when another round must be played.

    The match ends once someone has reached ``target`` and the highest total is
    held by one seat alone; a tie on the highest total means another round.
    """
    best = max(totals)
    leaders = [seat for seat, total in enumerate(totals) if total == best]
    return leaders if best >= target and len(leaders) == 1 else []
