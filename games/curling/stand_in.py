"""How the bot plays Logical Curling for an absent player.

Dice: it rolls, keeps the dice (re-throwing only when sixes force it). Cards:
it takes no blind card from the deck; once the table holds five substitution
cards, it takes those of the first player's that strengthen its best
combination, the strongest gain first. Then, among its legal throws, it traces
each one and takes the one that leaves the best position: no foul first, then the
best house count from its side (its score minus the opponent's), then the
most stones in the house weighted by zone (centre 3, middle 2, outer 1; its
own minus the opponent's), then the strongest trajectory; ties at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.core.protocol import Action
from games.curling.combos import NULL, table_combos
from games.curling.field import INDEX, ZONE_OF, keep_last_zero, zone_counts
from games.curling.state import AIM, DRAW, REROLL, ROLL, CurlingState
from games.curling.throw import trace
from games.curling.trajectories import TRAJECTORIES

#: Weights of a stone in the centre, middle and outer zones.
ZONE_WEIGHT = (3, 2, 1)

Score = tuple[int, int, int, int]


def choose(state: CurlingState, seat: int, actions: Sequence[Action], rnd: random.Random) -> Action:
    """The stand-in's move among ``actions`` (``seat``'s legal actions, never empty)."""
    if state.phase == ROLL and ("roll",) in actions:
        return ("roll",)
    if state.phase == REROLL:
        for wanted in (("keep",), ("rethrow",)):
            if wanted in actions:
                return wanted
    if state.phase == DRAW and ("stop",) in actions:
        return _take_or_stop(state, seat, actions)
    throws = [a for a in actions if a[0] == "throw"]
    if state.phase != AIM or not throws:
        return rnd.choice(list(actions))
    board = {INDEX[s.cell]: 2 * s.n + s.seat for s in state.stones}
    memo: dict[tuple[object, ...], Score] = {}
    scored = []
    for action in throws:
        # The same trajectory, start and numbers under another combination is the same throw.
        shape = action[2:]
        score = memo.get(shape)
        if score is None:
            score = memo[shape] = score_throw(state, seat, action, board)
        scored.append((score, action))
    best = max(score for score, _ in scored)
    return rnd.choice([action for score, action in scored if score == best])


def _take_or_stop(state: CurlingState, seat: int, actions: Sequence[Action]) -> Action:
    """Take the first player's substitution card that most strengthens the best
    combination (a card the first player no longer needs: they have thrown),
    if one does; never a blind card from the deck."""
    cards = state.cards
    assert cards is not None  # the draw phase is the card variant's
    main, subs = tuple(cards.main), tuple(cards.subs[seat])
    best = _best_power(main, subs, state.deck_size)
    taken: Action = ("stop",)
    for action in actions:
        if action[0] == "draw" and len(action) == 2:
            power = _best_power(main, (*subs, action[1]), state.deck_size)
            if power > best:
                best, taken = power, action
    return taken


def _best_power(main: tuple[str, ...], subs: tuple[str, ...], deck: int) -> int:
    combos = table_combos(main, subs, deck)
    return max((combo.power for combo in combos if combo.name != NULL), default=0)


def score_throw(
    state: CurlingState, seat: int, action: Action, board: dict[int, int] | None = None
) -> Score:
    """(no foul, house count difference, weighted house balance, power) after ``action``."""
    if board is None:
        board = {INDEX[s.cell]: 2 * s.n + s.seat for s in state.stones}
    if len(action) == 2:  # the null throw: nothing moves
        return _score(board, seat, False, 1)
    name, start, numbers = action[2], action[3], tuple(action[4:])
    traj = TRAJECTORIES[name]
    stone = 2 * (state.thrown[seat] + 1) + seat
    result = trace(board, INDEX[start], traj, numbers, stone, state.throw_no)
    return _score(result.board, seat, result.foul, traj.power)


def _score(board: dict[int, int], seat: int, foul: bool, power: int) -> Score:
    seats = {cell: stone & 1 for cell, stone in board.items()}
    score = keep_last_zero(zone_counts(seats))
    balance = 0
    for cell, owner in seats.items():
        zone = ZONE_OF[cell]
        if zone >= 0:
            balance += ZONE_WEIGHT[zone] * (1 if owner == seat else -1)
    return (0 if foul else 1, score[seat] - score[1 - seat], balance, power)
