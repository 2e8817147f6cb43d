"""What ``CurlingGame.loads`` checks: that a state could have come from the engine.

Everything the engine indexes (seats, cells, dice, cards, trajectories) is in
range, and the invariants it keeps hold (stones conserved, the turn and counts
following ``throw_no``, the whole deck on the table once), so that a state that
passes also plays on into states that pass. Messages name the part that is
wrong and never a card: they may reach a log, and the deck's order is hidden.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

from games.core.cards import RANKS_36, RANKS_52, make_deck
from games.core.validate import (
    EventSpec,
    check_events,
    fail,
    require,
    require_cards,
    require_index,
    require_len,
    require_range,
)
from games.curling.actions import DECK_SOURCE, DICE_COUNT, MAX_SUBS, OPPONENT_SOURCE, SIX
from games.curling.combos import (
    CARDS_36_TABLE,
    CARDS_52_TABLE,
    DICE_TABLE,
    FOUR,
    NULL,
    POKER,
)
from games.curling.field import INDEX, OUTER, STARTS, WIDTH
from games.curling.play import MAIN_CARDS
from games.curling.rules import COLOURS, THROWS
from games.curling.state import (
    AIM,
    CARDS,
    DICE,
    DRAW,
    ENDS,
    OVER,
    REROLL,
    ROLL,
    CurlingState,
    LastThrow,
)
from games.curling.trajectories import NUMBERS, TRAJECTORIES
from games.curling.views import STONES

#: Every card of each deck size (the lobby's ``deck`` choices).
DECKS: dict[int, frozenset[str]] = {
    36: frozenset(make_deck(RANKS_36)),
    52: frozenset(make_deck(RANKS_52)),
    54: frozenset(make_deck(RANKS_52, jokers=2)),
}
#: The phases each variant passes through.
PHASES = {DICE: (ROLL, REROLL, AIM, OVER), CARDS: (DRAW, AIM, OVER)}
#: The most a house count can give one end (every stone of a colour in the house).
MAX_END_SCORE = STONES
MAX_POWER = max(traj.power for traj in TRAJECTORIES.values())
#: Combinations whose keys carry their numbers (poker's are free; four's too with cards).
NUMBERED = sorted({name for name, _ in DICE_TABLE + CARDS_36_TABLE + CARDS_52_TABLE} - {POKER})
#: Combination keys (``Combo.key``): a name and its two to five numbers 1–5, or a
#: name alone for the combinations whose numbers are free.
COMBO_KEY = re.compile(f"(?:{'|'.join(NUMBERED)}):[1-5](?:,[1-5]){{1,4}}|{POKER}|{FOUR}")
#: Cells a stone may stand on: the field above the start row.
FIELD_CELLS = frozenset(name for name, index in INDEX.items() if index >= WIDTH)


def check_state(state: CurlingState) -> None:
    """Raise ``InvalidState`` unless ``state`` could be one of Logical Curling's."""
    over = _check_match(state)
    _check_throws(state, over)
    _check_stones(state)
    _check_dice(state)
    if state.variant == CARDS:
        _check_cards(state)
    else:
        require(state.cards is None, "the dice variant has a card table")
    if state.last is not None:
        _check_last(state.last, state.variant)
    deck = DECKS[state.deck_size]
    check_events(state.events, 2, lambda kind, key, value: EVENTS[kind][1][key](value, deck), SPECS)


