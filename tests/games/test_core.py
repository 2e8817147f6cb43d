"""Tests of games/core: serialisation, actions, options, menus, registry, events, RNG."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from games import (
    GameError,
    GameOver,
    IllegalAction,
    InvalidOptions,
    InvalidState,
    MalformedAction,
    NotYourTurn,
    registry,
)
from games.core import serial
from games.core.events import Event
from games.core.menu import build_menu
from games.core.protocol import Choice, normalize_action
from games.core.rng import randbelow, shuffled
from games.klac.game import KlacGame
from tests.games.test_klac_scenarios import make_state

# -- serial -------------------------------------------------------------------


@dataclass
class Inner:
    name: str
    cards: list[str] = field(default_factory=list)


@dataclass
class Outer:
    count: int
    pair: tuple[int, str]
    many: tuple[int, ...]
    inner: Inner
    maybe: Inner | None
    nested: list[list[Inner]]
    by_seat: dict[int, list[str]]
    by_name: dict[str, Inner]
    either: int | str
    flag: bool = False
    note: str | None = None
    anything: Any = None


def sample() -> Outer:
    return Outer(
        count=3,
        pair=(1, "a"),
        many=(4, 5, 6),
        inner=Inner("x", ["B1", "O2"]),
        maybe=None,
        nested=[[Inner("y")], []],
        by_seat={0: ["B1"], 2: []},
        by_name={"z": Inner("z", ["G3"])},
        either="s",
        flag=True,
        note="n",
        anything={"free": [1, {"form": None}]},
    )


def test_serial_round_trip_of_nested_dataclasses_tuples_and_optionals() -> None:
    value = sample()
    text = serial.dumps(value)
    loaded = serial.loads(Outer, text)
    assert loaded == value
    assert isinstance(loaded.pair, tuple) and isinstance(loaded.many, tuple)
    assert isinstance(loaded.nested[0][0], Inner)
    assert list(loaded.by_seat) == [0, 2]
    assert serial.dumps(loaded) == text


def test_serial_optional_dataclass_present() -> None:
    value = sample()
    value.maybe = Inner("m", ["B4"])
    value.either = 7
    loaded = serial.loads(Outer, serial.dumps(value))
    assert loaded.maybe == Inner("m", ["B4"]) and loaded.either == 7


def test_serial_dumps_is_compact_and_keeps_unicode() -> None:
    assert serial.dumps(Inner("Клац", [])) == '{"name":"Клац","cards":[]}'


def test_serial_fills_defaults_for_missing_fields() -> None:
    assert serial.loads(Inner, '{"name": "a"}') == Inner("a", [])


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        '{"cards": []}',
        '{"name": 5}',
        '{"name": "a", "cards": "B1"}',
        '{"name": "a", "cards": [1]}',
        '{"name": null}',
    ],
)
def test_serial_refuses_bad_data(text: str) -> None:
    with pytest.raises(InvalidState):
        serial.loads(Inner, text)


def test_serial_refuses_a_bool_for_an_int_and_a_wrong_tuple_length() -> None:
    plain = serial.to_plain(sample())
    with pytest.raises(InvalidState):
        serial.from_plain(Outer, {**plain, "count": True})
    with pytest.raises(InvalidState):
        serial.from_plain(Outer, {**plain, "pair": [1, "a", 2]})
    with pytest.raises(InvalidState):
        serial.from_plain(Outer, {**plain, "either": [1]})


def test_serial_refuses_values_it_cannot_write() -> None:
    with pytest.raises(InvalidState):
        serial.dumps(Inner("a", [object()]))  # type: ignore[list-item]


def test_klac_state_round_trips_through_the_game() -> None:
    game = KlacGame()
    state = game.new_game(3, None, seed=1)
    text = game.dumps(state)
    assert game.loads(text) == state
    with pytest.raises(InvalidState):
        game.loads(text.replace('"seats":3', '"seats":"3"'))


# -- actions ------------------------------------------------------------------


def test_normalize_action_turns_lists_into_tuples() -> None:
    assert normalize_action(["cover", "B1", 0, 2]) == ("cover", "B1", 0, 2)
    assert normalize_action(("x", None)) == ("x", None)


@pytest.mark.parametrize(
    "bad",
    [None, [], (), "extend", 5, {"a": 1}, [True], ["a", False], [1.5], [["a"]], [{"a": 1}], [b"a"]],
)
def test_normalize_action_refuses_malformed(bad: Any) -> None:
    with pytest.raises(MalformedAction) as info:
        normalize_action(bad)
    assert info.value.code == "malformed-action"
    assert isinstance(info.value, IllegalAction) and isinstance(info.value, ValueError)


def test_apply_checks_game_over_before_the_turn() -> None:
    game = KlacGame()
    over = make_state(hands=[["B1"], ["B4"]], turn=None, over=True, winners=[0])
    with pytest.raises(GameOver):
        game.apply(over, 1, ["extend", "B4", 1])
    with pytest.raises(MalformedAction):
        game.apply(over, 1, [])
    with pytest.raises(NotYourTurn) as info:
        game.apply(make_state(hands=[["B1"], ["B4"]]), 1, ["extend", "B4", 1])
    assert info.value.params == {"seat": 1}


# -- options ------------------------------------------------------------------


def test_options_fill_defaults_and_validate() -> None:
    game = KlacGame()
    assert game.options(None) == {"target": 150}
    assert game.options({}) == {"target": 150}
    assert game.options({"target": 300}) == {"target": 300}


@pytest.mark.parametrize(
    ("options", "param"),
    [
        ({"target": 151}, "target"),
        ({"target": "150"}, "target"),
        ({"target": True}, "target"),
        ({"target": None}, "target"),
        ({"target": [150]}, "target"),
        ({"speed": 1}, "speed"),
        ({"b": 1, "a": 2}, "a"),
    ],
)
def test_options_refuse_bad_values(options: dict[str, Any], param: str) -> None:
    with pytest.raises(InvalidOptions) as info:
        KlacGame().options(options)
    assert info.value.params == {"option": param}


# -- menus --------------------------------------------------------------------


def menu_state() -> Any:
    return make_state(
        hands=[["B1", "B1", "O2"], ["G3", "G6", "G7"]],
        rows=[[["B4"]], [["O14"], ["B8", "B12"]]],
    )


def test_menu_root_lists_each_card_once() -> None:
    menu = build_menu(KlacGame(), menu_state(), 0)
    assert menu.path == () and menu.taken == () and menu.action is None
    assert menu.options == (
        Choice("B1", "klac-choice-card", {"card": "B1"}),
        Choice("O2", "klac-choice-card", {"card": "O2"}),
    )


def test_menu_targets_then_stacks() -> None:
    game = KlacGame()
    targets = build_menu(game, menu_state(), 0, (0,))
    assert [o.key for o in targets.options] == ["p0", "p1"]
    assert targets.taken == (Choice("B1", "klac-choice-card", {"card": "B1"}),)
    stacks = build_menu(game, menu_state(), 0, [0, 1])
    assert stacks.options == (
        Choice("new", "klac-choice-new"),
        Choice("s1", "klac-choice-stack", {"n": 2, "card": "B12"}),
    )


def test_menu_path_reaches_the_action() -> None:
    game = KlacGame()
    menu = build_menu(game, menu_state(), 0, (1, 1, 1))
    assert menu.action == ("cover", "O2", 1, 0)
    assert menu.options == ()
    assert [c.key for c in menu.taken] == ["O2", "p1", "s0"]


def test_every_legal_action_has_exactly_one_menu_path() -> None:
    game = KlacGame()
    state = menu_state()
    found: list[Any] = []

    def walk(path: tuple[int, ...]) -> None:
        menu = build_menu(game, state, 0, path)
        if menu.action is not None:
            found.append(menu.action)
        for index in range(len(menu.options)):
            walk((*path, index))

    walk(())
    assert found == game.legal_actions(state, 0)


@pytest.mark.parametrize("path", [(2,), (-1,), (0, 2), (0, 0, 5), (1, 1, 1, 0), ("0",), (None,)])
def test_stale_menu_paths_are_refused(path: tuple[Any, ...]) -> None:
    with pytest.raises(IllegalAction) as info:
        build_menu(KlacGame(), menu_state(), 0, path)
    assert info.value.code == "stale-choice"


def test_a_path_goes_stale_once_the_state_moves_on() -> None:
    game = KlacGame()
    state = menu_state()
    path = (1, 1, 1)
    action = build_menu(game, state, 0, path).action
    assert action is not None
    state = game.apply(state, 0, action)
    with pytest.raises(IllegalAction) as info:
        build_menu(game, state, 0, path)
    assert info.value.code == "stale-choice"


def test_no_menu_for_a_seat_not_to_move() -> None:
    assert build_menu(KlacGame(), menu_state(), 1).options == ()


# -- registry, events, rng ----------------------------------------------------


def test_registry_knows_klac() -> None:
    assert "klac" in registry.names()
    assert registry.get("klac").name == "klac"


def test_registry_unknown_game_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown game") as info:
        registry.get("chess")
    assert isinstance(info.value, GameError)
    assert info.value.code == "unknown-game"


def test_event_private_part_reaches_its_seat_only() -> None:
    event = Event("draw", 1, {"n": 1}, {"card": "B1"})
    assert event.seen_by(1) == {"kind": "draw", "seat": 1, "n": 1, "card": "B1"}
    assert event.seen_by(0) == {"kind": "draw", "seat": 1, "n": 1}
    assert event.seen_by(None) == {"kind": "draw", "seat": 1, "n": 1}
    assert Event("round_end").seen_by(None) == {"kind": "round_end", "seat": None}


def test_rng_is_deterministic_and_advances() -> None:
    items = list(range(20))
    first, rng = shuffled(items, 42)
    assert shuffled(items, 42) == (first, rng)
    assert sorted(first) == items and first != items
    assert shuffled(items, rng)[0] != first
    values = set()
    state = 7
    for _ in range(200):
        value, state = randbelow(3, state)
        values.add(value)
    assert values == {0, 1, 2}


def test_int_keyed_dict_with_a_bad_key_is_invalid_state() -> None:
    assert serial.from_plain(dict[int, str], {"3": "x", "-1": "y"}) == {3: "x", -1: "y"}
    with pytest.raises(InvalidState):
        serial.from_plain(dict[int, str], {"x": "y"})
