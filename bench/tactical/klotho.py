"""Klotho's tactical greedy: one ply, plus the lines a chip would score next turn.

Each cell action is played on the seat's canonical position; a card it turns
is every unseen card in turn (each equally likely). The position after it is
judged by the seats' chances of winning (the computer player's evaluator and
outlook: points, plus what each chip's unfinished lines promise), with each
chip's *threat* added: what its owner would expect from the best card it can
turn next turn (the lines that card would finish under its chip, less those
it would finish under other chips). A seat moving before this one's next
turn takes its threat in full; this seat's own may yet be spoiled (its
face-up card replaced first), so it counts for less. So it spoils a line the
opponent is about to finish, does not turn the card that finishes one for
somebody else, and walks its chip to where a turn will score. A triplet
that would give a seat its second half victory is counted as the game.

Votes, proposals, triplets and digging on (a seat behind must turn cards)
follow the computer player's rules of thumb (``games.ai.klotho.policy``).
"""

from __future__ import annotations

import random
from typing import Any

from games import ai
from games.ai.klotho.evaluate import Evaluator, Weights
from games.ai.klotho.model import KIND_NAMES, PLACE, TURN, Move, Position, play
from games.ai.klotho.policy import CellChoice, rule_of_thumb
from games.ai.klotho.utility import Outlook
from games.core.protocol import Action
from games.klotho.state import KlothoState

WEIGHTS = Weights()
#: How much the threat of a seat moving before this one's next turn counts.
THEIRS = 1.0
#: How much this seat's own threat counts (it may be spoiled first).
MINE = 0.8


def threat(ev: Evaluator, pos: Position, seat: int) -> float:
    """What ``seat`` expects from its best turning next turn (0: it need not turn)."""
    chip = pos.chips[seat]
    if chip < 0 or pos.over:
        return 0.0
    cards, occupant = pos.cards, pos.occupant
    best = 0.0
    for cell in pos.shape.neighbours[chip]:
        if cards[cell] >= 0:
            continue
        gain = 0.0
        for middle, other in pos.shape.ends[cell]:
            owner = occupant[middle]
            if owner < 0 or cards[other] < 0:
                continue
            value = ev.one(cards[other], cards[middle])
            gain += value if owner == seat else -value
        best = max(best, gain)
    return best


def winning(ev: Evaluator, pos: Position, seat: int) -> float:
    """The chance ``seat`` wins the game with its next turning: a triplet
    under its chip when it holds a half victory already."""
    chip = pos.chips[seat]
    if chip < 0 or pos.over or not pos.halves[seat]:
        return 0.0
    chances = [0.0]
    for cell in pos.shape.neighbours[chip]:
        if pos.cards[cell] < 0:
            owner, chance = ev.winning_triplet(pos, cell)
            chances.append(chance if owner == seat else 0.0)
    return max(chances)


def judge(ev: Evaluator, outlook: Outlook, pos: Position, seat: int) -> float:
    """``seat``'s chance of winning in ``pos``, the threats included."""
    values = ev.values(pos)
    if pos.over:
        return outlook.of(pos, values)[seat]
    following = {(pos.turn + k) % pos.seats for k in range(pos.seats)} - {seat}
    for other in range(pos.seats):
        weight = MINE if other == seat else THEIRS if other in following else 0.0
        # The evaluator counts the threat's line at ``one`` already.
        values[other] += (weight - WEIGHTS.one) * max(0.0, threat(ev, pos, other))
    chance = outlook.of(pos, values)[seat]
    chance += (1 - chance) * MINE * winning(ev, pos, seat)
    for other in following:
        chance *= 1 - winning(ev, pos, other)
    return chance


def value(ev: Evaluator, outlook: Outlook, pos: Position, seat: int, move: Move) -> float:
    """The expected judgement after ``move``, over every card it may show."""
    if move[0] not in (PLACE, TURN):
        child = pos.copy()
        play(child, move)
        return judge(ev, outlook, child, seat)
    total = 0.0
    for card in pos.pool:
        child = pos.copy()
        play(child, move, card)
        total += judge(ev, outlook, child, seat)
    return total / len(pos.pool)


def tactical(game_id: str, state: Any, seat: int, rng: random.Random) -> Action:
    """The tactical greedy player's action for ``seat``."""
    known: KlothoState = ai.PLAYERS[game_id].canonical(state, seat)
    decided = rule_of_thumb(known, seat, WEIGHTS)
    if not isinstance(decided, CellChoice):
        return decided
    pos, moves = decided.pos, decided.moves
    values = [value(decided.ev, decided.outlook, pos, seat, move) for move in moves]
    top = max(values)
    choice = rng.choice([m for m, v in zip(moves, values, strict=True) if v >= top - 1e-12])
    return (KIND_NAMES[choice[0]], pos.shape.names[choice[1]])