def _check_match(state: CurlingState) -> bool:
    """Options, phase, scores and winners; returns whether the match is over."""
    require(state.variant in PHASES, "the variant is neither dice nor cards")
    require(state.deck_size in DECKS, f"the deck size is {state.deck_size}, not 36, 52 or 54")
    require(state.ends in ENDS, f"the match is of {state.ends} ends, not 2, 4, 6 or 8")
    require(state.end >= 1, f"the end is {state.end}, not 1 or more")
    require_index(state.hammer, 2, "the hammer")
    require(
        state.phase in PHASES[state.variant], f"the phase is none of the {state.variant} variant's"
    )
    match = state.match
    require_len(match, 2, "the match score")
    require(min(match) >= 0, "the match score is negative")
    # "Keep the last zero" always leaves one side of an end's score at zero.
    if not all(len(s) == 2 and min(s) == 0 and max(s) <= MAX_END_SCORE for s in state.end_scores):
        raise fail(f"an end's score is not one side 0 and the other 0 to {MAX_END_SCORE}")
    over = state.phase == OVER
    if over:
        require(state.end >= state.ends, "the match is over before its last end")
        require(match[0] != match[1], "the match is over on a tie")
        leader = 0 if match[0] > match[1] else 1
        require(state.winners == [leader], "the winners are not the seat ahead")
    else:
        require(not state.winners, "there are winners before the match is over")
        # An extra end is played only after a tie.
        require(
            state.end <= state.ends or match[0] == match[1],
            "an extra end is played though the match is not tied",
        )
    return over


def _check_throws(state: CurlingState, over: bool) -> None:
    """``throw_no``, the seat to act, each seat's thrown and out counts and the
    previous power agree."""
    throw_no = state.throw_no
    first = 1 - state.hammer
    if over:
        require(throw_no == THROWS + 1, f"throw_no is {throw_no}, not {THROWS + 1} once over")
        require(state.turn is None, "a seat is to act after the match")
        require(not state.started, "a move is under way after the match")
    else:
        require_range(throw_no, 1, THROWS, "throw_no")
        # The seat without the hammer throws the odd throws.
        expected = first if throw_no % 2 else state.hammer
        if state.turn != expected:
            raise fail(f"the turn is {state.turn}, not {expected} on throw {throw_no}")
    thrown, out = state.thrown, state.out
    require_len(thrown, 2, "the stones thrown")
    require_len(out, 2, "the stones out")
    require(
        thrown[first] == throw_no // 2 and thrown[state.hammer] == (throw_no - 1) // 2,
        "the stones thrown do not match throw_no",
    )
    require(0 <= out[0] <= thrown[0] and 0 <= out[1] <= thrown[1], "more stones out than thrown")
    power = state.prev_power
    if throw_no == 1:
        require(power is None, "the previous power is set on an end's first throw")
    elif power is None or not 1 <= power <= MAX_POWER:
        raise fail(f"the previous power is {power}, not 1 to {MAX_POWER}")


def _check_stones(state: CurlingState) -> None:
    """Stones on field cells, one a cell, numbered once each among those thrown,
    as many per colour as were thrown and not put out."""
    thrown = state.thrown
    on_field = [0, 0]
    keys = []
    for stone in state.stones:
        seat, n = stone.seat, stone.n
        if stone.cell not in FIELD_CELLS:
            raise fail("a stone stands on no cell of rows 1 to 12")
        if seat not in (0, 1):
            raise fail(f"a stone's seat is {seat}, not 0 or 1")
        # The next stone thrown is numbered thrown + 1, so higher numbers would clash.
        if not 1 <= n <= thrown[seat]:
            raise fail(f"a {COLOURS[seat]} stone is number {n}, not 1 to {thrown[seat]} (thrown)")
        keys.append((seat, n))
        on_field[seat] += 1
    require(
        len({stone.cell for stone in state.stones}) == len(keys), "two stones stand on one cell"
    )
    # Strictly sorted: by colour then throw order (as the view lists them), none twice.
    require(
        all(a < b for a, b in itertools.pairwise(keys)),
        "the stones are not listed by colour then throw order, once each",
    )
    for seat in (0, 1):
        if on_field[seat] != thrown[seat] - state.out[seat]:
            raise fail(
                f"{COLOURS[seat]} has {on_field[seat]} stones on the field, not thrown - out"
            )


