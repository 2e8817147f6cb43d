"""The game protocol every rules engine implements (the rules contract).

A :class:`Game` is a stateless object; all game data lives in a plain
dataclass state that carries its own RNG. ``apply`` never mutates its input:
it works on a copy and either returns the new state or raises an
:class:`~games.core.errors.IllegalAction` subclass, leaving the old one as it
was.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from games.core import serial
from games.core.errors import (
    GameOver,
    InvalidOptions,
    MalformedAction,
    NoSuchSeat,
    NotYourTurn,
)
from games.core.rng import new_seed
from games.core.validate import is_index

S = TypeVar("S")
Action = tuple[Any, ...]
OptionValue = int | str | bool


@dataclass(frozen=True)
class Choice:
    """One step of an action in a menu: a button's stable key and its label.

    ``msg`` is an i18n message id; ``args`` fill it. By convention an arg named
    ``seat`` is a seat index (frontends show the player's name) and ``card`` is
    a card code (frontends show it prettily).
    """

    key: str
    msg: str
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Window:
    """A short window in which some seats may act before the game goes on without them.

    For example Klotho's claims: the seats with a combination may claim its
    points for ``seconds``; then ``seat`` is deemed to send ``close`` (which
    only it may send, and only while the window is open), and what was not
    claimed is lost. The game closes it itself once everyone in it has acted.
    """

    seconds: int
    seat: int
    close: Action


@dataclass(frozen=True)
class OptionSpec:
    """A game variant the lobby can change: a key, its allowed values, a default."""

    key: str
    default: OptionValue
    choices: tuple[OptionValue, ...]


class Game(ABC, Generic[S]):
    """Base class of every rules engine. Subclasses fill in the ``_``-methods."""

    name: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    state_type: type[S]
    #: True when all information is public and moves are picked on the shared
    #: table message; False when each seat picks moves privately.
    public_moves: ClassVar[bool] = False
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()

    # -- the contract -----------------------------------------------------

    def new_game(
        self, seats: int, options: Mapping[str, Any] | None = None, seed: int | None = None
    ) -> S:
        """A new game for ``seats`` players; a secure seed when none is given."""
        if not isinstance(seats, int) or not self.min_seats <= seats <= self.max_seats:
            raise InvalidOptions(
                f"{self.name} is for {self.min_seats}-{self.max_seats} players, not {seats}",
                code="invalid-seats",
                min=self.min_seats,
                max=self.max_seats,
                seats=seats,
            )
        return self._new(seats, self.options(options), new_seed() if seed is None else seed)

    @abstractmethod
    def to_move(self, state: S) -> list[int]:
        """Seats expected to act now; ``[]`` when the game is over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, in menu order (empty if none)."""

    def apply(self, state: S, seat: int, action: Sequence[Any]) -> S:
        """Return the state after ``seat`` takes ``action``; ``state`` is untouched."""
        act = normalize_action(action)
        self.check_seat(state, seat)
        if self.is_over(state):
            raise GameOver("the game is over")
        window = self.window(state)
        closing = window is not None and seat == window.seat and act == window.close
        if seat not in self.to_move(state) and not closing:
            raise NotYourTurn("it is not your turn", seat=seat)
        return self._apply(copy.deepcopy(state), seat, act)

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: the public table), JSON-able."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True once the game (the whole match) has ended."""

    @abstractmethod
    def result(self, state: S) -> dict[str, Any]:
        """At least ``{"scores": [...], "winners": [...]}`` (winners are seats)."""

    def dumps(self, state: S) -> str:
        """Serialise a state to JSON text."""
        return serial.dumps(state)

    def loads(self, text: str) -> S:
        """Load a state written by :meth:`dumps`; raises :class:`InvalidState` for
        text that is no state of this game, even a well-typed one (see
        :meth:`_validate`)."""
        state = serial.loads(self.state_type, text)
        self._validate(state)
        return state

    def is_seat(self, state: S, seat: object) -> bool:
        """True for one of the table's seat indices; ``1.0`` or ``True`` compare
        equal to a seat yet cannot index one, so they are not."""
        return is_index(seat, self.seats(state))

    def check_seat(self, state: S, seat: object, *, public: bool = False) -> None:
        """Refuse anything but a seat (and ``None``, the public, when ``public``)
        with :class:`NoSuchSeat`. Commands and lookups call this first; queries
        (legal actions, "why not", a move under way) answer "nothing" instead."""
        if not (public and seat is None) and not self.is_seat(state, seat):
            raise NoSuchSeat(f"there is no seat {seat!r}", seat=str(seat))

    # -- for frontends ----------------------------------------------------

    @abstractmethod
    def choice_path(self, state: S, seat: int, action: Action) -> list[Choice]:
        """The menu steps that lead to ``action`` (for example card → target → stack)."""

    def choice_paths(self, state: S, seat: int, actions: Sequence[Action]) -> list[list[Choice]]:
        """:meth:`choice_path` of each of ``actions`` (a menu asks for all at once,
        so a game can derive what they share once)."""
        return [self.choice_path(state, seat, action) for action in actions]

    @abstractmethod
    def seats(self, state: S) -> int:
        """Number of seats in the game."""

    def shared_actions(self, state: S) -> list[Action]:
        """Actions any eligible seat may take from one shared button (e.g. a vote).

        Frontends show each once on the public table message; the seat that
        presses is the one that acts. They are left out of per-seat menus.
        """
        return []

    def menu_grid(self, state: S) -> tuple[int, int] | None:
        """``(rows, cols)`` when the first menu level names field cells.

        Those choices carry ``args["cell"]`` (``"B3"``: column letter, row
        number), so a frontend can lay the buttons out like the field.
        """
        return None

    def explain(self, state: S, seat: int, keys: Sequence[str]) -> list[Choice]:
        """Why targets are missing from ``seat``'s menu after the choices ``keys``.

        Each choice names a target left out (``key``) and the reason (``msg``,
        an i18n id, ``error-<code>`` of the refusal the action would get, with
        ``args``). Frontends offer a "why not?" button where this is not empty.
        """
        return []

    def continues(self, state: S, seat: int) -> bool:
        """True while ``seat`` is in the middle of a move it began.

        For example between marking cards and discarding them, or between the
        two cards of a two-card move. Frontends do not ping for such a step,
        the turn clock keeps running, and a stand-in finishes the move.
        """
        return False

    def window(self, state: S) -> Window | None:
        """The short window open now (see :class:`Window`), or ``None`` (the default).

        While one is open, the seats to move act within its seconds instead of
        a turn's time, and when they pass the frontend's timer applies its
        ``close`` action for its ``seat``.
        """
        return None

    def preview(self, state: S, seat: int, action: Sequence[Any]) -> dict[str, Any] | None:
        """What ``action`` would do, for a picture shown before it is confirmed.

        ``None`` (the default): the game has no previews. A game that has them
        returns JSON-able public data for its renderer's ``preview`` and raises
        like :meth:`apply` for an illegal action; the state never changes.
        """
        self.check_seat(state, seat)
        return None

    def stand_in(
        self, state: S, seat: int, actions: Sequence[Action], rnd: random.Random
    ) -> Action:
        """The move a bot makes for ``seat`` (a timeout, or the bot took the seat).

        ``actions`` are the seat's own legal actions (never empty). The default
        picks one at random; a game overrides this to play more sensibly.
        """
        self.check_seat(state, seat)
        return rnd.choice(list(actions))

    def options(self, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """Validated options with defaults filled in."""
        specs = {spec.key: spec for spec in self.option_specs}
        given = dict(options or {})
        unknown = sorted(set(given) - set(specs))
        if unknown:
            raise InvalidOptions(f"unknown option {unknown[0]!r}", option=unknown[0])
        out: dict[str, OptionValue] = {}
        for key, spec in specs.items():
            value = given.get(key, spec.default)
            if value not in spec.choices or type(value) is not type(spec.default):
                raise InvalidOptions(
                    f"option {key!r} must be one of {list(spec.choices)}", option=key
                )
            out[key] = value
        return out

    # -- to implement -----------------------------------------------------

    @abstractmethod
    def _new(self, seats: int, options: dict[str, OptionValue], seed: int) -> S:
        """Build the first state from validated options."""

    @abstractmethod
    def _validate(self, state: S) -> None:
        """Raise :class:`InvalidState` (``games.core.validate``) unless ``state``
        could be one of this game's: known cards, consistent counts and lengths,
        indices in range. A state that passes never makes another method fail
        with anything but a :class:`GameError`."""

    @abstractmethod
    def _apply(self, state: S, seat: int, action: Action) -> S:
        """Validate ``action`` and apply it to ``state`` (a private copy)."""


def normalize_action(action: Any) -> Action:
    """Turn an action that went through JSON (lists) back into a tuple.

    Anything that is not a flat sequence of strings, integers and nulls is
    refused as malformed, so button data can never reach a game's internals
    with an unexpected type.
    """
    if not isinstance(action, list | tuple) or not action:
        raise MalformedAction("an action is a non-empty list")
    for part in action:
        if (part is not None and not isinstance(part, str | int)) or isinstance(part, bool):
            raise MalformedAction("an action holds only strings, integers and nulls")
    return tuple(action)
