"""Logical Curling positions for the tutorial, made with the game's own state."""

from __future__ import annotations

from games.curling.play import new_match
from games.curling.state import AIM, CARDS, DICE, DRAW, ROLL, Cards, CurlingState, Stone

#: Red, the learner's colour (seat 0); blue is the computer's.
RED, BLUE = 0, 1


def position(
    stones: dict[str, int],
    *,
    throw_no: int = 1,
    hammer: int = BLUE,
    phase: str = ROLL,
    dice: list[int] | None = None,
    prev_power: int | None = None,
    rng: int = 1,
    match: tuple[int, int] = (0, 0),
) -> CurlingState:
    """A dice match (2 ends) at ``throw_no`` of end 1 with ``stones`` (cell →
    seat) on the field; the seat whose throw it is moves."""
    state = new_match(DICE, 36, 2, 0)
    _place(state, stones, throw_no, hammer)
    state.phase = phase
    state.dice = dice
    state.started = phase != ROLL
    state.prev_power = _previous(throw_no, prev_power)
    state.rng = rng
    state.match = list(match)
    return state


def card_position(
    stones: dict[str, int],
    *,
    main: list[str],
    subs: tuple[list[str], list[str]],
    deck: list[str],
    throw_no: int = 1,
    hammer: int = BLUE,
    prev_power: int | None = None,
) -> CurlingState:
    """A 36-card match at ``throw_no`` with this row of main cards, these
    substitution cards and the deck's order (top first), the mover taking."""
    state = new_match(CARDS, 36, 2, 0)
    _place(state, stones, throw_no, hammer)
    used = {*main, *subs[0], *subs[1], *deck}
    assert state.cards is not None
    rest = [card for card in [*state.cards.main, *state.cards.deck] if card not in used]
    state.cards = Cards(
        main=list(main), subs=[list(subs[0]), list(subs[1])], deck=[*deck, *rest], discard=[]
    )
    state.phase = DRAW
    state.started = False
    state.prev_power = _previous(throw_no, prev_power)
    return state


def _previous(throw_no: int, power: int | None) -> int | None:
    """The previous throw's power: none on an end's first throw, else as given
    (a middling 2 when the lesson does not depend on it)."""
    if throw_no == 1:
        return None
    return 2 if power is None else power


def _place(state: CurlingState, stones: dict[str, int], throw_no: int, hammer: int) -> None:
    first = 1 - hammer
    made = throw_no - 1
    state.hammer = hammer
    state.throw_no = throw_no
    state.turn = first if throw_no % 2 == 1 else hammer
    state.thrown = [0, 0]
    state.thrown[first] = (made + 1) // 2
    state.thrown[hammer] = made // 2
    counts = [0, 0]
    state.stones = []
    for cell, seat in stones.items():
        counts[seat] += 1
        state.stones.append(Stone(cell, seat, counts[seat]))
    state.stones.sort(key=lambda s: (s.seat, s.n))
    state.out = [state.thrown[s] - counts[s] for s in (0, 1)]
    if min(state.out) < 0:
        raise ValueError("more stones on the field than thrown")
    state.events = []


__all__ = ["AIM", "BLUE", "RED", "card_position", "position"]
