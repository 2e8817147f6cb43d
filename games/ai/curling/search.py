"""Valuing throws: every shape's outcome valued as it stands, the best few then
against the opponent's best reply from each hand it may hold (and, deeper,
against the thrower's own best answer to that reply)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from games.ai.curling.evaluate import house
from games.ai.curling.shapes import (
    CLASS_SHAPES,
    SHAPES,
    Board,
    allowed,
    allowed_classes,
    crossed,
    land,
)

#: A combination as the search sees it: its number set (``None``: any; ``()``:
#: the null combination, a throw-away) and its maximum power.
Combo = tuple[tuple[int, ...] | None, int]
#: The value of a board for the seat choosing, after a throw: (board, the
#: throw's number in the end, its power).
Value = Callable[[Board, int, int], float]
#: The index standing for a throw-away (no shape: nothing moves, power 1).
AWAY = -1
#: The last throw of an end.
LAST = 16
#: A board as a key: its stones by cell and owner, and the power that left it.
Key = tuple[frozenset[tuple[int, int]], int]
#: ``max`` or ``min``: what the seat choosing prefers.
Pick = Callable[..., Any]


class Hands(Protocol):
    """What a seat may throw with on its next turn, and how likely."""

    def expect(self, value: Callable[[Combo], float], best: Callable[..., float]) -> float:
        """The expected ``value`` of the combination the seat throws with when it
        plays for what ``best`` (``max`` or ``min``) prefers."""

    def thrown(self, value: Callable[[Combo], float], best: Pick) -> dict[Combo, float]:
        """The combinations the seat ends up throwing with, and their odds, when
        it plays for what ``best`` prefers."""


@dataclass(frozen=True)
class Dealt:
    """Hands as a list of (weight, the combinations a hand offers)."""

    hands: tuple[tuple[float, tuple[Combo, ...]], ...]

    def expect(self, value: Callable[[Combo], float], best: Callable[..., float]) -> float:
        """The weighted mean of each hand's best combination."""
        total = sum(w * best(value(c) for c in combos) for w, combos in self.hands)
        return total / sum(w for w, _ in self.hands)

    def thrown(self, value: Callable[[Combo], float], best: Pick) -> dict[Combo, float]:
        """Each hand's preferred combination, by the hands' weights."""
        odds: dict[Combo, float] = {}
        for w, combos in self.hands:
            combo = best(combos, key=value)
            odds[combo] = odds.get(combo, 0.0) + w
        return odds


def limit_after(board: Board, seat: int, power: int | None) -> int:
    """The L2 limit on ``seat``'s throw after a throw of ``power`` left ``board``
    (5: no limit)."""
    if power is None:
        return 5
    score = house(board)
    if score[seat] > 0:
        return max(1, power - 1)
    if score[1 - seat] > 0:
        return 5
    return min(5, power + 1)


@dataclass(frozen=True)
class Turn:
    """A throw to choose: the board, who throws, and what is left of the end."""

    board: Board
    seat: int
    throw_no: int
    #: Stones each seat has thrown this end.
    thrown: tuple[int, int]

    def stone(self, seat: int) -> int:
        """The id of ``seat``'s next stone."""
        return 2 * (self.thrown[seat] + 1) + seat

    def after(self, board: Board) -> Turn:
        """The next throw (the other seat's) once this one left ``board``."""
        thrown = list(self.thrown)
        thrown[self.seat] += 1
        return Turn(board, 1 - self.seat, self.throw_no + 1, (thrown[0], thrown[1]))


def key_of(board: Board, power: int) -> Key:
    """What of a board matters to what follows: stones by cell and owner, and the power."""
    return frozenset((cell, s & 1) for cell, s in board.items()), power


def outcomes(turn: Turn, shapes: Iterable[int]) -> tuple[dict[Key, list[int]], dict[Key, Board]]:
    """The distinct boards ``shapes`` (``AWAY`` among them) leave, each with its shapes."""
    stone = turn.stone(turn.seat)
    crossing = crossed(turn.board)
    groups: dict[Key, list[int]] = {}
    boards: dict[Key, Board] = {}
    for i in shapes:
        if i == AWAY:
            after, power = turn.board, 1
        else:
            after, power = land(turn.board, i, stone, turn.throw_no, crossing), SHAPES[i].power
        key = key_of(after, power)
        group = groups.get(key)
        if group is None:
            groups[key] = [i]
            boards[key] = after
        else:
            group.append(i)
    return groups, boards


