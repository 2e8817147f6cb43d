"""The levels' searches over determinized deals of what the seat cannot see.

``easy`` looks one ply ahead on one deal. ``normal`` and ``strong`` play each
promising move out a few turns on many deals (:func:`roller`), which sees
what a static score, or a search of one reply and one answer, misses: a King
or a Jack that busts a sold caravan, an outbid, a game ended by a third pair
sold at the wrong moment. (The search of one reply and one answer that the
levels used before gained nothing from a bigger budget: its ``strong`` beat
its ``normal`` about half the time; playouts beat it 83% of the time.)
More deals alone gain less and less: ``strong`` playing out 8 moves on up to
64 deals beat ``normal`` 64% of the time; trying 16 moves and halving them
as the deals come in, at the same budget, 69.5%.

Playouts alone lost to the tactical greedy (``bench.tactical``), which weighs
the opponent's every reply by the chance that it holds the card: the playouts'
opponent replies greedily on one sampled hand, and 24 deals see a rare
killing card rarely. So both levels now choose the moves they play out by
that expected most hurtful reply (:func:`reply_scores`) and keep it in the
final score beside the playouts' chance.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable

from games.ai.caravan import reply
from games.ai.caravan.evaluate import (
    Memo,
    evaluate,
    hand_value,
    hand_worth,
    key_of,
    pairs_odds,
)
from games.ai.caravan.model import (
    ATTACH,
    DISBAND,
    DISCARD,
    PLAY,
    PLAYED,
    Caravan,
    Position,
    actions,
    apply,
    game_winner,
    holder,
    start,
)
from games.caravan.decks import standard_deck
from games.caravan.rules import VALUE, sort_key
from games.caravan.state import OPENING, CaravanState
from games.core.protocol import Action

#: A level's moves, best first (all of them, or those it searched).
Level = Callable[[CaravanState, int, list[Action], random.Random], list[Action]]


def unseen(known: CaravanState, seat: int) -> list[str]:
    """The cards the opponent may still hold in hand and deck, in a fixed order.

    Their deck is taken for whole standard sets (as many as it takes to hold
    their hand and draw pile), less what they must have played: the numeral
    cards on their caravans (only a caravan's owner plays numerals there) and
    the face cards on the table that cannot be the seat's own, because the
    seat still holds its copies of them.
    """
    other = 1 - seat
    need = len(known.hands[other]) + len(known.decks[other])
    own = known.own_decks[seat]
    mine_out = Counter(standard_deck() if own is None else own)
    mine_out.subtract(known.hands[seat])
    mine_out.subtract(known.decks[seat])
    laid: Counter[str] = Counter()
    faces: Counter[str] = Counter()
    for owner, row in enumerate(known.caravans):
        for caravan in row:
            for card, on in caravan:
                if owner == other:
                    laid[card] += 1
                faces.update(on)
    laid.update(faces - mine_out)
    return sets_less(laid, need)


def sets_less(laid: Counter[str], need: int) -> list[str]:
    """At least ``need`` cards in a fixed order: as many standard sets as it
    takes, less the cards ``laid``."""
    sets = 1
    while True:
        left = Counter(standard_deck() * sets) - laid
        if left.total() >= need:
            return sorted(left.elements(), key=sort_key)
        sets += 1


def deal(known: CaravanState, seat: int, pool: list[str], rng: random.Random) -> Position:
    """A position consistent with what ``seat`` sees: the opponent's hand and
    deck drawn from ``pool``, the seat's own deck shuffled."""
    other = 1 - seat
    cards = list(pool)
    rng.shuffle(cards)
    size = len(known.hands[other])
    need = size + len(known.decks[other])
    mine = list(known.decks[seat])
    rng.shuffle(mine)
    hands: list[tuple[str, ...]] = [(), ()]
    decks: list[list[str]] = [[], []]
    hands[seat] = tuple(known.hands[seat])
    hands[other] = tuple(cards[:size])
    decks[seat] = mine
    decks[other] = cards[size:need]
    cars: list[Caravan] = [
        tuple((card, tuple(faces)) for card, faces in caravan)
        for row in known.caravans
        for caravan in row
    ]
    assert known.turn is not None
    return start(cars, hands, list(decks), known.turn, known.phase == OPENING)


def _held(pos: Position, seat: int) -> int:
    """How many pairs ``seat`` holds in ``pos``."""
    vals = pos.vals
    return sum(holder(vals[pair], vals[3 + pair]) == seat for pair in range(3))


def _candidates(
    positions: list[Position], legal: list[Action], seat: int, keep: int, memo: Memo
) -> list[int]:
    """The ``keep`` moves of ``legal`` with the best one-ply total over ``positions``."""
    totals = [sum(evaluate(apply(pos, move), seat, memo) for pos in positions) for move in legal]
    return sorted(range(len(legal)), key=lambda i: -totals[i])[:keep]


def easy(known: CaravanState, seat: int, legal: list[Action], rng: random.Random) -> list[Action]:
    """One ply on one deal, with noise enough to let a careful beginner win."""
    pos = deal(known, seat, unseen(known, seat), rng)
    memo: Memo = {}
    scores = [evaluate(apply(pos, move), seat, memo) + rng.gauss(0, 0.5) for move in legal]
    return [legal[i] for i in sorted(range(len(legal)), key=lambda i: -scores[i])]


def _best_child(pos: Position, memo: Memo) -> tuple[Position | None, int]:
    """The position after the move the seat to move rates best by one ply of
    :func:`evaluate` (``None`` when it has no move), and how many moves it rated."""
    seat = pos.turn
    moves = actions(pos)
    if not moves:
        return None, 0
    # The other seat's hand is the same after every move, and so is what it
    # is worth but after a face card laid on their caravans or a joker.
    theirs = hand_value(pos, 1 - seat, memo)
    # Discards and numeral cards played on own caravans, half the moves, are
    # rated without building the position after each (only the chosen one's
    # is built): the same sums as ``evaluate(apply(pos, move), ...)``, so the
    # same choice. Not in the opening, nor once the other seat has no card
    # and no caravan left (then any move ends the game).
    quick = not pos.opening and (pos.hands[1 - seat] or any(pos.cars[3 - 3 * seat : 6 - 3 * seat]))
    base = 3 * seat
    vals, tails, hand = pos.vals, pos.tails, pos.hands[seat]
    key = key_of(vals, tails, seat)
    left = pos.left[seat]
    drawn = (pos.decks[seat][left - 1],) if left else ()
    still = pairs_odds(vals, seat)
    best, best_score = moves[0], -float("inf")
    for move in moves:
        kind = move[0]
        if quick and kind == DISCARD:
            i = hand.index(move[1])
            score = still + hand_worth(key, hand[:i] + hand[i + 1 :] + drawn, memo) - theirs
        elif quick and kind == PLAY:
            card, index = move[1], base + move[2]
            after = vals[:]
            after[index] += VALUE[card]
            winner = game_winner(after)
            if winner is not None:
                score = 100.0 if winner == seat else -100.0
            else:
                ends = tails[:]
                ends[index] = PLAYED[tails[index]][card]
                placed = key_of(after, ends, seat)
                i = hand.index(card)
                score = (
                    pairs_odds(after, seat)
                    + hand_worth(placed, hand[:i] + hand[i + 1 :] + drawn, memo)
                    - theirs
                )
        else:
            touches = kind == ATTACH and (move[2] != seat or move[1][0] == "X")
            score = evaluate(apply(pos, move), seat, memo, None if touches else theirs)
        if score > best_score:
            best, best_score = move, score
    return apply(pos, best), len(moves)


def rollout(pos: Position, seat: int, horizon: int, memo: Memo) -> tuple[float, int]:
    """``seat``'s chance to win ``pos``, after both seats play up to ``horizon``
    moves each rated best by one ply (1 or 0 once the game is decided, else
    the evaluation read as a chance), and the number of moves rated on the way."""
    work = 0
    for _ in range(horizon):
        if pos.winner is not None:
            break
        child, rated = _best_child(pos, memo)
        work += rated
        if child is None:
            break
        pos = child
    if pos.winner is not None:
        return (1.0 if pos.winner == seat else 0.0), work
    return 1 / (1 + math.exp(-evaluate(pos, seat, memo))), work


#: The weight of :func:`reply_scores` (a chance) beside the playouts' average chance.
PRIOR = 1.0


def roller(
    deals: int,
    keep: int,
    horizon: int,
    budget: int,
    halve_at: int = 0,
    screen: int = 0,
    prior_weight: float = PRIOR,
) -> Level:
    """A level that plays each of its ``keep`` most promising moves (by their
    one-ply average), and every move that takes a pair at once, out by
    :func:`rollout` on one deal after another (the same deals for every move),
    until ``deals`` deals or ``budget`` rated moves are spent, and takes the
    move with the best total chance. The budget counts work, not time, so the
    choice does not depend on the machine.

    With ``halve_at``, the worse half of the moves still played out is set
    aside (two moves stay) once ``halve_at`` deals are played, and again each
    time that number doubles: the deals go where the choice is close.

    With ``screen``, the moves played out are the ``keep`` best of that many
    by :func:`reply_scores` instead, and that score stays part of the choice,
    weighed by ``prior_weight`` (see :data:`PRIOR`): the playouts' greedy
    replies miss what the opponent's most hurtful reply shows."""

    def level(
        known: CaravanState, seat: int, legal: list[Action], rng: random.Random
    ) -> list[Action]:
        pool = unseen(known, seat)
        positions = [deal(known, seat, pool, rng) for _ in range(deals)]
        memo: Memo = {}
        held = _held(positions[0], seat)
        taking = [_held(apply(positions[0], move), seat) - held for move in legal]
        prior: dict[int, float] = {}
        if screen:
            order, prior = reply_scores(known, seat, legal, screen)
            # No reply is rated in the opening: the moves that leave the best table.
            searched = (sorted(prior, key=lambda i: -prior[i]) or order)[:keep]
        else:
            searched = _candidates(positions[:CANDIDATE_DEALS], legal, seat, keep, memo)
        searched += [i for i, gain in enumerate(taking) if gain > 0 and i not in searched]
        totals = [0.0] * len(searched)
        playing = list(range(len(searched)))
        aside: list[int] = []  # best first: a later half set aside beats an earlier one
        work = 0
        halving = halve_at
        for played, pos in enumerate(positions, start=1):
            for j in playing:
                chance, rated = rollout(apply(pos, legal[searched[j]]), seat, horizon, memo)
                # The playouts sell a caravan next turn as readily as now,
                # but a pair put off may be forestalled: taking it now wins
                # near ties (see :data:`TAKEN_NOW`).
                totals[j] += chance + TAKEN_NOW * taking[searched[j]]
                work += rated
            if work >= budget:
                break
            if played == halving and len(playing) > 2:
                playing.sort(key=lambda j: -totals[j])
                kept = max(2, len(playing) // 2)
                aside = playing[kept:] + aside
                playing = playing[:kept]
                halving *= 2

        def score(j: int) -> float:
            return totals[j] / played + prior_weight * prior.get(searched[j], 0.0) / 100

        return [legal[searched[j]] for j in sorted(playing, key=lambda j: -score(j)) + aside]

    return level


#: How many deals pick the moves :func:`roller` plays out.
CANDIDATE_DEALS = 8
#: What :func:`roller` adds to a move's chance per pair it takes at once: enough
#: for playouts alone to sell now rather than next turn in
#: ``test_it_sells_a_caravan_or_keeps_the_card_that_sells_it`` (0.007 apart
#: there), too little to outweigh a real difference.
TAKEN_NOW = 0.02


def reply_scores(
    known: CaravanState, seat: int, legal: list[Action], screen: int
) -> tuple[list[int], dict[int, float]]:
    """The moves of ``legal`` (their indices) by the table each leaves, best
    first, and the ``screen`` first ones (and each card's first use) rated by
    the opponent's most hurtful reply, averaged over the hands it may hold
    (``reply``), in points of a chance (× 100). In the opening no reply is
    rated."""
    pool = unseen(known, seat)
    pos = reply.pool_position(known, seat, pool)
    reaches: reply.Reaches = {}
    first = [
        reply.rating(apply(pos, move), seat, reply.hand_after(pos, seat, move), reaches)
        for move in legal
    ]
    order = sorted(range(len(legal)), key=lambda i: -first[i])
    if pos.opening:
        return order, {}
    weights = reply.first_weights(len(pool), len(known.hands[1 - seat]))
    drawn = reply.DRAWN if known.decks[seat] else 0.0
    # The one-ply rating counts a card kept in hand as if it were played next
    # turn, so the best use of every card is rated too, not only the first moves.
    picked = dict.fromkeys(order[:screen])
    picked.update((first_use, None) for first_use in _first_uses(legal, order))
    return order, {
        i: reply.expected_reply(pos, seat, legal[i], pool, weights, reaches)
        + (drawn if legal[i][0] != DISBAND else 0.0)
        for i in picked
    }


def _first_uses(legal: list[Action], order: list[int]) -> list[int]:
    """The first move of ``order`` with each card of the hand (and the first disband)."""
    seen: dict[object, int] = {}
    for i in order:
        move = legal[i]
        seen.setdefault(DISBAND if move[0] == DISBAND else move[1], i)
    return list(seen.values())


#: ``normal``'s budget was set for its slowest decisions to stay near 115 ms
#: (150 allowed), ``strong``'s near 850 ms (1,500 allowed); since the reply
#: screen rates alike replies once, normal's p99 is 83 ms and strong's 728
#: (see the README's figures). ``normal`` rating 20 moves and playing 4 out
#: beat the tactical greedy more often (65.0% of 600 games against 62.2%)
#: but no longer lost to ``strong`` (49.0% of 200), nor to a ``strong``
#: rating 60 and playing 10 out (50.5% of 200): the wider screen is what
#: gains, strong's longer playouts do not, so normal keeps 12 and 3.
#: ``normal`` plays its moves out only four turns: more deals per move within
#: its budget beat the tactical greedy more often (17 of 24 games against 15
#: with eight turns). ``strong`` playing out four turns missed two puzzles
#: (a King that outbids instead of busting, a Queen that opens the way).
LEVELS: dict[str, Level] = {
    "easy": easy,
    "normal": roller(deals=24, keep=3, horizon=4, budget=10_000, screen=12),
    "strong": roller(deals=160, keep=8, horizon=10, budget=120_000, halve_at=8, screen=40),
}
