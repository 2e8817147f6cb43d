"""Why the computer plays a Caravan move, in the terms of its evaluation
(``evaluate``): the pair whose chance of being held the move changes most,
told by what became of its caravans (sold, built, spoiled, mended), or, when
no caravan changes, the hand's worth (a discard)."""

from __future__ import annotations

from games.ai.caravan.evaluate import BUCKET, PAIR
from games.ai.caravan.model import DISCARD, apply, start
from games.caravan.rules import SOLD_MAX, SOLD_MIN
from games.caravan.state import OPENING, CaravanState
from games.core.protocol import Action, Choice

#: Chances of holding a pair closer than this are unchanged.
EPSILON = 1e-9


def reason(known: CaravanState, seat: int, action: Action) -> Choice | None:
    """Why ``seat`` plays ``action`` in ``known`` (a canonical state)."""
    assert known.turn is not None
    cars = [tuple((c, tuple(f)) for c, f in car) for row in known.caravans for car in row]
    hands = [tuple(hand) for hand in known.hands]
    before = start(cars, hands, [list(d) for d in known.decks], known.turn, known.phase == OPENING)
    after = apply(before, tuple(action))
    if after.winner == seat:
        return Choice("win", "caravan-why-win")
    mine, theirs = 3 * seat, 3 - 3 * seat

    def chance(vals: list[int], pair: int) -> float:
        return PAIR[BUCKET[vals[mine + pair]]][BUCKET[vals[theirs + pair]]]

    gains = [chance(after.vals, p) - chance(before.vals, p) for p in range(3)]
    pair = max(range(3), key=lambda p: abs(gains[p]))
    if abs(gains[pair]) <= EPSILON:
        if action[0] == DISCARD:
            return Choice("discard", "caravan-why-discard", {"card": str(action[1])})
        return Choice("hand", "caravan-why-hand")
    own, other = mine + pair, theirs + pair
    was, now = before.vals[own], after.vals[own]
    args = {"n": pair + 1, "before": was, "value": now, "theirs": after.vals[other]}
    if before.vals[other] != after.vals[other]:
        args |= {"before": before.vals[other], "value": after.vals[other]}
        return Choice("spoil", "caravan-why-spoil", args)
    if SOLD_MIN <= now <= SOLD_MAX and not SOLD_MIN <= was <= SOLD_MAX:
        ahead = not SOLD_MIN <= after.vals[other] <= SOLD_MAX or now > after.vals[other]
        return Choice("sell", "caravan-why-sell", args | {"ahead": ahead})
    if now < was:
        return Choice("mend", "caravan-why-mend", args)
    if SOLD_MIN <= now <= SOLD_MAX and was <= after.vals[other] < now:
        return Choice("outbid", "caravan-why-outbid", args)
    return Choice("build", "caravan-why-build", args)
