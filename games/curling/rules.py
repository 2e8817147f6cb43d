"""The pure helpers of the rules contract (``shared/DESIGN.md``).

Cells are named ``a0``…``h12``, colours ``"red"``/``"blue"``, trajectories
``"reverse"``, ``"shortened"``, ``"triple"``, ``"quadruple"``, ``"semaphore"``;
numbers in segment order (a vertical segment as its row within its zone).
Anything that breaks a rule raises a ``ValueError`` subclass
(``games.core.errors``) with a message a player can read.
"""

from __future__ import annotations

from games.core.errors import GameError, IllegalAction
from games.curling import combos, field
from games.curling.field import STARTS, WIDTH, cell_index
from games.curling.throw import trace
from games.curling.trajectories import check_numbers, find_trajectory

COLOURS = ("red", "blue")
#: Throws per end (8 stones each).
THROWS = 16


def keep_last_zero(zones: list[tuple[int, int]]) -> tuple[int, int]:
    """The house count of ``[(red, blue)]`` in the centre, middle and outer zones:
    start from 0 : 0, add each zone's difference to its leader, centre first,
    skipping ties, and stop before a step would remove the last zero."""
    if not isinstance(zones, list | tuple) or len(zones) != 3:
        raise GameError(
            "the house has three zones: centre, middle, outer", code="curling-bad-zones"
        )
    checked: list[tuple[int, int]] = []
    for zone in zones:
        if (
            not isinstance(zone, list | tuple)
            or len(zone) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in zone)
        ):
            raise GameError(
                "each zone holds a count of red and of blue stones", code="curling-bad-zones"
            )
        checked.append((zone[0], zone[1]))
    return field.keep_last_zero(checked)


def dice_combination(dice: list[int]) -> tuple[str, list[int] | None, int]:
    """Name, number set (``None``: the player names any numbers) and maximum
    power of five dice showing 1–5."""
    combo = combos.dice_combo(dice)
    return combo.name, None if combo.numbers is None else list(combo.numbers), combo.power


def card_combination(cards: list[str], deck: int) -> tuple[str, list[int] | None, int]:
    """Name, number set and maximum power of five cards of a 36- or 52-card deck
    (54 with jokers, each standing for the card that makes the strongest
    combination); ``("null", [], 1)`` when they make none."""
    combo = combos.card_combo(cards, deck)
    return combo.name, None if combo.numbers is None else list(combo.numbers), combo.power


def colour_seat(colour: object) -> int:
    if colour not in COLOURS:
        raise IllegalAction(
            f"colours are red and blue, not {colour!r}",
            code="curling-bad-colour",
            colour=str(colour),
        )
    return COLOURS.index(colour)


def start_cell(start: object) -> int:
    if start not in STARTS:
        raise IllegalAction(
            f"a stone starts from c0, d0, e0 or f0, not {start!r}",
            code="curling-bad-start",
            start=str(start),
        )
    return cell_index(start)


def simulate_throw(
    stones: dict[str, str],
    start: str,
    trajectory: str,
    numbers: list[int],
    colour: str,
    throw_no: int,
) -> tuple[dict[str, str], list[str], bool]:
    """Throw a ``colour`` stone from ``start`` along a trajectory onto ``stones``
    (cell → colour) as throw ``throw_no`` (1–16) of an end.

    Returns the stones after the throw (cell → colour, bottom row first), the
    colours of the stones that went out of play in the order they did (the thrown
    stone too when it left the field, or a foul removed it), and whether the free
    guard rule undid the throw (then the stones are those given).
    """
    if not isinstance(stones, dict):
        raise GameError("stones map cells to colours", code="curling-bad-stones")
    board: dict[int, int] = {}
    for k, (cell, owner) in enumerate(stones.items(), start=1):
        index = cell_index(cell)
        if index < WIDTH:
            raise IllegalAction(
                "no stone stands on the start row", code="curling-start-row", cell=str(cell)
            )
        board[index] = 2 * k + colour_seat(owner)
    seat = colour_seat(colour)
    origin = start_cell(start)
    traj = find_trajectory(trajectory)
    values = check_numbers(traj, numbers)
    if not isinstance(throw_no, int) or isinstance(throw_no, bool) or not 1 <= throw_no <= THROWS:
        raise GameError(
            f"an end has throws 1 to {THROWS}, not {throw_no!r}",
            code="curling-bad-throw-number",
            throw_no=str(throw_no),
        )
    result = trace(board, origin, traj, values, seat, throw_no)
    after = {field.NAMES[cell]: COLOURS[stone & 1] for cell, stone in sorted(result.board.items())}
    return after, [COLOURS[stone & 1] for stone in result.out], result.foul