def respond(
    turn: Turn,
    power: int,
    hands: Hands,
    value: Value,
    seat: int,
    deeper: tuple[Hands, int] | None = None,
) -> float:
    """The expected value for ``seat`` of ``turn.board``, left by a throw of
    ``power``, once ``turn.seat`` has made its best throw from each hand it may
    hold: for the least if it is ``seat``'s opponent, else for the most.

    With ``deeper`` (the next thrower's hands and a width), the boards
    ``turn.seat`` chooses as they stand, the ``width`` likeliest over its
    hands, are valued after the next throw's best answer too, and the others
    as they stand shifted by the mean change that answer made to those
    (weighted by their odds). Deepening the replies actually chosen, rather
    than the few most extreme ones, matters: those are often within reach of a
    rare hand only, and the answer's change to them is no guide to the rest.
    """
    board = turn.board
    throw_no = turn.throw_no
    stone = turn.stone(turn.seat)
    crossing = crossed(board)
    l2 = limit_after(board, turn.seat, power)
    pick = max if turn.seat == seat else min
    stay_key = key_of(board, 1)
    key_value: dict[Key, float] = {stay_key: value(board, throw_no, 1)}
    after: dict[Key, Board] = {stay_key: board}
    shape_key: dict[int, Key] = {}
    final_key: dict[tuple[int, int], Key] = {}

    def shape(i: int) -> float:
        key = shape_key.get(i)
        if key is None:
            s = SHAPES[i]
            if i in crossing:
                key = _visit(land(board, i, stone, throw_no, crossing), s.power)
            else:
                where = (s.final, s.power)
                key = final_key.get(where)
                if key is None:
                    key = final_key[where] = _visit(
                        land(board, i, stone, throw_no, crossing), s.power
                    )
            shape_key[i] = key
        return key_value[key]

    def _visit(landed: Board, s_power: int) -> Key:
        # Only a deeper look needs equal boards merged; else any new key will do.
        key = key_of(landed, s_power) if deeper else (frozenset(), -len(after))
        if key not in key_value:
            key_value[key] = value(landed, throw_no, s_power)
            after[key] = landed
        return key

    class_value: dict[int, float] = {}
    class_choice: dict[int, int] = {}

    def of_class(c: int) -> float:
        got = class_value.get(c)
        if got is None:
            i = class_choice[c] = pick(CLASS_SHAPES[c], key=shape)
            got = class_value[c] = shape(i)
        return got

    def classes(combo: Combo) -> tuple[int, ...]:
        numbers, l1 = combo
        return allowed_classes(numbers, min(l1, l2))

    def combo_value(combo: Combo) -> float:
        if combo[0] == ():
            return key_value[stay_key]
        return pick(of_class(c) for c in classes(combo))

    def choice(combo: Combo) -> Key:
        if combo[0] == ():
            return stay_key
        return shape_key[class_choice[pick(classes(combo), key=of_class)]]

    if deeper is not None and throw_no < LAST:
        chosen: dict[Key, float] = {}
        for combo, p in hands.thrown(combo_value, pick).items():
            key = choice(combo)
            chosen[key] = chosen.get(key, 0.0) + p
        class_value.clear()
        next_hands, width = deeper
        ranked = sorted(chosen, key=chosen.__getitem__, reverse=True)[:width]
        deep = {
            key: respond(turn.after(after[key]), key[1], next_hands, value, seat) for key in ranked
        }
        weight = sum(chosen[k] for k in ranked)
        shift = sum(chosen[k] * (deep[k] - key_value[k]) for k in ranked) / weight
        for key in key_value:
            key_value[key] = deep[key] if key in deep else key_value[key] + shift
    memo: dict[Combo, float] = {}

    def cached(combo: Combo) -> float:
        got = memo.get(combo)
        if got is None:
            got = memo[combo] = combo_value(combo)
        return got

    return hands.expect(cached, pick)


def shape_values(
    turn: Turn,
    shapes: Iterable[int],
    theirs: Hands,
    mine: Hands,
    level: tuple[int, int],
    value: Value,
) -> dict[int, float]:
    """The value for ``turn.seat`` of each of ``shapes`` (``AWAY`` among them:
    throwing the stone away). ``level`` is (width, answer width): the
    ``width`` best distinct outcomes (by their value as they stand) are valued
    against the opponent's reply from ``theirs`` (with an answer width, its
    best few replies also after ``turn.seat``'s own answer from ``mine``), the
    others as they stand shifted by the mean change the reply made to those."""
    width, answer_width = level
    groups, boards = outcomes(turn, shapes)
    static_of = {key: value(after, turn.throw_no, key[1]) for key, after in boards.items()}
    result = dict(static_of)
    if turn.throw_no < LAST and width > 0:
        deeper = (mine, answer_width) if answer_width > 0 else None
        ranked = sorted(static_of, key=lambda k: -static_of[k])[:width]
        for key in ranked:
            result[key] = respond(turn.after(boards[key]), key[1], theirs, value, turn.seat, deeper)
        shift = sum(result[k] - static_of[k] for k in ranked) / len(ranked)
        for key in static_of:
            if key not in ranked:
                result[key] = static_of[key] + shift
    return {i: result[key] for key, group in groups.items() for i in group}


def combo_value(values: dict[int, float], combo: Combo, l2: int) -> float:
    """The best of ``values`` a combination may throw under the limit ``l2``."""
    numbers, l1 = combo
    if numbers == ():
        return values[AWAY]
    return max(values[i] for i in allowed(numbers, min(l1, l2)))
