"""What a Caravan move would do, said before it is confirmed: each caravan
whose value it changes (sold, bust or neither), or the game it ends.

Worked out by applying the move to a copy of the state and reading only the
public outcome (caravans' values, the game's winner): never the card drawn.
"""

from __future__ import annotations

from games.caravan.game import CaravanGame
from games.caravan.rules import SOLD_MAX, SOLD_MIN, value_of
from games.caravan.state import CaravanState
from games.core.protocol import Action, Choice

GAME = CaravanGame()


def preview(state: CaravanState, seat: int, action: Action) -> list[Choice]:
    """The outcome of ``seat`` playing ``action`` (a legal action), in steps to word."""
    after = GAME.apply(state, seat, action)
    for event in after.events:
        if event.kind == "game_end":
            won = event.public["winner"] == seat
            return [Choice("end", "caravan-preview-won" if won else "caravan-preview-lost")]
    out = []
    for owner, row in enumerate(state.caravans):
        for pair, caravan in enumerate(row):
            before, now = value_of(caravan), value_of(after.caravans[owner][pair])
            if before == now and len(caravan) == len(after.caravans[owner][pair]):
                continue
            status = "sold" if SOLD_MIN <= now <= SOLD_MAX else "bust" if now > SOLD_MAX else "open"
            args = {"seat": owner, "n": pair + 1, "before": before, "value": now, "status": status}
            out.append(Choice(f"{owner}:{pair}", "caravan-preview", args))
    return out