def _check_dice(state: CurlingState) -> None:
    """The dice and marks as the variant and phase leave them."""
    dice, marked, phase = state.dice, state.marked, state.phase
    require_len(marked, DICE_COUNT, "the marks")
    if state.variant == CARDS or phase in (ROLL, OVER):
        require(dice is None, f"dice are shown in phase {phase}")
        require(not any(marked), f"dice are marked in phase {phase}")
        if state.variant == DICE:
            require(not state.started, "a move is under way before the roll")
        return
    if dice is None:
        raise fail(f"the dice are missing in phase {phase}")
    require_len(dice, DICE_COUNT, "the dice")
    require(state.started, "the dice are rolled but the move is not under way")
    if phase == AIM:
        # Sixes are re-thrown until none shows, and the marks go with the re-throw.
        require(min(dice) >= 1 and max(dice) < SIX, "a die is not 1 to 5 once the dice are final")
        require(not any(marked), "dice are marked once the dice are final")
    else:
        require(min(dice) >= 1 and max(dice) <= SIX, "a die is not 1 to 6")
        require(
            not any(m and d == SIX for m, d in zip(marked, dice, strict=True)), "a six is marked"
        )


def _check_cards(state: CurlingState) -> None:
    """The card table: the row, the substitution cards, the whole deck each card once."""
    cards = state.cards
    if cards is None:
        raise fail("the card table is missing")
    size = state.deck_size
    require_len(cards.main, MAIN_CARDS[size], "the row of main cards")
    subs = cards.subs
    require_len(subs, 2, "the substitution cards")
    held = len(subs[0]) + len(subs[1])
    if held > MAX_SUBS:
        raise fail(f"{held} substitution cards are held, not at most {MAX_SUBS}")
    if state.turn == 1 - state.hammer:
        # The first player of a round acts before the second takes anything.
        require(not subs[state.hammer], "the second player holds cards before the first throws")
    together = [*cards.main, *subs[0], *subs[1], *cards.deck, *cards.discard]
    # The engine keeps every card of the deck in play, each once: one set comparison
    # proves it; only a refusal needs to find out what is wrong.
    if len(together) == size and set(together) == DECKS[size]:
        return
    require_cards(together, DECKS[size], "the card table")
    require(len(set(together)) == len(together), "the card table holds a card twice")
    raise fail(f"the card table holds {len(together)} cards, not all {size}")


def _check_last(last: LastThrow, variant: str) -> None:
    """The previous throw as the view shows it: a real trajectory, cells and stones."""
    require_index(last.seat, 2, "the last throw's seat")
    if last.trajectory is None:
        require(variant == CARDS, "a stone was thrown away in the dice variant")
        require(
            last.combo == NULL
            and last.start is None
            and not (last.numbers or last.path or last.moves or last.foul)
            and last.power == 1,
            "the last throw is thrown away but has a combination, start, path or moves",
        )
        return
    traj = TRAJECTORIES.get(last.trajectory)
    if traj is None:
        raise fail("the last throw's trajectory is unknown")
    require(COMBO_KEY.fullmatch(last.combo) is not None, "the last throw's combination is unknown")
    require(last.start in STARTS, "the last throw starts on no start cell")
    numbers = tuple(last.numbers)
    if not (
        len(numbers) == len(traj.segments)
        and all(n in NUMBERS for n in numbers)
        and traj.check(numbers)
    ):
        raise fail(f"the last throw's numbers do not fit a {traj.name} trajectory")
    if last.power != traj.power:
        raise fail(f"the last throw's power is {last.power}, not {traj.power}")
    # The path may run along the start row (when the earlier segments were blocked at once).
    require(all(cell in INDEX for cell in last.path), "the last throw's path leaves the field")
    for move in last.moves:
        if not (move.seat in (0, 1) and 1 <= move.n <= STONES):
            raise fail("a struck stone is of no seat or throw order")
        if move.src not in FIELD_CELLS or not (move.dst is None or move.dst in FIELD_CELLS):
            raise fail("a struck stone moved from or to no cell of rows 1 to 12")


# -- events --------------------------------------------------------------------

#: A check of one value of an event's data, given the deck's cards.
Check = Callable[[Any, frozenset[str]], bool]
#: Beyond any count of the game (for values that only have a lower bound).
MANY = 1 << 62
#: The most cards an event shows at once (a row of main cards).
CARDS_SHOWN = max(MAIN_CARDS.values())


