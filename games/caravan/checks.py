"""Validation of Caravan's actions: each refusal with its error code, and why a
card can go nowhere on a caravan (for the "why not?" explanations)."""

from __future__ import annotations

from typing import Any

from games.caravan.actions import ARITY, ATTACH, DISBAND, DISCARD, PLAY, Move
from games.caravan.rules import FACE_LIMIT, VALUE, face_problem, face_targets, numeral_problem, rank
from games.caravan.state import OPENING, PAIRS, SEATS, CaravanState
from games.core.errors import IllegalAction, InvalidCard, MalformedAction
from games.core.protocol import Action


def check_action(state: CaravanState, seat: int, action: Action) -> Move:
    """Validate ``action`` for ``seat``; raise an ``IllegalAction`` if it is not legal."""
    kind = action[0]
    if kind not in ARITY:
        raise MalformedAction(
            "an action is play, attach, discard or disband",
            code="caravan-unknown-action",
            kind=str(kind),
        )
    if len(action) != ARITY[kind]:
        raise MalformedAction(
            f"{kind} takes {ARITY[kind] - 1} arguments", code="caravan-bad-arity", kind=kind
        )
    if kind == DISBAND:
        return _check_disband(state, seat, action[1])
    card = action[1]
    numbers = action[2:]
    if not isinstance(card, str) or not all(isinstance(n, int) for n in numbers):
        raise MalformedAction(f"{kind} needs a card and numbers", kind=kind)
    try:
        card_rank = rank(card)
    except InvalidCard:
        raise MalformedAction("that is not a card", code="caravan-invalid-card") from None
    if kind == ATTACH:
        _check_seat(numbers[0])
    if kind != DISCARD:
        _check_pair(numbers[-2] if kind == ATTACH else numbers[0])
    # The refusal names only the card the player sent, never what others hold.
    if card not in state.hands[seat]:
        raise IllegalAction(
            "that card is not in your hand", code="caravan-card-not-in-hand", card=card
        )
    opening = state.phase == OPENING
    if kind == DISCARD:
        if opening:
            raise IllegalAction(
                "no discarding in the opening round", code="caravan-opening-no-discard"
            )
        return Move(DISCARD, card)
    if kind == PLAY:
        return _check_play(state, seat, card, numbers[0])
    if card_rank not in ("J", "Q", "K", "X"):
        raise IllegalAction(
            f"{card} is a numeral card: play it onto one of your caravans",
            code="caravan-not-a-face",
            card=card,
        )
    if opening:
        raise _faces_wait(card)
    owner, pair, pos = numbers
    caravan = state.caravans[owner][pair]
    if not caravan:
        raise _empty(owner, pair)
    if not 0 <= pos < len(caravan):
        raise IllegalAction(
            f"that caravan has no card {pos}",
            code="caravan-no-such-card",
            seat=owner,
            n=pair + 1,
            pos=pos,
        )
    problem = face_problem(caravan, card, pos)
    if problem is not None:
        raise problem
    return Move(ATTACH, card, owner, pair, pos)


def caravan_reason(
    state: CaravanState, seat: int, card: str, owner: int, pair: int
) -> IllegalAction | None:
    """Why ``card`` (in ``seat``'s hand) can go nowhere on caravan ``(owner, pair)``."""
    caravan = state.caravans[owner][pair]
    opening = state.phase == OPENING
    if card in VALUE:
        if owner != seat:
            return IllegalAction(
                "numeral cards go only on your own caravans", code="caravan-own-caravans-only"
            )
        if opening:
            return _started(seat, pair) if caravan else None
        return numeral_problem(caravan, card)
    if opening:
        return _faces_wait(card)
    if not caravan:
        return _empty(owner, pair)
    if face_targets(caravan, card):
        return None
    if card[0] == "Q":
        return face_problem(caravan, card, len(caravan) - 1)
    return IllegalAction(
        f"every card of that caravan already holds {FACE_LIMIT} face cards",
        code="caravan-all-full",
        card=card,
        max=FACE_LIMIT,
    )


def _is_seat(seat: object) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < SEATS


def _check_seat(owner: int) -> None:
    if not _is_seat(owner):
        raise IllegalAction(f"there is no seat {owner}", code="caravan-no-such-seat", seat=owner)


def _check_pair(pair: int) -> None:
    if not 0 <= pair < PAIRS:
        raise IllegalAction(
            f"there is no caravan {pair} (they are 0, 1 and 2)",
            code="caravan-no-such-caravan",
            pair=pair,
        )


def _check_disband(state: CaravanState, seat: int, pair: Any) -> Move:
    if not isinstance(pair, int):
        raise MalformedAction("disband needs a caravan number", kind=DISBAND)
    _check_pair(pair)
    if state.phase == OPENING:
        raise IllegalAction("no disbanding in the opening round", code="caravan-opening-no-disband")
    if not state.caravans[seat][pair]:
        raise IllegalAction(
            "that caravan is empty: nothing to disband",
            code="caravan-disband-empty",
            seat=seat,
            n=pair + 1,
        )
    return Move(DISBAND, owner=seat, pair=pair)


def _check_play(state: CaravanState, seat: int, card: str, pair: int) -> Move:
    if card not in VALUE:
        raise IllegalAction(
            f"{card} is a face card: attach it to a numeral card",
            code="caravan-not-a-numeral",
            card=card,
        )
    caravan = state.caravans[seat][pair]
    if state.phase == OPENING and caravan:
        raise _started(seat, pair)
    problem = numeral_problem(caravan, card)
    if problem is not None:
        raise problem
    return Move(PLAY, card, seat, pair, len(caravan))


def _faces_wait(card: str) -> IllegalAction:
    return IllegalAction(
        "face cards wait until the opening round is over",
        code="caravan-opening-numerals-only",
        card=card,
    )


def _empty(owner: int, pair: int) -> IllegalAction:
    return IllegalAction(
        "that caravan is empty: it needs a numeral card first",
        code="caravan-empty-caravan",
        seat=owner,
        n=pair + 1,
    )


def _started(seat: int, pair: int) -> IllegalAction:
    return IllegalAction(
        "in the opening round each caravan gets one card: that one is started",
        code="caravan-opening-started",
        seat=seat,
        n=pair + 1,
    )
