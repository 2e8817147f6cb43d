"""The computer player of Logical Curling.

Every decision values throws: each shape a throw may take (``shapes``) is
landed on the board by a fast model of the engine's tracing and the board
valued by a guess of the end's score (``evaluate``). ``normal`` then values
its best few throws against the opponent's best reply from every hand it may
hold (``search``): with dice a fresh roll and its best free re-throw
(``dice``), with cards the main cards and sampled deals (``cards``).
``strong`` looks at more throws and samples, answers the replies the
opponent would choose, the likeliest first, once more at every throw (from
throw 12 on only, it won 47.5% of 40 games against normal; at every throw,
60%), and in the match's last end values the chance of winning the match.
``easy`` values the board as it stands and slips now and then. The same values choose which dice to
re-throw and which substitution cards to take.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from games.ai.base import card_order
from games.ai.curling import cards as card_play
from games.ai.curling import dice as dice_play
from games.ai.curling.evaluate import Judge
from games.ai.curling.search import AWAY, Combo, Hands, Turn, combo_value, shape_values
from games.ai.curling.shapes import SHAPE_INDEX, allowed
from games.core.protocol import Action
from games.curling.actions import board, l2_limit
from games.curling.game import CurlingGame
from games.curling.state import AIM, DICE, DRAW, REROLL, Cards, CurlingState

GAME = CurlingGame()


@dataclass(frozen=True)
class Level:
    """How hard a level plays."""

    #: Distinct outcomes looked at against the opponent's reply.
    width: int
    #: Of the boards the opponent's replies choose, how many (the likeliest)
    #: are looked at after the thrower's answer.
    answer: int
    #: In the match's last end, value the match's odds (else the end's expected score).
    odds: bool
    #: Hands sampled for a thrower's turn in the next round (cards).
    card_samples: int
    #: The first throw of an end from which the thrower's answer is searched
    #: too (``answer`` > 0).
    deep_from: int = 17
    #: The throw is taken at random among this many of the best: a beginner's
    #: slips, so that ``easy`` can be beaten.
    spread: int = 1


#: ``normal`` searched six throws against four sampled hands of the card
#: variant's opponent before: 56.0% of 200 card games against the tactical
#: greedy (58.0% once the second player's own draws from the deck were
#: counted in its hands); ten throws against eight hands won 69.0%.
LEVEL_PLAY = {
    "easy": Level(0, 0, False, 1, spread=4),
    "normal": Level(10, 0, False, 8),
    "strong": Level(16, 4, True, 12, deep_from=1),
}


def shape_of(action: Action) -> int:
    """The shape a throw action throws (``AWAY`` for the throw-away)."""
    return AWAY if len(action) == 2 else SHAPE_INDEX[(action[2], action[3], tuple(action[4:]))]


class CurlingPlayer:
    """Logical Curling at every level."""

    def canonical(self, state: CurlingState, seat: int) -> CurlingState:
        """The deck and the discard pile (shown as counts only) dealt back from
        their cards in a fixed order, and the dice to come reset."""
        cards = state.cards
        if cards is not None:
            pool = sorted([*cards.deck, *cards.discard], key=card_order)
            size = len(cards.deck)
            cards = Cards(
                list(cards.main), [list(held) for held in cards.subs], pool[:size], pool[size:]
            )
        return replace(state, cards=cards, rng=0)

    def choose(self, known: CurlingState, seat: int, level: str, rng: random.Random) -> Action:
        """The move at ``level``."""
        return play(known, seat, LEVEL_PLAY[level], rng)


def play(known: CurlingState, seat: int, level: Level, rng: random.Random) -> Action:
    """``seat``'s move in ``known`` at ``level``."""
    legal = GAME.legal_actions(known, seat)
    if known.phase not in (AIM, REROLL, DRAW):
        return legal[0]
    turn = Turn(board(known), seat, known.throw_no, (known.thrown[0], known.thrown[1]))
    search = (level.width, level.answer if known.throw_no >= level.deep_from else 0)
    hands: Hands = dice_play.FRESH_TURN
    mine: Hands = dice_play.FRESH_TURN
    if known.variant != DICE:
        hands = mine = card_play.opponent_hands(known, seat, rng, level.card_samples)
        if search[1]:
            mine = card_play.own_next_hands(known, rng, level.card_samples)
    judge = Judge(
        seat,
        known.hammer,
        known.match[seat] - known.match[1 - seat],
        max(0, known.ends - known.end),
        level.odds and known.end >= known.ends,
    )
    if known.phase == AIM:
        values = shape_values(turn, {shape_of(a) for a in legal}, hands, mine, search, judge)
        ranked = sorted(legal, key=lambda a: values[shape_of(a)], reverse=True)
        if level.spread > 1:
            return ranked[rng.randrange(min(level.spread, len(ranked)))]
        return ranked[0]
    l2 = l2_limit(known, seat) or 5
    values = shape_values(turn, (AWAY, *allowed(None, l2)), hands, mine, search, judge)
    memo: dict[Combo, float] = {}

    def value(combo: Combo) -> float:
        got = memo.get(combo)
        if got is None:
            got = memo[combo] = combo_value(values, combo, l2)
        return got

    if known.phase == REROLL:
        assert known.dice is not None
        plan = dice_play.rethrow_plan(known.dice, value)
        for i, die in enumerate(known.dice):
            if die != 6 and known.marked[i] != (i in plan):
                return ("toggle", i)
        return ("rethrow",) if ("rethrow",) in legal else ("keep",)
    return card_play.draw_choice(known, seat, legal, value)


PLAYER = CurlingPlayer()
