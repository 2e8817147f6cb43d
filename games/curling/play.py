"""Carrying out Logical Curling's actions: dice, substitution cards, dealing, throws
and the turns, rounds and ends they lead to. Each step mutates the state it is
given (``apply``'s private copy) and appends its events."""

from __future__ import annotations

import random

from games.core.cards import RANKS_36, RANKS_52, make_deck
from games.core.events import Event
from games.core.protocol import Action
from games.core.rng import SEED_BITS, randbelow, shuffled
from games.curling.actions import (
    DICE_COUNT,
    KEEP,
    OPPONENT_SOURCE,
    RETHROW,
    SIX,
    STOP,
    THROW,
    TOGGLE,
    board,
    draw_source,
    rethrown,
)
from games.curling.checks import Throw, check_throw
from games.curling.combos import NULL
from games.curling.field import INDEX, NAMES, keep_last_zero, zone_counts
from games.curling.rules import COLOURS, THROWS
from games.curling.state import (
    AIM,
    CARDS,
    DICE,
    DRAW,
    OVER,
    REROLL,
    ROLL,
    Cards,
    CurlingState,
    LastThrow,
    Moved,
    Stone,
)
from games.curling.throw import Trace, trace

#: Main cards by deck size.
MAIN_CARDS = {36: 5, 52: 6, 54: 6}
#: After this throw of an end (each player's fourth) every card is gathered and reshuffled.
MIDDLE_THROW = 8


def new_match(variant: str, deck_size: int, ends: int, seed: int) -> CurlingState:
    """The first state: the hammer drawn at random and the first end begun."""
    hammer, rng = randbelow(2, seed)
    state = CurlingState(
        variant=variant,
        deck_size=deck_size,
        ends=ends,
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


def apply_action(state: CurlingState, seat: int, kind: str, action: Action) -> list[Event]:
    """Carry out ``action`` of ``kind`` by ``seat`` (checked but for a throw's
    details, which are checked here); return its events."""
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
        _draw(state, seat, action[1] if len(action) == 2 else None, events)
    elif kind == STOP:
        assert state.cards is not None
        state.started = True
        state.phase = AIM
        events.append(Event(STOP, seat, public={"count": len(state.cards.subs[seat])}))
    else:
        _throw(state, seat, check_throw(state, seat, action), events)
    return events


# -- dice -----------------------------------------------------------------------


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
    chosen = rethrown(state)
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


# -- cards ----------------------------------------------------------------------


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


def _draw(state: CurlingState, seat: int, named: str | None, events: list[Event]) -> None:
    """Take the deck's top card, or the first player's substitution card ``named``."""
    cards = state.cards
    assert cards is not None
    source = draw_source(state, seat)
    state.started = True
    card: str | None
    if source == OPPONENT_SOURCE:
        assert named is not None  # checked: the second player names the card
        cards.subs[1 - seat].remove(named)
        card = named
    else:
        card = _take_from_deck(state, events)
    assert card is not None
    cards.subs[seat].append(card)
    events.append(Event(DRAW, seat, public={"card": card, "source": source}))
    if draw_source(state, seat) is None:
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


# -- throws ---------------------------------------------------------------------


def outcome(state: CurlingState, seat: int, move: Throw) -> tuple[list[Stone], Trace | None]:
    """The stones after ``move`` and its trace (``None`` for a null throw)."""
    if move.traj is None:
        return [Stone(s.cell, s.seat, s.n) for s in state.stones], None
    n = state.thrown[seat] + 1
    result = trace(board(state), move.start, move.traj, move.numbers, 2 * n + seat, state.throw_no)
    stones = sorted(
        (Stone(NAMES[cell], stone & 1, stone >> 1) for cell, stone in result.board.items()),
        key=lambda s: (s.seat, s.n),
    )
    return stones, result


def last_of(state: CurlingState, seat: int, move: Throw, result: Trace | None) -> LastThrow:
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


def _throw(state: CurlingState, seat: int, move: Throw, events: list[Event]) -> None:
    stones, result = outcome(state, seat, move)
    last = last_of(state, seat, move, result)
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


# -- turns and ends -------------------------------------------------------------


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
    state.phase = DRAW if draw_source(state, state.turn) is not None else AIM


def _end_end(state: CurlingState, events: list[Event]) -> None:
    """Score the end, pass the hammer to its loser, start the next end or finish."""
    zones = zone_counts({INDEX[s.cell]: s.seat for s in state.stones})
    score = list(keep_last_zero(zones))
    state.end_scores.append(score)
    state.match = [state.match[0] + score[0], state.match[1] + score[1]]
    if score[0] != score[1]:
        state.hammer = 1 if score[0] > score[1] else 0
    over = state.end >= state.ends and state.match[0] != state.match[1]
    events.append(
        Event(
            "end_over",
            public={
                "end": state.end,
                # How it was counted: [red, blue] in the centre, middle and outer zones.
                "zones": [list(zone) for zone in zones],
                "score": list(score),
                "match": list(state.match),
                # The next end's: none after the last, so no text promises one.
                "hammer": None if over else state.hammer,
            },
        )
    )
    if over:
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
