"""Caravan's menus: the choice path of each action, and why options are missing.

Paths: card → caravan (→ card of that caravan) → confirm; card → discard →
confirm; disband → caravan → confirm (see ``docs/rules/caravan.md``).
"""

from __future__ import annotations

from games.caravan.actions import DISBAND, DISCARD, PLAY
from games.caravan.checks import caravan_reason, check_action
from games.caravan.rules import VALUE, face_targets, value_of
from games.caravan.state import OPENING, PAIRS, CaravanState
from games.core.protocol import Action, Choice


def choice_path(state: CaravanState, seat: int, action: Action) -> list[Choice]:
    """The steps to ``action`` (normalized), which must be legal for ``seat``."""
    move = check_action(state, seat, action)
    if move.kind == DISBAND:
        return [
            Choice(key=DISBAND, msg="caravan-choice-disband"),
            _caravan_choice(state, seat, move.pair),
            Choice(key="ok", msg="caravan-choice-confirm-disband", args={"n": move.pair + 1}),
        ]
    steps = [Choice(key=move.card, msg="caravan-choice-card", args={"card": move.card})]
    if move.kind == DISCARD:
        return [
            *steps,
            Choice(key=DISCARD, msg="caravan-choice-discard"),
            Choice(key="ok", msg="caravan-choice-confirm-discard", args={"card": move.card}),
        ]
    steps.append(_caravan_choice(state, move.owner, move.pair))
    where = {"seat": move.owner, "n": move.pair + 1}
    if move.kind == PLAY:
        args = {"card": move.card, **where}
        steps.append(Choice(key="ok", msg="caravan-choice-confirm-play", args=args))
        return steps
    caravan = state.caravans[move.owner][move.pair]
    target = caravan[move.pos][0]
    if len(face_targets(caravan, move.card)) > 1:
        steps.append(
            Choice(
                key=f"p{move.pos}",
                msg="caravan-choice-target",
                args={"card": target, "n": move.pos + 1},
            )
        )
    steps.append(
        Choice(
            key="ok",
            msg="caravan-choice-confirm-attach",
            args={"card": move.card, "target": target, **where},
        )
    )
    return steps


def explain(state: CaravanState, seat: int, keys: tuple[str, ...]) -> list[Choice]:
    """Why the options under ``keys`` are missing for ``seat``, the seat to move
    while the match is on: why a card cannot go on some caravans, why face cards
    wait in the opening round, why there is nothing to disband."""
    if not keys:
        return _explain_top(state, seat)
    if keys == (DISBAND,):
        if state.phase == OPENING:
            return []
        return [
            Choice(
                key=f"c{seat}{pair}",
                msg="error-caravan-disband-empty",
                args={"seat": seat, "n": pair + 1},
            )
            for pair, caravan in enumerate(state.caravans[seat])
            if not caravan
        ]
    if len(keys) != 1 or keys[0] not in state.hands[seat]:
        return []
    card = keys[0]
    out = []
    for owner in (seat, 1 - seat):
        for pair in range(PAIRS):
            reason = caravan_reason(state, seat, card, owner, pair)
            if reason is not None:
                args = {**reason.params, "seat": owner, "n": pair + 1}
                out.append(Choice(key=f"c{owner}{pair}", msg=f"error-{reason.code}", args=args))
    return out


def _explain_top(state: CaravanState, seat: int) -> list[Choice]:
    """Face cards held during the opening round; nothing to disband in the main phase."""
    if state.phase == OPENING:
        return [
            Choice(key=card, msg="error-caravan-opening-numerals-only", args={"card": card})
            for card in dict.fromkeys(state.hands[seat])
            if card not in VALUE
        ]
    if any(state.caravans[seat]):
        return []
    return [Choice(key=DISBAND, msg="error-caravan-nothing-to-disband")]


def _caravan_choice(state: CaravanState, owner: int, pair: int) -> Choice:
    return Choice(
        key=f"c{owner}{pair}",
        msg="caravan-choice-caravan",
        args={"seat": owner, "n": pair + 1, "value": value_of(state.caravans[owner][pair])},
    )
