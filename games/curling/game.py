"""The Logical Curling rules engine (see ``docs/rules/curling.md`` and ``docs/views.md``).

Actions:

- ``("roll",)``: the dice variant's first throw of five dice;
- ``("toggle", i)``: mark or unmark die ``i`` (0–4) for the one free re-throw;
- ``("rethrow",)``: re-throw the marked dice and every six (then sixes until none);
- ``("keep",)``: keep the dice (nothing marked, no six);
- ``("draw",)``: the card variant: take one substitution card;
- ``("stop",)``: take no more substitution cards;
- ``("throw", combo, trajectory, start, n1, n2, …)``: throw a stone;
  ``("throw", "null")``: throw it away (the card variant's null combination).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from games.core.cards import RANKS_36, RANKS_52, make_deck
from games.core.errors import (
    GameError,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    require_turn_and_phase,
)
from games.core.events import Event
from games.core.protocol import Action, Choice, Game, OptionSpec, OptionValue, normalize_action
from games.core.rng import SEED_BITS, randbelow, shuffled
from games.curling import stand_in
from games.curling.combos import NULL, Combo, dice_combo, table_combos
from games.curling.field import INDEX, NAMES, STARTS, keep_last_zero, zone_counts
from games.curling.rules import COLOURS, THROWS, start_cell
from games.curling.state import (
    AIM,
    CARDS,
    DICE,
    DRAW,
    OVER,
    REROLL,
    ROLL,
    VARIANTS,
    Cards,
    CurlingState,
    LastThrow,
    Moved,
    Stone,
)
from games.curling.throw import Trace, trace
from games.curling.trajectories import (
    ORDER,
    POWER,
    REVERSE,
    TRAJECTORIES,
    Trajectory,
    check_numbers,
    find_trajectory,
    number_choices,
    uses_set,
)

TOGGLE = "toggle"
RETHROW = "rethrow"
KEEP = "keep"
STOP = "stop"
THROW = "throw"
#: The phase each action belongs to.
PHASE_OF = {
    ROLL: ROLL,
    TOGGLE: REROLL,
    RETHROW: REROLL,
    KEEP: REROLL,
    DRAW: DRAW,
    STOP: DRAW,
    THROW: AIM,
}
ARITY = {ROLL: 1, TOGGLE: 2, RETHROW: 1, KEEP: 1, DRAW: 1, STOP: 1}
DICE_COUNT = 5
SIX = 6
#: Stones per seat and end.
STONES = 8
#: Main cards by deck size.
MAIN_CARDS = {36: 5, 52: 6, 54: 6}
#: The most substitution cards on the table at once, and in one player's hands.
MAX_SUBS = 5
#: After this throw of an end (each player's fourth) every card is gathered and reshuffled.
MIDDLE_THROW = 8
DECK_SOURCE = "deck"
OPPONENT_SOURCE = "opponent"


@dataclass(frozen=True)
class _Throw:
    """A validated throw; ``traj`` is ``None`` for a null throw."""

    combo: Combo
    traj: Trajectory | None
    start: int
    numbers: tuple[int, ...]


class CurlingGame(Game[CurlingState]):
    """Logical Curling for two players: red (seat 0) and blue (seat 1)."""

    name: ClassVar[str] = "curling"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    state_type = CurlingState
    public_moves: ClassVar[bool] = True
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("variant", DICE, VARIANTS),
        OptionSpec("deck", 36, (36, 52, 54)),
        OptionSpec("ends", 8, (2, 4, 6, 8)),
    )

    # -- setup ------------------------------------------------------------

    def _new(self, seats: int, options: dict[str, OptionValue], seed: int) -> CurlingState:
        hammer, rng = randbelow(2, seed)
        state = CurlingState(
            variant=str(options["variant"]),
            deck_size=int(options["deck"]),
            ends=int(options["ends"]),
            rng=rng,
            end=1,
            hammer=hammer,
            throw_no=1,
            turn=None,
            phase=ROLL,
            stones=[],
            thrown=[0, 0],
            out=[0, 0],
            end_scores=[],
            match=[0, 0],
            prev_power=None,
            started=False,
        )
        events: list[Event] = []
        _start_end(state, events)
        state.events = events
        return state

    # -- queries ----------------------------------------------------------

    def to_move(self, state: CurlingState) -> list[int]:
        """The one seat to act, or ``[]`` once the match is over."""
        return [] if state.turn is None else [state.turn]

    def legal_actions(self, state: CurlingState, seat: int) -> list[Action]:
        """Menu order: roll; toggles by die, rethrow, keep; draw, stop; throws by
        combination (strongest first), trajectory (weakest first), numbers
        (ascending), start cell (c0 d0 e0 f0)."""
        if state.turn is None or seat != state.turn:
            return []
        if state.phase == ROLL:
            return [(ROLL,)]
        if state.phase == REROLL:
            return _reroll_actions(state)
        if state.phase == DRAW:
            return [(DRAW,), (STOP,)] if _draw_source(state, seat) else [(STOP,)]
        return list(_throws(_combos(state, seat), _l2(state, seat)))

    def is_over(self, state: CurlingState) -> bool:
        """True once the match (with any extra ends) has been won."""
        return state.phase == OVER

    def result(self, state: CurlingState) -> dict[str, Any]:
        """Match totals per seat, and the winner once over."""
        return {"scores": list(state.match), "winners": list(state.winners)}

    def seats(self, state: CurlingState) -> int:
        """Always two."""
        return 2

    def view(self, state: CurlingState, seat: int | None) -> dict[str, Any]:
        """The table (everything but the deck's order); see ``docs/views.md``."""
        if seat is not None and not (_is_int(seat) and seat in (0, 1)):
            raise GameError(f"there is no seat {seat!r}", code="curling-no-such-seat", seat=seat)
        turn = state.turn
        combos: tuple[Combo, ...] = ()
        l2 = None
        if turn is not None:
            l2 = _l2(state, turn)
            if state.phase == AIM:
                combos = _combos(state, turn)
        l1 = max((c.power for c in combos), default=None)
        cards = state.cards
        out: dict[str, Any] = {
            "game": self.name,
            "variant": state.variant,
            "deck": state.deck_size if state.variant == CARDS else None,
            "colours": list(COLOURS),
            "ends": state.ends,
            "end": state.end,
            "hammer": state.hammer,
            "throw_no": min(state.throw_no, THROWS),
            "turn": turn,
            "phase": state.phase,
            "stones": stones_view(state.stones),
            "to_throw": {c: STONES - state.thrown[s] for s, c in enumerate(COLOURS)},
            "out": {c: state.out[s] for s, c in enumerate(COLOURS)},
            "house": house_view(_board(state)),
            "end_scores": [list(score) for score in state.end_scores],
            "match": list(state.match),
            "dice": None if state.dice is None else list(state.dice),
            "marked": list(state.marked) if state.variant == DICE else None,
            "cards": None
            if cards is None
            else {
                "main": list(cards.main),
                "subs": [list(held) for held in cards.subs],
                "deck": len(cards.deck),
                "discard": len(cards.discard),
            },
            "combinations": [_combo_view(c) for c in combos],
            "limit": {
                "l1": l1,
                "l2": l2,
                "l": None if l1 is None else (l1 if l2 is None else min(l1, l2)),
            },
            "last": None if state.last is None else last_view(state.last),
            "over": state.phase == OVER,
            "winners": list(state.winners),
            "events": [_deep_copy(event.seen_by(seat)) for event in state.events],
        }
        if seat is not None:
            out["you"] = seat
        return out

    def preview(self, state: CurlingState, seat: int, action: Sequence[Any]) -> dict[str, Any]:
        """What the throw ``action`` would do: the view's ``last`` for it plus
        ``stones`` and ``house`` after it and ``segments`` (the cells the thrown
        stone entered and the stones it struck, per segment); every struck stone's
        ``moves`` entry adds its ``path``. Raises like ``apply``; never changes
        the state."""
        act = normalize_action(action)
        if state.phase == OVER:
            raise GameOver("the game is over")
        if seat not in self.to_move(state):
            raise NotYourTurn("it is not your turn", seat=seat)
        self._check(state, seat, act)  # refuses what is illegal anyway
        if act[0] != THROW:
            raise IllegalAction(
                "only a throw can be previewed", code="curling-preview-throw-only", kind=act[0]
            )
        move = _check_throw(state, seat, act)
        stones, result = _outcome(state, seat, move)
        last = _last_of(state, seat, move, result)
        out = last_view(last)
        if result is not None:
            paths = {(stone & 1, stone >> 1): path for stone, (_, path) in result.moves.items()}
            for entry, moved in zip(out["moves"], last.moves, strict=True):
                entry["path"] = [NAMES[cell] for cell in paths[(moved.seat, moved.n)]]
        out["stones"] = stones_view(stones)
        out["house"] = house_view({INDEX[s.cell]: s.seat for s in stones})
        out["segments"] = (
            []
            if result is None
            else [
                {"cells": [NAMES[c] for c in cells], "hits": [NAMES[c] for c in hits]}
                for cells, hits in result.segments
            ]
        )
        return out

    def choice_path(self, state: CurlingState, seat: int, action: Action) -> list[Choice]:
        """``roll``; ``t<i>``, ``rethrow``, ``keep``; ``draw``, ``stop``;
        ``[k<combo>] p<trajectory> n<v>… s<start> ok``; ``[knull] ok``."""
        return self.choice_paths(state, seat, [action])[0]

    def choice_paths(
        self, state: CurlingState, seat: int, actions: Sequence[Action]
    ) -> list[list[Choice]]:
        """The paths of ``actions``; the throws' steps are shared and cached, the
        combinations derived once."""
        if state.phase != AIM:
            return [self._simple_path(state, seat, action) for action in actions]
        combos = _combos(state, seat) if state.turn == seat else ()
        legal = _throw_set(combos, _l2(state, seat)) if combos else frozenset()
        by_key = {c.key: c for c in combos}
        many = len(combos) > 1
        out = []
        for action in actions:
            act = action if type(action) is tuple else normalize_action(action)
            if act not in legal:
                self._check(state, seat, act)
                raise IllegalAction("that throw is not possible now", code="curling-not-legal")
            out.append(_throw_path(by_key[act[1]], act, many))
        return out

    def _simple_path(self, state: CurlingState, seat: int, action: Action) -> list[Choice]:
        act = action if type(action) is tuple else normalize_action(action)
        self._check(state, seat, act)
        kind = act[0]
        if kind == TOGGLE:
            assert state.dice is not None
            die = act[1]
            return [
                Choice(
                    key=f"t{die}",
                    msg="curling-choice-toggle",
                    args={"die": die + 1, "value": state.dice[die], "marked": state.marked[die]},
                )
            ]
        if kind == RETHROW:
            return [
                Choice(
                    key=RETHROW, msg="curling-choice-rethrow", args={"count": len(_rethrown(state))}
                )
            ]
        if kind == DRAW:
            return [
                Choice(
                    key=DRAW,
                    msg="curling-choice-draw",
                    args={"source": _draw_source(state, seat) or DECK_SOURCE},
                )
            ]
        return [_SIMPLE[kind]]

    def explain(self, state: CurlingState, seat: int, keys: Sequence[str]) -> list[Choice]:
        """Why a die can't be marked or the dice can't be kept; why stronger
        trajectories are missing (the limit); why a number is missing when it
        would break the trajectory's constraint."""
        if state.turn is None or seat != state.turn:
            return []
        keys = list(keys)
        if state.phase == REROLL:
            return [] if keys else _explain_reroll(state)
        if state.phase != AIM:
            return []
        combos = _combos(state, seat)
        if len(combos) > 1:
            if not keys:
                return []
            wanted = keys.pop(0)
            found = [c for c in combos if f"k{c.key}" == wanted]
            if not found:
                return []
            combo = found[0]
        else:
            combo = combos[0]
        if combo.name == NULL:
            return []
        l2 = _l2(state, seat)
        if not keys:
            limit = combo.power if l2 is None else min(combo.power, l2)
            return [
                Choice(
                    key=f"p{name}",
                    msg="error-curling-over-limit",
                    args={
                        "trajectory": name,
                        "power": POWER[name],
                        "l": limit,
                        "l1": combo.power,
                        "l2": l2,
                    },
                )
                for name in ORDER
                if name != REVERSE and POWER[name] > limit
            ]
        name = keys.pop(0)[1:]
        traj = TRAJECTORIES.get(name)
        if traj is None or not all(k[:1] == "n" and k[1:].isdigit() for k in keys):
            return []
        chosen = tuple(int(k[1:]) for k in keys)
        if len(chosen) >= len(traj.segments):
            return []
        options = number_choices(name, combo.numbers)
        if not any(option[: len(chosen)] == chosen for option in options):
            return []
        offered = {option[len(chosen)] for option in options if option[: len(chosen)] == chosen}
        segment = traj.segments[len(chosen)].letter
        return [
            Choice(
                key=f"n{value}",
                msg="error-curling-constraint",
                args={"trajectory": name, "segment": segment, "value": value, "rule": traj.rule},
            )
            for value in range(1, 6)
            if value not in offered and uses_set((*chosen, value), combo.numbers)
        ]

    def continues(self, state: CurlingState, seat: int) -> bool:
        """True from the roll (or the first card taken or refused) until the throw."""
        return state.turn is not None and seat == state.turn and state.started

    def stand_in(
        self, state: CurlingState, seat: int, actions: Sequence[Action], rnd: random.Random
    ) -> Action:
        """Roll and keep (re-throwing sixes), take no cards, then the throw that
        leaves the best house count (see ``games.curling.stand_in``)."""
        return stand_in.choose(state, seat, actions, rnd)

    # -- applying ---------------------------------------------------------

    def _apply(self, state: CurlingState, seat: int, action: Action) -> CurlingState:
        kind = self._check(state, seat, action)
        events: list[Event] = []
        if kind == ROLL:
            _roll(state, seat, events)
        elif kind == TOGGLE:
            die = action[1]
            state.marked[die] = not state.marked[die]
            assert state.dice is not None
            events.append(
                Event(
                    TOGGLE,
                    seat,
                    public={"die": die, "value": state.dice[die], "marked": state.marked[die]},
                )
            )
        elif kind == RETHROW:
            _rethrow(state, seat, events)
        elif kind == KEEP:
            assert state.dice is not None
            events.append(Event(KEEP, seat, public={"dice": list(state.dice)}))
            state.phase = AIM
        elif kind == DRAW:
            _draw(state, seat, events)
        elif kind == STOP:
            assert state.cards is not None
            state.started = True
            state.phase = AIM
            events.append(Event(STOP, seat, public={"count": len(state.cards.subs[seat])}))
        else:
            _throw(state, seat, _check_throw(state, seat, action), events)
        state.events = events
        return state

    def _check(self, state: CurlingState, seat: int, action: Action) -> str:
        """Validate ``action`` (a throw only in its shape and phase); return its kind."""
        kind = action[0]
        if not isinstance(kind, str) or kind not in PHASE_OF:
            raise MalformedAction(
                "an action is roll, toggle, rethrow, keep, draw, stop or throw",
                code="curling-unknown-action",
                kind=str(kind),
            )
        if kind == THROW:
            if len(action) < 2:
                raise MalformedAction(
                    "a throw names a combination", code="curling-bad-arity", kind=kind
                )
        elif len(action) != ARITY[kind]:
            raise MalformedAction(
                f"{kind} takes {ARITY[kind] - 1} arguments", code="curling-bad-arity", kind=kind
            )
        require_turn_and_phase(
            state.turn, seat, kind, state.phase, PHASE_OF[kind], code="curling-wrong-phase"
        )
        if kind == TOGGLE:
            assert state.dice is not None
            die = action[1]
            if not _is_int(die) or not 0 <= die < DICE_COUNT:
                raise IllegalAction(
                    "dice are numbered 0 to 4", code="curling-bad-die", die=str(die)
                )
            if state.dice[die] == SIX:
                raise IllegalAction(
                    "a six is always re-thrown: it can't be marked",
                    code="curling-toggle-six",
                    die=die + 1,
                    value=SIX,
                )
        elif kind == RETHROW:
            if not _rethrown(state):
                raise IllegalAction(
                    "mark the dice to re-throw first (or keep these)",
                    code="curling-nothing-to-rethrow",
                )
        elif kind == KEEP:
            _check_keep(state)
        elif kind == DRAW and _draw_source(state, seat) is None:
            raise IllegalAction("no card can be taken now", code="curling-cannot-draw")
        return kind


# -- validation -----------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _rethrown(state: CurlingState) -> list[int]:
    """The dice a re-throw throws: the marked ones and every six."""
    dice = state.dice or []
    return [i for i, value in enumerate(dice) if state.marked[i] or value == SIX]


def _check_keep(state: CurlingState) -> None:
    marked = sum(state.marked)
    if marked:
        raise IllegalAction(
            "dice are marked: re-throw them or unmark them",
            code="curling-keep-marked",
            count=marked,
        )
    if SIX in (state.dice or []):
        raise IllegalAction("a six must be re-thrown", code="curling-keep-six")


def _reroll_actions(state: CurlingState) -> list[Action]:
    dice = state.dice or []
    actions: list[Action] = [(TOGGLE, i) for i, value in enumerate(dice) if value != SIX]
    if _rethrown(state):
        actions.append((RETHROW,))
    else:
        actions.append((KEEP,))
    return actions


def _explain_reroll(state: CurlingState) -> list[Choice]:
    dice = state.dice or []
    out = [
        Choice(key=f"t{i}", msg="error-curling-toggle-six", args={"die": i + 1, "value": SIX})
        for i, value in enumerate(dice)
        if value == SIX
    ]
    marked = sum(state.marked)
    if marked:
        out.append(Choice(key=KEEP, msg="error-curling-keep-marked", args={"count": marked}))
    elif SIX in dice:
        out.append(Choice(key=KEEP, msg="error-curling-keep-six"))
    else:
        out.append(Choice(key=RETHROW, msg="error-curling-nothing-to-rethrow"))
    return out


def _check_throw(state: CurlingState, seat: int, action: Action) -> _Throw:
    """Validate a throw for ``seat`` in the aim phase."""
    combos = _combos(state, seat)
    key = action[1]
    found = [c for c in combos if c.key == key]
    if not found:
        raise IllegalAction(
            f"you can't throw with {key!r} now",
            code="curling-unknown-combo",
            combo=str(key),
            offered=", ".join(c.key for c in combos),
        )
    combo = found[0]
    if combo.name == NULL:
        if len(action) != 2:
            raise MalformedAction(
                "a stone thrown away takes no trajectory", code="curling-bad-arity", kind=THROW
            )
        return _Throw(combo, None, -1, ())
    if len(action) < 4:
        raise MalformedAction(
            "a throw names a combination, a trajectory, a start cell and its numbers",
            code="curling-bad-arity",
            kind=THROW,
        )
    traj = find_trajectory(action[2])
    l2 = _l2(state, seat)
    limit = combo.power if l2 is None else min(combo.power, l2)
    if traj.power > limit and traj.name != REVERSE:
        raise IllegalAction(
            f"a {traj.name} trajectory (power {traj.power}) is over your limit {limit}",
            code="curling-over-limit",
            trajectory=traj.name,
            power=traj.power,
            l=limit,
            l1=combo.power,
            l2=l2,
        )
    start = start_cell(action[3])
    numbers = check_numbers(traj, list(action[4:]))
    if not uses_set(numbers, combo.numbers):
        assert combo.numbers is not None
        raise IllegalAction(
            "each segment takes a different number of your set "
            f"({' '.join(map(str, combo.numbers))})",
            code="curling-number-not-in-set",
            numbers=" ".join(map(str, numbers)),
            available=" ".join(map(str, combo.numbers)),
        )
    return _Throw(combo, traj, start, numbers)


# -- derived data ---------------------------------------------------------------


def _board(state: CurlingState) -> dict[int, int]:
    """The field as ``cell index → stone id`` (``2 * n + seat``)."""
    return {INDEX[s.cell]: 2 * s.n + s.seat for s in state.stones}


def _combos(state: CurlingState, seat: int) -> tuple[Combo, ...]:
    """The combinations ``seat`` may throw with (aim phase)."""
    if state.variant == DICE:
        return () if state.dice is None else (dice_combo(state.dice),)
    cards = state.cards
    assert cards is not None
    return table_combos(tuple(cards.main), tuple(cards.subs[seat]), state.deck_size)


def _l2(state: CurlingState, seat: int) -> int | None:
    """The limit the position and the opponent's previous throw put on ``seat``."""
    power = state.prev_power
    if power is None:
        return None
    score = keep_last_zero(zone_counts({INDEX[s.cell]: s.seat for s in state.stones}))
    if score[seat] > 0:
        return max(1, power - 1)
    if score[1 - seat] > 0:
        return 5
    return min(5, power + 1)


@functools.lru_cache(maxsize=512)
def _throws(combos: tuple[Combo, ...], l2: int | None) -> tuple[Action, ...]:
    """Every legal throw with these combinations under the limit ``l2``."""
    out: list[Action] = []
    for combo in combos:
        if combo.name == NULL:
            out.append((THROW, NULL))
            continue
        limit = combo.power if l2 is None else min(combo.power, l2)
        for name in ORDER:
            if POWER[name] > limit and name != REVERSE:
                continue
            for numbers in number_choices(name, combo.numbers):
                out.extend((THROW, combo.key, name, start, *numbers) for start in STARTS)
    return tuple(out)


@functools.lru_cache(maxsize=512)
def _throw_set(combos: tuple[Combo, ...], l2: int | None) -> frozenset[Action]:
    return frozenset(_throws(combos, l2))


def _draw_source(state: CurlingState, seat: int) -> str | None:
    """Where ``seat``'s next substitution card would come from (``None``: nowhere)."""
    cards = state.cards
    if cards is None or len(cards.subs[seat]) >= MAX_SUBS:
        return None
    stock = bool(cards.deck or cards.discard)
    if seat == 1 - state.hammer:  # the first player of every round
        return DECK_SOURCE if stock else None
    if len(cards.subs[0]) + len(cards.subs[1]) < MAX_SUBS:
        return DECK_SOURCE if stock else None
    return OPPONENT_SOURCE if cards.subs[1 - seat] else None


# -- applying -------------------------------------------------------------------


def _dice(state: CurlingState, count: int) -> list[int]:
    gen = random.Random(state.rng)
    out = [gen.randint(1, SIX) for _ in range(count)]
    state.rng = gen.getrandbits(SEED_BITS)
    return out


def _sixes_again(state: CurlingState, dice: list[int], rolls: list[list[int]]) -> None:
    """Re-throw sixes until none shows."""
    while SIX in dice:
        sixes = [i for i, value in enumerate(dice) if value == SIX]
        for i, value in zip(sixes, _dice(state, len(sixes)), strict=True):
            dice[i] = value
        rolls.append(list(dice))


def _roll(state: CurlingState, seat: int, events: list[Event]) -> None:
    dice = _dice(state, DICE_COUNT)
    rolls = [list(dice)]
    void = all(value == SIX for value in dice)
    if void:
        dice = _dice(state, DICE_COUNT)
        rolls.append(list(dice))
        _sixes_again(state, dice, rolls)
        state.phase = AIM
    else:
        state.phase = REROLL
    state.dice = dice
    state.marked = [False] * DICE_COUNT
    state.started = True
    events.append(Event(ROLL, seat, public={"dice": list(dice), "rolls": rolls, "void": void}))


def _rethrow(state: CurlingState, seat: int, events: list[Event]) -> None:
    assert state.dice is not None
    dice = list(state.dice)
    chosen = _rethrown(state)
    for i, value in zip(chosen, _dice(state, len(chosen)), strict=True):
        dice[i] = value
    rolls = [list(dice)]
    _sixes_again(state, dice, rolls)
    state.dice = dice
    state.marked = [False] * DICE_COUNT
    state.phase = AIM
    events.append(
        Event(RETHROW, seat, public={"dice": list(dice), "rethrown": chosen, "rolls": rolls})
    )


def _take_from_deck(state: CurlingState, events: list[Event]) -> str | None:
    """The deck's top card; an empty deck first takes the shuffled discard pile."""
    cards = state.cards
    assert cards is not None
    if not cards.deck:
        if not cards.discard:
            return None
        cards.deck, state.rng = shuffled(cards.discard, state.rng)
        cards.discard = []
        events.append(Event("reshuffle", public={"deck": len(cards.deck)}))
    return cards.deck.pop(0)


def _draw(state: CurlingState, seat: int, events: list[Event]) -> None:
    cards = state.cards
    assert cards is not None
    source = _draw_source(state, seat)
    state.started = True
    card: str | None
    if source == OPPONENT_SOURCE:
        card = cards.subs[1 - seat].pop(0)
    else:
        card = _take_from_deck(state, events)
    assert card is not None
    cards.subs[seat].append(card)
    events.append(Event(DRAW, seat, public={"card": card, "source": source}))
    if _draw_source(state, seat) is None:
        state.phase = AIM


def _deal_row(state: CurlingState, reason: str, events: list[Event]) -> None:
    """Gather every card, shuffle, and lay a new row of main cards."""
    size = state.deck_size
    ranks = RANKS_36 if size == 36 else RANKS_52
    deck, state.rng = shuffled(make_deck(ranks, jokers=2 if size == 54 else 0), state.rng)
    count = MAIN_CARDS[size]
    state.cards = Cards(deck[:count], [[], []], deck[count:], [])
    events.append(Event("deal", public={"main": deck[:count], "reason": reason}))


def _end_round(state: CurlingState, events: list[Event]) -> None:
    """Both players have thrown: the main cards go to the discard pile, the
    substitution cards left become main cards, topped up from the deck."""
    cards = state.cards
    assert cards is not None
    first = 1 - state.hammer
    cards.discard.extend(cards.main)
    cards.main = cards.subs[first] + cards.subs[1 - first]
    cards.subs = [[], []]
    while len(cards.main) < MAIN_CARDS[state.deck_size]:
        card = _take_from_deck(state, events)
        if card is None:
            break
        cards.main.append(card)
    events.append(Event("deal", public={"main": list(cards.main), "reason": "round"}))


def _outcome(state: CurlingState, seat: int, move: _Throw) -> tuple[list[Stone], Trace | None]:
    """The stones after ``move`` and its trace (``None`` for a null throw)."""
    if move.traj is None:
        return [Stone(s.cell, s.seat, s.n) for s in state.stones], None
    n = state.thrown[seat] + 1
    result = trace(_board(state), move.start, move.traj, move.numbers, 2 * n + seat, state.throw_no)
    stones = sorted(
        (Stone(NAMES[cell], stone & 1, stone >> 1) for cell, stone in result.board.items()),
        key=lambda s: (s.seat, s.n),
    )
    return stones, result


def _last_of(state: CurlingState, seat: int, move: _Throw, result: Trace | None) -> LastThrow:
    """The view's ``last`` for ``move`` by ``seat``: struck stones that moved or left
    (on a foul: as they went before the throw was undone)."""
    if move.traj is None or result is None:
        return LastThrow(seat, NULL, None, None, [], 1, [], [], False)
    moves = []
    for stone, (src, path) in result.moves.items():
        gone = stone in result.left
        if gone or path:
            dst = None if gone else NAMES[path[-1]]
            moves.append(Moved(stone & 1, stone >> 1, NAMES[src], dst))
    return LastThrow(
        seat,
        move.combo.key,
        move.traj.name,
        NAMES[move.start],
        list(move.numbers),
        move.traj.power,
        [NAMES[c] for c in result.path],
        moves,
        result.foul,
    )


def _throw(state: CurlingState, seat: int, move: _Throw, events: list[Event]) -> None:
    stones, result = _outcome(state, seat, move)
    last = _last_of(state, seat, move, result)
    state.stones = stones
    state.thrown[seat] += 1
    out_colours: list[str] = []
    if result is None:
        state.out[seat] += 1
        out_colours.append(COLOURS[seat])
    else:
        for stone in result.out:
            state.out[stone & 1] += 1
            out_colours.append(COLOURS[stone & 1])
    state.last = last
    state.prev_power = last.power
    events.append(
        Event(
            THROW,
            seat,
            public={
                "combo": last.combo,
                "trajectory": last.trajectory,
                "start": last.start,
                "numbers": list(last.numbers),
                "power": last.power,
                "foul": last.foul,
                "out": out_colours,
            },
        )
    )
    if result is not None and result.foul:
        events.append(Event("foul", seat, public={"guards": [NAMES[c] for c in result.guards_out]}))
    throw_no = state.throw_no
    state.throw_no += 1
    if state.variant == CARDS and throw_no % 2 == 0 and throw_no < THROWS:
        if throw_no == MIDDLE_THROW:
            _deal_row(state, "middle", events)
        else:
            _end_round(state, events)
    if throw_no == THROWS:
        _end_end(state, events)
    else:
        state.turn = 1 - seat
        _start_turn(state)


def _start_end(state: CurlingState, events: list[Event]) -> None:
    state.stones = []
    state.thrown = [0, 0]
    state.out = [0, 0]
    state.throw_no = 1
    state.prev_power = None
    state.turn = 1 - state.hammer
    events.append(
        Event(
            "end_start",
            public={"end": state.end, "hammer": state.hammer, "first": 1 - state.hammer},
        )
    )
    if state.variant == CARDS:
        _deal_row(state, "end", events)
    _start_turn(state)


def _start_turn(state: CurlingState) -> None:
    state.started = False
    state.dice = None
    state.marked = [False] * DICE_COUNT
    if state.variant == DICE:
        state.phase = ROLL
        return
    assert state.turn is not None
    state.phase = DRAW if _draw_source(state, state.turn) is not None else AIM


def _end_end(state: CurlingState, events: list[Event]) -> None:
    """Score the end, pass the hammer to its loser, start the next end or finish."""
    score = list(keep_last_zero(zone_counts({INDEX[s.cell]: s.seat for s in state.stones})))
    state.end_scores.append(score)
    state.match = [state.match[0] + score[0], state.match[1] + score[1]]
    if score[0] != score[1]:
        state.hammer = 1 if score[0] > score[1] else 0
    events.append(
        Event(
            "end_over",
            public={
                "end": state.end,
                "score": list(score),
                "match": list(state.match),
                "hammer": state.hammer,
            },
        )
    )
    if state.end >= state.ends and state.match[0] != state.match[1]:
        winner = 0 if state.match[0] > state.match[1] else 1
        state.winners = [winner]
        state.phase = OVER
        state.turn = None
        state.started = False
        state.dice = None
        state.marked = [False] * DICE_COUNT
        events.append(Event("game_end", public={"winners": [winner], "scores": list(state.match)}))
        return
    state.end += 1
    _start_end(state, events)


# -- views and menus ------------------------------------------------------------------


def stones_view(stones: Sequence[Stone]) -> list[dict[str, Any]]:
    return [{"cell": s.cell, "colour": COLOURS[s.seat], "n": s.n} for s in stones]


def house_view(board: dict[int, int]) -> dict[str, Any]:
    """``{"zones": [[red, blue]…], "score": [red, blue]}`` of a board whose values'
    lowest bit is the seat."""
    zones = zone_counts({cell: stone & 1 for cell, stone in board.items()})
    return {"zones": [list(z) for z in zones], "score": list(keep_last_zero(zones))}


def last_view(last: LastThrow) -> dict[str, Any]:
    return {
        "seat": last.seat,
        "combo": last.combo,
        "trajectory": last.trajectory,
        "start": last.start,
        "numbers": list(last.numbers),
        "power": last.power,
        "path": list(last.path),
        "moves": [
            {"colour": COLOURS[m.seat], "n": m.n, "from": m.src, "to": m.dst} for m in last.moves
        ],
        "foul": last.foul,
    }


def _combo_view(combo: Combo) -> dict[str, Any]:
    return {
        "key": combo.key,
        "name": combo.name,
        "numbers": None if combo.numbers is None else list(combo.numbers),
        "power": combo.power,
    }


def _deep_copy(data: dict[str, Any]) -> dict[str, Any]:
    """Event data with nested lists copied too (``rolls`` is a list of lists)."""
    return {
        key: [list(v) if isinstance(v, list) else v for v in value]
        if isinstance(value, list)
        else value
        for key, value in data.items()
    }


_SIMPLE = {
    ROLL: Choice(key=ROLL, msg="curling-choice-roll"),
    KEEP: Choice(key=KEEP, msg="curling-choice-keep"),
    STOP: Choice(key=STOP, msg="curling-choice-stop"),
}
_CONFIRM_NULL = Choice(key="ok", msg="curling-choice-confirm-null")


@functools.lru_cache(maxsize=1024)
def _combo_choice(combo: Combo) -> Choice:
    if combo.name == NULL:
        return Choice(key=f"k{NULL}", msg="curling-choice-null")
    numbers = "" if combo.numbers is None else " ".join(map(str, combo.numbers))
    return Choice(
        key=f"k{combo.key}",
        msg="curling-choice-combo",
        args={"name": combo.name, "numbers": numbers, "power": combo.power},
    )


@functools.lru_cache(maxsize=16)
def _trajectory_choice(name: str) -> Choice:
    return Choice(
        key=f"p{name}",
        msg="curling-choice-trajectory",
        args={"trajectory": name, "power": POWER[name]},
    )


@functools.lru_cache(maxsize=64)
def _number_choice(segment: str, value: int) -> Choice:
    return Choice(
        key=f"n{value}", msg="curling-choice-number", args={"segment": segment, "value": value}
    )


@functools.lru_cache(maxsize=8)
def _start_choice(cell: str) -> Choice:
    return Choice(key=f"s{cell}", msg="curling-choice-start", args={"cell": cell})


@functools.lru_cache(maxsize=4096)
def _confirm(name: str, start: str, numbers: tuple[int, ...]) -> Choice:
    return Choice(
        key="ok",
        msg="curling-choice-confirm",
        args={"trajectory": name, "start": start, "numbers": " ".join(map(str, numbers))},
    )


def _throw_path(combo: Combo, action: Action, many: bool) -> list[Choice]:
    steps = [_combo_choice(combo)] if many else []
    if combo.name == NULL:
        steps.append(_CONFIRM_NULL)
        return steps
    name, start = action[2], action[3]
    numbers = tuple(action[4:])
    steps.append(_trajectory_choice(name))
    steps.extend(
        _number_choice(segment.letter, value)
        for segment, value in zip(TRAJECTORIES[name].segments, numbers, strict=True)
    )
    steps.append(_start_choice(start))
    steps.append(_confirm(name, start, numbers))
    return steps
