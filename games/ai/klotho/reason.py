"""Why the computer plays a Klotho action, in the terms of its evaluation
(``evaluate``): the expected points the action adds to the seat's lines or
takes from another seat's, and for the rules of thumb (triplets, claims,
ending the tour) the rule that decided."""

from __future__ import annotations

from games.core.protocol import Action, Choice
from games.klotho.state import KlothoState

from .evaluate import Evaluator, Weights
from .model import KIND_NAMES, from_state, shape

#: Expected points closer than this are no change.
EPSILON = 0.05


def reason(known: KlothoState, seat: int, action: Action) -> Choice | None:
    """Why ``seat`` plays ``action`` in ``known`` (a canonical state)."""
    kind = str(action[0])
    if kind == "triplet":
        return Choice("triplet", f"klotho-why-triplet-{action[1]}")
    if kind == "claim":
        return Choice("claim", "klotho-why-claim")
    if kind in ("vote", "propose"):
        end = kind == "propose" or action[1] == "yes"
        return Choice("end", "klotho-why-end" if end else "klotho-why-play-on")
    if kind not in KIND_NAMES:
        return None
    pos = from_state(known)
    cell = shape(known.seats).names.index(str(action[1]))
    delta = Evaluator(pos.pool, Weights()).delta(pos, seat, (KIND_NAMES.index(kind), cell))
    own = delta[seat]
    hurt = min((s for s in range(known.seats) if s != seat), key=lambda s: delta[s], default=None)
    if hurt is not None and delta[hurt] < -EPSILON and -delta[hurt] > own:
        return Choice("spoil", "klotho-why-spoil", {"seat": hurt, "points": _points(-delta[hurt])})
    if own > EPSILON:
        return Choice("gain", f"klotho-why-{kind}", {"points": _points(own)})
    return Choice("least", "klotho-why-least")


def _points(value: float) -> float:
    """Expected points as a player reads them: one decimal."""
    return round(value, 1)
