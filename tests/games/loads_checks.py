"""Checks of a game's ``loads`` on odd input, shared by the ``test_*_loads`` files.

Every helper takes the game (and its card codes and odd values) as arguments:

- :func:`playout` plays a seeded random match to the end (closing claim
  windows as a frontend's timer does), :func:`first_state` finds a state in a
  few of them, and :func:`check_loads_back` checks that they load back equal;
- :func:`set_at` and :func:`in_event` make edits of a state's plain data, and
  :func:`refusal` checks that ``loads`` refuses the edited state with an
  ``InvalidState`` that says what is wrong and names no card (:func:`by_name`
  runs a test once per row of a table of such cases);
- :func:`fuzz` damages real states at random (:func:`mutate`) and checks that
  ``loads`` refuses each or that every public method copes with it
  (:func:`exercise`).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from games import GameError, InvalidState
from games.core.protocol import Action, Game

Data = dict[str, Any]
#: A change of a state's plain data, in place.
Edit = Callable[[Data], object]

#: Odd values a mutated leaf of any game may get, by its JSON type.
ODD_INTS = (-1, 0, 1, 2, 99, 10**6)
ODD_STRINGS = ("", "ZZ", "1S", "X9", "17H", "q")
#: The start of the message of every refusal by a game's own checks.
IMPOSSIBLE_STATE = "impossible state: "


# -- playouts ---------------------------------------------------------------------


def playout(
    game: Game[Any], seats: int, options: Mapping[str, Any], seed: int, limit: int = 3000
) -> list[Any]:
    """Every state of a seeded random match, from the first to the last.

    A seat to move with legal actions acts at random. An open window (Klotho's
    claims) closes now and then, and always when no seat has anything left to
    do: its ``seat`` sends its ``close`` action, as the frontend's timer does.
    Playouts are cached: the same arguments give the same states."""
    return list(_playout(game, seats, json.dumps(options, sort_keys=True), seed, limit))


@functools.cache
def _playout(game: Game[Any], seats: int, options: str, seed: int, limit: int) -> tuple[Any, ...]:
    rnd = random.Random(seed)
    state = game.new_game(seats, json.loads(options), seed)
    states = [state]
    while not game.is_over(state):
        assert len(states) < limit, "the playout does not end"
        menus = {seat: game.legal_actions(state, seat) for seat in game.to_move(state)}
        movers = [seat for seat, actions in menus.items() if actions]
        window = game.window(state)
        if window is not None and (not movers or rnd.random() < 0.3):
            state = game.apply(state, window.seat, window.close)
        else:
            assert movers, "nobody can act and no window is open"
            seat = rnd.choice(movers)
            state = game.apply(state, seat, rnd.choice(menus[seat]))
        states.append(state)
    return tuple(states)


def first_state(
    game: Game[Any],
    test: Callable[[Any], bool],
    seats: int,
    options: Mapping[str, Any],
    seeds: int = 20,
) -> Any:
    """The first state of the seeded playouts (seed 0, 1, …) for which ``test`` holds."""
    for seed in range(seeds):
        for state in playout(game, seats, options, seed):
            if test(state):
                return state
    raise AssertionError("no such state")


# -- edits and refusals -------------------------------------------------------------


def data_of(game: Game[Any], state: Any) -> Data:
    """The plain JSON data of ``state``."""
    data: Data = json.loads(game.dumps(state))
    return data


def set_at(path: str | Sequence[Any], value: Any) -> Callable[[Data], None]:
    """An edit that sets the value at ``path``: keys and indices, as a list or
    joined by dots (``"events.0.seat"``; a negative index counts from the end)."""
    if isinstance(path, str):
        keys = [int(p) if p.lstrip("-").isdigit() else p for p in path.split(".")]
    else:
        keys = list(path)

    def edit(data: Data) -> None:
        node: Any = data
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value

    return edit


def in_event(kind: str, change: Edit) -> Callable[[Data], None]:
    """An edit that makes ``change`` to the first event of ``kind``."""

    def edit(data: Data) -> None:
        change(next(e for e in data["events"] if e["kind"] == kind))

    return edit


def names_no_card(message: str, cards: Collection[str]) -> str:
    """``message``, checked to name none of ``cards`` (as a word of it)."""
    named = set(re.findall(r"[A-Za-z0-9]+", message)) & set(cards)
    assert not named, f"{message!r} names cards {named}"
    return message


def refusal(game: Game[Any], state: Any, edit: Edit, cards: Collection[str]) -> str:
    """The message of the ``InvalidState`` that ``loads`` raises for ``state``
    after ``edit`` changed its plain data, checked to come from the game's own
    checks and to name none of ``cards``; ``state`` itself must load."""
    text = game.dumps(state)
    game.loads(text)
    data = json.loads(text)
    edit(data)
    with pytest.raises(InvalidState) as info:
        game.loads(json.dumps(data))
    assert info.value.code == "invalid-state", info.value.code
    message = str(info.value)
    assert message.startswith(IMPOSSIBLE_STATE), message
    return names_no_card(message, cards)


def by_name(table: Sequence[Sequence[Any]], *names: str) -> pytest.MarkDecorator:
    """Parametrize a test with the rows of ``table``: a row's first item names
    the case (the test's id), the others are the test's arguments ``names``."""
    rows = [tuple(row[1:]) for row in table]
    return pytest.mark.parametrize(names, rows, ids=[str(row[0]) for row in table])


def check_loads_back(game: Game[Any], states: Sequence[Any]) -> None:
    """Every one of ``states`` (of a playout) loads back equal, and the last is over."""
    for index, state in enumerate(states):
        loaded = game.loads(game.dumps(state))
        if loaded != state:
            fields = dataclasses.fields(state)
            changed = [f.name for f in fields if getattr(loaded, f.name) != getattr(state, f.name)]
            raise AssertionError(f"state {index} of the playout loads back with other {changed}")
    assert game.is_over(states[-1]), "the playout does not end the match"


# -- damaged states -------------------------------------------------------------------


@dataclass(frozen=True)
class Odd:
    """What :func:`mutate` puts into a game's state data, besides the odd
    values of every game (``ODD_INTS``, ``ODD_STRINGS``) and changes of size."""

    #: Every card code of the game: a real card in a wrong place tests the
    #: counts. No refusal may name one.
    cards: Sequence[str]
    #: More odd ints (near the game's bounds).
    ints: Sequence[int] = ()
    #: More odd strings (the game's phases, moves, codes of another kind).
    strings: Sequence[str] = ()
    #: Other real codes of the game (field cells) to put in wrong places.
    codes: Sequence[str] = ()


def mutate(data: Any, rnd: random.Random, odd: Odd) -> str:
    """Give one random leaf, list or object of plain JSON ``data`` an odd value of
    about its type, in place; returns where (for the failure report).

    A bool flips; an int becomes an odd one or a neighbour; a string an odd one,
    a real card or another real code; a list loses its last item, all of them,
    gets one of them again or is reversed (an empty one gets an item); null gets
    a value; an object empties."""
    spots: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        for key, value in node.items() if isinstance(node, dict) else enumerate(node):
            spots.append((node, key))
            if isinstance(value, dict | list):
                walk(value)

    walk(data)
    parent, key = rnd.choice(spots)
    value = parent[key]
    real = [rnd.choice(odd.cards), *([rnd.choice(odd.codes)] if odd.codes else [])]
    ints = [*ODD_INTS, *odd.ints]
    strings = [*ODD_STRINGS, *odd.strings]
    if isinstance(value, bool):
        new: Any = not value
    elif isinstance(value, int):
        new = rnd.choice([*ints, value - 1, value + 1])
    elif isinstance(value, str):
        new = rnd.choice([*strings, *real])
    elif isinstance(value, list) and value:
        new = rnd.choice([value[:-1], [], [*value, rnd.choice(value)], value[::-1]])
    elif isinstance(value, list):
        new = [rnd.choice([rnd.choice(ints), rnd.choice(strings), *real])]
    elif value is None:
        new = rnd.choice([rnd.choice(ints), rnd.choice(strings), *real, [], [0]])
    else:
        new = {}
    parent[key] = new
    return f"{key!r}: {value!r} -> {new!r}"


def attempt(call: Callable[..., Any], *args: Any) -> Any:
    """``call(*args)``, or ``None`` when it raises a ``GameError`` (an answer);
    anything else escapes and fails the test."""
    try:
        return call(*args)
    except GameError:
        return None


def exercise(game: Game[Any], state: Any, rnd: random.Random) -> None:
    """Call every public method on ``state`` as frontends do, for every seat and
    the public; a ``GameError`` is an answer, anything else fails the test.

    Some legal actions of each seat (the first, the last, a few at random and
    the stand-in's pick), the shared actions and the window's close action are
    previewed and applied; each result of ``apply`` must load back (what
    ``loads`` accepts, play keeps acceptable), and a legal action of a seat to
    move must apply."""
    for call in (game.is_over, game.result, game.dumps, game.menu_grid):
        attempt(call, state)
    attempt(game.view, state, None)
    window = attempt(game.window, state)
    shared: list[Action] = attempt(game.shared_actions, state) or []
    to_move: list[int] = attempt(game.to_move, state) or []
    # (seat, action, whether it must apply): a legal action of a seat to move must.
    moves: list[tuple[int, Action, bool]] = []
    if window is not None:
        moves.append((window.seat, window.close, False))
    for seat in range(game.seats(state)):
        attempt(game.view, state, seat)
        attempt(game.continues, state, seat)
        attempt(game.explain, state, seat, [])
        actions: list[Action] = attempt(game.legal_actions, state, seat) or []
        some = [*actions[:3], *actions[-3:], *rnd.sample(actions, min(3, len(actions)))]
        if actions:
            some.append(attempt(game.stand_in, state, seat, actions, rnd) or actions[0])
        some = list(dict.fromkeys(some))
        paths = attempt(game.choice_paths, state, seat, actions) or []
        for key in dict.fromkeys(path[0].key for path in paths if path):
            attempt(game.explain, state, seat, [key])
        for action in [*some, *shared]:
            attempt(game.choice_path, state, seat, action)
            attempt(game.preview, state, seat, list(action))
        moves.extend((seat, action, seat in to_move) for action in some)
        moves.extend((seat, action, False) for action in shared[:1])
    for seat, action, must in moves:
        try:
            if must:
                after = game.apply(state, seat, list(action))
            else:
                after = attempt(game.apply, state, seat, list(action))
            if after is not None:
                game.loads(game.dumps(after))
        except Exception as exc:
            exc.add_note(f"when seat {seat} plays {action!r}")
            raise
        if after is not None:
            for call in (game.to_move, game.result):
                attempt(call, after)
            attempt(game.view, after, seat)


def fuzz(
    game: Game[Any], states: Sequence[Any], odd: Odd, per_state: int, seed: int
) -> tuple[int, int]:
    """Mutate each of ``states`` ``per_state`` times: ``loads`` refuses the result
    with an ``InvalidState`` naming no card, or :func:`exercise` passes on what it
    loads. Returns (refused, accepted)."""
    rnd = random.Random(seed)
    refused = accepted = 0
    for state in states:
        text = game.dumps(state)
        for _ in range(per_state):
            data = json.loads(text)
            where = mutate(data, rnd, odd)
            try:
                loaded = game.loads(json.dumps(data))
            except InvalidState as exc:
                # ``serial`` refuses wrong types before the game's checks run.
                names_no_card(str(exc), odd.cards)
                refused += 1
                continue
            accepted += 1
            try:
                exercise(game, loaded, rnd)
            except Exception as exc:
                exc.add_note(f"after mutating {where}")
                raise
    return refused, accepted