def _int(low: int, high: int) -> Check:
    return lambda v, _: type(v) is int and low <= v <= high


def _ints(low: int, high: int, count: range) -> Check:
    return lambda v, _: (
        type(v) is list and len(v) in count and all(type(x) is int and low <= x <= high for x in v)
    )


def _one_of(*allowed: str | None) -> Check:
    return lambda v, _: (v is None or type(v) is str) and v in allowed


def _all_of(allowed: frozenset[str] | tuple[str, ...], most: int) -> Check:
    return lambda v, _: (
        type(v) is list and len(v) <= most and all(type(x) is str and x in allowed for x in v)
    )


def _card(value: Any, deck: frozenset[str]) -> bool:
    return type(value) is str and value in deck


def _cards(value: Any, deck: frozenset[str]) -> bool:
    return type(value) is list and len(value) <= CARDS_SHOWN and all(_card(c, deck) for c in value)


def _rolls(value: Any, deck: frozenset[str]) -> bool:
    return type(value) is list and bool(value) and all(_DICE(r, deck) for r in value)


def _combo(value: Any, _: frozenset[str]) -> bool:
    return type(value) is str and (value == NULL or COMBO_KEY.fullmatch(value) is not None)


def _flag(value: Any, _: frozenset[str]) -> bool:
    return type(value) is bool


_SEAT = _int(0, 1)
_END = _int(1, MANY)
_PAIR = _ints(0, MANY, range(2, 3))
_DICE = _ints(1, SIX, range(DICE_COUNT, DICE_COUNT + 1))


def _zones(value: Any, deck: frozenset[str]) -> bool:
    """[red, blue] stones in each of the house's three zones."""
    return type(value) is list and len(value) == OUTER + 1 and all(_PAIR(z, deck) for z in value)


def _next_hammer(value: Any, deck: frozenset[str]) -> bool:
    """The next end's hammer: a seat, or none after the last end."""
    return value is None or _SEAT(value, deck)


#: Per event kind: whether a seat acted, and a check of each key of its data
#: (everything is public but the deck, which no event names).
EVENTS: dict[str, tuple[bool, dict[str, Check]]] = {
    "end_start": (False, {"end": _END, "hammer": _SEAT, "first": _SEAT}),
    "deal": (False, {"main": _cards, "reason": _one_of("end", "middle", "round")}),
    "reshuffle": (False, {"deck": lambda v, deck: type(v) is int and 0 <= v <= len(deck)}),
    "roll": (True, {"dice": _DICE, "rolls": _rolls, "void": _flag}),
    # A six is never marked.
    "toggle": (True, {"die": _int(0, DICE_COUNT - 1), "value": _int(1, SIX - 1), "marked": _flag}),
    "rethrow": (
        True,
        {
            "dice": _DICE,
            "rethrown": _ints(0, DICE_COUNT - 1, range(1, DICE_COUNT + 1)),
            "rolls": _rolls,
        },
    ),
    "keep": (True, {"dice": _DICE}),
    "draw": (True, {"card": _card, "source": _one_of(DECK_SOURCE, OPPONENT_SOURCE)}),
    "stop": (True, {"count": _int(0, MAX_SUBS)}),
    "throw": (
        True,
        {
            "combo": _combo,
            "trajectory": _one_of(None, *TRAJECTORIES),
            "start": _one_of(None, *STARTS),
            "numbers": _ints(1, 5, range(5)),  # none for a null throw
            "power": _int(1, MAX_POWER),
            "foul": _flag,
            "out": _all_of(COLOURS, 2 * STONES),
        },
    ),
    "foul": (True, {"guards": _all_of(FIELD_CELLS, STONES)}),
    "end_over": (
        False,
        {"end": _END, "zones": _zones, "score": _PAIR, "match": _PAIR, "hammer": _next_hammer},
    ),
    "game_end": (False, {"winners": _ints(0, 1, range(1, 2)), "scores": _PAIR}),
}

#: The shape of each kind of event, from :data:`EVENTS`.
SPECS = {kind: EventSpec(acted, frozenset(checks)) for kind, (acted, checks) in EVENTS.items()}
