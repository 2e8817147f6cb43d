"""How Klac!'s puzzles are built and proved.

A position is written as its rows and hands (seat 0 to move); every other
card of the 90 lies buried under a stack of its colour (only tops matter)
or in the deck. The proof plays the real engine to the end of the round:
every legal first action, every deal of the cards the seat cannot see
(the other hands and the deck, in every order), and then every reply of
both sides, the opponents minimising the seat's result and the seat
maximising it. Each deal is searched with every card known, the seat's later
plays included, so the positions are late ones (the deck out, a card or two
per hand) where what that knowledge could change is little or nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations, permutations

from games.core.protocol import Action
from games.klac.cards import make_deck, parse_card, sort_key
from games.klac.game import KlacGame
from games.klac.state import KlacState, LastPlay, RoundSummary, Row
from tests.games.puzzles.common import best, worst_case

GAME = KlacGame()
#: What a match won or lost is worth against any round's margin.
MATCH = 1000.0


def position(
    rows: list[Row],
    hands: list[list[str]],
    deck: list[str] | None = None,
    totals: list[int] | None = None,
    target: int = 150,
) -> KlacState:
    """Seat 0 to move with ``rows`` and ``hands``; the cards neither they nor
    ``deck`` hold are buried at the bottom of the first stack of their colour."""
    deck = list(deck or [])
    totals = list(totals or [0] * len(hands))
    rows = [[list(stack) for stack in row] for row in rows]
    used = Counter(c for hand in hands for c in hand)
    used.update(deck)
    used.update(c for row in rows for stack in row for c in stack)
    rest = sorted((Counter(make_deck()) - used).elements(), key=sort_key)
    for card in rest:
        colour = parse_card(card)[0]
        stack = next(s for row in rows for s in row if parse_card(s[-1])[0] == colour)
        stack.insert(0, card)
    target_row = next(t for t, row in enumerate(rows) if row)
    top = rows[target_row][0][-1]
    state = KlacState(
        seats=len(hands),
        target=target,
        rng=1,
        round=2,
        first=0,
        turn=0,
        deck=deck,
        hands=[sorted(hand, key=sort_key) for hand in hands],
        rows=rows,
        totals=totals,
        last=LastPlay(len(hands) - 1, target_row, 0, top, "extend", False),
        # The totals come from an earlier round, whose table does not matter.
        last_round=RoundSummary(1, [[] for _ in hands], [0] * len(hands), list(totals)),
    )
    return GAME.loads(GAME.dumps(state))


def deals(state: KlacState, seat: int) -> Iterator[tuple[KlacState, int]]:
    """Every deal of the cards ``seat`` cannot see, with how many ways it comes about.

    The other hands take each choice of cards, the deck each order of the rest;
    a deal that repeats as copies of a card swap places is given once, weighed.
    """
    others = [s for s in range(state.seats) if s != seat]
    pool = sorted([*state.deck, *(c for s in others for c in state.hands[s])], key=sort_key)
    seen: Counter[tuple[tuple[str, ...], ...]] = Counter()
    for split in _splits(list(range(len(pool))), [len(state.hands[s]) for s in others]):
        hands = [tuple(sorted((pool[i] for i in part), key=sort_key)) for part in split[:-1]]
        for order in permutations(split[-1]):
            seen[(*hands, tuple(pool[i] for i in order))] += 1
    for deal, ways in seen.items():
        dealt = GAME.loads(GAME.dumps(state))
        for s, hand in zip(others, deal[:-1], strict=True):
            dealt.hands[s] = list(hand)
        dealt.deck = list(deal[-1])
        yield dealt, ways


def _splits(items: list[int], sizes: list[int]) -> Iterator[list[list[int]]]:
    """``items`` cut into parts of ``sizes`` (as sets) and the rest, every way."""
    if not sizes:
        yield [items]
        return
    for part in combinations(items, sizes[0]):
        rest = [i for i in items if i not in part]
        for tail in _splits(rest, sizes[1:]):
            yield [list(part), *tail]


def outcome(after: KlacState, seat: int) -> float:
    """``seat``'s result of the round just ended: the match won or lost (by any
    margin), else the round's margin over the best other row."""
    if after.over:
        return MATCH if after.winners == [seat] else -MATCH
    summary = after.last_round
    assert summary is not None
    scores = summary.scores
    return float(scores[seat] - max(s for i, s in enumerate(scores) if i != seat))


def solve(state: KlacState, seat: int, start: int) -> float:
    """The result for ``seat`` of round ``start`` (``state``'s or just ended) with
    best play on both sides, every card known."""
    memo: dict[tuple[object, ...], float] = {}

    def value(node: KlacState) -> float:
        if node.over or node.round != start:
            return outcome(node, seat)
        key = (
            tuple(tuple(stack[-1] for stack in row) for row in node.rows),
            tuple(tuple(hand) for hand in node.hands),
            tuple(node.deck),
            node.turn,
        )
        found = memo.get(key)
        if found is None:
            turn = node.turn
            assert turn is not None
            results = [value(GAME.apply(node, turn, a)) for a in GAME.legal_actions(node, turn)]
            found = max(results) if turn == seat else min(results)
            memo[key] = found
        return found

    return value(state)


def action_values(state: KlacState, seat: int, sure: bool) -> dict[Action, float]:
    """Each legal action's worth: over every deal, its worst result (``sure``) or its mean."""
    outcomes: dict[Action, list[tuple[float, int]]] = {
        a: [] for a in GAME.legal_actions(state, seat)
    }
    for dealt, ways in deals(state, seat):
        for action in outcomes:
            after = GAME.apply(dealt, seat, action)
            outcomes[action].append((solve(after, seat, state.round), ways))
    if sure:
        return {a: worst_case(v for v, _ in vs) for a, vs in outcomes.items()}
    return {a: sum(v * w for v, w in vs) / sum(w for _, w in vs) for a, vs in outcomes.items()}


def prover(sure: bool) -> Callable[[KlacState, int], frozenset[Action]]:
    """A puzzle's ``prove``: the actions best in the worst case (``sure``) or on average."""

    def prove(state: KlacState, seat: int) -> frozenset[Action]:
        return best(action_values(state, seat, sure))

    return prove
